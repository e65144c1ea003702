"""Render a TrueType/OpenType font into 1-bit font modules for the firmware.

    python -m usher_tools.fontgen            # regenerate firmware/usher/ui/fonts/
    python -m usher_tools.fontgen --check    # exit 1 if the committed modules are stale

By default the font is the one Pillow (>= 10.1) carries inside the wheel:
`ImageFont.load_default(size=N)` is Aileron Regular by Sora Sagano
(dotcolon.net), whose name table says "No Rights Reserved" (released as CC0),
so the generator runs on any clean machine with the pinned Pillow and the
output may ship in the firmware. `--ttf PATH` renders another font instead.

Glyphs are rendered with FreeType's hinted monochrome mode (crisper at these
sizes than thresholding anti-aliased output). Each module holds, for the
characters in CHARS: per-glyph metadata and MONO_HLSB row bitmaps cropped to
the rows that have ink, so a glyph costs ceil(width / 8) bytes per inked row.
"""

import argparse
import os
import sys

from PIL import Image, ImageDraw, ImageFont

from usher_tools.paths import FIRMWARE

OUT_DIR = os.path.join(FIRMWARE, "usher", "ui", "fonts")

ASCII = "".join(chr(c) for c in range(32, 127))
ELLIPSIS = "\x7f"  # DEL's slot holds the "..." glyph; text.fit() uses it
DIGITS = " +-./0123456789:"

# name, target line height in pixels, characters, why
FONTS = [
    ("sans12", 12, ASCII + ELLIPSIS, "OLED body text: 5 lines and ~21 characters across 128x64"),
    ("sans16", 16, ASCII + ELLIPSIS, "LCD tables and menus: 8 rows on the 135-pixel screen"),
    ("sans24", 24, ASCII + ELLIPSIS, "LCD titles and current player/value, readable at arm's length"),
    ("digits44", 44, DIGITS, "dice and scores across a table; 2 lines fit on the LCD"),
]

SOURCE_NOTE = (
    'Aileron Regular by Sora Sagano (dotcolon.net), "No Rights Reserved" (CC0),\n'
    "as bundled in Pillow %s (ImageFont.load_default)."
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
    """(top, bottom) of all the characters' 1-bit ink, relative to the ascent line."""
    font = _load(size, ttf)
    ascent, descent = font.getmetrics()
    top, bottom = 1 << 20, -(1 << 20)
    for ch in chars:
        box = font.getbbox(_real(ch), mode="1", anchor="ls")
        if box[2] > box[0] and box[3] > box[1]:
            top = min(top, box[1])
            bottom = max(bottom, box[3])
    return top + ascent, bottom + ascent


def render(size: int, chars: str, ttf: str | None = None) -> dict:
    """Render every character; return the font as plain data (see module doc)."""
    font = _load(size, ttf)
    ascent, descent = font.getmetrics()
    pad = size
    cells = []
    for ch in chars:
        adv = int(round(font.getlength(_real(ch))))
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
        cells.append((ch, adv, im, box, shift))
    inked = [c[3] for c in cells if c[3]]
    top = min(b[1] for b in inked)
    bottom = max(b[3] for b in inked)
    glyphs = []
    for ch, adv, im, box, shift in cells:
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
    chars_lit = repr(chars)
    lines = [
        '"""%s: %d px lines, %s.' % (name, font["height"], why),
        "",
        (note % PIL.__version__) if "%s" in note else note,
        "Rendered at size %d by host_tools/usher_tools/fontgen.py. Generated: do not edit." % font["size"],
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
    lines.append("# MONO_HLSB rows, ceil(width / 8) bytes each, only the inked rows")
    lines += _bytes_lines("DATA", data)
    lines.append("")  # the reader of this layout is usher.ui.text.glyph()
    return "\n".join(lines)


def generate(out_dir: str = OUT_DIR, ttf: str | None = None) -> dict:
    """{file name: source} for every font, plus the package's __init__."""
    note = SOURCE_NOTE if not ttf else "Rendered from %s." % os.path.basename(ttf)
    files = {}
    index = ['"""Generated 1-bit fonts (host_tools/usher_tools/fontgen.py); import one module at a time.', ""]
    for name, target, chars, why in FONTS:
        font = pick(target, chars, ttf)
        files[name + ".py"] = module_source(name, target, why, font, chars, note)
        index.append("%s: %s" % (name, why))
    index.append('"""')
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
