"""Showbiz: setup, the general agent, the bags and the helpers the other
test_showbiz_* files share (they import them from here)."""

from portable import eq, raises
from usher.core.errors import RuleError
from usher.core.game import Game
from usher.core.rng import Rng
from usher.games.catalog import load_game

G = load_game("showbiz")
ROW = ["red", "red", "blue", "green", "black", "white"]
FC = ["yellow", "yellow", "red", "blue", "white", "white"]
MIX = ["red", "blue", "green", "black", "white", "white"]  # six artists a player


def players(n):
    return [{"name": "P%d" % i, "colour": i} for i in range(n)]


def run(s, *actions):
    for a in actions:
        s = G.apply(s, a)
    return s


def begin(n=3, pool=None, row=None, fc=None, fdie=3, agent=0, **opts):
    """A game in entered mode, set up with known pieces, at the first pick."""
    o = {"draws": "entered"}
    o.update(opts)
    s = G.new(G.make_setup(players(n), o, {}))
    return run(
        s,
        {"t": "agent", "p": agent},
        {"t": "row", "row": row or ROW},
        {"t": "forecast", "row": fc or FC, "die": fdie},
        {"t": "pool", "add": pool or MIX * n},
    )


def sign(s, p, colour, col, yrs=1):
    """`p` picks `colour`, nobody claims, and signs it in `col` for `yrs`."""
    s = G.apply(s, {"t": "pick", "p": p, "art": colour})
    if s["ph"] == "claims":
        s = G.apply(s, {"t": "claims", "ps": []})
    return G.apply(s, {"t": "contract", "p": p, "col": col, "yrs": yrs})


def fill(s, yrs=1):
    """Play the selection turns without claims until the year ends: each active
    player takes the first colour left in the pool into their first free column."""
    while s["ph"] == "pick":
        p = s["turn"]
        c = [k for k in range(6) if s["pool"][k]][0]
        s = sign(s, p, s["kinds"][c], s["art"][p].index(-1) + 1, yrs)
    return s


def admin(s, seed=1, **dice):
    """Do the general agent's steps with drawn pieces until the next pick (or
    the end roll); `dice` fixes a phase's die, e.g. trend=1."""
    r = Rng(seed)
    while s["ph"] in ("row", "forecast", "pool", "trend"):
        dev = dict(s)
        dev["draws"] = "device"  # the device draws, whatever the mode
        a = G.roll(dev, {"t": s["ph"]}, r)
        if s["ph"] in dice:
            a["die"] = dice[s["ph"]]
        s = G.apply(s, a)
    return s


# -- setup ---------------------------------------------------------------------
def test_showbiz_is_a_game_with_secrets():
    assert isinstance(G, Game)
    eq(G.name, "showbiz")
    eq(G.holds_secrets, True)


def test_two_to_eight_players_one_contract_board_each():
    raises(RuleError, G.make_setup, players(1), {}, {})
    raises(RuleError, G.make_setup, players(9), {}, {})
    for n in (2, 8):
        s = G.new(G.make_setup(players(n), {}, {}))
        eq(len(s["art"]), n)
        eq(s["art"][0], [-1] * 6)


def test_each_player_starts_with_15_ze():
    s = G.new(G.make_setup(players(4), {}, {}))
    eq(s["ze"], [15, 15, 15, 15])
    eq(s["store"], 0)


def test_setup_records_every_option_and_the_bags():
    setup = G.make_setup(players(3), {}, {})
    eq(setup["options"], {"draws": "device", "public_money": False, "start_year": 1})
    eq(setup["components"]["taste"]["counts"], [10] * 6)
    eq(setup["components"]["artists"]["counts"], [6, 9, 12, 15, 18, 21])
    eq(setup["components"]["points"], [0, 1, 3, 6, 11, 18, 21])


def test_bad_options_refused():
    raises(RuleError, G.make_setup, players(3), {"draws": "dice"}, {})
    raises(RuleError, G.make_setup, players(3), {"start_year": 13}, {})
    raises(RuleError, G.make_setup, players(3), {"start_year": 0}, {})
    raises(RuleError, G.make_setup, players(3), {"public_money": 1}, {})
    raises(RuleError, G.make_setup, players(3), {"colour": 1}, {})
    raises(RuleError, G.make_setup, players(3), {}, {"taste": {"kinds": ["red"]}})
    raises(RuleError, G.make_setup, players(3), {}, {"points": [1, 2]})
    # eight players need 48 artists to start: a bag of 40 can not do
    small = {"kinds": ["red", "blue"], "counts": [20, 20]}
    raises(RuleError, G.make_setup, players(8), {}, {"artists": small, "taste": small})


def test_general_agent_picked_at_random_on_the_device():
    s = G.new(G.make_setup(players(5), {}, {}))
    seen = set()
    for seed in range(1, 40):
        a = G.roll(s, {"t": "agent"}, Rng(seed))
        seen.add(a["p"])
        eq(G.apply(s, a)["ga"], a["p"])
    eq(seen, {0, 1, 2, 3, 4})


def test_general_agent_may_be_chosen():
    s = G.new(G.make_setup(players(3), {}, {}))
    a = G.roll(s, {"t": "agent", "p": 2}, Rng(1))
    eq(a["p"], 2)
    raises(RuleError, G.apply, s, {"t": "agent", "p": 3})


def test_year_one_draws_taste_forecast_and_six_artists_per_player():
    s = G.new(G.make_setup(players(4), {}, {}))
    r = Rng(3)
    for t in ("agent", "row", "forecast", "pool"):
        eq(G.expects(s)[0].kind, t)
        s = G.apply(s, G.roll(s, {"t": t}, r))
    eq(len(s["row"]), 6)
    eq(len(s["fc"]), 6)
    assert 1 <= s["fdie"] <= 6
    eq(sum(s["tbag"]), 48)
    eq(sum(s["pool"]), 24)
    eq(sum(s["abag"]), 81 - 24)
    eq(s["ph"], "pick")
    eq(s["turn"], s["ga"])


def test_start_year_variant_begins_in_a_later_year():
    s = begin(2, start_year=9)
    eq(s["year"], 9)
    s = fill(s)
    eq(s["ph"], "trend")  # no end roll after year 9
    eq(s["year"], 10)
    s = fill(admin(s))
    eq(s["ph"], "end")  # after year 10 the die decides


# -- draws: device or entered ----------------------------------------------------
def test_device_mode_fills_draws_and_dice_into_the_action():
    s = G.new(G.make_setup(players(2), {}, {}))
    s = run(s, {"t": "agent", "p": 0})
    a = G.roll(s, {"t": "row"}, Rng(5))
    eq(len(a["row"]), 6)
    s = G.apply(s, a)
    eq([s["kinds"][c] for c in s["row"]], a["row"])
    a = G.roll(s, {"t": "forecast"}, Rng(5))
    eq(len(a["row"]), 6)
    assert 1 <= a["die"] <= 6
    # the recorded outcome is what a replay applies, whatever the generator
    s2 = G.apply(s, a)
    eq(s2["fdie"], a["die"])
    eq([s2["kinds"][c] for c in s2["fc"]], a["row"])


def test_entered_mode_leaves_the_action_to_the_players():
    s = G.new(G.make_setup(players(2), {"draws": "entered"}, {}))
    eq(G.roll(s, {"t": "agent"}, Rng(5)), {"t": "agent"})
    e = raises(RuleError, G.apply, s, {"t": "agent"})
    eq(str(e), "missing p")


def test_entered_draw_the_bag_cannot_give_refused():
    s = G.new(G.make_setup(players(2), {"draws": "entered"}, {}))
    s = run(s, {"t": "agent", "p": 0}, {"t": "row", "row": ["red"] * 6})
    before = G.public_view(s)
    e = raises(RuleError, G.apply, s, {"t": "forecast", "row": ["red"] * 5 + ["blue"], "die": 2})
    eq(str(e), "bag has no red left")
    e = raises(RuleError, G.apply, s, {"t": "forecast", "row": ["red"] * 3, "die": 2})
    eq(str(e), "draw exactly 6 pieces")
    e = raises(RuleError, G.apply, s, {"t": "forecast", "row": ["pink"] * 6, "die": 2})
    eq(str(e), "unknown colour")
    e = raises(RuleError, G.apply, s, {"t": "forecast", "row": FC, "die": 7})
    eq(str(e), "die is 1-6")
    eq(G.public_view(s), before)


def test_entered_pool_must_match_the_artists_due():
    s = G.new(G.make_setup(players(2), {"draws": "entered"}, {}))
    s = run(s, {"t": "agent", "p": 1}, {"t": "row", "row": ROW}, {"t": "forecast", "row": FC, "die": 1})
    e = raises(RuleError, G.apply, s, {"t": "pool", "add": MIX})
    eq(str(e), "draw exactly 12 pieces")
    e = raises(RuleError, G.apply, s, {"t": "pool", "add": ["yellow"] * 7 + MIX[:5]})
    eq(str(e), "bag has no yellow left")  # six yellow artists in the bag
