"""An idle screen dims, then sleeps; the first press only wakes it (a
press on a dark screen is never taken as a move). The real board profiles on
a hand-written `machine`: the LCD's backlight PWM duty and its ST7789
commands, the OLED's SSD1306 commands, as the bus sees them."""

from fake_machine import Machine, no_sleep, ssd1306_stream, st7789_commands
from fake_serial import FakeSerial
from fakes import FakeClock, MemStorage
from portable import eq
from usher.app import TICK_MS, App
from usher.board import lcd114, oled
from usher.idle import DIM

MIN = 60_000


class Rig:
    def __init__(self, profile, idle=None, held=()):
        self.m = Machine()
        self.m.held = list(held)
        self.m.keep = False  # whole frames are drawn first: count them, keep no bytes (the VM's heap)
        self.prof = profile
        self.hw = profile.make(self.m, sleep_ms=no_sleep)
        self.clock = FakeClock()
        st = MemStorage()
        if idle is not None:
            st.files["settings.json"] = b'{"idle": %d}' % idle
        self.serial = FakeSerial()
        self.app = App(self.hw, self.clock, st, self.serial, seed=7)
        self.app.start()
        self.ticks(3)
        self.m.clear()
        self.m.keep = True  # from here: the commands idling sends

    def ticks(self, n=1):
        for _ in range(n):
            self.app.tick()
            self.clock.sleep_ms(TICK_MS)

    def wait(self, ms):
        """Nobody touches it for `ms` (ticks at the start and end of the gap)."""
        self.clock.sleep_ms(ms - TICK_MS)
        self.ticks()

    def tap(self, key):
        gp = dict(self.prof.KEY_PINS)[key]
        self.m.pin(gp).set(0)  # the finger: the edge interrupt fires, as on the Pico
        self.ticks(4)
        self.m.pin(gp).set(1)
        self.ticks(4)

    def duty(self):
        got = self.m.entries("pwm")
        return got[-1][2] if got else None

    def lcd_cmds(self):
        return [c for c, _ in st7789_commands(self.m.log, lcd114.PIN_DC, lcd114.PIN_CS)]

    def oled_cmds(self):
        return [s for k, s in ssd1306_stream(self.m.log, oled.OLED_ADDR) if k == "cmd"]


def test_the_lcd_dims_its_backlight_after_five_minutes_then_its_panel_sleeps():
    r = Rig(lcd114)
    r.wait(5 * MIN - 2000)
    eq(r.m.log, [])  # nothing yet
    r.wait(2000)
    eq(r.duty(), DIM * 65535 // 100)  # the PWM duty drops
    eq(0x10 in r.lcd_cmds(), False)
    r.m.clear()
    r.wait(5 * MIN)
    eq(r.duty(), 0)
    eq(r.lcd_cmds(), [0x10])  # SLPIN: the panel sleeps, its RAM kept
    r.m.clear()
    r.wait(60 * MIN)
    eq(r.m.log, [])  # asleep stays asleep, quietly


def test_the_oled_drops_its_contrast_then_turns_the_display_off():
    r = Rig(oled)
    r.wait(5 * MIN)
    eq(r.oled_cmds(), [bytes((0xAF,)), bytes((0x81, DIM * 255 // 100))])
    r.m.clear()
    r.wait(5 * MIN)
    eq(r.oled_cmds(), [bytes((0xAE,))])  # DISPLAY OFF


def test_the_first_press_only_wakes_and_the_game_is_untouched():
    for prof, key, nxt in ((lcd114, "down", "right"), (oled, "next", "next")):
        r = Rig(prof)
        home = r.app.top()
        sel = home.sel
        r.wait(10 * MIN)
        r.m.clear()
        r.tap(key)
        eq((r.app.top(), home.sel), (home, sel))  # woken, nothing moved
        if prof is lcd114:
            eq(r.lcd_cmds()[0], 0x11)  # SLPOUT
            eq(r.duty(), 80 * 65535 // 100)  # the brightness set, back
        else:
            eq(r.oled_cmds()[:2], [bytes((0xAF,)), bytes((0x81, 80 * 255 // 100))])
        r.tap(nxt)
        eq(home.sel, (sel + 1) % len(home.items))  # the next press acts


def test_a_held_key_that_wakes_it_does_not_repeat_into_the_screen():
    r = Rig(lcd114)
    home = r.app.top()
    sel = home.sel
    r.wait(5 * MIN)
    gp = dict(lcd114.KEY_PINS)["down"]
    r.m.pin(gp).set(0)
    r.ticks(100)  # 2 s held: auto-repeat would have moved ten rows
    r.m.pin(gp).set(1)
    r.ticks(4)
    eq(home.sel, sel)
    r.tap("down")
    eq(home.sel, (sel + 1) % len(home.items))


def test_a_laptops_request_wakes_it_and_the_next_press_acts():
    r = Rig(lcd114)
    home = r.app.top()
    r.wait(10 * MIN)
    r.m.clear()
    r.serial.feed(b'@U {"id":1,"op":"hello","proto":1}*00000000\n')
    r.ticks(10)
    assert bytes(r.serial.out).startswith(b"@u "), bytes(r.serial.out)  # the link answered
    eq(r.lcd_cmds()[0], 0x11)
    eq(r.duty(), 80 * 65535 // 100)
    sel = home.sel
    r.tap("down")
    eq(home.sel, (sel + 1) % len(home.items))


def test_idle_never_leaves_the_screen_lit():
    r = Rig(oled, idle=0)
    r.wait(120 * MIN)
    eq(r.m.log, [])


def test_two_minutes_dims_at_two_and_sleeps_at_four():
    r = Rig(lcd114, idle=2)
    r.wait(2 * MIN)
    eq(r.duty(), DIM * 65535 // 100)
    r.wait(2 * MIN)
    eq(r.duty(), 0)
