"""Director's Cut: everyone keeps the same 12 persons, and a Linda or Louis
that is the last card in hand and has no legal seat is discarded."""

from portable import eq, raises
from showtime_kit import G, action, at, game, legal_places, place, setup
from usher.core.data import dumps
from usher.core.errors import RuleError
from usher.games.showtime.game import GENRES, to_move

CUT = [1, 2, 3, 4, 5, 7, 8, 9, 10, 12, 13, 14]  # no Ken, Sophie, Nino, Norbert
ROW_MAJOR = [(r, s) for r in (1, 2) for s in (1, 2, 3, 4)]
LAST_PREFS = [(2, 1), (2, 2), (2, 3), (2, 4), (1, 4), (1, 1)]


def free_seat(s, card, prefs):
    """The first preferred free seat where `card` may sit."""
    ok = [(a["row"], a["seat"]) for a in legal_places(s) if a["card"] == card and "to" not in a]
    for rs in prefs:
        if rs in ok:
            return rs
    raise AssertionError("no seat for %d" % card)


def play_until_stuck():
    """Player 0 keeps Louis for last; player 1 keeps Linda and Louis for the
    third screening and seats them as a pair at (1,2)-(1,3). Fillers take row 2
    first, so when player 0 is down to Louis every free seat is beside the pair."""
    s = G.new(setup(2, first=0, cut=CUT))
    plan0 = [1, 2, 3, 4, 5, 7, 8, 10, 12, 13, 14]
    early1 = [1, 2, 3, 4, 5, 7, 10, 12]
    late1 = [(8, (1, 2)), (9, (1, 3)), (13, None), (14, None)]
    while True:
        if s["phase"] == "poster":
            s = G.apply(s, {"t": "poster", "genre": GENRES[s["screening"]]})
            continue
        p = to_move(s)
        third = s["screening"] == 3
        prefs = LAST_PREFS if third else ROW_MAJOR
        if p == 0:
            if not plan0:
                return s
            card = plan0.pop(0)
            seat = free_seat(s, card, prefs)
        elif not third:
            card = early1.pop(0)
            seat = free_seat(s, card, prefs)
        else:
            card, seat = late1.pop(0)
            if seat is None:
                seat = free_seat(s, card, prefs)
        s = place(s, card, seat[0], seat[1])


def test_cut_needs_twelve_different_cards():
    for bad in ([1] * 12, CUT[:11], CUT + [16], [0] + CUT[1:], [17] + CUT[1:]):
        raises(RuleError, G.make_setup, [{"name": "A"}, {"name": "B"}], {"cut": bad}, {})
    s = G.make_setup([{"name": "A"}, {"name": "B"}], {"cut": list(reversed(CUT))}, {})
    eq(s["options"]["cut"], CUT)


def test_only_the_chosen_twelve_may_be_played():
    s = game(cut=CUT)
    e = raises(RuleError, G.apply, s, action(s, 6, 1, 1))
    eq(str(e), "not in Director's Cut")
    eq(at(place(s, 13, 1, 1), 1, 1), [0, 13])
    eq(sorted(set(a["card"] for a in legal_places(s))), CUT)


def test_discard_exists_only_in_directors_cut():
    s = game()
    e = raises(RuleError, G.apply, s, {"t": "discard", "p": 0, "card": 8})
    eq(str(e), "only in Director's Cut")


def test_discard_refused_while_other_cards_remain():
    s = game(cut=CUT)
    e = raises(RuleError, G.apply, s, {"t": "discard", "p": 0, "card": 8})
    eq(str(e), "discard only when stuck")


def test_a_linda_or_louis_left_without_a_legal_seat_is_discarded():
    s = play_until_stuck()
    eq(s["screening"], 3)
    eq(to_move(s), 0)
    remaining = [c for c in CUT if c not in s["used"][0]]
    eq(remaining, [9])
    eq(legal_places(s), [])
    # every free seat is beside player 1's pair
    free = [(r, c) for r in (1, 2) for c in (1, 2, 3, 4) if at(s, r, c) is None]
    assert free and set(free) <= {(1, 1), (1, 4)}, free
    for r, c in free:
        e = raises(RuleError, G.apply, s, action(s, 9, r, c))
        eq(str(e), "Linda/Louis pair full")
    kinds = [x.kind for x in G.expects(s)]
    eq(kinds, ["place", "discard"])
    s2 = G.apply(s, {"t": "discard", "p": 0, "card": 9})
    eq(s2["used"][0][-1], 9)
    eq(s2["last"], {"t": "discard", "p": 0, "card": 9})


def test_a_discard_is_refused_for_another_card_or_player():
    s = play_until_stuck()
    before = dumps(s)
    for bad, msg in (
        ({"t": "discard", "p": 1, "card": 9}, "not your turn"),
        ({"t": "discard", "p": 0, "card": 8}, "person 8 already played"),
        ({"t": "discard", "p": 0, "card": 6}, "not in Director's Cut"),
    ):
        eq(str(raises(RuleError, G.apply, s, bad)), msg)
    eq(dumps(s), before)


def test_the_screening_ends_when_everyone_has_played_or_discarded():
    s = play_until_stuck()
    s = G.apply(s, {"t": "discard", "p": 0, "card": 9})
    while s["phase"] == "place":
        p = to_move(s)
        eq(p, 1)
        s = G.apply(s, legal_places(s)[0])
    eq(s["phase"], "over")
    assert G.is_over(s)
    eq(sum(1 for v in s["seats"] if v is None), 1)  # the discarded Louis's seat stays empty
    eq(len(s["steps"]), 2 * 7)
    eq([len(u) for u in s["used"]], [12, 12])
