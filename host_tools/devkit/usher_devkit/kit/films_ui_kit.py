"""Driving the Films screens with button events on a fake display, for the
test_films_ui* files (portable: CPython and the MicroPython VM) and the
seeded player (films_ui_player)."""

from app_kit import collect, labels, make_app, press  # noqa: F401  (the Films tests import them from here)

NAMES = ["Ana", "Bo"]


def top(app):
    return type(app.top()).__name__


def start(app, vip=0, **opts):
    """A new Films game on the app (Ana and Bo), its VIP given, on the round page."""
    from usher.games.catalog import load_game

    g = load_game("films")
    players = [{"name": NAMES[i], "colour": i} for i in range(2)]
    assert app.start_match(g, g.make_setup(players, opts, {}))
    app.play()
    app.render()
    if vip is not None:
        from usher.ui.films import play

        assert play.act(app, {"t": "game", "vip": vip})
        app.render()
    return app.match


def state(app):
    return app.match.state


def step(app):
    from usher.games.films.game import GAME

    ex = GAME.expects(app.match.state)
    return ex[0].kind if ex else "over"


def go_to(app, i):
    """Move the cursor of the menu on top to row i (the shorter way round) and press OK."""
    m = app.top()
    n = len(m.items)
    d = (i - m.sel) % n
    ev = "next" if d <= n - d else "prev"
    while m.sel != i:
        press(app, ev)
    press(app, "ok")


def choose(app, label):
    """Move a menu's cursor to the row starting with `label` and press OK."""
    items = [it[0] for it in app.top().items]
    hits = [i for i, s in enumerate(items) if s.startswith(label)]
    assert hits, (label, items)
    go_to(app, hits[0])


def set_number(app, value):
    """Bring the number picker on top to `value` (no OK)."""
    pk = app.top()
    assert pk.lo <= value <= pk.hi, (value, pk.lo, pk.hi)
    while pk.value < value:
        press(app, "next")
    while pk.value > value:
        press(app, "prev")


def bid(app, weeks):
    """The private flow for the bidder asked now, from "pass to" to the number
    entered: returns the presses used. A step on the "pass to" screen opens
    the number with that step taken."""
    from usher.ui.films.bids import START

    n0 = app.presses
    assert top(app) == "Pass", top(app)
    if weeks == START:
        press(app, "ok")
    else:
        press(app, "next" if weeks > START else "prev")
    assert top(app) == "SecretNumber", top(app)
    set_number(app, weeks)
    press(app, "ok")
    return app.presses - n0


def half(app, name):
    """On a half picker (at its groups): the group, then the half."""
    assert top(app) == "Halves", top(app)
    from usher.games.films.rows import HALVES
    from usher.ui.films.place import GROUPS as HALF_GROUPS  # the picker's own groups

    h = HALVES.index(name)
    g = [i for i in range(3) if h in HALF_GROUPS[i]][0]
    if app.top().group >= 0:
        press(app, "back")
    go_to(app, g)
    go_to(app, HALF_GROUPS[g].index(h))


def place(app, top_half, under=None, turn=False):
    """Place a card from its picker: `top_half` (repeating ones ask whether
    to turn it or whether both sides repeat, then `under`); with `turn`, the
    repeating half `turn` is chosen first and the card turned over to show
    `top_half`."""
    if turn:
        half(app, turn)
        if top(app) == "Menu":
            choose(app, "Turn it over")
        half(app, top_half)
        return
    half(app, top_half)
    if under is not None:
        choose(app, "Both sides repeat")
        half(app, under)


def bids(app, a, b, skip=False):
    """OK on the round page, then both private bids; the reveal is on screen.
    `skip`: "left of Studio?" is asked first (a card came after the Studio)."""
    assert top(app) == "Main", top(app)
    press(app, "ok")
    if skip:
        assert app.top().title == "Ana: left of Studio?", app.top().title
        choose(app, "Skip")
    bid(app, a)
    bid(app, b)
    assert top(app) == "Reveal", top(app)


def rnd(app, a, b, first, second, skip=False):
    """A round without questions (but `skip`): bids, the reveal, both placements."""
    bids(app, a, b, skip)
    press(app, "ok")
    place(app, first)
    place(app, second)


def bare(actions):
    out = []
    for a in actions:
        a = dict(a)
        a.pop("at", None)
        out.append(a)
    return out
