"""Helpers for the Showtime tests: games built only through legal actions,
and auditoriums written as rows of card numbers for the effect tests."""

import json

from usher.games.catalog import load_game
from usher.games.showtime import cast
from usher.games.showtime.game import iter_places, to_move

G = load_game("showtime")


def players(n):
    return [{"name": "P%d" % i, "colour": i} for i in range(n)]


def setup(n=2, first=0, cut=None, stars=None, genres=None):
    opts = {"first": first}
    if cut is not None:
        opts["cut"] = cut
    comps = {}
    if stars is not None:
        comps["stars"] = stars
    if genres is not None:
        comps["genres"] = genres
    return G.make_setup(players(n), opts, comps)


def legal_places(s):
    """Every legal place action for whoever is to move, as a list."""
    return list(iter_places(s))


def game(n=2, first=0, cut=None, stars=None, genres=None, poster="comedy"):
    """A game in its first screening, waiting for the start player to place."""
    s = G.new(setup(n, first, cut, stars, genres))
    return G.apply(s, {"t": "poster", "genre": poster})


def action(s, card, row, seat, to=None, genre=None):
    """A place action for whoever is to move. Without a genre table the
    answer defaults to "no match"; with one it is left out unless given."""
    a = {"t": "place", "p": to_move(s), "card": card, "row": row, "seat": seat}
    if to is not None:
        a["to"] = list(to)
    if genre is not None:
        a["genre"] = genre
    elif s["genres"] is None:
        a["genre"] = False
    return a


def place(s, card, row, seat, to=None, genre=None):
    """Seat a card for whoever is to move."""
    return G.apply(s, action(s, card, row, seat, to, genre))


def places(s, moves):
    """Apply (card, row, seat[, to]) in turn order."""
    for m in moves:
        s = place(s, *m)
    return s


def at(s, row, seat):
    return s["seats"][(row - 1) * 4 + seat - 1]


def board(rows):
    """Seats from rows of cards (0 = free); a card may be (owner, card)."""
    seats = []
    for r in rows:
        for v in r:
            if not v:
                seats.append(None)
            elif isinstance(v, tuple):
                seats.append([v[0], v[1]])
            else:
                seats.append([0, v])
    return seats


def effect(rows, row, seat):
    """Points the person on (row, seat) receives at scoring time."""
    parts = cast.received(board(rows), (row - 1) * 4 + seat - 1)
    total = 0
    for p in parts:
        total += p[1]
    return total


def record_lines(name):
    """The header, then each action, of a hand-written record in
    tests/records/, one at a time (a whole record of dicts is ~25 KB on the
    64-bit VM)."""
    here = __file__
    cut = here.rfind("/")
    folder = here[:cut] if cut >= 0 else "."
    with open(folder + "/../records/" + name) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                yield json.loads(line)


def read_record(name):
    """(header, actions) of a hand-written record in tests/records/."""
    objs = record_lines(name)
    header = next(objs)
    return header, list(objs)
