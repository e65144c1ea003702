"""Showtime's device settings, their defaults (`defaults()`: read by
usher.settings when wanted) and their checks (seat stars, genre table,
whether rows 3-4 of the stars were checked): by the sync link before it asks
for a press to take pushed settings, and by the rules at setup
(usher.games.showtime.game imports the checks), so a setting the link
accepts is one a game starts with. Small on purpose: the settings and the
link load it without the rules."""

from usher.core.errors import RuleError


def defaults() -> dict:
    """The settings a device starts with: seat stars, row 1 (at the screen)
    first (rows 3-4 are not known: usher.games.showtime.cast.STARS_KNOWN), no
    genre table. Made when asked: the rules, which import this module for
    its checks, want them only for a header without stars."""
    return {"stars": [[1, 2, 2, 1], [2, 3, 3, 2], [3, 4, 4, 3], [2, 3, 3, 2]], "genres": None, "stars_checked": False}


GENRES = ("fantasy", "scifi", "romance", "comedy")
CARDS = 16
ROWS = 4  # rows of the auditorium: one a player, up to four


def check_stars(stars, n: int) -> list:
    """The seat stars of the first n rows, each row 4 whole numbers 0-9."""
    from usher.games.showtime.cast import SEATS_PER_ROW  # here: the settings read defaults() without the persons

    if not isinstance(stars, list) or len(stars) < n:
        raise RuleError("stars: one row per player")
    out = []
    for r in stars[:n]:
        if not isinstance(r, list) or len(r) != SEATS_PER_ROW:
            raise RuleError("stars: 4 seats a row")
        for v in r:
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 9:
                raise RuleError("stars: 0-9 a seat")
        out.append(list(r))
    return out


def check_genres(table):
    """None, or a list of 16 genre lists (index = card - 1). Accepts a dict
    {card: [genres]} with int or string keys, as JSON writes them."""
    if table is None:
        return None
    if isinstance(table, dict):
        rows = []
        for c in range(1, CARDS + 1):
            g = table.get(str(c), table.get(c))
            if g is None:
                raise RuleError("genres: card %d missing", c)
            rows.append(g)
        table = rows
    if not isinstance(table, list) or len(table) != CARDS:
        raise RuleError("genres: 16 cards")
    out = []
    for c in range(1, CARDS + 1):
        g = table[c - 1]
        if isinstance(g, str):
            g = [g]
        want = 2 if c >= 13 else 1  # the Normal family likes two genres
        if not isinstance(g, list) or len(g) != want:
            raise RuleError("genres: card %d needs %d", c, want)
        for x in g:
            if x not in GENRES:
                raise RuleError("genres: unknown genre")
        if want == 2 and g[0] == g[1]:
            raise RuleError("genres: card %d twice", c)
        out.append(list(g))
    return out


def check(values: dict) -> None:
    """The device's Showtime settings as a whole (after a push is merged in):
    RuleError with the reason if a game could not start with them."""
    stars = values.get("stars")
    if not isinstance(stars, list) or len(stars) != ROWS:
        raise RuleError("stars: 4 rows of 4 seats")
    check_stars(stars, ROWS)
    check_genres(values.get("genres"))
    if not isinstance(values.get("stars_checked", False), bool):
        raise RuleError("stars_checked: true or false")
