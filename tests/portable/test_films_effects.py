"""Films, rules 5 (Shooting Problems), 6 (Movie Studio) and 7 (Press Officer)."""

from films_kit import G, expected, guarded, play, refused, start, tops
from portable import eq

R1 = "0 bid 1; 1 bid 2; "  # Ana chooses first
R2 = "0 bid 2; 1 bid 1; "  # Bo chooses first


# -- rule 5: Shooting Problems ---------------------------------------------------
def test_films_shooting_problems_hits_an_unprotected_card():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 producer; 1 shooting")
    eq(expected(s), [("hit", [1])])
    refused(s, "0 bid 1", "finish the effect first")  # compulsory, before anything else
    refused(s, "1 hit 2", "no such card")
    s = play(s, "1 hit 0")
    eq(tops(s, 0), ["producer"])
    eq(tops(s, 1), ["award", "shooting"])  # the Shooting Problems stays in its row
    eq(G.public_view(s)["round"], 3)


def test_films_shooting_problems_no_target():
    # nothing in Ana's row (the Studio would count: it is never protected):
    # no hit is owed and the round goes on
    s = play(start(), R2 + "1 shooting")
    eq(expected(s), [("place", [0])])
    eq(G.public_view(s)["effect"], None)
    refused(s, "1 hit 0", "no hit due")
    s = play(s, "0 shooting; 0 hit 0")
    eq(tops(s, 1), [])
    s = play(s, R1 + "0 shooting")  # again nothing to take
    eq(expected(s), [("place", [1])])


def test_films_shooting_problems_hit_on_the_studio_unprotects():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 producer; 1 award; ")
    s = play(s, R1 + "0 studio3; 0 protect 1 2; 1 award")
    eq((tops(s, 0), guarded(s, 0)), (["director", "producer", "studio3"], [True, True, False]))
    s = play(s, R2 + "1 shooting")
    refused(s, "1 hit 0", "that card is protected")
    s = play(s, "1 hit 2")
    eq((tops(s, 0), guarded(s, 0)), (["director", "producer"], [False, False]))
    s = play(s, "0 award; " + R2 + "1 award; 0 tickets1; " + R2 + "1 shooting; 1 hit 0")
    eq(tops(s, 0), ["producer", "award", "tickets1"])  # now the Director can go


# -- rule 6: Movie Studio ----------------------------------------------------------
def test_films_studio_window():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 producer; 1 award; " + R1 + "0 award; 1 award")
    s = play(s, R1 + "0 studio3")
    eq(tops(s, 0), ["studio3", "director", "producer", "award"])
    eq(G.public_view(s)["room"], [3, 0])
    eq(expected(s), [("place", [1]), ("protect", [0])])
    refused(s, "0 protect 0", "not a card that can move")
    s = play(s, "0 protect 2")  # the Producer first: it ends up leftmost
    eq((tops(s, 0), G.public_view(s)["room"]), (["producer", "studio3", "director", "award"], [2, 0]))
    refused(s, "0 protect 0", "not a card that can move")  # protected already
    refused(s, "0 protect 2 3 2", "bad pos")
    refused(s, "0 protect 4", "no such card")
    s = play(s, "1 award")
    # the window stays open into the next round, until its reveal
    s = play(s, "0 bid 1; 0 protect 3 2")
    eq(tops(s, 0), ["producer", "award", "director", "studio3"])
    eq(guarded(s, 0), [True, True, True, False])
    eq(G.public_view(s)["room"], [0, 0])
    refused(s, "0 protect 3", "the Studio is full")


def test_films_studio_window_room():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 producer; 1 award; " + R1 + "0 award; 1 award")
    s = play(s, R1 + "0 studio2")
    refused(s, "0 protect 1 2 3", "room for 2 more")
    s = play(s, "0 protect 3")
    refused(s, "0 protect 2 3", "room for 1 more")


def test_films_studio_window_protect_refused_after_the_reveal():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 studio2; 1 award; 0 bid 1")
    eq(expected(s)[-1], ("protect", [0]))
    s = play(s, "1 bid 2")
    refused(s, "0 protect 1", "only before a reveal: at the next bids")
    eq(expected(s), [("place", [0])])
    # nor a card placed after that reveal, until the next bids
    s = play(s, "0 producer")
    refused(s, "0 protect 2", "only before a reveal: at the next bids")
    eq(G.public_view(s)["room"], [2, 0])  # the room stays while the window is shut
    s = play(s, "1 award; 0 protect 2 1")
    eq(guarded(s, 0), [True, True, False])


def test_films_rule_movie_studio_moves_before_every_later_reveal():
    """The rulebook's Movie Studio (Card Effects): once placed, it lets its
    owner move cards of the row to its left, as many in all as its number,
    before the face-down cards are revealed; a card placed after the Studio
    can be moved too, before a later round's reveal (docs/RULES.md). Bo's
    Studio 2 comes in an empty row, his Tickets 2 a round later."""
    s = play(start(), R1 + "0 award; 1 studio2")
    eq(expected(s), [("bid", [0, 1])])  # nothing to move yet
    s = play(s, R2 + "1 tickets2")  # round 2, after its reveal
    eq(tops(s, 1), ["studio2", "tickets2"])
    refused(s, "1 protect 1", "only before a reveal: at the next bids")
    s = play(s, "0 award; 0 bid 1")  # round 3, before its reveal: the window is open again
    eq(expected(s)[-1], ("protect", [1]))
    s = play(s, "1 protect 1")
    eq((tops(s, 1), guarded(s, 1), G.public_view(s)["room"]), (["tickets2", "studio2"], [True, False], [0, 1]))
    s = play(s, "1 bid 2; 0 award; 1 producer; " + R1 + "0 award; 1 award; 1 bid 1")
    s = play(s, "1 protect 3")  # round 5, before its reveal: the last room
    eq((tops(s, 1), guarded(s, 1)), (["tickets2", "award", "studio2", "producer"], [True, True, False, False]))
    refused(s, "1 protect 3", "the Studio is full")


def test_films_rule_movie_studio_no_reveal_left_in_the_last_round():
    s = play(start(), R1 + "0 studio3; 1 award")
    for _ in range(6):
        s = play(s, R1 + "0 tickets1; 1 tickets1")
    s = play(s, "0 bid 1")
    eq(expected(s)[-1], ("protect", [0]))  # the last round's bids: the last window
    s = play(s, "1 bid 2; 0 award")
    refused(s, "0 protect 7", "no reveal left in this game")


def test_films_studio_window_ends_with_the_game():
    s = play(start(), R1 + "0 director; 1 award; " + R1 + "0 producer; 1 award; ")
    for _ in range(5):
        s = play(s, R1 + "0 tickets1; 1 tickets1")
    s = play(s, R1 + "0 studio3")  # the last round: open until Bo's placement
    s = play(s, "0 protect 1")
    s = play(s, "1 tickets1")
    assert G.is_over(s)
    refused(s, "0 protect 1", "the match is over")


# -- rule 7: Press Officer ---------------------------------------------------------
def test_films_press_officer_takes_the_vip_locked():
    s = play(start(vip=0), R1 + "0 award; 1 press")
    eq((s["vip"], G.public_view(s)["locked"]), (1, True))
    s = play(s, "0 bid 3; 1 bid 3")  # a tie: Bo chooses first and keeps it
    eq((s["last"], s["vip"]), ([3, 3, 1, 2], 1))


def test_films_press_officer_lock_ends_when_hit():
    s = play(start(vip=0), R1 + "0 award; 1 press; " + R1 + "0 shooting; 0 hit 0")
    eq((tops(s, 1), s["vip"], G.public_view(s)["locked"]), ([], 1, False))
    s = play(s, "1 award; 0 bid 3; 1 bid 3")  # Bo keeps it, unlocked: the tie passes it
    eq((s["last"], s["vip"]), ([3, 3, 1, 1], 0))


def test_films_press_officer_lock_ends_when_turned():
    s = play(start(vip=0), R2 + "1 scriptwriter; 0 award; " + R2 + "1 press; 0 award; ")
    eq((s["vip"], G.public_view(s)["locked"]), (1, True))
    s = play(s, "1 turn 1 tickets2")
    eq((tops(s, 1), s["vip"], G.public_view(s)["locked"]), (["scriptwriter", "tickets2"], 1, False))
    s = play(s, "0 bid 3; 1 bid 3")
    eq((s["last"], s["vip"]), ([3, 3, 1, 1], 0))


def test_films_press_officer_lock_ends_when_swapped_out():
    s = play(start(vip=0), R2 + "1 press; 0 award; " + R2 + "1 editor; 1 swap 0 tickets1; 0 award")
    eq((tops(s, 1), s["vip"], G.public_view(s)["locked"]), (["tickets1", "editor"], 1, False))


def test_films_press_officer_of_the_opponent_takes_the_vip_and_the_lock():
    s = play(start(vip=0), R1 + "0 press; 1 award")
    eq((s["vip"], G.public_view(s)["locked"]), (0, True))
    s = play(s, R1 + "0 award; 1 press")
    eq((s["vip"], G.public_view(s)["locked"]), (1, True))
    # Ana's Press Officer still shows but no longer locks: Bo's lock ends when it
    # is hit, and the next tie passes the ticket to Ana, unlocked
    s = play(s, R1 + "0 shooting; 0 hit 1; 1 award")
    eq((s["vip"], G.public_view(s)["locked"]), (1, False))
    s = play(s, "0 bid 3; 1 bid 3")
    eq((s["vip"], G.public_view(s)["locked"]), (0, False))
    s = play(s, "1 award; 0 award; 0 bid 4; 1 bid 4")
    eq((s["last"], s["vip"]), ([4, 4, 0, 1], 1))


def test_films_press_officer_two_of_them_lock_while_either_shows():
    # both sides repeat (Press Officer over Director): a second Press Officer
    s = play(start(vip=1), R1 + "0 press; 1 award; " + R1 + "0 director; 1 award; ")
    s = play(s, R1 + "0 press director; 1 shooting; 1 hit 0")
    eq((tops(s, 0), s["vip"], G.public_view(s)["locked"]), (["director", "press"], 0, True))
    s = play(s, R1 + "0 award; 1 shooting; 1 hit 1")
    eq((s["vip"], G.public_view(s)["locked"]), (0, False))
