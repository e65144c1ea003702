"""Showtime's entry point for the app (`open`), and `Loading`, the screen
every change of scene passes through. Kept tiny because the heap is tight.

A game has two scenes: the turns (showtime_play: pick a person, a seat...)
and what comes between them (showtime_pages: the scoring replay, the
summary, the new poster). The moments that need most memory are the moves
that change scene: the last move of a screening (scoring builds a new state
with every step beside the old one while the record is written), a new
poster (the old steps are copied once more), an undo (it replays the game),
and the start (the setup or home screens' code is still in memory; after a
power cut the match was read among them). So each goes through `Loading`:
it waits a tick, so nothing of the press that led here is referenced any
more, drops every screen module it can (setup, home, the game's own
screens, the big fonts), reads the match again at the start, makes the
move, and at the next tick loads the scene the state calls for. Screens
rebuild from the state alone, so a power cut or an undo needs nothing else.
"""

import gc
import sys

from usher.ui.screen import Screen

# not needed while playing; imported again when someone goes home
IDLE_MODULES = (
    "usher.ui.newgame",
    "usher.ui.setup_showtime",
    "usher.ui.settings_ui",
    "usher.ui.home",
    "usher.ui.widgets",
)
FONT_MODULES = ("usher.ui.fonts.sans24", "usher.ui.fonts.digits44", "usher.ui.fonts.sans16", "usher.ui.fonts.sans12")
# the game's own screens
GAME_MODULES = (
    "usher.ui.showtime_play",
    "usher.ui.showtime_pages",
    "usher.ui.showtime_views",
    "usher.ui.showtime_pick",
    "usher.ui.showtime_menu",
    "usher.ui.showtime_carpet",
    "usher.ui.minifont",
)


# only MicroPython needs collections to get memory back; CPython (tests, the
# host tools) frees by reference counting, and a collection there is slow
MICRO = sys.implementation.name == "micropython"


def collect() -> None:
    if MICRO:
        gc.collect()


def drop(names) -> None:  # type: ignore[no-untyped-def]
    """Forget modules so their code can be collected (a later import loads
    them again). Nothing else may hold on to their objects."""
    gone = False
    for name in names:
        if name in sys.modules:
            del sys.modules[name]
            dot = name.rfind(".")
            parent = sys.modules.get(name[:dot])
            if parent is not None and hasattr(parent, name[dot + 1 :]):
                delattr(parent, name[dot + 1 :])
            gone = True
    if gone:
        collect()


class LentFonts(dict):
    """The painter's fonts while a game has lent the big ones' memory to its
    record: asking for a size that is missing loads every font again, so the
    home screen and number pickers get theirs back after the game."""

    def __init__(self, painter, fonts: dict) -> None:  # type: ignore[no-untyped-def]
        super().__init__(fonts)
        self.painter = painter

    def get(self, size, default=None):  # type: ignore[no-untyped-def,override]
        if size in self:
            return self[size]
        from usher.app import load_fonts

        fonts = load_fonts(self.painter.fb)
        self.painter.fonts = fonts
        return fonts.get(size, default)


class GameScreen(Screen):
    """A scene of the game: leaving it for home frees the game's screens;
    `swap` hands over to Loading instead."""

    swapping = False

    def state(self) -> dict:
        return self.app.match.state

    def on_close(self) -> None:
        if not self.swapping:
            drop(GAME_MODULES)

    def on_event(self, ev: str) -> None:
        if ev in ("ok", "back"):
            # collect before a press that may record a move: the new record
            # then fills the heap from the bottom instead of being scattered
            # among garbage (which late in a game leaves no hole for the
            # flash's 1.2 KB file buffer)
            collect()
        self.event(ev)

    def event(self, ev: str) -> None:
        pass

    def swap(self, **kw) -> None:  # type: ignore[no-untyped-def]
        self.swapping = True
        self.app.replace(Loading(**kw))

    def menu(self) -> None:
        from usher.ui.showtime_menu import ShowtimeMenu

        self.app.push(ShowtimeMenu(self))

    def carpet(self) -> None:
        from usher.ui.showtime_carpet import Carpet

        self.app.push(Carpet())


class Loading(Screen):
    """Stands in for the game for three ticks; see the module's note. At most
    one of: `action` to submit, `undo` (how many actions), `genre` (the
    poster the players entered), `leave` ("home" or "abandon"); with none,
    the device draws a poster or start player if the game waits for one.
    `turns`: go on to the turns even before the screening's first move."""

    def __init__(  # type: ignore[no-untyped-def]
        self, action=None, undo: int = 0, genre: str = "", leave: str = "", turns: bool = False
    ) -> None:
        Screen.__init__(self)
        self.action = action
        self.undo = undo
        self.genre = genre
        self.leave = leave
        self.turns = turns
        self.reopen = False
        self.step = 0

    def on_event(self, ev: str) -> None:
        pass  # three ticks: a press now is a press too early, not a wish to leave

    def draw(self, p, full: bool) -> None:  # type: ignore[no-untyped-def]
        app = self.app
        self.dirty = True  # drawn again at the next tick, for the next step
        self.step += 1
        if self.step == 1:  # let the press that led here unwind first
            return
        if self.step == 3:  # the scene the state calls for, loaded after the move unwound
            collect()
            s = app.match.state
            if s["phase"] == "place" and (s["turn"] > 0 or self.turns):
                from usher.ui.showtime_play import Play

                app.replace(Play())
            else:  # a new screening's poster, a scoring, or a poster to come
                from usher.ui.showtime_pages import Between

                app.replace(Between())
            return
        for old in [x for x in app.stack if x is not self]:  # home comes back when the game is left
            app.stack.remove(old)
            old.on_close()
        # the big digits and the big font are for number pickers: the game
        # lends their memory to its record
        fonts = app.p.fonts
        if "big" in fonts:
            app.p.fonts = LentFonts(app.p, {"small": fonts["small"], "body": fonts["body"]})
        fonts = None
        drop(IDLE_MODULES + FONT_MODULES + GAME_MODULES)
        if self.leave:
            if self.leave == "abandon":
                abandon(app)
            app.match = None  # home needs no game in memory; Resume reads it again
            app.home()
            return
        if self.reopen and not self.read_again():
            return
        m = app.match
        if self.action is not None:
            app.submit(self.action)  # a refusal shows, and the turn is entered again
        elif self.undo:  # then the screen shows where the game stands: no draws
            for _ in range(self.undo):
                if not app.undo():
                    break
        else:
            if m.state["phase"] == "poster" and (self.genre or m.setup["options"].get("posters") != "enter"):
                a = {"t": "poster"}
                if self.genre:
                    a["genre"] = self.genre
                app.submit(a)  # the device draws unless the players entered it
            if m.state["phase"] == "first":
                app.submit({"t": "first"})

    def read_again(self) -> bool:
        """The match was read at power-on among the home screen's objects, now
        gone: read it again, so its records are packed together instead of
        scattered between holes (heap). False (and home) if that fails."""
        from usher.core.errors import RecordError, RuleError
        from usher.core.match import Match

        app = self.app
        name = app.match.name
        app.match = None
        collect()
        try:
            app.match = Match.resume(app.storage, name)
        except (OSError, RecordError, RuleError) as e:
            app.home()
            app.toast(str(e)[:40])
            return False
        return True


def abandon(app) -> None:  # type: ignore[no-untyped-def]
    """Kept in Saved games, not resumed (the library does it; this module
    spares the heap the whole framework game menu)."""
    try:
        app.library.abandon(app.match.name)
    except OSError:
        app.toast("Flash error")


def open(app) -> None:  # type: ignore[no-untyped-def]
    loading = Loading()
    loading.reopen = True
    app.push(loading)
