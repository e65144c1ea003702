"""Show Manager's money on the device: every string drawn during a whole game
played through the screens is looked at, with the `private` flag of its
screen, and no shared screen may show a player's money before the end (the
standings then show it). The players start with 23,500, so every amount
they can hold ends in 500, which nothing public on the screens does (costs,
loans, points, values). A leaky page proves the check can fail."""

from portable import eq
from show_manager_ui_kit import Watch, choose, hire, make_app, press, start, top
from show_manager_ui_player import Player

MONEY = {"money": 23500}
NEEDLE = ["500"]


def test_no_shared_screen_shows_money_before_the_end_and_the_standings_do():
    app, _ = make_app(mono=True)  # a whole game: the small panel is quicker to draw
    start(app, 2, components=MONEY)
    w = Watch(app, NEEDLE, play=True)
    after = Watch(app, NEEDLE)
    # a look at Anna's money first, so the private side is sure to be seen
    press(app, "back")
    choose(app, "Peek my money")
    choose(app, "Anna")
    press(app, "ok", "ok", "ok")
    eq(top(app), "Main")
    pl = Player(app, seed=4, browse_odds=6, peek_odds=15)
    pl.play()
    eq(w.shared, [])
    assert "23,500" in w.private, w.private
    assert pl.loans and pl.browsed and pl.peeks, (pl.loans, pl.browsed, pl.peeks)
    eq(top(app), "Table")  # the final standings: points and, now, money
    assert after.shared, after.shared


def test_a_refusal_for_money_says_only_not_enough_money():
    app, _ = make_app()
    start(app, 2, components={"money": 2500})
    w = Watch(app, NEEDLE + ["money"])
    hire(app, 3)
    eq(app.toast_msg, "not enough money")
    eq(w.shared, ["not enough money"])


def leaky(draw_page):
    """A points page that also writes the money of whoever is to play (a bug on purpose)."""

    def draw(p, state, k, right):
        draw_page(p, state, k, right)
        p.text("%d" % state["money"][max(0, state["turn"])], 2, p.h - 12)

    return draw


def test_a_page_that_shows_money_is_caught():
    app, _ = make_app()
    start(app, 2, components=MONEY)
    w = Watch(app, NEEDLE)
    press(app, "prev")  # the points page: its module is loaded now
    from usher.ui.show_manager import pages

    honest = pages.draw_page
    pages.draw_page = leaky(honest)
    try:
        press(app, "prev")
        press(app, "next")
    finally:
        pages.draw_page = honest
    assert w.shared and w.shared[0] == "23500", w.shared
