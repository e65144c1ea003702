"""Setup: players, rows, seat stars, genre table, start player and posters."""

from portable import eq, raises
from showtime_kit import G, game, legal_places, players, setup
from usher.core.data import dumps, loads
from usher.core.errors import RuleError
from usher.core.rng import Rng
from usher.games.catalog import load_game
from usher.games.showtime import game as showtime
from usher.games.showtime.game import GENRES, to_move
from usher.games.showtime.settings import defaults

# what a settings file may hold: JSON keys are strings; the Normal family likes two genres
TABLE = {str(c): ["fantasy"] for c in range(1, 13)}
TABLE["13"] = ["fantasy", "comedy"]
TABLE["14"] = ["scifi", "romance"]
TABLE["15"] = ["comedy", "scifi"]
TABLE["16"] = ["romance", "fantasy"]


def test_registered_under_its_name():
    assert load_game("showtime") is showtime.GAME
    assert isinstance(showtime.GAME, showtime.Showtime)
    eq(G.holds_secrets, False)


def test_two_to_four_players():
    for n in (0, 1, 5):
        e = raises(RuleError, G.make_setup, players(n), {}, {})
        eq(str(e), "2-4 players")
    for n in (2, 3, 4):
        eq(len(G.make_setup(players(n), {}, {})["players"]), n)


def test_players_need_a_name():
    raises(RuleError, G.make_setup, [{"name": "A"}, {"colour": 1}], {}, {})


def test_one_row_of_four_seats_per_player():
    for n in (2, 3, 4):
        s = G.new(setup(n))
        eq(len(s["seats"]), 4 * n)
        eq(len(s["stars"]), n)


def test_rows_one_and_two_default_to_the_rulebook_example():
    eq(setup(2)["components"]["stars"], [[1, 2, 2, 1], [2, 3, 3, 2]])


def test_rows_three_and_four_are_defaults_to_check():
    eq(setup(4)["components"]["stars"], defaults()["stars"])
    eq(setup(3)["components"]["stars"][2], [3, 4, 4, 3])


def test_seat_stars_from_the_settings_are_stored_in_the_setup():
    stars = [[1, 2, 2, 1], [2, 3, 3, 2], [4, 5, 5, 4], [3, 3, 3, 3]]
    eq(setup(3, stars=stars)["components"]["stars"], stars[:3])


def test_bad_seat_stars_refused():
    for bad in ([[1, 2, 2]], [[1, 2, 2, 1]], [[1, 2, 2, 1], [2, 3, 3, -1]], [[1, 2, 2, 1], [2, 3, True, 2]], "x"):
        raises(RuleError, setup, 2, 0, None, bad)


def test_genre_table_with_json_string_keys_is_stored_as_a_list():
    g = setup(2, genres=TABLE)["components"]["genres"]
    eq(len(g), 16)
    eq(g[0], ["fantasy"])
    eq(g[12], ["fantasy", "comedy"])


def test_genre_table_needs_two_genres_for_the_normal_family_only():
    bad = dict(TABLE)
    bad["13"] = ["fantasy"]
    eq(str(raises(RuleError, setup, 2, 0, None, None, bad)), "genres: card 13 needs 2")
    bad = dict(TABLE)
    bad["2"] = ["fantasy", "scifi"]
    raises(RuleError, setup, 2, 0, None, None, bad)
    bad = dict(TABLE)
    bad["5"] = ["horror"]
    eq(str(raises(RuleError, setup, 2, 0, None, None, bad)), "genres: unknown genre")
    bad = dict(TABLE)
    del bad["7"]
    eq(str(raises(RuleError, setup, 2, 0, None, None, bad)), "genres: card 7 missing")


def test_no_genre_table_by_default():
    eq(setup(2)["components"]["genres"], None)


def test_setup_survives_a_json_round_trip():
    st = setup(4, first=None, cut=list(range(1, 13)), genres=TABLE)
    again = loads(dumps(st))
    eq(G.new(again), G.new(st))
    eq(G.make_setup(again["players"], again["options"], again["components"]), st)


def test_a_chosen_start_player_skips_the_draw():
    s = G.new(setup(3, first=2))
    eq([x.kind for x in G.expects(s)], ["poster"])
    s = G.apply(s, {"t": "poster", "genre": "romance"})
    eq(s["phase"], "place")
    eq(to_move(s), 2)


def test_bad_start_player_refused():
    for bad in (3, -1, True, "x"):
        raises(RuleError, setup, 3, bad)


def test_the_device_draws_the_start_player_after_the_first_poster():
    s = G.new(setup(4, first=None))
    s = G.apply(s, {"t": "poster", "genre": "scifi"})
    eq([x.kind for x in G.expects(s)], ["first"])
    a = G.roll(s, {"t": "first"}, Rng(7))
    assert 0 <= a["p"] < 4
    s = G.apply(s, a)
    eq(to_move(s), a["p"])
    eq(s["phase"], "place")


def test_a_hand_written_start_player_is_kept():
    s = G.apply(G.new(setup(3, first=None)), {"t": "poster", "genre": "scifi"})
    a = G.roll(s, {"t": "first", "p": 1}, Rng(7))
    eq(a, {"t": "first", "p": 1})
    eq(str(raises(RuleError, G.apply, s, {"t": "first", "p": 3})), "no such player")
    s = G.apply(s, a)
    eq(str(raises(RuleError, G.apply, s, {"t": "first", "p": 0})), "no start player draw now")


def test_posters_are_drawn_without_replacement():
    for seed in range(1, 30):
        r = Rng(seed)
        s = G.new(setup(2))
        for _ in range(3):
            s = G.apply(s, G.roll(s, {"t": "poster"}, r))
            while s["phase"] == "place":
                s = G.apply(s, legal_places(s)[0])
        eq(len(set(s["posters"])), 3)
        for g in s["posters"]:
            assert g in GENRES


def test_poster_rules():
    s = G.new(setup(2))
    eq(str(raises(RuleError, G.apply, s, {"t": "poster", "genre": "horror"})), "no such genre")
    eq(str(raises(RuleError, G.apply, s, {"t": "poster"})), "missing genre")
    s = G.apply(s, {"t": "poster", "genre": "comedy"})
    eq(s["screening"], 1)
    eq(str(raises(RuleError, G.apply, s, {"t": "poster", "genre": "scifi"})), "no poster now")


def test_a_poster_is_shown_once_per_game():
    s = game(poster="comedy")
    while s["phase"] == "place":
        s = G.apply(s, legal_places(s)[0])
    eq(str(raises(RuleError, G.apply, s, {"t": "poster", "genre": "comedy"})), "poster already shown")
    eq(G.roll(s, {"t": "poster", "genre": "fantasy"}, Rng(1))["genre"], "fantasy")


def test_unknown_actions_refused():
    s = game()
    eq(str(raises(RuleError, G.apply, s, {"t": "bid"})), "unknown action")
    raises(RuleError, G.apply, s, {"p": 0})


def test_expects_and_view_while_placing():
    s = game(3, first=1)
    ex = G.expects(s)
    eq([(x.who, x.kind, x.private) for x in ex], [([1], "place", False)])
    v = G.public_view(s)
    eq(v["screening"], 1)
    eq(v["poster"], "comedy")
    eq(v["next"], 1)
    eq(v["rows"], [[None] * 4] * 3)
    eq(v["totals"], [0, 0, 0])
    eq(G.private_view(s, 0), v)
