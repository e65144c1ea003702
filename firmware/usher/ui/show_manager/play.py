"""Show Manager on the device. The main screen is the turn page: "Anna · 4
cards" and one menu of the turn's steps still legal, in their order (borrow,
put on a show, refresh, the four hires), the cursor on "Hire free card" (or
on "Put on a show" when the hand is full), so a plain turn is one press.
Past the last row (or above the first) prev/next go on to a page a city and
the scores, then round to the menu again; OK on a page comes back to the
turn. Back opens the game menu, with "Peek my money" added.

Every hire row and the refresh row are shown whenever a hire is allowed,
affordable or not: hiding one would tell the table a player's money. The
borrow and show flows, the side pages and the menu's own entries are
modules of their own, loaded when used and dropped when the turn page
comes back (a move, an undo, OK on a page): a game holds the code of one
flow at a time."""

from usher.games.show_manager import GAME
from usher.ui.modules import collect_for_move, unload
from usher.ui.screen import find_screen, unwind_to
from usher.ui.show_manager.draw import DOT, MORE, marks, name, title
from usher.ui.widgets import Menu

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
        out.append(("Borrow" + MORE, "loan", 0))
    if "show" in kinds:
        out.append(("Put on a show" + MORE, "show", 0))
    if "hire" in kinds:
        out.append(("Refresh display " + marks(s["refresh"]), "refresh", 0))
        for i, c in enumerate(s["hire"]):
            out.append(("Hire for " + marks(c) if i else "Hire free card", "hire", i))
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
        # the move just made, in the title until the next press: a refresh's
        # price ("Display refreshed: 2,000"), or what the player did ("Anna
        # hired for 2,000"), with the mark of the player who made it
        self.note = ""
        self.told = ""
        self.who = -1
        self.retitle = False  # the title is drawn again at the next press, even when only two rows are

    def on_open(self) -> None:
        self.reload()

    def reload(self) -> None:
        """The state changed (a move, an undo): the turn's menu again."""
        unload(FLOWS)
        st = self.app.match.state
        self.page = 0
        self.steps = rows(st)
        if st["turn"] < 0:
            self.title = "Game over"
            self.items = [("Final standings", lambda: menu().final(self.app)), ("Home", self.app.home)]
        else:
            q = st["turn"]
            h = st["hand"][q]
            self.title = "%s %s %d card%s" % (name(st, q), DOT, h, "" if h == 1 else "s")
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
        if self.note or self.told:
            self.note = self.told = ""
            self.dirty = True
            self.retitle = True
        if ev in ("back", "back_long"):
            from usher.ui.ingame import GameMenu

            app = self.app
            app.push(GameMenu(extras(app), ("Scores", lambda: menu().scores(app)), lambda: menu().final(app), ask))
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
            if self.part and self.retitle:
                self.dirty = False  # a cursor move: its two rows and the title, not the panel (~24 ms of OLED)

    def draw(self, p, full: bool) -> None:
        st = self.app.match.state
        if self.page:
            from usher.ui.show_manager.pages import draw_page

            draw_page(p, st, self.page - 1, "%d/%d" % (self.page + 1, self.npages()))
            return
        Menu.draw(self, p, full)  # the rows (and the scroll bar when they are more than the panel's)
        # the title with the player's mark, the dot and the page of the ring, as on the city pages
        if self.whole or self.retitle:  # whole: Menu.draw repainted the panel (full, or a scroll)
            s = self.title
            right = "1/%d" % self.npages()
            who = st["turn"]
            if self.note:  # "Display refreshed: 2,000", or on a narrow panel "Refreshed: 2,000"
                s = "Display refreshed: " + self.note
                if p.text_w(s) > p.w * 3 // 4:
                    s = "Refreshed: " + self.note
            elif self.told:  # the whole width for it, with the mover's mark
                s, right, who = self.told, "", self.who
            title(p, s, right, who)
            self.retitle = False


def menu():
    """The game menu's own entries and the end of the game, loaded on first use."""
    from usher.ui.show_manager import menu

    return menu


def open(app) -> None:
    app.push(Main())


def main_of(app):
    return find_screen(app, Main)


def back_to_main(app) -> None:
    m = unwind_to(app, Main)
    if m is not None:
        m.reload()


def act(app, action: dict) -> bool:
    """Submit a move, then the turn page again (or the standings at the end).
    A refusal stays on the screen that made it, as a message."""
    collect_for_move()  # start the move on a swept heap (the collection itself: MicroPython only)
    if not app.submit(action):
        return False
    told = ""
    if action["t"] != "refresh":  # what was done, for the next player
        from usher.ui.show_manager.undo import said

        told = said(app.match)
    back_to_main(app)  # which lets go of the flows' modules, undo's too
    m = main_of(app)
    if m is not None and action["t"] == "refresh":  # it was paid, said without anyone's money
        m.note = marks(app.match.state["refresh"])
    elif m is not None:
        m.told = told
        m.who = action.get("p", -1)
    if app.match.is_over():
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
    return [("Peek my money", lambda: menu().peek_who(app, lambda: back_to_main(app)))]
