"""An idle screen: dimmed after Settings' "Dim after" minutes, the panel
asleep at twice that; woken by a press (which does nothing else) or by the
laptop. Imported by the app only when a stage changes, so its code is not
in the heap while the screen is lit (the app's tick checks the time alone)."""

DIM = 5  # the brightness of an idle screen, in % (Settings "idle": minutes to it)


def doze(app, stage: int) -> None:
    """Dim (1) or put the panel to sleep (2)."""
    app.rest = stage
    hw = app.hw
    if hw.backlight is not None:
        hw.backlight(DIM if stage == 1 else 0)  # the OLED: contrast, then display off
    if stage == 2 and hasattr(hw.display, "sleep"):
        hw.display.sleep(True)


def wake(app) -> None:
    if app.rest == 2 and hasattr(app.hw.display, "sleep"):
        app.hw.display.sleep(False)
    app.rest = 0
    app.apply_brightness()
