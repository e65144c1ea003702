"""Replay tests/records/showbiz_4p.rec (a 4-player game over ten years) and
check figures worked out by hand from its lines. Runs in the Pico's heap
budget on the MicroPython VM: the file is read a line at a time."""

import json

from portable import eq
from record_fold import fold
from usher.games.catalog import load_game

G = load_game("showbiz")


def _folder():
    i = __file__.rfind("/")
    return __file__[:i] if i >= 0 else "."


def replay(stop=None, at=None):
    """Fold the record; `at(k, state)` sees the state after action k (1-based)."""
    return fold(G, "showbiz_4p.rec", stop, at)


def test_record_first_negotiation_goes_to_a_second_round():
    # action 5: Dev (active) picks black; Anna and Ben claim (1 ZE each). Bids
    # Dev 2, Anna 4, Ben 4: the top tie leaves Dev out, so Anna and Ben bid
    # again, 0 against 3. Anna 15-1-4-0, Ben 15-1-4-3, Dev 15-2.
    s = replay(stop=11)
    eq(s["neg"]["win"], 1)
    eq(s["ze"], [10, 7, 15, 13])
    eq(s["store"], 2 + 10 + 3)


def test_record_break_costs_two_ze_a_remaining_year():
    # action 52: Cleo breaks her white artist (column 1, 3 years) for 6 ZE
    seen = {}

    def at(k, s):
        if k in (51, 52):
            seen[k] = (s["ze"][2], s["store"], sum(s["pool"]))

    replay(stop=52, at=at)
    eq(seen[52][0], seen[51][0] - 6)
    eq(seen[52][1], seen[51][1] + 6)
    eq(seen[52][2], seen[51][2] + 1)  # a new artist drawn into the pool
    assert seen[52][0] >= 0, "a break never leaves a player owing ZE"


def test_record_year_one_scores_storage_share_and_kept_forecast():
    s = replay(stop=93)
    # year 1 row: red blue blue white black yellow.
    # Anna red white black green white green: red, white, black = 3 -> 6
    # Ben black white red blue black green: red, one blue, white, black = 4 -> 11
    # Cleo white black white green green green: white, black = 2 -> 3
    # Dev blue black white blue black white: both blues, one white, one black;
    #   the second white and black have no counterpart = 4 -> 11
    eq([t[0] for t in s["pts"]], [6, 11, 3, 11])
    # 46 ZE in storage at the year end: 11 each, 2 leave the game
    eq(s["ze"], [1 + 11, 3 + 11, 9 + 11, 1 + 11])
    eq(s["gone"], 2)
    # the taste roll 3 equals the forecast die 3: the forecast stays as taste
    eq([s["kinds"][c] for c in s["row"]], ["black", "yellow", "white", "green", "white", "green"])
    eq(s["ga"], 0)  # the office passed from Dev to Anna


def test_record_replays_to_a_finished_ten_year_game():
    s = replay()
    eq(G.is_over(s), True)
    eq(s["year"], 10)  # the end roll after year 10 was a 2
    eq(len(s["pts"][0]), 10)
    eq(sum(s["ze"]) + s["gone"], 60)
    eq(s["store"], 0)
    # year 2 repeats year 1's forecast: Anna's board kept its six artists and
    # matches black, both whites and both greens = 5 -> 18
    eq(s["pts"][0][1], 18)
    top = G.standings(s)[0]
    eq(top["score"], max(sum(t) for t in s["pts"]))


def test_the_example_in_record_showbiz_md_plays_as_described():
    path = _folder() + "/../../firmware/RECORD-showbiz.md"
    actions = []
    inside = False
    with open(path) as f:
        for line in f:
            if line.startswith("## Example"):
                inside = True
            elif inside and line.startswith("{"):
                actions.append(json.loads(line))
            elif inside and line.startswith("## "):
                break
    eq(len(actions), 13)
    s = G.new(G.make_setup([{"name": "Anna"}, {"name": "Ben"}], {"draws": "entered"}, {}))
    for a in actions:
        s = G.apply(s, a)
    eq(s["art"][0][0], s["kinds"].index("red"))
    eq((s["art"][1][0], s["turn"]), (-1, 0))
    eq(s["store"], 15)
    eq(s["ze"], [12, 3])
    eq(s["pool"][s["kinds"].index("green")], 3)


def test_score_sheet_has_a_row_per_year_and_the_totals():
    from usher.games.showbiz.game import GAME, score_sheet

    state = replay()
    sheet = score_sheet(state)
    eq(sheet["rows"][0][0], "year 1")
    eq(len(sheet["rows"]), 10 + 1)
    eq(sheet["rows"][-1][1:], GAME.scores(state))
    eq(sheet["rows"][0][1:], [6, 11, 3, 11])  # year 1, worked out by hand (see above)
