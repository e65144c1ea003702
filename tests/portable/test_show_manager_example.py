"""A four-player example worked by hand, replayed from
tests/records/show_manager_4p.rec: every city list, score and money."""

from portable import eq
from show_manager_kit import G, city_list, replay

REC = "show_manager_4p.rec"
KOELN, TROISDORF, ALPHA, BETA = 0, 1, 2, 3


def test_sm_example_final_cities_top_to_bottom():
    s = replay(REC)
    assert city_list(s, KOELN) == ["T17", "D17", "C16", "A16", "T13", "B10"], (
        city_list(s, KOELN),
        ["T17", "D17", "C16", "A16", "T13", "B10"],
    )
    eq(city_list(s, TROISDORF), ["A24", "T22", "C22", "T18", "D8", "B1"])
    eq(city_list(s, ALPHA), ["C34", "A33", "T32", "B30", "T28", "D26"])
    eq(city_list(s, BETA), ["T27", "B27", "T23", "A23", "D21", "C20"])
    eq(s["at"], [KOELN, TROISDORF, BETA, ALPHA])  # Wolf, Queenie, King Lear, Ballet


def test_sm_example_points_money_and_standings():
    s = replay(REC)
    assert G.is_over(s) is True
    eq(G.scores(s), [41, 23, 41, 23])
    eq(s["money"], [17000, 35000, 22000, 24000])
    eq(G.tiebreak(s), [17000, 35000, 22000, 24000])
    got = [(x["name"], x["score"], x["rank"]) for x in G.standings(s)]
    eq(got, [("C", 41, 1), ("A", 41, 2), ("B", 23, 3), ("D", 23, 4)])
    eq(s["hand"], [0, 0, 0, 0])
    eq(G.expects(s), [])


def test_sm_example_lists_along_the_way():
    seen = {}

    def at(k, s):
        # the action numbers of the record's notable moments
        if k in (18, 20, 23):
            seen[k] = city_list(s, KOELN)
        if k == 52:
            seen[k] = city_list(s, TROISDORF)

    replay(REC, at=at)
    assert seen[18] == ["A18", "T17", "T13", "B10"], (
        seen[18],
        ["A18", "T17", "T13", "B10"],
    )  # R4: A's premiere, then B
    eq(seen[20], ["A18", "T17", "C16", "T13", "B10"])  # R4: C
    eq(seen[23], ["T17", "C16", "A16", "T13", "B10"])  # R5: A borrowed 2
    eq(seen[52], ["A24", "T22", "C22", "T18", "B1"])  # R10: C borrowed 6


def test_sm_example_hands_at_each_production():
    # A, B, C produce with 3, 4, 5, 6 cards and keep none; D with 6, 4, 4, 5 and keeps 0, 1, 0, 0
    prev = [None]
    got = {0: [], 1: [], 2: [], 3: []}

    def at(k, s):
        before = prev[0]
        if before is not None and len(s["chips"]) > len(before["chips"]):
            p = s["chips"][-1][0]
            got[p].append((before["hand"][p], s["hand"][p]))
        prev[0] = {"hand": list(s["hand"]), "chips": list(s["chips"])}

    replay(REC, at=at)
    for p in (0, 1, 2):
        eq(got[p], [(3, 0), (4, 0), (5, 0), (6, 0)])
    assert got[3] == [(6, 0), (4, 1), (4, 0), (5, 0)], (got[3], [(6, 0), (4, 1), (4, 0), (5, 0)])


def test_sm_example_money_after_each_loan_hire_and_refresh():
    seen = {}

    def at(k, s):
        seen[k] = list(s["money"])

    replay(REC, at=at)
    assert seen[1] == [16000, 18000, 18000, 18000], (seen[1], [16000, 18000, 18000, 18000])  # A refreshes
    eq(seen[2], [13000, 18000, 18000, 18000])  # A hires space 3
    eq(seen[11], [13000, 17000, 18000, 14000])  # after R2: B space 1, D refreshed twice
    eq(seen[14][2], 16000)  # R3: C hires space 2
    eq(seen[23][0], 15000)  # R5: A borrows 2


def test_sm_example_score_sheet_city_by_city():
    from usher.games.show_manager.game import score_sheet

    sheet = score_sheet(replay(REC))
    assert sheet["columns"] == ["city", "A", "B", "C", "D"], (sheet["columns"], ["city", "A", "B", "C", "D"])
    eq(
        sheet["rows"],
        [
            ["Koeln (Wolf)", 7, 2, 10, 14],
            ["Troisdorf (Queenie)", 14, 4, 10, 6],
            ["Beta (King Lear)", 5, 12, 1, 3],
            ["Alpha (Ballet)", 15, 5, 20, 0],
            ["total", 41, 23, 41, 23],
            ["money", 17000, 35000, 22000, 24000],
        ],
    )


def test_sm_score_sheet_keeps_money_secret_until_the_end():
    from show_manager_kit import game
    from usher.games.show_manager.game import score_sheet

    sheet = score_sheet(game(3))
    assert sheet["rows"] == [["total", 0, 0, 0]], (sheet["rows"], [["total", 0, 0, 0]])
