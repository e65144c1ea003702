"""Property tests for Showtime (CPython only): random legal games never crash
and keep their books straight; random placements are refused exactly when
they are not among legal_places, and a refusal changes nothing."""

import json
import random

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from showtime_kit import legal_places
from usher.core.errors import RuleError
from usher.games.catalog import load_game
from usher.games.showtime import game as showtime
from usher.games.showtime.game import GENRES, carpet, to_move

G = load_game("showtime")
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def setups(draw):
    n = draw(st.integers(2, 4))
    options = {"first": draw(st.one_of(st.none(), st.integers(0, n - 1)))}
    if draw(st.booleans()):
        # keep Linda and Louis in most cuts so the discard rule gets a chance
        rest = draw(st.permutations([c for c in range(1, 17) if c not in (8, 9)]))
        options["cut"] = [8, 9] + rest[:10] if draw(st.integers(0, 3)) else rest[:12]
    components = {}
    if draw(st.booleans()):
        table = []
        for c in range(1, 17):
            k = 2 if c >= 13 else 1
            table.append(draw(st.permutations(list(GENRES)))[:k])
        components["genres"] = table
    if draw(st.booleans()):
        components["stars"] = [[draw(st.integers(0, 6)) for _ in range(4)] for _ in range(n)]
    return G.make_setup([{"name": "P%d" % i, "colour": i} for i in range(n)], options, components)


def dumps(s):
    return json.dumps(s, sort_keys=True)


class Books:
    """The test's own running totals: each genre bonus and scoring step moves
    a figure at once, never behind the start."""

    def __init__(self, n):
        self.total = [0] * n

    def add(self, p, pts):
        self.total[p] = max(0, self.total[p] + pts)


def genre_match(s, a):
    if s["genres"] is None:
        return a["genre"]
    return s["posters"][-1] in s["genres"][a["card"] - 1]


def check_scoring(s):
    seats = s["seats"]
    occupied = [i for i in range(len(seats)) if seats[i]]
    steps = s["steps"]
    assert [x[0] for x in steps] == ["seat"] * len(occupied) + ["effect"] * len(occupied)
    for half in (steps[: len(occupied)], steps[len(occupied) :]):
        # row by row from the screen, left to right, one step per person
        assert [(x[1] - 1) * 4 + x[2] - 1 for x in half] == occupied
        for x in half:
            assert seats[(x[1] - 1) * 4 + x[2] - 1] == [x[4], x[3]]
    for x in steps[: len(occupied)]:
        assert x[5] == s["stars"][x[1] - 1][x[2] - 1]


def check_carpet(s):
    view = G.public_view(s)
    for p, c in enumerate(view["carpet"]):
        assert c["space"] + sum(c["tickets"]) == s["total"][p]
        assert (c["space"], c["tickets"]) == carpet(s["total"][p])
    by_space = {}
    for c in view["carpet"]:
        by_space.setdefault(c["space"], []).append(c["pos"])
    for queue in by_space.values():
        assert sorted(queue) == list(range(len(queue)))


def play(data, setup, stop=None):
    """Play a random legal game (or `stop` actions of it), checking as it goes.
    Choices come from a drawn seed: uniform picks reach rare corners (a stuck
    Linda) far more often than hypothesis's shrink-friendly draws."""
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="seed"))
    s = G.new(setup)
    books = Books(len(setup["players"]))
    hold_pairs = rng.random() < 0.5
    done = 0
    while not G.is_over(s) and (stop is None or done < stop):
        kinds = [x.kind for x in G.expects(s)]
        if kinds[0] == "poster":
            a = {"t": "poster", "genre": rng.choice([g for g in GENRES if g not in s["posters"]])}
        elif kinds[0] == "first":
            a = {"t": "first", "p": rng.randrange(len(s["players"]))}
        else:
            acts = legal_places(s)
            # stuck only when holding nothing but a blocked Linda/Louis (Director's Cut)
            assert (not acts) == ("discard" in kinds), kinds
            if acts:
                late = [x for x in acts if x["card"] not in (8, 9)]
                if s["cut"] is not None and late and hold_pairs:
                    acts = late  # keep Linda and Louis for last: they may end up stuck
                a = rng.choice(acts)
                if s["genres"] is None:
                    a["genre"] = rng.random() < 0.3
            else:
                p = to_move(s)
                left = [c for c in s["cut"] if c not in s["used"][p]]
                assert left and all(c in (8, 9) for c in left), left
                a = {"t": "discard", "p": p, "card": left[0]}
                event("a stuck Linda/Louis discarded")
        before = dumps(s)
        new = G.apply(s, a)
        assert dumps(s) == before  # apply never touches the state it was given
        if a["t"] == "place":
            if genre_match(s, a):
                books.add(a["p"], 2)
        if new["steps"] and not s["steps"]:
            check_scoring(new)
            for x in new["steps"]:
                books.add(x[4], x[5])
        s = new
        done += 1
        assert books.total == s["total"], (books.total, s["total"])
        check_carpet(s)
    return s


@FAST
@given(st.data(), setups())
def test_random_legal_games_never_crash_and_keep_their_books(data, setup):
    s = play(data, setup)
    assert G.is_over(s)
    assert len(set(s["posters"])) == 3
    n = len(setup["players"])
    ranks = G.standings(s)
    assert sorted(r["player"] for r in ranks) == list(range(n))
    assert ranks[0]["score"] == max(s["total"])
    if s["cut"] is None:
        assert all(len(u) == 12 for u in s["used"])
    else:
        assert all(sorted(u) == s["cut"] for u in s["used"])


@FAST
@given(st.data(), setups())
def test_random_placements_are_refused_unless_legal_and_change_nothing(data, setup):
    n = len(setup["players"])
    s = play(data, setup, stop=data.draw(st.integers(0, 14 * n)))
    if s["phase"] != "place":
        return
    legal = set()
    for a in legal_places(s):
        legal.add((a["p"], a["card"], a["row"], a["seat"], tuple(a["to"]) if "to" in a else None))
    offered = legal_places(s)
    for _ in range(20):
        if offered and data.draw(st.booleans()):
            # a legal action with one field changed at random: mostly just illegal
            a = dict(data.draw(st.sampled_from(offered)))
            a.pop("genre", None)
            field = data.draw(st.sampled_from(["p", "card", "row", "seat", "to", "none"]))
            if field == "to":
                a["to"] = [data.draw(st.integers(0, n + 1)), data.draw(st.integers(0, 5))]
            elif field == "p":
                a["p"] = data.draw(st.integers(-1, n))
            elif field != "none":
                a[field] = data.draw(st.integers(0, 17 if field == "card" else 5))
        else:
            a = {
                "t": "place",
                "p": data.draw(st.integers(-1, n)),
                "card": data.draw(st.integers(0, 17)),
                "row": data.draw(st.integers(0, n + 1)),
                "seat": data.draw(st.integers(0, 5)),
            }
            if data.draw(st.booleans()):
                a["to"] = [data.draw(st.integers(0, n + 1)), data.draw(st.integers(0, 5))]
        genre = data.draw(st.sampled_from([None, True, False, 1]))
        if genre is not None:
            a["genre"] = genre
        if s["genres"] is None:
            genre_ok = isinstance(genre, bool)
        else:
            genre_ok = genre is None or (1 <= a["card"] <= 16 and genre is genre_match(s, a))
        key = (a["p"], a["card"], a["row"], a["seat"], tuple(a["to"]) if "to" in a else None)
        before = dumps(s)
        try:
            new = G.apply(s, a)
        except RuleError as e:
            assert dumps(s) == before
            assert 0 < len(str(e)) <= 40
            occupied = 1 <= a["row"] <= n and 1 <= a["seat"] <= 4 and s["seats"][(a["row"] - 1) * 4 + a["seat"] - 1]
            if genre_ok and ("to" in a or not occupied):
                assert key not in legal, (a, str(e))
            event("refused: " + str(e).split(" ")[0])
            continue
        assert genre_ok
        last = new["last"]
        if "to" not in a and "to" in last:
            key = key[:4] + (tuple(last["to"]),)  # the only place the person could go
        assert key in legal, a
        assert dumps(s) == before
        event("random placement accepted")


@FAST
@given(st.data(), setups())
def test_other_actions_at_random_are_refused_without_change(data, setup):
    n = len(setup["players"])
    s = play(data, setup, stop=data.draw(st.integers(0, 16 * n)))
    for _ in range(10):
        t = data.draw(st.sampled_from(["poster", "first", "discard", "undo", "place"]))
        a = {"t": t}
        fields = (("p", st.integers(-1, 4)), ("card", st.integers(0, 17)), ("genre", st.sampled_from(GENRES)))
        for field, strat in fields:
            if data.draw(st.booleans()):
                a[field] = data.draw(strat)
        before = dumps(s)
        try:
            G.apply(s, a)
        except RuleError as e:
            assert dumps(s) == before
            assert len(str(e)) <= 40
        assert dumps(s) == before


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2000))
def test_carpet_reads_back_the_total(total):
    space, held = showtime.carpet(total)
    assert 0 <= space < 20
    assert space + sum(held) == total
    assert all(v in (20, 40, 60) for v in held)
    assert held == sorted(held, reverse=True)
