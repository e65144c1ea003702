"""The CPython stand-in for `framebuf` (the dev kit's) against MicroPython's
own: the same rectangles, lines and fills, clipped at every edge, leave the
same bytes in every buffer format the firmware draws in. Its quick paths
(whole bytes a slice at a time) must be exactly the per-pixel path."""

import json
import random

from tooling import micropython

FORMATS = {"MONO_VLSB": 0, "RGB565": 1, "GS4_HMSB": 2, "MONO_HLSB": 3, "GS2_HMSB": 5, "GS8": 6}
W, H = 37, 21  # odd on purpose: half bytes, part pages, stride rounding
BYTES = {0: ((H + 7) // 8) * W, 1: W * H * 2, 2: (W + 1) * H // 2, 3: (W + 7) // 8 * H, 5: (W + 3) // 4 * H, 6: W * H}


def ops(seed: int) -> list:
    rng = random.Random(seed)
    out = []
    for _ in range(60):
        kind = rng.choice(["fill_rect", "fill_rect", "rect", "hline", "vline", "line", "pixel"])
        x, y = rng.randrange(-8, W + 4), rng.randrange(-8, H + 4)
        w, h = rng.randrange(0, W + 6), rng.randrange(0, H + 6)
        c = rng.choice([0, 1, 2, 3, 7, 15, 255, 0x1234, 0xFFFF])
        if kind in ("fill_rect", "rect"):
            out.append([kind, x, y, w, h, c])
        elif kind == "hline":
            out.append([kind, x, y, w, c])
        elif kind == "vline":
            out.append([kind, x, y, h, c])
        elif kind == "line":
            out.append([kind, x, y, x + w - 4, y + h - 4, c])
        else:
            out.append([kind, x, y, c])
    out.append(["fill", 5])
    out.append(["fill_rect", 3, 2, 9, 12, 0])
    return out


PROGRAM = """
import framebuf, json, sys
job = json.loads(sys.stdin.read())
out = {}
for fmt, n, steps in job:
    buf = bytearray(n)
    fb = framebuf.FrameBuffer(buf, %d, %d, fmt)
    for s in steps:
        getattr(fb, s[0])(*s[1:])
    out[str(fmt)] = buf.hex()
print(json.dumps(out))
""" % (W, H)


def standin(fmt: int, steps: list) -> str:
    from usher_devkit.kit import framebuf

    buf = bytearray(BYTES[fmt])
    fb = framebuf.FrameBuffer(buf, W, H, fmt)
    for s in steps:
        getattr(fb, s[0])(*s[1:])
    return buf.hex()


def test_the_standin_leaves_micropythons_bytes_in_every_format(tmp_path):
    job = [[fmt, BYTES[fmt], ops(fmt * 7 + 1)] for fmt in FORMATS.values()]
    prog = tmp_path / "fb.py"
    prog.write_text(PROGRAM)
    proc = micropython([str(prog)], input=json.dumps(job))
    assert proc.returncode == 0, proc.stderr
    real = json.loads(proc.stdout)
    for name, fmt in FORMATS.items():
        assert standin(fmt, job[[j[0] for j in job].index(fmt)][2]) == real[str(fmt)], name


def test_the_quick_fills_are_the_per_pixel_path():
    from usher_devkit.kit import framebuf

    for fmt in FORMATS.values():
        for seed in range(20):
            steps = [s for s in ops(seed) if s[0] in ("fill_rect", "fill")]
            quick = standin(fmt, steps)
            saved = framebuf._FILL.pop(fmt, None)
            try:
                slow = standin(fmt, steps)
            finally:
                if saved is not None:
                    framebuf._FILL[fmt] = saved
            assert quick == slow, (fmt, seed)


def test_a_blit_through_a_palette_with_a_key_is_micropythons(tmp_path):
    """How the firmware draws a glyph (usher.ui.text): a 1-bit source, a
    2-entry palette, the key compared after the lookup; placed past every edge."""
    rng = random.Random(5)
    job = []
    for fmt in FORMATS.values():
        for _ in range(12):
            sw, sh = rng.randrange(1, 19), rng.randrange(1, 11)
            src = [rng.randrange(256) for _ in range((sw + 7) // 8 * sh)]
            pal = [rng.choice([0, 3, 9, 15]), rng.choice([1, 7, 15, 255])]
            x, y = rng.randrange(-sw - 1, W + 1), rng.randrange(-sh - 1, H + 1)
            key = rng.choice([-1, pal[0], pal[1]])
            job.append([fmt, BYTES[fmt], sw, sh, src, pal, x, y, key])
    prog = tmp_path / "blit.py"
    prog.write_text(BLIT % (W, H))
    proc = micropython([str(prog)], input=json.dumps(job))
    assert proc.returncode == 0, proc.stderr
    assert blits(job) == json.loads(proc.stdout)


BLIT = """
import framebuf, json, sys
out = []
for fmt, n, sw, sh, src, pal, x, y, key in json.loads(sys.stdin.read()):
    buf = bytearray(n)
    fb = framebuf.FrameBuffer(buf, %d, %d, fmt)
    fb.fill(2)
    p = framebuf.FrameBuffer(bytearray(pal), 2, 1, framebuf.GS8)
    fb.blit(framebuf.FrameBuffer(bytearray(src), sw, sh, framebuf.MONO_HLSB), x, y, key, p)
    out.append(buf.hex())
print(json.dumps(out))
"""


def blits(job: list) -> list:
    from usher_devkit.kit import framebuf

    out = []
    for fmt, n, sw, sh, src, pal, x, y, key in job:
        buf = bytearray(n)
        fb = framebuf.FrameBuffer(buf, W, H, fmt)
        fb.fill(2)
        p = framebuf.FrameBuffer(bytearray(pal), 2, 1, framebuf.GS8)
        fb.blit(framebuf.FrameBuffer(bytearray(src), sw, sh, framebuf.MONO_HLSB), x, y, key, p)
        out.append(buf.hex())
    return out
