"""Films, rules 8 (Scriptwriter) and 9 (Editor)."""

from films_kit import G, expected, guarded, kinds, play, quiet, refused, start, tops
from portable import eq

R1 = "0 bid 1; 1 bid 2; "  # Ana chooses first
R2 = "0 bid 2; 1 bid 1; "  # Bo chooses first


def writers(vip=0):
    """Round 3, before the bids: Ana's row Scriptwriter, Award; Bo's
    Scriptwriter, Press Officer (Bo holds the VIP, locked, whoever started)."""
    s = play(start(vip=vip), R1 + "0 scriptwriter; 1 scriptwriter; " + R1 + "0 award; 1 press")
    return s


# -- rule 8: Scriptwriter ----------------------------------------------------------
def test_films_scriptwriter_not_in_its_own_round():
    s = play(start(), R1 + "0 scriptwriter")
    refused(s, "0 turn 0 award", "no Scriptwriter ready")
    s = play(s, "1 award")
    eq(expected(s), [("bid", [0, 1]), ("script", [0])])
    s = play(s, "0 turn 0 award")
    eq(tops(s, 0), ["award"])


def test_films_scriptwriter_once():
    s = play(writers(), "0 turn 1 director")
    refused(s, "0 turn 1 award", "used already")
    s = play(s, R1 + "0 tickets1; 1 tickets1")
    refused(s, "0 turn 2 award", "used already")
    eq(G.public_view(s)["rows"][0][0][4], True)
    eq(kinds(s)[0], {"tickets": 1, "director": 2})  # a used Scriptwriter: nothing, but a character


def test_films_scriptwriter_only_before_the_reveal():
    s = play(writers(), "0 bid 3; 0 turn 1 director; 1 bid 4")
    eq(tops(s, 0), ["scriptwriter", "director"])
    s = play(writers(), "0 bid 3; 1 bid 4")
    refused(s, "0 turn 1 director", "only before the reveal")
    refused(s, "1 turn 1 director", "only before the reveal")


def test_films_scriptwriter_turns_up_a_studio():
    s = play(writers(), "0 turn 1 studio2")
    eq((tops(s, 0), G.public_view(s)["room"]), (["studio2", "scriptwriter"], [2, 0]))
    eq(G.public_view(s)["rows"][0][0][1], "award")  # the old top is the other half now
    s = play(s, "0 protect 1")
    eq((tops(s, 0), guarded(s, 0)), (["scriptwriter", "studio2"], [True, False]))
    s = play(s, R1 + "0 director")
    refused(s, "0 protect 2", "only before a reveal: at the next bids")  # shut at this round's reveal


def test_films_scriptwriter_turns_up_a_press_officer():
    s = play(writers(vip=0), "0 turn 1 press")  # Bo's lock ends: Ana takes it, locked
    eq((s["vip"], G.public_view(s)["locked"]), (0, True))
    s = play(s, "0 bid 5; 1 bid 5")
    eq((s["last"], s["vip"]), ([5, 5, 0, 2], 0))


def test_films_scriptwriter_both_in_one_round_vip_holder_first():
    s = writers()  # Bo holds the VIP
    eq(expected(s), [("bid", [0, 1]), ("script", [1, 0])])
    t = play(s, "1 turn 1 award")
    eq(expected(t), [("bid", [0, 1]), ("script", [0])])
    t = play(t, "0 turn 1 director")
    eq((tops(t, 0), tops(t, 1)), (["scriptwriter", "director"], ["scriptwriter", "award"]))
    # Bo lets Ana go first: he may not use his this round, even though Ana's
    # turned-up Press Officer takes the VIP from him
    t = play(s, "0 turn 1 press")
    eq(s["vip"], 1)
    eq(t["vip"], 0)
    refused(t, "1 turn 1 award", "the VIP holder goes first")
    eq(expected(t), [("bid", [0, 1])])
    t = play(t, R1 + "0 tickets1; 1 tickets1")
    t = play(t, "1 turn 1 award")  # the next round he may


def test_films_scriptwriter_turns_what_may_turn():
    s = play(writers(), "0 bid 1")
    refused(s, "0 turn 1 award", "already on top")
    refused(s, "0 turn 1 scriptwriter", "Scriptwriter already there")
    refused(s, "0 turn 1 studio4", "unknown half")
    refused(s, "0 turn 2 award", "no such card")
    s = play(s, "0 turn 1 director; 1 bid 2")
    eq(tops(s, 0), ["scriptwriter", "director"])
    eq(G.public_view(s)["rows"][0][1][1], "award")


def test_films_scriptwriter_studio_with_cards_behind_cannot_turn():
    s = play(start(), R1 + "0 scriptwriter; 1 award; " + R1 + "0 studio2; 0 protect 1; 1 award")
    refused(s, "0 turn 1 award", "cards left of the Studio: no turning")
    s = play(start(), R1 + "0 scriptwriter; 1 award; " + R1 + "0 studio2; 1 award")
    s = play(s, "0 turn 0 award")  # nothing behind it: it may, and its window shuts
    eq((tops(s, 0), G.public_view(s)["room"]), (["award", "scriptwriter"], [0, 0]))


def test_films_scriptwriter_contradicting_half():
    # the Scriptwriter turns itself into a Director: that card's other side is
    # known to be a Scriptwriter from then on
    s = play(start(), R1 + "0 scriptwriter; 1 award; " + R1 + "0 award; 1 award")
    s = play(s, "0 turn 0 director; " + R1 + "0 scriptwriter; 1 award; " + R1 + "0 tickets1; 1 award")
    eq(tops(s, 0), ["director", "award", "scriptwriter", "tickets1"])
    refused(s, "0 turn 0 producer", "the other side shows Scriptwriter")
    refused(s, "0 turn 0 scriptwriter", "Scriptwriter already there")
    s = play(s, "0 turn 1 producer")
    eq(tops(s, 0), ["director", "producer", "scriptwriter", "tickets1"])


def test_films_scriptwriter_shooting_problems_hits_before_the_bids():
    s = play(writers(vip=0), "0 turn 1 shooting")
    eq(expected(s), [("hit", [0])])
    refused(s, "1 bid 3", "finish the effect first")
    s = play(s, "0 hit 1")
    eq((tops(s, 1), G.public_view(s)["locked"]), (["scriptwriter"], False))


def test_films_scriptwriter_leftmost_ready_one_is_used():
    # two Scriptwriters (the second over a Director: both sides repeat)
    s = play(start(), R1 + "0 scriptwriter; 1 award; " + R1 + "0 director; 1 award")
    s = play(s, R1 + "0 scriptwriter director; 1 award; " + R1 + "0 award; 1 award")
    s = play(s, "0 turn 3 tickets1")
    eq([c[4] for c in G.public_view(s)["rows"][0]], [True, False, False, False])
    eq(kinds(s)[0]["director"], 3)
    s = play(s, R1 + "0 award; 1 award")
    s = play(s, "0 turn 4 producer")
    eq([c[4] for c in G.public_view(s)["rows"][0]], [True, False, True, False, False])
    refused(play(s, R1 + "0 award; 1 award"), "0 turn 5 tickets1", "used already")


# -- rule 9: Editor ------------------------------------------------------------------
def test_films_editor_swaps_a_card_of_the_row_for_one_in_hand():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 studio2; 0 protect 1; 1 award")
    s = play(s, R1 + "0 editor")
    eq(expected(s), [("swap", [0])])
    refused(s, "1 award", "finish the effect first")
    refused(s, "0 protect 2", "finish the effect first")
    s = play(s, "0 swap 0 producer")  # a protected card: the new one takes its place and protection
    eq((tops(s, 0), guarded(s, 0)), (["producer", "studio2", "editor"], [True, False, False]))


def test_films_editor_no_swap():
    s = play(start(), R1 + "0 editor; 0 swap -")
    eq((tops(s, 0), expected(s)), (["editor"], [("place", [1])]))


def test_films_editor_in_the_last_round_no_swap():
    s = play(quiet(start(), 7), R1 + "0 editor")
    eq(expected(s), [("place", [1])])
    refused(s, "0 swap 0 award", "no swap due")
    s = play(quiet(start(), 6), R1 + "0 editor")  # the next to last round: one card in hand
    eq(expected(s), [("swap", [0])])


def test_films_editor_swaps_itself_out_for_shooting_problems_that_hits():
    s = play(start(), R2 + "1 award; 0 award; " + R1 + "0 editor")
    s = play(s, "0 swap 1 shooting")
    eq(expected(s), [("hit", [0])])
    s = play(s, "0 hit 0")
    eq((tops(s, 0), tops(s, 1)), (["award", "shooting"], []))
    eq(expected(s), [("place", [1])])


def test_films_editor_judged_without_the_card_going_out():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 editor")
    refused(s, "0 swap 1 director", "Director already there: turn it over")
    s = play(s, "0 swap 1 editor")  # an Editor for the Editor: a new swap
    eq(expected(s), [("swap", [0])])
    s = play(s, "0 swap 0 director")  # a Director for the Director
    eq(tops(s, 0), ["director", "editor"])


def test_films_editor_brings_in_a_studio():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 award; 1 award; " + R1 + "0 editor")
    s = play(s, "0 swap 1 studio3")
    eq((tops(s, 0), G.public_view(s)["room"]), (["studio3", "director", "editor"], [3, 0]))
    s = play(s, "0 protect 1; 1 award; " + R1 + "0 editor director; 0 swap 1 studio2")
    # swapped for the Studio itself: the Director left behind loses its protection
    eq((tops(s, 0), guarded(s, 0)), (["studio2", "director", "editor", "editor"], [False] * 4))


def test_films_editor_fired_by_a_scriptwriter():
    s = play(start(), R1 + "0 scriptwriter; 1 award; " + R1 + "0 director; 1 award")
    s = play(s, "0 bid 4; 0 turn 0 editor")  # the bid card is down: still a card to swap
    eq(expected(s), [("swap", [0])])
    s = play(s, "0 swap 1 producer; 1 bid 2")
    eq(tops(s, 0), ["editor", "producer"])
    # in the last round the hand without the bid card is empty
    s = play(quiet(start(), 6), R1 + "0 scriptwriter; 1 award")
    s = play(s, "0 turn 0 editor")
    eq(expected(s)[0], ("bid", [0, 1]))
