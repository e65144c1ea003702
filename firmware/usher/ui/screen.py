"""Screens live on a stack owned by the app; the top one gets the events.

A screen repaints everything when `dirty` is set, and only what it knows
changed when `part` is set (e.g. two rows of a menu), so a press pushes few
pixels to the panel."""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated
    pass

from usher.ui import theme


class Screen:
    title = ""
    private = False  # a secret may be on screen: drawn only for its owner
    # it collects the heap itself at its next tick, before it allocates much
    # (Showtime's loader): App.tick's collection after the press would be a
    # second one in a row, ~5-13 ms of the press on the Pico
    collects = False

    def __init__(self) -> None:
        self.app: Any = None
        self.dirty = True
        self.part = False

    def open(self, app) -> None:
        self.app = app
        self.dirty = True
        self.on_open()

    def on_open(self) -> None:
        pass

    def on_close(self) -> None:
        pass

    def on_event(self, ev: str) -> None:
        if ev == "back":
            self.close()

    def close(self) -> None:
        if self.app is not None:
            self.app.pop(self)

    def refresh(self) -> None:
        self.dirty = True

    def spare(self) -> None:
        """This screen is the only one up and a laptop's link is about to load:
        give back the code it loads on demand, which its next press loads
        again (a files deploy keeps bytecode in RAM). Nothing by default."""

    def focus(self, p):
        """(y, h): the band of the screen the cursor is on, which a message
        bar must leave visible; None when nothing is under a cursor."""
        return None

    def draw(self, p, full: bool) -> None:
        if full:
            title_bar(p, self.title)


class RowScreen(Screen):
    """A screen of `rows` shown from `first` on (score tables, year ends)."""

    def __init__(self, rows: list) -> None:
        Screen.__init__(self)
        self.rows = rows
        self.first = 0

    def scroll(self, ev: str) -> bool:
        """next/prev move by a row, never past either end. True if the
        event was one of them."""
        if ev == "next":
            if self.first + 1 < len(self.rows):
                self.first += 1
                self.dirty = True
            return True
        if ev == "prev":
            if self.first > 0:
                self.first -= 1
                self.dirty = True
            return True
        return False


def title_h(p) -> int:
    return p.line_h("body") + 3


def title_bar(p, title: str, right: str = "") -> int:
    """Draw the title bar; return the y where content starts."""
    h = title_h(p)
    p.fill_rect(0, 0, p.w, h - 1, theme.SELECT)
    ink = p.ink_on(theme.SELECT)
    rw = p.text_w(right) + 4 if right else 0
    p.text(p.fit(title, p.w - 4 - rw), 2, 1, ink)
    if right:
        p.right(right, p.w - 2, 1, ink)
    return h


def find_screen(app, cls):
    """The first screen of class `cls` on the app's stack, or None."""
    for s in app.stack:
        if isinstance(s, cls):
            return s
    return None


def unwind_to(app, cls):
    """Close every screen above the first `cls` on the stack (a game's main
    screen after a step's chain of screens); return it, or None."""
    m = find_screen(app, cls)
    while app.stack and app.top() is not m:
        app.pop()
    return m
