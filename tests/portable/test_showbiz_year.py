"""Showbiz contracts, breaking, year-end scoring, storage sharing, the taste
and forecast rule, and the end of the game."""

from portable import eq, raises
from test_showbiz import FC, MIX, ROW, G, admin, begin, fill, players, run, sign
from usher.core.errors import RuleError
from usher.games.showbiz.rules import matches

K = ["yellow", "red", "blue", "green", "black", "white"]


def idx(*names):
    return [K.index(n) for n in names]


# -- scoring -----------------------------------------------------------------------
def test_matching_counts_each_taste_piece_once():
    row = idx("red", "red", "blue", "green", "black", "white")
    eq(matches(idx("red", "red", "blue", "green", "black", "white"), row), 6)
    # one red on the board answers only one of the two reds in the row
    eq(matches(idx("red", "blue", "blue", "green", "yellow", "yellow"), row), 3)
    # a doubled colour on the board needs it twice in the row
    eq(matches(idx("white", "white", "white", "yellow", "yellow", "yellow"), row), 1)
    eq(matches(idx("yellow") * 6, row), 0)
    eq(matches([-1] * 6, row), 0)


def test_year_scores_by_the_points_table():
    # P0 matches red, blue, green (3 = 6 points); P1 matches all six (21)
    b0 = ["red", "blue", "blue", "green", "yellow", "yellow"]
    b1 = ["red", "red", "blue", "green", "black", "white"]
    s = begin(2, pool=b0 + b1, row=ROW)
    for i in range(6):
        s = sign(s, 0, b0[i], i + 1, 2)
        s = sign(s, 1, b1[i], i + 1, 2)
    eq(s["pts"], [[6], [21]])
    eq(G.scores(s), [6, 21])


def test_points_for_every_number_of_matches():
    got = []
    for m in range(7):
        board = ROW[:m] + ["yellow"] * (6 - m)  # ROW holds no yellow
        pool = board + MIX
        s = begin(2, pool=pool)
        for i in range(6):
            s = sign(s, 0, board[i], i + 1)
            s = sign(s, 1, MIX[i], i + 1)
        got.append(s["pts"][0][0])
    eq(got, [0, 1, 3, 6, 11, 18, 21])


def test_year_ends_only_when_every_agent_has_six_artists():
    s = begin(2)
    for i in range(11):
        s = sign(s, s["turn"], MIX[i // 2], i // 2 + 1)
        eq(s["ph"], "pick")
        eq(s["pts"], [[], []])
    s = sign(s, 1, "white", 6)
    eq(len(s["pts"][0]), 1)
    eq(s["year"], 2)


def test_storage_shared_evenly_and_remainder_removed():
    s = begin(3)
    # claims 2, bids 3 + 2 + 0: 7 ZE in storage
    s = run(s, {"t": "pick", "p": 0, "art": "red"}, {"t": "claims", "ps": [1, 2]})
    for p, z in ((0, 3), (1, 2), (2, 0)):
        s = G.apply(s, {"t": "bid", "p": p, "rd": 1, "ze": z})
    s = G.apply(s, {"t": "contract", "p": 0, "col": 1, "yrs": 1})
    eq(s["store"], 7)
    eq(s["ze"], [12, 12, 14])
    s = fill(s)
    # 7 ZE among 3 agents: 2 each, 1 leaves the game
    eq(s["store"], 0)
    eq(s["ze"], [14, 14, 16])
    eq(s["gone"], 1)
    eq(sum(s["ze"]) + s["gone"], 45)


def test_general_agent_passes_clockwise_and_starts_the_year():
    s = fill(begin(3, agent=2))
    eq(s["ga"], 0)
    s = admin(s)
    eq((s["ph"], s["turn"]), ("pick", 0))


# -- public taste -------------------------------------------------------------------
def test_forecast_kept_when_the_roll_is_lower_or_equal():
    s = fill(begin(2, fdie=3))
    eq(s["ph"], "trend")
    eq(s["row"], [])
    eq(sum(s["tbag"]), 54)  # the year's row went back
    s = G.apply(s, {"t": "trend", "die": 3})
    eq([K[c] for c in s["row"]], FC)
    eq(s["fc"], [])
    eq(s["ph"], "forecast")
    eq(sum(s["tbag"]), 54)
    s = G.apply(s, {"t": "forecast", "row": ROW, "die": 6})
    eq(s["fdie"], 6)
    eq(sum(s["tbag"]), 48)


def test_forecast_redrawn_when_the_roll_is_higher():
    s = fill(begin(2, fdie=3))
    s = G.apply(s, {"t": "trend", "die": 4})
    eq(s["ph"], "row")
    eq(sum(s["tbag"]), 60)  # the forecast went back too
    eq(s["tr"], ["trend", 4, 3])
    s = G.apply(s, {"t": "row", "row": ["black"] * 6})
    eq([K[c] for c in s["row"]], ["black"] * 6)
    eq(s["ph"], "forecast")
    s = G.apply(s, {"t": "forecast", "row": ["yellow"] * 6, "die": 1})
    eq(s["tbag"], [4, 10, 10, 10, 4, 10])


# -- contracts -----------------------------------------------------------------------
def test_contract_length_is_one_to_five_years():
    s = run(begin(2), {"t": "pick", "p": 0, "art": "red"}, {"t": "claims", "ps": []})
    for y in (0, 6):
        e = raises(RuleError, G.apply, s, {"t": "contract", "p": 0, "col": 1, "yrs": y})
        eq(str(e), "contract is 1-5 years")
    e = raises(RuleError, G.apply, s, {"t": "contract", "p": 0, "col": 7, "yrs": 1})
    eq(str(e), "column is 1-6")


def test_contract_needs_a_free_column():
    s = sign(begin(2), 0, "red", 2)
    s = sign(s, 1, "red", 1)
    s = run(s, {"t": "pick", "p": 0, "art": "blue"}, {"t": "claims", "ps": []})
    e = raises(RuleError, G.apply, s, {"t": "contract", "p": 0, "col": 2, "yrs": 1})
    eq(str(e), "column 2 is taken")


def test_contracts_move_down_each_year_and_expire_back_to_the_bag():
    s = begin(2)
    for i in range(6):
        s = sign(s, 0, MIX[i], i + 1, 2 if i == 0 else 1)
        s = sign(s, 1, MIX[i], i + 1, 3 if i == 0 else 1)
    eq(s["yrs"], [[1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]])
    eq(s["due"], 10)
    eq(sum(s["abag"]), 81 - 12 + 10)
    s = admin(s)
    eq(sum(s["pool"]), 10)  # as many drawn as came back
    s = fill(s, 1)
    eq(s["yrs"][0][0], 0)  # P0's two-year contract is over
    eq(s["art"][0][0], -1)
    eq(s["yrs"][1][0], 1)
    eq(s["due"], 11)


def test_breaking_costs_two_ze_per_remaining_year():
    s = sign(begin(2), 0, "red", 1, 4)
    s = G.apply(s, {"t": "break", "p": 0, "col": 1, "add": ["yellow"]})
    eq(s["ze"][0], 15 - 8)
    eq(s["store"], 8)
    eq(s["art"][0][0], -1)
    # the artist went back to the bag and a new one came into the pool
    eq(s["abag"][K.index("red")], 9 - 2 + 1)
    eq(s["pool"][K.index("yellow")], 1)
    eq(sum(s["pool"]), 12 - 1 + 1)
    # the column must be filled again before the year can end
    s = fill(s)
    # fill() then gives P1 (on turn) the new yellow, and P0 red, blue, green,
    # black, white, white: 5 of the row's pieces (18); P1 matches 4 (11)
    eq(s["pts"], [[18], [11]])


def test_rule_a_broken_contracts_artist_goes_back_to_the_bag_and_one_is_drawn_into_the_pool():
    """The rulebook's "Terminating a contract" sets the price only (two ZE a
    contract year left, into the storage), not where the artist goes. Usher
    ends the contract as a year's end does ("The General Agent's Duties",
    step 5: an expired artist goes back into the Artists bag, and the agent
    draws as many as are due into the pool): the artist goes back into the
    bag, and one artist is drawn from it into the pool at once, so the
    column can be filled again (docs/RULES.md). Never straight to the pool."""
    # an artist bag of exactly the twelve artists of the pool: empty once they are drawn
    comp = {"artists": {"kinds": K, "counts": [0, 2, 2, 2, 2, 4]}}
    s = G.new(G.make_setup(players(2), {"draws": "entered"}, comp))
    s = run(s, {"t": "agent", "p": 0}, {"t": "row", "row": ROW}, {"t": "forecast", "row": FC, "die": 3})
    s = run(s, {"t": "pool", "add": MIX * 2})
    eq(sum(s["abag"]), 0)
    s = sign(s, 0, "red", 1, 4)
    pool = list(s["pool"])
    # the broken red is the only artist in the bag: the draw can give nothing else
    e = raises(RuleError, G.apply, s, {"t": "break", "p": 0, "col": 1, "add": ["white"]})
    eq(str(e), "bag has no white left")
    t = G.apply(s, {"t": "break", "p": 0, "col": 1, "add": ["red"]})
    eq((t["art"][0][0], t["yrs"][0][0]), (-1, 0))
    eq(sum(t["abag"]), 0)  # back in the bag, and drawn out of it again
    pool[K.index("red")] += 1
    eq(t["pool"], pool)  # the pool gains the one artist drawn, nothing more
    eq((t["ze"][0], t["store"]), (15 - 8, 8))
    eq(G.public_view(t)["last_break"], [0, "red"])  # for the screen: "Anna breaks R: back in the bag"


def test_breaking_needs_the_ze_to_pay_for_it():
    s = run(begin(2), {"t": "pick", "p": 0, "art": "red"}, {"t": "claims", "ps": [1]})
    s = run(s, {"t": "bid", "p": 0, "rd": 1, "ze": 9}, {"t": "bid", "p": 1, "rd": 1, "ze": 0})
    s = G.apply(s, {"t": "contract", "p": 0, "col": 1, "yrs": 5})
    eq(s["ze"][0], 6)
    e = raises(RuleError, G.apply, s, {"t": "break", "p": 0, "col": 1, "add": ["red"]})
    eq(str(e), "breaking costs 10 ZE")
    e = raises(RuleError, G.apply, s, {"t": "break", "p": 0, "col": 2, "add": ["red"]})
    eq(str(e), "column 2 is empty")


def test_breaking_is_allowed_during_a_negotiation_except_to_a_bidder():
    s = sign(begin(2), 0, "red", 1, 1)
    s = run(s, {"t": "pick", "p": 1, "art": "red"})  # Ben picks; Anna may claim
    eq(s["ph"], "claims")
    t = G.apply(s, {"t": "break", "p": 0, "col": 1, "add": ["red"]})
    eq((t["ph"], t["ze"][0], t["art"][0][0]), ("claims", 13, -1))
    s = run(s, {"t": "claims", "ps": [0]})  # Anna claims: both bid
    eq(s["ph"], "bid")
    e = raises(RuleError, G.apply, s, {"t": "break", "p": 0, "col": 1, "add": ["red"]})
    eq(str(e), "P0 is bidding")  # her ZE are promised to a bid until the reveal
    eq([x.kind for x in G.expects(s)], ["bid"])  # nobody else holds a contract


def test_breaking_is_allowed_in_a_year_scored_right_after_the_forecast():
    # nobody's contract expires, so year 2 is scored as soon as the general
    # agent has drawn the forecast: the only time to break is before it
    s = fill(begin(2), 2)
    eq((s["ph"], s["year"]), ("trend", 2))
    got = G.expects(s)
    eq((got[0].kind, got[1].kind, got[1].who), ("trend", "break", [0, 1]))
    cost = 2 * s["yrs"][0][0]
    eq(cost, 2)  # 2 ZE a remaining year, this one counted
    t = G.apply(s, {"t": "break", "p": 0, "col": 1, "add": ["red"]})
    eq(t["ze"][0], s["ze"][0] - cost)
    eq((t["ph"], t["art"][0][0]), ("trend", -1))
    # without the break the year is scored at the forecast; with it, the
    # broken column is filled first
    u = G.apply(
        G.apply(G.apply(s, {"t": "trend", "die": 6}), {"t": "row", "row": ROW}), {"t": "forecast", "row": FC, "die": 3}
    )
    eq(len(u["pts"][0]), 2)
    t = G.apply(
        G.apply(G.apply(t, {"t": "trend", "die": 6}), {"t": "row", "row": ROW}), {"t": "forecast", "row": FC, "die": 3}
    )
    eq((t["ph"], t["turn"], len(t["pts"][0])), ("pick", 0, 1))


def test_no_break_once_the_game_is_over():
    s = fill(begin(2, start_year=12))
    eq(s["ph"], "over")
    e = raises(RuleError, G.apply, s, {"t": "break", "p": 0, "col": 1, "add": ["red"]})
    eq(str(e), "the game is over")


def test_break_on_the_device_draws_the_replacement():
    from usher.core.rng import Rng

    s = G.new(G.make_setup([{"name": "A"}, {"name": "B"}], {}, {}))
    s = admin(run(s, {"t": "agent", "p": 0}))
    c = s["kinds"][[k for k in range(6) if s["pool"][k]][0]]
    s = sign(s, 0, c, 1, 1)
    a = G.roll(s, {"t": "break", "p": 0, "col": 1}, Rng(4))
    eq(len(a["add"]), 1)
    s2 = G.apply(s, a)
    eq(sum(s2["pool"]), sum(s["pool"]) + 1)


# -- end of the game ----------------------------------------------------------------
def test_after_year_ten_a_roll_of_one_or_two_ends_the_game():
    s = fill(begin(2, start_year=10))
    eq(s["ph"], "end")
    eq(G.expects(s)[0].kind, "end")
    eq(G.is_over(G.apply(s, {"t": "end", "die": 2})), True)
    s = G.apply(s, {"t": "end", "die": 3})
    eq((s["ph"], s["year"]), ("trend", 11))


def test_after_year_eleven_a_roll_of_one_to_four_ends_the_game():
    s = fill(begin(2, start_year=11))
    eq(G.is_over(G.apply(s, {"t": "end", "die": 4})), True)
    s = G.apply(s, {"t": "end", "die": 5})
    eq((s["ph"], s["year"]), ("trend", 12))


def test_after_year_twelve_the_game_ends_without_a_roll():
    s = fill(begin(2, start_year=12))
    eq(G.is_over(s), True)
    eq(G.expects(s), [])
    eq(str(raises(RuleError, G.apply, s, {"t": "end", "die": 6})), "the game is over")


def test_highest_total_wins_and_a_tie_goes_to_the_most_ze():
    # both boards match the row alike; P1 spent a ZE claiming, so P0 wins the tie
    board = ["red", "blue", "green", "black", "white", "white"]
    s = begin(2, start_year=12, pool=board + board)
    s = run(s, {"t": "pick", "p": 0, "art": "red"}, {"t": "claims", "ps": [1]})
    s = run(s, {"t": "bid", "p": 0, "rd": 1, "ze": 0}, {"t": "bid", "p": 1, "rd": 1, "ze": 0})
    s = G.apply(s, {"t": "contract", "p": 0, "col": 1, "yrs": 1})
    for i in range(6):
        if i:
            s = sign(s, 0, board[i], i + 1)
        s = sign(s, 1, board[i], i + 1)
    eq(G.scores(s), [18, 18])
    # the storage's 1 ZE cannot be shared between two: it leaves the game
    eq((s["ze"], s["gone"]), ([15, 14], 1))
    got = G.standings(s)
    eq([(r["player"], r["rank"]) for r in got], [(0, 1), (1, 2)])
