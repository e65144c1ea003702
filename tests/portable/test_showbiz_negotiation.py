"""Showbiz selection turns and contract negotiations (3 players, P0 general
agent and first active player, draws entered by hand)."""

from portable import eq, raises
from test_showbiz import G, begin, run, sign
from usher.core.errors import RuleError


def negotiate(s, picker, colour, claims, bids):
    """A pick, its claims and one round of bids {player: ze}."""
    s = run(s, {"t": "pick", "p": picker, "art": colour}, {"t": "claims", "ps": claims})
    return bid_round(s, bids)


def bid_round(s, bids):
    rd = s["neg"]["rd"]
    for p in sorted(bids):
        s = G.apply(s, {"t": "bid", "p": p, "rd": rd, "ze": bids[p]})
    return s


def test_turns_go_clockwise_from_the_general_agent():
    s = begin(4, agent=2)
    order = []
    for _ in range(5):
        order.append(s["turn"])
        s = sign(s, s["turn"], "white", s["art"][s["turn"]].index(-1) + 1)
    eq(order, [2, 3, 0, 1, 2])


def test_unclaimed_artist_goes_to_the_active_player():
    s = run(begin(3), {"t": "pick", "p": 0, "art": "red"})
    eq(s["ph"], "claims")
    eq(G.expects(s)[0].who, [1, 2])
    s = G.apply(s, {"t": "claims", "ps": []})
    eq(s["ph"], "contract")
    eq(G.expects(s)[0].who, [0])
    s = G.apply(s, {"t": "contract", "p": 0, "col": 3, "yrs": 4})
    eq(s["art"][0][2], s["kinds"].index("red"))
    eq(s["yrs"][0][2], 4)
    eq(s["ze"], [15, 15, 15])  # no negotiation costs nothing
    eq(s["pool"][s["kinds"].index("red")], 2)
    eq(s["turn"], 1)


def test_claim_costs_one_ze_to_storage_and_opens_secret_bids():
    s = run(begin(3), {"t": "pick", "p": 0, "art": "red"}, {"t": "claims", "ps": [2]})
    eq(s["ze"], [15, 15, 14])
    eq(s["store"], 1)
    ex = G.expects(s)[0]
    eq((ex.kind, ex.who, ex.private), ("bid", [0, 2], True))


def test_single_highest_bid_wins_the_artist():
    s = negotiate(begin(3), 0, "red", [1, 2], {0: 3, 1: 5, 2: 4})
    eq(s["ph"], "contract")
    eq(s["neg"]["win"], 1)
    # claims 1 each, then every bid goes to storage, the loser's too
    eq(s["ze"], [12, 9, 10])
    eq(s["store"], 2 + 3 + 5 + 4)
    eq(s["last"]["out"], "win")
    eq(s["last"]["bids"], [[0, 3], [1, 5], [2, 4]])
    s = G.apply(s, {"t": "contract", "p": 1, "col": 1, "yrs": 2})
    eq(s["art"][1][0], s["kinds"].index("red"))
    # the turn passes left of the active player (P0), not of the winner
    eq(s["turn"], 1)


def test_tie_with_the_active_player_goes_to_the_active_player():
    s = negotiate(begin(3), 0, "red", [1, 2], {0: 4, 1: 4, 2: 2})
    eq(s["neg"]["win"], 0)
    eq(s["store"], 2 + 10)
    eq(s["ze"], [11, 10, 12])


def test_tie_without_the_active_player_goes_to_a_second_round():
    s = negotiate(begin(3), 0, "red", [1, 2], {0: 1, 1: 4, 2: 4})
    eq(s["ph"], "bid")
    eq(s["neg"]["rd"], 2)
    eq(s["neg"]["in"], [1, 2])
    eq(s["last"]["out"], "again")
    eq(G.expects(s)[0].who, [1, 2])
    raises(RuleError, G.apply, s, {"t": "bid", "p": 0, "rd": 2, "ze": 0})
    s = bid_round(s, {1: 3, 2: 2})
    eq(s["neg"]["win"], 1)
    eq(s["ze"], [14, 14 - 4 - 3, 14 - 4 - 2])
    eq(s["store"], 2 + 9 + 5)


def test_tie_in_the_second_round_goes_to_a_third():
    s = negotiate(begin(3), 0, "red", [1, 2], {0: 0, 1: 2, 2: 2})
    s = bid_round(s, {1: 1, 2: 1})
    eq(s["neg"]["rd"], 3)
    s = bid_round(s, {1: 0, 2: 5})
    eq(s["neg"]["win"], 2)


def test_tie_in_the_third_round_means_no_winner_and_the_artist_stays():
    s = negotiate(begin(3), 0, "red", [1, 2], {0: 0, 1: 2, 2: 2})
    s = bid_round(bid_round(s, {1: 1, 2: 1}), {1: 0, 2: 0})
    eq(s["last"]["out"], "none")
    eq(s["neg"], None)
    eq(s["pool"][s["kinds"].index("red")], 3)  # back in the pool
    eq(s["art"], [[-1] * 6] * 3)
    eq(s["store"], 2 + 4 + 2)  # spent all the same
    # whose turn: the player left of the active player, as after any selection
    eq((s["ph"], s["turn"]), ("pick", 1))


def test_claimer_left_with_zero_ze_may_bid_zero():
    s = negotiate(begin(3), 0, "red", [1], {0: 0, 1: 13})
    s = G.apply(s, {"t": "contract", "p": 1, "col": 1, "yrs": 1})
    eq(s["ze"][1], 1)
    s = sign(s, 1, "blue", 2)
    s = run(s, {"t": "pick", "p": 2, "art": "green"}, {"t": "claims", "ps": [1]})
    eq(s["ze"][1], 0)
    e = raises(RuleError, G.apply, s, {"t": "bid", "p": 1, "rd": 1, "ze": 1})
    eq(str(e), "bid above your 0 ZE")
    s = bid_round(s, {1: 0, 2: 0})
    eq(s["neg"]["win"], 2)  # tie with the active player
    s = G.apply(s, {"t": "contract", "p": 2, "col": 1, "yrs": 1})
    # with no ZE left P1 can no longer claim
    s = G.apply(s, {"t": "pick", "p": 0, "art": "white"})
    eq(G.expects(s)[0].who, [2])
    e = raises(RuleError, G.apply, s, {"t": "claims", "ps": [1]})
    eq(str(e), "P1 has no ZE to claim")


def test_player_with_six_artists_can_not_claim_and_is_skipped():
    s = begin(3)
    for _ in range(2):  # P0 signs its own pick and outbids the others on theirs
        s = sign(s, 0, "white", s["art"][0].index(-1) + 1)
        for p in (1, 2):
            s = negotiate(s, p, "white", [0], {0: 1, p: 0})
            s = G.apply(s, {"t": "contract", "p": 0, "col": s["art"][0].index(-1) + 1, "yrs": 1})
    eq(s["art"][0].count(-1), 0)
    eq(s["turn"], 1)  # P0 is full, so P2's turn passes over P0 to P1
    s = G.apply(s, {"t": "pick", "p": 1, "art": "red"})
    eq(G.expects(s)[0].who, [2])
    e = raises(RuleError, G.apply, s, {"t": "claims", "ps": [0]})
    eq(str(e), "P0 has six artists")


def test_picker_can_not_claim_and_claims_are_once_each():
    s = run(begin(3), {"t": "pick", "p": 0, "art": "red"})
    eq(str(raises(RuleError, G.apply, s, {"t": "claims", "ps": [0]})), "the picker can't claim")
    eq(str(raises(RuleError, G.apply, s, {"t": "claims", "ps": [1, 1]})), "a player can claim once")
    raises(RuleError, G.apply, s, {"t": "claims", "ps": [5]})
    raises(RuleError, G.apply, s, {"t": "claims", "ps": [True]})


def test_out_of_turn_actions_refused():
    s = begin(3)
    eq(str(raises(RuleError, G.apply, s, {"t": "pick", "p": 1, "art": "red"})), "not your turn")
    eq(str(raises(RuleError, G.apply, s, {"t": "bid", "p": 0, "rd": 1, "ze": 1})), "waiting for a pick")
    s = run(s, {"t": "pick", "p": 0, "art": "red"}, {"t": "claims", "ps": [1]})
    eq(str(raises(RuleError, G.apply, s, {"t": "bid", "p": 2, "rd": 1, "ze": 1})), "P2 is not bidding")
    eq(str(raises(RuleError, G.apply, s, {"t": "bid", "p": 1, "rd": 2, "ze": 1})), "bid is for round 1")
    s = G.apply(s, {"t": "bid", "p": 1, "rd": 1, "ze": 1})
    eq(str(raises(RuleError, G.apply, s, {"t": "bid", "p": 1, "rd": 1, "ze": 0})), "P1 has already bid")
    s = G.apply(s, {"t": "bid", "p": 0, "rd": 1, "ze": 0})
    eq(str(raises(RuleError, G.apply, s, {"t": "contract", "p": 0, "col": 1, "yrs": 1})), "not your artist")


def test_bid_above_holdings_refused():
    s = run(begin(3), {"t": "pick", "p": 0, "art": "red"}, {"t": "claims", "ps": [1]})
    e = raises(RuleError, G.apply, s, {"t": "bid", "p": 1, "rd": 1, "ze": 15})
    eq(str(e), "bid above your 14 ZE")
    e = raises(RuleError, G.apply, s, {"t": "bid", "p": 1, "rd": 1, "ze": -1})
    eq(str(e), "bid 0 ZE or more")


def test_pick_of_a_colour_not_in_the_pool_refused():
    s = begin(2, pool=["white"] * 12)
    e = raises(RuleError, G.apply, s, {"t": "pick", "p": 0, "art": "red"})
    eq(str(e), "no red in the pool")
    eq(str(raises(RuleError, G.apply, s, {"t": "pick", "p": 0, "art": "mauve"})), "unknown colour")
