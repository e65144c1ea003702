"""A game between moves and the laptop's link: the link's heap comes first
from the code the game's main screen loads on demand (Screen.spare)."""

from app_kit import make_app, press
from fake_serial import attach, link_of
from portable import eq, on_micropython


def test_a_game_between_moves_gives_the_link_the_code_it_loads_on_demand():
    """Showbiz at its main screen, a turn's screens loaded: the laptop's first
    byte has the main screen let them go before the link loads (a files
    deploy holds bytecode in RAM), and the next turn loads them again."""
    import sys

    from showbiz_ui_kit import start, to_pick, top
    from usher.ui.showbiz import play

    app, _ = make_app(mono=True)
    start(app, 3)
    to_pick(app)
    press(app, "ok")  # the pick's menu: a turn's screen
    assert top(app) != "Main", top(app)
    assert "usher.ui.showbiz.turn" in sys.modules
    press(app, "back")
    eq([top(app), len(app.stack)], ["Main", 1])
    rested = []
    main = app.top()
    real = main.spare

    def counted():
        rested.append(len(app.stack))
        real()

    main.spare = counted
    ser = attach(app)
    ser.feed(b"\n")
    app.tick()
    assert link_of(app) is not None
    eq(rested, [1])
    if on_micropython():  # CPython keeps every module (unload forgets nothing there)
        eq([m for m in play.ON_DEMAND if m in sys.modules], [])
    press(app, "ok")  # the same turn, its screens loaded again
    assert top(app) != "Main", top(app)
    assert "usher.ui.showbiz.turn" in sys.modules


def test_a_screen_over_the_game_keeps_its_code_when_the_link_loads():
    """With a turn's screen over the main screen, nothing is let go: the
    screen on top runs code the main screen loaded."""
    from showbiz_ui_kit import start, to_pick, top

    app, _ = make_app(mono=True)
    start(app, 3)
    to_pick(app)
    press(app, "ok")
    shown = top(app)
    rested = []
    for s in app.stack:
        s.spare = lambda: rested.append(1)
    ser = attach(app)
    ser.feed(b"\n")
    app.tick()
    assert link_of(app) is not None
    eq(rested, [])
    press(app, "next")  # the turn's screen still answers
    eq(top(app), shown)
