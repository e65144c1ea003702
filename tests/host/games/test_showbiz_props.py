"""Showbiz properties over random legal games (hypothesis, CPython only), and
the seeded driver that writes tests/records/showbiz_4p.rec.

    .venv/bin/python tests/host/games/test_showbiz_props.py   # rewrite the record
"""

import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))  # HERE is tests/host/games
sys.path.insert(0, os.path.join(ROOT, "firmware"))

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from usher.core.data import clone, dumps  # noqa: E402
from usher.core.errors import RuleError  # noqa: E402
from usher.core.rng import Rng  # noqa: E402
from usher.games.showbiz.game import GAME as G  # noqa: E402
from usher_devkit.players.showbiz_random import lacking, legal_actions, random_action  # noqa: E402

RECORD = os.path.join(ROOT, "tests", "records", "showbiz_4p.rec")
# each property stays well under 20 s on one core
BOUND = settings(max_examples=30, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
WIDE = settings(BOUND, max_examples=100)
MAX_ACTIONS = 3000  # a random 8-player game takes about 900


def players(n):
    return [{"name": "P%d" % i, "colour": i} for i in range(n)]


def setups():
    return st.builds(
        lambda n, draws, pub, y: G.make_setup(players(n), {"draws": draws, "public_money": pub, "start_year": y}, {}),
        st.integers(2, 8),
        st.sampled_from(["device", "entered"]),
        st.booleans(),
        st.sampled_from([1, 1, 1, 6, 10, 12]),
    )


def play(setup, seed, each=None):
    """A random legal game; `each(before, action, after)` sees every step."""
    r = Rng(seed)
    s = G.new(setup)
    for _ in range(MAX_ACTIONS):
        if G.is_over(s):
            return s
        a = random_action(s, r)
        new = G.apply(s, a)
        if each:
            each(s, a, new)
        s = new
    raise AssertionError("game did not end")


# -- invariants ----------------------------------------------------------------------
def check_ze(s):
    n = len(s["ze"])
    assert min(s["ze"]) >= 0 and s["store"] >= 0 and s["gone"] >= 0
    assert sum(s["ze"]) + s["store"] + s["gone"] == 15 * n, s


def check_pieces(s):
    tfull = [10] * 6
    afull = [6, 9, 12, 15, 18, 21]
    for c in range(6):
        assert 0 <= s["tbag"][c] <= tfull[c]
        assert 0 <= s["abag"][c] <= afull[c]
        on_table = s["row"].count(c) + s["fc"].count(c)
        assert s["tbag"][c] + on_table == tfull[c], (c, s["tbag"], s["row"], s["fc"])
        signed = sum(board.count(c) for board in s["art"])
        assert s["abag"][c] + s["pool"][c] + signed == afull[c], (c, s["abag"], s["pool"], s["art"])
    # the pool always holds exactly the artists still to be signed this year
    if s["ph"] in ("pick", "claims", "bid", "contract"):
        assert sum(s["pool"]) == sum(b.count(-1) for b in s["art"])


def check_year_end(before, action, after):
    """A year is scored only when every agent has six artists, and each score
    is the points for the multiset match of those six with the year's row."""
    if len(after["pts"][0]) == len(before["pts"][0]):
        return
    boards = [list(b) for b in before["art"]]
    if action["t"] == "contract":
        boards[action["p"]][action["col"] - 1] = before["neg"]["art"]
    table = [0, 1, 3, 6, 11, 18, 21]
    row = Counter(before["row"])
    for p, board in enumerate(boards):
        assert -1 not in board, (p, board, action)
        m = sum((Counter(board) & row).values())
        assert after["pts"][p][-1] == table[m]


@WIDE
@given(setups(), st.integers(0, 2**32 - 1))
def test_ze_conserved_and_pieces_conserved_in_every_state(setup, seed):
    def each(before, action, after):
        check_ze(after)
        check_pieces(after)
        check_year_end(before, action, after)

    s = play(setup, seed, each)
    last = setup["options"]["start_year"] + len(s["pts"][0]) - 1
    assert last in (10, 11, 12), last


def illegal_variants(s, rng):
    """Actions that must be refused in state `s`, built from its legal ones."""
    out = [{"t": "fly"}, {"t": "pick"}, {"t": "bid", "p": "x", "rd": 1, "ze": 0}]
    n = len(s["ze"])
    ph = s["ph"]
    expected = G.expects(s)[0].who if G.expects(s) else []
    others = [p for p in range(n) if p not in expected]
    for a in legal_actions(s, rng)[:6]:
        if "p" in a and ph in ("pick", "contract") and a["t"] != "break" and others:
            out.append(dict(a, p=others[rng.below(len(others))]))
        if a["t"] == "bid":
            out.append(dict(a, ze=s["ze"][a["p"]] + 1 + rng.below(5)))
            out.append(dict(a, rd=a["rd"] + 1))
        if a["t"] == "contract":
            out.append(dict(a, yrs=rng.below(2) * 6))
            taken = [c + 1 for c in range(6) if s["art"][a["p"]][c] >= 0]
            if taken:
                out.append(dict(a, col=taken[0]))
        if a["t"] == "pick":
            empty = [k for k in s["kinds"] if not s["pool"][s["kinds"].index(k)]]
            if empty:
                out.append(dict(a, art=empty[0]))
        if a["t"] in ("row", "forecast"):
            out.append(dict(a, row=a["row"][:5]))
            few = min(range(6), key=lambda c: s["tbag"][c])
            if s["tbag"][few] < 6:  # six of a colour the bag holds fewer of
                out.append(dict(a, row=[s["kinds"][few]] * 6))
        if a["t"] == "pool" and a["add"]:
            few = min(range(6), key=lambda c: s["abag"][c])
            if s["abag"][few] < len(a["add"]):
                out.append(dict(a, add=[s["kinds"][few]] * len(a["add"])))
            out.append(dict(a, add=a["add"] + ["white"]))
        if a["t"] in ("forecast", "trend", "end"):
            out.append(dict(a, die=7))
        if a["t"] == "claims" and s["neg"]:
            full = [p for p in range(n) if -1 not in s["art"][p]]
            out.append(dict(a, ps=a["ps"] + [s["neg"]["act"]]))
            if full:
                out.append(dict(a, ps=[full[0]]))
    bidders = s["neg"]["in"] if ph == "bid" else []
    for p in range(n):  # breaking without the ZE, or while bidding
        for c in range(6):
            if s["art"][p][c] >= 0 and (s["ze"][p] < 2 * s["yrs"][p][c] or p in bidders):
                out.append({"t": "break", "p": p, "col": c + 1, "add": ["white"]})
    return out


@BOUND
@given(setups(), st.integers(0, 2**32 - 1))
def test_random_illegal_actions_refused_with_state_unchanged(setup, seed):
    r = Rng(seed ^ 0x5A5A)
    tried = [0]

    def each(before, action, after):
        if r.below(4):  # a quarter of the states is plenty
            return
        snapshot = dumps(before)
        for bad in illegal_variants(before, r):
            try:
                G.apply(before, bad)
            except RuleError as e:
                assert 0 < len(str(e)) <= 40, str(e)
            else:
                raise AssertionError("accepted %r in phase %s" % (bad, before["ph"]))
            tried[0] += 1
        assert dumps(before) == snapshot

    play(setup, seed, each)
    assert tried[0] > 0


@BOUND
@given(setups(), st.integers(0, 2**32 - 1))
def test_every_listed_legal_action_is_accepted(setup, seed):
    r = Rng(seed)
    s = G.new(setup)
    steps = 0
    while not G.is_over(s) and steps < 400:
        acts = legal_actions(s, r)
        assert acts, s["ph"]
        for a in acts[:: max(1, len(acts) // 8)]:
            G.apply(s, a)
        s = G.apply(s, acts[r.below(len(acts))] if s["ph"] != "pick" else random_action(s, r))
        steps += 1


def test_random_legal_play_reaches_the_end_and_keeps_every_ze():
    r = Rng(77)
    s = G.new(G.make_setup(players(3), {"start_year": 11}, {}))
    steps = 0
    while not G.is_over(s):
        s = G.apply(s, random_action(s, r))
        steps += 1
        assert steps < 1000
        assert sum(s["ze"]) + s["store"] + s["gone"] == 45
        if s["ph"] == "pick":
            assert sum(s["pool"]) == lacking(s)
    assert len(s["pts"][0]) in (1, 2)


@BOUND
@given(setups(), st.integers(0, 2**32 - 1))
def test_replaying_the_actions_gives_the_same_state(setup, seed):
    acts = []
    final = play(setup, seed, lambda b, a, n: acts.append(clone(a)))
    s = G.new(json.loads(json.dumps(setup)))
    for a in acts:
        s = G.apply(s, json.loads(json.dumps(a)))
    assert s == final


# -- the record ------------------------------------------------------------------
def policy(s, r):
    """A plausible player: go for the year's taste, claim what fits, bid a
    little, sign longer when the forecast agrees, now and then break a misfit."""
    ph = s["ph"]
    kinds = s["kinds"]
    if ph in ("agent", "row", "forecast", "pool", "trend", "end"):
        return G.roll(s, {"t": ph}, r)

    def gain(p, c):
        row = Counter(s["row"])
        board = Counter(x for x in s["art"][p] if x >= 0)
        return 1 if board[c] < row[c] else 0

    if ph == "pick":
        p = s["turn"]
        if r.below(25) == 0:  # someone rich may drop an artist the taste ignores
            for q in range(len(s["ze"])):
                for col in range(6):
                    c = s["art"][q][col]
                    if c >= 0 and not gain(q, c) and s["ze"][q] >= 8 + 2 * s["yrs"][q][col]:
                        return G.roll(s, {"t": "break", "p": q, "col": col + 1}, r)
        cs = [c for c in range(6) if s["pool"][c]]
        good = [c for c in cs if gain(p, c)]
        c = (good or cs)[r.below(len(good or cs))]
        return {"t": "pick", "p": p, "art": kinds[c]}
    if ph == "claims":
        from usher.games.showbiz.rules import claimers

        c = s["neg"]["art"]
        return {"t": "claims", "ps": [q for q in claimers(s) if gain(q, c) and s["ze"][q] >= 3 and r.below(3) == 0]}
    if ph == "bid":
        neg = s["neg"]
        q = [p for i, p in enumerate(neg["in"]) if neg["bids"][i] < 0][0]
        return {"t": "bid", "p": q, "rd": neg["rd"], "ze": r.below(min(s["ze"][q], 4) + 1)}
    w = s["neg"]["win"]
    col = s["art"][w].index(-1) + 1
    yrs = 1 + r.below(3) + (1 if s["neg"]["art"] in s["fc"] else 0)
    return {"t": "contract", "p": w, "col": col, "yrs": yrs}


def make_record():
    """The first seed whose 4-player game ends after exactly ten years and
    shows a second bid round and a broken contract."""
    setup = G.make_setup(players(4), {}, {})
    for name, who in zip(["Anna", "Ben", "Cleo", "Dev"], setup["players"], strict=True):
        who["name"] = name
    for seed in range(1, 500):
        r = Rng(seed)
        s = G.new(setup)
        acts = []
        while not G.is_over(s):
            a = policy(s, r)
            s = G.apply(s, a)
            acts.append(a)
        rounds = [a.get("rd") for a in acts if a["t"] == "bid"]
        if s["year"] == 10 and 2 in rounds and any(a["t"] == "break" for a in acts):
            return seed, setup, acts, s
    raise AssertionError("no seed ends after year 10")


def write_record(path=RECORD):
    seed, setup, acts, s = make_record()
    lines = [
        "# Showbiz, 4 players, 10 years: written by tests/host/games/test_showbiz_props.py",
        "# (seed %d of its driver); checked by tests/portable/test_showbiz_record.py" % seed,
        dumps({"usher": 1, "game": "showbiz", "created": 0, "setup": setup}),
    ]
    lines += [dumps(a) for a in acts]
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return s


def test_record_is_what_the_seeded_driver_writes(tmp_path):
    path = str(tmp_path / "again.rec")
    final = write_record(path)
    with open(path) as a, open(RECORD) as b:
        assert a.read() == b.read(), "re-run: .venv/bin/python tests/host/games/test_showbiz_props.py"
    assert final["year"] == 10 and G.is_over(final)


def test_record_rescored_by_the_host_tool():
    from usher_tools.history.replay import score_file

    got = score_file(RECORD)
    assert got["finished"] is True
    assert [p["name"] for p in got["players"]][0] == got["winner"]


if __name__ == "__main__":
    final = write_record()
    print(G.standings(final))
