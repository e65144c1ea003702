"""Showtime's turns on the device, driven by button events on a fake display:
a placement, Ken and Sophie moving someone, the genre question, seats that
are never offered, refusals, and the setup menu."""

from app_kit import shown_texts
from portable import eq
from showtime_ui_kit import (
    begin,
    choose_card,
    enter_poster,
    goto_row,
    make_app,
    name,
    new_game,
    place,
    press,
)
from usher.core.match import Match
from usher.games.catalog import load_game
from usher.games.showtime import cast

BEA, HEINO, KEN, LEO, LINDA, LOUIS, SOPHIE, NINA = 1, 4, 6, 7, 8, 9, 11, 13


def last(app):
    a = dict(app.match.last_action())
    a.pop("at", None)
    return a


def test_new_game_from_home_draws_poster_and_start_player_then_waits_on_the_splash():
    app, _ = make_app()
    new_game(app, 2)
    eq(name(app), "Between")
    eq([a["t"] for a in app.match.actions], ["poster", "first"])
    eq(app.top().mode, 2)  # the splash
    press(app, "ok")
    eq(name(app), "Play")
    s = app.match.state
    mover = (s["start"] + s["turn"]) % 2
    eq(app.top().lists[0], list(range(1, 17)))  # every person, in number order
    eq(app.top().mover(), mover)


def test_setup_options_reach_the_record():
    app, _ = make_app()
    new_game(app, 3, first=1, posters="enter", cut_out=[KEN, SOPHIE, 15, 16])
    opts = app.match.setup["options"]
    eq(opts["first"], 1)
    eq(opts["posters"], "enter")
    eq(opts["cut"], [1, 2, 3, 4, 5, 7, 8, 9, 10, 12, 13, 14])
    eq(app.match.actions, [])  # the players enter the poster: nothing drawn
    enter_poster(app, "romance")
    eq(last(app), {"t": "poster", "genre": "romance"})
    press(app, "ok")
    eq(app.top().mover(), 1)
    eq(app.top().lists[0], opts["cut"])


def test_start_is_the_first_row_of_the_setup_menu():
    app, _ = make_app()
    press(app, "ok", "ok", "prev", "prev", "ok", "ok", "ok")  # 2 players: Anna, Ben
    eq(name(app), "Setup")
    eq(app.top().items[0][0], "Start")
    press(app, "ok")
    eq(app.match.game.name, "showtime")


def test_seat_stars_check_is_asked_until_confirmed_for_rows_three_and_four():
    app, _ = make_app()
    press(app, "ok", "ok", "prev", "prev", "ok", "ok", "ok")  # 2 players use rows 1-2 only
    labels = [it[0] for it in app.top().items]
    assert "Check seat stars!" not in labels, labels
    app, _ = make_app()
    press(app, "ok", "ok", "ok", "ok", "ok", "ok", "ok")  # 4 players
    goto_row(app, "Check seat stars!")
    eq(name(app), "Confirm")
    press(app, "ok")  # they match the board
    labels = [it[0] for it in app.top().items]
    assert "Check seat stars!" not in labels, labels
    eq(app.settings.get("showtime")["stars_checked"], True)


def test_a_placement_through_button_events_records_the_move():
    app, _ = make_app()
    begin(app)
    n = place(app, HEINO, 1, 1, genre=False)
    eq(last(app), {"t": "place", "p": 0, "card": HEINO, "row": 1, "seat": 1, "genre": False})
    assert n <= 9, n
    eq(app.match.state["seats"][0], [0, HEINO])
    eq(app.top().mover(), 1)  # the next player's turn, cursor on their first person
    eq(app.top().at[0], 0)


def test_the_seat_cursor_offers_only_free_legal_seats():
    app, _ = make_app()
    begin(app)
    place(app, HEINO, 1, 1)  # Anna
    place(app, LINDA, 1, 3)  # Ben
    place(app, LOUIS, 1, 4)  # Anna: a Linda/Louis pair in row 1
    choose_card(app, LOUIS)  # Ben's Louis
    scr = app.top()
    offer = scr.lists[1]
    seats = app.match.state["seats"]
    visited = []
    for _ in range(len(offer) + 1):
        visited.append(scr.sel())
        press(app, "next")
    for i in visited:
        assert seats[i] is None, i  # taken seats never come up
    assert 1 not in visited  # beside the full pair: not for a third Linda
    eq(sorted(set(visited)), [4, 5, 6, 7])


def test_the_seat_cursor_starts_on_the_seat_worth_most_now():
    app, _ = make_app()
    begin(app)
    choose_card(app, HEINO)
    # Heino gets 2 in row 1 and loses 1 in row 2; row 2's middle seats have 3 stars:
    # row 1 middle (2 + 2 = 4) beats row 2 middle (3 - 1 = 2)
    eq(app.top().sel(), 1)


def test_ken_takes_a_mans_seat_and_the_man_goes_where_the_player_says():
    app, _ = make_app()
    begin(app)
    place(app, LEO, 1, 2)  # Anna's Leo
    place(app, NINA, 1, 3)  # Ben's Nina
    choose_card(app, KEN)  # Anna's Ken
    offer = app.top().lists[1]
    assert 1 in offer, offer  # Leo's seat: a man's
    assert 2 not in offer, offer  # Nina's: a woman's
    n = place_seat_then_target(app, 1, (2, 3))
    eq(last(app)["to"], [2, 3])
    seats = app.match.state["seats"]
    eq(seats[1], [0, KEN])
    eq(seats[6], [0, LEO])
    assert n <= 8, n


def place_seat_then_target(app, i, to):
    scr = app.top()
    n = 0
    while scr.sel() != i:
        n += press(app, "next")
    n += press(app, "ok")
    eq(scr.mode, 2)  # where does Leo go?
    tg = scr.lists[2]
    seats = app.match.state["seats"]
    for j in tg:
        assert seats[j] is None, j  # only free seats are offered
    j = (to[0] - 1) * 4 + to[1] - 1
    while scr.sel() != j:
        n += press(app, "next")
    n += press(app, "ok")
    if app.top().mode == 4:
        n += press(app, "prev")  # no
    return n


def test_sophie_moves_the_person_to_a_free_side_seat():
    app, _ = make_app()
    begin(app)
    place(app, HEINO, 1, 2)  # Anna
    place(app, BEA, 2, 1)  # Ben
    place(app, NINA, 2, 2)  # Anna: Bea now has no free seat beside her
    # Ben's Sophie on Heino's seat: both sides are free, so the players say which
    place(app, SOPHIE, 1, 2, to=(1, 3))
    eq(last(app)["to"], [1, 3])
    seats = app.match.state["seats"]
    eq(seats[1], [1, SOPHIE])
    eq(seats[2], [0, HEINO])
    choose_card(app, SOPHIE)  # Anna's Sophie
    offer = app.top().lists[1]
    assert 4 not in offer, offer  # Bea's seat: wall on the left, Nina on the right
    assert 5 in offer, offer  # Nina's: the seat on her right is free


def test_sophie_with_one_free_side_asks_nothing_more():
    app, _ = make_app()
    begin(app)
    place(app, HEINO, 1, 1)
    choose_card(app, SOPHIE)  # Ben's Sophie
    scr = app.top()
    while scr.sel() != 0:
        press(app, "next")
    press(app, "ok")
    eq(scr.mode, 4)  # straight to the genre question: Heino can only go right
    press(app, "prev")  # no
    eq(last(app)["to"], [1, 2])


def test_the_genre_question_is_asked_once_its_answer_is_not_known():
    app, _ = make_app()
    begin(app, genre="fantasy")
    place(app, KEN, 1, 1, genre=True)
    eq(last(app)["genre"], True)
    texts = shown_texts(app)
    n = place(app, KEN, 2, 2)  # Ben's Ken: the same person likes the same poster
    eq(last(app)["genre"], True)
    assert "Ken likes Fantasy?" not in texts
    place(app, LEO, 1, 2, genre=False)
    eq(last(app)["genre"], False)
    assert n <= 8, n


def test_an_undone_answer_is_asked_again():
    """The answers the screen keeps between moves must not outlive an undo:
    Ben's Ken liked fantasy, the move is taken back from the game menu (the
    same turn screen stays), and his Ken placed again is asked again."""
    app, _ = make_app()
    begin(app, genre="fantasy")
    place(app, LEO, 1, 1, genre=False)
    place(app, KEN, 2, 2, genre=True)
    scr = app.top()
    press(app, "back")  # the game menu
    menu = app.top()
    press(app, *(["next"] * (menu.items.index("Undo last") - menu.sel)))
    press(app, "ok", "ok")  # "Undo last", then its question
    assert app.top() is scr
    eq(app.match.actions[-1]["card"], LEO)
    choose_card(app, KEN)
    press(app, "ok")  # the seat the cursor starts on
    eq(scr.mode, 4)  # the genre question
    press(app, "prev")  # no
    eq(last(app)["genre"], False)


def test_the_answers_are_read_from_the_record_once_a_screening():
    """Reading the whole record from flash for every genre question costs
    ~45 ms a press late in a game on the Pico; the screen reads it at its
    first question and then keeps its answers up to date with its own moves."""
    app, _ = make_app()
    begin(app, genre="fantasy")
    reads = []
    real = app.match.iter_actions

    def counted():
        reads.append(1)
        return real()

    app.match.iter_actions = counted
    place(app, KEN, 1, 1, genre=True)
    place(app, KEN, 2, 2)  # Ben's Ken: known from Anna's answer, not read again
    eq(last(app)["genre"], True)
    place(app, LEO, 1, 2, genre=False)
    place(app, LEO, 2, 3)
    eq(last(app)["genre"], False)
    eq(len(reads), 1)


def test_a_genre_table_means_no_question():
    app, _ = make_app()
    table = [["fantasy"]] * 12 + [["fantasy", "scifi"]] * 4
    st = app.settings.get("showtime")
    st["genres"] = table
    app.settings.set("showtime", st)
    begin(app, genre="romance")
    texts = shown_texts(app)
    place(app, KEN, 1, 1)
    a = last(app)
    assert "genre" not in a, a  # the rules work it out from the table
    eq(app.match.state["total"], [0, 0])
    assert not [t for t in texts if "likes" in t], texts


def test_an_illegal_submit_shows_its_reason_and_changes_nothing():
    app, st = make_app()
    begin(app)
    place(app, HEINO, 1, 1)
    before = app.match.state
    log = st.read(app.match.name + ".log")
    ok = app.submit({"t": "place", "p": 1, "card": LEO, "row": 1, "seat": 1, "genre": False})
    assert not ok
    eq(app.toast_msg, "seat taken")
    eq(app.match.state, before)
    eq(st.read(app.match.name + ".log"), log)
    at = app.top().at[0]
    press(app, "next")  # the press that clears the message also does what it says
    eq(app.toast_msg, "")
    eq(app.top().at[0], (at + 1) % len(app.top().lists[0]))


def test_holding_ok_on_the_seat_cursor_says_why_a_seat_is_not_offered():
    app, _ = make_app()
    begin(app)
    place(app, HEINO, 1, 1)
    choose_card(app, LEO)
    press(app, "ok_long")
    scr = app.top()
    eq(scr.mode, 3)
    while scr.sel() != 0:
        press(app, "next")
    texts = shown_texts(app)
    press(app, "next", "prev")
    assert "row 1 seat 1: seat taken" in texts, texts
    press(app, "ok")  # not offered: the reason, nothing placed
    eq(app.toast_msg, "seat taken")
    eq(len(app.match.actions), 2)  # the poster and Heino
    press(app, "back")  # the message goes, and back to the legal seats
    eq(scr.mode, 1)


def test_persons_already_seated_this_game_are_not_offered_again():
    app, _ = make_app()
    begin(app)
    place(app, HEINO, 1, 1)
    place(app, HEINO, 1, 2)
    assert HEINO not in app.top().lists[0]  # Anna's Heino is used up
    eq(len(app.top().lists[0]), 15)


def test_a_game_resumes_from_the_record_alone():
    app, st = make_app()
    begin(app)
    place(app, HEINO, 1, 1)
    m = Match.resume(st, app.match.name, load_game)
    eq(m.state, app.match.state)
    eq(cast.name(m.state["seats"][0][1]), "Heino")
