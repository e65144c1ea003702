"""What the laptop knows of each game, one module a game keyed by its
catalog name (usher.games.catalog): `showtime.py`, `showbiz.py`... A new
game adds one file here; a game without one is said by `generic.py`, which
also gives every name a game's module leaves out:

    UNIT, TIE_BREAK, AHEAD    what a score counts, the word for the tie-break,
                              how a tie it decided is said
    tell(story, game, before, action, after, k)   the score sheet in words
    sheet_rows(sheet)                             its rules' table as `usher show` prints it
    STEPS, CHART_TITLE, MARK, begin(chart), step(chart, before, action, after),
    chart_scores(game, state, n)                  the report's chart
    match(header), split, plays, summary, start   a record that is several plays
                                                  (Films' match), its start player
    counts, count_lines, figure                   a game without a score (dice)
"""

from usher_tools.history.games import generic

_OWN: dict = {}  # catalog name -> its module here, or None


class Laptop:
    """A game as the laptop knows it: its own module's names, generic's
    for the rest."""

    def __init__(self, name: str, own) -> None:
        self.name = name
        self.own = own

    def __getattr__(self, key: str):
        if self.own is not None and hasattr(self.own, key):
            return getattr(self.own, key)
        return getattr(generic, key)


def module(name: str):
    """The game's own module here, or None."""
    if name not in _OWN:
        own = None
        if name.isidentifier() and name != "generic":
            import importlib

            full = "usher_tools.history.games." + name
            try:
                own = importlib.import_module(full)
            except ModuleNotFoundError as e:
                if e.name != full:
                    raise  # the game's module is there and imports something missing
        _OWN[name] = own
    return _OWN[name]


def of(name: str) -> Laptop:
    """What the laptop knows of the game `name` (the catalog's)."""
    return Laptop(name, module(name))


def title_of(game: str) -> str:
    """The game's title, from the firmware's catalog (its name if unknown)."""
    from usher_tools.paths import use_firmware

    use_firmware()
    try:
        from usher.games.catalog import load_game

        return load_game(game).title or game
    except Exception:
        return game
