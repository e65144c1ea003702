"""Each game's entry in the development kit, in one table beside the
firmware's catalog: the kit's per-game lists (the full scripted games and
so the bench's sections and the emulated Pico's memory gate, the bench's
kinds of press, the 32-bit meter's labels, the manual's pictures, the memory
loops, the bad-record tests) are derived from it. The product's one place
per game is its module on the laptop (usher_tools.history.games.<game>).
tests/host/games/test_registry.py fails when a catalog game lacks an entry
here or there."""


class Press:
    """A kind of press of the game's own, for the bench's press times by kind
    (usher_devkit.bench.pico.kind_of): `key` ("" any) pressed on `screen`,
    leaving for `after` (screens as full_games names them, "module.Class"
    below usher.ui; "" any; a name ending in "." any screen of that module).
    `slow_with_files`: the press-time goal sets it aside on a files deploy."""

    def __init__(self, kind: str, screen: str = "", after: str = "", key: str = "", slow_with_files=False) -> None:
        self.kind = kind
        self.screen = screen
        self.after = after
        self.key = key
        self.slow_with_files = slow_with_files

    def matches(self, key: str, screen: str, after: str) -> bool:
        return _is(screen, self.screen) and _is(after, self.after) and self.key in ("", key)


def _is(name: str, pattern: str) -> bool:
    return not pattern or name == pattern or (pattern.endswith(".") and name.startswith(pattern))


class Entry:
    def __init__(
        self,
        record: str,
        memory: dict,
        full_game: str = "",
        meter: str = "",
        pictures: tuple = (),
        presses: tuple = (),
        value_screens: tuple = (),
    ) -> None:
        self.record = record  # its hand-written record in tests/records (the bad-record tests)
        self.memory = memory  # its operations in the memory loops (kit/memloop.py's OPS): what each does
        # a title with rules has a planner, usher_devkit.planners.<game>, whose
        # full_plan(profile) is its full scripted game, so bench-labelled:
        self.full_game = full_game  # what the bench calls that game ("": no planner)
        self.meter = meter  # what the 32-bit meter's table calls it
        self.pictures = pictures  # the screenshots of it docs/PLAYING.md shows (`make screens`)
        self.presses = presses  # its own kinds of press (Press), told apart in the bench's press times
        self.value_screens = value_screens  # its screens whose prev/next change a value, not a cursor


GAMES = {
    "dice": Entry(
        record="dice_two_players.rec",
        memory={"dice_game": "a dice game (rolls, Save & leave)", "dice_abandon": "a dice game abandoned"},
    ),
    "showtime": Entry(
        record="showtime_4p.rec",
        memory={
            "showtime_game": "a 3-player Showtime game to the end",
            "showtime_abandon": "a Showtime game abandoned",
            "showtime_leave": "a Showtime game, Save & leave",
        },
        full_game="Showtime, 4 players",
        meter="Showtime 4-player game",
        pictures=("pick", "replay", "carpet", "summary3"),
        presses=(
            Press("Showtime scoring replay step", "showtime.pages.Between", key="ok", slow_with_files=True),
            # the last card of a round: its scoring, then the replay
            Press(
                "Showtime scoring replay start",
                "showtime.turn.Play",
                after="showtime.pages.Between",
                slow_with_files=True,
            ),
        ),
    ),
    "showbiz": Entry(
        record="showbiz_4p.rec",
        memory={
            "showbiz_game": "a 4-player Showbiz game to the end",
            "showbiz_abandon": "a Showbiz game abandoned",
            "showbiz_leave": "a Showbiz game, Save & leave",
        },
        full_game="Showbiz, 4 players, 10 years, a sync halfway",
        meter="Showbiz 4-player 10-year game",
        pictures=("main", "private-bid", "reveal", "year-end"),
        presses=(Press("Showbiz reveal", after="showbiz.turn.Reveal"), Press("Showbiz reveal", "showbiz.turn.Reveal")),
    ),
    "show_manager": Entry(
        record="show_manager_4p.rec",
        memory={"show_manager_leave": "a 3-player Show Manager game, Save & leave"},
        full_game="Show Manager, 6 players",
        meter="Show Manager 6-player game",
        pictures=("turn", "roles", "summary", "city"),
        value_screens=("show_manager.borrow.LoanPicker", "show_manager.entries.Entries"),  # a number a row
    ),
    "films": Entry(
        record="films_example.rec",
        memory={"films_leave": "a Films match, Save & leave"},
        full_game="Films, best of three",
        meter="Films best of three",
        pictures=("round", "halves", "target", "end"),
        presses=(Press("Films placement", "films.place.", key="ok"),),
    ),
}


def played() -> list:
    """The titles with a planner and a full scripted game, in table order."""
    return [g for g, e in GAMES.items() if e.full_game]


def presses() -> list:
    """Every game's own kinds of press, in table order."""
    return [p for e in GAMES.values() for p in e.presses]


def value_screens() -> tuple:
    return tuple(s for e in GAMES.values() for s in e.value_screens)


def planner(game: str):
    """usher_devkit.planners.<game>: its full_plan(profile) and run_game."""
    return __import__("usher_devkit.planners." + game, None, None, ["full_plan"])
