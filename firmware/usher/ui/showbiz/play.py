"""Showbiz on the device. The main screen is a carousel: its first page says
what just happened and offers exactly the next step (GAME.expects); prev/next
show the pool, the taste, each contract board and the scores. OK performs the
step; within a selection turn the steps follow each other without a return to
the main screen (pick, claims, bids, contract). Back opens the game menu, with
"Break contract" and "Peek my ZE" added. The side pages, the screens of a
turn, entered draws and the menu's entries are modules of their own, loaded
when first needed, so a game holds only the code it uses."""

from usher.games.showbiz.game import GAME
from usher.games.showbiz.rules import COLS
from usher.memory import collect_for_move, unload
from usher.ui.screen import Screen, find_screen, unwind_to
from usher.ui.showbiz.draw import cap, name
from usher.ui.showbiz.views import GA_STEPS, draw_page, pages
from usher.words import t

CHAIN = ("claims", "bid", "contract")  # steps that follow on without the main screen
# what the main screen loads on demand, none of it imported by this module,
# views or draw at their top: the main screen alone may let it go (Main.spare)
ON_DEMAND = (
    "usher.ui.showbiz.menu",
    "usher.ui.showbiz.pages",
    "usher.ui.showbiz.turn",
    "usher.ui.showbiz.entry",
    "usher.ui.showbiz.undo",
    "usher.ui.showbiz.setup",
    "usher.ui.private",
    "usher.ui.ingame",
    "usher.ui.dialogs",
    "usher.ui.widgets",
)


def menu():
    """The game menu's own entries and the end of the game, loaded on first use."""
    from usher.ui.showbiz import menu

    return menu


class Main(Screen):
    def __init__(self) -> None:
        Screen.__init__(self)
        self.page = 0

    def spare(self) -> None:
        unload(ON_DEMAND, then_collect=False)  # the link's load collects next

    def reload(self) -> None:
        """The state changed (a move, an undo): back to the first page."""
        self.page = 0
        self.dirty = True

    def on_event(self, ev: str) -> None:
        app = self.app
        if ev in ("next", "prev"):
            n = len(pages(app.p, app.match.state))
            self.page = (self.page + (1 if ev == "next" else -1)) % n
            self.dirty = True
        elif ev == "ok":
            if self.page:
                self.reload()  # OK from a side page first comes back to the step
            else:
                start_step(app)
        elif ev in ("back", "back_long"):
            from usher.ui.ingame import GameMenu

            scores = (t("Scores"), lambda: menu().scores(app))
            app.push(GameMenu(extras(app), scores=scores, sheet=lambda: menu().final(app), ask=ask))

    def draw(self, p, full: bool) -> None:
        m = self.app.match
        ps = pages(p, m.state)
        self.page = min(self.page, len(ps) - 1)
        draw_page(p, m.state, m.recent, ps[self.page], "%d/%d" % (self.page + 1, len(ps)))


def open(app) -> None:
    app.push(Main())


def main_of(app):
    return find_screen(app, Main)


def back_to_main(app) -> None:
    m = unwind_to(app, Main)
    if m is not None:
        m.reload()


# -- moves ---------------------------------------------------------------------------
def act(app, action: dict, chain: bool = False) -> bool:
    """Submit a move; then show what it set off (a reveal, a year's scores)
    or, within a selection turn, open the next step at once."""
    st = app.match.state
    years = len(st["pts"][0])
    revealing = st["ph"] == "bid" and len(GAME.expects(st)[0].who) == 1
    # the boards as the year will be scored, kept only when this move may end
    # it (the last free column filled), not the whole state before the move
    pre = as_scored(st, action) if sum(b.count(-1) for b in st["art"]) <= 1 else None
    st = None
    # a move copies the state and appends a record: start it on a swept
    # heap, whose free blocks are whole, rather than among leftovers
    collect_for_move()
    if not app.submit(action):
        return False
    after = app.match.state
    back_to_main(app)
    if len(after["pts"][0]) > years and pre is not None:
        from usher.ui.showbiz.turn import YearEnd

        app.push(YearEnd(pre, after, lambda: show_scores(app)))
    elif action["t"] == "bid" and revealing:
        from usher.ui.showbiz.turn import Reveal

        app.push(Reveal(after, lambda: after_reveal(app)))
    elif chain and step_of(after) in CHAIN:
        start_step(app)
    return True


def as_scored(st: dict, action: dict) -> list:
    """[year, taste row, each board's colours, ZE in storage, each board's
    colours whose contract ends with the year (one year left)] as they stand
    after `action` (the storage is public: every bid paid into it was shown)."""
    k = st["kinds"]
    boards = [[k[c] if c >= 0 else None for c in b] for b in st["art"]]
    yrs = [list(y) for y in st["yrs"]]
    if action["t"] == "contract":
        boards[action["p"]][action["col"] - 1] = k[st["neg"]["art"]]
        yrs[action["p"]][action["col"] - 1] = action["yrs"]
    ends = [[b[c] for c in range(COLS) if b[c] is not None and yrs[q][c] == 1] for q, b in enumerate(boards)]
    return [st["year"], [k[c] for c in st["row"]], boards, st["store"], ends]


def show_scores(app) -> None:
    """After a year's scoring, the main screen's score page: points by year."""
    back_to_main(app)
    m = main_of(app)
    m.page = [pg[0] for pg in pages(app.p, app.match.state)].index("scores")


def after_reveal(app) -> None:
    back_to_main(app)
    if step_of(app.match.state) in CHAIN:
        start_step(app)


def step_of(state: dict) -> str:
    ex = GAME.expects(state)
    return ex[0].kind if ex else "over"


def start_step(app) -> None:
    st = app.match.state
    ex = GAME.expects(st)
    if not ex:
        menu().final(app)
        return
    k = ex[0].kind
    if k in GA_STEPS:
        if st["draws"] == "device":
            act(app, {"t": k})
        else:
            from usher.ui.showbiz.entry import enter

            enter(app, k, act)
    elif k == "pick":
        pick(app)
    elif k == "claims":
        claims(app)
    elif k == "bid":
        ask_bid(app, ex[0].who[0])
    else:
        contract(app)


# -- a selection turn ------------------------------------------------------------------
def pick(app) -> None:
    from usher.ui.showbiz.turn import ChipMenu

    st = app.match.state
    q = st["turn"]
    items = []
    kinds = []
    for c, n in enumerate(st["pool"]):
        if n:
            k = st["kinds"][c]
            items.append(("%s x%d" % (cap(t(k)), n), picker(app, q, k)))
            kinds.append(k)
    app.push(ChipMenu(t("%s picks") % name(st, q), items, chips=kinds))


def picker(app, q: int, kind: str):
    return lambda: act(app, {"t": "pick", "p": q, "art": kind}, chain=True)


def claims(app) -> None:
    from usher.ui.showbiz.turn import Claims

    st = app.match.state
    who = GAME.expects(st)[0].who
    art = st["kinds"][st["neg"]["art"]]
    app.push(Claims(art, who, [name(st, q) for q in who], lambda ps: act(app, {"t": "claims", "ps": ps}, chain=True)))


def bid_start(ze: int) -> int:
    """Where the private bid picker starts: at 1, so a bid of 0, 1 or 2 is at
    most one step away (pass to, [one step], OK, pass back: 4 presses or fewer)."""
    return min(1, ze)


def ask_bid(app, q: int) -> None:
    from usher.ui.private import private_number

    st = app.match.state
    neg = st["neg"]
    rd = neg["rd"]
    kind = st["kinds"][neg["art"]]
    ze = st["ze"][q]  # secret: only the private picker sees it
    title = t("Bid for %s, round %d") % (cap(t(kind)), rd) if rd > 1 else t("Bid for %s") % cap(t(kind))
    # the cap is her ZE: a claimer's is one short of what she may remember
    hint = (t("0-%d: the claim took 1 ZE") if q != neg["act"] else t("0-%d: all your ZE")) % ze

    def bid(z: int) -> None:
        act(app, {"t": "bid", "p": q, "rd": rd, "ze": z}, chain=True)

    private_number(app, name(st, q), q, title, 0, ze, bid, value=bid_start(ze), hint=hint, ring=True)


def contract(app) -> None:
    from usher.ui.showbiz.turn import ContractPicker

    st = app.match.state
    w = st["neg"]["win"]
    art = st["kinds"][st["neg"]["art"]]
    free = [c + 1 for c in range(COLS) if st["art"][w][c] < 0]

    def sign(col: int, yrs: int) -> None:
        act(app, {"t": "contract", "p": w, "col": col, "yrs": yrs})

    app.push(ContractPicker(t("%s signs") % name(st, w), art, free, sign))


# -- the game menu's own entries ---------------------------------------------------------
def ask(match) -> str:
    from usher.ui.showbiz.undo import ask

    return ask(match)


def extras(app) -> list:
    st = app.match.state
    out = []
    if any(e.kind == "break" for e in GAME.expects(st)):
        out.append((t("Break contract"), lambda: menu().break_who(app, act)))
    if not st["pub"]:
        out.append((t("Peek my ZE"), lambda: menu().peek_who(app, lambda: back_to_main(app))))
    return out
