"""Showtime's 16 persons: names, genders and what each does at scoring time.

The auditorium is a flat list, four seats a row, row 1 (at the screen) first:
index = (row - 1) * 4 + (seat - 1). Each entry is None (free) or
[owner, card]. "In front" is the row nearer the screen (row - 1), "behind" the
row further back (row + 1); left and right are seat - 1 and seat + 1.
"""

SEATS_PER_ROW = 4
# seat stars: rows 1 and 2 follow from the rulebook's worked example; rows 3
# and 4 are NOT known (docs/RULES.md): editable, flagged "check!" on screen
STARS_KNOWN = 2

NAMES = (
    "Bea", "Benny", "Gloria", "Heino", "Hildo", "Ken", "Leo", "Linda",
    "Louis", "Mia", "Sophie", "Lisa", "Nina", "Nora", "Nino", "Norbert",
)  # fmt: skip

BEA = 1
BENNY = 2
GLORIA = 3
HEINO = 4
HILDO = 5
KEN = 6
LEO = 7
LINDA = 8
LOUIS = 9
MIA = 10
SOPHIE = 11
LISA = 12

# from the names and the rulebook's example ("a woman (Linda)")
FEMALE = (1, 3, 8, 10, 11, 12, 13, 14)


def name(card: int) -> str:
    return NAMES[card - 1]


def is_female(card: int) -> bool:
    return card in FEMALE


def is_male(card: int) -> bool:
    return 1 <= card <= 16 and card not in FEMALE


def is_pair_card(card: int) -> bool:
    """Linda and Louis: the two persons who pair up."""
    return card == LINDA or card == LOUIS


def card_at(seats: list, i: int) -> int:
    """The card on seat index i, 0 when free or off the board."""
    if i < 0 or i >= len(seats):
        return 0
    v = seats[i]
    return v[1] if v else 0


def side_indexes(i: int) -> list:
    """Seat indexes directly left and right of i, in the same row."""
    out = []
    s = i % SEATS_PER_ROW
    if s > 0:
        out.append(i - 1)
    if s < SEATS_PER_ROW - 1:
        out.append(i + 1)
    return out


def paired(seats: list, i: int) -> bool:
    """Whether the Linda/Louis on seat i has a Linda/Louis beside it."""
    for j in side_indexes(i):
        if is_pair_card(card_at(seats, j)):
            return True
    return False


def pair_blocked(seats: list, i: int) -> bool:
    """Whether a Linda/Louis seated on i would sit beside an existing pair.

    Our reading: only a neighbour that already has a Linda/Louis partner
    blocks; a seat between two lone ones is allowed (no pair exists yet)."""
    for j in side_indexes(i):
        if is_pair_card(card_at(seats, j)) and paired_except(seats, j, i):
            return True
    return False


def paired_except(seats: list, j: int, skip: int) -> bool:
    for k in side_indexes(j):
        if k != skip and is_pair_card(card_at(seats, k)):
            return True
    return False


def _add(out: list, who: str, pts: int) -> None:
    """Sum contributions per source name, keeping first-seen order."""
    for item in out:
        if item[0] == who:
            item[1] += pts
            return
    out.append([who, pts])


def received(seats: list, i: int) -> list:
    """What the person on seat i receives at scoring time, as [[source, points]].

    Gloria, Heino, Hildo and a paired Linda/Louis act on themselves; the rest
    act on others. Ken, Sophie and the Normal family do nothing here."""
    me = card_at(seats, i)
    out: list = []
    if not me:
        return out
    row = i // SEATS_PER_ROW
    sides = side_indexes(i)
    # -- on themselves
    if me == HEINO:
        _add(out, "Heino", 2 if row == 0 else (-1 if row == 1 else -2))
    elif me == HILDO:
        near = sides + [i - SEATS_PER_ROW, i + SEATS_PER_ROW]
        n = 0
        for j in near:
            if is_female(card_at(seats, j)):
                n += 1
        if n:
            _add(out, "Hildo", min(n, 4))
    elif me == GLORIA:
        n = 0
        for j in sides:
            if is_female(card_at(seats, j)):
                n += 1
        if n:
            _add(out, "Gloria", min(n, 2))
    elif is_pair_card(me) and paired(seats, i):
        _add(out, name(me), 2)  # once, however many partners
    # -- from the left and right neighbours
    for j in sides:
        other = card_at(seats, j)
        if other == BEA:
            _add(out, "Bea", -1 if is_female(me) else 1)
        elif other == GLORIA:
            if is_female(me):
                _add(out, "Gloria", 1)
        elif other == MIA:
            if me != HEINO and me != MIA:
                _add(out, "Mia", -1)
    # -- from the person in front (Leo) and behind (Lisa)
    if row > 0 and card_at(seats, i - SEATS_PER_ROW) == LEO and me != LEO:
        _add(out, "Leo", -3)
    if card_at(seats, i + SEATS_PER_ROW) == LISA:
        _add(out, "Lisa", -2)
    # -- from a Benny in one of the two middle seats of this row
    first = row * SEATS_PER_ROW
    for j in (first + 1, first + 2):
        if j != i and card_at(seats, j) == BENNY:
            _add(out, "Benny", -1)
    return out


def reason(parts: list) -> str:
    """'Heino +2, Benny -1': what a scoring step shows on the screen."""
    if not parts:
        return "no effect"
    return ", ".join(["%s %+d" % (p[0], p[1]) for p in parts])
