"""Show Manager setup: the components a record states, their defaults from the
player count and the edition, and the checks every header goes through (at
make_setup and again at every replay). Fields: firmware/RECORD-show_manager.md.
"""

from usher.core.errors import RuleError
from usher.core.game import seated
from usher.games.catalog import counts
from usher.games.show_manager.settings import EDITIONS, PLACES, check_cities, defaults, whole

MUSICALS = 4
ROLES = (3, 4, 5, 6)
NAMES = {
    "show_manager": ("Wolf", "Queenie", "King Lear", "Ballet"),
    "premiere": ("Freudi", "Miss Hanoi", "Die Miserablen", "Katz"),
}
ONE_SET = (15, 20, 25, 30)  # touring values with 5 players
TWO_SETS = ((13, 17), (18, 22), (23, 27), (28, 32))  # with 2 and 4 players
HIRE = (0, 1000, 2000, 3000)  # agency spaces 0-3
REFRESH = 2000
LOAN_MAX = 10
PER_POINT = 1000
MAX_TALENT = 9


def copies(n: int) -> int:
    """Chips of each musical a player has: two with 2-3 players."""
    return 2 if n <= 3 else 1


def start_money(n: int) -> int:
    return 36000 if n <= 3 else 18000


def touring(n: int) -> list:
    """The ownerless chips of each musical at `n` players."""
    if n in (2, 4):
        return [list(v) for v in TWO_SETS]
    if n == 5:
        return [[v] for v in ONE_SET]
    return [[] for _ in range(MUSICALS)]


def _count(v, what: str, lo: int = 0) -> int:
    if not whole(v, lo):
        raise RuleError("%s: whole, %d or more", what, lo)
    return v


def _options(options, n: int) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError("bad options")
    for k in options:
        if k not in ("first", "edition"):
            raise RuleError("unknown option %s", str(k)[:20])
    first = options.get("first", 0)
    if not whole(first) or first >= n:
        raise RuleError("bad start player")
    ed = options.get("edition", EDITIONS[0])
    if ed not in EDITIONS:
        raise RuleError("edition: %s or %s", EDITIONS[0], EDITIONS[1])
    return {"first": first, "edition": ed}


def _titles(titles) -> list:
    if not isinstance(titles, list) or len(titles) != MUSICALS:
        raise RuleError("titles: %d musicals", MUSICALS)
    out = []
    for t in titles:
        # 2 roles at least: after a production the hand keeps up to 2 cards,
        # and a last chip of one role could then never be reached by a hire
        if not isinstance(t, list) or len(t) != 2 or not isinstance(t[0], str) or not t[0]:
            raise RuleError("titles: a name and 2-9 roles")
        if not whole(t[1], 2) or t[1] > 9:
            raise RuleError("titles: a name and 2-9 roles")
        out.append([t[0], t[1]])
    return out


def _touring(lists, n: int) -> list:
    if not isinstance(lists, list) or len(lists) != MUSICALS:
        raise RuleError("touring: one list a musical")
    out = []
    for vs in lists:
        if not isinstance(vs, list):
            raise RuleError("touring: one list a musical")
        for v in vs:
            if not whole(v):
                raise RuleError("touring: whole values")
        if len(vs) + n * copies(n) != PLACES:
            raise RuleError("touring: %d chips a musical", PLACES)
        out.append(list(vs))
    return out


def check_setup(players, options, components) -> dict:
    """The setup a record header holds, every component filled in: from
    `components` where given, else from the player count and the edition.
    Refuses what the rules cannot be played with; unknown components are dropped."""
    pl = seated(players, *counts("show_manager"))
    n = len(pl)
    opts = _options(options, n)
    if components is None:
        components = {}
    if not isinstance(components, dict):
        raise RuleError("bad components")
    c = components
    hire = c.get("hire", list(HIRE))
    if not isinstance(hire, list) or len(hire) != len(HIRE) or not all(whole(v) for v in hire) or hire[0]:
        raise RuleError("hire: 4 costs, the first 0")
    names = NAMES[opts["edition"]]
    return {
        "players": pl,
        "options": opts,
        "components": {
            "titles": _titles(c.get("titles", [[names[t], ROLES[t]] for t in range(MUSICALS)])),
            "touring": _touring(c.get("touring", touring(n)), n),
            "cities": check_cities(c["cities"] if "cities" in c else defaults()["cities"]),
            "money": _count(c.get("money", start_money(n)), "money"),
            "hire": list(hire),
            "refresh": _count(c.get("refresh", REFRESH), "refresh"),
            "loan_max": _count(c.get("loan_max", LOAN_MAX), "loan_max", 1),
            "per_point": _count(c.get("per_point", PER_POINT), "per_point"),
            "max_talent": _count(c.get("max_talent", MAX_TALENT), "max_talent", 1),
        },
    }
