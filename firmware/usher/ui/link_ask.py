"""The laptop asks for something only the device's owner may allow (a game
with secrets sent before its end, a game deleted): the question, OK or Back.

Its own module, in usher.memory.LINK: it comes and goes with the link,
so a sync in the middle of a game does not leave Home's code in the heap
for the rest of the game (a files deploy keeps bytecode in RAM)."""

from usher.ui import theme
from usher.ui.screen import Screen, title_bar
from usher.words import N_, t


class LinkAsk(Screen):
    """The laptop asks for something that needs the owner's press; the text
    says exactly what (which names, which game). prev/next scroll a text
    longer than the screen."""

    title = N_("Laptop asks")

    def __init__(self, ask: str, link) -> None:
        Screen.__init__(self)
        self.ask = ask
        self.link = link
        self.first = 0  # the first line shown
        self.more = False  # lines below the screen

    def on_event(self, ev: str) -> None:
        link = self.link
        if ev == "ok":
            link.answer(True)
        elif ev == "back":
            link.answer(False)
        elif ev == "next" and self.more:
            self.first += 1
            self.dirty = True
        elif ev == "prev" and self.first:
            self.first -= 1
            self.dirty = True

    def draw(self, p, full: bool) -> None:
        p.clear()
        y = title_bar(p, t(self.title), t("more") if self.more else "") + 2
        lh = p.line_h("small")
        bottom = p.h - lh - 2
        lines = p.wrap(self.ask, p.w - 6, "body")
        step = p.line_h("body") + 1
        i = self.first
        while i < len(lines) and y + step <= bottom:
            p.center(lines[i], y, theme.ACCENT)
            y += step
            i += 1
        more = i < len(lines)
        if more != self.more:
            self.more = more
            title_bar(p, t(self.title), t("more") if more else "")
        p.text(t("OK=allow"), 4, p.h - lh - 1, theme.GOOD, "small")
        p.right(t("Back=refuse"), p.w - 4, p.h - lh - 1, theme.ERROR, "small")
