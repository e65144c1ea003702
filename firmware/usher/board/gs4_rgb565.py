"""The ST7789 driver's inner loop: 4-bit palette pixels to big-endian RGB565.

Kept in its own module because it is viper code: MicroPython compiles it to
machine code on the Pico (mpy-cross -march=armv6m) and on the unix port. A
port without native emitters (the WebAssembly build) rejects the whole module
with SyntaxError, and CPython has no `micropython` to import (ImportError);
st7789.py then uses its plain-Python copy, which gives the same bytes.

It goes a frame-buffer byte (two pixels) at a time: `pairs` is the driver's
table of the 256 byte values as their two RGB565 pixels, one 32-bit word
each, so a byte costs one load from the table and one store. On the emulated
RP2040 a full 240x135 frame converts in ~8 ms, where a pixel-at-a-time loop
took ~34 ms. The loop runs on its first three locals (src, start, n), the
ones viper keeps in registers on the Cortex-M0+.
"""

import micropython

try:
    from typing import TYPE_CHECKING
except ImportError:  # MicroPython: viper knows its pointer types without an import
    TYPE_CHECKING = False  # type: ignore[misc]
if TYPE_CHECKING:  # for the checkers: the buffers the driver passes, and the rp2 stubs' ptr32
    from _mpy_shed._mpy_builtins import ptr32

    ptr8 = bytearray


@micropython.viper
def convert(src: ptr8, start: int, n: int, pairs: ptr8, dst: ptr8, j: int):
    """Write n pixels of the GS4_HMSB buffer src, from pixel index start (even
    pixels in the high nibble), to dst[j:] as big-endian RGB565. pairs holds,
    for each byte value v, its high-nibble pixel then its low-nibble pixel,
    each high byte first: pairs[4v:4v+4].

    start and n must be even and dst + j a multiple of 4 (the Cortex-M0+
    faults on an unaligned word store); the driver widens a region to even
    columns so that every row it converts is."""
    t = ptr32(pairs)
    # d[s] is the word of source byte s
    d = ptr32(int(ptr32(dst)) + j - ((start >> 1) << 2))
    n = (start + n) >> 1
    start = start >> 1
    while start < n:
        d[start] = t[src[start]]
        start += 1
