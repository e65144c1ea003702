"""A 5x7 pixel font of digits and a few capitals, for labels in cells too
small for the proportional fonts (the 4-row auditorium on the 128x64 OLED).
Same layout as the generated fonts, so usher.ui.text draws it."""

HEIGHT = 7
BASELINE = 7
MAXBYTES = 7
CHARS = " 0123456789CENRS"

# 7 bytes a glyph, as in the generated fonts: data offset (lo, hi), advance,
# ink x offset, ink width, top row, rows
META = (
    b"\x00\x00\x06\x00\x05\x00\x07\x07\x00\x06\x00\x05\x00\x07\x0e\x00\x06\x00\x05\x00\x07\x15\x00\x06\x00\x05\x00\x07"
    b"\x1c\x00\x06\x00\x05\x00\x07#\x00\x06\x00\x05\x00\x07*\x00\x06\x00\x05\x00\x071\x00\x06\x00\x05\x00\x07"
    b"8\x00\x06\x00\x05\x00\x07?\x00\x06\x00\x05\x00\x07F\x00\x06\x00\x05\x00\x07M\x00\x06\x00\x05\x00\x07"
    b"T\x00\x06\x00\x05\x00\x07[\x00\x06\x00\x05\x00\x07b\x00\x06\x00\x05\x00\x07i\x00\x06\x00\x05\x00\x07"
)
# MONO_HLSB rows, one byte each, leftmost pixel = MSB; drawn from these rows
# (one line a glyph, in CHARS order; # = ink):
#   .....|.....|.....|.....|.....|.....|.....
#   .###.|#...#|#..##|#.#.#|##..#|#...#|.###.
#   ..#..|.##..|..#..|..#..|..#..|..#..|.###.
#   .###.|#...#|....#|...#.|..#..|.#...|#####
#   ####.|....#|....#|.###.|....#|....#|####.
#   ...#.|..##.|.#.#.|#..#.|#####|...#.|...#.
#   #####|#....|####.|....#|....#|#...#|.###.
#   ..##.|.#...|#....|####.|#...#|#...#|.###.
#   #####|....#|...#.|..#..|.#...|.#...|.#...
#   .###.|#...#|#...#|.###.|#...#|#...#|.###.
#   .###.|#...#|#...#|.####|....#|...#.|.##..
#   .###.|#...#|#....|#....|#....|#...#|.###.
#   #####|#....|#....|####.|#....|#....|#####
#   #...#|##..#|#.#.#|#..##|#...#|#...#|#...#
#   ####.|#...#|#...#|####.|#.#..|#..#.|#...#
#   .####|#....|#....|.###.|....#|....#|####.
DATA = (
    b"\x00\x00\x00\x00\x00\x00\x00p\x88\x98\xa8\xc8\x88p `    pp\x88\x08\x10 @\xf8"
    b"\xf0\x08\x08p\x08\x08\xf0\x100P\x90\xf8\x10\x10\xf8\x80\xf0\x08\x08\x88p0@\x80\xf0\x88\x88p"
    b"\xf8\x08\x10 @@@p\x88\x88p\x88\x88pp\x88\x88x\x08\x10`p\x88\x80\x80\x80\x88p"
    b"\xf8\x80\x80\xf0\x80\x80\xf8\x88\xc8\xa8\x98\x88\x88\x88\xf0\x88\x88\xf0\xa0\x90\x88x\x80\x80p\x08\x08\xf0"
)
