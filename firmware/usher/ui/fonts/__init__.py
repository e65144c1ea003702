"""Generated 1-bit fonts (host_tools/devkit/usher_devkit/fontgen.py); import one module at a time.

sans12: OLED body text: 5 lines and ~21 characters across 128x64
sans16: LCD tables and menus: 8 rows on the 135-pixel screen
sans24: LCD titles and current player/value, readable at arm's length
digits44: dice and scores across a table; 2 lines fit on the LCD
"""

# the characters every text font above draws, as (first, last) code point
# pairs: what a name may hold (usher.link.checks.undrawable)
NAME_RANGES = (32, 126, 161, 169, 171, 172, 174, 177, 180, 180, 182, 184, 187, 187, 191, 255)
