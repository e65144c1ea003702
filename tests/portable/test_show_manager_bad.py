"""Show Manager bad input: one test per kind of bad move, each refused
with its short reason and the state unchanged; then the order when two apply
(the first row wins) and malformed fields."""

from portable import eq
from show_manager_kit import BALLET, QUEENIE, WOLF, G, game, hires, loan, play_out, refused, show


def _dealt(n=4, k=3, **comps):
    return hires(game(n, **comps), k * n)


def _wolf_18():
    """4 players, A's Wolf 18 in Koeln, A to play with 1 card."""
    return hires(show(_dealt(), WOLF, [5, 6, 4], 0), 4)


def _produce(p, t, roles, city=None):
    a = {"t": "produce", "p": p, "title": t, "roles": roles}
    if city is not None:
        a["city"] = city
    return a


def test_sm_bad_not_your_turn():
    s = game(4)
    for a in (
        {"t": "hire", "p": 1, "pos": 0},
        {"t": "refresh", "p": 2},
        {"t": "loan", "p": 3, "title": 0, "amount": 1},
        _produce(1, WOLF, [1, 1, 1], 0),
        {"t": "hire", "p": 9, "pos": 0},
    ):
        assert refused(s, a, "not your turn")


def test_sm_bad_the_game_is_over():
    s = play_out(game(3))
    for p in range(3):
        assert refused(s, {"t": "hire", "p": p, "pos": 0}, "the game is over")
        refused(s, {"t": "loan", "p": p, "title": WOLF, "amount": 1}, "the game is over")


def test_sm_bad_not_enough_money():
    s = game(4, money=1500)
    assert refused(s, {"t": "refresh", "p": 0}, "not enough money")
    refused(s, {"t": "hire", "p": 0, "pos": 2}, "not enough money")
    s = G.apply(s, {"t": "hire", "p": 0, "pos": 1})
    eq(s["money"][0], 500)


def test_sm_bad_hire_space():
    s = game(4)
    for pos in (-1, 4, 1.5, "0", None, True):
        refused(s, {"t": "hire", "p": 0, "pos": pos}, "space 0-3")
    assert refused(s, {"t": "hire", "p": 0}, "space 0-3")


def test_sm_bad_hand_full():
    s = _dealt(k=8)
    assert refused(s, {"t": "hire", "p": 0, "pos": 0}, "hand full: put on a show first")
    refused(s, {"t": "refresh", "p": 0}, "hand full: put on a show first")


def test_sm_bad_borrow_first_or_once():
    s = hires(_wolf_18(), 12)  # A: 4 cards
    shown = show(s, QUEENIE, [1, 1, 1, 1], 1)
    assert refused(shown, {"t": "loan", "p": 0, "title": WOLF, "amount": 1}, "borrow first in a turn")
    fresh = G.apply(s, {"t": "refresh", "p": 0})
    refused(fresh, {"t": "loan", "p": 0, "title": WOLF, "amount": 1}, "borrow first in a turn")
    lent = loan(s, WOLF, 1)
    refused(lent, {"t": "loan", "p": 0, "title": WOLF, "amount": 1}, "one loan a turn")
    refused(show(lent, QUEENIE, [1, 1, 1, 1], 1), {"t": "loan", "p": 0, "title": WOLF, "amount": 1}, "one loan a turn")


def test_sm_bad_no_such_production():
    s = _wolf_18()
    assert refused(s, {"t": "loan", "p": 0, "title": QUEENIE, "amount": 1}, "no such production")
    refused(s, {"t": "loan", "p": 0, "title": WOLF, "copy": 1, "amount": 1}, "no such production")
    refused(s, {"t": "loan", "p": 0, "title": WOLF, "copy": -1, "amount": 1}, "no such production")
    refused(s, {"t": "loan", "p": 0, "title": WOLF, "copy": "0", "amount": 1}, "no such production")
    refused(game(4), {"t": "loan", "p": 0, "title": WOLF, "amount": 1}, "no such production")


def test_sm_bad_already_borrowed():
    s = hires(loan(_wolf_18(), WOLF, 1), 4)
    assert refused(s, {"t": "loan", "p": 0, "title": WOLF, "amount": 1}, "already borrowed on Wolf")


def test_sm_bad_borrow_amount():
    s = _wolf_18()
    for amount in (0, 11, -1, 2.5, "3", True, None):
        refused(s, {"t": "loan", "p": 0, "title": WOLF, "amount": amount}, "borrow 1-10")
    assert refused(s, {"t": "loan", "p": 0, "title": WOLF}, "borrow 1-10")


def test_sm_bad_worth_only():
    s = hires(show(_dealt(), WOLF, [2, 2, 0], 0), 4)  # 4, a miscast
    assert refused(s, {"t": "loan", "p": 0, "title": WOLF, "amount": 5}, "worth only 4")


def test_sm_bad_six_shows_stand():
    s = play_out(game(4), until=lambda x: len(x["rank"][WOLF]) == 6)
    assert refused(s, {"t": "loan", "p": s["turn"], "title": WOLF, "amount": 1}, "6 shows stand: no loan")


def test_sm_bad_show_after_refresh_or_twice():
    s = _dealt(k=4)
    fresh = G.apply(s, {"t": "refresh", "p": 0})
    assert refused(fresh, _produce(0, WOLF, [1, 1, 1], 0), "no show after a refresh")
    shown = show(s, WOLF, [1, 1, 1], 0)
    refused(shown, _produce(0, QUEENIE, [1], 1), "one show a turn")
    refused(G.apply(shown, {"t": "refresh", "p": 0}), _produce(0, QUEENIE, [1], 1), "no show after a refresh")


def test_sm_bad_all_chips_placed():
    s = hires(_wolf_18(), 8)  # A: 3 cards, no Wolf chip left
    assert refused(s, _produce(0, WOLF, [1, 1, 1]), "all Wolf chips placed")


def test_sm_bad_role_count():
    s = _dealt()
    for roles in ([1, 1], [1, 1, 1, 1], [], None, "111", 3):
        assert refused(s, _produce(0, WOLF, roles, 0), "Wolf has 3 roles")


def test_sm_bad_talent():
    s = _dealt()
    for x in (10, -1, 1.5, "1", None, True):
        assert refused(s, _produce(0, WOLF, [1, x, 1], 0), "talent 0-9")


def test_sm_bad_too_few_cards():
    s = _dealt(k=2)
    assert refused(s, _produce(0, WOLF, [1, 1, 1], 0), "only 2 cards in hand")
    refused(s, _produce(0, BALLET, [1, 1, 1, 1, 1, 1], 0), "only 2 cards in hand")
    s = game(4)
    refused(s, _produce(0, WOLF, [1, 1, 1], 0), "only 0 cards in hand")
    refused(hires(s, 4), _produce(0, WOLF, [1, 1, 1], 0), "only 1 card in hand")


def test_sm_bad_would_keep_too_many():
    s = _dealt(k=6)
    assert refused(s, _produce(0, WOLF, [1, 1, 1], 0), "would keep 3 cards (max 2)")


def test_sm_bad_premiere_city():
    s = show(_dealt(k=4), WOLF, [1, 1, 1], 0)
    s = G.apply(s, {"t": "hire", "p": 0, "pos": 0})
    assert refused(s, _produce(1, QUEENIE, [1, 1, 1, 1]), "choose a city")
    refused(s, _produce(1, QUEENIE, [1, 1, 1, 1], 0), "Koeln shows Wolf")


def test_sm_bad_later_city():
    s = show(_dealt(), WOLF, [1, 1, 1], 0)
    s = G.apply(s, {"t": "hire", "p": 0, "pos": 0})
    assert refused(s, _produce(1, WOLF, [1, 1, 1], 3), "Wolf plays in Koeln")


def test_sm_bad_no_such_musical_or_city():
    s = _dealt()
    for t in (4, -1, "0", None, True):
        refused(s, _produce(0, t, [1, 1, 1], 0), "no such musical")
        refused(s, {"t": "loan", "p": 0, "title": t, "amount": 1}, "no such musical")
    for c in (4, -1, "0", True):
        refused(s, _produce(0, WOLF, [1, 1, 1], c), "no such city")
    s = G.apply(show(s, WOLF, [1, 1, 1], 0), {"t": "hire", "p": 0, "pos": 0})
    assert refused(s, _produce(1, WOLF, [1, 1, 1], 9), "no such city")


def test_sm_bad_unknown_or_malformed_action():
    s = game(4)
    assert refused(s, {"t": "discard", "p": 0}, "unknown action")
    refused(s, {"t": "hire", "pos": 0}, "missing p")
    refused(s, {"t": "hire", "p": "0", "pos": 0}, "bad p")
    refused(s, {"p": 0}, "bad action")


# -- when two apply, the first row of the table wins -------------------------------
def test_sm_bad_order_turn_before_everything():
    s = game(4, money=0)
    assert refused(s, {"t": "hire", "p": 1, "pos": 3}, "not your turn")
    refused(s, {"t": "hire", "p": 1, "pos": 7}, "not your turn")


def test_sm_bad_order_money_before_hand_full():
    s = _dealt(k=8, money=0)
    assert refused(s, {"t": "refresh", "p": 0}, "not enough money")
    refused(s, {"t": "hire", "p": 0, "pos": 1}, "not enough money")
    refused(s, {"t": "hire", "p": 0, "pos": 0}, "hand full: put on a show first")


def test_sm_bad_order_within_a_loan():
    s = hires(_wolf_18(), 12)  # A: 4 cards
    assert refused(
        show(s, QUEENIE, [1, 1, 1, 1], 1), {"t": "loan", "p": 0, "title": BALLET, "amount": 1}, "borrow first in a turn"
    )
    refused(s, {"t": "loan", "p": 0, "title": BALLET, "amount": 0}, "no such production")
    lent = hires(loan(s, WOLF, 1), 4)
    refused(lent, {"t": "loan", "p": 0, "title": WOLF, "amount": 0}, "already borrowed on Wolf")
    cheap = hires(show(_dealt(), WOLF, [2, 2, 0], 0), 4)  # worth 4
    refused(cheap, {"t": "loan", "p": 0, "title": WOLF, "amount": 11}, "borrow 1-10")
    full = play_out(game(4), talent=1, until=lambda x: len(x["rank"][WOLF]) == 6)  # every Wolf worth 6
    refused(full, {"t": "loan", "p": full["turn"], "title": WOLF, "amount": 7}, "worth only 6")
    refused(full, {"t": "loan", "p": full["turn"], "title": WOLF, "amount": 11}, "borrow 1-10")


def test_sm_bad_order_within_a_production():
    s = hires(_wolf_18(), 8)  # A: 3 cards, her Wolf placed
    fresh = G.apply(s, {"t": "refresh", "p": 0})
    assert refused(fresh, _produce(0, WOLF, [1]), "no show after a refresh")
    refused(s, _produce(0, WOLF, [1]), "all Wolf chips placed")
    refused(s, _produce(0, QUEENIE, [10, 10]), "Queenie has 4 roles")
    refused(game(4), _produce(0, WOLF, [10, 1, 1]), "talent 0-9")
    refused(_dealt(k=6), _produce(0, WOLF, [1, 1, 1]), "would keep 3 cards (max 2)")
    refused(_dealt(k=2), _produce(0, WOLF, [1, 1, 1], 9), "only 2 cards in hand")
