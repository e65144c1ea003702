"""The ST7789 driver's inner loop: 4-bit palette pixels to big-endian RGB565.

Kept in its own module because it is viper code: MicroPython compiles it to
machine code on the Pico (mpy-cross -march=armv6m) and on the unix port, but a
port without native emitters (the WebAssembly build) rejects the whole module
with SyntaxError, and st7789.py then falls back to its plain-Python copy. On
CPython the decorator does nothing and the same function runs as Python.
"""

try:
    import micropython
except ImportError:  # CPython: the decorator does nothing and ptr8 is a bytearray

    class micropython:  # type: ignore[no-redef]
        @staticmethod
        def viper(f):
            return f

    ptr8 = bytearray


@micropython.viper
def convert(src: ptr8, start: int, n: int, pal: ptr8, dst: ptr8, j: int):
    """Write n pixels of the GS4_HMSB buffer src, from pixel index start (even
    pixels in the high nibble), to dst[j:] as big-endian RGB565 looked up in
    pal (16 entries x 2 bytes, high byte first)."""
    i = start
    end = start + n
    while i < end:
        b = src[i >> 1]
        if i & 1:
            c = (b & 15) << 1
        else:
            c = (b >> 3) & 30
        dst[j] = pal[c]
        dst[j + 1] = pal[c + 1]
        j += 2
        i += 1
