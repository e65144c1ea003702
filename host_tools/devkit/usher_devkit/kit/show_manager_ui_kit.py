"""Driving the Show Manager screens with button events on a fake display, for
the test_show_manager_ui* files (portable: CPython and the MicroPython VM),
the seeded player and the simulator's planner."""

from app_kit import collect, labels, make_app, press  # noqa: F401  (the tests import them from here)

NAMES = ["Anna", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana"]
MORE = "\x7f"  # the fonts' "..." glyph, as the turn page writes "Borrow..."


def top(app):
    return type(app.top()).__name__


def start(app, n=4, first=0, components=None, **opts):
    """A new Show Manager game on the app, straight into its turn page."""
    from usher.games.catalog import load_game

    g = load_game("show_manager")
    o = {"first": first}
    o.update(opts)
    players = [{"name": NAMES[i], "colour": i} for i in range(n)]
    assert app.start_match(g, g.make_setup(players, o, components or {}))
    app.play()
    app.render()
    return app.match


def state(app):
    return app.match.state


def row(app, label):
    """Index of the first row of the menu on top starting with `label`."""
    items = labels(app)
    hits = [i for i, s in enumerate(items) if s.startswith(label)]
    assert hits, (label, items)
    return hits[0]


def choose(app, label):
    """Move a menu's cursor to the row starting with `label` and press OK; the
    shorter way round (the turn page goes on to its pages past either end,
    so there it never wraps). A turn told on pages first is read through.
    Returns the presses used."""
    n0 = app.presses
    scr = app.top()
    while top(app) == "Main" and scr.told and not scr.through:
        press(app, "ok")  # a turn told on pages of its own (the OLED): read, a press a page
    i = row(app, label)
    n = len(scr.items)
    down = (i - scr.sel) % n
    wraps = top(app) != "Main"
    ev = "next" if (down <= n - down if wraps else i >= scr.sel) else "prev"
    while scr.sel != i:
        press(app, ev)
    press(app, "ok")
    return app.presses - n0


def set_value(app, value):
    """Bring the number under the cursor (an Entries screen or a number
    picker) to `value`, no OK."""
    scr = app.top()
    get = (lambda: scr.values[scr.i]) if hasattr(scr, "values") else (lambda: scr.value)
    assert scr.lo <= value <= scr.hi, (value, scr.lo, scr.hi)
    while get() < value:
        press(app, "next")
    while get() > value:
        press(app, "prev")


def enter_roles(app, talents):
    """The roles screen: each talent, OK after each (the last OK opens the summary)."""
    assert top(app) == "Entries", top(app)
    for v in talents:
        set_value(app, v)
        press(app, "ok")


def produce(app, title, talents, city=None):
    """From the turn page: put on `title` (a musical's name) with these talents,
    at a premiere in `city` (a city's name; the only free one when None).
    Returns the presses used."""
    n0 = app.presses
    choose(app, "Put on a show")
    if top(app) == "Menu" and app.top().title == "Put on a show":
        choose(app, title)
    if top(app) == "Menu":  # the premiere's city
        choose(app, city + ":")
    enter_roles(app, talents)
    assert top(app) == "Summary", top(app)
    press(app, "ok")
    return app.presses - n0


def borrow(app, amount, production=None):
    """From the turn page: borrow `amount` on `production` (a row's start, when
    there is a choice). Returns the presses used."""
    n0 = app.presses
    choose(app, "Borrow")
    if top(app) == "Menu":
        choose(app, production)
    assert top(app) == "LoanPicker", top(app)
    set_value(app, amount)
    press(app, "ok")
    return app.presses - n0


def hire(app, pos=0):
    """From the turn page: hire from space `pos`. Returns the presses used."""
    return choose(app, "Hire free card" if pos == 0 else "Hire for %d," % pos)


class Watch:
    """Every string drawn, split by the `private` flag of the screen it was
    drawn on, kept only when it holds one of the `needles` (money written
    as the screens write it): a whole game's log would not fit the VM's heap.
    With `play`, only what is drawn while the game is being played (not
    once it is over)."""

    def __init__(self, app, needles, play=False):
        self.needles = needles
        self.shared: list = []
        self.private: list = []
        self.on = True
        orig = app.p.text

        def text(s, x, y, c=1, size="body"):
            if self.on and not (play and (app.match is None or app.match.is_over())):
                t = app.top()
                seen = self.private if t is not None and t.private else self.shared
                if len(seen) < 8 and [n for n in self.needles if n in s]:
                    seen.append(s)
            return orig(s, x, y, c, size)

        app.p.text = text
