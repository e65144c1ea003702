"""Films, rule 1 (game and match), the header, the views and their secrets,
and undo units."""

import json

from films_kit import PLAYERS, G, play, quiet, refused, setup, start
from portable import eq, raises
from usher.core.errors import RuleError
from usher.core.game import Game


def test_films_is_a_two_player_game_with_secrets():
    assert isinstance(G, Game)
    eq(G.name, "films")
    eq(G.title, "Films")
    eq((G.min_players, G.max_players), (2, 2))
    eq(G.holds_secrets, True)


def test_films_header_options_filled_and_checked():
    eq(G.make_setup(PLAYERS, {}, {})["options"], {"rounds": 8, "best_of": 1, "bids": "private"})
    eq(setup(10, 3, "open")["options"], {"rounds": 10, "best_of": 3, "bids": "open"})
    bad = [
        ({"rounds": 9}, "rounds: 8 or 10"),
        ({"rounds": 8.0}, "rounds: 8 or 10"),
        ({"rounds": True}, "rounds: 8 or 10"),
        ({"best_of": 2}, "best_of: 1 or 3"),
        ({"bids": "secret"}, "bids: private or open"),
        ({"deck": 18}, "unknown option deck"),
    ]
    for opts, msg in bad:
        eq(str(raises(RuleError, G.make_setup, PLAYERS, opts, {})), msg)
    eq(str(raises(RuleError, G.make_setup, PLAYERS[:1], {}, {})), "2 players")
    eq(str(raises(RuleError, G.make_setup, PLAYERS * 2, {}, {})), "2 players")
    eq(str(raises(RuleError, G.make_setup, PLAYERS, {}, {"cards": 18})), "Films needs no components")
    # a header read from a record is checked the same way
    eq(str(raises(RuleError, G.new, {"players": PLAYERS, "options": {"rounds": 12}})), "rounds: 8 or 10")


def test_films_game_and_match_a_game_begins_with_the_vip():
    s = G.new(setup())
    eq(G.expects(s)[0].kind, "game")
    refused(s, "0 bid 3", "no game in play")
    s = G.apply(s, {"t": "game", "vip": 1})
    eq((s["vip"], s["rd"], G.public_view(s)["hand"]), (1, 1, [3, 3]))
    refused(s, {"t": "game", "vip": 0}, "a game is in play")
    refused(s, {"t": "game", "vip": 2}, "a game is in play")
    refused(G.new(setup()), {"t": "game", "vip": 2}, "no such player")


def test_films_game_and_match_eight_rounds_one_game():
    s = quiet(start(), 7)
    assert not G.is_over(s)
    eq(G.public_view(s)["round"], 8)
    s = quiet(s)
    assert G.is_over(s)
    eq([len(r) for r in s["rows"]], [8, 8])
    eq(G.scores(s), [9, 8])  # eight Tickets 1 each, the VIP to Ana
    refused(s, "0 bid 1", "the match is over")
    refused(s, {"t": "game", "vip": 0}, "the match is over")


def test_films_game_and_match_ten_rounds():
    s = start(rounds=10)
    for r in range(1, 11):
        eq(G.public_view(s)["round"], r)
        s = quiet(s, first=r % 2)
    assert G.is_over(s)
    eq([len(r) for r in s["rows"]], [10, 10])
    eq(s["past"], [[11, 10]])


def test_films_game_and_match_best_of_three_won_2_1():
    s = start(vip=0, best_of=3)
    s = quiet(s, 8)  # Ana keeps the VIP (no tie): 9-8
    eq((G.is_over(s), s["wins"], G.scores(s)), (False, [1, 0], [1, 0]))
    eq(G.expects(s)[0].kind, "game")
    refused(s, "0 bid 1", "no game in play")
    s = play(s, "1 game")
    eq((s["rows"], s["vip"], s["rd"]), ([[], []], 1, 1))
    s = quiet(s, 8)
    eq((s["wins"], G.scores(s), G.tiebreak(s)), ([1, 1], [1, 1], [0, 0]))
    # level in an unfinished match: seat order
    eq([x["name"] for x in G.standings(s)], ["Ana", "Bo"])
    eq([x["rank"] for x in G.standings(s)], [1, 1])
    s = quiet(play(s, "0 game"), 8)
    assert G.is_over(s)
    eq((s["past"], s["wins"], G.scores(s)), ([[9, 8], [8, 9], [9, 8]], [2, 1], [2, 1]))
    eq([(x["name"], x["score"], x["rank"]) for x in G.standings(s)], [("Ana", 2, 1), ("Bo", 1, 2)])
    refused(s, {"t": "game", "vip": 0}, "the match is over")


def test_films_game_and_match_best_of_three_ends_at_two_wins():
    s = quiet(play(quiet(start(vip=1, best_of=3), 8), "1 game"), 8)
    assert G.is_over(s)
    eq(s["wins"], [0, 2])


def test_films_scores_in_play_are_the_rows_now():
    s = play(start(), "0 bid 1; 1 bid 2; 0 award; 1 tickets2")
    eq((G.scores(s), G.tiebreak(s)), ([3, 2], [1, 0]))
    eq(G.scores(G.new(setup())), [0, 0])


def test_films_bids_never_on_the_shared_screen():
    s = start()
    a = play(s, "0 bid 3")
    b = play(s, "0 bid 9")
    eq(json.dumps(G.public_view(a)), json.dumps(G.public_view(b)))
    eq(G.public_view(a)["have_bid"], [0])
    eq(G.private_view(a, 0)["my_bid"], 3)
    eq(G.private_view(a, 1)["my_bid"], None)
    eq(G.private_view(b, 0)["my_bid"], 9)
    exp = G.expects(a)[0]
    eq((exp.kind, exp.who, exp.private), ("bid", [1], True))
    # once both are in, both show
    c = play(a, "1 bid 5")
    eq(G.public_view(c)["last"], [3, 5, 0, 0])
    eq(G.private_view(c, 0)["my_bid"], None)


def test_films_open_bids_are_typed_on_the_shared_screen():
    s = play(start(bids="open"), "1 bid 4")
    eq(G.public_view(s)["bids"], [None, 4])
    eq(G.expects(s)[0].private, False)


def test_films_undo_unit_is_a_revealed_round_and_what_came_between():
    acts = [{"t": "game", "vip": 0}, {"t": "bid", "p": 0, "weeks": 3}]
    eq(G.undo_depth([]), 0)
    eq(G.undo_depth(acts), 1)  # one bid, not revealed
    acts.append({"t": "protect", "p": 0, "pos": [1]})
    eq(G.undo_depth(acts), 1)
    acts.append({"t": "script", "p": 1, "pos": 0, "half": "shooting"})
    acts.append({"t": "hit", "p": 1, "pos": 2})
    acts.append({"t": "bid", "p": 1, "weeks": 6})
    eq(G.undo_depth(acts), 5)  # both bids and the three between them
    acts.append({"t": "place", "p": 0, "half": "award"})
    eq(G.undo_depth(acts), 1)
    # the next round's first bid stands alone; its second one reaches back to it only
    acts += [{"t": "place", "p": 1, "half": "award"}, {"t": "bid", "p": 1, "weeks": 1}]
    eq(G.undo_depth(acts), 1)
    acts.append({"t": "bid", "p": 0, "weeks": 2})
    eq(G.undo_depth(acts), 2)


def test_films_whole_numbers_only():
    s = start()
    refused(s, {"t": "bid", "p": 0, "weeks": 3.0}, "weeks 0-20")
    refused(s, {"t": "bid", "p": 0.0, "weeks": 3}, "bad p")
    refused(s, {"t": "bid", "p": True, "weeks": 3}, "bad p")
    refused(s, {"t": "bid", "p": 2, "weeks": 3}, "no such player")
    refused(s, {"t": "dance", "p": 0}, "unknown action")
