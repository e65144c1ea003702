"""A Showbiz year's end, read from the draw calls: it says whose artists go
back to the bag on the screen that opens, and marks the lines below with a
scroll bar. Its own module: a 32-bit heap measures each test module whole."""

from fakes import make_display
from portable import eq
from showbiz_ui_kit import first_draw, make_app, pitch_of, press, start, top
from showbiz_ui_player import Player

# the LCD's 16 KB frame buffer before any test runs, as the device takes it at
# boot: the OLED tests sort first and would leave the 64-bit VM's heap in pieces
make_display(False)


def leaving(before, after):
    """Players whose artists leave with the year just scored: gone from the
    board (most years), or on a last year before the end roll (10 and 11)."""
    out = []
    for q in range(len(after["ze"])):
        gone = [c for c in range(6) if before["art"][q][c] >= 0 and after["art"][q][c] < 0]
        last = [c for c in range(6) if after["ph"] == "end" and after["yrs"][q][c] == 1]
        if gone or last:
            out.append(q)
    return out


def year_ends(mono, seed, years):
    """A 3-player game from year 9 (where the fault was seen): at each year's end, the
    first draw of its screen and who the rules send back to the bag."""
    app, _ = make_app(mono=mono)
    start(app, 3, start_year=9)
    kept = [None]
    out = []

    def at_end(app):
        if top(app) != "YearEnd":
            kept[0] = app.match.state  # the state before the move that ends the year
            return False
        return True

    pl = Player(app, seed=seed, break_odds=10**6)  # no breaks: the bag gets only what ran out
    while len(out) < years and not app.match.is_over():
        pl.play(at_end)
        news = [g for q, segs, _ in app.top().rows if q < 0 for g in segs if isinstance(g, str)]
        out.append((app.top().year, first_draw(app), leaving(kept[0], app.match.state), news))
        press(app, "ok")
    return app, out


def check_year_ends(mono):
    app, ends = year_ends(mono, 3, 2)
    eq([y for y, _, _, _ in ends], [9, 10])
    for y, seen, who, _ in ends:
        said = " ".join(seen)
        assert who, (y, "the seed ends some contract each year")
        assert said.startswith("Year %d scored %s" % (y, "To the bag: " if mono else "Back in the bag: ")), (y, seen)
        for q in who:
            assert app.match.state["players"][q]["name"] + " " in said, (y, q, seen)
        eq(seen[0], "Year %d scored" % y)
    # after year 10 the end roll decides whether they leave: said after them
    assert "(if play goes on)" not in ends[0][3], ends[0]
    assert "(if play goes on)" in ends[1][3], ends[1]


def test_a_year_end_says_whose_artists_go_back_to_the_bag_on_the_screen_that_opens_lcd():
    check_year_ends(False)


def test_a_year_end_says_whose_artists_go_back_to_the_bag_on_the_screen_that_opens_oled():
    check_year_ends(True)


def test_a_year_end_marks_the_lines_below_with_a_scroll_bar_not_a_page_count():
    from usher.ui import theme

    app, _ = make_app(mono=True)
    start(app, 4, start_year=9)
    Player(app, seed=3, break_odds=10**6).play(lambda app: top(app) == "YearEnd")
    from usher.ui.screen import title_h

    ye = app.top()
    p = app.p
    fits = (p.h - title_h(p)) // pitch_of(app)
    assert len(ye.rows) > fits, ye.rows  # four players' points alone fill the OLED
    bars = []
    fill = p.fill_rect
    p.fill_rect = lambda x, y, w, h, c: (
        (bars.append((y, h)) if x == p.w - 2 and c == theme.ACCENT else 0) or fill(x, y, w, h, c)
    )
    seen = first_draw(app)
    eq(seen[0], "Year 9 scored")
    assert "/" not in seen[1], seen  # no "1/10": a title's k/n is a page of the carousel
    eq(len(bars), 1)  # the bar at the top: the first lines are shown
    top0 = bars[0][0]
    for _ in range(len(ye.rows) + 3):  # scroll past the end: it stops at the last line
        press(app, "next")
    eq(ye.first, len(ye.rows) - fits)
    assert bars[-1][0] > top0 and bars[-1][0] + bars[-1][1] >= p.h - 2, bars
    p.fill_rect = fill
