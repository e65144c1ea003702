"""Helpers for the Showtime screen tests: the app on a fake display, driven
by button events only (each `press` is one app.handle call, as the device's
buttons make), with the renders the app loop would do in between."""

from app_kit import collect
from fakes import FakeClock, FakeHardware, MemStorage
from usher.app import App

HOME_TO_SETUP = ["ok", "ok"]  # Home: New game; New game: Showtime


def make_app(st=None, mono=True):
    """The OLED profile unless asked: the same screens, and a quarter of the
    pixels for the CPython stand-in framebuf to set."""
    st = st if st is not None else MemStorage()
    collect()
    app = App(FakeHardware(mono), FakeClock(), st, seed=7)
    app.start()
    settle(app)
    return app, st


def name(app):
    return type(app.top()).__name__


def settle(app):
    """Render as the loop's ticks would until no Loading screen is left."""
    app.render()
    for _ in range(4):
        if name(app) != "Loading":
            break
        app.render()
    app.render()


def press(app, *events):
    for ev in events:
        app.handle(ev)
        settle(app)
        app.after_frame()  # as App.tick after a press's last frame: the move's record is written
        collect()  # as App.tick after a press's frame (MicroPython only): no garbage piles into fragments
    return len(events)


def walk(app, frm, to, n):
    """Move a wrapping cursor from index frm to index to, the shorter way."""
    d = (to - frm) % n
    if d <= n - d:
        return press(app, *(["next"] * d))
    return press(app, *(["prev"] * (n - d)))


def goto_row(app, label):
    """In a menu, move to the row whose label starts with `label`; OK it."""
    scr = app.top()
    labels = [it[0] for it in scr.items]
    k = [i for i in range(len(labels)) if labels[i].startswith(label)]
    assert k, (label, labels)
    n = walk(app, scr.sel, k[0], len(labels))
    return n + press(app, "ok")


def new_game(app, n=2, first=None, posters="draw", cut_out=None):
    """From home to the first turn's splash, through the setup menu only.
    `first`: the start player's index (None: the device draws); `cut_out`:
    persons to untick for a Director's Cut."""
    press(app, *HOME_TO_SETUP)
    press(app, *(["prev"] * (4 - n)))  # the players picker starts on 4
    press(app, "ok")
    press(app, *(["ok"] * n))  # seats: the roster's first names
    if first is not None:
        goto_row(app, "Start player")
        press(app, *(["ok"] * first))  # goto_row pressed OK once: draw -> player 0; each OK: the next
    if posters == "enter":
        goto_row(app, "Posters")
    if cut_out:
        goto_row(app, "Director's Cut")
        for card in cut_out:
            goto_row(app, "[x] %d " % card)
        goto_row(app, "Done")
    goto_row(app, "Start")


def choose_card(app, card):
    """On the Play screen: move the person cursor to `card` and press OK."""
    scr = app.top()
    cards = scr.lists[0]
    return walk(app, scr.at[0], cards.index(card), len(cards)) + press(app, "ok")


def place(app, card, row, seat, to=None, genre=False):
    """Enter one placement on the Play screen with buttons; returns presses.
    The genre question is answered only if the screen asks it."""
    scr = app.top()
    assert name(app) == "Play" and scr.mode == 0, (name(app), getattr(scr, "mode", None))
    n = 0
    cards = scr.lists[0]
    n += walk(app, scr.at[0], cards.index(card), len(cards)) + press(app, "ok")
    offer = scr.lists[1]
    i = (row - 1) * 4 + seat - 1
    assert i in offer, (card, row, seat, offer)
    n += walk(app, scr.at[1], offer.index(i), len(offer)) + press(app, "ok")
    if scr.mode == 2 and app.top() is scr:  # where the displaced person goes
        tg = scr.lists[2]
        j = (to[0] - 1) * 4 + to[1] - 1
        n += walk(app, scr.at[2], tg.index(j), len(tg)) + press(app, "ok")
    if scr.mode == 4 and app.top() is scr:  # the genre question: OK yes, left no (Back: the seat again)
        n += press(app, "ok" if genre else "prev")
    return n


def begin(app, n=2, first=0, posters="enter", genre="fantasy"):
    """A new game with a chosen start player and an entered poster, at its first turn."""
    new_game(app, n, first, posters)
    enter_poster(app, genre)
    press(app, "ok")  # the splash


def enter_poster(app, genre):
    scr = app.top()
    assert name(app) == "Between" and scr.mode == 3, name(app)
    left = scr.posters_left()
    walk(app, scr.k, left.index(genre), len(left))
    press(app, "ok")


def stop_showing(app):
    try:
        del app.p.text
    except AttributeError:
        pass
