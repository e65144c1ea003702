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

import framebuf

_MONO_HLSB = framebuf.MONO_HLSB
_scratch = bytearray(256)
_pal_buf = bytearray(2)
_pal = framebuf.FrameBuffer(_pal_buf, 2, 1, framebuf.GS8)

ELLIPSIS = "\x7f"  # the fonts keep their "..." glyph in DEL's slot


def glyph(font, ch: str):
    """(offset into DATA, advance, ink x offset, ink width, top row, rows) of ch
    in a generated font, or None if the font lacks it. Row r of the ink is
    DATA[offset + r * stride:][:stride], stride = (ink width + 7) // 8,
    leftmost pixel in the top bit."""
    i = font.CHARS.find(ch)
    if i < 0:
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
    chars = font.CHARS
    meta = font.META
    w = 0
    for ch in s:
        i = chars.find(ch)
        if i < 0:
            i = chars.find("?")
        if i >= 0:
            w += meta[7 * i + 2]
    return w


def draw(fb, s: str, x: int, y: int, colour: int, font, bg: int = -1) -> int:
    """Draw s with its line box's top-left at (x, y); bg=-1 leaves the
    background alone, else the whole line box is filled first. Returns the width."""
    global _scratch
    if bg >= 0:
        fb.fill_rect(x, y, width(s, font), font.HEIGHT, bg)
    if len(_scratch) < font.MAXBYTES:
        _scratch = bytearray(font.MAXBYTES)
    scratch = _scratch
    # blit compares the key after the palette lookup: index 0 maps to a colour
    # that is not `colour` and is then skipped, leaving the background as it was
    key = colour ^ 1
    _pal_buf[0] = key
    _pal_buf[1] = colour
    pal = _pal
    chars = font.CHARS
    meta = font.META
    # a view per call, not kept: kept here (this module is never unloaded) it
    # pinned the data of a font whose module a game had dropped, several KB
    # that stayed after the fonts were loaded again
    data = memoryview(font.DATA)
    x0 = x
    for ch in s:
        i = chars.find(ch)
        if i < 0:
            i = chars.find("?")  # a stored name from before the check: shown as not drawable
            if i < 0:
                continue
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
    mark = ELLIPSIS if font.CHARS.find(ELLIPSIS) >= 0 else ".."
    room = max_w - width(mark, font)
    if room < 0:
        return ""
    chars = font.CHARS
    meta = font.META
    w = 0
    n = 0
    for ch in s:
        i = chars.find(ch)
        if i < 0:
            i = chars.find("?")
        cw = meta[7 * i + 2] if i >= 0 else 0
        if w + cw > room:
            break
        w += cw
        n += 1
    return s[:n].rstrip() + mark
