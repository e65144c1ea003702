"""Show Manager rules 2, 3, 5 and 8: a turn's fixed order, the hire, the hand
limit, and a player's last production; expects() and undo after the end."""

from portable import eq
from show_manager_kit import (
    BALLET,
    LEAR,
    QUEENIE,
    WOLF,
    G,
    game,
    hire,
    hire_round,
    hires,
    loan,
    play_out,
    refused,
    run,
    show,
)


def _wolf_on_board(n=4):
    """Player 0 has Wolf in Koeln and it is player 0's turn again."""
    s = hires(game(n), 3 * n)
    s = show(s, WOLF, [5, 5, 5], 0)
    return hires(s, n)


# -- rule 2: a turn, in this fixed order ---------------------------------------
def test_sm_turn_order_loan_refreshes_hire():
    s = hires(_wolf_on_board(), 2 * 4)  # player 0 holds 3 cards: no show possible
    eq(s["hand"][0], 3)
    s = loan(s, WOLF, 3)
    eq(G.public_view(s)["step"], "loan")
    s = G.apply(s, {"t": "refresh", "p": 0})
    s = G.apply(s, {"t": "refresh", "p": 0})
    eq(G.public_view(s)["step"], "refresh")
    s = hire(s, 1)
    eq(s["turn"], 1)
    eq(s["money"][0], 18000 + 3000 - 4000 - 1000)


def test_sm_turn_loan_then_show_then_hire():
    s = hires(_wolf_on_board(), 3 * 4)  # player 0 holds 4 cards
    s = loan(s, WOLF, 2)
    s = show(s, QUEENIE, [2, 2, 2, 2], 1)
    eq(G.public_view(s)["step"], "show")
    s = G.apply(s, {"t": "refresh", "p": 0})
    s = hire(s)
    eq((s["turn"], s["hand"][0]), (1, 1))


def test_sm_turn_nothing_goes_back():
    s = hires(_wolf_on_board(), 3 * 4)
    shown = show(s, QUEENIE, [2, 2, 2, 2], 1)
    refused(shown, {"t": "loan", "p": 0, "title": WOLF, "amount": 1}, "borrow first in a turn")
    fresh = G.apply(s, {"t": "refresh", "p": 0})
    refused(fresh, {"t": "loan", "p": 0, "title": WOLF, "amount": 1}, "borrow first in a turn")
    refused(
        fresh, {"t": "produce", "p": 0, "title": QUEENIE, "roles": [2, 2, 2, 2], "city": 1}, "no show after a refresh"
    )
    lent = loan(s, WOLF, 1)
    refused(lent, {"t": "loan", "p": 0, "title": WOLF, "amount": 1}, "one loan a turn")
    refused(shown, {"t": "produce", "p": 0, "title": LEAR, "roles": [1, 1, 1, 1, 1], "city": 2}, "one show a turn")


def test_sm_turn_expects_names_the_player_and_the_steps_left():
    s = hires(_wolf_on_board(), 3 * 4)
    kinds = [(e.kind, e.who) for e in G.expects(s)]
    eq(kinds, [("loan", [0]), ("show", [0]), ("refresh", [0]), ("hire", [0])])
    s = loan(s, WOLF, 1)
    eq([e.kind for e in G.expects(s)], ["show", "refresh", "hire"])
    s = G.apply(s, {"t": "refresh", "p": 0})
    eq([e.kind for e in G.expects(s)], ["refresh", "hire"])
    s = hire(s)
    eq([e.kind for e in G.expects(s)], ["show", "refresh", "hire"])  # player 1: 7 cards, nothing to borrow on
    eq(G.expects(s)[0].who, [1])
    assert not any(e.private for e in G.expects(s))


def test_sm_turn_expects_never_looks_at_money():
    s = game(4, money=0)
    eq([e.kind for e in G.expects(s)], ["refresh", "hire"])  # listed, refused when entered
    refused(s, {"t": "refresh", "p": 0}, "not enough money")


# -- rule 3: hire --------------------------------------------------------------
def test_sm_hire_pays_the_space_and_adds_a_card():
    s = game(4)
    for pos, cost in ((0, 0), (1, 1000), (2, 2000), (3, 3000)):
        p = s["turn"]
        s = hire(s, pos)
        eq(s["money"][p], 18000 - cost)
        eq(s["hand"][p], 1)


def test_sm_hire_money_never_below_zero():
    s = game(4, money=2500)
    refused(s, {"t": "hire", "p": 0, "pos": 3}, "not enough money")
    s = hire(s, 2)
    eq(s["money"][0], 500)
    s = hires(s, 3)
    refused(s, {"t": "hire", "p": 0, "pos": 1}, "not enough money")
    s = hire(s, 0)  # the free space is always possible
    eq((s["money"][0], s["hand"][0]), (500, 2))


def test_sm_hire_ends_the_turn():
    s = hire(game(3, first=1))
    eq((s["turn"], s["did"]), (2, 0))


# -- rule 5: the hand limit -----------------------------------------------------
def test_sm_hand_limit_biggest_musical_plus_two():
    s = hires(game(4), 8 * 4)
    eq(s["hand"], [8] * 4)
    eq(G.public_view(s)["limits"], [8] * 4)
    refused(s, {"t": "hire", "p": 0, "pos": 0}, "hand full: put on a show first")
    refused(s, {"t": "refresh", "p": 0}, "hand full: put on a show first")
    eq([e.kind for e in G.expects(s)], ["show"])
    s = show(s, BALLET, [0, 0, 0, 0, 0, 0], 0)  # miscasts are legal: a player at the limit can always produce
    eq(s["hand"][0], 2)
    eq(G.public_view(s)["limits"][0], 5 + 2)


def _three_shows_then(s):
    """Player 0 (4 players) puts on Wolf, Queenie, King Lear with exactly
    their cards; the others play on. Player 0's turn, only Ballet left."""
    s = hires(s, 3 * 4)
    for t, roles in ((WOLF, 3), (QUEENIE, 4), (LEAR, 5)):
        eq(s["hand"][0], roles)
        s = show(s, t, [1] * roles)
        s = hire_round(s, roles + 1 if t != LEAR else 1)
    return s


def test_sm_hand_limit_last_chip_plus_one():
    s = _three_shows_then(game(4))
    eq(s["left"][0], [0, 0, 0, 1])
    eq(G.public_view(s)["limits"][0], 6 + 1)


def test_sm_hand_limit_refuses_a_hire_then_a_last_production_leaves_one():
    # with only Ballet left, player 0 hires up to 7 cards: the next hire is
    # refused, and Ballet (6 roles) is put on keeping 1 card
    s = _three_shows_then(game(4))
    s = hire_round(s, 7 - s["hand"][0])
    eq((s["turn"], s["hand"][0]), (0, 7))
    refused(s, {"t": "hire", "p": 0, "pos": 0}, "hand full: put on a show first")
    refused(s, {"t": "refresh", "p": 0}, "hand full: put on a show first")
    s = show(s, BALLET, [2, 2, 2, 2, 2, 2])
    eq(s["hand"][0], 1)
    eq(s["left"][0], [0, 0, 0, 0])
    eq(s["turn"], -1)  # the last production ended the turn, here the game: the others were done


# -- rule 8: a player's last production -------------------------------------------
def test_sm_last_production_ends_the_turn_without_a_hire():
    s = hires(game(6, first=5), 3 * 6)
    s = show(s, WOLF, [3, 3, 3], 0)
    eq(s["turn"], 5)  # not the last chip: the turn goes on to the hire
    s = play_out(s, until=lambda x: sum(x["left"][5]) == 1 and x["turn"] == 5 and x["hand"][5] == 6)
    s = show(s, BALLET, [3, 3, 3, 3, 3, 3])
    eq((s["turn"], s["did"], s["hand"][5]), (0, 0, 0))


def test_sm_finished_player_skipped():
    # 2 players: A (first) finishes her 8 chips while B still has some
    s = game(2)
    s = play_out(s, until=lambda x: not sum(x["left"][0]))
    assert sum(s["left"][1]) > 0 and not G.is_over(s)
    eq(s["turn"], 1)
    s = hire(s)
    eq(s["turn"], 1)  # A is skipped
    refused(s, {"t": "hire", "p": 0, "pos": 0}, "not your turn")


def test_sm_game_ends_when_the_last_chip_is_placed():
    for n in range(2, 7):
        s = play_out(game(n))
        eq(G.is_over(s), True)
        eq(s["turn"], -1)
        eq(len(s["chips"]), 24)
        eq([len(r) for r in s["rank"]], [6, 6, 6, 6])
        refused(s, {"t": "hire", "p": 0, "pos": 0}, "the game is over")


def test_sm_undo_after_the_end_takes_back_the_last_action():
    from fakes import MemStorage
    from usher.core.match import Match

    m = Match.start(
        MemStorage(), "sm", G, G.make_setup([{"name": "A", "colour": 0}, {"name": "B", "colour": 1}], {}, {})
    )
    last = None
    while not m.is_over():
        last = _next_move(m.state)
        m.submit(last)
    m.undo()
    eq(m.is_over(), False)
    eq(G.expects(m.state)[0].who, [last["p"]])
    m.submit(last)
    eq(m.is_over(), True)


def _next_move(s):
    """The move play_out would make next."""
    from usher.games.show_manager.rules import producible

    p = s["turn"]
    if s["did"] == 0:
        ok = producible(s, p)
        if ok:
            t = ok[0]
            a = {"t": "produce", "p": p, "title": t, "roles": [5] * s["titles"][t][1]}
            if s["at"][t] < 0:
                a["city"] = [c for c in range(len(s["cities"])) if c not in s["at"]][0]
            return a
    return {"t": "hire", "p": p, "pos": 0}


def test_sm_run_helper_applies_in_order():
    s = run(game(2), {"t": "hire", "p": 0, "pos": 0}, {"t": "hire", "p": 1, "pos": 1})
    eq(s["money"], [36000, 35000])
