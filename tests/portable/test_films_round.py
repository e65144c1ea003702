"""Films, rules 2 (a round), 3 (placing) and 4 (no repeats)."""

from films_kit import G, expected, kinds, play, quiet, refused, start, tops
from portable import eq


# -- rule 2: a round -------------------------------------------------------------
def test_films_round_lower_weeks_chooses_first():
    s = play(start(), "0 bid 7; 1 bid 3")
    eq(G.public_view(s)["order"], [1, 0])
    eq(expected(s), [("place", [1])])
    refused(s, "0 award", "Bo places now")
    s = play(s, "1 award")
    eq(expected(s), [("place", [0])])
    s = play(s, "0 award")
    eq((G.public_view(s)["round"], G.public_view(s)["phase"]), (2, "bid"))


def test_films_tie_vip_passes():
    s = play(start(vip=0), "1 bid 4; 0 bid 4")
    eq(s["last"], [4, 4, 0, 1])  # Ana has the VIP: she chooses, it goes to Bo
    eq((s["vip"], G.public_view(s)["order"]), (1, [0, 1]))
    s = play(s, "0 award; 1 award; 0 bid 2; 1 bid 2")
    eq(s["last"], [2, 2, 1, 1])  # now Bo chooses and it comes back
    eq(s["vip"], 0)


def test_films_tie_vip_locked():
    s = play(start(vip=1), "0 bid 1; 1 bid 2; 0 press; 1 award")
    eq((s["vip"], G.public_view(s)["locked"]), (0, True))
    s = play(s, "0 bid 5; 1 bid 5")
    eq(s["last"], [5, 5, 0, 2])  # Ana chooses and keeps it: locked
    eq((s["vip"], G.public_view(s)["locked"]), (0, True))
    s = play(s, "0 award; 1 award; 1 bid 0; 0 bid 0")
    eq((s["last"], s["vip"]), ([0, 0, 0, 2], 0))


def test_films_round_hand_counts():
    s = start()
    seen = []
    for _ in range(8):
        seen.append(G.public_view(s)["hand"])
        s = quiet(s)
    eq(seen, [[3, 3]] * 6 + [[2, 2], [1, 1]])
    eq(G.public_view(s)["hand"], [0, 0])
    # within a round: the bid card goes down, the drawn card comes after placing
    s = play(start(), "0 bid 1")
    eq(G.public_view(s)["hand"], [2, 3])
    s = play(s, "1 bid 2; 0 award")
    eq(G.public_view(s)["hand"], [3, 2])
    s = play(quiet(start(), 5), "0 bid 1; 1 bid 2; 0 award")
    eq(G.public_view(s)["hand"], [2, 2])  # round 6: the deck is empty
    s = start(rounds=10)
    seen = []
    for _ in range(10):
        seen.append(G.public_view(s)["hand"][0])
        s = quiet(s)
    eq(seen, [3] * 8 + [2, 1])


def test_films_round_game_scored_after_the_last_placements():
    s = play(quiet(start(), 7), "0 bid 1; 1 bid 2; 0 award")
    assert not G.is_over(s)
    s = play(s, "1 shooting")  # its hit still comes before the end
    assert not G.is_over(s)
    eq(expected(s), [("hit", [1])])
    s = play(s, "1 hit 0")
    assert G.is_over(s)
    eq(s["past"], [[9, 7]])  # Ana lost a Tickets 1: 6 + 2 (Award) + 1 (VIP); Bo 7


# -- rule 3: placing -------------------------------------------------------------
def test_films_placing_right_end_studio_left_end():
    s = play(start(), "0 bid 1; 1 bid 2; 0 director; 1 award; 0 bid 1; 1 bid 2; 0 editor; 0 swap -; 1 producer")
    s = play(s, "0 bid 1; 1 bid 2; 0 studio3; 1 studio2")
    eq(tops(s, 0), ["studio3", "director", "editor"])
    eq(tops(s, 1), ["studio2", "award", "producer"])


def test_films_placing_only_the_top_half_counts():
    # a Director over a Producer (both repeat, so either side may go up):
    # the Producer underneath counts for nothing
    s = play(start(), "0 bid 1; 1 bid 2; 0 director; 1 award; 0 bid 1; 1 bid 2; 0 producer; 1 award")
    s = play(s, "0 bid 1; 1 bid 2; 0 tickets2; 1 award; 0 bid 1; 1 bid 2; 0 director producer")
    eq(tops(s, 0), ["director", "producer", "tickets2", "director"])
    eq(kinds(s)[0], {"tickets": 2, "director": 6, "producer": 1, "vip": 1})


# -- rule 4: no repeats ----------------------------------------------------------
def test_films_no_repeats_turn_it_over():
    s = play(start(), "0 bid 1; 1 bid 2; 0 director; 1 press; 0 bid 1; 1 bid 2")
    refused(s, "0 director", "Director already there: turn it over")
    refused(s, "0 director award", "Director already there: turn it over")
    refused(s, "0 director director", "two different halves")
    refused(s, "0 award director", "under only when the top repeats")
    s = play(s, "0 award; 1 award")
    s = play(s, "0 bid 1; 1 bid 2; 0 tickets1")
    refused(s, "1 press", "Press Officer already there: turn over")


def test_films_no_repeats_lead_may_repeat():
    s = play(start(), "0 bid 1; 1 bid 2; 0 lead; 1 award; 0 bid 1; 1 bid 2; 0 lead")
    eq(tops(s, 0), ["lead", "lead"])


def test_films_no_repeats_both_sides():
    # a Director whose other side is a Producer, with both already there:
    # either side may go up
    s = play(start(), "0 bid 1; 1 bid 2; 0 director; 1 award; 0 bid 1; 1 bid 2; 0 producer; 1 award")
    s = play(s, "0 bid 1; 1 bid 2; 0 director producer")
    eq(tops(s, 0), ["director", "producer", "director"])
    eq(G.public_view(s)["rows"][0][2][1], "producer")
    eq(kinds(s)[0], {"director": 6, "vip": 1})  # each Director counts 3 characters
    s = play(s, "1 award; 0 bid 1; 1 bid 2; 0 producer director")
    eq(tops(s, 0), ["director", "producer", "director", "producer"])


def test_films_no_repeats_one_studio_a_row():
    s = play(start(), "0 bid 1; 1 bid 2; 0 studio2; 1 award; 0 bid 1; 1 bid 2; 0 director; 1 award")
    s = play(s, "0 bid 1; 1 bid 2")
    refused(s, "0 studio3", "one Studio a row")
    refused(s, "0 studio2", "one Studio a row")
    refused(s, "0 studio3 director", "one Studio a row")  # both repeat: still never a second Studio
    s = play(s, "0 director studio3")  # a Studio under a repeat: both sides repeat
    eq(tops(s, 0), ["studio2", "director", "director"])
