"""The Showbiz entries of the in-game menu and the end of the game, loaded
when first used: breaking a contract, a player's private look at her ZE,
the scores and the final standings (players marked by rings, as on every
Showbiz screen)."""

from usher.games.showbiz.game import GAME
from usher.games.showbiz.rules import COLS, break_cost
from usher.ui import theme
from usher.ui.dialogs import Confirm, Table
from usher.ui.private import PassBack, PassTo
from usher.ui.screen import Screen, title_bar
from usher.ui.showbiz.draw import cap, name, players_menu
from usher.ui.showbiz.turn import ChipMenu
from usher.words import t


class SecretInfo(Screen):
    """A private notice for one player (their ZE): OK hands the device back."""

    private = True

    def __init__(self, title: str, lines: list, then) -> None:
        Screen.__init__(self)
        self.title = title
        self.lines = lines
        self.then = then

    def on_event(self, ev: str) -> None:
        if ev in ("ok", "back"):
            self.then()

    def draw(self, p, full: bool) -> None:
        p.clear()
        y = title_bar(p, self.title)
        big = "big" if p.font("big") is not None else "body"
        lh = p.line_h(big) + 4
        y += max(2, (p.h - y - lh * len(self.lines)) // 2)
        for i, ln in enumerate(self.lines):
            p.center(ln, y, theme.ACCENT if i == 0 else theme.FG, big if i == 0 else "body")
            y += lh


def final(app) -> None:
    st = app.match.state
    rows = []
    for s in app.match.standings():  # the game is over: ZE, the tie-break, may show
        rows.append((s["player"], "%d. %s (%d ZE)" % (s["rank"], s["name"], st["ze"][s["player"]]), s["score"]))
    app.push(Table(t("Final standings"), rows, on_ok=app.home, ring=True))  # the game is over: OK leads Home


def scores(app) -> None:
    """The game menu's scores. While ZE are private a tie on points shares
    its rank in seat order: the standings would order it by ZE, telling the
    table who holds more."""
    st = app.match.state
    if st["pub"] or app.match.is_over():
        rows = [(s["player"], "%d. %s" % (s["rank"], s["name"]), s["score"]) for s in app.match.standings()]
    else:
        pts = GAME.scores(st)
        rows = []
        for q in sorted(range(len(pts)), key=lambda i: (-pts[i], i)):
            rank = 1 + len([v for v in pts if v > pts[q]])
            rows.append((q, "%d. %s" % (rank, name(st, q)), pts[q]))
    app.push(Table(t("Scores"), rows, ring=True))


def break_who(app, act) -> None:
    """`act(app, action)`: the game's move submitter (usher.ui.showbiz.play.act)."""
    who = [e for e in GAME.expects(app.match.state) if e.kind == "break"][0].who
    players_menu(app, t("Who breaks?"), who, lambda q: break_col(app, q, act))


def break_col(app, q: int, act) -> None:
    """Every contract of the player, with its cost: which ones she can pay
    for is not shown, as that would tell her ZE to the table."""
    st = app.match.state
    items = []
    kinds = []
    for c in range(COLS):
        a = st["art"][q][c]
        if a >= 0:
            y = st["yrs"][q][c]
            items.append((t("c%d, %dy: %d ZE") % (c + 1, y, break_cost(st, q, c)), breaker(app, q, c + 1, act)))
            kinds.append(st["kinds"][a])
    app.push(ChipMenu(t("%s breaks") % name(st, q), items, chips=kinds))


def breaker(app, q: int, col: int, act):
    def ask() -> None:
        st = app.match.state
        c = st["art"][q][col - 1]
        cost = break_cost(st, q, col - 1)
        kind = st["kinds"][c]

        def yes() -> None:
            if st["draws"] == "device":
                act(app, {"t": "break", "p": q, "col": col})
                return
            left = list(st["abag"])
            left[c] += 1  # the broken artist goes back before the draw

            def drawn(add: list) -> None:
                act(app, {"t": "break", "p": q, "col": col, "add": add})

            from usher.ui.showbiz.entry import PieceEntry

            app.push(PieceEntry(t("New artist"), st["kinds"], left, 1, drawn))

        # where the artist goes: docs/RULES.md (the rulebook says only the cost);
        # the OLED has room for one line under the question
        p = app.p
        detail = t("Costs %d ZE. %s goes back in the bag, a new artist into the pool.") % (cost, cap(t(kind)))
        if p.text_w(detail, "small") > 2 * (p.w - 8):
            detail = t("Costs %d ZE; to the bag") % cost
        app.push(Confirm(t("Break %s's %s?") % (name(st, q), t(kind)), yes, detail=detail))

    return ask


def peek_who(app, done) -> None:
    """`done()`: back to the game once the device is handed back."""
    st = app.match.state
    players_menu(app, t("Whose ZE?"), list(range(len(st["ze"]))), lambda q: peek(app, q, done))


def peek(app, q: int, done) -> None:
    """Pass to the player, show her ZE (and her pending bid), blank, pass back."""
    st = app.match.state

    def show() -> None:
        v = GAME.private_view(app.match.state, q)
        lines = ["%d ZE" % v["my_ze"]]
        if v["my_bid"] is not None:
            lines.append(t("your bid: %d") % v["my_bid"])
        app.replace(SecretInfo(name(st, q), lines, lambda: app.replace(PassBack(done))))

    app.push(PassTo(name(st, q), q, show, True))
