"""The hand-written records in tests/records/ replay through the rules, with
the totals worked out by hand in their comments; and a whole random game runs
within the Pico's heap (this file also runs with -X heapsize=256K)."""

from portable import eq
from showtime_kit import G, read_record
from usher.core.match import replay
from usher.core.rng import Rng
from usher.games.showtime.game import carpet, iter_places


def replay_by_screening(name):
    """(final state, totals and next start player at the end of each screening)."""
    header, actions = read_record(name)
    eq(header["game"], "showtime")
    s = G.new(header["setup"])
    ends = []
    for a in actions:
        before = s["phase"]
        s = G.apply(s, a)
        if before == "place" and s["phase"] != "place":
            ends.append((list(s["total"]), s["start"] if s["phase"] == "poster" else None))
    return s, ends


def test_two_player_record_is_the_rulebook_example():
    s, ends = replay_by_screening("showtime_2p.rec")
    eq(ends, [([11, 10], 0)])
    eq(len(s["steps"]), 16)
    eq([x[5] for x in s["steps"] if x[0] == "effect"], [1, 1, -1, -2, 1, 3, 2, 0])
    assert not G.is_over(s)


def test_four_player_record_totals_per_screening():
    s, ends = replay_by_screening("showtime_4p.rec")
    eq(ends, [([20, 14, 6, 9], 0), ([27, 24, 14, 24], 0), ([45, 45, 22, 35], None)])
    assert G.is_over(s)
    eq(s["posters"], ["romance", "comedy", "scifi"])


def test_four_player_record_tie_goes_to_the_figure_in_front():
    s, _ = replay_by_screening("showtime_4p.rec")
    eq([(x["name"], x["score"], x["rank"]) for x in G.standings(s)],
       [("Anna", 45, 1), ("Ben", 45, 2), ("Dan", 35, 3), ("Cleo", 22, 4)])  # fmt: skip
    view = G.public_view(s)
    eq(view["carpet"][0], {"space": 5, "tickets": [40], "pos": 0})
    eq(view["carpet"][1], {"space": 5, "tickets": [40], "pos": 1})
    eq(view["carpet"][2]["tickets"], [20])


def test_four_player_record_displacements_land_where_stated():
    header, actions = read_record("showtime_4p.rec")
    s = replay(G, header["setup"], actions[:-1])  # the final cinema minus Dan's last Nina
    rows = G.public_view(s)["rows"]
    eq(rows[3], [[2, 16], [0, 11], [1, 6], [2, 15]])  # Norbert pushed twice to seat 1
    eq(rows[2][2], None)


def test_a_whole_random_four_player_game_fits_the_heap():
    r = Rng(2024)
    s = G.new(G.make_setup([{"name": str(i)} for i in range(4)], {}, {}))
    while not G.is_over(s):
        kind = G.expects(s)[0].kind
        if kind != "place":
            s = G.apply(s, G.roll(s, {"t": kind}, r))
            continue
        count = 0
        for _ in iter_places(s):
            count += 1
        pick = r.below(count)
        chosen = None
        for a in iter_places(s):  # walk again instead of holding every action
            if pick == 0:
                chosen = a
                break
            pick -= 1
        chosen["genre"] = r.below(3) == 0
        s = G.apply(s, chosen)
    eq(len(s["posters"]), 3)
    for p in range(4):
        space, held = carpet(s["total"][p])
        eq(space + sum(held), s["total"][p])


def test_score_sheet_lists_totals_after_each_screening():
    from usher.games.showtime.game import score_sheet

    state, ends = replay_by_screening("showtime_4p.rec")
    sheet = score_sheet(state)
    eq(sheet["columns"][1:], [p["name"] for p in state["players"]])
    eq([row[1:] for row in sheet["rows"]], [totals for totals, _ in ends])
