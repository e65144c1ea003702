"""Board profiles: each builds a working Hardware from a fake machine, with
every pin in its own file, active-low keys, and a keymap that covers the UI."""

from fake_machine import Machine, joined, no_sleep, ssd1306_stream, st7789_commands
from portable import eq
from usher.board import lcd114, oled
from usher.board.hardware import Hardware
from usher.ui import theme

PROFILES = [lcd114, oled]
LOGICAL = {"prev", "next", "ok", "back"}


def build(profile):
    m = Machine()
    return m, profile.make(m, sleep_ms=no_sleep)


def test_each_profile_builds_hardware_matching_its_constants():
    for p in PROFILES:
        m, hw = build(p)
        assert isinstance(hw, Hardware)
        eq(hw.profile, p.PROFILE)
        eq((hw.display.width, hw.display.height), (p.WIDTH, p.HEIGHT))
        eq(hw.display.mono, p is oled)
        assert callable(hw.backlight)


def test_keymaps_cover_every_logical_button_and_only_those():
    for p in PROFILES:
        m, hw = build(p)
        eq(sorted(hw.keys), sorted(hw.keymap))
        meanings = set(hw.keymap.values()) - {"up", "down"}  # a joystick's rows (usher.app.ROWS)
        eq(meanings, LOGICAL)


def test_the_safe_key_exists_and_means_back():
    for p in PROFILES:
        m, hw = build(p)
        assert p.SAFE_KEY in hw.keys, p.PROFILE
        eq(hw.keymap[p.SAFE_KEY], "back")


def test_keys_are_active_low_with_pull_ups():
    for p in PROFILES:
        m, hw = build(p)
        for name, gp in p.KEY_PINS:
            pin = m.pin(gp)
            eq(pin.pull, pin.PULL_UP)
            eq(hw.keys[name](), False)  # released: the pull-up holds it high
            pin.level = 0
            eq(hw.keys[name](), True)
            pin.level = 1
            eq(hw.keys[name](), False)


def test_no_gpio_is_used_twice_in_a_profile():
    for p in PROFILES:
        pins = [gp for _, gp in p.KEY_PINS]
        pins += [getattr(p, n) for n in dir(p) if n.startswith("PIN_")]
        eq(len(pins), len(set(pins)))
        for gp in pins:
            assert 0 <= gp <= 28, gp  # the Pico's GPIOs


def test_profiles_never_import_machine_at_module_level():
    # the unix port's built-in machine cannot be shadowed: it is passed in
    for p in PROFILES:
        if not p.__file__.endswith(".py"):
            continue  # the VM runs the compiled .mpy; the CPython run reads the source
        with open(p.__file__) as f:
            for line in f:
                if line.startswith("import ") or line.startswith("from "):
                    assert line.split()[1] != "machine", (p.PROFILE, line)


def test_lcd114_matches_the_waveshare_pinout():
    # checked against Waveshare's wiki and demo (hardware/README.md)
    got = (lcd114.PIN_SCK, lcd114.PIN_MOSI, lcd114.PIN_CS, lcd114.PIN_DC, lcd114.PIN_RST, lcd114.PIN_BL)
    eq(got, (10, 11, 9, 8, 12, 13))
    pins = dict(lcd114.KEY_PINS)
    eq(pins, {"A": 15, "B": 17, "up": 2, "down": 18, "left": 16, "right": 20, "press": 3})
    eq(lcd114.SPI_ID, 1)  # GP10/GP11 are SPI1's SCK/TX


def test_lcd114_runs_spi_from_the_system_clock_at_the_panels_top_rate():
    # the rp2 port boots with clk_peri at 48 MHz (SPI then tops out at 24 MHz);
    # the profile lifts it to the system clock before it makes the bus
    m, hw = build(lcd114)
    eq(m.peri_hz, m.cpu_hz)
    eq(m.cpu_hz, lcd114.CPU_HZ)
    spi = hw.display.spi
    eq(spi.baudrate, lcd114.SPI_BAUD)
    # the RP2040's SPI runs at most at clk_peri / 2; the ST7789 takes 16 ns a bit
    assert spi.baudrate * 2 <= m.peri_hz
    assert spi.baudrate <= 62_500_000


def test_lcd114_draws_and_pushes_a_region_the_panel_understands():
    m, hw = build(lcd114)
    d = hw.display
    d.set_palette(theme.palette565())  # as the app does: the board knows no theme
    d.fill(theme.BG)
    d.fill_rect(100, 60, 2, 2, theme.ACCENT)
    m.clear()
    eq(d.show(100, 60, 2, 2), 4)
    cmds = st7789_commands(m.log, lcd114.PIN_DC, lcd114.PIN_CS)
    eq([c for c, _ in cmds], [0x2A, 0x2B, 0x2C])
    eq(joined(cmds[0][1]), bytes((0, 100 + 40, 0, 101 + 40)))
    eq(joined(cmds[1][1]), bytes((0, 60 + 53, 0, 61 + 53)))
    accent = theme.rgb565(*theme.RGB[theme.ACCENT])
    eq(joined(cmds[2][1]), bytes((accent >> 8, accent & 0xFF)) * 4)


def test_oled_draws_and_pushes_a_region_the_panel_understands():
    m, hw = build(oled)
    d = hw.display
    d.fill(0)
    d.fill_rect(64, 16, 3, 8, theme.FG)  # exactly page 2
    m.clear()
    eq(d.show(64, 16, 3, 8), 3 * 8)
    s = ssd1306_stream(m.log, oled.OLED_ADDR)
    eq(s, [("cmd", bytes((0x21, 64, 66, 0x22, 2, 2))), ("data", b"\xff\xff\xff")])


def test_lcd114_backlight_is_pwm_from_0_to_100_percent():
    m, hw = build(lcd114)
    eq(m.entries("pwm")[-1], ("pwm", lcd114.PIN_BL, 65535))  # full on after make
    hw.backlight(50)
    eq(m.entries("pwm")[-1][2], 32767)
    hw.backlight(0)
    eq(m.entries("pwm")[-1][2], 0)
    hw.backlight(250)
    eq(m.entries("pwm")[-1][2], 65535)


def lcd_with(opts=None, held=()):
    m = Machine()
    m.held = list(held)
    hw = lcd114.make(m, sleep_ms=no_sleep, opts=opts)
    cmds = [(c, d if c != 0x2C else []) for c, d in st7789_commands(m.log, lcd114.PIN_DC, lcd114.PIN_CS)]
    m.log = []  # a whole frame's bytes: not kept (the VM's heap)
    return m, hw, cmds


def first(cmds, c):
    for k, data in cmds:
        if k == c:
            return joined(data)
    return None


def test_lcd114_board_fixes_change_what_the_panel_gets():
    # Settings -> Board fixes a panel that shows them wrong, without a rebuild
    _, hw, plain = lcd_with()
    codes = [c for c, _ in plain]
    eq((0x21 in codes, 0x20 in codes), (True, False))  # INVON, as the IPS panel wants
    eq(first(plain, 0x36), bytes((lcd114.MADCTL,)))
    eq(first(plain, 0x2B)[:2], bytes((0, lcd114.Y_OFFSET)))  # the first row window: row 0
    eq(hw.display.spi.baudrate, lcd114.SPI_BAUD)
    eq(hw.note, "")

    _, _, inv = lcd_with({"inv": 1})
    codes = [c for c, _ in inv]
    eq((0x21 in codes, 0x20 in codes), (False, False))  # no INVON: the panel's own colours
    _, _, turned = lcd_with({"rot": 1})
    eq(first(turned, 0x36), bytes((lcd114.MADCTL_180,)))
    eq(first(turned, 0x2B)[:2], bytes((0, lcd114.Y_OFFSET_180)))
    for dy in (1, -1):
        _, _, shifted = lcd_with({"dy": dy})
        eq(first(shifted, 0x2B)[:2], bytes((0, lcd114.Y_OFFSET + dy)))
    _, hw, _ = lcd_with({"slow": 1})
    eq(hw.display.spi.baudrate, lcd114.SAFE_BAUD)
    eq(hw.note, "")  # chosen in Settings: nothing to say


def test_lcd114_joystick_fixes_trade_meanings():
    k = lcd114.KEYMAP
    _, hw, _ = lcd_with({"swap": 1})
    eq(
        (hw.keymap["up"], hw.keymap["down"], hw.keymap["left"], hw.keymap["right"]),
        (k["down"], k["up"], k["left"], k["right"]),
    )
    _, hw, _ = lcd_with({"swap": 2})
    eq(
        (hw.keymap["up"], hw.keymap["down"], hw.keymap["left"], hw.keymap["right"]),
        (k["down"], k["up"], k["right"], k["left"]),
    )
    eq((hw.keymap["A"], hw.keymap["B"], hw.keymap["press"]), ("ok", "back", "ok"))


def test_lcd114_a_key_held_at_power_on_starts_at_the_safe_spi_rate_and_says_so():
    a = dict(lcd114.KEY_PINS)[lcd114.SLOW_KEY]
    _, hw, _ = lcd_with(held=[a])
    eq(hw.display.spi.baudrate, lcd114.SAFE_BAUD)
    eq(hw.note, "Safe SPI: A held")
    assert lcd114.SLOW_KEY != lcd114.SAFE_KEY


def test_oled_is_found_at_either_address_and_takes_its_fixes():
    for addr in oled.OLED_ADDRS:
        m = Machine(i2c_devices=(addr,))
        hw = oled.make(m, opts={"inv": 1, "rot": 1})
        eq(hw.display.addr, addr)
        cmds = b"".join(s for k, s in ssd1306_stream(m.log, addr) if k == "cmd")
        assert bytes((0xA7,)) in cmds  # inverted
        assert 0xA0 in cmds and 0xC0 in cmds and 0xA1 not in cmds and 0xC8 not in cmds, cmds  # turned 180
    m = Machine()
    oled.make(m)
    cmds = b"".join(s for k, s in ssd1306_stream(m.log, 0x3C) if k == "cmd")
    assert 0xA1 in cmds and 0xC8 in cmds and 0xA7 not in cmds, cmds
