"""Showbiz secrets (public and private views), what is expected next, undo
units and refusals that leave the state unchanged."""

from portable import eq, raises
from test_showbiz import G, begin, run, sign
from usher.core.data import dumps
from usher.core.errors import RuleError


def in_bidding(z=7):
    """P0 picked red, P1 and P2 claimed; P1 has bid `z` (secret), the rest not yet."""
    s = run(begin(3), {"t": "pick", "p": 0, "art": "red"}, {"t": "claims", "ps": [1, 2]})
    return G.apply(s, {"t": "bid", "p": 1, "rd": 1, "ze": z})


def test_public_view_never_shows_a_pending_bid():
    v = G.public_view(in_bidding(7))
    eq(v["negotiation"]["have_bid"], [1])
    eq(v["negotiation"]["bidders"], [0, 1, 2])
    # the shared screen can not tell a bid of 7 from a bid of 3
    eq(v, G.public_view(in_bidding(3)))


def test_public_view_never_shows_private_ze():
    s = in_bidding()
    t = dict(s)
    t["ze"] = [1, 2, 3]
    eq(G.public_view(s), G.public_view(t))
    assert "ze" not in G.public_view(s)


def test_public_view_hides_ze_unless_public_money():
    s = begin(3)
    assert "ze" not in G.public_view(s)
    eq(G.public_view(s)["storage"], 0)
    s = begin(3, public_money=True)
    eq(G.public_view(s)["ze"], [15, 15, 15])


def test_private_view_shows_own_ze_and_own_pending_bid():
    s = in_bidding()
    v = G.private_view(s, 1)
    eq((v["my_ze"], v["my_bid"]), (14, 7))
    v = G.private_view(s, 2)
    eq((v["my_ze"], v["my_bid"]), (14, None))
    eq(G.private_view(s, 0)["my_ze"], 15)
    assert "ze" not in v


def test_bids_revealed_together_into_a_public_last_reveal():
    s = in_bidding()
    eq(G.public_view(s)["last_reveal"], None)
    s = run(s, {"t": "bid", "p": 2, "rd": 1, "ze": 3})
    eq(G.public_view(s)["last_reveal"], None)  # one bid still missing
    s = run(s, {"t": "bid", "p": 0, "rd": 1, "ze": 2})
    r = G.public_view(s)["last_reveal"]
    eq((r["art"], r["rd"], r["out"], r["win"]), ("red", 1, "win", 1))
    eq(r["bids"], [[0, 2], [1, 7], [2, 3]])


def test_expects_walks_the_selection_turn():
    s = begin(3)
    eq([(e.kind, e.who) for e in G.expects(s)], [("pick", [0])])
    s = sign(s, 0, "red", 1, 2)
    got = G.expects(s)
    eq((got[0].kind, got[0].who), ("pick", [1]))
    eq((got[1].kind, got[1].who), ("break", [0]))  # optional
    s = in_bidding()
    e = G.expects(s)[0]
    eq((e.kind, e.who, e.private), ("bid", [0, 2], True))


def test_undo_takes_back_a_whole_bid_round():
    acts = [
        {"t": "pick", "p": 0, "art": "red"},
        {"t": "claims", "ps": [1, 2]},
        {"t": "bid", "p": 1, "rd": 1, "ze": 2},
        {"t": "bid", "p": 0, "rd": 1, "ze": 1},
    ]
    eq(G.undo_depth(acts), 2)  # the round is not revealed yet
    acts.append({"t": "bid", "p": 2, "rd": 1, "ze": 2})
    eq(G.undo_depth(acts), 3)  # revealed: still the whole round
    acts.append({"t": "bid", "p": 2, "rd": 2, "ze": 0})
    eq(G.undo_depth(acts), 1)  # the second round so far
    acts.append({"t": "bid", "p": 1, "rd": 2, "ze": 1})
    acts.append({"t": "contract", "p": 1, "col": 1, "yrs": 1})
    eq(G.undo_depth(acts), 1)
    eq(G.undo_depth(acts[:-1]), 2)
    eq(G.undo_depth(acts[:2]), 1)
    eq(G.undo_depth([]), 0)


def test_undoing_the_unit_restores_the_state_before_the_round():
    s = begin(3)
    acts = [
        {"t": "pick", "p": 0, "art": "red"},
        {"t": "claims", "ps": [1, 2]},
        {"t": "bid", "p": 1, "rd": 1, "ze": 2},
        {"t": "bid", "p": 0, "rd": 1, "ze": 1},
        {"t": "bid", "p": 2, "rd": 1, "ze": 2},
    ]
    states = [s]
    for a in acts:
        states.append(G.apply(states[-1], a))
    k = G.undo_depth(acts)
    eq(states[len(acts) - k], states[2])
    eq(states[2]["ph"], "bid")
    eq(states[2]["neg"]["bids"], [-1, -1, -1])


def test_refused_actions_leave_the_state_unchanged_with_short_reasons():
    s = in_bidding()
    before = dumps(s)
    bad = [
        {"t": "bid", "p": 0, "rd": 1, "ze": 16},
        {"t": "bid", "p": 0, "rd": 1, "ze": True},
        {"t": "bid", "p": 0, "rd": 1},
        {"t": "pick", "p": 0, "art": "red"},
        {"t": "break", "p": 0, "col": 1},
        {"t": "contract", "p": 0, "col": 1, "yrs": 1},
        {"t": "fly"},
        {"t": "bid", "p": 99, "rd": 1, "ze": 0},
        {"t": "claims", "ps": [1]},
    ]
    for a in bad:
        e = raises(RuleError, G.apply, s, a)
        assert 0 < len(str(e)) <= 40, str(e)
    raises(RuleError, G.apply, s, "bid")
    eq(dumps(s), before)


def test_the_game_says_why_it_waits():
    s = G.new(G.make_setup([{"name": "A"}, {"name": "B"}], {}, {}))
    e = raises(RuleError, G.apply, s, {"t": "pick", "p": 0, "art": "red"})
    eq(str(e), "waiting for the general agent")
