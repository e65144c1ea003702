"""The red carpet: exact totals, the space and tickets derived from them, the
queue on a space, and the two tie rules (next start player, winner)."""

from portable import eq
from showtime_kit import G, game, places
from usher.games.showtime.game import carpet, leader, move, tickets

# the rulebook example, but the edge seat of row 1 is worth 2 here so the two
# players tie on 11: yellow reaches 11 with its Linda, green after it with its own
TIED_STARS = [[1, 2, 2, 2], [2, 3, 3, 2]]
EXAMPLE = [(4, 1, 1), (13, 1, 4), (2, 1, 2), (3, 2, 1), (1, 1, 3), (8, 2, 2), (8, 2, 3), (6, 2, 4)]


def bare(n=3):
    return G.new(G.make_setup([{"name": str(i)} for i in range(n)], {"first": 0}, {}))


def test_tickets_per_lap():
    eq([tickets(k) for k in range(5)], [[], [20], [40], [60], [60, 20]])


def test_space_and_tickets_follow_the_total():
    eq(carpet(0), (0, []))
    eq(carpet(19), (19, []))
    eq(carpet(20), (0, [20]))  # reaching 20 takes the ticket; counting starts again
    eq(carpet(21), (1, [20]))
    eq(carpet(40), (0, [40]))
    eq(carpet(59), (19, [40]))
    eq(carpet(60), (0, [60]))
    eq(carpet(80), (0, [60, 20]))
    eq(carpet(93), (13, [60, 20]))


def test_space_plus_tickets_read_the_total():
    for total in range(0, 200):
        space, held = carpet(total)
        assert 0 <= space < 20
        eq(space + sum(held), total)


def test_every_gain_moves_the_figure_at_once():
    s = bare()
    move(s, 1, 5)
    move(s, 1, 3)
    eq(s["total"], [0, 8, 0])
    eq(s["arrive"], [0, 2, 0])


def test_a_move_of_zero_does_not_move_the_figure():
    s = bare()
    move(s, 0, 4)
    move(s, 1, 4)
    move(s, 0, 0)
    eq(s["arrive"], [1, 2, 0])
    eq(G.public_view(s)["carpet"][0]["pos"], 0)  # still in front of player 1


def test_a_figure_cannot_move_behind_the_start():
    s = bare()
    move(s, 0, 3)
    move(s, 0, -5)
    eq(s["total"][0], 0)
    arrived = s["arrive"][0]
    move(s, 0, -2)  # already at the start: it does not move at all
    eq(s["arrive"][0], arrived)


def test_a_loss_across_twenty_hands_the_ticket_back():
    s = bare()
    move(s, 0, 22)
    eq(G.public_view(s)["carpet"][0]["tickets"], [20])
    move(s, 0, -3)
    eq(G.public_view(s)["carpet"][0], {"space": 19, "tickets": [], "pos": 0})


def test_a_figure_landing_on_others_goes_behind_them():
    s = bare()
    move(s, 2, 6)
    move(s, 0, 6)
    move(s, 1, 26)  # the same space, one lap further
    eq([c["pos"] for c in G.public_view(s)["carpet"]], [1, 2, 0])
    move(s, 2, 1)
    move(s, 2, -1)  # leaves and comes back: now last in the queue
    eq([c["pos"] for c in G.public_view(s)["carpet"]], [0, 1, 2])


def test_most_points_starts_the_next_screening():
    s = bare()
    move(s, 1, 9)
    move(s, 2, 7)
    eq(leader(s), 1)


def test_on_a_tie_the_figure_further_back_starts_the_next_screening():
    s = bare()
    move(s, 2, 9)
    move(s, 0, 9)
    eq(leader(s), 0)
    move(s, 2, 1)
    move(s, 2, -1)
    eq(leader(s), 2)


def test_a_tie_in_play_gives_the_next_screening_to_the_later_arrival():
    s = places(game(2, first=0, stars=TIED_STARS), EXAMPLE)
    eq(s["total"], [11, 11])
    eq(s["start"], 0)  # green arrived on 11 after yellow, so stands behind


def test_on_a_tie_at_the_end_the_figure_further_forward_wins():
    s = places(game(2, first=0, stars=TIED_STARS), EXAMPLE)
    eq(G.scores(s), [11, 11])
    got = [(x["player"], x["rank"]) for x in G.standings(s)]
    eq(got, [(1, 1), (0, 2)])  # yellow stood on 11 first


def test_standings_rank_by_points_first():
    s = bare()
    move(s, 2, 3)
    move(s, 0, 5)
    eq([x["player"] for x in G.standings(s)], [0, 2, 1])
