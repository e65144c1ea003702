"""Whole Show Manager games played through the screens only: a seeded player
looks at the screen on top and presses what a player would (loans, shows,
refreshes, hires, a look at the pages, a peek, an undo now and then), to the
final standings. And the presses a turn takes: a hire alone (goal: median 2
or fewer) and a production with its hire (goal: median 4 + 3 a role or fewer)."""

from app_kit import median
from portable import eq
from show_manager_ui_kit import make_app, start, top
from show_manager_ui_player import Player


def whole_game(n, seed):
    # the mono panel: the pure-Python stand-in for framebuf is slow at 240x135
    app, _ = make_app(mono=True)
    start(app, n)
    pl = Player(app, seed=seed)
    pl.play()
    return app, pl


def test_a_three_player_game_the_longest_ends_with_the_standings_on_screen():
    app, pl = whole_game(3, 3)
    s = app.match.state
    eq(app.match.is_over(), True)
    eq(top(app), "Table")
    eq([sum(x) for x in s["left"]], [0, 0, 0])  # eight productions each
    eq([len(r) for r in s["rank"]], [6, 6, 6, 6])  # every city full
    eq(pl.refusals, 0)
    st = app.match.standings()
    eq([r[0] for r in app.top().rows[:3]], [x["player"] for x in st])
    assert pl.hires and pl.shows, (pl.hires, pl.shows)
    assert median(pl.hires) <= 2, pl.hires
    assert median(pl.excess()) <= 4, pl.shows
    fig = (app.presses, len(app.match.inforce), median(pl.hires), median(pl.excess()))
    print("3 players: %d presses, %d moves; median %s presses a hire-only turn, %s beyond 3 a role a production" % fig)


def test_a_six_player_game_ends_and_every_player_is_skipped_once_done():
    app, pl = whole_game(6, 2)
    s = app.match.state
    eq(app.match.is_over(), True)
    eq([sum(x) for x in s["left"]], [0] * 6)
    eq(pl.refusals, 0)
    assert median(pl.hires) <= 2, pl.hires
    assert median(pl.excess()) <= 4, pl.shows
