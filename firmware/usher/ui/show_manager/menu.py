"""The Show Manager entries of the game menu and the end of the game, loaded
when first used: the scores as they stand (city points only: money, the
tie-break, is secret until the end), a player's private look at her money,
and the final standings, which show money and say where it decided a place."""

from usher.ui import theme
from usher.ui.dialogs import Table
from usher.ui.private import PassBack, PassTo
from usher.ui.screen import Screen
from usher.ui.show_manager.draw import marks, name, title
from usher.ui.widgets import Menu
from usher.words import t


def scores(app) -> None:
    """City points if the game ended now, best first; equal points share a
    place and keep seat order (ordering them by money would tell it)."""
    st = app.match.state
    from usher.games.show_manager.rules import scores as points

    pts = points(st)
    order = sorted(range(len(pts)), key=lambda q: (-pts[q], q))
    rows = []
    place = 0
    for i, q in enumerate(order):
        if i == 0 or pts[q] != pts[order[i - 1]]:
            place = i + 1
        rows.append((q, "%d. %s" % (place, name(st, q)), pts[q]))
    app.push(Table(t("Points now"), rows))


def final(app) -> None:
    """Points and, now that the game is over, money; a place that money
    decided (equal points, more money) is marked."""
    st = app.match.state
    rows = []
    split = False
    stand = app.match.standings()
    for s in stand:
        q = s["player"]
        by_money = [o for o in stand if o["score"] == s["score"] and o["rank"] != s["rank"]]
        mark = "*" if by_money else ""
        split = split or bool(by_money)
        rows.append((q, "%d. %s %d%s" % (s["rank"], s["name"], s["score"], mark), marks(st["money"][q])))
    if split:
        rows.append((None, t("* money decided"), ""))
    app.push(Table(t("Final: points, money"), rows, on_ok=app.home))  # the game is over: OK leads Home


class Secret(Screen):
    """One player's money and hand, for her eyes only: OK hands the device back."""

    private = True

    def __init__(self, who: str, q: int, lines: list, then) -> None:
        Screen.__init__(self)
        self.who = who
        self.q = q
        self.lines = lines
        self.then = then

    def on_event(self, ev: str) -> None:
        if ev in ("ok", "back"):
            self.then()

    def draw(self, p, full: bool) -> None:
        p.clear()
        y = title(p, self.who, "", self.q)
        big = "big" if p.font("big") is not None else "body"
        lh = p.line_h(big) + 4
        y += max(2, (p.h - y - lh * len(self.lines)) // 2)
        for i, ln in enumerate(self.lines):
            p.center(ln, y, theme.ACCENT if i == 0 else theme.FG, big if i == 0 else "body")
            y += lh


def peek_who(app, done) -> None:
    """`done()`: back to the game once the device is handed back."""
    st = app.match.state
    n = len(st["players"])
    items = [(name(st, q), peeker(app, q, done)) for q in range(n)]
    app.push(Menu(t("Whose money?"), items, st["turn"], marks=list(range(n))))


def peeker(app, q: int, done):
    return lambda: peek(app, q, done)


def peek(app, q: int, done) -> None:
    """Pass to the player, show her money and hand, blank, pass back."""
    st = app.match.state
    who = name(st, q)

    def show() -> None:
        v = app.match.game.private_view(app.match.state, q)
        h = v["hands"][q]
        lines = [marks(v["money"]), (t("%d card in hand") if h == 1 else t("%d cards in hand")) % h]
        app.replace(Secret(who, q, lines, lambda: app.replace(PassBack(done))))

    app.push(PassTo(who, q, show))
