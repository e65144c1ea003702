"""Showtime's turn screen, read from what it draws (faults players met):
the genre question has a way back to the seat; a move is said whole on
either panel and a placed Norbert by his name; an answer the players were
not asked says whether the +2 was given; Down moves a row of four persons by
number; a confirmed seat-stars check stays confirmed in Settings."""

from app_kit import collect, shown_texts
from portable import eq
from showtime_ui_kit import begin, choose_card, goto_row, make_app, name, place, press, settle

BEA, BENNY, GLORIA, HEINO, HILDO, KEN, LEO, MIA, SOPHIE, NORBERT = 1, 2, 3, 4, 5, 6, 7, 10, 11, 16
ELLIPSIS = "\x7f"


def test_back_on_the_genre_question_goes_back_to_the_seat_and_left_answers_no():
    # was: "OK = yes  Back = no", and Back placed the card: a wrong seat
    # seen at the question had to be placed and undone
    for mono in (False, True):
        app, _ = make_app(mono=mono)
        begin(app, genre="fantasy")
        texts = shown_texts(app)
        choose_card(app, HEINO)
        scr = app.top()
        press(app, "ok")  # the seat the cursor starts on
        eq(scr.mode, 4)
        assert "Heino likes Fantasy?" in texts, texts
        assert "< no    OK: yes >" in texts, texts  # left: no, OK (or right): yes
        n = len(app.match.inforce)
        del texts[:]
        press(app, "back")
        eq(len(app.match.inforce), n)  # nothing placed
        eq(scr.mode, 1)  # the seat cursor again, on the seat chosen
        assert [t for t in texts if t.startswith("Heino: ")], texts  # the footer names the seat again
        press(app, "next", "ok")  # another seat
        eq(scr.mode, 4)
        press(app, "prev")  # no: one press
        a = app.match.last_action()
        eq((a["card"], a["genre"]), (HEINO, False))
        place(app, LEO, 2, 1, genre=True)  # Ben: OK is yes
        eq(app.match.last_action()["genre"], True)
        app = texts = None
        collect()


def test_back_on_the_genre_question_after_kens_target_goes_back_to_the_target():
    app, _ = make_app()
    begin(app, genre="fantasy")
    place(app, LEO, 1, 2)  # Anna's Leo
    place(app, MIA, 1, 4)  # Ben's Mia
    choose_card(app, KEN)  # Anna's Ken on Leo's seat: where does Leo go?
    scr = app.top()
    while scr.sel() != 1:
        press(app, "next")
    press(app, "ok")
    eq(scr.mode, 2)
    press(app, "ok")  # the target the cursor starts on
    eq(scr.mode, 4)
    press(app, "back")
    eq(scr.mode, 2)  # the target again
    press(app, "back")
    eq(scr.mode, 1)  # and the seat
    eq(len(app.match.actions), 3)  # the poster, Leo, Mia: nothing placed


def norbert_table(mono):
    """Three players: Anna's Norbert on row 1 seat 2, Ben's Ken beside him,
    Cleo's Gloria on row 2; Anna to move, with Sophie in hand."""
    app, _ = make_app(mono=mono)
    begin(app, 3)
    place(app, NORBERT, 1, 2, genre=True)  # Anna
    place(app, KEN, 1, 1, genre=True)  # Ben
    place(app, GLORIA, 2, 1, genre=False)  # Cleo
    return app


def test_a_move_is_said_whole_and_a_placed_norbert_by_his_name():
    # was "Sophie: row 1 seat 2 (Norbert)" (LCD), "Sophie: R1 S2 (Norbert)"
    # (OLED): who moves, cut; and a placed Norbert showed only "16" (LCD)
    for mono in (False, True):
        app = norbert_table(mono)
        texts = shown_texts(app)
        app.top().dirty = True
        app.render()
        if not mono:  # the LCD: the name where number and name do not both fit
            assert "Norbert" in texts and "16" not in texts, texts
        choose_card(app, SOPHIE)
        scr = app.top()
        del texts[:]
        while scr.sel() != 1:  # Norbert's seat
            press(app, "next")
        foot = texts[-1]
        assert foot.endswith("Norbert moves") or foot.endswith("(Norbert moves)"), foot
        assert not foot.endswith(ELLIPSIS), foot
        eq(foot, "R1 S2: Norbert moves" if mono else "Sophie: R1 S2 (Norbert moves)")
        app = texts = None
        collect()


def test_an_answer_not_asked_says_whether_the_plus_two_was_given():
    for mono in (False, True):
        app = norbert_table(mono)
        place(app, SOPHIE, 1, 3, genre=False)  # Anna: Sophie on a free seat, does not like it
        texts = shown_texts(app)
        n = place(app, NORBERT, 3, 4)  # Ben's Norbert: Anna's said he likes Fantasy
        a = app.match.last_action()
        eq((a["card"], a["genre"]), (NORBERT, True))
        assert "Norbert likes Fantasy?" not in texts  # not asked again
        said = [t for t in texts if "+2" in t]
        eq(said, ["Norbert: +2" if mono else "Norbert likes Fantasy: +2"])
        del texts[:]
        place(app, SOPHIE, 3, 1)  # Cleo's Sophie: Anna's did not like it
        said = [t for t in texts if "+2" in t]
        eq(said, ["Sophie: no +2" if mono else "Sophie: not Fantasy, no +2"])
        del texts[:]
        press(app, "next")  # the next press: the screening again
        assert "1/3 Fantasy" in texts, texts
        assert n <= 6, n
        app = texts = None
        collect()


def test_the_screenings_last_answer_not_asked_is_said_on_the_replay():
    app, _ = make_app()
    begin(app, genre="fantasy")
    place(app, KEN, 1, 1, genre=True)  # Anna
    for card, row, seat in ((BEA, 1, 2), (BENNY, 1, 3), (GLORIA, 1, 4), (HEINO, 2, 1), (HILDO, 2, 2), (LEO, 2, 3)):
        place(app, card, row, seat, genre=False)
    texts = shown_texts(app)
    place(app, KEN, 2, 4)  # Ben's Ken, the screening's last: known from Anna's
    settle(app)
    eq(name(app), "Between")
    eq(app.top().mode, 0)  # the replay
    assert "Ken likes Fantasy: +2" in texts, texts
    del texts[:]
    press(app, "next")
    assert not [t for t in texts if "+2" in t and "Ken" in t], texts


def test_down_moves_a_row_of_four_persons_by_number():
    # was: with Gloria played, Down from "1 Bea" landed on "6 Ken" (four
    # places on in the list) and Hildo (5) needed a Left more
    app, _ = make_app(mono=False)
    begin(app, 2, genre="fantasy")
    place(app, GLORIA, 1, 1)  # Anna
    place(app, GLORIA, 1, 2)  # Ben
    scr = app.top()
    eq(scr.lists[0][:3], [BEA, BENNY, HEINO])  # Gloria seated
    texts = shown_texts(app)
    press(app, "down")
    eq(scr.sel(), HILDO)
    eq(texts[-1], "< 5 Hildo >")
    press(app, "down", "down")
    eq(scr.sel(), 13)  # 9, then 13: the same place in each row
    press(app, "down")
    eq(scr.sel(), BEA)  # round the rows
    press(app, "up")
    eq(scr.sel(), 13)
    press(app, "next", "next", "next")
    eq(scr.sel(), 16)
    press(app, "up")
    eq(scr.sel(), 12)


def seat_rows(app):
    """Settings -> Showtime seats, from Home: the rows' labels as drawn."""
    texts = shown_texts(app)
    goto_row(app, "Settings")
    goto_row(app, "Showtime seats")
    eq(name(app), "StarsRows")
    return [t for t in texts if t.startswith("Row ")]


def test_a_confirmed_seat_stars_check_is_kept_in_settings():
    # was: OK on "Seat stars as on your board?" at a new game, and Settings
    # -> Showtime seats still said "Row 3: 3 4 4 3 check!"
    from fakes import MemStorage

    st = MemStorage()
    app, _ = make_app(st, mono=False)
    press(app, "ok", "ok", "ok", "ok", "ok", "ok", "ok")  # New game, Showtime, 4 players, their names
    goto_row(app, "Check seat stars!")
    eq(name(app), "Confirm")
    press(app, "ok")  # they match the board
    app = None
    collect()
    app, _ = make_app(st, mono=False)  # the next power-on: the settings are read from /data
    rows = seat_rows(app)
    eq(rows, ["Row 1: 1 2 2 1", "Row 2: 2 3 3 2", "Row 3: 3 4 4 3", "Row 4: 2 3 3 2"])


def test_settings_flag_unchecked_stars_until_confirmed_there():
    from fakes import MemStorage

    st = MemStorage()
    app, _ = make_app(st, mono=False)
    rows = seat_rows(app)
    eq(rows[2:], ["Row 3: 3 4 4 3 check!", "Row 4: 2 3 3 2 check!"])
    goto_row(app, "All as on my board")
    eq(app.settings.get("showtime")["stars_checked"], True)
    assert "All as on my board" not in [it[0] for it in app.top().items]
    from usher.core.data import loads

    eq(loads(st.read("settings.json").decode())["showtime"]["stars_checked"], True)  # kept in /data
