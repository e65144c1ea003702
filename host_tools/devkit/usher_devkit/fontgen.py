"""Render a TrueType/OpenType font into 1-bit font modules for the firmware.

    python -m usher_devkit.fontgen            # regenerate firmware/usher/ui/fonts/
    python -m usher_devkit.fontgen --check    # exit 1 if the committed modules are stale

By default the font is the one Pillow (>= 10.1) carries inside the wheel:
`ImageFont.load_default(size=N)` is Aileron Regular by Sora Sagano
(dotcolon.net), whose name table says "No Rights Reserved" (released as CC0),
so the generator runs on any clean machine with the pinned Pillow and the
output may ship in the firmware. `--ttf PATH` renders another font instead.

Pillow carries a subset of Aileron: ASCII and a few signs, no accented
letter. The rest of Latin-1 comes from Aileron's Latin subset as the npm
package @fontsource/aileron 5.3.0 ships it (CC0 as well; the file is
`devkit/usher_devkit/fonts/aileron-latin-400-normal.woff`, a slightly later version
of the design). So that a name's letters match, an accented letter is built
from Pillow's base letter with the accent of the later version placed over
(or under) it, squeezed into the ASCII line box where a capital's accent
would stick out (an i loses its dot and takes the accent an e has); the
letters without a base (sharp s, ae, o slash, eth, thorn) and the signs come
from the later version as they are.
ASCII is rendered exactly as before, so the committed ASCII glyphs do not move.

Glyphs are rendered with FreeType's hinted monochrome mode (crisper at these
sizes than thresholding anti-aliased output). Each module holds, for the
characters in CHARS: per-glyph metadata and MONO_HLSB row bitmaps cropped to
the rows that have ink, so a glyph costs ceil(width / 8) bytes per inked row.
"""

import argparse
import os
import sys
import unicodedata

from PIL import Image, ImageDraw, ImageFont
from usher_tools.paths import FIRMWARE

OUT_DIR = os.path.join(FIRMWARE, "usher", "ui", "fonts")
# Aileron Regular's Latin subset (@fontsource/aileron 5.3.0, CC0): Latin-1 beyond Pillow's subset
LATIN_FONT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fonts", "aileron-latin-400-normal.woff")

ASCII = "".join(chr(c) for c in range(32, 127))
ELLIPSIS = "\x7f"  # DEL's slot holds the "..." glyph; text.fit() uses it
# Latin-1's printable characters (the games are German: a, o and u with
# umlauts, sharp s, the accented letters of the neighbours), after ASCII so
# ASCII keeps its indices; no-break space and soft hyphen are left out (they
# look like nothing or like another character). Every glyph of these fits the
# ASCII line box, so adding them changes neither the size nor an ASCII glyph.
# Aileron's Latin subset has no glyph for the ordinal indicators, superscripts,
# micro sign and fractions: those are left out too (a name holding one is refused)
NO_GLYPH = "\u00aa\u00b2\u00b3\u00b5\u00b9\u00ba\u00bc\u00bd\u00be"
LATIN1 = "".join(chr(c) for c in range(0xA1, 0x100) if c != 0xAD and chr(c) not in NO_GLYPH)
TEXT = ASCII + ELLIPSIS + LATIN1
DIGITS = " +-./0123456789:"

# name, target line height in pixels, characters, why
FONTS = [
    ("sans12", 12, TEXT, "OLED body text: 5 lines and ~21 characters across 128x64"),
    ("sans16", 16, TEXT, "LCD tables and menus: 8 rows on the 135-pixel screen"),
    ("sans24", 24, TEXT, "LCD titles and current player/value, readable at arm's length"),
    ("digits44", 44, DIGITS, "dice and scores across a table; 2 lines fit on the LCD"),
]
# what a name may hold: the characters every text font draws (the ellipsis
# glyph is the fonts' own, never a character of a name)
NAME_CHARS = ASCII + LATIN1

SOURCE_NOTE = (
    'Aileron Regular by Sora Sagano (dotcolon.net), "No Rights Reserved" (CC0),\n'
    "as bundled in Pillow %s (ImageFont.load_default); accents and the Latin-1\n"
    "letters Pillow's subset lacks from Aileron's Latin subset (@fontsource/aileron 5.3.0, CC0)."
)


def _load(size: int, ttf: str | None) -> ImageFont.FreeTypeFont:
    if ttf:
        return ImageFont.truetype(ttf, size)
    f = ImageFont.load_default(size=size)
    if not isinstance(f, ImageFont.FreeTypeFont):
        raise SystemExit("Pillow was built without FreeType; it cannot render fonts")
    return f


def _real(ch: str) -> str:
    return "\u2026" if ch == ELLIPSIS else ch


def _draw(font, ch: str, w: int, h: int, origin: tuple, mode: str) -> Image.Image:
    im = Image.new("L", (w, h), 0)
    d = ImageDraw.Draw(im)
    d.fontmode = mode
    d.text(origin, ch, font=font, fill=255, anchor="ls")
    return im


def _centre_x(im: Image.Image) -> float:
    """Horizontal centre of the ink, weighted by coverage."""
    cols = list(im.reduce((1, im.size[1])).tobytes())  # each column's mean
    total = sum(cols)
    return sum(x * c for x, c in enumerate(cols)) / total if total else 0.0


def line_box(size: int, chars: str, ttf: str | None = None) -> tuple:
    """(top, bottom) of the 1-bit ink of the characters the font has (the
    others are fitted into it), relative to the ascent line."""
    font = _load(size, ttf)
    ascent, descent = font.getmetrics()
    top: float = 1 << 20  # Pillow gives a box in floats (whole numbers here, mode "1")
    bottom: float = -(1 << 20)
    for ch in chars:
        if not ttf and not _has(font, ch):
            continue
        box = font.getbbox(_real(ch), mode="1", anchor="ls")
        if box[2] > box[0] and box[3] > box[1]:
            top = min(top, box[1])
            bottom = max(bottom, box[3])
    return top + ascent, bottom + ascent


def _has(font, ch: str) -> bool:
    """Whether the font has its own glyph for ch (not the "missing" box)."""
    if ch == " ":
        return True
    missing = _draw(font, "\uffff", 64, 64, (8, 48), "1").tobytes()
    return _draw(font, _real(ch), 64, 64, (8, 48), "1").tobytes() != missing


def _cell(font, ch: str, adv: int, pad: int, ascent: int, descent: int) -> tuple:
    """(canvas, ink box, sideways shift) of ch drawn with its baseline at
    pad + ascent, its pen at pad."""
    w, h, org = adv + 3 * pad, ascent + descent + 2 * pad, (pad, pad + ascent)
    im = _draw(font, _real(ch), w, h, org, "1")  # hinted 1-bit outlines: crisp stems
    box = im.getbbox()
    shift = 0
    if box:
        # Hinting may move a glyph a pixel sideways (Aileron's "t" at 15 px),
        # which breaks up the spacing of a line. Put the 1-bit ink back where
        # the unhinted, anti-aliased glyph has its centre.
        smooth = _draw(font, _real(ch), w, h, org, "L")
        shift = int(round(_centre_x(smooth) - _centre_x(im)))
    return im, box, shift


# Accents drawn pixel by pixel for the small sizes, where the later
# version's hinted accents collapse into one another (a tilde and a dieresis
# come out alike at 11 and 15 px): rows of "x" (ink) and "." (none), placed
# over the centre of the base letter's ink. A dieresis is two dots as far
# apart as the letter's stems ("w" for the width between them).
SMALL = 16  # font sizes up to this use the drawn accents
ACCENTS = {
    "\u0300": ["x.", ".x"],  # grave
    "\u0301": [".x", "x."],  # acute
    "\u0302": [".x.", "x.x"],  # circumflex
    "\u0303": [".x.x", "x.x."],  # tilde
    "\u0308": ["w"],  # dieresis
    "\u030a": [".x.", "x.x", ".x."],  # ring
}


def _accent(code: str, base: Image.Image, box: tuple) -> list:
    """The drawn accent's rows for a base letter (its ink box in `box`)."""
    rows = ACCENTS[code]
    if rows == ["w"]:
        span = box[2] - box[0]
        gap = max(1, span - 2 - (2 if span >= 6 else 0))
        rows = ["x" + "." * gap + "x"]
    return rows


def _squash(im: Image.Image, box: tuple) -> tuple:
    """The letter one row shorter, its baseline kept: a row that repeats the
    one below it, nearest the middle, goes (a capital under an accent at the
    small sizes, where the line box has no room above it)."""
    w = im.size[0]

    def row(y: int) -> list:
        return [im.getpixel((x, y)) for x in range(box[0], box[2])]

    mid = (box[1] + box[3]) // 2
    same = [y for y in range(box[1] + 1, box[3] - 2) if row(y) == row(y + 1)]
    if not same:
        return im, box
    cut = min(same, key=lambda y: abs(y - mid))
    out = im.copy()
    out.paste(im.crop((0, box[1], w, cut)), (0, box[1] + 1))  # everything above the cut one row down
    out.paste(0, (0, box[1], w, box[1] + 1))
    return out, out.getbbox()


def _mark(font, latin, ch: str, base: str, pb: Image.Image, pbox: tuple, org: tuple) -> tuple:
    """(mark canvas, above?, the mark's rows placed as in the later version
    relative to the base: its vertical offset there) for an accented letter."""
    w, h = pb.size
    nfd = unicodedata.normalize("NFD", ch)
    code = nfd[1]
    if font.size <= SMALL and code in ACCENTS:
        rows = _accent(code, pb, pbox)
        mark = Image.new("L", (w, h), 0)
        cx = int(round(_centre_x(pb)))
        x0 = cx - len(rows[0]) // 2 + (1 if len(rows[0]) % 2 == 0 and _centre_x(pb) > cx else 0)
        for r, text in enumerate(rows):
            for c, px in enumerate(text):
                if px == "x":
                    mark.putpixel((x0 + c, r), 255)
        # one blank row between the accent and the letter
        return mark, True, pbox[1] - 1 - len(rows)
    src, lbase = ch, base
    if base == "i":  # the accent an e has (over an i it is hinted down to one pixel)
        src, lbase = unicodedata.normalize("NFC", "e" + code), "e"
    lc = _draw(latin, src, w, h, org, "1")
    lb = _draw(latin, lbase, w, h, org, "1")
    lbox = lb.getbbox()
    # the accent: the accented letter's ink above its base letter (from its
    # top down to the first blank row: the letter may be hinted a row higher
    # there than alone), or else below the base letter's last row (a cedilla)
    cbox = lc.getbbox()
    if lbox is None or cbox is None:  # no ink to take an accent from
        return None, False, 0
    above = cbox[1] < lbox[1]
    if above:
        rows = []
        y = cbox[1]
        while y < lbox[1] and any(lc.getpixel((x, y)) for x in range(w)):
            rows.append(y)
            y += 1
    else:
        rows = list(range(lbox[3], cbox[3]))
    mark = Image.new("L", (w, h), 0)
    for y in rows:
        for x in range(w):
            if lc.getpixel((x, y)):
                mark.putpixel((x, y), 255)
    mbox = mark.getbbox()
    if mbox is None:
        return None, above, 0
    # centred on this base as on the later version's, at the same distance
    dx = int(round(_centre_x(pb) - _centre_x(lb if src == ch else mark)))
    if src != ch:
        dx = int(round(_centre_x(pb) - _centre_x(mark)))
    from PIL import ImageChops

    mark = ImageChops.offset(mark, dx, 0)
    mbox = mark.getbbox()
    assert mbox is not None  # the offset wraps round: the ink is all still there
    top = (pbox[1] - lbox[1] + mbox[1]) if above else (pbox[3] - lbox[3] + mbox[1])
    return mark, above, top


def _compose(font, latin, ch: str, pad: int, ascent: int, descent: int, lo: int, hi: int) -> tuple | None:
    """(advance, canvas, ink box, shift) of an accented letter: `font`'s base
    letter with an accent over (or under) it, kept within rows lo..hi (the
    ASCII ink): too high, the accent comes closer to the letter (one blank
    row left), a capital is made a row shorter, the accent touches it, and
    the capital loses one more row, until it fits."""
    nfd = unicodedata.normalize("NFD", ch)
    base = nfd[0]
    adv = int(round(font.getlength(base)))
    pb, pbox, shift = _cell(font, base, adv, pad, ascent, descent)
    w, h = pb.size
    if base == "i":  # an accented i has no dot
        y = pbox[1]
        while any(pb.getpixel((x, y)) for x in range(w)):
            for x in range(w):
                pb.putpixel((x, y), 0)
            y += 1
        pbox = pb.getbbox()
    mark, above, top = _mark(font, latin, ch, base, pb, pbox, (pad, pad + ascent))
    if mark is None:
        return None
    mbox = mark.getbbox()
    mh = mbox[3] - mbox[1]
    if above:
        gap = pbox[1] - (top + mh)  # blank rows between accent and letter
        while top < lo and gap > 1:  # closer, keeping one blank row
            top += 1
            gap -= 1
        for squash in (True, False, True):  # a row shorter, touching, a row shorter
            if top >= lo:
                break
            if not squash:
                if gap > 0:
                    top += 1
                    gap -= 1
                continue
            squashed, sbox = _squash(pb, pbox)
            if sbox != pbox:
                pb, pbox = squashed, sbox
                top += 1
    elif top + mh > hi:
        top = hi - mh
    out = pb.copy()
    for y in range(mbox[1], mbox[3]):
        for x in range(mbox[0], mbox[2]):
            ty = y - mbox[1] + top
            if mark.getpixel((x, y)) and lo <= ty < hi:
                out.putpixel((x, ty), 255)
    return adv, out, out.getbbox(), shift


def render(size: int, chars: str, ttf: str | None = None) -> dict:
    """Render every character; return the font as plain data (see module doc).
    Characters the font lacks come from LATIN_FONT (see the module doc), fitted
    into the line box of the font's own glyphs, which they never widen."""
    font = _load(size, ttf)
    ascent, descent = font.getmetrics()
    pad = size
    cells: dict = {}
    for ch in chars:
        if ttf or _has(font, ch):
            adv = int(round(font.getlength(_real(ch))))
            im, box, shift = _cell(font, ch, adv, pad, ascent, descent)
            cells[ch] = (ch, adv, im, box, shift)
    inked = [c[3] for c in cells.values() if c[3]]
    top = min(b[1] for b in inked)
    bottom = max(b[3] for b in inked)
    latin = None
    for ch in chars:
        if ch in cells:
            continue
        if latin is None:
            latin = ImageFont.truetype(LATIN_FONT, size, layout_engine=font.layout_engine)
        base = unicodedata.normalize("NFD", ch)
        got = None
        if len(base) == 2 and base[0] in ASCII:
            got = _compose(font, latin, ch, pad, ascent, descent, top, bottom)
        if got is None:  # no base letter: the later version's glyph as it is
            if not _has(latin, ch):
                raise SystemExit("no glyph for %r in either font" % ch)
            adv = int(round(latin.getlength(ch)))
            im, box, shift = _cell(latin, ch, adv, pad, ascent, descent)
            if box and (box[1] < top or box[3] > bottom):  # (a spacing cedilla): moved into the box
                from PIL import ImageChops

                move = top - box[1] if box[1] < top else bottom - box[3]
                im = ImageChops.offset(im, 0, move)
                box = (box[0], max(top, box[1] + move), box[2], min(bottom, box[3] + move))
            got = (adv, im, box, shift)
        cells[ch] = (ch,) + got
    glyphs = []
    for ch in chars:
        _, adv, im, box, shift = cells[ch]
        g = {"char": ch, "advance": adv, "xoff": 0, "width": 0, "top": 0, "rows": []}
        if box:
            # keep only the inked box; ink may start left of the pen or end
            # past the advance, and is then drawn over the neighbour's cell
            g["xoff"] = box[0] - pad + shift
            g["width"] = box[2] - box[0]
            g["top"] = box[1] - top
            for y in range(box[1], box[3]):
                g["rows"].append([1 if im.getpixel((x, y)) >= 128 else 0 for x in range(box[0], box[2])])
        glyphs.append(g)
    return {"height": bottom - top, "baseline": pad + ascent - top, "size": size, "glyphs": glyphs}


def pick(target: int, chars: str, ttf: str | None = None) -> dict:
    """The largest font size whose line box (all glyphs' ink) fits in target pixels."""
    size = None
    for n in range(max(6, target * 2 // 3), 3 * target):
        top, bottom = line_box(n, chars, ttf)
        if bottom - top <= target:
            size = n
        elif size is not None:
            break
    if size is None:
        raise SystemExit("no size fits %d px" % target)
    best = render(size, chars, ttf)
    if best["height"] > target:
        raise SystemExit("size %d measured %d px but rendered %d" % (size, bottom - top, best["height"]))
    # the line is exactly target rows (a layout can stack lines HEIGHT apart);
    # spare rows go half above the ink, half below
    spare = (target - best["height"]) // 2
    for g in best["glyphs"]:
        if g["rows"]:
            g["top"] += spare
    best["baseline"] += spare
    best["ink"] = best["height"]
    best["height"] = target
    return best


def pack(font: dict) -> tuple:
    """(META, DATA): META has 7 bytes a glyph: data offset (little-endian 16-bit),
    advance, x offset of the ink from the pen (signed byte), ink width, top row,
    inked rows; DATA the rows, MONO_HLSB (leftmost pixel = MSB)."""
    meta = bytearray()
    data = bytearray()
    for g in font["glyphs"]:
        stride = (g["width"] + 7) // 8
        off = len(data)
        if off > 0xFFFF or g["width"] > 255 or g["advance"] > 255 or not -128 <= g["xoff"] < 128:
            raise ValueError("glyph out of range for the packed format")
        meta += bytes((off & 0xFF, off >> 8, g["advance"], g["xoff"] & 0xFF, g["width"], g["top"], len(g["rows"])))
        for row in g["rows"]:
            for bx in range(stride):
                b = 0
                for bit in range(8):
                    x = bx * 8 + bit
                    if x < len(row) and row[x]:
                        b |= 0x80 >> bit
                data.append(b)
    return bytes(meta), bytes(data)


def ranges(chars: str) -> tuple:
    """(first, last, first, last, ...) code points of the runs in `chars`."""
    out: list = []
    for o in sorted({ord(c) for c in chars}):
        if out and out[-1] == o - 1:
            out[-1] = o
        else:
            out += [o, o]
    return tuple(out)


def _ascii_literal(s: str) -> str:
    """A str literal written in ASCII only (non-ASCII as escapes), so the
    generated source reads the same in any editor."""
    return "'" + "".join(c if 32 <= ord(c) < 127 and c not in "'\\" else "\\x%02x" % ord(c) for c in s) + "'"


def _bytes_lines(name: str, data: bytes, per_line: int = 24) -> list:
    out = ["%s = (" % name]
    for i in range(0, len(data), per_line):
        out.append("    " + repr(data[i : i + per_line]))
    out.append(")")
    return out


def module_source(name: str, target: int, why: str, font: dict, chars: str, note: str) -> str:
    import PIL

    meta, data = pack(font)
    maxbytes = max(((g["width"] + 7) // 8) * len(g["rows"]) for g in font["glyphs"])
    chars_lit = _ascii_literal(chars)
    lines = [
        '"""%s: %d px lines, %s.' % (name, font["height"], why),
        "",
        (note % PIL.__version__) if "%s" in note else note,
        "Rendered at size %d by host_tools/devkit/usher_devkit/fontgen.py. Generated: do not edit." % font["size"],
        '"""',
        "",
        "HEIGHT = %d  # line pitch; the ink of all glyphs spans %d rows of it" % (font["height"], font["ink"]),
        "BASELINE = %d  # rows from the top of the line box to the baseline" % font["baseline"],
        "MAXBYTES = %d  # largest glyph bitmap" % maxbytes,
        "CHARS = %s" % chars_lit,
        "# 7 bytes a glyph, in CHARS order: data offset (lo, hi), advance, ink x offset (signed),",
        "# ink width, top row, rows",
    ]
    lines += _bytes_lines("META", meta)
    index = bytearray(b"\xff" * 256)
    for i, ch in enumerate(chars):
        if ord(ch) < 256:
            index[ord(ch)] = i
    assert len(chars) < 255, "glyph numbers are bytes, 255 meaning none"
    lines.append("# the glyph number of each Latin-1 code, 255 for none (a lookup, not CHARS.find)")
    lines += _bytes_lines("INDEX", bytes(index))
    lines.append("# MONO_HLSB rows, ceil(width / 8) bytes each, only the inked rows")
    lines += _bytes_lines("DATA", data)
    lines.append("")  # the reader of this layout is usher.ui.text.glyph()
    return "\n".join(lines)


def generate(out_dir: str = OUT_DIR, ttf: str | None = None) -> dict:
    """{file name: source} for every font, plus the package's __init__."""
    note = SOURCE_NOTE if not ttf else "Rendered from %s." % os.path.basename(ttf)
    files = {}
    index = ['"""Generated 1-bit fonts (host_tools/devkit/usher_devkit/fontgen.py); import one module at a time.', ""]
    for name, target, chars, why in FONTS:
        font = pick(target, chars, ttf)
        files[name + ".py"] = module_source(name, target, why, font, chars, note)
        index.append("%s: %s" % (name, why))
    index.append('"""')
    index.append("")
    index.append("# the characters every text font above draws, as (first, last) code point")
    index.append("# pairs: what a name may hold (usher.link.checks.undrawable)")
    index.append("NAME_RANGES = %r" % (ranges(NAME_CHARS),))
    index.append("")
    files["__init__.py"] = "\n".join(index)
    return files


def main(argv: list | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=OUT_DIR)
    ap.add_argument("--ttf", default=None, help="render this font file instead of Pillow's Aileron")
    ap.add_argument("--check", action="store_true", help="compare with the files in --out; exit 1 if different")
    args = ap.parse_args(argv)
    files = generate(args.out, args.ttf)
    stale = []
    for fname, src in files.items():
        path = os.path.join(args.out, fname)
        old = open(path).read() if os.path.exists(path) else None
        if old != src:
            stale.append(fname)
            if not args.check:
                os.makedirs(args.out, exist_ok=True)
                with open(path, "w") as f:
                    f.write(src)
    if args.check:
        for fname in stale:
            print("stale: %s" % fname)
        return 1 if stale else 0
    for fname in sorted(files):
        print("%s %s" % ("wrote" if fname in stale else "same ", os.path.join(args.out, fname)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
