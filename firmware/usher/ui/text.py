"""Proportional text in the generated 1-bit fonts (usher.ui.fonts.*).

    from usher.ui import text
    from usher.ui.fonts import sans16
    w = text.draw(fb, "Ann 12", x, y, theme.FG, sans16)       # transparent
    text.draw(fb, "Bob", x, y, theme.FG, sans16, bg=theme.SELECT)
    label = text.fit(name, sans16, 80)                        # "Bartholom..."

(x, y) is the top-left of the line box, which is font.HEIGHT rows tall; to
line up fonts of different sizes on one baseline, use y = base - font.BASELINE.

Each glyph is copied into a small scratch buffer and drawn with one
`FrameBuffer.blit` through a 2-entry palette, so a glyph costs a few C calls
whatever its size. `colour` and `bg` are palette indices, so the same calls
work on the 4-bit colour buffer and on the 1-bit OLED.
"""

from array import array

import framebuf

_MONO_HLSB = framebuf.MONO_HLSB
_scratch = bytearray(256)
_pal_buf = bytearray(2)
_pal = framebuf.FrameBuffer(_pal_buf, 2, 1, framebuf.GS8)

try:
    from usher.ui import text_native as _native
except (SyntaxError, ImportError):  # no viper on this port (WebAssembly), or CPython: blit
    _native = None  # type: ignore[assignment]
# a plain function, not a module attribute: one stack word less in the callers' frames
_ndraw = _native.draw if _native is not None else None
_box = array("i", (0, 0, 0, 0, 0, 0, 0))  # text_native.draw's seven ints

ELLIPSIS = "\x7f"  # the fonts keep their "..." glyph in DEL's slot


# a display's `native` attribute: its buffer's layout, which text_native draws into
GS4 = 1  # GS4_HMSB (the ST7789)
VLSB = 2  # MONO_VLSB (the SSD1306)

BIAS = 0x8000  # added to the pen position passed to text_native: never negative

NONE = 255  # in an index: the font has no glyph for this character


def index(font):
    """The font's glyph number per Latin-1 code (NONE where it has none): its
    INDEX (usher_devkit.fontgen writes one, in flash when frozen), else made
    once and kept on the font module, so it goes when the font does. Why: on
    the Pico, str.find on a string with non-ASCII characters walks its UTF-8
    from the start, ~67 us a character; a table lookup is one load."""
    t = getattr(font, "INDEX", None)
    return t if t is not None else _make_index(font)


def _make_index(font):
    # apart from index: a function whose frame (locals and stack) passes 11
    # words has it allocated on the heap at every call (MicroPython's VM),
    # ~100 us on the Pico once the heap is fragmented; the hot ones here stay under
    t = bytearray(b"\xff" * 256)
    i = 0
    for ch in font.CHARS:
        c = ord(ch)
        if c < 256 and i < NONE:
            t[c] = i
        i += 1
    font.INDEX = t
    return t


def glyphs(s: str, font) -> bytearray:
    """s's glyph numbers, one per character: a character the font lacks is
    its "?" (NONE if it has none, which takes no room). Read from the UTF-8
    bytes, so no 1-character strings are made on the way."""
    t = index(font)
    q = t[63]  # "?"
    out = bytearray(len(s))
    n = 0
    lead = 0
    for b in s.encode():
        if b < 0x80:
            i = t[b]
        elif b >= 0xC0:
            lead = b  # a character's first byte: its code comes with the next
            continue
        elif lead:
            # U+0080..U+00FF come as C2/C3 and one byte; anything higher is not Latin-1
            i = t[((lead & 0x1F) << 6) | (b & 0x3F)] if lead < 0xC4 else NONE
            lead = 0
        else:
            continue  # the third or fourth byte of a character already counted
        out[n] = q if i == NONE else i
        n += 1
    return out if n == len(out) else out[:n]


def glyph(font, ch: str):
    """(offset into DATA, advance, ink x offset, ink width, top row, rows) of ch
    in a generated font, or None if the font lacks it. Row r of the ink is
    DATA[offset + r * stride:][:stride], stride = (ink width + 7) // 8,
    leftmost pixel in the top bit."""
    c = ord(ch)
    i = index(font)[c] if c < 256 else NONE
    if i == NONE:
        return None
    meta = font.META
    m = 7 * i
    dx = meta[m + 3]
    if dx > 127:
        dx -= 256
    return (meta[m] | (meta[m + 1] << 8), meta[m + 2], dx, meta[m + 4], meta[m + 5], meta[m + 6])


def width(s: str, font) -> int:
    """Pixels the string advances; a character the font lacks is drawn as "?"
    (if the font has one; else it takes no room), never left out unseen."""
    if _ndraw is None:
        return _width(s, font)
    u8 = s.encode()  # text_native.draw measuring only (layout 0)
    _box[0] = len(u8)
    _box[6] = 0
    return _ndraw(font.META, u8, index(font), font.META, font.DATA, _box)


def _width(s: str, font) -> int:
    meta = font.META
    w = 0
    for i in glyphs(s, font):
        if i != NONE:
            w += meta[7 * i + 2]
    return w


def fast(fb) -> int:
    """fb's layout if `put` can draw on it (text_native, on the display's own
    buffer), else 0."""
    return getattr(fb, "native", 0) if _ndraw is not None else 0


def pen(x: int, y: int, colour: int) -> None:
    """Where and in what colour the next `put` draws."""
    _box[3] = x + BIAS
    _box[4] = y + BIAS
    _box[5] = colour


def put(fb, s: str, font) -> int:
    """draw's transparent path in small calls, where `fast(fb)`: `pen`, then
    this (each frame within the VM's 11 words: no heap per call). Returns the width."""
    u8 = s.encode()
    _box[0] = len(u8)
    _box[1] = fb.width
    _box[2] = fb.height
    _box[6] = fb.native
    return _ndraw(fb.buffer, u8, index(font), font.META, font.DATA, _box)


def draw(fb, s: str, x: int, y: int, colour: int, font, bg: int = -1) -> int:
    """Draw s with its line box's top-left at (x, y); bg=-1 leaves the
    background alone, else the whole line box is filled first. Returns the width."""
    global _scratch
    meta = font.META
    if bg >= 0:
        fb.fill_rect(x, y, width(s, font), font.HEIGHT, bg)
    if fast(fb):
        # the display's own buffer, drawn by machine code (usher.ui.text_native)
        pen(x, y, colour)
        return put(fb, s, font)
    ix = glyphs(s, font)
    if len(_scratch) < font.MAXBYTES:
        _scratch = bytearray(font.MAXBYTES)
    scratch = _scratch
    # blit compares the key after the palette lookup: index 0 maps to a colour
    # that is not `colour` and is then skipped, leaving the background as it was
    key = colour ^ 1
    _pal_buf[0] = key
    _pal_buf[1] = colour
    pal = _pal
    # a view per call, not kept: kept here (this module is never unloaded) it
    # pinned the data of a font whose module a game had dropped, several KB
    # that stayed after the fonts were loaded again
    data = memoryview(font.DATA)
    x0 = x
    for i in ix:
        if i == NONE:
            continue  # a stored name from before the check, in a font without "?"
        m = 7 * i
        rows = meta[m + 6]
        if rows:
            off = meta[m] | (meta[m + 1] << 8)
            w = meta[m + 4]
            n = ((w + 7) >> 3) * rows
            scratch[0:n] = data[off : off + n]
            dx = meta[m + 3]
            if dx > 127:
                dx -= 256
            fb.blit(framebuf.FrameBuffer(scratch, w, rows, _MONO_HLSB), x + dx, y + meta[m + 5], key, pal)
        x += meta[m + 2]
    return x - x0


def fit(s: str, font, max_w: int) -> str:
    """s if it fits in max_w pixels, else its longest prefix that fits with an
    ellipsis after it (the font's own glyph, or '..'); '' if not even that fits."""
    if width(s, font) <= max_w:
        return s
    return _cut(s, font, max_w)


def _cut(s: str, font, max_w: int) -> str:
    ix = glyphs(s, font)
    meta = font.META
    mark = ELLIPSIS if index(font)[0x7F] != NONE else ".."
    room = max_w - width(mark, font)
    if room < 0:
        return ""
    w = 0
    n = 0
    for i in ix:
        cw = meta[7 * i + 2] if i != NONE else 0
        if w + cw > room:
            break
        w += cw
        n += 1
    return s[:n].rstrip() + mark
