"""Typing a name with four buttons: prev/next choose a letter, OK adds it,
back deletes one (on an empty name: cancel), a long OK finishes. After the
small letters come the German and a few neighbours' accented letters (prev
from the space reaches them): every one is drawn by the fonts (Latin-1)."""

from usher.ui import theme
from usher.ui.screen import Screen, title_bar, title_h
from usher.words import t

LETTERS = (
    " ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-'."
    "\u00e4\u00f6\u00fc\u00df\u00c4\u00d6\u00dc"  # a o u umlaut, sharp s, A O U umlaut
    "\u00e9\u00e8\u00ea\u00e1\u00e0\u00e7\u00f1\u00c9"  # e a with accents, c cedilla, n tilde, E acute
)
MAX_LEN = 10


class TextEntry(Screen):
    def __init__(self, title: str, value: str, on_done, on_cancel=None) -> None:
        Screen.__init__(self)
        self.title = title
        self.value = value[:MAX_LEN]
        self.on_done = on_done
        self.on_cancel = on_cancel
        self.i = 1  # 'A'

    def on_event(self, ev: str) -> None:
        n = len(LETTERS)
        if ev in ("next", "prev"):
            self.i = (self.i + (1 if ev == "next" else -1)) % n
        elif ev in ("next_long", "prev_long"):
            # jump between capitals and small letters
            self.i = (self.i + (26 if ev == "next_long" else -26)) % n
        elif ev == "ok":
            if len(self.value) < MAX_LEN:
                self.value += LETTERS[self.i]
                if self.i <= 26 and len(self.value) == 1:
                    self.i += 26  # after a capital, small letters come next
        elif ev == "back":
            if self.value:
                self.value = self.value[:-1]
            elif self.on_cancel is not None:
                self.on_cancel()
                return
            else:
                self.close()
                return
        elif ev == "ok_long":
            name = self.value.strip()
            if name:
                self.on_done(name)
            return
        self.dirty = True

    def letters_y(self, p) -> int:
        """Where the line of letters to choose from (the cursor) is drawn."""
        return title_h(p) + 4 + p.line_h("big" if p.font("big") is not None else "body") + 6

    def focus(self, p):
        return self.letters_y(p), p.line_h("body")

    def draw(self, p, full: bool) -> None:
        p.clear()
        y = title_bar(p, self.title) + 4
        p.center(self.value + "_", y, theme.FG, "big" if p.font("big") is not None else "body")
        y = self.letters_y(p)
        c = LETTERS[self.i]
        prev = LETTERS[(self.i - 1) % len(LETTERS)]
        nxt = LETTERS[(self.i + 1) % len(LETTERS)]
        p.center("%s [%s] %s" % (prev, "sp" if c == " " else c, nxt), y, theme.ACCENT)
        p.center(t("OK add  Back del  hold OK done"), p.h - p.line_h("small") - 1, theme.DIM, "small")
