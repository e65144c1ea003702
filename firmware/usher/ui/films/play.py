"""Films on the device. The main screen is the round page (both rows, the
VIP, the round, the hands, what comes next); prev/next show each row in
full, the tickets by kind and (on the LCD, whose round page shows the rows
in two-letter labels) what each label means. OK runs the round from where it stands, and
its steps follow each other without a return to the round page: the
optional questions before the bids (a Scriptwriter, the VIP holder first;
cards left of the Studio), the bids (private: pass to each player; or open:
both on one screen), the reveal, each placement with only the questions
that apply (the Shooting Problems target, the Editor's swap, the Studio's
moves right after a Studio comes up). Back opens the game menu, with the
optional moves added when they are possible.

The flow is here; the screens are in bids, place, extra (rarely used: the
Scriptwriter and Studio questions) and end (the end of a game), which get
`act` and `go` as callbacks and are imported when first needed."""

from usher.games.films.game import GAME
from usher.games.films.rows import can_protect, movable, studio_at
from usher.memory import collect_for_move
from usher.ui.films.views import draw_page, pages
from usher.ui.screen import Screen, find_screen, unwind_to
from usher.words import t


class Main(Screen):
    def __init__(self) -> None:
        Screen.__init__(self)
        self.page = 0
        self.before = False  # the questions before the bids are running
        self.asked: list = [None, []]  # [(game, round), who was asked about a Scriptwriter]
        self.offered = [None, None]  # per player, the Studio window already offered

    def reload(self) -> None:
        """After an undo: back to the round page, every question asked again."""
        self.page = 0
        self.asked = [None, []]
        self.offered = [None, None]
        self.dirty = True

    def on_event(self, ev: str) -> None:
        app = self.app
        if ev in ("next", "prev"):
            self.page = (self.page + (1 if ev == "next" else -1)) % pages(app.p)
            self.dirty = True
        elif ev == "ok":
            if self.page:
                self.page = 0  # OK from a side page first comes back to the round
                self.dirty = True
            else:
                start_step(app)
        elif ev in ("back", "back_long"):
            from usher.ui.ingame import GameMenu

            app.push(GameMenu(extras(app), sheet=lambda: end().start_or_final(app, act), ask=ask))

    def draw(self, p, full: bool) -> None:
        draw_page(p, self.app.match.state, self.page)


def open(app) -> None:
    app.push(Main())


def main_of(app):
    return find_screen(app, Main)


def back_to_main(app) -> None:
    m = unwind_to(app, Main)
    if m is not None:
        m.page = 0
        m.dirty = True


# -- moves ---------------------------------------------------------------------------
def act(app, action: dict) -> bool:
    """Submit a move; then show what it set off (the reveal, the end of a
    game) or go straight on to the next step of the round."""
    st = app.match.state
    ph = st["ph"]
    st = None
    collect_for_move()  # start the move on a swept heap (the collection itself: MicroPython only)
    if not app.submit(action):
        return False
    after = app.match.state
    back_to_main(app)
    if ph == "place" and after["ph"] in ("game", "over"):
        end().game_over(app, act)
    elif action["t"] == "bid" and after["ph"] == "place":
        from usher.ui.films.bids import Reveal

        app.push(Reveal(after, lambda: go(app)))
    else:
        go(app)
    return True


def end():
    from usher.ui.films import end

    return end


def extra():
    from usher.ui.films import extra

    return extra


def window(st: dict, p: int):
    """Names what p's Studio offers, so it is offered once: the Studio, and
    the newest card of the row (a card placed since asks again, at the next
    bids; a card moved does not)."""
    row = st["rows"][p]
    c = row[studio_at(row)]
    return (st["g"], c[0], c[2], max([d[2] for d in row]))


def go(app) -> None:
    """The next step of the round, without the round page in between: an
    effect owed, the Studio moves just made possible, the next placement or
    bid; the round page when a new round waits for its bids."""
    st = app.match.state
    m = main_of(app)
    ex = GAME.expects(st)
    if not ex:
        return
    k = ex[0].kind
    if k == "hit" or k == "swap":
        from usher.ui.films import place

        place.effect(app, k, ex[0].who[0], act)
        return
    if m is not None and (st["ph"] != "bid" or m.before):  # a new round's bids: asked on its OK
        for p in (0, 1):
            if can_protect(st, p) and m.offered[p] != window(st, p):
                m.offered[p] = window(st, p)
                extra().behind(app, p, act, lambda: go(app))
                return
    if k == "place":
        from usher.ui.films import place

        place.placing(app, ex[0].who[0], act)
    elif k == "bid" and (len(ex[0].who) < 2 or (m is not None and m.before)):
        before_bids(app)


def start_step(app) -> None:
    """OK on the round page: the step the game waits for."""
    st = app.match.state
    ex = GAME.expects(st)
    if not ex or ex[0].kind == "game":
        end().start_or_final(app, act)
        return
    m = main_of(app)
    if ex[0].kind == "bid" and m is not None:
        m.before = True
        before_bids(app)
        return
    go(app)


def before_bids(app) -> None:
    """Each question that applies, once a round: a Scriptwriter (the VIP
    holder first), then cards left of the Studio; then the bids."""
    st = app.match.state
    m = main_of(app)
    ex = GAME.expects(st)
    if m is not None and len(ex[0].who) == 2:
        key = (st["g"], st["rd"])
        if m.asked[0] != key:
            m.asked = [key, []]
        for e in ex[1:]:
            for p in e.who:
                if e.kind == "script" and p not in m.asked[1]:
                    m.asked[1].append(p)
                    extra().script(app, p, act, lambda: before_bids(app))
                    return
                if e.kind == "protect" and m.offered[p] != window(st, p):
                    m.offered[p] = window(st, p)
                    extra().behind(app, p, act, lambda: before_bids(app))
                    return
    if m is not None:
        m.before = False
    from usher.ui.films import bids

    bids.ask(app, act)


# -- the game menu's own entries ---------------------------------------------------------
def ask(match) -> str:
    from usher.ui.films.undo import ask

    return ask(match)


def extras(app) -> list:
    """The Scriptwriter and the Studio's moves when they are possible; the
    Studio's row also while its window is shut, to say why and until when."""
    st = app.match.state
    out = []
    studio = False
    for e in GAME.expects(st)[1:]:
        if e.kind == "script":
            out.append((t("Scriptwriter"), lambda: extra().who(app, "script", act, lambda: back_to_main(app))))
        elif e.kind == "protect":
            studio = True
    if studio or [p for p in (0, 1) if st["fx"] is None and movable(st["rows"][p])]:
        out.append((t("Left of the Studio"), lambda: extra().who(app, "protect", act, lambda: back_to_main(app))))
    return out
