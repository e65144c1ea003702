"""The ST7789 driver, seen from the panel's side of the SPI bus.

The Waveshare profile builds it on a fake machine; st7789_commands() replays
the bus (DC low = command, DC high = data, only while CS is low) so each test
checks what the controller would receive."""

from fake_machine import Machine, data_len, joined, no_sleep, st7789_commands
from portable import eq, on_micropython, raises
from usher.board import lcd114
from usher.board.st7789 import LINE_BYTES, ST7789, _convert, _convert_py
from usher.ui import theme

SLPOUT, NORON, INVON, DISPON = 0x11, 0x13, 0x21, 0x29
CASET, RASET, RAMWR, MADCTL, COLMOD = 0x2A, 0x2B, 0x2C, 0x36, 0x3A


def build():
    m = Machine()
    hw = lcd114.make(m, sleep_ms=no_sleep)
    hw.display.set_palette(theme.palette565())  # as the app does: the board knows no theme
    return m, hw.display


def commands(m):
    return st7789_commands(m.log, lcd114.PIN_DC, lcd114.PIN_CS)


def be565(c):
    return bytes(((c >> 8) & 0xFF, c & 0xFF))


def window(cmds):
    """(x0, x1, y0, y1) in panel RAM coordinates from the CASET/RASET pair."""
    ca = joined([d for c, d in cmds if c == CASET][-1])
    ra = joined([d for c, d in cmds if c == RASET][-1])
    return ((ca[0] << 8) | ca[1], (ca[2] << 8) | ca[3], (ra[0] << 8) | ra[1], (ra[2] << 8) | ra[3])


def ramwr(cmds):
    return joined([d for c, d in cmds if c == RAMWR][-1])


def test_init_wakes_the_panel_sets_16bit_colour_and_landscape_then_turns_it_on():
    m, d = build()
    codes = [c for c, _ in commands(m)]
    for c in (SLPOUT, COLMOD, MADCTL, INVON, NORON, RAMWR, DISPON):
        assert c in codes, hex(c)
    # sleep-out first; display-on last, after the RAM was cleared
    eq(codes[0], SLPOUT)
    eq(codes[-1], DISPON)
    assert codes.index(RAMWR) < codes.index(DISPON)
    cmds = commands(m)
    eq(joined([dd for c, dd in cmds if c == COLMOD][0]), b"\x55")
    eq(joined([dd for c, dd in cmds if c == MADCTL][0]), bytes((lcd114.MADCTL,)))


def test_init_pulses_reset_low_then_high_before_any_command():
    m, d = build()
    rst = [e[2] for e in m.log if e[0] == "pin" and e[1] == lcd114.PIN_RST]
    assert rst[-2:] == [0, 1], rst
    first_spi = [i for i, e in enumerate(m.log) if e[0] == "spi"][0]
    last_rst = [i for i, e in enumerate(m.log) if e[0] == "pin" and e[1] == lcd114.PIN_RST][-1]
    assert last_rst < first_spi


def test_init_clears_the_whole_visible_window_to_palette_zero():
    m, d = build()
    cmds = commands(m)
    eq(window(cmds), (40, 279, 53, 187))
    chunks = [dd for c, dd in cmds if c == RAMWR][0]
    eq(data_len(chunks), 240 * 135 * 2)
    zero = be565(theme.palette565()[0])
    for ch in chunks:
        eq(ch, zero * (len(ch) // 2))


def test_show_region_sets_the_window_with_the_panel_offsets():
    m, d = build()
    d.fill_rect(10, 20, 6, 3, theme.FG)
    m.clear()
    n = d.show(10, 20, 6, 3)
    eq(n, 18)
    cmds = commands(m)
    eq([c for c, _ in cmds], [CASET, RASET, RAMWR])
    eq(window(cmds), (10 + 40, 15 + 40, 20 + 53, 22 + 53))
    eq(ramwr(cmds), be565(theme.palette565()[theme.FG]) * 18)


def test_show_pushes_the_region_widened_to_whole_bytes_at_odd_x_and_width():
    m, d = build()
    # a different palette index in every column and row, so any shift shows
    for y in range(135):
        for x in range(0, 240, 1):
            d.pixel(x, y, (x + 3 * y) % 16)
    pal = theme.palette565()
    for x0, y0, w, h in ((7, 3, 9, 4), (8, 3, 9, 4), (7, 3, 10, 4), (8, 3, 10, 4), (239, 0, 1, 2)):
        m.clear()
        # an even x and width: a column more at each odd edge, of what the
        # frame buffer (and so the panel) already holds
        xa, xb = x0 & ~1, (x0 + w + 1) & ~1
        eq(d.show(x0, y0, w, h), (xb - xa) * h)
        cmds = commands(m)
        eq(window(cmds), (xa + 40, xb - 1 + 40, y0 + 53, y0 + h - 1 + 53))
        data = ramwr(cmds)
        eq(len(data), 2 * (xb - xa) * h)
        i = 0
        for y in range(y0, y0 + h):
            for x in range(xa, xb):
                eq(data[i : i + 2], be565(pal[(x + 3 * y) % 16]))
                i += 2


def test_full_show_covers_the_visible_window_in_bands_no_bigger_than_the_line_buffer():
    m, d = build()
    m.clear()
    eq(d.show(), 240 * 135)
    cmds = commands(m)
    eq(window(cmds), (40, 279, 53, 187))
    chunks = [dd for c, dd in cmds if c == RAMWR][0]
    eq(data_len(chunks), 240 * 135 * 2)
    for ch in chunks:
        assert len(ch) <= LINE_BYTES, len(ch)
    rows_per_band = LINE_BYTES // (2 * 240)
    eq(len(chunks), (135 + rows_per_band - 1) // rows_per_band)


def test_show_clips_to_the_screen_and_sends_nothing_for_an_empty_region():
    m, d = build()
    m.clear()
    eq(d.show(230, 130, 50, 50), 10 * 5)
    eq(window(commands(m)), (230 + 40, 239 + 40, 130 + 53, 134 + 53))
    m.clear()
    eq(d.show(-5, -5, 10, 10), 6 * 5)  # clipped to 5 columns, then an even 6
    eq(window(commands(m)), (40, 45, 53, 57))
    m.clear()
    eq(d.show(240, 0, 5, 5), 0)
    eq(d.show(0, 0, 0, 10), 0)
    eq(m.entries("spi"), [])


def test_pixels_pushed_is_the_running_total_of_every_show():
    m, d = build()
    start = d.pixels_pushed
    eq(start, 240 * 135)  # the clear at init
    d.show(0, 0, 10, 10)
    d.show(5, 5, 3, 2)  # columns 4..7: whole bytes
    eq(d.pixels_pushed, start + 100 + 8)


def test_set_palette_changes_the_colours_the_panel_receives():
    m, d = build()
    custom = [0x0000, 0xF800, 0x07E0, 0x001F] + [0x1234 + i for i in range(12)]
    d.set_palette(custom)
    d.fill_rect(0, 0, 4, 1, 0)
    for i in range(4):
        d.pixel(i, 0, i)
    m.clear()
    d.show(0, 0, 4, 1)
    eq(ramwr(commands(m)), b"\x00\x00\xf8\x00\x07\xe0\x00\x1f")
    raises(ValueError, d.set_palette, [0] * 15)


def test_convert_reads_nibbles_high_first_and_writes_big_endian_rgb565():
    # the viper loop (MicroPython with native code) and the plain-Python one
    # (CPython, ports without viper) must agree; the viper one takes even starts and
    # lengths into word-aligned places, as the driver gives it
    m, d = build()
    pal = bytearray(32)
    for i in range(16):
        pal[2 * i] = i
        pal[2 * i + 1] = 0xA0 + i
    d.set_palette([(pal[2 * i] << 8) | pal[2 * i + 1] for i in range(16)])
    src = bytearray(b"\x12\x34\xf0\x5a")  # pixels 1,2,3,4,15,0,5,10
    px = [1, 2, 3, 4, 15, 0, 5, 10]
    fns = [_convert_py]
    if _convert is not _convert_py:  # the viper loop: MicroPython with native code (not the 32-bit wasm port)
        assert on_micropython()
        fns.append(_convert)
    for fn in fns:
        for start in range(0, 8, 2):
            for n in range(0, 8 - start + 1, 2):
                dst = bytearray(24)
                fn(src, start, n, d._pairs, dst, 4)
                want = b"".join(bytes((c, 0xA0 + c)) for c in px[start : start + n])
                eq(bytes(dst), bytes(4) + want + bytes(20 - 2 * n))
    # the plain loop takes odd starts and lengths as well
    dst = bytearray(12)
    _convert_py(src, 1, 5, d._pairs, dst, 2)
    eq(bytes(dst), b"\x00\x00\x02\xa2\x03\xa3\x04\xa4\x0f\xaf\x00\xa0")


class NullSPI:
    def __init__(self):
        self.n = 0

    def write(self, buf):
        self.n += len(buf)


class NullPin:
    def value(self, v=None):
        return 0


def test_driver_heap_is_the_4bit_buffer_plus_a_small_line_buffer():
    import gc

    gc.collect()
    before = gc.mem_alloc() if on_micropython() else 0
    spi = NullSPI()
    d = ST7789(spi, NullPin(), NullPin(), NullPin(), 240, 135, 40, 53, 0x70, sleep_ms=no_sleep)
    gc.collect()
    eq(len(d.buffer), 240 * 135 // 2)
    # SLPOUT, COLMOD+1, MADCTL+1, INVON, NORON, CASET+4, RASET+4, RAMWR+frame, DISPON
    eq(spi.n, 1 + 2 + 2 + 1 + 1 + 5 + 5 + 1 + 240 * 135 * 2 + 1)
    if on_micropython():
        used = gc.mem_alloc() - before
        print("ST7789 driver heap: %d bytes" % used)
        # frame 16,200 + line 3,840 + palette and small buffers; far from 64,800
        assert used < 22 * 1024, used
