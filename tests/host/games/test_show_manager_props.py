"""Show Manager properties over random legal games, 2-6 players (hypothesis,
CPython only). The games come from usher_devkit.players.show_manager_random."""

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from usher.core.data import clone, dumps
from usher.core.errors import RuleError
from usher.core.rng import Rng
from usher.games.show_manager import rules
from usher.games.show_manager.game import GAME as G
from usher_devkit.players.show_manager_random import MAX_ACTIONS, play, random_action, random_setup

# each property stays well under 20 s on one core
BOUND = settings(max_examples=40, deadline=None, database=None, suppress_health_check=[HealthCheck.too_slow])
WIDE = settings(BOUND, max_examples=150)


def games():
    """(setup, seed): 2-6 players, the default components or custom ones."""
    return st.builds(
        lambda n, seed, custom: (random_setup(n, Rng(seed), custom), seed),
        st.integers(2, 6),
        st.integers(0, 2**32 - 1),
        st.sampled_from([False, False, True]),
    )


class Books:
    """What the bank took and gave, and when each chip reached its place,
    kept apart from the rules module from the actions alone."""

    def __init__(self, s):
        self.paid = 0
        self.lent = 0
        self.start = sum(s["money"])
        self.arrival = []  # per chip index: the order it (last) reached its place
        self.clock = 0
        self.loans = {}  # (player, musical) -> loans taken

    def see(self, before, a, after):
        if a["t"] == "hire":
            self.paid += before["hire"][a["pos"]]
        elif a["t"] == "refresh":
            self.paid += before["refresh"]
        elif a["t"] == "loan":
            self.lent += a["amount"] * before["per_point"]
            key = (a["p"], a["title"])
            self.loans[key] = self.loans.get(key, 0) + 1
        for _ in range(len(before["chips"]), len(after["chips"])):
            self.arrival.append(self.tick())
        for i, ch in enumerate(before["chips"]):
            if after["chips"][i][3] != ch[3]:  # borrowed against: placed again
                self.arrival[i] = self.tick()

    def tick(self):
        self.clock += 1
        return self.clock


def check_state(s, books):
    assert min(s["money"]) >= 0, s["money"]
    assert sum(s["money"]) + books.paid - books.lent == books.start
    for t in range(4):
        row = s["rank"][t]
        assert len(row) <= 6
        for i in range(1, len(row)):
            hi, lo = row[i - 1], row[i]
            vh, vl = s["chips"][hi][3], s["chips"][lo][3]
            assert vh > vl or (vh == vl and books.arrival[hi] < books.arrival[lo]), (t, row, s["chips"])
    for p in range(len(s["players"])):
        assert 0 <= s["hand"][p]
        if s["turn"] >= 0 and sum(s["left"][p]):
            assert s["hand"][p] <= rules.hand_limit(s, p)
        for t in range(4):
            assert sum(1 for ch in s["chips"] if ch[0] == p and ch[1] == t and ch[3] < ch[2]) <= 1
    assert all(v <= 1 for v in books.loans.values()), books.loans


@WIDE
@given(games())
def test_money_conserved_never_negative_rankings_by_value_then_arrival(game):
    setup, seed = game
    books = Books(G.new(setup))

    def each(before, a, after):
        books.see(before, a, after)
        check_state(after, books)

    _, final = play(setup, Rng(seed), each)
    assert G.is_over(final)


@WIDE
@given(games())
def test_every_random_game_ends_with_six_chips_in_each_city_in_play(game):
    setup, seed = game
    acts, s = play(setup, Rng(seed))
    assert len(acts) < MAX_ACTIONS
    assert G.is_over(s) and s["turn"] == -1
    assert sorted(s["at"]) == sorted(set(s["at"])) and min(s["at"]) >= 0
    assert [len(r) for r in s["rank"]] == [6, 6, 6, 6]
    assert len(s["chips"]) == 24
    assert all(sum(x) == 0 for x in s["left"])
    view = G.public_view(s)
    assert sorted(len(c["chips"]) for c in view["cities"]) == [0] * (len(view["cities"]) - 4) + [6] * 4
    # the points are the places of the players' chips, touring places earn nothing
    total = 0
    for t in range(4):
        col = s["cities"][s["at"][t]][1]
        total += sum(col[i] for i, ci in enumerate(s["rank"][t]) if s["chips"][ci][0] >= 0)
    assert sum(G.scores(s)) == total


@BOUND
@given(games())
def test_the_public_view_never_holds_money_the_private_one_does(game):
    setup, seed = game
    n = len(setup["players"])

    def each(before, a, after):
        pv = G.public_view(after)
        assert "money" not in json.dumps(pv)
        for p in range(n):
            assert G.private_view(after, p)["money"] == after["money"][p]

    play(setup, Rng(seed), each)


def illegal_variants(s, rng):
    """Actions that must be refused in state `s`, with the reason each must give."""
    p = s["turn"]
    n = len(s["players"])
    out = [({"t": "hire", "p": (p + 1 + rng.below(n - 1)) % n, "pos": 0}, "not your turn")]
    out.append(({"t": "hire", "p": p, "pos": len(s["hire"])}, "space 0-%d" % (len(s["hire"]) - 1)))
    out.append(({"t": "produce", "p": p, "title": 4, "roles": []}, None))
    lim = rules.hand_limit(s, p)
    if s["hand"][p] >= lim:
        out.append(({"t": "refresh", "p": p}, None))
    poor = [i for i in range(len(s["hire"])) if s["hire"][i] > s["money"][p]]
    if poor:
        out.append(({"t": "hire", "p": p, "pos": poor[0]}, "not enough money"))
    d = s["did"]
    lo = rules.loanable(s, p)
    if lo:
        t, copy, most = lo[0]
        a = {"t": "loan", "p": p, "title": t, "copy": copy}
        out.append((dict(a, amount=0), None))
        out.append((dict(a, amount=s["loan_max"] + 1), None))
        if d:
            out.append((dict(a, amount=1), "one loan a turn" if d & rules.LOAN else "borrow first in a turn"))
        elif most < s["loan_max"]:
            out.append((dict(a, amount=most + 1), "worth only %d" % most))
    for t in range(4):
        if s["left"][p][t] == 0 and not d & (rules.SHOW | rules.REFRESH):
            roles = s["titles"][t][1]
            out.append(({"t": "produce", "p": p, "title": t, "roles": [1] * roles}, None))
        if s["at"][t] >= 0 and len(s["rank"][t]) == 6 and not d:
            for ch in s["chips"]:
                if ch[0] == p and ch[1] == t and ch[3] == ch[2] and ch[3] >= 1:
                    out.append(({"t": "loan", "p": p, "title": t, "amount": 1}, None))
                    break
    ok = rules.producible(s, p)
    if ok and not d & (rules.SHOW | rules.REFRESH):
        t = ok[0]
        roles = s["titles"][t][1]
        a = {"t": "produce", "p": p, "title": t, "roles": [1] * roles}
        out.append((dict(a, roles=[1] * (roles + 1)), "%s has %d roles" % (s["titles"][t][0][:16], roles)))
        out.append((dict(a, roles=[s["max_talent"] + 1] * roles), "talent 0-%d" % s["max_talent"]))
        taken = [c for c in s["at"] if c >= 0]
        if s["at"][t] < 0 and taken:
            out.append((dict(a, city=taken[0]), None))
        if s["at"][t] >= 0:
            other = (s["at"][t] + 1) % len(s["cities"])
            out.append((dict(a, city=other), None))
    return out


@BOUND
@given(games())
def test_illegal_actions_refused_with_the_state_unchanged(game):
    setup, seed = game
    r = Rng(seed ^ 0x5A5A)
    tried = [0]

    def each(before, action, after):
        snapshot = dumps(before)
        for bad, msg in illegal_variants(before, r):
            try:
                G.apply(before, bad)
            except RuleError as e:
                assert 0 < len(str(e)) <= 40, str(e)
                assert msg is None or str(e) == msg, (bad, str(e), msg)
                assert "money" not in str(e) or not any(c.isdigit() for c in str(e))  # never an amount
            else:
                raise AssertionError("accepted %r" % (bad,))
            tried[0] += 1
        assert dumps(before) == snapshot

    _, final = play(setup, Rng(seed), each)
    for p in range(len(setup["players"])):
        try:
            G.apply(final, {"t": "hire", "p": p, "pos": 0})
        except RuleError as e:
            assert str(e) == "the game is over"
        else:
            raise AssertionError("accepted after the end")
    assert tried[0] > 0


@BOUND
@given(games())
def test_expects_lists_what_is_accepted(game):
    """Each kind expects() names has a legal action of that kind; a hire or
    refresh it leaves out is refused."""
    setup, seed = game
    r = Rng(seed)

    def each(before, action, after):
        s = before
        kinds = [e.kind for e in G.expects(s)]
        p = s["turn"]
        assert all(e.who == [p] for e in G.expects(s))
        kind = "show" if action["t"] == "produce" else action["t"]
        assert kind in kinds, (action, kinds)
        if "show" in kinds:
            t = rules.producible(s, p)[0]
            a = {"t": "produce", "p": p, "title": t, "roles": [1] * s["titles"][t][1]}
            if s["at"][t] < 0:
                a["city"] = [c for c in range(len(s["cities"])) if c not in s["at"]][0]
            G.apply(s, a)
        if "hire" not in kinds:
            try:
                G.apply(s, {"t": "hire", "p": p, "pos": 0})
            except RuleError as e:
                assert str(e) == "hand full: put on a show first"
            else:
                raise AssertionError("hire accepted though not expected")
        else:
            G.apply(s, {"t": "hire", "p": p, "pos": 0})

    play(setup, r, each)


@BOUND
@given(games())
def test_replaying_the_actions_gives_the_same_state(game):
    setup, seed = game
    acts, final = play(setup, Rng(seed))
    s = G.new(json.loads(json.dumps(setup)))
    for a in acts:
        s = G.apply(s, json.loads(json.dumps(a)))
    assert s == final
    # the header goes through the same checks at replay: make_setup's output is a fixed point
    assert G.make_setup(setup["players"], setup["options"], setup["components"]) == setup


@BOUND
@given(games())
def test_host_tool_scores_a_random_record_like_the_rules(tmp_path_factory, game):
    from usher_devkit.players.show_manager_random import record_lines
    from usher_tools.history.replay import score_file

    setup, seed = game
    acts, final = play(setup, Rng(seed))
    path = tmp_path_factory.mktemp("sm") / "g.rec"
    path.write_text("\n".join(record_lines(setup, acts)) + "\n")
    got = score_file(str(path))
    want = G.standings(final)
    assert got["finished"] is True
    assert [(x["name"], x["score"], x["rank"]) for x in got["players"]] == [
        (x["name"], x["score"], x["rank"]) for x in want
    ]
    firsts = [x["name"] for x in want if x["rank"] == 1]
    assert got["winner"] == (firsts[0] if len(firsts) == 1 else firsts)


def test_random_action_needs_no_more_than_the_state():
    s = G.new(random_setup(3, Rng(1)))
    before = clone(s)
    random_action(s, Rng(2))
    assert s == before


def test_random_records_are_what_the_seeded_driver_writes():
    import os

    from usher_devkit.players.show_manager_random import record_text

    here = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "records")
    for n in (3, 6):
        with open(os.path.join(here, "show_manager_%dp_random.rec" % n)) as f:
            assert f.read() == record_text(n, 1), (
                "re-run: python -m usher_devkit.players.show_manager_random %d 1 ..." % n
            )
