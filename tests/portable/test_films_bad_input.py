"""Films: each kind of bad input (a bid above what a player holds, a card
placed out of turn, a half that does not exist, ...), refused with its short
reason and the state unchanged."""

from films_kit import G, play, quiet, refused, setup, start

R1 = "0 bid 1; 1 bid 2; "  # Ana chooses first


def test_films_bad_no_game_in_play_or_the_match_is_over():
    s = G.new(setup())
    for clause in ("0 bid 3", "0 award", "0 protect 1", "0 turn 0 award", "0 hit 0", "0 swap -"):
        refused(s, clause, "no game in play")
    s = quiet(start(), 8)
    for clause in ("0 bid 3", "0 award", "0 game", "0 hit 0"):
        refused(s, clause, "the match is over")
    s = quiet(start(best_of=3), 8)  # between the games of a match
    assert refused(s, "0 bid 3", "no game in play")


def test_films_bad_already_bid_or_not_the_bidding():
    s = play(start(), "1 bid 3")
    assert refused(s, "1 bid 4", "already bid")
    s = play(s, "0 bid 4")
    refused(s, "0 bid 4", "not the bidding")
    refused(s, "1 bid 4", "not the bidding")


def test_films_bad_weeks():
    from usher.games.films.rows import MAX_WEEKS

    said = "weeks 0-%d" % MAX_WEEKS
    s = start()
    for w in (-1, MAX_WEEKS + 1, 99, 2.0, "3", None, True):
        refused(s, {"t": "bid", "p": 0, "weeks": w}, said)
    assert refused(s, {"t": "bid", "p": 0}, said)
    play(s, "0 bid 0; 1 bid %d" % MAX_WEEKS)


def test_films_bad_placement_by_the_wrong_player_or_before_the_reveal():
    s = start()
    assert refused(s, "0 award", "not the placing")
    s = play(s, "0 bid 1")
    refused(s, "0 award", "not the placing")
    s = play(s, "1 bid 0")
    refused(s, "0 award", "Bo places now")
    s = play(s, "1 award")
    refused(s, "1 award", "Ana places now")


def test_films_bad_unknown_half():
    s = play(start(), R1)
    for h in ("studio", "Director", "", 3, None):
        refused(s, {"t": "place", "p": 0, "half": h}, "unknown half")
    assert refused(s, {"t": "place", "p": 0}, "unknown half")
    refused(s, {"t": "place", "p": 0, "half": "award", "under": "villain"}, "unknown half")


def test_films_bad_a_top_that_repeats():
    s = play(start(), R1 + "0 director; 1 award; " + R1)
    assert refused(s, "0 director", "Director already there: turn it over")
    refused(s, "0 director award", "Director already there: turn it over")  # Award would not repeat


def test_films_bad_one_studio_a_row():
    s = play(start(), R1 + "0 studio3; 1 award; " + R1 + "0 director; 1 award; " + R1)
    assert refused(s, "0 studio3", "one Studio a row")
    refused(s, "0 studio2", "one Studio a row")
    refused(s, "0 studio2 director", "one Studio a row")  # even when both sides repeat


def test_films_bad_finish_the_effect_first():
    s = play(start(), R1 + "0 award; 1 shooting")  # Bo owes a hit
    for clause in ("0 bid 1", "1 bid 1", "0 award", "0 hit 0", "1 swap -", "0 protect 0", "0 turn 0 award"):
        assert refused(s, clause, "finish the effect first")
    s = play(start(), R1 + "0 editor")  # Ana owes a swap (or none)
    for clause in ("1 award", "0 bid 1", "1 hit 0", "1 swap -"):
        refused(s, clause, "finish the effect first")


def test_films_bad_hit_on_a_protected_card_or_no_card():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 studio2; 0 protect 1; 1 shooting")
    assert refused(s, "1 hit 0", "that card is protected")
    refused(s, "1 hit 2", "no such card")
    refused(s, "1 hit -1", "no such card")
    refused(s, {"t": "hit", "p": 1, "pos": 1.0}, "bad pos")
    play(s, "1 hit 1")


def test_films_bad_protect():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 producer; 1 award")
    assert refused(s, "0 protect 0", "no Studio")
    s = play(s, R1 + "0 award; 1 award; " + R1 + "0 studio2")
    refused(s, "1 protect 0", "no Studio")
    refused(s, "0 protect 0", "not a card that can move")  # the Studio
    refused(s, "0 protect 1 2 3", "room for 2 more")
    s = play(s, "0 protect 1")
    refused(s, "0 protect 0", "not a card that can move")  # protected already
    refused(s, "0 protect 2 3", "room for 1 more")
    refused(s, {"t": "protect", "p": 0, "pos": []}, "bad pos")
    refused(s, {"t": "protect", "p": 0, "pos": 2}, "bad pos")


def test_films_bad_scriptwriter():
    # used in its own round
    s = play(start(), R1 + "0 scriptwriter")
    assert refused(s, "0 turn 0 award", "no Scriptwriter ready")
    # a second time
    s = play(s, "1 award; " + R1 + "0 award; 1 award")
    refused(play(s, "0 turn 1 director"), "0 turn 1 producer", "used already")
    # after the reveal
    refused(play(s, R1), "0 turn 1 director", "only before the reveal")
    # by the player who held the VIP when the round began, after the other one
    s = play(start(vip=1), R1 + "0 scriptwriter; 1 scriptwriter; " + R1 + "0 award; 1 award")
    refused(play(s, "0 turn 1 press"), "1 turn 0 award", "the VIP holder goes first")
    # a Studio with cards behind it
    s = play(start(), R1 + "0 scriptwriter; 1 award; " + R1 + "0 studio3; 0 protect 1; 1 award")
    refused(s, "0 turn 1 award", "cards left of the Studio: no turning")
    # to a repeating half
    s = play(start(), R1 + "0 scriptwriter; 1 award; " + R1 + "0 director; 1 award")
    refused(s, "0 turn 0 director", "Director already there")
    refused(s, "0 turn 1 scriptwriter", "Scriptwriter already there")
    # to a half contradicting the one known to be on the other side
    s = play(start(), R1 + "0 scriptwriter; 1 award; " + R1 + "0 producer; 1 award")
    s = play(s, "0 turn 0 award; " + R1 + "0 scriptwriter; 1 award; " + R1 + "0 tickets1; 1 award")
    refused(s, "0 turn 0 director", "the other side shows Scriptwriter")
