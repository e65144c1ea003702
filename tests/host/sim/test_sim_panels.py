"""The simulator's panel controllers, fed the byte streams the datasheets
describe, show the pixels a real panel would (host only, no VM)."""

import numpy as np
from usher_tools.sim.panels import Ssd1306, St7789, rgb565, rgb565_to_rgb

RED = rgb565(255, 0, 0)  # 0xF800


def be(*values: int) -> bytes:
    """RGB565 values as the ST7789 takes them: high byte first."""
    out = b""
    for v in values:
        out += bytes([v >> 8, v & 255])
    return out


def st_cmd(p: St7789, c: int, params: bytes = b"") -> None:
    p.write(bytes([c]), 0)
    if params:
        p.write(params, 1)


def st_ready(invon: bool = True, madctl: int = 0x70) -> St7789:
    """The Waveshare init: MADCTL, 16-bit COLMOD, INVON, SLPOUT, DISPON."""
    p = St7789()
    st_cmd(p, 0x36, bytes([madctl]))
    st_cmd(p, 0x3A, b"\x05")
    if invon:
        st_cmd(p, 0x21)
    st_cmd(p, 0x11)
    st_cmd(p, 0x29)
    return p


def st_window(p: St7789, x0: int, x1: int, y0: int, y1: int) -> None:
    st_cmd(p, 0x2A, bytes([x0 >> 8, x0 & 255, x1 >> 8, x1 & 255]))
    st_cmd(p, 0x2B, bytes([y0 >> 8, y0 & 255, y1 >> 8, y1 & 255]))
    st_cmd(p, 0x2C)


def lit_points(img) -> set:  # type: ignore[no-untyped-def]
    ys, xs = np.nonzero(img.reshape(img.shape[0], img.shape[1], -1).any(axis=2))
    return set(zip(xs.tolist(), ys.tolist(), strict=True))


def test_rgb565_widens_by_bit_replication():
    out = rgb565_to_rgb(np.array([0xFFFF, 0x0000, 0xF800, 0x07E0, 0x001F, 0x8410], dtype=np.uint16))
    assert out.tolist() == [[255, 255, 255], [0, 0, 0], [255, 0, 0], [0, 255, 0], [0, 0, 255], [132, 130, 132]]


def test_st7789_window_lands_at_the_panel_offsets():
    # the 1.14" panel shows RAM columns 40..279 and rows 53..187 in landscape
    p = st_ready()
    st_window(p, 40 + 10, 40 + 12, 53 + 5, 53 + 6)
    n = p.write(be(*[RED] * 6), 1)
    img = p.image()
    assert n == 6 and p.pixels == 6
    assert lit_points(img) == {(x, y) for x in (10, 11, 12) for y in (5, 6)}
    assert img[5, 10].tolist() == [255, 0, 0]
    assert p.warnings == []


def test_st7789_pixel_split_across_writes_is_the_same_pixel():
    p = st_ready()
    st_window(p, 40, 41, 53, 53)
    data = be(RED, 0x001F)
    for i in range(len(data)):  # one byte per write: a pixel straddles two writes
        p.write(data[i : i + 1], 1)
    img = p.image()
    assert img[0, 0].tolist() == [255, 0, 0] and img[0, 1].tolist() == [0, 0, 255]


def test_st7789_window_wraps_to_its_start():
    p = st_ready()
    st_window(p, 40, 41, 53, 53)  # two pixels wide, one row
    p.write(be(RED, RED, 0x07E0), 1)  # the third pixel overwrites the first
    img = p.image()
    assert img[0, 0].tolist() == [0, 255, 0] and img[0, 1].tolist() == [255, 0, 0]


def test_st7789_without_invon_the_ips_panel_shows_inverted_colours():
    p = st_ready(invon=False)
    st_window(p, 40, 40, 53, 53)
    p.write(be(RED), 1)
    img = p.image()
    assert img[0, 0].tolist() == [0, 255, 255]  # ~0xF800
    assert img[100, 200].tolist() == [255, 255, 255]  # black RAM shows white


def test_st7789_is_dark_until_sleep_out_and_display_on():
    p = St7789()
    st_cmd(p, 0x36, b"\x70")
    st_cmd(p, 0x3A, b"\x05")
    st_cmd(p, 0x21)
    st_window(p, 40, 40, 53, 53)
    p.write(be(RED), 1)
    assert not p.image().any() and "asleep" in p.dark_reason()
    st_cmd(p, 0x11)
    assert not p.image().any()
    st_cmd(p, 0x29)
    assert p.image()[0, 0].tolist() == [255, 0, 0] and p.dark_reason() == ""
    p.reset()  # the RST pin: asleep and off again, RAM kept
    assert not p.image().any()


def test_st7789_writes_outside_the_visible_window_are_flagged():
    p = st_ready()
    st_window(p, 0, 0, 0, 0)  # forgot the offsets: RAM (0,0) is off the glass
    p.write(be(RED), 1)
    assert not p.image().any()
    assert p.offscreen == 1 and any("outside" in w for w in p.warnings)


def test_st7789_ml_bit_does_not_move_pixels_but_bgr_swaps_red_and_blue():
    a, b = st_ready(madctl=0x70), st_ready(madctl=0x60)  # 0x10 (ML) is refresh order only
    for p in (a, b):
        st_window(p, 45, 45, 60, 60)
        p.write(be(RED), 1)
    assert (a.image() == b.image()).all()
    c = st_ready(madctl=0x78)  # BGR order
    st_window(c, 45, 45, 60, 60)
    c.write(be(RED), 1)
    assert c.image()[7, 5].tolist() == [0, 0, 255]


def test_st7789_other_rotation_lands_mirrored_as_on_the_glass():
    # MY|MV (0xA0) is the 180-degree-turned landscape: with its own offsets
    # (40, 52) the same logical pixel shows at the opposite corner.
    p = st_ready(madctl=0xA0)
    st_window(p, 40, 40, 52, 52)
    p.write(be(RED), 1)
    assert lit_points(p.image()) == {(239, 134)}


def test_st7789_other_colmod_is_flagged():
    p = st_ready()
    st_cmd(p, 0x3A, b"\x66")
    st_window(p, 40, 40, 53, 53)
    assert any("COLMOD" in w for w in p.warnings)


# ---- SSD1306 ---------------------------------------------------------------

# micropython-lib's init: horizontal addressing, segment remap, reversed COM
# scan, 64 rows, alternative COM pins, charge pump on, display on.
INIT = [0xAE, 0x20, 0x00, 0x40, 0xA1, 0xA8, 63, 0xC8, 0xD3, 0, 0xDA, 0x12, 0xD5, 0x80, 0xD9, 0xF1, 0xDB, 0x30,
        0x81, 0xFF, 0xA4, 0xA6, 0x8D, 0x14, 0xAF]  # fmt: skip


def ssd_one_by_one(p: Ssd1306, cmds) -> None:  # type: ignore[no-untyped-def]
    for c in cmds:
        p.write(0x3C, bytes([0x80, c]))  # Co=1: one command byte, then a control byte


def ssd_ready(init=None) -> Ssd1306:  # type: ignore[no-untyped-def]
    p = Ssd1306()
    ssd_one_by_one(p, INIT if init is None else init)
    return p


def frame_with(points) -> bytes:  # type: ignore[no-untyped-def]
    """A whole MONO_VLSB frame (8 pages x 128 columns) with these (x, y) set."""
    buf = bytearray(1024)
    for x, y in points:
        buf[(y // 8) * 128 + x] |= 1 << (y % 8)
    return bytes(buf)


def push_all(p: Ssd1306, frame: bytes) -> int:
    ssd_one_by_one(p, [0x21, 0, 127, 0x22, 0, 7])
    return p.write(0x3C, b"\x40" + frame)


def test_ssd1306_horizontal_frame_shows_each_bit_at_its_pixel():
    p = ssd_ready()
    pts = {(0, 0), (5, 15), (127, 63), (64, 33)}
    assert push_all(p, frame_with(pts)) == 1024 * 8
    assert lit_points(p.image()) == pts
    assert p.image()[15, 5].tolist() == [255, 255, 255]


def test_ssd1306_command_stream_with_one_control_byte_is_the_same():
    a = ssd_ready()
    b = Ssd1306()
    b.write(0x3C, bytes([0x00] + INIT))  # Co=0: everything after is commands
    pts = {(3, 4), (100, 60)}
    push_all(a, frame_with(pts))
    push_all(b, frame_with(pts))
    assert lit_points(b.image()) == pts and (a.image() == b.image()).all()


def test_ssd1306_column_and_page_window_wraps_inside_itself():
    p = ssd_ready()
    ssd_one_by_one(p, [0x21, 10, 11, 0x22, 2, 3])  # 2 columns x 2 pages
    p.write(0x3C, b"\x40" + bytes([0x01, 0x02, 0x04, 0x08]))
    # horizontal mode: (col10,page2) (col11,page2) (col10,page3) (col11,page3)
    assert lit_points(p.image()) == {(10, 16), (11, 17), (10, 26), (11, 27)}


def test_ssd1306_page_mode_and_vertical_mode_address_like_the_datasheet():
    p = ssd_ready()
    ssd_one_by_one(p, [0x20, 0x02, 0xB3, 0x05, 0x12])  # page mode, page 3, column 0x25
    p.write(0x3C, b"\x40" + b"\x01")
    assert lit_points(p.image()) == {(0x25, 24)}
    q = ssd_ready()
    ssd_one_by_one(q, [0x20, 0x01, 0x21, 0, 127, 0x22, 0, 7])  # vertical: pages first
    q.write(0x3C, b"\x40" + bytes([0x01, 0x01]))
    assert lit_points(q.image()) == {(0, 0), (0, 8)}


def test_ssd1306_co_bit_data_byte():
    p = ssd_ready()
    ssd_one_by_one(p, [0x21, 7, 7, 0x22, 0, 0])
    p.write(0x3C, bytes([0xC0, 0x80]))  # Co=1, D/C#=1: one data byte
    assert lit_points(p.image()) == {(7, 7)}


def test_ssd1306_dark_without_charge_pump_or_display_on():
    no_pump = [c for c in INIT if c not in (0x8D, 0x14)]
    p = ssd_ready(no_pump)
    push_all(p, frame_with({(1, 1)}))
    assert not p.image().any() and "charge pump" in p.dark_reason()
    q = ssd_ready(INIT[:-1])  # never 0xAF
    push_all(q, frame_with({(1, 1)}))
    assert not q.image().any()


def test_ssd1306_inverse_and_mirrored_settings_show_as_on_the_glass():
    p = ssd_ready(INIT + [0xA7])
    push_all(p, frame_with({(0, 0)}))
    lit = p.lit()
    assert not lit[0, 0] and lit.sum() == 128 * 64 - 1
    q = ssd_ready([0xA0 if c == 0xA1 else c for c in INIT])  # no segment remap: left-right mirror
    push_all(q, frame_with({(0, 0)}))
    assert lit_points(q.image()) == {(127, 0)}
    r = ssd_ready([0xC0 if c == 0xC8 else c for c in INIT])  # normal COM scan: upside down
    push_all(r, frame_with({(0, 0)}))
    assert lit_points(r.image()) == {(0, 63)}


def test_ssd1306_other_address_is_not_the_panel():
    p = ssd_ready()
    assert p.write(0x3D, b"\x40\xff") == 0
    assert not p.image().any() and any("0x3D" in w for w in p.warnings)
