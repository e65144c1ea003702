"""Show Manager's device settings, their defaults (`defaults()`: read by
usher.settings when wanted) and their check (the cities, the edition): by
the sync link before it asks for a press to take pushed settings, with the
same rules a game's setup applies to them (usher.games.show_manager.setup
takes them from here). Small on purpose: the settings load it without the
rules."""

from usher.core.errors import RuleError

PLACEHOLDERS = ("City 3", "City 4")  # not known: to be entered from the board


def defaults() -> dict:
    """The settings a device starts with: the city columns, place 1 first
    (Koeln and Troisdorf are known, the PLACEHOLDERS not), the first edition.
    Made when asked: the rules, which import this module for its checks,
    want them only for a header without cities."""
    return {
        "cities": [
            ["Koeln", [18, 14, 10, 7, 4, 2]],
            ["Troisdorf", [14, 12, 10, 8, 6, 4]],
            ["City 3", [20, 15, 10, 6, 3, 0]],
            ["City 4", [16, 12, 9, 6, 3, 1]],
        ],
        "edition": "show_manager",
    }


PLACES = 6  # places in a city, and chips of each musical in a game
MIN_CITIES = 4
EDITIONS = ("show_manager", "premiere")


def whole(v, lo: int = 0) -> bool:
    return not isinstance(v, bool) and isinstance(v, int) and v >= lo


def check_cities(cities) -> list:
    if not isinstance(cities, list) or len(cities) < MIN_CITIES:
        raise RuleError("at least %d cities", MIN_CITIES)
    out = []
    for c in cities:
        if not isinstance(c, list) or len(c) != 2 or not isinstance(c[0], str) or not c[0]:
            raise RuleError("city needs a name")
        vs = c[1]
        if not isinstance(vs, list) or len(vs) != PLACES or not all(whole(v) for v in vs):
            raise RuleError("%s: %d whole values", c[0][:16], PLACES)
        out.append([c[0], list(vs)])
    return out


def check(values: dict) -> None:
    """RuleError with the reason if a game could not start with these defaults."""
    check_cities(values.get("cities"))
    if values.get("edition") not in EDITIONS:
        raise RuleError("edition: %s or %s", EDITIONS[0], EDITIONS[1])
