"""The optional moves, asked only when possible and with "Skip" first: a
Scriptwriter turning a card of its owner's row before the reveal, and
cards moved behind a Studio while its window is open (a multi-select up to
the room left); and, asked from the game menu while the window is shut,
why and until when. Loaded only when one of them is possible."""

from usher.games.films.game import GAME
from usher.games.films.rows import HALVES, movable, protect_error, turn_error, turns
from usher.ui.films.views import label, name, refusal
from usher.ui.widgets import Menu
from usher.words import t


def script(app, q: int, act, then) -> None:
    """ "Ana's Scriptwriter?": Skip, or a card to turn: the new top is known
    when the card's other side is; otherwise a half picker asks it."""
    st = app.match.state
    row = st["rows"][q]
    items = [(t("Skip"), lambda: skip(app, then))]
    for i in range(len(row)):
        hs = turns(row, i)
        if not hs:
            continue
        lab = label(row[i][0])
        if row[i][1] >= 0:
            items.append((t("%s to %s") % (lab, label(hs[0])), turner(app, q, i, hs[0], act)))
        else:
            items.append((t("Turn %s") % lab, turner(app, q, i, -1, act)))
    app.push(Menu(t("%s's Scriptwriter?") % name(st, q), items))


def skip(app, then) -> None:
    app.pop()
    then()


def turner(app, q: int, i: int, h: int, act):
    def go() -> None:
        if h >= 0:
            act(app, {"t": "script", "p": q, "pos": i, "half": HALVES[h]})
            return
        from usher.ui.films.place import Halves

        row = app.match.state["rows"][q]

        def got(x: int) -> None:
            err = turn_error(row, i, x)
            if err:
                app.toast(refusal(err))
            else:
                act(app, {"t": "script", "p": q, "pos": i, "half": HALVES[x]})

        app.push(Halves(t("%s turns to") % label(row[i][0]), lambda x: not turn_error(row, i, x), got))

    return go


class Behind(Menu):
    """Cards to the left of the Studio (the rulebook's words): OK toggles a card; the first row skips, or
    moves the cards ticked (left to right), up to the room left."""

    def __init__(self, state: dict, q: int, on_move, on_skip) -> None:
        self.q = q
        self.room = state["room"][q]
        row = state["rows"][q]
        self.pos = movable(row)
        self.labels = [label(row[i][0]) for i in self.pos]
        self.on: list = []
        self.on_move = on_move
        self.on_skip = on_skip
        Menu.__init__(self, t("%s: left of Studio?") % name(state, q), [])
        self.relabel()

    def relabel(self) -> None:
        n = len(self.on)
        first = t("Skip (room %d)") % self.room if not n else t("Move %d left") % n
        items = [(first, self.done)]
        for k in range(len(self.pos)):
            items.append(("[%s] %s" % ("x" if self.pos[k] in self.on else " ", self.labels[k]), self.toggler(k)))
        self.items = items

    def toggler(self, k: int):
        def act() -> None:
            i = self.pos[k]
            if i in self.on:
                self.on.remove(i)
            elif len(self.on) >= self.room:
                self.app.toast(t("room for %d") % self.room)
                return
            else:
                self.on.append(i)
            self.relabel()
            self.old = 0  # repaint the first row and this one
            self.part = True

        return act

    def done(self) -> None:
        if self.on:
            self.on_move(sorted(self.on))
        else:
            self.on_skip()


def behind(app, q: int, act, then) -> None:
    st = app.match.state
    move = lambda pos: act(app, {"t": "protect", "p": q, "pos": pos})
    app.push(Behind(st, q, move, lambda: skip(app, then)))


def who(app, kind: str, act, then) -> None:
    """From the game menu: the Scriptwriter or the Studio moves of a player
    who may use them now (asked which player when both may); when no one
    may move cards left of a Studio now, why not and until when."""
    st = app.match.state
    ex = [e for e in GAME.expects(st) if e.kind == kind]
    if ex:
        ps = ex[0].who
        ask = script if kind == "script" else behind
    elif kind == "protect":
        ps = [q for q in (0, 1) if movable(st["rows"][q])]
        ask = shut
    else:
        return

    def one(q: int):
        return lambda: ask(app, q, act, then)

    if len(ps) == 1:
        one(ps[0])()
    elif ps:
        app.push(Menu(t("Whose?"), [(name(st, q), one(q)) for q in ps], marks=list(ps)))


def shut(app, q: int, act, then) -> None:
    """Why q's Studio takes no card now, and until when (a notice)."""
    from usher.ui.dialogs import Message

    err = protect_error(app.match.state, q)
    if err is not None and err.text == "the Studio is full":
        lines = [t("No room left:"), t("it takes no more")]
    else:  # shut at the reveal: open again at the next bids, if a round is left
        at = err is not None and err.text.startswith("only")
        lines = [t("Only before a reveal:"), t("at the next bids") if at else t("none is left now")]
    app.push(Message(t("%s's Studio") % name(app.match.state, q), lines))
