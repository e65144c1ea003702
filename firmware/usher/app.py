"""The device's app loop: buttons in, screens on a stack, the USB link served,
only changed regions pushed to the panel. Hardware, clock, storage and serial
are passed in, so the same loop runs on the Pico, in the simulator and in tests."""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated
    pass

from usher.core.errors import RecordError, RuleError
from usher.core.rng import Rng
from usher.games.catalog import modules_of, reads_itself
from usher.library import Library
from usher.memory import LINK, SWEEP_TICKS, count_tick, pressed, sweep, unload
from usher.settings import Settings
from usher.ui import theme
from usher.ui.paint import Painter
from usher.ui.screen import title_h
from usher.words import N_, said, t, use
from usher.words import game as words_of

TICK_MS = 20  # poll period: fast enough that a tap is never missed
# A joystick's up/down (the LCD's keymap) reach a screen that moves by rows
# (its `by_rows` is True: Showtime's turns) as "up"/"down"; every other
# screen gets them as prev/next, as left/right.
ROWS = {"up": "prev", "down": "next"}


class App:
    def __init__(self, hw, clock, storage, serial=None, seed: int = 0, fonts=None) -> None:
        self.hw = hw
        self.clock = clock
        self.storage = storage
        if not hw.display.mono:
            hw.display.set_palette(theme.palette565())  # the board knows no theme
        self.p = Painter(hw.display, fonts if fonts is not None else load_fonts(hw.display))
        self.rng = Rng(seed or clock.ticks_ms() or 1)
        self.settings = Settings(storage)
        use(self.settings.get("lang"))  # the screens' words: before the first is built
        self.library = Library(storage)
        self.stack: list = []
        self.match: Any = None
        self.toast_msg = ""
        self.toast_drawn = False
        self.buttons: Any = None
        if hw.keys:
            from usher.board.buttons import Buttons

            self.buttons = Buttons(hw.keys, hw.keymap, clock.ticks_diff)
        self.serial = serial
        self.gate: Any = None  # the sync link's state (usher.link.gate), there while the laptop speaks
        self.refuse_link = False  # after running out of heap: the next host bytes are refused a while
        self.presses = 0
        self.recoveries = 0  # times the heap ran out and the app started again from flash
        self.leave = False  # the laptop asked for the REPL (link op "repl"): run() returns
        self.recovered: Any = None  # (ticks_ms, presses) at the latest reload after a MemoryError
        # the clock: a Pico has no clock battery, so it is right only once the
        # laptop has set it (every hello sends the time); kept as an offset
        # from the board's own seconds, never written to a real RTC
        self.clock_off = 0
        self.clock_set = False
        self.tz = 0  # the laptop's time zone, seconds east of UTC: for dates on screen
        # idle: 0 awake, 1 dimmed, 2 the panel asleep; since idle_at (the latest
        # press or laptop request). hush: the presses of a key down now only wake
        # (held at power-on too), until every key is up
        self.rest = 0
        self.idle_at = clock.ticks_ms()
        # a board profile Settings saved since power-on (the next power-on's);
        # "" while it is the one running, as a power-on leaves it
        self.board_next = ""
        self.hush = any(k() for k in hw.keys.values())
        self.apply_brightness()

    # -- the stack -----------------------------------------------------------------
    def top(self):
        return self.stack[-1] if self.stack else None

    def push(self, screen) -> None:
        self.stack.append(screen)
        screen.open(self)

    def pop(self, screen=None) -> None:
        if not self.stack or (screen is not None and self.stack[-1] is not screen):
            if screen in self.stack:
                self.stack.remove(screen)
                screen.on_close()
            return
        old = self.stack.pop()
        old.on_close()
        if not self.stack:
            self.home()
            return
        top = self.stack[-1]
        top.dirty = True
        if getattr(top, "rests", False):
            # back at Home from a menu: what those screens loaded (settings,
            # text entry, a game's rules picked on New game) goes, so Home
            # always sits in the same heap
            unload(("usher.ui.", "usher.games."), SHARED + HOME)
            words_of("")

    def replace(self, screen) -> None:
        if self.stack:
            self.stack.pop().on_close()
        self.push(screen)

    def clear(self) -> None:
        while self.stack:
            self.stack.pop().on_close()

    def home(self) -> None:
        """Back to the home menu: the game in play is closed (it is saved after
        every move) and its modules are dropped, so the heap holds one game's
        code at a time."""
        self.clear()
        self.close_match()
        unload(("usher.ui.", "usher.games."), SHARED)
        words_of("")
        from usher.ui.home import Home

        self.push(Home())

    # -- messages --------------------------------------------------------------------
    def toast(self, msg: str) -> None:
        """A short refusal or warning in a bar; the next press clears it and
        does what it says as well (no press is spent on a message)."""
        self.toast_msg = msg
        self.toast_drawn = False

    def toast_box(self) -> tuple:
        """Where the message bar goes: (y, h). At the bottom, unless the row
        under the top screen's cursor (`Screen.focus`) is there: then over
        the title bar."""
        p = self.p
        h = p.line_h("body") + 6
        top = self.top()
        f = top.focus(p) if top is not None else None
        if f is not None and f[0] + f[1] > p.h - h:
            return 0, min(h, title_h(p))
        return p.h - h, h

    def draw_toast(self) -> None:
        p = self.p
        y, h = self.toast_box()
        p.fill_rect(0, y, p.w, h, theme.ERROR)
        p.rect(0, y, p.w, h, theme.FG)
        p.center(p.fit(self.toast_msg, p.w - 4), y + (h - p.line_h("body")) // 2, p.ink_on(theme.ERROR))
        self.toast_drawn = True

    # -- playing ---------------------------------------------------------------------
    def now(self) -> int:
        """Seconds since 1970 (UTC) once the laptop has set the clock; before
        that the board's own idea of the time, which a record marks unset."""
        try:
            return int(self.clock.time()) + self.clock_off
        except (AttributeError, OSError):
            return 0

    def set_clock(self, t: int, tz: int = 0) -> None:
        """The laptop's time (seconds since 1970, UTC) and time zone."""
        try:
            self.clock_off = t - int(self.clock.time())
        except (AttributeError, OSError):
            return
        self.clock_set = True
        self.tz = tz

    def after_write(self, op: str) -> None:
        """The laptop changed something after the person's press: brightness
        takes effect; with no game open the home menu is rebuilt, so no screen
        offers a deleted game or shows old settings."""
        if op == "set_settings":
            self.apply_brightness()
            use(self.settings.get("lang"))
        if self.match is None and op != "pull":
            self.home()

    def submit(self, action: dict) -> bool:
        """Apply a move to the game in play; a refusal shows its reason."""
        return self._change(self.match.submit, action, self.rng, self.now())

    def undo(self) -> bool:
        return self._change(self.match.undo, self.now())

    def _change(self, fn, *args) -> bool:
        """Run a change to the match; a refusal or a flash error is shown,
        and the game and its record stay as they were."""
        self.match.later = True  # its record and snapshot wait for the frame (tick)
        try:
            fn(*args)
        except RuleError as e:
            self.toast(said(e))
            return False
        except OSError as e:
            self.toast(storage_msg(e))
            return False
        self.after_change()
        return True

    def after_change(self) -> None:
        try:
            # the end of a game (or an undo that reopens it) is listed once
            # the move's frame is shown: the index's rewrite is ~15 ms
            self.library.update(self.match, later=True)
        except OSError as e:
            self.toast(storage_msg(e))

    def start_match(self, game, setup: dict) -> bool:
        from usher.core.match import Match

        try:
            name = self.library.new_name()
            uid = self.library.new_uid(self.now() << 16 ^ self.clock.ticks_ms())
            # its first line is written once the game's first frame is shown
            self.match = Match.start(self.storage, name, game, setup, self.now(), uid, self.clock_set, True)
            self.library.add(self.match, later=True)  # once the game's first frame is shown
        except OSError as e:
            self.toast(storage_msg(e))
            return False
        return True

    def open_match(self, name: str) -> bool:
        try:
            self.match = self.library.open(name)
        except (RecordError, RuleError) as e:
            self.toast(said(e)[:40])
            return False
        if self.match.note:
            self.toast(self.match.note)
        # the resume row's game (the index's "last") and its entry checked
        # against it are written at write_due, once the first frame is shown:
        # the index's rewrite was ~14 ms of the press on the Pico
        self.library.recheck(self.match)
        return True

    def resume(self, name: str, game: str = "") -> None:
        """Open a saved game and show it. A game whose loader reads the record
        itself once the home screen's code is gone (Showtime's) gets the name
        alone: the press reads the record once, not twice."""
        words_of(game)  # a refusal in opening it is said in its words
        if reads_itself(game):
            self.clear()
            unload(("usher.ui.", "usher.games."), SHARED + modules_of(game))
            __import__("usher.ui." + game + ".play", None, None, ["open"]).open(self, name)
        elif self.open_match(name):
            # the sweep after its first frame collects what Home left: a
            # collection before it was ~6 ms more of the press on the Pico
            self.play(collect=False)

    def play(self, collect: bool = True) -> None:
        """Show the game in play on its own screens (lazy import per game).
        Menus and setup screens are dropped first: the game menu leads home.
        `collect=False`: the sweep after the first frame collects them (a
        game just started: ~12 ms of the press that starts it on the Pico)."""
        self.clear()
        g = self.match.game.name
        # the shell's screens and other games' code go; this game's stay. A
        # game whose loader collects at its first draw, in this same tick
        # (Showtime's), is spared a collection here (~13 ms on the Pico)
        unload(("usher.ui.", "usher.games."), SHARED + modules_of(g), collect and not reads_itself(g))
        words_of(g)
        __import__("usher.ui." + g + ".play", None, None, ["open"]).open(self)

    # -- the device itself (Settings: Board, About) ---------------------------------
    def board_title(self) -> str:
        """What Settings calls the board the next power-on takes. Power-on
        runs the saved profile (or finds one when none is saved), so until
        Settings saves another it is the one running: no file read and no
        module loaded when Settings opens (usher.device and usher.board.saved
        cost ~40 ms to load on a files deploy)."""
        from usher.board import PROFILES

        name = self.board_next or self.hw.profile
        for n, ttl in PROFILES:
            if n == name:
                return ttl
        return name

    def device(self, what: str, *args):
        """What Settings -> Board and About ask of the device itself:
        usher.device's `what` (board, about, save_profile, board_options, board_running),
        its code and what it read with let go at once (never needed in a game)."""
        try:
            return getattr(__import__("usher.device", None, None, [what]), what)(self, *args)
        finally:
            unload(("usher.device", "usher.about", "usher.board.saved"))

    def apply_brightness(self) -> None:
        if self.hw.backlight is not None:
            self.hw.backlight(self.settings.get("brightness"))

    # -- idle: dim, then sleep; the first press only wakes (usher.idle) -------------
    def doze(self, now: int) -> None:
        m = self.settings.get("idle")  # minutes (a test on the emulated Pico saves a fraction of one)
        if not m or self.rest == 2:
            return
        quiet = self.clock.ticks_diff(now, self.idle_at) // (m * 60_000)
        if quiet > self.rest:
            from usher import idle

            idle.doze(self, 2 if quiet >= 2 else 1)
            unload(("usher.idle",))

    def wake(self, now: int) -> None:
        self.idle_at = now
        if self.rest:
            from usher import idle

            idle.wake(self)
            unload(("usher.idle",))

    # -- the loop --------------------------------------------------------------------
    def handle(self, ev: str) -> None:
        self.presses += 1
        pressed()
        m = self.match
        if m is not None and m.pending and not self.write_match():
            return  # the last press's frame never ended: its lines first; refused, the screens went back
        top = self.top()
        if ev in ROWS and not getattr(top, "by_rows", False):
            ev = ROWS[ev]  # a screen that knows no rows steps with up/down as with left/right
        if self.toast_msg:
            # the press that clears a message also does what it says: a
            # message never eats the press meant for the screen under it
            self.toast_msg = ""
            if top is not None:
                top.dirty = True
        if top is not None:
            try:
                top.on_event(ev)
            except RuleError as e:  # a screen's callback refused: say why
                self.toast(said(e))

    def serve_link(self, write: bool = True) -> None:
        """The USB link costs ~24 KB of heap, so it is loaded only when a byte
        arrives and dropped again after five quiet seconds (usher.link.gate).
        A laptop reads the record as it is on the flash: what a change left
        for later is written first (`write`), but not in a press's own tick,
        whose frame comes first (its lines follow it in this tick: the
        laptop's next read has them)."""
        gate = self.gate
        b = -1
        if gate is None:
            if self.serial is None:
                return
            b = self.serial.read()
            if b < 0:
                return
            from usher.link.gate import LinkGate

            gate = self.gate = LinkGate(self.refuse_link)
            self.refuse_link = False
        if write:
            self.write_match()
        if not gate.serve(self, b):
            self.gate = None
            unload(LINK)

    def device_id(self) -> str:
        """The board's unique id: names this device to the laptop."""
        try:
            import machine  # only for the board's unique id; absent on CPython

            return "".join("%02x" % b for b in machine.unique_id())
        except (ImportError, AttributeError):
            return "sim"

    def render(self) -> int:
        top = self.top()
        p = self.p
        if top is not None:
            if top.dirty:
                top.dirty = False
                top.part = False
                top.draw(p, True)
                self.toast_drawn = False
            elif top.part:
                top.part = False
                top.draw(p, False)
                self.toast_drawn = False  # a part redrawn may lie under the bar
        if self.toast_msg and not self.toast_drawn:
            self.draw_toast()
        return p.flush()

    def tick(self) -> None:
        events: list = []
        now = self.clock.ticks_ms()
        b = self.buttons
        if b is not None:
            events = b.poll(now)
            if self.rest or self.hush:
                held = b.held()
                if events or held:
                    self.wake(now)  # the press that wakes never acts, nor its repeats
                    events = []
                self.hush = bool(held)
            elif events:
                self.idle_at = now
            for ev in events:
                self.handle(ev)
            if events and self.gate is not None and not self.gate.pressed(self):
                self.gate = None  # the person is back: the quiet link goes
        self.serve_link(not events)
        if self.gate is not None:
            self.wake(now)  # a laptop's request wakes the screen too
        else:
            self.doze(now)
        self.render()
        top = self.top()
        # what waits for the press's last frame: a screen that goes on at the
        # next tick (a loader's steps) is no last frame yet
        settled = top is None or not (top.dirty or top.part)
        if events and not getattr(top, "collects", False):
            # after every press, so garbage never piles up into fragments; once
            # its frame is on the panel, so the press is answered first (a
            # collection is ~15-30 ms on the Pico)
            sweep()
        elif count_tick() > SWEEP_TICKS and settled and self.gate is None:
            # no one waits: sweep the quiet ticks' litter now, so that a
            # move's press need not (memory.collect_for_move); not while
            # a laptop is served (its replies would wait)
            sweep()
        if settled:
            # the press is answered first; its writes come on the swept heap
            # (the frame's litter gone), their own litter left to the next sweep
            self.after_frame()

    def after_frame(self) -> None:
        """What waits for a press's last frame: the snapshot a move made
        due, a new game's entry in the index."""
        self.write_match()
        if self.library.due is not None:
            try:
                self.library.write_due()
            except OSError as e:
                self.toast(storage_msg(e))

    def write_match(self, reopen: bool = True) -> bool:
        """The record lines and snapshot the game's last change left for
        after its frame (Match.later). If the flash refuses them, the game
        goes back to before that change, its screens opened again on it
        (`reopen`), and the refusal shows: nothing shown stays unrecorded.
        False if so."""
        m = self.match
        if m is None or not m.owes():
            return True
        try:
            m.write_due()
            return True
        except OSError as e:
            if m.log.header_line:  # a new game that never reached the flash: not listed, not kept
                if self.library.due is m:
                    self.library.due = None
                self.match = None
                if reopen:
                    self.home()
            elif reopen:
                self.play()
            self.toast(storage_msg(e))
            return False

    def close_match(self) -> None:
        """Let the game in play go, its records written first."""
        self.write_match(False)
        self.match = None

    def start(self) -> None:
        if not self.stack:
            # a game in play resumes straight into its screens; the home menu
            # is built only when the game is left (its code would crowd the heap)
            last = self.library.last()
            if last and self.open_match(last):
                self.play()
            else:
                self.home()
        if self.settings.note:
            self.toast(t(self.settings.note))
        elif getattr(self.hw, "note", ""):
            self.toast(self.hw.note)  # the board's: e.g. the safe SPI rate, a key held at power-on

    def run(self, ticks: int = -1) -> None:
        self.start()
        clock = self.clock
        if self.buttons is not None and self.buttons.latching:
            # a clock that sleeps in slices (the Pico's, usher.boot) ends a
            # sleep when a key's edge comes, so its press is polled at once;
            # the simulator's clocks take the keys at each sleep anyway
            clock.wake = self.buttons.edge
        while ticks != 0 and not self.leave:
            t0 = clock.ticks_ms()
            try:
                self.tick()
            except MemoryError:
                self.recover()
            # only what is left of the tick: one that drew a screen or read a
            # flood of host bytes is not made 20 ms longer on top
            left = TICK_MS - clock.ticks_diff(clock.ticks_ms(), t0)
            b = self.buttons
            if b is not None:  # no longer than until a press's debounce is over
                due = b.due(clock.ticks_ms())
                if 0 <= due < left:
                    left = due
            clock.sleep_ms(left if left > 0 else 0)
            if ticks > 0:
                ticks -= 1

    def recover(self) -> None:
        """The heap ran out in the middle of a tick. What is on flash is whole
        (a move is one append), so start again from it as after a power cut:
        drop the link and every screen, reopen the game in play, say so. A
        move being entered may be lost; nothing recorded is.

        If that does not free enough (the reload itself runs out, or the heap
        runs out again within RECOVER_MS or RECOVER_PRESSES of it), reloading
        again would only loop: the device goes Home instead, where no game is
        open, and says so. The game stays on the Resume row, its record whole."""
        self.recoveries += 1
        now = self.clock.ticks_ms()
        last = self.recovered
        again = last is not None and (
            self.clock.ticks_diff(now, last[0]) < RECOVER_MS or self.presses - last[1] <= RECOVER_PRESSES
        )
        self.recovered = (now, self.presses)
        self._drop_all()
        print("usher: MemoryError, reloaded from flash")  # REPL noise to the host; tests look for it
        if not again:
            try:
                self.start()
                self.toast(t("Low memory: reloaded"))
                return
            except MemoryError:
                self._drop_all()
        print("usher: MemoryError again: Home")
        self.home()
        self.toast(t(LOW_MEMORY_HOME))

    def _drop_all(self) -> None:
        """Forget the link, every screen and the game in play, and their code
        (no on_close hooks: they might need the heap we lack)."""
        self.gate = None
        self.refuse_link = True  # a host's next bytes must not start this over at once
        self.stack = []
        try:
            self.close_match()
        except MemoryError:  # too little heap even to write: the record keeps what it had
            self.match = None
        unload(LINK + ("usher.ui.", "usher.games."), SHARED)


# a MemoryError soon after a reload from flash means the reload did not free
# enough: the app goes Home rather than reload again
RECOVER_MS = 10_000
RECOVER_PRESSES = 3
LOW_MEMORY_HOME = N_("Low memory: at Home")  # Home's first row then offers the game again (Resume)


# the screen toolkit every screen needs (and the catalog): always kept;
# everything else under usher.ui and usher.games is imported when a screen
# needs it and dropped when the context changes
SHARED = (
    "usher.ui.paint",
    "usher.ui.screen",
    "usher.ui.widgets",
    "usher.ui.theme",
    "usher.ui.text",
    "usher.ui.layout",
    "usher.ui.fonts",
    "usher.games.catalog",
)
# and what Home itself needs
HOME = ("usher.ui.home", "usher.ui.dialogs")


def storage_msg(e: OSError) -> str:
    if e.args and e.args[0] == 28:
        return t("Flash full: delete games")
    return t("Flash error %s") % (e.args[0] if e.args else "?")


def load_fonts(display) -> dict:
    """The font sizes for this panel; empty until fonts are built."""
    try:
        from usher.ui.layout import fonts_for

        return fonts_for(display.width, display.height)
    except ImportError:
        return {}


def run(hw, clock, storage, serial=None, seed: int = 0, ticks: int = -1, fonts=None):
    app = App(hw, clock, storage, serial, seed, fonts)
    app.run(ticks)
    return app
