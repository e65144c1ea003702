"""The app on a fake display, driven by button events (each `press` is one
app.handle call, as the device's buttons make, then the render the loop would
do, and what waits for that frame): shared by test_app and the game screen kits."""

from fakes import FakeClock, FakeHardware, MemStorage
from usher.app import App
from usher.memory import collect  # noqa: F401  (the device's: on MicroPython only, where heap is scarce)


def make_app(st=None, mono=False, seed=7):
    st = st if st is not None else MemStorage()
    app = App(FakeHardware(mono), FakeClock(), st, seed=seed)
    app.start()
    app.render()
    return app, st


def press(app, *events):
    for ev in events:
        app.handle(ev)
        app.render()
        top = app.top()
        if top is None or not (top.dirty or top.part):  # the press's last frame, as App.tick
            app.after_frame()
    d = app.hw.display
    if len(d.pushes) > 32:  # the fake keeps every push; a long game would fill the heap
        d.pushes = []


def labels(app):
    return [it[0] for it in app.top().items]


def goto(app, label):
    """Move the menu cursor to a label and press OK."""
    items = labels(app)
    assert label in items, (label, items)
    while app.top().items[app.top().sel][0] != label:
        press(app, "next")
    press(app, "ok")


def median(xs):
    """The median (0 for none): the kits run on MicroPython, which has no statistics."""
    if not xs:
        return 0
    s = sorted(xs)
    return s[len(s) // 2] if len(s) % 2 else (s[len(s) // 2 - 1] + s[len(s) // 2]) / 2


def shown_texts(app):
    """Every string the painter draws from now on (a list that fills up)."""
    p = app.p
    seen = []
    draw = p.text

    def text(s, *args, **kw):
        seen.append(s)
        return draw(s, *args, **kw)

    p.text = text
    return seen


def watch(app):
    """[(text, x, width)] drawn, and the texts a fit cut, from now on."""
    p = app.p
    drawn, cut = [], []
    text, fit = p.text, p.fit

    def text_w(s, x, y, c=1, size="body"):
        w = text(s, x, y, c, size)
        drawn.append((s, x, w))
        return w

    def fit_w(s, max_w, size="body"):
        got = fit(s, max_w, size)
        if got != s:
            cut.append(s)
        return got

    p.text = text_w
    p.fit = fit_w
    return drawn, cut
