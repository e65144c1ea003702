"""What Showtime's turn screen says, read from its draw calls (each a fault
players met): an occupied seat that Ken or Sophie may take is not called
free, a person's name is never cut into something that reads as a player's
name, the footer says the seat whole, and a placed person leaves the seat's
stars visible."""

from app_kit import shown_texts
from portable import eq
from showtime_ui_kit import begin, choose_card, make_app, place, press

BEA, BENNY, GLORIA, HEINO, MIA, SOPHIE = 1, 2, 3, 4, 10, 11
ELLIPSIS = "\x7f"  # what the painter's fit puts at the end of a cut text


def issue_table(mono):
    """Three players (Anna, Ben, Cleo); row 1 full (Anna's Benny on seat 2,
    Ben's on seat 4), Cleo's Heino on row 2 seat 1 with seat 2 beside him
    free; Ben to move."""
    app, _ = make_app(mono=mono)
    begin(app, 3)
    place(app, BEA, 1, 1, genre=True)  # Anna
    place(app, BENNY, 1, 2, genre=True)  # Ben
    place(app, GLORIA, 1, 3, genre=True)  # Cleo
    place(app, BENNY, 1, 4, genre=True)  # Anna
    place(app, MIA, 2, 3, genre=True)  # Ben
    place(app, HEINO, 2, 1, genre=True)  # Cleo
    place(app, GLORIA, 3, 1, genre=True)  # Anna
    eq(app.top().mover(), 1)
    return app


def cut(texts):
    return [t for t in texts if t.endswith(ELLIPSIS)]


def test_an_occupied_seat_sophie_may_take_is_not_called_free():
    for mono in (False, True):
        app = issue_table(mono)
        choose_card(app, SOPHIE)
        press(app, "ok_long")  # every seat, and why it is not offered
        scr = app.top()
        eq(scr.mode, 3)
        texts = shown_texts(app)
        while scr.sel() != 4:  # row 2 seat 1: Heino
            press(app, "next")
        foot = texts[-1]
        assert "free" not in foot, foot
        assert foot.endswith("Heino moves"), foot
        del texts[:]
        press(app, "next")  # row 2 seat 2: free indeed
        assert texts[-1].endswith(": free"), texts


def test_a_persons_name_is_whole_or_left_out_never_cut():
    for mono in (False, True):
        app = issue_table(mono)
        texts = shown_texts(app)
        app.top().dirty = True
        app.render()
        assert not cut(texts), texts
        if not mono:  # the LCD has room for these names whole
            assert "2 Benny" in texts, texts
            assert "4 Heino" in texts, texts


def test_the_seat_footer_names_the_seat_and_the_person_who_moves_whole():
    for mono in (False, True):
        app = issue_table(mono)
        choose_card(app, SOPHIE)
        scr = app.top()
        texts = shown_texts(app)
        while scr.sel() != 4:
            press(app, "next")
        foot = texts[-1]
        assert not foot.endswith(ELLIPSIS), foot
        if not mono:
            eq(foot, "Sophie: row 2 seat 1 (Heino moves)")
        else:  # the OLED: the seat short, and the move said whole, never cut
            eq(foot, "R2 S1: Heino moves")


def pip_runs(d, x, y, w, bg):
    """Runs of non-background pixels along one line of the panel."""
    runs = 0
    inside = False
    for k in range(x, x + w):
        on = d.pixel(k, y) != bg
        if on and not inside:
            runs += 1
        inside = on
    return runs


def test_a_placed_person_leaves_the_seats_stars_visible():
    # LCD: the stars as dots along the seat's bottom, under the person's name
    app = issue_table(False)
    d = app.hw.display
    lay = app.top().lay
    stars = app.match.state["stars"]
    for i in (0, 1, 4):  # Bea (1 star), Benny (2), Heino (2)
        x, y, w, h = lay.cell(i)
        bg = d.pixel(x + 1, y + 1)
        got = pip_runs(d, x + 1, y + h - 6, w - 2, bg)
        eq(got, stars[i // 4][i % 4])
    # OLED: a 2x2 block of dots at the seat's right
    app = issue_table(True)
    d = app.hw.display
    lay = app.top().lay
    for i in (0, 1, 4):
        x, y, w, h = lay.cell(i)
        lit = 0
        for dy in range(5):
            for dx in range(5):
                lit += d.pixel(x + w - 5 + dx, y + 1 + dy)
        eq(lit, 4 * stars[i // 4][i % 4])


# -- fewer presses a placement: a row of seats a press ---------------------------------
def test_up_and_down_move_the_seat_cursor_by_rows_left_and_right_seat_by_seat():
    app, _ = make_app(mono=False)
    begin(app, 3)
    choose_card(app, HEINO)
    scr = app.top()
    eq(scr.mode, 1)
    offer = scr.lists[1]
    eq(offer, list(range(12)))  # an empty hall: every seat
    scr.at[1] = 1  # row 1 seat 2
    press(app, "down")
    eq(scr.sel(), 5)  # row 2 seat 2
    press(app, "down")
    eq(scr.sel(), 9)  # row 3 seat 2
    press(app, "down")
    eq(scr.sel(), 1)  # round to row 1
    press(app, "up")
    eq(scr.sel(), 9)
    press(app, "next")
    eq(scr.sel(), 10)  # right: the next seat
    press(app, "prev", "prev")
    eq(scr.sel(), 8)


def test_a_row_move_skips_rows_with_no_seat_offered_and_keeps_the_column():
    from usher.ui.showtime import pick

    seats = [0, 3, 9, 10]  # row 1 seats 1 and 4, row 3 seats 2 and 3
    eq(pick.row_step(seats, 1, 1), 3)  # row 1 seat 4 -> row 3 seat 3, the nearest
    eq(pick.row_step(seats, 0, 1), 2)  # row 1 seat 1 -> row 3 seat 2
    eq(pick.row_step(seats, 2, 1), 0)  # row 3 round to row 1
    eq(pick.row_step([4, 5], 0, 1), 0)  # one row only: stays


def test_the_person_picker_reaches_any_person_in_three_presses():
    app, _ = make_app(mono=False)
    begin(app, 2)
    scr = app.top()
    eq(scr.mode, 0)
    for n in (16, 12, 9):  # a whole hand, a Director's Cut, late in a game
        scr.lists[0] = list(range(1, n + 1))
        moves = {}  # index -> where each key leads, read off the screen
        for i in range(n):
            moves[i] = []
            for ev in ("prev", "next", "up", "down"):
                scr.at[0] = i
                app.handle(ev)
                moves[i].append(scr.at[0])
        dist = {0: 0}
        todo = [0]
        while todo:  # presses from the first person to each
            i = todo.pop(0)
            for j in moves[i]:
                if j not in dist:
                    dist[j] = dist[i] + 1
                    todo.append(j)
        eq(len(dist), n)
        assert max(dist.values()) <= 3, (n, dist)


def test_screens_without_rows_get_up_and_down_as_prev_and_next():
    from usher.board import lcd114

    eq([lcd114.KEYMAP[k] for k in ("up", "down", "left", "right")], ["up", "down", "prev", "next"])
    app, _ = make_app(mono=False)
    press(app, "ok")  # New game: a menu
    menu = app.top()
    at = menu.sel
    press(app, "down")
    eq(menu.sel, at + 1)
    press(app, "up")
    eq(menu.sel, at)
