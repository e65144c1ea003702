"""Presses through the whole loop: a key on the `machine` stand-in's
pin with a falling-edge interrupt, App.tick polling it every TICK_MS on a
fake clock, and screens that take their time to appear, as a new screen
takes on the Pico (85-600 ms)."""

from fake_machine import Machine
from fakes import FakeClock, FakeHardware, MemStorage
from portable import eq
from usher.app import TICK_MS, App
from usher.board import buttons as B
from usher.board.buttons import EdgeKey
from usher.ui.screen import Screen


class Slow(Screen):
    """A screen that takes `busy` ms to appear, and OK goes down `into` ms
    into that (the person pressing on, or holding for a long OK, while the
    device still draws). Every event it gets is logged."""

    def __init__(self, rig, busy, into):
        Screen.__init__(self)
        self.rig = rig
        self.busy = busy
        self.into = into
        self.got = []

    def on_open(self):
        clock = self.rig.clock
        clock.sleep_ms(self.into)
        self.rig.pin.set(0)  # the interrupt fires now, in the middle of the work
        self.rig.down_at = clock.ms
        clock.sleep_ms(self.busy - self.into)

    def on_event(self, ev):
        self.got.append(ev)


class First(Screen):
    """OK here opens the slow screen."""

    def __init__(self, rig, busy, into):
        Screen.__init__(self)
        self.rig = rig
        self.next = Slow(rig, busy, into)

    def on_event(self, ev):
        if ev == "ok":
            self.app.push(self.next)


class Rig:
    def __init__(self, mono=False):
        self.clock = FakeClock()
        self.pin = Machine().key_pin()
        hw = FakeHardware(mono)
        hw.keys = {"A": EdgeKey(self.pin, self.pin.IRQ_FALLING)}
        hw.keymap = {"A": "ok"}
        self.app = App(hw, self.clock, MemStorage(), seed=7)
        self.down_at = 0

    def tick(self, n=1):
        for _ in range(n):
            self.app.tick()
            self.clock.sleep_ms(TICK_MS)

    def tap(self, ms):
        """OK down for `ms` (polled as the loop does), then up."""
        self.pin.set(0)
        t = self.clock.ms
        while self.clock.ms - t < ms:
            self.tick()
        self.pin.set(1)


def run(busy, into, hold, mono=False):
    """OK opens a screen that takes `busy` ms; OK goes down `into` ms into
    that and is held `hold` ms. Returns what the new screen got."""
    rig = Rig(mono)
    first = First(rig, busy, into)
    rig.app.stack = [first]
    first.open(rig.app)
    rig.tick(3)
    rig.tap(100)  # a plain short OK: the slow screen opens in the tick that sees its release
    for _ in range(200):
        if rig.app.top() is first.next:
            break
        rig.tick()
    scr = first.next
    assert rig.app.top() is scr, "the OK opened the slow screen"
    while rig.clock.ms - rig.down_at < hold:
        rig.tick()
    rig.pin.set(1)
    rig.tick(B.LONG_MS // TICK_MS)
    return scr.got


def test_a_long_ok_held_from_before_a_screen_appears_is_ok_long_or_nothing():
    for busy in (150, 400, 700):
        for into in (10, busy // 2, busy - 10):
            for hold in (B.LONG_MS + 10, B.LONG_MS + 150, 1000, 1400):
                got = run(busy, into, hold)
                assert got in ([], ["ok_long"]), (busy, into, hold, got)
                if hold - (busy - into) >= B.LONG_MS + 2 * TICK_MS:  # seen held that long
                    eq(got, ["ok_long"])


def test_a_short_ok_begun_while_a_screen_appears_is_still_ok():
    for mono in (False, True):
        for busy in (100, 200):
            for into in (10, busy - 10):
                got = run(busy, into, 120, mono)
                eq(got, ["ok"])


class OpenLink:
    """A laptop's link kept open (usher.link.gate's part in App.tick)."""

    def serve(self, app, b):
        return True

    def pressed(self, app):
        return True


def test_with_a_laptop_connected_a_move_is_still_shown_before_it_is_written():
    from usher.games.catalog import load_game

    rig = Rig()
    app = rig.app
    g = load_game("dice")
    assert app.start_match(g, g.make_setup([], {}, {}))
    app.play()
    rig.tick(3)  # its first frame, then its first line
    app.gate = OpenLink()
    order = []
    show, append = app.hw.display.show, app.storage.append
    app.hw.display.show = lambda *a: order.append("frame") or show(*a)
    app.storage.append = lambda name, data: order.append("record") or append(name, data)
    rig.tap(100)  # OK: a roll
    rig.tick(3)
    assert app.match.state["rolls"] == 1, app.match.state
    assert "record" in order and "frame" in order[: order.index("record")], order
