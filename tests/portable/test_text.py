"""Text drawing with the generated fonts, checked pixel by pixel against the
glyph bitmaps the font modules describe."""

import framebuf
from portable import eq, micropython_only, on_micropython
from usher.ui import text
from usher.ui.fonts import digits44, sans12, sans16, sans24

FONTS = [(sans12, 12), (sans16, 16), (sans24, 24), (digits44, 44)]
W, H = 96, 50


def canvas(fill=0):
    fb = framebuf.FrameBuffer(bytearray(W * H // 2), W, H, framebuf.GS4_HMSB)
    fb.fill(fill)
    return fb


def ink(font, ch):
    """{(x, y): True} of ch's lit pixels relative to the pen at the line top,
    decoded straight from the font module's documented layout."""
    off, adv, dx, w, top, rows = text.glyph(font, ch)
    stride = (w + 7) // 8
    out = {}
    for r in range(rows):
        for c in range(w):
            if font.DATA[off + r * stride + (c >> 3)] & (0x80 >> (c & 7)):
                out[(dx + c, top + r)] = True
    return out


def test_fonts_have_the_line_height_their_name_says_and_sane_metrics():
    for font, px in FONTS:
        eq(font.HEIGHT, px)
        assert 0 < font.BASELINE < font.HEIGHT, font.BASELINE
        eq(len(font.META), 7 * len(font.CHARS))
        for ch in font.CHARS:
            off, adv, dx, w, top, rows = text.glyph(font, ch)
            assert top + rows <= font.HEIGHT, (ch, top, rows)
            assert off + ((w + 7) // 8) * rows <= len(font.DATA)
            assert ((w + 7) // 8) * rows <= font.MAXBYTES
            assert adv > 0, ch
        eq(text.glyph(font, "\u65e5"), None)
    for font in (sans12, sans16, sans24):  # the games are German: Latin-1 is drawn
        for ch in "\u00e4\u00f6\u00fc\u00df\u00c4\u00d6\u00dc\u00e9\u00eb\u00f1\u00e7\u00f8":
            assert text.glyph(font, ch) is not None, (font.__name__, ch)


def test_text_fonts_are_proportional_and_digits_are_tabular():
    for font in (sans12, sans16, sans24):
        assert text.width("i", font) < text.width("W", font)
        assert text.width("0123456789", font) == 10 * text.width("0", font)
    widths = [text.width(d, digits44) for d in "0123456789"]
    eq(len(set(widths)), 1)  # a column of scores lines up


def test_names_with_characters_the_fonts_lack_are_told_apart():
    from usher.link.checks import undrawable

    eq(undrawable("Zo\u00eb"), "")
    eq(undrawable("J\u00f6rg Stra\u00df"), "")
    eq(undrawable("\u65e5\u672c"), "\u65e5")
    eq(undrawable("Ann\u00a0"), "\u00a0")  # a no-break space looks like nothing
    eq(undrawable("a\x7f"), "\x7f")  # the ellipsis glyph is not a character
    from usher.ui.fonts import NAME_RANGES

    for ch in [chr(o) for o in range(256)]:  # what the fonts draw is what a name may hold
        drawn = text.glyph(sans12, ch) is not None and ch != "\x7f"
        eq((ch, drawn), (ch, undrawable(ch) == ""))
    eq(len(NAME_RANGES) % 2, 0)
    for font in (sans12, sans16, sans24):
        for ch in " ~\u00a1\u00ff":
            assert text.glyph(font, ch) is not None


def test_a_character_the_font_lacks_is_drawn_as_a_question_mark_not_left_out():
    # a name stored before names were checked: "Zo" for "Zo\u65e5" would be wrong
    eq(text.width("Zo\u65e5", sans16), text.width("Zo?", sans16))
    bufs = []
    for s in ("\u65e5", "?"):
        buf = bytearray(W * H // 2)
        text.draw(framebuf.FrameBuffer(buf, W, H, framebuf.GS4_HMSB), s, 0, 0, 1, sans16)
        bufs.append(buf)
    assert bufs[0] == bufs[1] and any(bufs[0])


def test_width_adds_up_advances_and_skips_missing_characters():
    eq(text.width("", sans16), 0)
    eq(text.width("Ab", sans16), text.glyph(sans16, "A")[1] + text.glyph(sans16, "b")[1])
    eq(text.width("12", digits44), text.width("1x2", digits44))


def test_draw_sets_exactly_the_glyph_pixels_in_the_colour_and_returns_the_width():
    for font in (sans12, sans16):
        fb = canvas()
        s = "Ag%"
        x0, y0 = 5, 3
        eq(text.draw(fb, s, x0, y0, 9, font), text.width(s, font))
        want = {}
        pen = x0
        for ch in s:
            for x, y in ink(font, ch):
                want[(pen + x, y0 + y)] = True
            pen += text.glyph(font, ch)[1]
        assert len(want) > 20
        for y in range(H):
            for x in range(W):
                eq((x, y, fb.pixel(x, y)), (x, y, 9 if (x, y) in want else 0))


def test_transparent_draw_keeps_the_background_and_bg_fills_the_line_box():
    fb = canvas(fill=7)
    text.draw(fb, "o", 10, 10, 1, sans16)
    lit = ink(sans16, "o")
    for y in range(10, 10 + sans16.HEIGHT):
        for x in range(8, 22):
            eq(fb.pixel(x, y), 1 if (x - 10, y - 10) in lit else 7)
    fb = canvas(fill=7)
    w = text.draw(fb, "o", 10, 10, 1, sans16, bg=3)
    for y in range(9, 11 + sans16.HEIGHT):
        for x in range(9, 11 + w):
            inside = 10 <= x < 10 + w and 10 <= y < 10 + sans16.HEIGHT
            want = (1 if (x - 10, y - 10) in lit else 3) if inside else 7
            eq(fb.pixel(x, y), want)


def test_draw_in_colour_zero_on_a_lit_mono_screen():
    fb = framebuf.FrameBuffer(bytearray(64 * 16 // 8), 64, 16, framebuf.MONO_VLSB)
    fb.fill(1)
    text.draw(fb, "H", 2, 2, 0, sans12)
    lit = ink(sans12, "H")
    for y in range(16):
        for x in range(64):
            eq(fb.pixel(x, y), 0 if (x - 2, y - 2) in lit else 1)


def test_drawing_off_the_edges_clips_without_error():
    fb = canvas()
    for x, y in ((-30, -20), (W - 5, H - 5), (-500, 0), (0, 500)):
        eq(text.draw(fb, "Wide text", x, y, 1, sans24, bg=2), text.width("Wide text", sans24))
    text.draw(fb, "88", -10, -10, 1, digits44)


def test_fit_keeps_what_fits_and_shortens_the_rest_with_an_ellipsis():
    name = "Bartholomew the Magnificent"
    eq(text.fit(name, sans16, 1000), name)
    short = text.fit(name, sans16, 80)
    assert short.endswith(text.ELLIPSIS) and len(short) < len(name)
    assert text.width(short, sans16) <= 80
    # the longest such prefix: one more character would not fit
    n = len(short) - 1
    assert text.width(name[: n + 1] + text.ELLIPSIS, sans16) > 80
    eq(text.fit(name, sans16, 3), "")
    # a font without the ellipsis glyph falls back to two dots
    eq(text.fit("1234567", digits44, 2 * text.width("1", digits44) + text.width("..", digits44)), "12..")


def test_importing_a_font_costs_a_few_kb_of_heap():
    import gc
    import sys

    for font, _ in FONTS:
        eq(type(font.DATA), bytes)  # read-only: frozen into flash it costs no heap at all
        assert len(font.DATA) + len(font.META) < 8192, font.__name__
        if not on_micropython():
            continue
        name = font.__name__
        del sys.modules[name]
        gc.collect()
        before = gc.mem_alloc()
        __import__(name)
        gc.collect()
        used = gc.mem_alloc() - before
        print("%s: %d bytes of heap" % (name, used))
        assert used < 9 * 1024, (name, used)


def test_drawing_is_fast_enough_on_the_vm():
    micropython_only("CPython's speed says nothing of the VM's")
    import time

    fb = canvas()
    s = "Scores: Ann 12"
    t0 = time.ticks_us()
    for _ in range(20):
        text.draw(fb, s, 0, 0, 1, sans16)
    per_char = time.ticks_diff(time.ticks_us(), t0) / (20 * len(s))
    print("sans16: %.1f us per character" % per_char)
    # about 3 us here; per-pixel Python drawing would be ~100x that
    assert per_char < 100, per_char


class _Native(framebuf.FrameBuffer):
    """A display as usher.ui.text sees the drivers: its buffer and layout."""

    def __init__(self, fmt, native, w, h):
        self.width = w
        self.height = h
        self.native = native
        n = w * h // 2 if native == text.GS4 else w * ((h + 7) // 8)
        self.buffer = bytearray(n)
        super().__init__(self.buffer, w, h, fmt)


def test_the_machine_code_draws_the_same_pixels_as_blit_on_both_panel_layouts():
    # text_native on the Pico and the unix port; blit where there is no viper
    import sys

    if on_micropython() and sys.platform != "webassembly":
        assert text._native is not None, "no machine-code text on a port with viper"
    cases = [
        ("Ann 12", 3, 2, sans16),
        ("Zo\u00eb \u00e4\u00df W\u00fc", 10, 20, sans12),
        ("clipped on the right", 60, 5, sans16),
        ("left", -7, 9, sans24),
        ("top", 5, -6, sans16),
        ("low", 30, 40, sans16),
        ("\u65e5 ?x\x7f\U0001f600!", 1, 30, sans12),  # a character the font lacks is its "?"
        ("42", 8, 0, digits44),
    ]
    for fmt, native, colours in ((framebuf.GS4_HMSB, text.GS4, (1, 7, 15, 0)), (framebuf.MONO_VLSB, text.VLSB, (1, 0))):
        for c in colours:
            for s, x, y, font in cases:
                fast = _Native(fmt, native, W, H)
                raw = bytearray(len(fast.buffer))
                slow = framebuf.FrameBuffer(raw, W, H, fmt)
                for fb in (fast, slow):
                    fb.fill(5 if native == text.GS4 else 1 - (c & 1))
                    fb.pixel(0, 0, 3 & (15 if native == text.GS4 else 1))
                a = text.draw(fast, s, x, y, c, font)
                b = text.draw(slow, s, x, y, c, font)
                eq((a, s), (b, s))
                eq((bytes(fast.buffer) == bytes(raw), s, c, native), (True, s, c, native))


def test_the_painter_wraps_at_spaces_and_cuts_only_a_word_wider_than_the_line():
    from app_kit import make_app

    app, _ = make_app(mono=True)
    p = app.p
    w = p.text_w("Send g0007 to", "body")
    lines = p.wrap("Send g0007 to the laptop?", w, "body")
    eq(lines[0], "Send g0007 to")
    eq(" ".join(lines), "Send g0007 to the laptop?")
    assert all(p.text_w(ln, "body") <= w for ln in lines), lines
    long = p.wrap("Filmvorführungsgenehmigung ok", 40, "body")
    assert long[0] != "Filmvorführungsgenehmigung" and p.text_w(long[0], "body") <= 40, long
    eq(long[-1], "ok")
    eq(p.wrap("", 40, "body"), [])
