"""Dialogs: a yes/no question, a table of rows, a full-screen notice. Kept
apart from the menu and the number picker, which every game screen needs,
so a game in play does not carry them in RAM until one is opened."""

from usher.ui import theme
from usher.ui.screen import RowScreen, Screen, title_bar
from usher.words import t


class Confirm(Screen):
    """A yes/no question: OK = yes, back = no."""

    def __init__(self, question: str, on_yes, on_no=None, detail: str = "") -> None:
        Screen.__init__(self)
        self.title = t("Confirm")
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.on_no = on_no

    def on_event(self, ev: str) -> None:
        if ev == "ok":
            self.close()
            self.on_yes()
        elif ev == "back":
            self.close()
            if self.on_no is not None:
                self.on_no()

    def draw(self, p, full: bool) -> None:
        p.clear()
        y = title_bar(p, self.title) + 4
        for line in p.wrap(self.question, p.w - 8, "body"):
            p.center(line, y, theme.FG)
            y += p.line_h("body") + 2
        if self.detail:
            for line in p.wrap(self.detail, p.w - 8, "small"):
                p.center(line, y, theme.DIM, "small")
                y += p.line_h("small") + 1
        lh = p.line_h("small")
        p.text(t("OK=yes"), 4, p.h - lh - 1, theme.GOOD, "small")
        p.right(t("Back=no"), p.w - 4, p.h - lh - 1, theme.ERROR, "small")


class Table(RowScreen):
    """Rows of (player index or None, label, value), e.g. a score table.
    `ring`: players marked by a ring of their colour (Paint.swatch)."""

    def __init__(self, title: str, rows: list, on_ok=None, ring: bool = False) -> None:
        RowScreen.__init__(self, rows)
        self.title = title
        self.on_ok = on_ok
        self.ring = ring

    def on_event(self, ev: str) -> None:
        if self.scroll(ev):
            return
        if ev == "ok" and self.on_ok is not None:
            self.on_ok()
        elif ev in ("back", "ok"):
            self.close()

    def draw(self, p, full: bool) -> None:
        p.clear()
        y = title_bar(p, self.title)
        rh = p.line_h("body") + 3
        s = p.line_h("body") - 4
        for who, label, value in self.rows[self.first :]:
            if y + rh > p.h:
                break
            x = 4
            if who is not None:
                p.swatch(x, y + 3, s, who, self.ring)
                x += s + 5
            vw = p.text_w(str(value)) + 6
            p.text(p.fit(label, p.w - x - vw), x, y + 1, theme.FG)
            p.right(str(value), p.w - 4, y + 1, theme.ACCENT)
            y += rh


class Message(Screen):
    """A full-screen notice (a result, a warning); any key closes it."""

    def __init__(self, title: str, lines: list, colour: int = theme.FG, size: str = "body", then=None) -> None:
        Screen.__init__(self)
        self.title = title
        self.lines = lines
        self.colour = colour
        self.size = size
        self.then = then

    def on_event(self, ev: str) -> None:
        if ev in ("ok", "back"):
            self.close()
            if self.then is not None:
                self.then()

    def draw(self, p, full: bool) -> None:
        p.clear()
        y = title_bar(p, self.title)
        lh = p.line_h(self.size) + 2
        total = lh * len(self.lines)
        y += max(2, (p.h - y - total) // 2)
        for line in self.lines:
            p.center(line, y, self.colour, self.size)
            y += lh


def save_setting(app, key: str, value) -> bool:
    """Store one setting; a full flash is said, not raised."""
    try:
        app.settings.set(key, value)
    except OSError:
        app.toast(t("Flash full: not saved"))
        return False
    return True
