"""Show Manager's turn menu redraws in part as a whole redraw would, through
a scroll and after a move (its own file: a fresh VM heap for the app and
the panel's copy)."""

from app_kit import collect
from show_manager_ui_kit import make_app as show_manager_app
from show_manager_ui_kit import start
from test_partial_redraw import Glass, presses


def test_show_managers_turn_menu_keeps_its_title_through_a_scroll_and_drops_a_turn_told_in_part():
    # on the OLED a cursor move that scrolled the rows repainted the panel
    # with a plain title bar: the player's mark and "1/n" were gone until the
    # next whole redraw (148 bytes off). The first press after a move takes
    # the turn told off the rows it was drawn over: those
    # rows and the cursor's, not the panel.
    for mono in (False, True):  # the LCD's 16 KB copy first, on a heap not yet cut up
        app, _ = show_manager_app(mono=mono)
        g = Glass(app.hw.display)  # before the game: its buffer as the heap is whole
        try:
            start(app, 4)
            evs = ["ok", "next", "next", "next", "next", "prev", "prev", "prev", "ok", "prev", "prev"]
            pushed = presses(app, g, evs)  # each press against a whole redraw
        finally:
            g.close()
        p = app.p
        assert pushed[1] < p.w * p.h, pushed  # after "Anna hired free": its rows and the cursor's, not the panel
        assert pushed[9] < p.w * p.h, pushed  # after "Ben hired for 3,000"
        app = g = None
        collect()


def test_a_turn_told_over_the_rows_leaves_them_as_a_whole_redraw_would():
    # the turn told is drawn over the menu's rows beside the
    # cursor's (below it, or above it on the OLED's three rows); the next
    # press, whatever it is, draws those rows again in part
    from show_manager_ui_kit import hire, produce

    for mono in (False, True):
        app, _ = show_manager_app(mono=mono)
        g = Glass(app.hw.display)
        try:
            start(app, 4)
            for _ in range(12):
                hire(app)
            produce(app, "Wolf", [5, 6, 4], "Koeln")  # "Anna put on Wolf in Koeln"
            hire(app)  # Ben's turn opens on Anna's whole turn
            evs = ["prev", "next", "next", "ok", "back", "back", "next", "prev", "prev", "prev", "ok"]
            pushed = presses(app, g, evs)
        finally:
            g.close()
        assert pushed[0] < app.p.w * app.p.h, pushed  # the rows under it and the cursor's
        app = g = None
        collect()
