"""Text's inner loop as machine code: a string's glyphs set straight into a
display's own frame buffer (the ST7789's GS4_HMSB, the SSD1306's MONO_VLSB).

Why: on the Pico, drawing a glyph through FrameBuffer.blit costs ~200 us
(a FrameBuffer made per glyph, a palette lookup per pixel): a menu row of
12 characters was 2.3 ms, and a press redraws several. Here a glyph is a
few hundred instructions. It is viper code, like usher.board.gs4_rgb565:
MicroPython compiles it to machine code on the Pico and on the unix port; a
port without native emitters (WebAssembly) rejects the module with
SyntaxError and CPython has no `micropython` (ImportError), and usher.ui.text
then draws with blit, the same pixels.

The string comes as its UTF-8 bytes and is read as usher.ui.text.glyphs
reads it: `index` is the font's glyph number per Latin-1 code (255: none),
and a character the font lacks is its "?" (or nothing, without one). The
glyph layout is the generated fonts' (usher.ui.text): per glyph 7 bytes of
META (data offset lo, hi, advance, ink x offset (signed), ink width, top
row, rows), its rows in DATA, (width + 7) // 8 bytes each, leftmost pixel in
the top bit."""

import micropython

try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython: viper knows its pointer types without an import
    TYPE_CHECKING = False  # type: ignore[misc]
if TYPE_CHECKING:  # for the checkers: the buffers usher.ui.text passes
    from array import array as ptr32
    from typing import Any

    ptr8 = Any  # a str's UTF-8 and a font's tables (bytes), the frame (bytearray)


@micropython.viper
def draw(dst: ptr8, u8: ptr8, index: ptr8, meta: ptr8, data: ptr8, box: ptr32) -> int:
    """Draw the string's glyphs into dst. `box` is seven 32-bit ints: the
    string's byte length, the frame's width and height, the pen's x and y
    (each + 0x8000: a 64-bit port reads a 32-bit word unsigned), the colour
    (a palette index 0..15, or 0/1 on the mono panel), and the layout: 1
    GS4_HMSB (even pixels in a byte's high nibble), 2 MONO_VLSB (a byte is
    8 rows of a column, the top row in bit 0), or 0: measure only, dst is
    not touched (usher.ui.text.width). Pixels outside the frame are left
    out. Returns the pen's advance."""
    n = box[0]
    fw = box[1]
    fh = box[2]
    x = box[3] - 0x8000
    y = box[4] - 0x8000
    colour = box[5]
    mono = box[6] == 2
    measure = box[6] == 0
    hi = (colour & 15) << 4
    lo = colour & 15
    q = index[63]
    x0 = x
    k = 0
    while k < n:
        # the next character's glyph number, from its UTF-8 bytes (inline:
        # a call from viper to viper is a whole Python call, ~15 us here)
        c0 = u8[k]
        k += 1
        if c0 < 0x80:
            i = index[c0]
        elif c0 < 0xC0:
            continue  # a stray continuation byte
        else:
            i = 255
            if c0 < 0xC4 and k < n:  # U+0080..U+00FF: C2/C3 and one byte
                i = index[((c0 & 0x1F) << 6) | (u8[k] & 0x3F)]
            while k < n and (u8[k] & 0xC0) == 0x80:
                k += 1  # the rest of the character
        if i == 255:
            i = q
        if i == 255:
            continue
        m = 7 * i
        rows = meta[m + 6]
        if rows and not measure:
            off = meta[m] | (meta[m + 1] << 8)
            w = meta[m + 4]
            dx = meta[m + 3]
            if dx > 127:
                dx -= 256
            stride = (w + 7) >> 3
            # the last byte's bits past the ink width are not drawn
            last = (0xFF << (stride * 8 - w)) & 0xFF
            px0 = x + dx
            inside = px0 >= 0 and px0 + w <= fw  # no column is cut: no check per pixel
            py = y + meta[m + 5]
            r = 0
            while r < rows:
                if py >= 0 and py < fh:
                    row = off + r * stride
                    if mono:
                        base = (py >> 3) * fw
                        bit = 1 << (py & 7)
                    else:
                        base = py * fw
                    c = 0
                    while c < stride:
                        bits = data[row + c]
                        if c == stride - 1:
                            bits = bits & last
                        px = px0 + (c << 3)
                        while bits:  # the set bits only: a byte of background costs one test
                            if bits & 0x80:
                                if inside or (px >= 0 and px < fw):
                                    if mono:
                                        b = base + px
                                        if colour:
                                            dst[b] = dst[b] | bit
                                        else:
                                            dst[b] = dst[b] & (0xFF ^ bit)
                                    else:
                                        p = base + px
                                        b = p >> 1
                                        if p & 1:
                                            dst[b] = (dst[b] & 0xF0) | lo
                                        else:
                                            dst[b] = (dst[b] & 0x0F) | hi
                            bits = (bits << 1) & 0xFF
                            px += 1
                        c += 1
                r += 1
                py += 1
        x += meta[m + 2]
    return x - x0
