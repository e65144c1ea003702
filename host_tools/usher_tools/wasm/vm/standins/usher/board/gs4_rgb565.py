"""The meter's stand-in for usher.board.gs4_rgb565 (viper code, which the
WebAssembly port cannot load or compile).

On that port the ST7789 driver would fall back to its plain-Python pixel
loop, correct but about six times slower over a whole game than everything
else the firmware does. The meter counts heap, not pixels, and the loop
allocates nothing, so this stand-in does no conversion: the frame buffer,
the line buffer and every allocation the driver makes stay as they are, and
the module is loaded, as the real one is on the Pico.

The web page (usher_tools.web) loads it too: there the page converts the
pushed region itself, from the driver's frame buffer and palette.
"""


def convert(src, start, n, pal, dst, j):
    pass
