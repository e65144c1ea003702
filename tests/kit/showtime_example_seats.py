"""The rulebook's two-player Showtime example as placements, shared by the
rules test and the device's scoring replay test. Green is player 0, yellow
player 1; nobody's favourite genre matches."""

GREEN = 0
YELLOW = 1

# (card, row, seat) in turn order: green, yellow, green, ...
EXAMPLE = [
    (4, 1, 1),  # green Heino
    (13, 1, 4),  # yellow Nina
    (2, 1, 2),  # green Benny
    (3, 2, 1),  # yellow Gloria
    (1, 1, 3),  # green Bea
    (8, 2, 2),  # yellow Linda
    (8, 2, 3),  # green Linda
    (6, 2, 4),  # yellow Ken
]
