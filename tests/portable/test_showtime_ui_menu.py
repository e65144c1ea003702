"""Showtime's game menu, red carpet page and screening splash say what they
are: the OLED's splash says "Anna starts" whole and "OK: play"; the scores
view is titled "Scores" (not "Game menu"), and the red carpet's title has
no arrow that reads as a next page; left and right leave it open."""

from app_kit import collect, shown_texts
from portable import eq
from showtime_ui_kit import begin, enter_poster, make_app, name, new_game, press, stop_showing, walk


def open_entry(app, label):
    """In Showtime's menu (its items are plain labels), move to `label` and
    OK; returns every string drawn by that OK."""
    scr = app.top()
    walk(app, scr.sel, scr.items.index(label), len(scr.items))
    seen = shown_texts(app)
    press(app, "ok")
    stop_showing(app)
    return seen


def test_the_scores_view_is_titled_scores_on_both_boards():
    for mono in (True, False):
        app, _ = make_app(mono=mono)
        begin(app, 2)
        press(app, "back")
        eq(name(app), "ShowtimeMenu")
        seen = open_entry(app, "Scores")
        assert "Scores" in seen and "Game menu" not in seen, seen
        assert "1. Anna" in seen or "1. Ben" in seen, seen
        press(app, "back")  # back to the list, titled as the menu again
        eq(app.top().title, "Game menu")
        app = seen = None
        collect()


def test_the_red_carpet_has_no_page_arrow_and_left_right_keep_it_open():
    app, _ = make_app(mono=False)
    begin(app, 2)
    press(app, "back")
    seen = open_entry(app, "Red carpet")
    eq(name(app), "Carpet")
    assert "Red carpet" in seen, seen
    assert not [s for s in seen if s.endswith(">") or s.endswith("<")], seen
    press(app, "next", "prev")
    eq(name(app), "Carpet")
    press(app, "ok")
    eq(name(app), "ShowtimeMenu")


def test_the_oled_splash_says_who_starts_whole_and_ok_play():
    app, _ = make_app(mono=True)  # the LCD's splash had both already
    new_game(app, 2, 0, "enter")
    seen = shown_texts(app)
    enter_poster(app, "fantasy")
    stop_showing(app)
    eq(name(app), "Between")
    assert "Anna starts" in seen and "OK: play" in seen, seen
