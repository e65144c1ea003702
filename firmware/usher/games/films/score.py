"""Films: the tickets a row gives at the end, by kind (the rulebook's list),
for the scores, the end-of-game screen and the laptop's score sheet."""

from usher.games.films.rows import (
    AWARD,
    BAD,
    CHARACTERS,
    COORD,
    DIR,
    LEAD,
    POSTER,
    PROD,
    SCRIPT,
    SHOOT,
    T1,
    T2,
    USED,
    WRITER,
)

KINDS = (
    "tickets",
    "award",
    "script",
    "poster",
    "bad_review",
    "director",
    "coordinator",
    "producer",
    "lead",
    "scriptwriter",
    "vip",
)
KIND_LABELS = (
    "Tickets",
    "Award",
    "Script",
    "Movie Poster",
    "Bad Review",
    "Director",
    "Coordinator",
    "Producer",
    "Lead",
    "Scriptwriter",
    "VIP Ticket",
)


def by_kind(row: list, vip: bool) -> list:
    """Tickets of one row, one number per entry of KINDS; each card counts
    by its top half, the VIP Ticket 1 to its holder."""
    n = [0] * 16
    unused = 0
    for c in row:
        n[c[0]] += 1
        if c[0] == WRITER and not c[3] & USED:
            unused += 1
    chars = 0
    for h in CHARACTERS:
        chars += n[h]
    pairs = n[SCRIPT] // 2
    return [
        n[T1] + 2 * n[T2],
        2 * n[AWARD],
        5 * pairs,
        n[POSTER] * (1 + n[AWARD]),
        -n[BAD],
        n[DIR] * chars,
        n[COORD] * n[SHOOT],
        n[PROD] * (n[T1] + n[T2]),
        3 * n[LEAD] * n[BAD],
        unused * pairs,
        1 if vip else 0,
    ]


def breakdown(s: dict) -> list:
    """Per player, the tickets by kind (KINDS order) of the rows as they are."""
    return [by_kind(s["rows"][p], s["vip"] == p) for p in (0, 1)]


def tickets(s: dict, p: int) -> int:
    return sum(by_kind(s["rows"][p], s["vip"] == p))


def sheet(s: dict) -> dict:
    """The score sheet: tickets by kind of the game on the table (the last one
    played), its total, and in a match each finished game and the games won."""
    names = [q["name"] for q in s["players"]]
    b = breakdown(s)
    rows = []
    for k in range(len(KINDS)):
        if b[0][k] or b[1][k]:
            rows.append([KIND_LABELS[k], b[0][k], b[1][k]])
    rows.append(["total", sum(b[0]), sum(b[1])])
    if s["bo"] > 1:
        for g in range(len(s["past"])):
            t = s["past"][g]
            rows.append(["game %d" % (g + 1), t[0], t[1]])
        rows.append(["games won", s["wins"][0], s["wins"][1]])
    title = "Films: tickets by kind" + (" (game %d)" % s["g"] if s["bo"] > 1 else "")
    return {"title": title, "columns": ["tickets"] + names, "rows": rows}
