"""The font generator: committed modules are exactly what it makes, its packing
round-trips, sizes fit their targets, and the font's licence is recorded."""

import importlib.util
import os

import pytest
from PIL import ImageFont
from usher.ui import text
from usher_devkit import fontgen


@pytest.fixture(scope="module")
def generated():
    return fontgen.generate()


def load(name, src, tmp_path):
    path = tmp_path / (name + ".py")
    path.write_text(src)
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_committed_font_modules_are_what_the_generator_makes(generated):
    for fname, src in generated.items():
        path = os.path.join(fontgen.OUT_DIR, fname)
        assert os.path.exists(path), "run python -m usher_devkit.fontgen"
        with open(path) as f:
            assert f.read() == src, fname + " is stale: run python -m usher_devkit.fontgen"


def test_check_mode_reports_stale_files(tmp_path, capsys):
    assert fontgen.main(["--out", str(tmp_path), "--check"]) == 1
    assert "stale: sans16.py" in capsys.readouterr().out
    assert fontgen.main(["--out", str(tmp_path)]) == 0
    assert fontgen.main(["--out", str(tmp_path), "--check"]) == 0


def test_packed_bitmaps_decode_back_to_the_rendered_glyphs(generated, tmp_path):
    for name, target, chars, _ in fontgen.FONTS:
        font = fontgen.pick(target, chars)
        mod = load(name, generated[name + ".py"], tmp_path)
        assert mod.CHARS == chars
        for g in font["glyphs"]:
            off, adv, dx, w, top, rows = text.glyph(mod, g["char"])
            assert (adv, dx, w, top) == (g["advance"], g["xoff"], g["width"], g["top"])
            stride = (w + 7) // 8
            decoded = [
                [1 if mod.DATA[off + r * stride + (c >> 3)] & (0x80 >> (c & 7)) else 0 for c in range(w)]
                for r in range(rows)
            ]
            assert decoded == g["rows"], (name, g["char"])


def test_each_font_is_the_largest_size_whose_ink_fits_its_line(generated):
    for _, target, chars, _ in fontgen.FONTS:
        font = fontgen.pick(target, chars)
        assert font["height"] == target
        assert font["ink"] <= target
        assert fontgen.render(font["size"] + 1, chars)["height"] > target


def test_glyphs_match_pillow_own_1bit_rendering():
    """A 1-bit glyph is Pillow's hinted rendering, only moved sideways."""
    font = fontgen.pick(16, fontgen.ASCII)
    pil = ImageFont.load_default(size=font["size"])
    for g in font["glyphs"]:
        if not g["rows"]:
            continue
        mask, _ = pil.getmask2(g["char"], mode="1", anchor="ls")
        w, h = mask.size
        rows = [[1 if mask.getpixel((x, y)) else 0 for x in range(w)] for y in range(h)]
        inked = [y for y in range(h) if any(rows[y])]
        rows = rows[inked[0] : inked[-1] + 1]  # crop to the ink box, gaps inside kept
        cols = [x for x in range(w) if any(r[x] for r in rows)]
        rows = [r[cols[0] : cols[-1] + 1] for r in rows]
        assert rows == g["rows"], g["char"]


def test_modules_name_the_font_and_its_licence(generated):
    for name, *_ in fontgen.FONTS:
        head = generated[name + ".py"].split('"""')[1]
        assert "Aileron" in head and "CC0" in head and "Pillow" in head


def test_another_font_file_can_be_rendered(tmp_path):
    # the bundled Aileron, saved as a file, stands in for any TTF/OTF
    import base64
    import inspect
    import re

    b64 = re.search(r'b"""(.*?)"""', inspect.getsource(ImageFont.load_default), re.S).group(1)
    ttf = tmp_path / "font.otf"
    ttf.write_bytes(base64.b64decode(b64))
    files = fontgen.generate(ttf=str(ttf))
    assert "Rendered from font.otf" in files["sans16.py"]


def test_latin1_letters_are_real_glyphs_with_their_accents(generated, tmp_path):
    """Pillow's Aileron has no accented letter: each comes from its base letter
    and the accent of Aileron's Latin subset, never the "missing" box."""
    import unicodedata

    for name, _, chars, _ in fontgen.FONTS[:3]:
        mod = load(name, generated[name + ".py"], tmp_path)
        rows = {}
        for ch in chars:
            off, adv, dx, w, top, n = text.glyph(mod, ch)
            rows[ch] = (w, top, n, mod.DATA[off : off + ((w + 7) // 8) * n])
        for ch in fontgen.LATIN1:
            assert rows[ch][2] > 0, (name, ch)
            base = unicodedata.normalize("NFD", ch)[0]
            if base != ch:
                assert rows[ch] != rows[base], (name, ch)  # the accent is there
        shapes = [rows[ch] for ch in fontgen.LATIN1]
        assert len(set(shapes)) == len(shapes), name  # no two alike: no placeholder box
        for ch in "\u00e4\u00f6\u00fc\u00c4\u00d6\u00dc\u00df\u00e9\u00eb\u00f1":
            assert rows[ch][1] + rows[ch][2] <= mod.HEIGHT  # inside the line
