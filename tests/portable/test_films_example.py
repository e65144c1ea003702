"""Replay tests/records/films_example.rec (a worked example of a whole
Films game, written by hand) and check its rows, the VIP and the tickets by kind against
the figures worked out by hand. Read a line at a time, as on the device."""

from films_kit import G, guarded, kinds, tops
from portable import eq
from record_fold import fold


def replay(stop=None, at=None):
    """Fold the record; `at(k, state)` sees the state after action k (1-based)."""
    return fold(G, "films_example.rec", stop, at)


def test_films_example_final_rows():
    s = replay()
    eq(
        tops(s, 0),
        ["director", "studio2", "shooting", "scriptwriter", "script", "script", "coordinator"],
    )
    eq(guarded(s, 0), [True, False, False, False, False, False, False])
    eq(
        tops(s, 1),
        ["tickets2", "award", "shooting", "lead", "bad_review", "producer", "tickets2"],
    )
    eq(guarded(s, 1), [False] * 7)
    rows = G.public_view(s)["rows"]
    eq(rows[0][3][4], True)  # the Scriptwriter was used
    eq(rows[0][2][1], "award")  # the turned card shows its old top as the other half


def test_films_example_breakdown_ten_all_ana_wins_on_the_vip():
    s = replay()
    assert G.is_over(s)
    eq(s["vip"], 0)
    eq(G.public_view(s)["locked"], False)
    eq(kinds(s)[0], {"director": 3, "coordinator": 1, "script": 5, "vip": 1})
    eq(kinds(s)[1], {"tickets": 4, "award": 2, "lead": 3, "bad_review": -1, "producer": 2})
    eq(G.scores(s), [10, 10])
    eq(G.tiebreak(s), [1, 0])
    st = G.standings(s)
    eq([(x["name"], x["score"], x["rank"]) for x in st], [("Ana", 10, 1), ("Bo", 10, 2)])
    eq(s["past"], [[10, 10]])
    eq(s["wins"], [1, 0])


def test_films_example_the_vip_round_by_round():
    # after each round (its last action): who holds the VIP, and locked?
    ends = {5: (0, False), 10: (1, False), 15: (1, False), 20: (1, True), 24: (1, True), 30: (0, False)}
    seen = {}

    def at(k, s):
        if k in ends:
            seen[k] = (s["vip"], G.public_view(s)["locked"])
        if k == 26:  # Ana's Shooting Problems took Bo's Press Officer: the lock ends
            seen[k] = (s["vip"], G.public_view(s)["locked"])

    replay(at=at)
    for k in ends:
        eq(seen[k], ends[k])
    eq(seen[26], (1, False))


def test_films_example_reveals():
    got = []

    def at(k, s):
        last = s["last"]
        if last is not None and (not got or got[-1] != last):
            got.append(list(last))

    replay(at=at)
    eq(
        got,
        [
            [3, 6, 0, 0],
            [4, 4, 0, 1],  # tie: Ana chooses, the VIP passes to Bo
            [2, 7, 0, 0],
            [5, 5, 1, 1],
            [1, 8, 0, 0],
            [6, 6, 1, 1],
            [9, 3, 1, 0],
            [2, 5, 0, 0],
        ],
    )
