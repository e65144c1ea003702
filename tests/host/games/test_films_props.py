"""Films properties over random legal matches (hypothesis, CPython only), and
the seeded driver that writes tests/records/films_match.rec (a best of three
won 2-1) and tests/records/films_10rounds.rec (a 10-round game).

    .venv/bin/python tests/host/games/test_films_props.py   # rewrite both records
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))  # HERE is tests/host/games
for _p in (os.path.join(ROOT, "firmware"), os.path.join(ROOT, "host_tools")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from usher.core.data import dumps  # noqa: E402
from usher.core.errors import RuleError  # noqa: E402
from usher.core.rng import Rng  # noqa: E402
from usher.games.films.rows import (  # noqa: E402
    CHARACTERS,
    HALVES,
    LEAD,
    MAX_WEEKS,
    PRESS,
    TOOK,
    is_studio,
    repeats,
    studio_at,
    studio_room,
)
from usher.games.films.score import by_kind  # noqa: E402
from usher_devkit.players.films_random import G, legal_actions, play_match, players, random_action  # noqa: E402

RECORDS = os.path.join(ROOT, "tests", "records")
MATCH = os.path.join(RECORDS, "films_match.rec")
TEN = os.path.join(RECORDS, "films_10rounds.rec")
BOUND = settings(max_examples=60, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
WIDE = settings(BOUND, max_examples=200)


def setups():
    return st.builds(
        lambda r, bo, bids: G.make_setup(players(), {"rounds": r, "best_of": bo, "bids": bids}, {}),
        st.sampled_from([8, 10]),
        st.sampled_from([1, 3]),
        st.sampled_from(["private", "open"]),
    )


# -- invariants of every state -----------------------------------------------------------
def check_state(s):
    in_play = s["ph"] in ("bid", "place")
    if s["g"]:
        assert s["vip"] in (0, 1), s["vip"]  # exactly one holder
    view = G.public_view(s)
    for p in (0, 1):
        row = s["rows"][p]
        k = studio_at(row)
        studios = [c for c in row if is_studio(c[0])]
        assert len(studios) <= 1, row
        prot = [i for i, c in enumerate(view["rows"][p]) if c[2]]
        # protected cards only behind a Studio, never more than its number
        if prot:
            assert k >= 0 and prot == list(range(k)), (row, prot)
            assert k <= studio_room(row[k][0]), row
        # the room left is a Studio's, and only while a game is on
        assert 0 <= s["room"][p] <= (studio_room(row[k][0]) if k >= 0 and in_play else 0), (row, s["room"])
        for c in row:
            assert 0 <= c[0] < len(HALVES) and -1 <= c[1] < len(HALVES) and c[0] != c[1], c
            if c[3] & TOOK:  # a lock only under a Press Officer on top, in the holder's row
                assert c[0] == PRESS and p == s["vip"], (p, c, s["vip"])
    if view["locked"]:
        assert any(c[0] == PRESS and c[3] & TOOK for c in s["rows"][s["vip"]])
    t = [sum(by_kind(s["rows"][p], s["vip"] == p)) for p in (0, 1)]
    assert view["tickets"] == t
    assert G.scores(s) == (t if s["bo"] == 1 else s["wins"])


def check_step(before, a, after):
    """No repeats but the both-sides case: a card whose top repeats came with
    an other half that repeats as well (never a Studio on top); a Scriptwriter
    never turns up a repeat."""
    t = a["t"]
    if t == "place" or (t == "swap" and a["out"] is not None):
        p = a["p"]
        skip = a["out"] if t == "swap" else -1
        row = before["rows"][p]
        h = HALVES.index(a["half"])
        if repeats(row, h, skip):
            assert not is_studio(h)
            assert "under" in a and repeats(row, HALVES.index(a["under"]), skip), a
        else:
            assert "under" not in a, a
    if t == "script":
        row = after["rows"][a["p"]]
        h = HALVES.index(a["half"])
        if h in CHARACTERS and h != LEAD:
            assert [c[0] for c in row].count(h) == 1, row


class Placements:
    """Each player places exactly one card a round, every round of every game."""

    def __init__(self):
        self.seen = {}

    def each(self, before, a, after):
        if a["t"] == "place":
            key = (before["g"], before["rd"], a["p"])
            assert key not in self.seen, key
            self.seen[key] = 1

    def check(self, final):
        games = final["g"]
        rounds = final["R"]
        want = {(g, r, p): 1 for g in range(1, games + 1) for r in range(1, rounds + 1) for p in (0, 1)}
        assert self.seen == want


@WIDE
@given(setups(), st.integers(0, 2**32 - 1))
def test_films_random_matches_keep_every_rule(setup, seed):
    places = Placements()

    def each(before, a, after):
        check_step(before, a, after)
        check_state(after)
        places.each(before, a, after)
        if len(after["past"]) > len(before["past"]):  # most tickets wins, a tie the VIP holder
            t = after["past"][-1]
            w = 0 if after["wins"][0] > before["wins"][0] else 1
            assert t[w] > t[1 - w] or (t[w] == t[1 - w] and after["vip"] == w), (t, w, after["vip"])

    s, acts = play_match(setup, seed, each)
    places.check(s)
    wins = s["wins"]
    assert max(wins) == (1 if s["bo"] == 1 else 2) and sum(wins) == len(s["past"]) == s["g"]
    best = G.standings(s)[0]
    assert best["player"] == (0 if wins[0] > wins[1] else 1)


def illegal_variants(s, rng):
    """Actions that must be refused in `s`, built from its legal ones."""
    out = [{"t": "fly"}, {"t": "bid", "p": "x", "weeks": 1}, {"t": "place", "p": 0, "half": "villain"}]
    ph = s["ph"]
    if ph in ("bid", "place"):
        out.append({"t": "game", "vip": 0})
    fx = s["fx"]
    if fx is not None:
        out.append({"t": "bid", "p": 0, "weeks": 1})
        out.append({"t": "place", "p": fx[1], "half": "award"})
        out.append({"t": "hit" if fx[0] == "swap" else "swap", "p": fx[1], "pos": 0, "out": None})
    elif ph == "bid":
        out.append({"t": "place", "p": 0, "half": "award"})
        out.append({"t": "hit", "p": 0, "pos": 0})
    elif ph == "place":
        out.append({"t": "bid", "p": 0, "weeks": 1})
        out.append({"t": "swap", "p": 0, "out": None})
    for p in (0, 1):
        if s["room"][p] <= 0:
            out.append({"t": "protect", "p": p, "pos": [0]})
        k = studio_at(s["rows"][p])
        if k >= 0:
            out.append({"t": "protect", "p": p, "pos": [k]})
    acts = legal_actions(s)
    for _ in range(min(6, len(acts))):
        a = acts[rng.below(len(acts))]
        t = a["t"]
        if t == "bid":
            out.append(dict(a, weeks=MAX_WEEKS + 1))
            out.append(dict(a, weeks=float(a["weeks"])))
            done = [q for q in (0, 1) if s["bids"][q] >= 0]
            if done:
                out.append(dict(a, p=done[0]))
        elif t == "place":
            out.append(dict(a, p=1 - a["p"]))
            if "under" not in a:
                out.append(dict(a, under=a["half"]))
            else:
                out.append({"t": "place", "p": a["p"], "half": a["half"]})
        elif t == "hit":
            row = s["rows"][1 - a["p"]]
            out.append(dict(a, pos=len(row)))
            if studio_at(row) > 0:
                out.append(dict(a, pos=0))
        elif t == "swap" and a["out"] is not None:
            out.append(dict(a, out=len(s["rows"][a["p"]])))
            out.append(dict(a, half="studio4"))
        elif t == "protect":
            room = s["room"][a["p"]]
            row = s["rows"][a["p"]]
            out.append(dict(a, pos=a["pos"] + [len(row)]))
            ok = list(range(studio_at(row) + 1, len(row)))
            if len(ok) > room:
                out.append(dict(a, pos=ok[: room + 1]))
        elif t == "script":
            row = s["rows"][a["p"]]
            out.append(dict(a, half=HALVES[row[a["pos"]][0]]))
            out.append(dict(a, pos=len(row)))
    return [a for a in out if a not in acts]


@BOUND
@given(setups(), st.integers(0, 2**32 - 1))
def test_films_illegal_actions_refused_with_the_state_unchanged(setup, seed):
    r = Rng(seed ^ 0xF11)
    tried = [0]

    def each(before, a, after):
        if r.below(3):
            return
        snapshot = dumps(before)
        for bad in illegal_variants(before, r):
            try:
                G.apply(before, bad)
            except RuleError as e:
                assert 0 < len(str(e)) <= 40, str(e)
            else:
                raise AssertionError("accepted %r in %s" % (bad, before["ph"]))
            tried[0] += 1
        assert dumps(before) == snapshot

    play_match(setup, seed, each)
    assert tried[0] > 0


@BOUND
@given(setups(), st.integers(0, 2**32 - 1))
def test_films_every_listed_legal_action_is_accepted(setup, seed):
    r = Rng(seed)
    s = G.new(setup)
    while not G.is_over(s):
        acts = legal_actions(s)
        assert acts, s
        for a in acts[:: max(1, len(acts) // 10)]:
            G.apply(s, a)
        s = G.apply(s, random_action(s, r))


@BOUND
@given(setups(), st.integers(0, 2**32 - 1))
def test_films_replaying_the_actions_gives_the_same_state(setup, seed):
    final, acts = play_match(setup, seed)
    s = G.new(json.loads(json.dumps(setup)))
    for a in acts:
        s = G.apply(s, json.loads(json.dumps(a)))
    assert s == final


@BOUND
@given(st.integers(0, 2**32 - 1))
def test_films_a_pending_bid_never_on_the_shared_screen(seed):
    """Private bids: whatever the first bid says, the shared view is the same."""
    r = Rng(seed)
    setup = G.make_setup(players(), {"best_of": 3}, {})

    def each(before, a, after):
        if a["t"] == "bid" and after["ph"] == "bid":  # the first bid of a round
            other = dict(a, weeks=(a["weeks"] + 1 + r.below(MAX_WEEKS - 1)) % (MAX_WEEKS + 1))
            alt = G.apply(before, other)
            assert G.public_view(alt) == G.public_view(after)
            assert G.private_view(after, a["p"])["my_bid"] == a["weeks"]
            assert G.private_view(after, 1 - a["p"])["my_bid"] is None
            for e in G.expects(after):
                if e.kind == "bid":
                    assert e.private

    play_match(setup, seed, each)


# -- the records ---------------------------------------------------------------------------
def _shows(acts, *kinds):
    return all(any(a["t"] == k for a in acts) for k in kinds)


def make_match():
    """The first seed whose best of three ends 2-1 and shows every kind of action."""
    setup = G.make_setup(players(), {"best_of": 3}, {})
    for seed in range(1, 500):
        s, acts = play_match(setup, seed)
        if s["wins"] in ([2, 1], [1, 2]) and _shows(acts, "script", "protect", "hit", "swap"):
            return seed, setup, acts, s
    raise AssertionError("no seed")


def make_ten():
    setup = G.make_setup(players(), {"rounds": 10}, {})
    for seed in range(1, 500):
        s, acts = play_match(setup, seed)
        if _shows(acts, "script", "protect", "hit", "swap"):
            return seed, setup, acts, s
    raise AssertionError("no seed")


def write_record(path, made, what):
    seed, setup, acts, s = made
    lines = [
        "# Films, %s: written by tests/host/games/test_films_props.py (seed %d of" % (what, seed),
        "# its random driver, usher_devkit.players.films_random); checked by tests/portable/test_films_records.py",
        dumps({"usher": 1, "game": "films", "created": 0, "setup": setup}),
    ]
    st = G.new(setup)
    at = None
    for a in acts:
        if st["ph"] == "game":
            lines.append("# game %d" % (st["g"] + 1))
        elif st["ph"] == "bid" and at != (st["g"], st["rd"]):
            at = (st["g"], st["rd"])
            lines.append("# round %d" % st["rd"])
        lines.append(dumps(a))
        st = G.apply(st, a)
    lines.append("# games: %s, won %d-%d" % (" ".join("%d-%d" % tuple(t) for t in s["past"]), *s["wins"]))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return s


def test_films_records_are_what_the_seeded_driver_writes(tmp_path):
    for path, make, what in ((MATCH, make_match, "best of three"), (TEN, make_ten, "10 rounds")):
        again = str(tmp_path / "again.rec")
        write_record(again, make(), what)
        with open(again) as a, open(path) as b:
            assert a.read() == b.read(), "re-run: .venv/bin/python tests/host/games/test_films_props.py"


if __name__ == "__main__":
    print(write_record(MATCH, make_match(), "best of three")["past"])
    print(write_record(TEN, make_ten(), "10 rounds")["past"])
