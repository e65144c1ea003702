"""Show Manager on the device. The main screen is the turn page: "Anna · 4
cards" and one menu of the turn's steps still legal, in their order (borrow,
put on a show, refresh, the four hires), the cursor on "Hire free card" (or
on "Put on a show" when the hand is full), so a plain turn is one press.
After a move, until the next press, the page tells the turn under its
title (whose turn it is, always): the mover's steps so far, or at a new
turn the previous player's whole turn ("Anna put on Wolf in Koeln, hired
free"), with the row under the cursor below it, so that press does what it
says; a turn too long for that (the OLED) is told a page a press, the last
page above that row.
Past the last row (or above the first) prev/next go on to a page a city and
the scores, then round to the menu again; OK on a page comes back to the
turn. Back opens the game menu, with "Peek my money" added.

Every hire row and the refresh row are shown whenever a hire is allowed,
affordable or not: hiding one would tell the table a player's money. The
borrow and show flows, the side pages and the menu's own entries are
modules of their own, loaded when used and dropped when the turn page
comes back (a move, an undo, OK on a page): a game holds the code of one
flow at a time."""

from usher.games.show_manager.game import GAME
from usher.memory import collect_for_move, unload
from usher.ui import theme
from usher.ui.screen import find_screen, title_h, unwind_to
from usher.ui.show_manager.draw import DOT, MORE, marks, name, rich, title, wrap
from usher.ui.widgets import Menu
from usher.words import t

# what a flow or a look aside loads, dropped when the turn page is back
FLOWS = (
    "usher.ui.show_manager.show",
    "usher.ui.show_manager.borrow",
    "usher.ui.show_manager.entries",
    "usher.ui.show_manager.pages",
    "usher.ui.show_manager.menu",
    "usher.ui.show_manager.undo",
    "usher.ui.ingame",
    "usher.ui.dialogs",
    "usher.ui.private",
)


def rows(state: dict) -> list:
    """The turn's legal steps: [(label, kind, space)], in the turn's order."""
    s = state
    kinds = [e.kind for e in GAME.expects(s)]
    out = []
    if "loan" in kinds:
        out.append((t("Borrow") + MORE, "loan", 0))
    if "show" in kinds:
        out.append((t("Put on a show") + MORE, "show", 0))
    if "hire" in kinds:
        out.append((t("Refresh display %s") % marks(s["refresh"]), "refresh", 0))
        for i, c in enumerate(s["hire"]):
            out.append((t("Hire for %s") % marks(c) if i else t("Hire free card"), "hire", i))
    return out


def cursor(rs: list) -> int:
    """Where the cursor starts: the free hire, else the show, else the first row."""
    for want in ("hire", "show"):
        for i, r in enumerate(rs):
            if r[1] == want:
                return i
    return 0


class Main(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, "", [])
        self.page = 0  # 0: the turn's menu; 1..: the side pages (usher.ui.show_manager.pages)
        self.steps: list = []
        # the turn told (undo.told) until the next press, its `lines` wrapped
        # for the panel: drawn over the menu's rows under the title, above the
        # cursor's, where there are enough (`band`: y, height), which the
        # next press draws again in part (`restore`), as a cursor move does; else on a
        # page of its own: the rest of it from line `shown` above the
        # cursor's row when it fits there (`through`, `fit` lines: that
        # press then does what it says), else a page of `per` lines a press
        self.told = ""
        self.lines: list = []
        self.band: tuple = ()
        self.restore: tuple = ()
        self.through = True
        self.shown = 0
        self.per = 1
        self.fit = 1

    def on_open(self) -> None:
        self.reload()

    def reload(self, collect: bool = True) -> None:
        """The state changed (a move, an undo): the turn's menu again.
        `collect` False: the flows go uncollected, left to the app's sweep
        after the frame (a move's press: ~12 ms less to its answer)."""
        unload(FLOWS, then_collect=collect)
        st = self.app.match.state
        self.page = 0
        self.told = ""  # act() tells a move after this
        self.steps = rows(st)
        if st["turn"] < 0:
            self.title = t("Game over")
            self.items = [(t("Final standings"), lambda: menu().final(self.app)), (t("Home"), self.app.home)]
        else:
            q = st["turn"]
            h = st["hand"][q]
            self.title = (t("%s %s %d card") if h == 1 else t("%s %s %d cards")) % (name(st, q), DOT, h)
            self.items = [(r[0], self.chooser(r)) for r in self.steps]
        self.sel = cursor(self.steps)
        self.top = 0
        self.dirty = True

    def chooser(self, row: tuple):
        return lambda: choose(self.app, row[1], row[2])

    def npages(self) -> int:
        return len(self.app.match.state["cities"]) + 2  # the menu, a page a city, the scores

    def on_event(self, ev: str) -> None:
        n = len(self.items)
        if self.told:
            if self.band:  # the rows under it again, with the press's own (a refusal's too)
                self.restore = self.band
                self.old = self.sel
                self.part = True
            else:
                self.dirty = True  # the menu again, on the whole panel
            if self.lines and not self.through and ev not in ("back", "back_long"):
                self.shown += self.per  # a page of the told turn read: the next, the last above the row
                self.through = len(self.lines) - self.shown <= self.fit
                return
            self.told = ""
        if ev in ("back", "back_long"):
            from usher.ui.ingame import GameMenu

            app = self.app
            app.push(GameMenu(extras(app), (t("Scores"), lambda: menu().scores(app)), lambda: menu().final(app), ask))
        elif self.page:
            if ev == "ok":
                self.reload()  # from a page, OK first comes back to the turn
            elif ev in ("next", "prev"):
                k = self.page + (1 if ev == "next" else -1)
                if k <= 0 or k >= self.npages():
                    self.page = 0
                    self.sel = 0 if ev == "next" else n - 1
                else:
                    self.page = k
                self.dirty = True
        elif ev == "next" and self.sel == n - 1 or ev == "prev" and self.sel == 0:
            self.page = 1 if ev == "next" else self.npages() - 1  # past the rows: the pages
            self.dirty = True
        else:
            Menu.on_event(self, ev)

    def draw(self, p, full: bool) -> None:
        st = self.app.match.state
        if self.page:
            from usher.ui.show_manager.pages import draw_page

            draw_page(p, st, self.page - 1, "%d/%d" % (self.page + 1, self.npages()))
            return
        if self.told:
            self.draw_told(p, st)
            return
        Menu.draw(self, p, full)  # the rows (and the scroll bar when they are more than the panel's)
        # the title with the player's mark, the dot and the page of the ring, as on the city pages
        if self.whole:  # Menu.draw repainted the panel (full, or a scroll)
            title(p, self.title, "1/%d" % self.npages(), st["turn"])
        elif self.restore:  # the rows the told turn was drawn over
            y, h = self.restore
            p.fill_rect(0, y, p.w, h, theme.BG)
            rh = self.row_h(p)
            y0 = title_h(p)
            for i in range(self.top, min(len(self.items), self.top + self.rows(p))):
                ry = y0 + (i - self.top) * rh
                if ry + rh > y and ry < y + h:
                    self.draw_row(p, i)
            if len(self.items) > self.rows(p):
                self.scroll_bar(p, self.top, len(self.items), self.rows(p), y, y + h)
        self.restore = ()

    def draw_told(self, p, st: dict) -> None:
        """The title (whose turn it is), the turn told, and the row under the
        cursor: the menu, the told turn over its rows under the title where
        there are enough above the cursor's, else on a page of its own above
        the cursor's row; a turn too long for that, a page of it at a time."""
        lcd = p.h >= 100
        lh = p.line_h("body")
        pitch = lh + (2 if lcd else 0)
        rh = self.row_h(p)
        y0 = title_h(p)
        if not self.lines:
            self.lines = wrap(p, self.told.split(" "), p.w - 6)
            need = len(self.lines) * pitch - pitch + lh + 3  # and a rule
            rows = self.rows(p)
            top = min(self.top, self.sel)  # where Menu.draw will have it
            if self.sel >= top + rows:
                top = self.sel - rows + 1
            k = (need + rh - 1) // rh  # rows it covers, under the title: as few as it needs
            self.band = (y0, k * rh) if self.sel - top >= k else ()
            y = y0 + (1 if lcd else 0)
            crh = rh if lcd else lh + 1  # the cursor's row on a page of its own: the OLED's tighter, three lines above
            self.fit = (p.h - y - crh) // pitch
            self.through = bool(self.band) or len(self.lines) <= self.fit
            self.per = max(1, (p.h - y) // pitch - 1)  # a page, and a line for its hint
            self.shown = 0
        if self.band:  # the menu, the told turn over its rows under the title
            Menu.draw(self, p, True)
            title(p, self.title, "1/%d" % self.npages(), st["turn"])
            y, h = self.band
            p.fill_rect(0, y, p.w, h, theme.BG)
            p.hline(0, y + h - 2, p.w, theme.DIM)  # a rule between it and the rows
            for ln in self.lines:
                rich(p, ln, 3, y, theme.ACCENT)  # apart from the rows
                y += pitch
            return
        p.clear()
        y = title(p, self.title, "1/%d" % self.npages(), st["turn"]) + (1 if lcd else 0)
        if self.through:
            for ln in self.lines[self.shown :]:
                rich(p, ln, 3, y, theme.ACCENT)
                y += pitch
            crh = rh if lcd else lh + 1
            y = p.h - crh
            p.fill_rect(0, y, p.w, crh, theme.SELECT)
            p.text(p.fit(self.items[self.sel][0], p.w - 6), 4, y + (crh - lh) // 2, p.ink_on(theme.SELECT))
            return
        for ln in self.lines[self.shown : self.shown + self.per]:
            rich(p, ln, 3, y, theme.ACCENT)
            y += pitch
        p.right(t("OK: more"), p.w - 3, p.h - p.line_h("small") - 1, theme.DIM, "small")


def menu():
    """The game menu's own entries and the end of the game, loaded on first use."""
    from usher.ui.show_manager import menu

    return menu


def open(app) -> None:
    app.push(Main())


def main_of(app):
    return find_screen(app, Main)


def back_to_main(app, collect: bool = True) -> None:
    m = unwind_to(app, Main)
    if m is not None:
        m.reload(collect)


def act(app, action: dict) -> bool:
    """Submit a move, then the turn page again, the turn told (or the
    standings at the end). A refusal stays on the screen that made it, as a
    message."""
    collect_for_move()  # start the move on a swept heap (the collection itself: MicroPython only)
    if not app.submit(action):
        return False
    over = app.match.is_over()
    said = ""
    if not over:  # at the end the standings follow: nothing to tell
        from usher.ui.show_manager.undo import told

        said = told(app.match)  # the turn so far, or the whole turn just ended, for the next player
    back_to_main(app, False)  # which lets go of the flows' modules, undo's too
    m = main_of(app)
    if m is not None and not over:
        m.told = said
        m.lines = []  # wrapped, and where it goes, when drawn
        m.band = ()
        m.through = True
    if over:
        menu().final(app)
    return True


def choose(app, kind: str, space: int) -> None:
    q = app.match.state["turn"]
    if kind == "hire":
        act(app, {"t": "hire", "p": q, "pos": space})
    elif kind == "refresh":
        act(app, {"t": "refresh", "p": q})
    elif kind == "loan":
        from usher.ui.show_manager.borrow import start

        start(app, act)
    else:
        from usher.ui.show_manager.show import start

        start(app, act)


def ask(match) -> str:
    from usher.ui.show_manager.undo import ask

    return ask(match)


def extras(app) -> list:
    if app.match.is_over():
        return []
    return [(t("Peek my money"), lambda: menu().peek_who(app, lambda: back_to_main(app)))]
