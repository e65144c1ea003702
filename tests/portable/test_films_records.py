"""Replay the seeded Films records (tests/records/films_match.rec, a best of
three won 2-1, and films_10rounds.rec, a 10-round game) a line at a time, as
the device does, and check what they show."""

import json

from films_kit import G
from portable import eq


def replay(name, each=None):
    i = __file__.rfind("/")
    path = (__file__[:i] if i >= 0 else ".") + "/../records/" + name
    state = None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            obj = json.loads(line)
            if state is None:
                state = G.new(obj["setup"])
                continue
            new = G.apply(state, obj)
            if each is not None:
                each(state, obj, new)
            state = new
    return state


def test_films_match_best_of_three_won_2_1():
    placed = {}

    def each(before, a, after):
        if a["t"] == "place":
            key = (before["g"], before["rd"], a["p"])
            placed[key] = placed.get(key, 0) + 1
        if a["t"] == "game":
            eq(before["ph"], "game")  # only between games

    s = replay("films_match.rec", each)
    assert G.is_over(s)
    eq((s["g"], s["wins"], s["past"]), (3, [2, 1], [[6, 1], [3, 4], [7, 6]]))
    eq(G.scores(s), [2, 1])
    eq([(x["name"], x["rank"]) for x in G.standings(s)], [("Ana", 1), ("Bo", 2)])
    eq(sorted(placed.values()), [1] * 48)  # 3 games x 8 rounds x 2 players


def test_films_ten_round_game():
    placed = [0, 0]

    def each(before, a, after):
        if a["t"] == "place":
            placed[a["p"]] += 1

    s = replay("films_10rounds.rec", each)
    assert G.is_over(s)
    eq((s["R"], s["rd"], placed), (10, 10, [10, 10]))
    eq(s["past"], [[4, 4]])  # level: the VIP holder wins
    eq((s["vip"], s["wins"], G.tiebreak(s)), (0, [1, 0], [1, 0]))
    eq(G.standings(s)[0]["name"], "Ana")
