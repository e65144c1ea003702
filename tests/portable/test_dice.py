from portable import eq, raises
from usher.core.errors import RuleError
from usher.core.rng import Rng
from usher.games.catalog import load_game

G = load_game("dice")


def fresh():
    return G.new(G.make_setup([], {}, {}))


def test_roll_two_dice_records_faces_and_total():
    s = fresh()
    a = G.roll(s, {"t": "roll", "n": 2}, Rng(8))
    eq(len(a["faces"]), 2)
    s2 = G.apply(s, a)
    eq(s2["last"]["total"], sum(a["faces"]))
    eq(s["last"], None)  # the old state is untouched


def test_replay_never_rerolls():
    s = fresh()
    a = {"t": "roll", "n": 1, "faces": [4]}
    eq(G.apply(s, a)["last"]["faces"], [4])


def test_bad_faces_refused():
    s = fresh()
    raises(RuleError, G.apply, s, {"t": "roll", "n": 1, "faces": [0]})
    raises(RuleError, G.apply, s, {"t": "roll", "n": 2, "faces": [3]})
    raises(RuleError, G.apply, s, {"t": "roll", "n": 1})
    raises(RuleError, G.apply, s, {"t": "roll", "n": True, "faces": [1]})


def test_draw_from_bag_until_empty_then_refuse():
    s = fresh()
    r = Rng(1)
    for _ in range(60):
        s = G.apply(s, G.roll(s, {"t": "draw", "bag": "taste"}, r))
    eq(s["last"]["left"], 0)
    e = raises(RuleError, G.apply, s, G.roll(s, {"t": "draw", "bag": "taste"}, r))
    assert "missing" in str(e)
    s = G.apply(s, {"t": "refill", "bag": "taste"})
    eq(G.public_view(s)["bags"]["taste"], 60)


def test_draw_of_an_exhausted_colour_refused():
    s = fresh()
    for _ in range(6):
        s = G.apply(s, {"t": "draw", "bag": "artists", "item": "yellow"})
    e = raises(RuleError, G.apply, s, {"t": "draw", "bag": "artists", "item": "yellow"})
    eq(str(e), "none left: yellow")


def test_unknown_action_and_bag_refused():
    s = fresh()
    raises(RuleError, G.apply, s, {"t": "fly"})
    raises(RuleError, G.apply, s, {"t": "draw", "bag": "nope", "item": "red"})
    raises(RuleError, G.apply, s, "roll")


def test_error_messages_fit_the_screen():
    s = fresh()
    for bad in ({"t": "fly"}, {"t": "roll", "n": 9}, {"t": "draw", "bag": "x" * 80}):
        e = raises(RuleError, G.apply, s, bad)
        assert len(str(e)) <= 40, str(e)


def test_each_kind_of_outcome_keeps_its_own_last_result():
    from usher.games.dice.game import last_of

    s = fresh()
    s = G.apply(s, {"t": "roll", "n": 1, "faces": [4]})
    s = G.apply(s, {"t": "draw", "bag": "taste", "item": "red"})
    eq(last_of(s, "roll1")["faces"], [4])
    eq(last_of(s, "roll2"), None)
    eq(last_of(s, "draw:taste")["item"], "red")
    eq(last_of(s, "draw:artists"), None)
    s = G.apply(s, {"t": "roll", "n": 1, "faces": [2]})
    eq(last_of(s, "roll1")["faces"], [2])
    old = dict(s)
    del old["by"]  # a state from a snapshot written before `by`: the history stands in
    eq(last_of(old, "draw:taste")["item"], "red")


def test_the_draws_page_offers_showbiz_s_own_bags():
    # dice keeps its own copy so that it loads nothing of Showbiz
    from usher.games.dice.game import ARTIST_BAG, TASTE_BAG
    from usher.games.showbiz import bags

    eq(TASTE_BAG, bags.TASTE_BAG)
    eq(ARTIST_BAG, bags.ARTIST_BAG)
