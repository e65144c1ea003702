"""Every person's scoring effect, on auditoriums written as rows of cards.

Cards: 1 Bea, 2 Benny, 3 Gloria, 4 Heino, 5 Hildo, 6 Ken, 7 Leo, 8 Linda,
9 Louis, 10 Mia, 11 Sophie, 12 Lisa, 13 Nina, 14 Nora, 15 Nino, 16 Norbert.
Fillers without effects: 15 Nino (man), 13 Nina (woman), 6 Ken (man)."""

from portable import eq
from showtime_kit import board, effect
from usher.games.showtime import cast


def test_genders_follow_the_components_table():
    women = [c for c in range(1, 17) if cast.is_female(c)]
    men = [c for c in range(1, 17) if cast.is_male(c)]
    eq(women, [1, 3, 8, 10, 11, 12, 13, 14])
    eq(men, [2, 4, 5, 6, 7, 9, 15, 16])
    assert not set(women) & set(men), "a person is both"


def test_bea_costs_a_woman_beside_her_one():
    eq(effect([[13, 1, 14, 0]], 1, 1), -1)
    eq(effect([[13, 1, 14, 0]], 1, 3), -1)


def test_bea_gives_a_man_beside_her_one():
    eq(effect([[15, 1, 16, 0]], 1, 1), 1)
    eq(effect([[15, 1, 16, 0]], 1, 3), 1)


def test_bea_reaches_only_left_and_right():
    rows = [[0, 1, 0, 0], [15, 15, 15, 0]]
    eq([effect(rows, 2, s) for s in (1, 2, 3)], [0, 0, 0])
    eq(effect([[15, 0, 1, 0]], 1, 1), 0)  # two seats away


def test_bea_herself_gets_nothing_from_her_effect():
    eq(effect([[15, 1, 15, 0]], 1, 2), 0)


def test_benny_in_a_middle_seat_costs_everyone_else_in_his_row_one():
    rows = [[15, 2, 13, 16], [15, 15, 15, 15]]
    eq([effect(rows, 1, s) for s in (1, 3, 4)], [-1, -1, -1])
    rows = [[15, 13, 2, 16]]
    eq([effect(rows, 1, s) for s in (1, 2, 4)], [-1, -1, -1])


def test_benny_spares_himself_and_other_rows():
    rows = [[15, 2, 13, 16], [15, 15, 15, 15]]
    eq(effect(rows, 1, 2), 0)
    eq([effect(rows, 2, s) for s in (1, 2, 3, 4)], [0, 0, 0, 0])


def test_benny_on_an_edge_seat_costs_nothing():
    rows = [[2, 15, 13, 16], [15, 13, 16, 2]]
    eq([effect(rows, r, s) for r in (1, 2) for s in (1, 2, 3, 4)], [0] * 8)


def test_two_middle_bennys_cost_each_other():
    rows = [[15, 2, 2, 16]]
    eq([effect(rows, 1, s) for s in (1, 2, 3, 4)], [-2, -1, -1, -2])


def test_gloria_gives_a_woman_beside_her_one():
    eq(effect([[13, 3, 14, 0]], 1, 1), 1)
    eq(effect([[13, 3, 14, 0]], 1, 3), 1)


def test_gloria_gives_a_man_beside_her_nothing():
    eq(effect([[15, 3, 16, 0]], 1, 1), 0)
    eq(effect([[15, 3, 16, 0]], 1, 2), 0)


def test_gloria_gains_one_per_woman_beside_her():
    eq(effect([[15, 3, 13, 0]], 1, 2), 1)
    eq(effect([[14, 3, 13, 0]], 1, 2), 2)


def test_gloria_ignores_women_in_front_and_behind():
    eq(effect([[0, 13, 0, 0], [15, 3, 15, 0], [0, 14, 0, 0]], 2, 2), 0)
    eq(effect([[0, 13, 0, 0], [15, 3, 15, 0], [0, 14, 0, 0]], 1, 2), 0)


def test_two_glorias_side_by_side_each_gain_two():
    # each gains one for the woman beside her, and the other Gloria gives her one
    eq(effect([[3, 3, 0, 0]], 1, 1), 2)
    eq(effect([[3, 3, 0, 0]], 1, 2), 2)


def test_heino_gains_two_in_row_one():
    eq(effect([[4, 0, 0, 0]], 1, 1), 2)


def test_heino_loses_one_in_row_two():
    eq(effect([[0, 0, 0, 0], [4, 0, 0, 0]], 2, 1), -1)


def test_heino_loses_two_in_rows_three_and_four():
    eq(effect([[0] * 4, [0] * 4, [0, 4, 0, 0]], 3, 2), -2)
    eq(effect([[0] * 4, [0] * 4, [0] * 4, [0, 0, 0, 4]], 4, 4), -2)


def test_heino_affects_only_himself():
    rows = [[13, 4, 15, 0], [0, 14, 0, 0]]
    eq([effect(rows, 1, 1), effect(rows, 1, 3), effect(rows, 2, 2)], [0, 0, 0])


def test_hildo_gains_one_per_woman_beside_in_front_and_behind():
    rows = [[0, 13, 0, 0], [14, 5, 1, 0], [0, 12, 0, 0]]
    # Nina in front, Nora left, Bea right (Bea also gives a man +1), Lisa behind
    # (Lisa also costs the one in front of her 2): 4 + 1 - 2
    eq(effect(rows, 2, 2), 3)
    rows = [[0, 13, 0, 0], [14, 5, 11, 0], [0, 3, 0, 0]]
    eq(effect(rows, 2, 2), 4)  # four women, no side effects: the cap of 4 is reached


def test_hildo_ignores_men_and_diagonals():
    rows = [[13, 15, 14, 0], [16, 5, 6, 0], [11, 0, 13, 0]]
    eq(effect(rows, 2, 2), 0)


def test_hildo_affects_only_himself():
    rows = [[0, 13, 0, 0], [14, 5, 13, 0]]
    eq([effect(rows, 1, 2), effect(rows, 2, 1), effect(rows, 2, 3)], [0, 0, 0])


def test_ken_and_sophie_have_no_scoring_effect():
    for card in (6, 11):
        rows = [[0, 13, 0, 0], [15, card, 14, 0], [0, 16, 0, 0]]
        seen = [(1, 2), (2, 1), (2, 2), (2, 3), (3, 2)]
        eq([effect(rows, r, c) for r, c in seen], [0] * 5)


def test_leo_costs_the_person_behind_him_three():
    rows = [[0, 7, 0, 0], [0, 13, 0, 0]]
    eq(effect(rows, 2, 2), -3)
    rows = [[0, 0, 0, 0], [0, 0, 0, 7], [0, 0, 0, 4]]
    eq(effect(rows, 3, 4), -3 - 2)  # Heino in row 3 loses 2 of his own


def test_leo_does_not_hurt_leo_behind():
    rows = [[0, 7, 0, 0], [0, 7, 0, 0], [0, 15, 0, 0]]
    eq(effect(rows, 2, 2), 0)
    eq(effect(rows, 3, 2), -3)  # but the second Leo still blocks the view behind him


def test_leo_spares_the_person_in_front_and_beside():
    rows = [[0, 13, 0, 0], [15, 7, 14, 0]]
    eq([effect(rows, 1, 2), effect(rows, 2, 1), effect(rows, 2, 3)], [0, 0, 0])


def test_linda_beside_louis_are_worth_two_each():
    rows = [[0, 8, 9, 0]]
    eq([effect(rows, 1, 2), effect(rows, 1, 3)], [2, 2])


def test_linda_beside_linda_and_louis_beside_louis_pair_too():
    eq([effect([[8, 8, 0, 0]], 1, 1), effect([[0, 0, 9, 9]], 1, 4)], [2, 2])


def test_linda_with_partners_on_both_sides_is_worth_two_once():
    rows = [[8, 9, 8, 0]]
    eq([effect(rows, 1, 1), effect(rows, 1, 2), effect(rows, 1, 3)], [2, 2, 2])


def test_lone_linda_or_louis_is_worth_nothing():
    eq(effect([[8, 13, 9, 0]], 1, 1), 0)
    eq(effect([[8, 13, 9, 0]], 1, 3), 0)


def test_linda_in_front_of_louis_is_not_a_pair():
    rows = [[0, 8, 0, 0], [0, 9, 0, 0]]
    eq([effect(rows, 1, 2), effect(rows, 2, 2)], [0, 0])


def test_mia_costs_each_neighbour_one():
    rows = [[13, 10, 15, 0]]
    eq([effect(rows, 1, 1), effect(rows, 1, 3)], [-1, -1])


def test_mia_spares_heino_and_other_mia():
    rows = [[4, 10, 10, 0]]
    eq(effect(rows, 1, 1), 2)  # only Heino's own +2 in row 1
    eq([effect(rows, 1, 2), effect(rows, 1, 3)], [0, 0])


def test_mia_reaches_only_left_and_right():
    rows = [[0, 13, 0, 0], [15, 10, 0, 14], [0, 16, 0, 0]]
    eq([effect(rows, 1, 2), effect(rows, 3, 2), effect(rows, 2, 4)], [0, 0, 0])


def test_lisa_costs_the_person_in_front_of_her_two():
    rows = [[0, 15, 0, 0], [0, 12, 0, 0]]
    eq(effect(rows, 1, 2), -2)


def test_lisa_spares_the_person_behind_and_beside():
    rows = [[0, 0, 0, 0], [13, 12, 14, 0], [0, 15, 0, 0]]
    eq([effect(rows, 2, 1), effect(rows, 2, 3), effect(rows, 3, 2)], [0, 0, 0])


def test_normal_family_has_no_scoring_effect():
    for card in (13, 14, 15, 16):
        rows = [[0, 13, 0, 0], [15, card, 14, 0], [0, 16, 0, 0]]
        eq([effect(rows, 1, 2), effect(rows, 2, 1), effect(rows, 2, 3), effect(rows, 3, 2)], [0] * 4)


def test_effects_on_one_person_add_up():
    # Nina between Bea and a middle-seat Benny, Leo in front, Lisa behind; Mia two seats away
    rows = [[0, 7, 0, 0], [1, 13, 2, 10], [0, 12, 0, 0]]
    eq(effect(rows, 2, 2), -1 - 1 - 3 - 2)


def test_reason_sums_each_source_once():
    parts = cast.received(board([[1, 13, 1, 0]]), 1)
    eq(parts, [["Bea", -2]])
    eq(cast.reason(parts), "Bea -2")
    eq(cast.reason([]), "no effect")


def test_free_seats_receive_nothing():
    eq(cast.received(board([[1, 0, 2, 10]]), 1), [])
