"""The rarer Showbiz flows, loaded only when first used: pieces and dice
entered from the table (draws "entered"), breaking a contract, a player's
private look at her ZE, and the final standings."""

from usher.games.showbiz import GAME
from usher.games.showbiz_rules import COLS, pool_draw
from usher.ui import theme
from usher.ui.play_showbiz import act, back_to_main
from usher.ui.private import PassBack, PassTo
from usher.ui.screen import Screen, title_bar
from usher.ui.showbiz_draw import chip, name
from usher.ui.showbiz_turn import ChipMenu
from usher.ui.widgets import Confirm, Menu, NumberPicker, Table

DIE_START = 3  # an entered die roll starts mid-range


class PieceEntry(Screen):
    """Enter `n` pieces drawn from a real bag: prev/next choose a colour, OK
    adds one of it, back takes the last one out (or leaves when none)."""

    def __init__(self, title: str, kinds: list, left: list, n: int, on_done) -> None:  # type: ignore[no-untyped-def]
        Screen.__init__(self)
        self.title = title
        self.kinds = kinds
        self.left = left  # what the bag can still give, per colour
        self.n = n
        self.on_done = on_done
        self.got: list = []
        self.cur = 0

    def on_event(self, ev: str) -> None:
        k = len(self.kinds)
        if ev in ("next", "prev"):
            self.cur = (self.cur + (1 if ev == "next" else -1)) % k
            self.dirty = True
        elif ev == "ok":
            c = self.cur
            if self.got.count(c) >= self.left[c]:
                self.app.toast("bag has no %s left" % self.kinds[c])
                return
            self.got.append(c)
            self.dirty = True
            if len(self.got) == self.n:
                self.on_done([self.kinds[i] for i in self.got])
        elif ev == "back":
            if self.got:
                self.got.pop()
                self.dirty = True
            else:
                self.close()

    def draw(self, p, full: bool) -> None:  # type: ignore[no-untyped-def]
        p.clear()
        y = title_bar(p, self.title, "%d/%d" % (len(self.got), self.n))
        k = len(self.kinds)
        cw = (p.w - 4) // k
        lh = p.line_h("body")
        s = min(cw - 6, p.h - y - 2 * lh - 12)
        x = 2
        for i in range(k):
            cx = x + (cw - s) // 2
            if i == self.cur:
                p.rect(cx - 2, y + 1, s + 4, s + 4, theme.ACCENT)
            chip(p, cx, y + 3, s, self.kinds[i])
            n = self.got.count(i)
            if n:
                p.center(str(n), y + s + 6, theme.FG, "body", x, cw)
            x += cw
        hint = "OK: add %s" % self.kinds[self.cur]
        p.text(p.fit(hint, p.w - 4, "small"), 2, p.h - p.line_h("small") - 1, theme.ACCENT, "small")


class SecretInfo(Screen):
    """A private notice for one player (their ZE): OK hands the device back."""

    private = True

    def __init__(self, title: str, lines: list, then) -> None:  # type: ignore[no-untyped-def]
        Screen.__init__(self)
        self.title = title
        self.lines = lines
        self.then = then

    def on_event(self, ev: str) -> None:
        if ev in ("ok", "back"):
            self.then()

    def draw(self, p, full: bool) -> None:  # type: ignore[no-untyped-def]
        p.clear()
        y = title_bar(p, self.title)
        big = "big" if p.font("big") is not None else "body"
        lh = p.line_h(big) + 4
        y += max(2, (p.h - y - lh * len(self.lines)) // 2)
        for i, ln in enumerate(self.lines):
            p.center(ln, y, theme.ACCENT if i == 0 else theme.FG, big if i == 0 else "body")
            y += lh


def final(app) -> None:  # type: ignore[no-untyped-def]
    st = app.match.state
    rows = []
    for s in app.match.standings():  # the game is over: ZE, the tie-break, may show
        rows.append((s["player"], "%d. %s (%d ZE)" % (s["rank"], s["name"], st["ze"][s["player"]]), s["score"]))
    app.push(Table("Final standings", rows))


def players_menu(app, title: str, who: list, then) -> None:  # type: ignore[no-untyped-def]
    st = app.match.state

    def one(q: int):  # type: ignore[no-untyped-def]
        return lambda: then(q)

    app.push(Menu(title, [(name(st, q), one(q)) for q in who], marks=list(who)))


def enter(app, k: str) -> None:  # type: ignore[no-untyped-def]
    """The general agent's steps with pieces from the real bags and real dice."""
    st = app.match.state
    kinds = st["kinds"]
    if k == "agent":
        players_menu(app, "General agent", list(range(len(st["ze"]))), lambda q: act(app, {"t": "agent", "p": q}))
    elif k == "row":
        app.push(PieceEntry("Taste row", kinds, st["tbag"], 6, lambda row: act(app, {"t": "row", "row": row})))
    elif k == "forecast":

        def die(row: list) -> None:
            done = lambda d: act(app, {"t": "forecast", "row": row, "die": d})
            app.replace(NumberPicker("Forecast die", 1, 6, DIE_START, done))

        app.push(PieceEntry("Forecast", kinds, st["tbag"], 6, die))
    elif k == "pool":
        done = lambda add: act(app, {"t": "pool", "add": add})
        app.push(PieceEntry("Artists", kinds, st["abag"], pool_draw(st), done))
    else:
        title = "Taste roll" if k == "trend" else "End roll"
        app.push(NumberPicker(title, 1, 6, DIE_START, lambda d: act(app, {"t": k, "die": d})))


def break_who(app) -> None:  # type: ignore[no-untyped-def]
    who = [e for e in GAME.expects(app.match.state) if e.kind == "break"][0].who
    players_menu(app, "Who breaks?", who, lambda q: break_col(app, q))


def break_col(app, q: int) -> None:  # type: ignore[no-untyped-def]
    """Every contract of the player, with its cost: which ones she can pay
    for is not shown, as that would tell her ZE to the table."""
    st = app.match.state
    items = []
    kinds = []
    for c in range(COLS):
        a = st["art"][q][c]
        if a >= 0:
            y = st["yrs"][q][c]
            items.append(("c%d %dy: %d ZE" % (c + 1, y, 2 * y), breaker(app, q, c + 1)))
            kinds.append(st["kinds"][a])
    app.push(ChipMenu("%s breaks" % name(st, q), items, chips=kinds))


def breaker(app, q: int, col: int):  # type: ignore[no-untyped-def]
    def ask() -> None:
        st = app.match.state
        c = st["art"][q][col - 1]
        cost = 2 * st["yrs"][q][col - 1]
        kind = st["kinds"][c]

        def yes() -> None:
            if st["draws"] == "device":
                act(app, {"t": "break", "p": q, "col": col})
                return
            left = list(st["abag"])
            left[c] += 1  # the broken artist goes back before the draw

            def drawn(add: list) -> None:
                act(app, {"t": "break", "p": q, "col": col, "add": add})

            app.push(PieceEntry("New artist", st["kinds"], left, 1, drawn))

        app.push(Confirm("Break %s's %s?" % (name(st, q), kind), yes, detail="Costs %d ZE" % cost))

    return ask


def peek_who(app) -> None:  # type: ignore[no-untyped-def]
    st = app.match.state
    players_menu(app, "Whose ZE?", list(range(len(st["ze"]))), lambda q: peek(app, q))


def peek(app, q: int) -> None:  # type: ignore[no-untyped-def]
    """Pass to the player, show her ZE (and her pending bid), blank, pass back."""
    st = app.match.state

    def show() -> None:
        v = GAME.private_view(app.match.state, q)
        lines = ["%d ZE" % v["my_ze"]]
        if v["my_bid"] is not None:
            lines.append("your bid: %d" % v["my_bid"])
        app.replace(SecretInfo(name(st, q), lines, lambda: app.replace(PassBack(lambda: back_to_main(app)))))

    app.push(PassTo(name(st, q), q, show))
