"""The SSD1306 driver, seen from the OLED's side of the I2C bus."""

from fake_machine import Machine, ssd1306_stream
from portable import eq, raises
from usher.board import oled
from usher.board.ssd1306 import SSD1306

COL_ADDR, PAGE_ADDR, CONTRAST, DISP_OFF, DISP_ON = 0x21, 0x22, 0x81, 0xAE, 0xAF


def build():
    m = Machine()
    hw = oled.make(m)
    return m, hw


def test_init_turns_off_configures_clears_then_turns_on():
    m, hw = build()
    s = ssd1306_stream(m.log)
    eq(s[0][0], "cmd")
    setup = s[0][1]
    eq(setup[0], DISP_OFF)
    # the settings a 128x64 module on the internal charge pump needs
    for pair in ((0xA8, 63), (0x8D, 0x14), (0x20, 0x00), (0xDA, 0x12)):
        i = setup.find(bytes(pair))
        assert i >= 0, pair
    # then a full-screen window of zeros, and display on last
    eq(s[1], ("cmd", bytes((COL_ADDR, 0, 127, PAGE_ADDR, 0, 7))))
    eq(s[2], ("data", bytes(128 * 8)))
    eq(s[-1], ("cmd", bytes((DISP_ON,))))


def test_show_sends_only_the_columns_and_pages_the_region_touches():
    m, hw = build()
    d = hw.display
    d.fill_rect(10, 5, 20, 6, 1)  # rows 5..10: pages 0 and 1
    m.clear()
    eq(d.show(10, 5, 20, 6), 20 * 16)
    s = ssd1306_stream(m.log)
    eq(s[0], ("cmd", bytes((COL_ADDR, 10, 29, PAGE_ADDR, 0, 1))))
    eq(s[1][0], "data")
    data = s[1][1]
    eq(len(data), 20 * 2)
    # page 0 then page 1, each 20 columns; bit n of a byte is row 8*page+n
    eq(data[:20], b"\xe0" * 20)  # rows 5, 6, 7
    eq(data[20:], b"\x07" * 20)  # rows 8, 9, 10
    eq(len(s), 2)


def test_any_palette_index_but_zero_is_lit():
    m, hw = build()
    d = hw.display
    for c in (1, 2, 6, 15):
        d.fill(0)
        d.pixel(3, 0, c)
        eq(d.pixel(3, 0), 1)
        m.clear()
        d.show(3, 0, 1, 1)
        eq(ssd1306_stream(m.log)[1], ("data", b"\x01"))
    d.pixel(3, 0, 0)
    eq(d.pixel(3, 0), 0)


def test_show_clips_and_skips_an_empty_region():
    m, hw = build()
    d = hw.display
    m.clear()
    eq(d.show(120, 60, 20, 20), 8 * 8)
    eq(ssd1306_stream(m.log)[0], ("cmd", bytes((COL_ADDR, 120, 127, PAGE_ADDR, 7, 7))))
    m.clear()
    eq(d.show(128, 0, 4, 4), 0)
    eq(d.show(0, 0, 5, 0), 0)
    eq(m.log, [])


def test_whole_screen_by_default_and_pixels_pushed_adds_up():
    m, hw = build()
    d = hw.display
    start = d.pixels_pushed
    eq(start, 128 * 64)  # the clear at init
    eq(d.show(), 128 * 64)
    eq(d.show(0, 0, 1, 1), 8)  # a page is 8 rows: one pixel costs a column of 8
    eq(d.pixels_pushed, start + 128 * 64 + 8)


def test_brightness_sets_contrast_and_zero_turns_the_panel_off():
    m, hw = build()
    m.clear()
    hw.backlight(50)
    s = ssd1306_stream(m.log)
    eq(s[-1], ("cmd", bytes((CONTRAST, 127))))
    m.clear()
    hw.backlight(0)
    eq(ssd1306_stream(m.log), [("cmd", bytes((DISP_OFF,)))])
    m.clear()
    hw.backlight(200)
    eq(ssd1306_stream(m.log), [("cmd", bytes((DISP_ON,))), ("cmd", bytes((CONTRAST, 255)))])


def test_a_missing_oled_fails_loudly_at_start():
    m = Machine(i2c_devices=())
    i2c = m.I2C(0, scl=m.Pin(5), sda=m.Pin(4))
    raises(OSError, SSD1306, i2c)


def test_frame_buffer_is_one_bit_per_pixel():
    m, hw = build()
    eq(len(hw.display.buffer), 128 * 64 // 8)
    eq(hw.display.mono, True)
