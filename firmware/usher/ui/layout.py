"""Font sizes per panel: readable across a table on the 240x135 LCD, as
large as fits on the 128x64 OLED. Only this profile's fonts are imported."""


def fonts_for(w: int, h: int) -> dict:
    if w >= 200:
        from usher.ui.fonts import digits44, sans12, sans16, sans24

        return {"small": sans12, "body": sans16, "big": sans24, "huge": digits44}
    from usher.ui.fonts import digits44, sans12, sans16

    return {"small": sans12, "body": sans12, "big": sans16, "huge": digits44}
