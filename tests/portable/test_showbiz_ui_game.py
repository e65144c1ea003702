"""A year of Showbiz played through the screens only: a seeded player looks
at the screen on top and presses what a player would (picks, claims now and
then, bids, contracts, a break now and then), device draws. The whole
10-year game is in tests/host/vm/test_showbiz_ui_fullgame.py: on the 64-bit VM its
records outgrow the 256 KB heap (64-bit) (see there)."""

from app_kit import median
from portable import eq, on_micropython
from showbiz_ui_kit import make_app, start, step
from showbiz_ui_player import Player


def test_a_year_played_through_the_screens_ends_scored():
    # The mono panel: the colour one's 16 KB frame would leave the 64-bit VM
    # too little heap here (the simulator's full games cover the colour
    # screens there), and the pure-Python stand-in for framebuf is slow at
    # 240x135. On the VM two players: a 4-player year is about 100 moves.
    app, _ = make_app(mono=True)
    n = 2 if on_micropython() else 4
    start(app, n)
    pl = Player(app, seed=3)
    pl.play(lambda app: app.match.state["year"] > 1 or app.match.is_over())
    s = app.match.state
    eq(len(s["pts"][0]), 1)  # year 1 was scored, for everyone
    eq([len(t) for t in s["pts"]], [1] * n)
    assert step(app) in ("trend", "pick", "row"), step(app)
    assert pl.bids and pl.turns, (pl.bids, pl.turns)
    # every selection turn of the year was a pick followed by a contract or
    # a reveal with nobody winning: at least one turn per artist signed
    signed = len([a for a in app.match.actions if a["t"] == "contract"])
    assert len(pl.turns) >= signed - 1, (len(pl.turns), signed)
    fig = (n, app.presses, median(pl.bids), median(pl.turns))
    print("year 1, %d players: %d presses, median %s a bid, %s a selection turn" % fig)
    eq(pl.refusals, 0)


def test_the_last_year_ends_the_game_with_the_standings_on_screen():
    from showbiz_ui_kit import Recorder, choose, labels, press, top

    app, _ = make_app(mono=True)
    start(app, 2, start_year=12)  # the short game: after year 12 no end roll
    pl = Player(app, seed=5)
    pl.play(lambda app: app.match.is_over())
    eq(top(app), "YearEnd")  # the year's scores first
    press(app, "ok")
    eq(app.top().page > 0, True)  # the points by year
    rec = Recorder(app)
    press(app, "ok")  # back to the step page: nothing left to play
    shown = [s for s, _ in rec.log]
    assert "Game over" in shown, shown
    assert "OK: standings" in shown, shown
    press(app, "ok")
    eq(top(app), "Table")
    st = app.match.standings()
    eq([r[0] for r in app.top().rows], [s["player"] for s in st])
    assert app.top().rows[0][1].startswith("1. "), app.top().rows
    press(app, "back")  # back to the game over page; its menu fits a finished game
    press(app, "back")
    eq(labels(app), ["Back to game", "Undo last", "Scores", "Score sheet", "Home"])
    choose(app, "Score sheet")
    eq(app.top().title, "Final standings")
    press(app, "ok")  # the game is over: OK leads Home
    eq((top(app), app.match), ("Home", None))


def test_with_public_money_the_boards_show_each_players_ze():
    from showbiz_ui_kit import Recorder, labels, press, to_pick

    app, _ = make_app(mono=True)
    start(app, 2, agent=0, public_money=True, components={"ze": 23})
    to_pick(app)
    rec = Recorder(app)
    press(app, "next", "next", "next")  # the pool, the taste, Anna's board
    shown = [s for s, _ in rec.log]
    assert [s for s in shown if "ZE 23" in s], shown
    press(app, "back")
    assert "Peek my ZE" not in labels(app), labels(app)  # nothing to hide
