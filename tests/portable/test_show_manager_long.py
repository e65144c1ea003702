"""The two longest Show Manager games the tests keep, replayed a line at a
time (on the VM too, within the Pico's heap): a random 3-player game (8 chips
each, 24 productions) and a random 6-player one, from the seeded driver in
usher_devkit.players.show_manager_random."""

from portable import eq
from show_manager_kit import G, replay


def _check(name, n):
    def at(k, s):
        assert min(s["money"]) >= 0, (k, s["money"])
        if not G.is_over(s):
            p = s["turn"]
            assert s["hand"][p] <= G.public_view(s)["limits"][p]

    s = replay(name, at=at)
    eq(G.is_over(s), True)
    eq(len(s["players"]), n)
    eq([len(r) for r in s["rank"]], [6, 6, 6, 6])
    eq(len(s["chips"]), 24)
    for r in s["rank"]:  # every city ranked by value, top first
        vals = [s["chips"][ci][3] for ci in r]
        eq(vals, sorted(vals, reverse=True))
    ranks = [x["rank"] for x in G.standings(s)]
    eq(ranks, sorted(ranks))
    return s


def test_sm_long_random_three_player_game():
    s = _check("show_manager_3p_random.rec", 3)
    eq(s["left"], [[0, 0, 0, 0]] * 3)


def test_sm_long_random_six_player_game():
    s = _check("show_manager_6p_random.rec", 6)
    eq(s["touring"], [[], [], [], []])
