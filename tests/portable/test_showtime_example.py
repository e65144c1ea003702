"""The rulebook's two-player scoring example, rebuilt through legal placements.

Green (player 0) seats Heino, Benny, Bea in row 1 and a Linda in row 2;
yellow (player 1) seats Nina in row 1 and Gloria, Linda, Ken in row 2.
Nobody's favourite genre matches, so only the screening's scoring counts."""

from portable import eq
from showtime_example_seats import EXAMPLE, GREEN, YELLOW
from showtime_kit import G, game, places
from usher.games.showtime.game import step_dict


def example_state():
    return places(game(2, first=GREEN), EXAMPLE)


def test_example_seat_steps_in_rulebook_order():
    steps = [step_dict(x) for x in example_state()["steps"] if x[0] == "seat"]
    got = [(x["row"], x["seat"], x["card"], x["owner"], x["points"]) for x in steps]
    eq(
        got,
        [
            (1, 1, 4, GREEN, 1),  # Heino 1
            (1, 2, 2, GREEN, 2),  # Benny 2
            (1, 3, 1, GREEN, 2),  # Bea 2
            (1, 4, 13, YELLOW, 1),  # Nina 1
            (2, 1, 3, YELLOW, 2),  # Gloria 2
            (2, 2, 8, YELLOW, 3),  # yellow Linda 3
            (2, 3, 8, GREEN, 3),  # green Linda 3
            (2, 4, 6, YELLOW, 2),  # Ken 2
        ],
    )


def test_example_effect_steps_in_rulebook_order():
    steps = [step_dict(x) for x in example_state()["steps"] if x[0] == "effect"]
    got = [(x["row"], x["seat"], x["card"], x["owner"], x["points"]) for x in steps]
    eq(
        got,
        [
            (1, 1, 4, GREEN, 1),  # Heino +2 in row 1, Benny -1
            (1, 2, 2, GREEN, 1),  # Benny likes Bea beside him
            (1, 3, 1, GREEN, -1),  # Bea: Benny -1
            (1, 4, 13, YELLOW, -2),  # Nina: Benny -1, Bea -1
            (2, 1, 3, YELLOW, 1),  # Gloria: one woman (Linda) beside her
            (2, 2, 8, YELLOW, 3),  # Linda: Gloria +1, pair +2
            (2, 3, 8, GREEN, 2),  # Linda: pair +2
            (2, 4, 6, YELLOW, 0),  # Ken: nothing
        ],
    )


def test_example_seats_come_before_effects():
    phases = [x[0] for x in example_state()["steps"]]
    eq(phases, ["seat"] * 8 + ["effect"] * 8)


def test_example_reasons_name_the_sources():
    reasons = [x[6] for x in example_state()["steps"] if x[0] == "effect"]
    assert "Heino +2" in reasons[0] and "Benny -1" in reasons[0], reasons[0]
    assert "Bea +1" in reasons[1], reasons[1]
    assert "Bea -1" in reasons[3] and "Benny -1" in reasons[3], reasons[3]
    assert "Gloria +1" in reasons[5] and "Linda +2" in reasons[5], reasons[5]
    eq(reasons[7], "no effect")


def test_example_totals():
    # green: seats 1+2+2+3 = 8, effects 1+1-1+2 = 3; yellow: seats 1+2+3+2 = 8, effects -2+1+3+0 = 2
    s = example_state()
    eq(s["total"], [11, 10])
    eq(G.scores(s), [11, 10])


def test_example_every_step_moves_at_once_in_order():
    # yellow's last move is its Linda (+3 -> 10; Ken's 0 moves nothing), green's is the
    # green Linda right after (+2 -> 11), so green arrived later
    s = example_state()
    assert s["arrive"][GREEN] > s["arrive"][YELLOW], s["arrive"]


def test_example_leader_starts_next_screening():
    s = example_state()
    eq(s["phase"], "poster")
    eq(s["start"], GREEN)
