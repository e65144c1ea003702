"""Each game's entry in the development kit, in one table beside the
firmware's catalog: the kit's per-game lists (the full scripted games and
so the bench and the emulated Pico's memory gate, the 32-bit meter's labels,
the manual's pictures, the memory loops, the bad-record tests) are derived
from it. The product's one place per game is its module on the laptop
(usher_tools.history.games.<game>). tests/host/games/test_registry.py fails when
a catalog game lacks an entry here or there."""


class Entry:
    def __init__(
        self,
        record: str,
        memory: dict,
        full_game: str = "",
        meter: str = "",
        pictures: tuple = (),
    ) -> None:
        self.record = record  # its hand-written record in tests/records (the bad-record tests)
        self.memory = memory  # its operations in the memory loops (kit/memloop.py's OPS): what each does
        # a title with rules has a planner, usher_devkit.planners.<game>, whose
        # full_plan(profile) is its full scripted game, so bench-labelled:
        self.full_game = full_game  # what the bench calls that game ("": no planner)
        self.meter = meter  # what the 32-bit meter's table calls it
        self.pictures = pictures  # the screenshots of it docs/PLAYING.md shows (`make screens`)


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
    ),
    "show_manager": Entry(
        record="show_manager_4p.rec",
        memory={"show_manager_leave": "a 3-player Show Manager game, Save & leave"},
        full_game="Show Manager, 6 players",
        meter="Show Manager 6-player game",
        pictures=("turn", "roles", "summary", "city"),
    ),
    "films": Entry(
        record="films_example.rec",
        memory={"films_leave": "a Films match, Save & leave"},
        full_game="Films, best of three",
        meter="Films best of three",
        pictures=("round", "halves", "target", "end"),
    ),
}


def played() -> list:
    """The titles with a planner and a full scripted game, in table order."""
    return [g for g, e in GAMES.items() if e.full_game]


def planner(game: str):
    """usher_devkit.planners.<game>: its full_plan(profile) and run_game."""
    return __import__("usher_devkit.planners." + game, None, None, ["full_plan"])
