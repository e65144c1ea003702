"""The one list of games. Adding a game is one line here, a rules module
`usher/games/<name>.py` (helpers `usher/games/<name>_*.py`) and a screens
package `usher/ui/<name>/` with `play.open(app)` (and `setup.options(...)`
when it has options). Everything else (titles, player counts, which games
need a press before an unfinished record leaves the device, which modules a
game brings in and so which to drop) is derived from these lines.

Kept tiny and free of rules: the home screen and the link read it while no
game is loaded."""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated
    pass

from usher.core.errors import RuleError

# record name, title on screen, fewest and most players, whether an unfinished
# record holds secrets (bids, money), the game's device settings and their
# defaults (None: none; Showtime's seat stars rows 3-4 are not known, see
# showtime_cast.STARS_KNOWN) and the Settings row that opens them
# (usher.ui.<name>.settings); a game with settings checks them in
# usher/games/<name>_settings.py, `check(values)` (the link asks it before it
# takes pushed settings); last, the rules' helper modules, usher/games/<name>_<helper>.py
# (named exactly: leaving a game drops these, no module found by a name's beginning).
# Offered on "New game" in this order (dice has its own row).
GAMES: tuple = (
    ("dice", "Dice", 0, 8, False, None, "", ()),
    (
        "showtime",
        "Showtime",
        2,
        4,
        False,
        {"stars": [[1, 2, 2, 1], [2, 3, 3, 2], [3, 4, 4, 3], [2, 3, 3, 2]], "genres": None, "stars_checked": False},
        "Showtime seats",
        ("cast", "settings"),
    ),
    (
        "showbiz",
        "Showbiz",
        2,
        8,
        True,
        {"public_money": False, "draws": "device"},
        "Showbiz options",
        ("bags", "rules", "settings"),
    ),
    (
        "show_manager",
        "Show Manager",
        2,
        6,
        True,
        # city columns, place 1 first: Koeln and Troisdorf are known, "City 3"
        # and "City 4" are placeholders to be entered from the board
        {
            "cities": [
                ["Koeln", [18, 14, 10, 7, 4, 2]],
                ["Troisdorf", [14, 12, 10, 8, 6, 4]],
                ["City 3", [20, 15, 10, 6, 3, 0]],
                ["City 4", [16, 12, 9, 6, 3, 1]],
            ],
            "edition": "show_manager",
        },
        "Show Manager cities",
        ("rules", "settings", "setup"),
    ),
    ("films", "Films", 2, 2, True, None, "", ("play", "rules", "score")),
)
NAME, TITLE, LO, HI, SECRETS, SETTINGS, SETTINGS_ROW, HELPERS = range(8)


def entry(name: str) -> tuple:
    for e in GAMES:
        if e[NAME] == name:
            return e
    raise RuleError("unknown game " + str(name)[:20])


def counts(name: str) -> tuple:
    """(fewest, most) players of a game."""
    e = entry(name)
    return e[LO], e[HI]


def names() -> list:
    return [e[NAME] for e in GAMES]


def title(name: str) -> str:
    for e in GAMES:
        if e[NAME] == name:
            return e[TITLE]
    return str(name)


def holds_secrets(name: str) -> bool:
    """Unknown games count as holding secrets: nothing leaves without a press."""
    for e in GAMES:
        if e[NAME] == name:
            return e[SECRETS]
    return True


def settings_defaults() -> dict:
    """Each game's device settings, under its record name."""
    return {e[NAME]: e[SETTINGS] for e in GAMES if e[SETTINGS] is not None}


def load_game(name: str) -> Any:
    """Import one game's rules on demand, so RAM holds only the one in play."""
    entry(name)
    try:
        mod = __import__("usher.games." + name, None, None, ["GAME"])
    except ImportError:  # a partial deploy: say so rather than crash
        raise RuleError("not installed: " + name)
    return mod.GAME


def modules_of(name: str) -> tuple:
    """The modules a game brings in, by name (its screens package, its rules
    and their helpers): what leaving it drops (usher.memory.unload)."""
    return ("usher.ui." + name, "usher.games." + name) + tuple(
        "usher.games.%s_%s" % (name, h) for h in entry(name)[HELPERS]
    )
