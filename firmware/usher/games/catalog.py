"""The one list of games, an `Entry` a game. Adding a game is one entry
here, a rules package `usher/games/<name>/` (`game.py` with GAME; with a
Settings row, `settings.py` with `defaults()` and `check(values)`) and a screens
package `usher/ui/<name>/` (`play.open(app)`, `setup.options(...)`; with a
Settings row, `settings.screen()`). Everything else (titles, player counts,
which games need a press before an unfinished record leaves the device,
which modules a game brings in and so which to drop, whose settings the
device keeps, whose loader reads the record itself) is derived from these
entries.

Kept tiny, free of rules and of any game's data: the home screen and the
link read it while no game is loaded, and it imports no game's package (a
game's default settings are its settings.py's `defaults()`: usher.settings
reads them when wanted)."""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated
    pass

from usher.core.errors import RuleError


class Entry:
    """A game's line. `name`: its record name (and its packages' names);
    `title`: on screen; `lo`, `hi`: fewest and most players (fewest 0: not
    on New game, as dice, which has its own Home row); `secrets`: whether an
    unfinished record holds secrets (bids, money); `settings_row`: the
    Settings row that opens its device settings ("" none); `reads_itself`:
    its screens' `play.open(app, name)` reads the record on Resume (App.resume);
    `home_row`: a Home row of its own that resumes its latest session or
    starts one with no players ("" none); `tie_word`: what breaks a tie on
    its final scores, as Saved games says it ("43, more money")."""

    def __init__(
        self,
        name: str,
        title: str,
        lo: int,
        hi: int,
        secrets=False,
        settings_row="",
        reads_itself=False,
        home_row="",
        tie_word="tie-break",
    ) -> None:
        self.name = name
        self.title = title
        self.lo = lo
        self.hi = hi
        self.secrets = secrets
        self.settings_row = settings_row
        self.reads_itself = reads_itself
        self.home_row = home_row
        self.tie_word = tie_word


# Offered on "New game" in this order (dice has its own row).
GAMES: tuple = (
    Entry("dice", "Dice", 0, 8, home_row="Dice & draws"),
    Entry("showtime", "Showtime", 2, 4, settings_row="Showtime seats", reads_itself=True, tie_word="carpet"),
    Entry("showbiz", "Showbiz", 2, 8, secrets=True, settings_row="Showbiz options", tie_word="more ZE"),
    Entry(
        "show_manager", "Show Manager", 2, 6, secrets=True, settings_row="Show Manager cities", tie_word="more money"
    ),
    Entry("films", "Films", 2, 2, secrets=True, tie_word="VIP"),
)


def entry(name: str) -> Entry:
    for e in GAMES:
        if e.name == name:
            return e
    raise RuleError("unknown game " + str(name)[:20])


def counts(name: str) -> tuple:
    """(fewest, most) players of a game."""
    e = entry(name)
    return e.lo, e.hi


def names() -> list:
    return [e.name for e in GAMES]


def title(name: str) -> str:
    for e in GAMES:
        if e.name == name:
            return e.title
    return str(name)


def holds_secrets(name: str) -> bool:
    """Unknown games count as holding secrets: nothing leaves without a press."""
    for e in GAMES:
        if e.name == name:
            return e.secrets
    return True


def reads_itself(name: str) -> bool:
    for e in GAMES:
        if e.name == name:
            return e.reads_itself
    return False


def tie_word(name: str) -> str:
    for e in GAMES:
        if e.name == name:
            return e.tie_word
    return "tie-break"


def home_rows() -> list:
    """(row, game) for the games with a Home row of their own."""
    return [(e.home_row, e.name) for e in GAMES if e.home_row]


def with_settings() -> list:
    """The games with device settings of their own (a Settings row)."""
    return [e.name for e in GAMES if e.settings_row]


def load_game(name: str) -> Any:
    """Import one game's rules on demand, so RAM holds only the one in play."""
    entry(name)
    try:
        mod = __import__("usher.games." + name + ".game", None, None, ["GAME"])
    except ImportError:  # a partial deploy: say so rather than crash
        raise RuleError("not installed: " + name)
    return mod.GAME


def modules_of(name: str) -> tuple:
    """The modules a game brings in, by name (its screens package and its
    rules package): what leaving it drops (usher.memory.unload)."""
    return ("usher.ui." + name, "usher.games." + name)
