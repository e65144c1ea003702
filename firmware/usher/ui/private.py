"""Entering a secret: "pass to Anna", Anna enters it, then a blank "pass back"
screen, so nothing of the secret stays on the panel or in the frame buffer."""

from usher.ui import theme
from usher.ui.screen import Screen
from usher.ui.widgets import NumberPicker
from usher.words import t


class PassTo(Screen):
    def __init__(self, name: str, player: int, then, ring: bool = False) -> None:
        Screen.__init__(self)
        self.name = name
        self.player = player
        self.then = then  # called to push the private entry screen
        self.ring = ring  # the player's mark as a ring (Paint.swatch)

    def on_event(self, ev: str) -> None:
        if ev == "ok":
            self.then()

    def draw(self, p, full: bool) -> None:
        p.clear()
        big = "big" if p.font("big") is not None else "body"
        # "Pass to" whole above the name (the OLED's 64 rows: no room to centre all four lines)
        y = max(p.h // 2 - p.line_h(big) - 4, p.line_h("body") + 2)
        p.center(t("Pass to"), y - p.line_h("body") - 2, theme.DIM)
        s = p.line_h("body")
        w = p.text_w(self.name, big)
        x = (p.w - w - s - 6) // 2
        p.swatch(x, y + (p.line_h(big) - s) // 2, s, self.player, self.ring)
        p.text(self.name, x + s + 6, y, theme.player(self.player) if not p.mono else theme.FG, big)
        p.center(t("OK when only"), y + p.line_h(big) + 6, theme.FG, "small")
        p.center(t("%s can see") % self.name, y + p.line_h(big) + 8 + p.line_h("small"), theme.FG, "small")


class PassBack(Screen):
    def __init__(self, then) -> None:
        Screen.__init__(self)
        self.then = then

    def on_event(self, ev: str) -> None:
        if ev == "ok":
            self.then()

    def draw(self, p, full: bool) -> None:
        p.clear()  # the whole buffer: no pixel of the secret survives
        p.center(t("Pass back"), p.h // 2 - p.line_h("body"), theme.FG)
        p.center(t("then OK"), p.h // 2 + 2, theme.DIM, "small")


class SecretNumber(NumberPicker):
    private = True


def private_number(
    app,
    name: str,
    player: int,
    title: str,
    lo: int,
    hi: int,
    on_value,
    value: int = 0,
    hint: str = "",
    ring: bool = False,
) -> None:
    """Run the whole private flow; on_value(n) is called after the pass-back
    screen is confirmed, so the next screen never shows over the secret.
    `hint`: the picker's line under the number in place of its range;
    `ring`: the player's mark on "pass to" as a ring."""
    got = [None]

    def entered(n: int) -> None:
        got[0] = n  # type: ignore[call-overload]
        app.replace(PassBack(done))

    def done() -> None:
        app.pop()
        on_value(got[0])

    def cancelled() -> None:
        app.replace(PassBack(lambda: app.pop()))

    def enter() -> None:
        pk = SecretNumber(title, lo, hi, value, entered, on_cancel=cancelled)
        pk.hint = hint
        app.replace(pk)

    app.push(PassTo(name, player, enter, ring))
