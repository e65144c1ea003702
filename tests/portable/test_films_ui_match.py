"""Whole Films matches played through the screens only: a seeded player
(host_tools/devkit/usher_devkit/kit/films_ui_player.py) looks at the screen on
top and presses what a player would (bids of 0-9 weeks, any half, the
questions a repeating half asks, hits, swaps, Scriptwriters, Studio moves),
on CPython and on the MicroPython VM (compiled firmware, 256K heap)."""

from app_kit import median
from films_ui_kit import make_app, press, start, top
from films_ui_player import Player, digest
from portable import eq


def play(seed, **opts):
    app, _ = make_app(mono=True)  # the pure-Python frame buffer is slow at 240x135
    start(app, 0, **opts)
    pl = Player(app, seed=seed)
    pl.play()
    return app, pl


def test_a_best_of_three_played_through_the_screens_ends_two_games_to_one_or_nil():
    app, pl = play(7, best_of=3)
    s = app.match.state
    assert app.match.is_over()
    eq(sorted(s["wins"]), [1, 2])  # this seed needs all three games
    eq(len(s["past"]), 3)
    eq(top(app), "End")  # the match's tickets; their OK leads Home (below)
    eq(pl.refusals, 0)
    # every placement of the match was entered through the screens: 2 a round
    eq(len([a for a in app.match.actions if a["t"] == "place"]), 3 * 8 * 2)
    eq(len(pl.places), 3 * 8 * 2)
    eq(len(pl.bids), 3 * 8 * 2)
    st = app.match.standings()
    eq(st[0]["score"], 2)
    print(
        "best of three: %d moves, %d presses; median %s presses a bid, %s a placement (max %d)"
        % (len(app.match.actions), app.presses, median(pl.bids), median(pl.places), max(pl.places))
    )
    assert median(pl.bids) <= 4 and median(pl.places) <= 6, (median(pl.bids), median(pl.places))
    # the same presses make the same match on both runtimes
    eq(digest(app.match.actions), DIGEST_7)
    press(app, "ok")
    eq((top(app), app.match), ("Home", None))


DIGEST_7 = 4288857689  # the match of seed 7, as CPython played it


def test_a_ten_round_game_with_open_bids_is_played_to_its_end():
    app, pl = play(2, rounds=10, bids="open")
    s = app.match.state
    assert app.match.is_over()
    eq(s["rd"], 10)
    eq(len([a for a in app.match.actions if a["t"] == "place"]), 20)
    eq(pl.refusals, 0)
    eq(len(pl.bids), 20)
