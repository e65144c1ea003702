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
when the app draws it, the press that led here has unwound (nothing of it
is referenced any more); it drops every screen module it can (setup, home,
the game's own screens, the big fonts), collects, reads the match again at
the start, makes the move, and at the next tick loads the scene the state
calls for and draws it at once, the move's garbage swept once that frame
is shown (two ticks, not four: a
tick shorter than the app's poll period is followed by a sleep, ~6 ms of
the press on the Pico each). Screens rebuild from the state alone, so a
power cut or an undo needs nothing else.
"""

from usher.memory import collect, sweep_soon, unload
from usher.ui.screen import Screen
from usher.ui.showtime.scene import LOADER, SCREENS, LentFonts

# for the type checkers only: the device never tries the import (one that
# fails costs ~2.5 ms on the Pico, at every import of this module)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# not needed while playing (imported again when someone goes home): the
# shell's screens and the big fonts, whose memory the game lends its record
IDLE = ("usher.ui.newgame", "usher.ui.settings_ui", "usher.ui.home", "usher.ui.widgets", "usher.ui.fonts.")


class Loading(Screen):
    """Stands in for the game for two ticks; see the module's note. At most
    one of: `action` to submit, `undo` (how many actions), `genre` (the
    poster the players entered), `leave` ("home" or "abandon"); with none,
    the device draws a poster or start player if the game waits for one.
    `turns`: go on to the turns even before the screening's first move.
    `note`: a genre answer the players were not asked, for the replay's
    header (turn.told)."""

    collects = True  # at its first draw, before the record is read or written

    def __init__(
        self, action=None, undo: int = 0, genre: str = "", leave: str = "", turns: bool = False, note: tuple = ()
    ) -> None:
        Screen.__init__(self)
        self.action = action
        self.note = note
        self.undo = undo
        self.genre = genre
        self.leave = leave
        self.turns = turns
        self.reopen = False
        self.name = ""  # the saved game to read (App.resume), if app.match holds none
        self.step = 0

    def on_event(self, ev: str) -> None:
        pass  # two ticks: a press now is a press too early, not a wish to leave

    def draw(self, p, full: bool) -> None:
        app = self.app
        self.dirty = True  # drawn again at the next tick, for the next step
        self.step += 1
        if self.step == 2:
            self.scene()
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
        # a move (the screening's last) is recorded on an unswept heap: its
        # garbage and the turns' is swept once the replay's frame is shown
        # (scene); a collection here was ~5 ms of that press, and a heap
        # that fills collects by itself. A reading packs better on a swept one.
        move = self.action is not None
        if not unload(IDLE + SCREENS, LOADER, then_collect=not move) and not move:
            collect()  # the press's own was left to this tick (collects)
        if self.leave:
            if self.leave == "abandon":
                abandon(app)
            app.close_match()  # home needs no game in memory; Resume reads it again
            app.home()
            return
        if self.reopen and not self.read_again():
            return
        m = app.match
        if self.action is not None:
            if not app.submit(self.action):  # a refusal shows, and the turn is entered again
                self.note = ()
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

    def scene(self) -> None:
        """The scene the state calls for, loaded after the move unwound."""
        app = self.app
        # the move's garbage is swept once the scene's frame is shown (a
        # collection here was ~5 ms of the press; the scene's few objects
        # fit beside it, and a heap that is full collects by itself)
        sweep_soon()
        s = app.match.state
        if s["phase"] == "place" and (s["turn"] > 0 or self.turns):
            from usher.ui.showtime.turn import Play

            scene: Any = Play()
        else:  # a new screening's poster, a scoring, or a poster to come
            from usher.ui.showtime.pages import Between

            scene = Between()
            scene.note = self.note
        scene.loader = Loading
        app.replace(scene)
        if app.top() is scene and scene.dirty:  # drawn in this tick, as App.render would at the next
            scene.dirty = False
            scene.part = False
            scene.draw(app.p, True)

    def read_again(self) -> bool:
        """Read the match now that the home screen's objects are gone, so its
        records are packed together instead of scattered between holes
        (heap): the one reading when Home's resume handed only its name, a
        second when it was read at power-on among them. False (and home)
        if that fails."""
        app = self.app
        name = self.name
        if app.match is not None:
            name = app.match.name
            app.close_match()
            collect()
        try:
            if app.open_match(name):  # its note, the last game played
                return True
        except OSError as e:
            app.home()
            app.toast(str(e)[:40])
            return False
        app.home()  # the record's or the rules' refusal stays said, on Home
        return False


def abandon(app) -> None:
    """Kept in Saved games, not resumed (the library does it; this module
    spares the heap the whole framework game menu)."""
    try:
        app.library.abandon(app.match.name)
    except OSError:
        from usher.words import t

        app.toast(t("Flash error"))


def open(app, name: str = "") -> None:
    """Into the game in play (app.match), or the saved game `name`: the
    loader reads it once the home screen's code is gone."""
    loading = Loading()
    # a game just started has no action to pack together: it is not read again
    m = app.match
    loading.reopen = bool(name) or m is None or m.can_undo()
    loading.name = name
    app.push(loading)
