"""Driving the Showbiz screens with button events on a fake display, for the
test_showbiz_ui* files (portable: CPython and the MicroPython VM)."""

from app_kit import collect, labels, make_app, press, shown_texts  # noqa: F401  (the Showbiz tests import them from here)

NAMES = ["Anna", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana"]
# a taste row and a forecast to enter by hand (draws "entered")
ROW = ["red", "red", "blue", "green", "black", "white"]
FC = ["yellow", "yellow", "red", "blue", "white", "white"]


def top(app):
    return type(app.top()).__name__


def start(app, n=3, agent=None, components=None, **opts):
    """A new Showbiz game on the app, straight into its main screen."""
    from usher.games.catalog import load_game

    g = load_game("showbiz")
    o = {"draws": "device"}
    o.update(opts)
    players = [{"name": NAMES[i], "colour": i} for i in range(n)]
    assert app.start_match(g, g.make_setup(players, o, components or {}))
    app.play()
    app.render()
    if agent is not None:
        from usher.ui.showbiz import play

        assert play.act(app, {"t": "agent", "p": agent})
        app.render()
    return app.match


def state(app):
    return app.match.state


def step(app):
    from usher.games.showbiz.game import GAME

    ex = GAME.expects(app.match.state)
    return ex[0].kind if ex else "over"


def to_pick(app):
    """OK through the general agent's steps (device draws) up to a pick."""
    for _ in range(12):
        if step(app) == "pick":
            return
        assert top(app) == "Main", top(app)
        press(app, "ok")
    raise AssertionError("no pick reached: " + step(app))


def choose(app, label):
    """Move a menu's cursor to the row starting with `label` and press OK."""
    items = [it[0] for it in app.top().items]
    hits = [i for i, s in enumerate(items) if s.startswith(label)]
    assert hits, (label, items)
    while app.top().sel != hits[0]:
        press(app, "next")
    press(app, "ok")


def set_number(app, value):
    """Bring the number picker on top to `value` (no OK)."""
    pk = app.top()
    assert pk.lo <= value <= pk.hi, (value, pk.lo, pk.hi)
    while pk.value < value:
        press(app, "next")
    while pk.value > value:
        press(app, "prev")


def bid(app, value):
    """The whole private flow for the bidder asked now: returns presses used."""
    n0 = app.presses
    assert top(app) == "PassTo", top(app)
    press(app, "ok")
    assert top(app) == "SecretNumber", top(app)
    set_number(app, value)
    press(app, "ok")
    assert top(app) == "PassBack", top(app)
    press(app, "ok")
    return app.presses - n0


class Recorder:
    """Every string drawn, with the `private` flag of the screen it was drawn
    on. With `secrets` (numbers) it keeps, instead of the whole log, which
    shared strings showed one of them and which numbers each kind of screen
    showed: a long negotiation's log would not fit the VM's heap."""

    def __init__(self, app, secrets=None):
        self.log = []
        self.secrets = secrets
        self.leaked = []
        self.private_nums = []
        self.shared_nums = []
        self.on = True
        orig = app.p.text

        def text(s, x, y, c=1, size="body"):
            t = app.top()
            self.saw(s, bool(t is not None and t.private))
            return orig(s, x, y, c, size)

        app.p.text = text

    def saw(self, s, private):
        if not self.on:
            return
        if self.secrets is None:
            self.log.append((s, private))
            return
        seen = self.private_nums if private else self.shared_nums
        for n in numbers(s):
            if n in self.secrets and n not in seen:
                seen.append(n)
        if not private and len(self.leaked) < 4 and [n for n in numbers(s) if n in self.secrets]:
            self.leaked.append(s)  # a few prove the leak; all of them could fill the heap

    def carry(self, old):
        """Keep what an earlier recorder saw (the app before a power cut)."""
        self.leaked = old.leaked
        self.private_nums = old.private_nums
        self.shared_nums = old.shared_nums

    def shared(self):
        return [s for s, private in self.log if not private]


def numbers(s):
    """The whole numbers written in a string: "Ben 17, 3y" -> [17, 3]."""
    out = []
    cur = ""
    for ch in s + " ":
        if "0" <= ch <= "9":
            cur += ch
        elif cur:
            out.append(int(cur))
            cur = ""
    return out


def enter_pieces(app, kinds):
    """Enter pieces drawn from a real bag on the piece entry screen."""
    order = ["yellow", "red", "blue", "green", "black", "white"]
    for k in kinds:
        pe = app.top()
        while order[pe.cur] != k:
            press(app, "next")
        press(app, "ok")


def first_draw(app):
    """The strings of the screen on top, drawn whole as when it opened."""
    text = app.p.text
    seen = shown_texts(app)
    app.top().dirty = True
    app.render()
    app.p.text = text  # stop recording
    return seen


def pitch_of(app):
    from usher.ui.showbiz.draw import pitch

    return pitch(app.p)
