"""Placement rules: free seats, Ken, Sophie, the Linda/Louis pair, turn order,
each card once a game, the genre bonus. Two players take turns (player 0 first),
so cards in a sequence alternate between them."""

from portable import eq, raises
from showtime_kit import G, action, at, game, legal_places, place, places
from usher.core.data import dumps
from usher.core.errors import RuleError
from usher.games.showtime.game import to_move

NINO = 15  # a man without effects
NINA = 13  # a woman without effects
NORBERT = 16
NORA = 14


def refused(s, msg, card, row, seat, to=None, genre=None, **extra):
    """The placement is refused with `msg` and the state is left as it was."""
    before = dumps(s)
    a = action(s, card, row, seat, to, genre)
    for k in extra:
        a[k] = extra[k]
    e = raises(RuleError, G.apply, s, a)
    eq(str(e), msg)
    assert len(str(e)) <= 40
    eq(dumps(s), before)


# -- free seats, turn order, cards ---------------------------------------------------
def test_a_person_takes_a_free_seat():
    s = place(game(), NINA, 1, 2)
    eq(at(s, 1, 2), [0, NINA])
    eq(s["used"], [[NINA], []])
    eq(to_move(s), 1)


def test_an_occupied_seat_is_refused_to_ordinary_persons():
    s = place(game(), NINA, 1, 2)
    refused(s, "seat taken", NINO, 1, 2)


def test_seats_outside_the_auditorium_are_refused():
    s = game(2)
    for row, seat in ((0, 1), (3, 1), (1, 0), (1, 5), (-1, 2)):
        refused(s, "no such seat", NINA, row, seat)


def test_row_four_exists_only_with_four_players():
    eq(at(place(game(4), NINA, 4, 4), 4, 4), [0, NINA])
    refused(game(3), "no such seat", NINA, 4, 4)


def test_only_the_player_to_move_may_place():
    s = game(3, first=1)
    a = action(s, NINA, 1, 1)
    a["p"] = 0
    eq(str(raises(RuleError, G.apply, s, a)), "not your turn")


def test_turn_order_runs_clockwise_from_the_start_player():
    s = game(3, first=2)
    order = []
    for k in range(6):
        order.append(to_move(s))
        s = place(s, k // 3 + 1, 1 + k // 4, k % 4 + 1)
    eq(order, [2, 0, 1, 2, 0, 1])


def test_card_numbers_are_1_to_16():
    s = game()
    for bad in (0, 17, -3):
        refused(s, "card 1-16", bad, 1, 1)
    a = action(s, 1, 1, 1)
    a["card"] = True
    eq(str(raises(RuleError, G.apply, s, a)), "bad card")


def test_a_person_plays_once_per_screening():
    s = places(game(), [(NINA, 1, 1), (NINA, 1, 2)])
    refused(s, "person 13 already played", NINA, 1, 3)


def test_a_person_plays_once_per_game():
    s = places(game(), [(4, 1, 1), (13, 1, 4), (2, 1, 2), (3, 2, 1), (1, 1, 3), (8, 2, 2), (8, 2, 3), (6, 2, 4)])
    s = G.apply(s, {"t": "poster", "genre": "scifi"})
    eq(to_move(s), 0)  # green led the first screening
    refused(s, "person 4 already played", 4, 1, 1)
    eq(at(place(s, 5, 1, 1), 1, 1), [0, 5])  # an unplayed person is fine


def test_the_screening_ends_when_the_cinema_is_full():
    s = game()
    for k in range(8):
        eq(s["phase"], "place")
        s = place(s, k // 2 + 1, k // 4 + 1, k % 4 + 1)
    eq(s["phase"], "poster")
    eq(len(s["steps"]), 16)
    e = raises(RuleError, G.apply, s, {"t": "place", "p": s["start"], "card": 9, "row": 1, "seat": 1, "genre": False})
    eq(str(e), "not time to place: poster due")


def test_a_refused_placement_changes_nothing():
    s = place(game(), 6, 1, 1)
    refused(s, "Ken can't move Ken", 6, 1, 1, to=(1, 3))
    refused(s, "seat taken", NINA, 1, 1)
    s = place(s, NINA, 1, 2)
    refused(s, "person 6 already played", 6, 1, 3)


# -- Ken -------------------------------------------------------------------------------
def test_ken_displaces_a_man_to_a_free_seat():
    s = place(game(), NINO, 1, 1)
    s = place(s, 6, 1, 1, to=(2, 4))
    eq(at(s, 1, 1), [1, 6])
    eq(at(s, 2, 4), [0, NINO])


def test_ken_may_displace_his_own_players_man():
    s = places(game(), [(NINO, 1, 1), (NINA, 2, 1)])
    s = place(s, 6, 1, 1, to=(1, 2))
    eq([at(s, 1, 1), at(s, 1, 2)], [[0, 6], [0, NINO]])


def test_ken_cannot_displace_ken():
    s = place(game(), 6, 1, 1)
    refused(s, "Ken can't move Ken", 6, 1, 1, to=(1, 2))


def test_ken_needs_a_mans_seat():
    s = place(game(), NINA, 1, 1)
    refused(s, "Ken needs a man's seat", 6, 1, 1, to=(1, 2))


def test_ken_may_take_a_free_seat():
    eq(at(place(game(), 6, 2, 3), 2, 3), [0, 6])


def test_kens_man_goes_to_a_free_seat_only():
    s = places(game(), [(NINO, 1, 1), (NINA, 1, 2)])
    refused(s, "move target not free", 6, 1, 1, to=(1, 2))
    refused(s, "move target not free", 6, 1, 1, to=(1, 1))
    refused(s, "no such seat", 6, 1, 1, to=(3, 1))


def test_ken_must_say_where_when_several_seats_are_free():
    s = place(game(), NINO, 1, 1)
    refused(s, "say where to move him", 6, 1, 1)


def test_ken_needs_no_target_when_one_seat_is_free():
    moves = [(NINO, 1, 1), (1, 1, 2), (2, 1, 3), (3, 1, 4), (4, 2, 1), (5, 2, 2), (7, 2, 3)]
    s = places(game(), moves)
    eq(to_move(s), 1)
    s = place(s, 6, 1, 1)  # (2, 4) is the only free seat
    eq([at(s, 1, 1), at(s, 2, 4)], [[1, 6], [0, NINO]])


def test_a_move_target_on_a_free_seat_is_refused():
    refused(game(), "seat is free: no move", 6, 1, 1, to=(1, 2))


# -- Sophie ----------------------------------------------------------------------------
def test_sophie_sends_the_person_to_a_free_seat_beside():
    s = place(game(), NINA, 1, 2)
    s = place(s, 11, 1, 2, to=(1, 3))
    eq([at(s, 1, 2), at(s, 1, 3)], [[1, 11], [0, NINA]])


def test_sophie_may_displace_men_women_and_ken():
    for card in (NINO, NINA, 6, 11):
        s = place(game(), card, 2, 2)
        s = place(s, 11, 2, 2, to=(2, 1))
        eq([at(s, 2, 1), at(s, 2, 2)], [[0, card], [1, 11]])


def test_sophie_needs_a_free_seat_beside():
    s = places(game(), [(NINA, 1, 1), (NORA, 1, 2), (NINO, 1, 3)])
    refused(s, "no free seat beside", 11, 1, 2, to=(1, 4))


def test_sophie_sends_only_to_the_left_or_right():
    s = place(game(), NINA, 1, 2)
    refused(s, "move to a free side seat", 11, 1, 2, to=(1, 4))
    refused(s, "move to a free side seat", 11, 1, 2, to=(2, 2))


def test_sophie_needs_no_target_when_one_side_is_free():
    s = place(game(), NINA, 1, 1)
    s = place(s, 11, 1, 1)
    eq([at(s, 1, 1), at(s, 1, 2)], [[1, 11], [0, NINA]])


def test_sophie_must_say_which_side_when_both_are_free():
    s = place(game(), NINA, 1, 2)
    refused(s, "say where to move", 11, 1, 2)


# -- Linda and Louis -------------------------------------------------------------------
def test_linda_may_pair_with_a_lone_louis():
    s = places(game(), [(9, 1, 1), (8, 1, 2)])
    eq([at(s, 1, 1), at(s, 1, 2)], [[0, 9], [1, 8]])


def test_no_third_linda_beside_a_linda_louis_pair():
    s = places(game(), [(8, 1, 2), (9, 1, 3), (NINA, 2, 1)])
    refused(s, "Linda/Louis pair full", 8, 1, 4)
    refused(s, "Linda/Louis pair full", 8, 1, 1)


def test_no_third_louis_beside_a_pair():
    s = places(game(), [(8, 1, 2), (8, 1, 3)])
    refused(s, "Linda/Louis pair full", 9, 1, 1)
    refused(s, "Linda/Louis pair full", 9, 1, 4)


def test_linda_may_sit_two_seats_from_a_pair_or_in_another_row():
    s = places(game(), [(8, 1, 1), (9, 1, 2), (NINA, 2, 4)])
    eq(at(place(s, 8, 1, 4), 1, 4), [1, 8])
    eq(at(place(s, 8, 2, 1), 2, 1), [1, 8])


def test_linda_between_two_lone_ones_is_allowed():
    # our reading: no pair exists yet, so none is made too large
    s = places(game(), [(8, 1, 1), (9, 1, 3)])
    eq(at(place(s, 9, 1, 2), 1, 2), [0, 9])


def test_ken_cannot_move_louis_beside_a_pair():
    s = places(game(), [(8, 1, 1), (9, 1, 2), (9, 2, 4)])
    refused(s, "Linda/Louis pair full", 6, 2, 4, to=(1, 3))
    eq(at(place(s, 6, 2, 4, to=(2, 1)), 2, 1), [0, 9])


def test_sophie_cannot_move_linda_beside_a_pair():
    s = places(game(), [(9, 1, 3), (9, 1, 4), (8, 1, 1)])
    # Sophie on the lone Linda could only send her to seat 2, beside the pair
    refused(s, "Linda/Louis pair full", 11, 1, 1, to=(1, 2))
    refused(s, "Linda/Louis pair full", 11, 1, 1)


def test_moving_a_partner_away_breaks_the_pair():
    s = places(game(), [(9, 1, 1), (8, 1, 2), (NINA, 2, 1)])
    # Ken takes Louis's seat: Linda is alone, so Louis may join her on the other side
    s = place(s, 6, 1, 1, to=(1, 3))
    eq([at(s, 1, 1), at(s, 1, 2), at(s, 1, 3)], [[1, 6], [1, 8], [0, 9]])


# -- the genre bonus --------------------------------------------------------------------
GENRES = [["fantasy"]] * 4 + [["scifi"]] * 4 + [["romance"]] * 2 + [["comedy"]] * 2
GENRES += [["fantasy", "comedy"], ["scifi", "romance"], ["comedy", "scifi"], ["romance", "fantasy"]]


def test_a_matching_genre_gains_two_at_once():
    s = place(game(), NINA, 1, 1, genre=True)
    eq(s["total"], [2, 0])
    eq(s["last"]["bonus"], 2)
    s = place(s, NINA, 1, 2, genre=False)
    eq(s["total"], [2, 0])


def test_the_genre_answer_is_required_without_a_table():
    s = game()
    a = action(s, NINA, 1, 1)
    del a["genre"]
    eq(str(raises(RuleError, G.apply, s, a)), "missing genre")
    a["genre"] = 1
    eq(str(raises(RuleError, G.apply, s, a)), "bad genre")


def test_the_genre_table_decides_the_bonus():
    s = game(genres=GENRES, poster="comedy")
    s = place(s, 11, 1, 1)  # Sophie likes comedy
    s = place(s, 1, 1, 2)  # Bea likes fantasy
    eq(s["total"], [2, 0])


def test_the_normal_family_likes_either_of_two_genres():
    s = game(genres=GENRES, poster="comedy")
    s = places(s, [(13, 1, 1), (14, 1, 2), (15, 1, 3), (16, 1, 4)])
    eq(s["total"], [4, 0])  # Nina (fantasy/comedy) and Nino (comedy/scifi)


def test_the_genre_table_refuses_a_contradicting_answer():
    s = game(genres=GENRES, poster="comedy")
    refused(s, "genre answer contradicts table", 1, 1, 1, genre=True)
    refused(s, "genre answer contradicts table", 11, 1, 1, genre=False)
    eq(s["total"], [0, 0])
    a = action(s, 11, 1, 1)
    a["genre"] = True  # an agreeing answer is fine
    eq(G.apply(s, a)["total"], [2, 0])


# -- what the device offers ----------------------------------------------------------------
def test_legal_places_are_exactly_the_accepted_ones():
    # player 0's Linda and player 1's Louis pair up in row 1; player 0's Louis sits at (2,4)
    s = places(game(), [(8, 1, 1), (9, 1, 2), (9, 2, 4), (NINA, 2, 1)])
    offered = legal_places(s)
    for a in offered:
        G.apply(s, a)  # every offered action is accepted
    eq(sorted(set(a["card"] for a in offered)), [c for c in range(1, 17) if c not in (8, 9)])
    free = [(1, 3), (1, 4), (2, 2), (2, 3)]
    eq(sorted((a["row"], a["seat"]) for a in offered if a["card"] == NINO), free)
    ken = sorted((a["row"], a["seat"], a["to"][0], a["to"][1]) for a in offered if a["card"] == 6 and "to" in a)
    # Ken may take either Louis's seat; the row-1 Louis may go anywhere free (his pair
    # breaks), the row-2 Louis anywhere but (1,3), beside the pair
    eq(ken, [(1, 2) + f for f in free] + [(2, 4) + f for f in free if f != (1, 3)])
    sophie = sorted((a["row"], a["seat"], a["to"][0], a["to"][1]) for a in offered if a["card"] == 11 and "to" in a)
    # Sophie needs a free seat beside the one she takes: (1,1) has none
    eq(sophie, [(1, 2, 1, 3), (2, 1, 2, 2), (2, 4, 2, 3)])
