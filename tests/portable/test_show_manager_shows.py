"""Show Manager rules 4, 6, 7 and 9: productions, cities, loans, scoring."""

from portable import eq
from show_manager_kit import (
    BALLET,
    LEAR,
    QUEENIE,
    WOLF,
    G,
    city_list,
    game,
    hire_round,
    hires,
    loan,
    play_out,
    refused,
    show,
)

FLAT = [["C%d" % i, [1, 1, 1, 1, 1, 1]] for i in range(4)]


def _dealt(n=4, k=3, **comps):
    """Everyone has hired k free cards; the start player is to play."""
    return hires(game(n, **comps), k * n)


# -- rule 4: production ----------------------------------------------------------
def test_sm_production_value_sum_plus_bonus():
    from usher.games.show_manager.rules import value

    assert value([5, 6, 4]) == 18, (value([5, 6, 4]), 18)
    eq(value([4, 0, 6]), 10)  # a miscast: no bonus
    eq(value([1, 1, 1, 1]), 8)  # provincial actors are never miscast
    eq(value([0, 0, 0]), 0)
    s = show(_dealt(), WOLF, [5, 6, 4], 0)
    eq(s["chips"][-1], [0, WOLF, 18, 18])


def test_sm_production_lays_exactly_the_roles():
    s = _dealt(k=4)
    s = show(s, QUEENIE, [2, 2, 2, 2], 0)
    assert s["hand"][0] == 0, (s["hand"][0], 0)
    eq(s["left"][0], [1, 0, 1, 1])


def test_sm_production_keeps_at_most_two_cards():
    s = _dealt(k=6)
    assert refused(
        s, {"t": "produce", "p": 0, "title": WOLF, "roles": [1, 1, 1], "city": 0}, "would keep 3 cards (max 2)"
    )
    s = show(s, QUEENIE, [1, 1, 1, 1], 0)
    eq(s["hand"][0], 2)


def test_sm_production_needs_a_chip_of_ones_own():
    s = show(_dealt(), WOLF, [1, 1, 1], 0)
    s = hire_round(s, 3)
    assert refused(s, {"t": "produce", "p": 0, "title": WOLF, "roles": [1, 1, 1]}, "all Wolf chips placed")


def test_sm_production_two_chips_per_musical_with_two_players():
    s = _dealt(n=2)
    s = show(s, WOLF, [1, 1, 1], 0)
    s = hire_round(s, 3)
    s = show(s, WOLF, [2, 2, 2])
    assert s["left"][0] == [0, 2, 2, 2], (s["left"][0], [0, 2, 2, 2])


# -- rule 6: cities ----------------------------------------------------------------
def test_sm_city_premiere_chooses_a_free_city():
    s = show(_dealt(k=4), WOLF, [1, 1, 1], 2)
    assert s["at"] == [2, -1, -1, -1], (s["at"], [2, -1, -1, -1])
    s = G.apply(s, {"t": "hire", "p": 0, "pos": 0})  # B to play, 4 cards
    refused(s, {"t": "produce", "p": 1, "title": QUEENIE, "roles": [1, 1, 1, 1], "city": 2}, "City 3 shows Wolf")
    refused(s, {"t": "produce", "p": 1, "title": QUEENIE, "roles": [1, 1, 1, 1]}, "choose a city")
    refused(s, {"t": "produce", "p": 1, "title": QUEENIE, "roles": [1, 1, 1, 1], "city": None}, "choose a city")
    s = show(s, QUEENIE, [1, 1, 1, 1], 0)
    eq(s["at"], [2, 0, -1, -1])


def test_sm_city_later_productions_go_to_the_premiere_city():
    s = show(_dealt(), WOLF, [1, 1, 1], 1)
    s = G.apply(s, {"t": "hire", "p": 0, "pos": 0})
    assert refused(s, {"t": "produce", "p": 1, "title": WOLF, "roles": [1, 1, 1], "city": 0}, "Wolf plays in Troisdorf")
    for city in (None, 1):
        a = {"t": "produce", "p": 1, "title": WOLF, "roles": [2, 2, 2]}
        a["city"] = city  # null means omitted
        eq(city_list(G.apply(s, a), 1), ["T17", "T13", "B9", "A6"])
    s = G.apply(s, {"t": "produce", "p": 1, "title": WOLF, "roles": [2, 2, 2]})
    eq(s["rank"][WOLF], [0, 1, 3, 2])  # chips: the touring 17, 13, A's, B's


def test_sm_city_touring_first_higher_above_lower_then_the_new_chip():
    s = show(_dealt(n=5), WOLF, [9, 9, 9], 0)  # 5 players: one touring 15
    assert city_list(s, 0) == ["A30", "T15"], (city_list(s, 0), ["A30", "T15"])
    s = show(_dealt(n=4), WOLF, [1, 1, 1], 0)
    eq(city_list(s, 0), ["T17", "T13", "A6"])
    s = show(_dealt(n=3), WOLF, [1, 1, 1], 0)  # 3 players: no touring companies
    eq(city_list(s, 0), ["A6"])


def test_sm_city_new_chip_beneath_equal_or_higher():
    # a premiere worth 17 sits below a touring 17 (touring tie)
    s = show(_dealt(n=4), WOLF, [4, 5, 5], 0)
    assert city_list(s, 0) == ["T17", "A17", "T13"], (city_list(s, 0), ["T17", "A17", "T13"])
    s = G.apply(s, {"t": "hire", "p": 0, "pos": 0})
    s = show(s, WOLF, [4, 5, 5])  # B's 17 beneath A's 17
    eq(city_list(s, 0), ["T17", "A17", "B17", "T13"])


def test_sm_city_six_places_then_full():
    s = play_out(game(4))
    for c in range(4):
        eq(len(city_list(s, c)), 6)
    assert G.is_over(s) and sum(len(r) for r in s["rank"]) == 24, s["rank"]  # 4 musicals x 6 chips


# -- rule 7: loans ---------------------------------------------------------------
def _wolf_board():
    """4 players: A's Wolf 18 (premiere, Koeln), B's Wolf 16; A to play."""
    s = show(_dealt(), WOLF, [5, 6, 4], 0)
    s = G.apply(s, {"t": "hire", "p": 0, "pos": 0})
    s = show(s, WOLF, [6, 5, 2])
    return hires(s, 3)


def test_sm_loan_pays_per_point_and_lowers_the_chip():
    s = _wolf_board()
    assert city_list(s, 0) == ["A18", "T17", "B16", "T13"], (city_list(s, 0), ["A18", "T17", "B16", "T13"])
    s = loan(s, WOLF, 1)
    eq(s["money"][0], 19000)
    eq(s["chips"][2], [0, WOLF, 18, 17])  # after the two touring chips
    eq(city_list(s, 0), ["T17", "A17", "B16", "T13"])


def test_sm_loan_beneath_equals():
    s = loan(_wolf_board(), WOLF, 2)  # 18 -> 16: beneath B's 16
    assert city_list(s, 0) == ["T17", "B16", "A16", "T13"], (city_list(s, 0), ["T17", "B16", "A16", "T13"])


def test_sm_loan_may_drop_to_zero_never_below():
    s = show(_dealt(), WOLF, [2, 2, 2], 0)  # 9
    s = hires(s, 4)
    assert refused(s, {"t": "loan", "p": 0, "title": WOLF, "amount": 10}, "worth only 9")
    s = loan(s, WOLF, 9)
    eq(city_list(s, 0), ["T17", "T13", "A0"])
    eq(s["money"][0], 18000 + 9000)


def test_sm_loan_at_most_ten():
    s = show(_dealt(k=6), BALLET, [9, 9, 9, 9, 9, 9], 0)  # 60
    s = hires(s, 4)
    assert refused(s, {"t": "loan", "p": 0, "title": BALLET, "amount": 11}, "borrow 1-10")
    s = loan(s, BALLET, 10)
    eq(city_list(s, 0), ["A50", "T32", "T28"])


def test_sm_loan_once_per_production():
    s = loan(_wolf_board(), WOLF, 1)
    s = hires(s, 4)
    assert refused(s, {"t": "loan", "p": 0, "title": WOLF, "amount": 1}, "already borrowed on Wolf")


def test_sm_loan_one_per_musical_with_two_chips():
    # 2 players: A borrows on her second Wolf chip; the first is then refused
    s = show(_dealt(n=2), WOLF, [1, 1, 1], 0)  # A's first Wolf: 6
    s = hires(s, 6)
    s = show(s, WOLF, [3, 3, 3])  # her second: 12
    s = hires(s, 2)
    assert city_list(s, 0) == ["T17", "T13", "A12", "A6"], (city_list(s, 0), ["T17", "T13", "A12", "A6"])
    s = loan(s, WOLF, 2, copy=1)
    eq(city_list(s, 0), ["T17", "T13", "A10", "A6"])
    eq(s["money"][0], 38000)
    s = hires(s, 2)
    refused(s, {"t": "loan", "p": 0, "title": WOLF, "copy": 0, "amount": 1}, "already borrowed on Wolf")
    refused(s, {"t": "loan", "p": 0, "title": WOLF, "copy": 1, "amount": 1}, "already borrowed on Wolf")


def test_sm_loan_refused_when_the_city_holds_six():
    s = play_out(game(4), until=lambda x: len(x["rank"][WOLF]) == 6 and x["did"] == 0)
    p = s["turn"]
    mine = [ch for ch in s["chips"] if ch[0] == p and ch[1] == WOLF]
    assert len(mine) == 1, (len(mine), 1)
    refused(s, {"t": "loan", "p": p, "title": WOLF, "amount": 1}, "6 shows stand: no loan")


def test_sm_loan_only_on_ones_own_productions():
    s = _wolf_board()
    assert refused(s, {"t": "loan", "p": 0, "title": QUEENIE, "amount": 1}, "no such production")
    refused(s, {"t": "loan", "p": 0, "title": WOLF, "copy": 1, "amount": 1}, "no such production")
    s = hires(s, 1)  # B: her Wolf, never the touring chips or A's
    refused(s, {"t": "loan", "p": 1, "title": LEAR, "amount": 1}, "no such production")


# -- rule 9: scoring --------------------------------------------------------------
def test_sm_scoring_place_points_not_chip_values():
    s = _wolf_board()  # Koeln 18 14 10 7 4 2: A first, T, B third, T
    assert G.scores(s) == [18, 10, 0, 0], (G.scores(s), [18, 10, 0, 0])
    s = loan(s, WOLF, 2)  # T17, B16, A16, T13
    eq(G.scores(s), [10, 14, 0, 0])


def test_sm_scoring_touring_places_earn_nothing():
    s = show(_dealt(), WOLF, [1, 1, 1], 0)  # T17, T13, A6
    assert G.scores(s) == [10, 0, 0, 0], (G.scores(s), [10, 0, 0, 0])


def test_sm_scoring_tie_on_points_broken_by_money():
    s = game(2, cities=FLAT)

    def open_show(x):  # a musical of B's whose city has room
        got = [ch[1] for ch in x["chips"] if ch[0] == 1 and len(x["rank"][ch[1]]) < 6]
        return got[0] if got else -1

    s = play_out(s, until=lambda x: x["turn"] == 1 and open_show(x) >= 0)
    s = loan(s, open_show(s), 1)
    s = play_out(s)
    assert G.scores(s) == [8, 8], (G.scores(s), [8, 8])
    eq(s["money"][1] - s["money"][0], 1000)
    got = [(x["name"], x["rank"]) for x in G.standings(s)]
    eq(got, [("B", 1), ("A", 2)])


def test_sm_scoring_tie_on_both_shared():
    s = play_out(game(2, cities=FLAT))
    assert G.scores(s) == [8, 8], (G.scores(s), [8, 8])
    eq(s["money"], [36000, 36000])
    got = [(x["name"], x["rank"]) for x in G.standings(s)]
    eq(got, [("A", 1), ("B", 1)])
