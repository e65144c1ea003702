"""Reading synced records on the laptop with the firmware's own modules:
parse a log, replay it step by step, and ask a game for its score sheet."""

from usher_tools.paths import use_firmware
from usher_tools.score import ScoreError


def parse_log(data: bytes) -> tuple:
    """(header, action records, bytes after the last good line) of a log as
    the device stores it (every line with its CRC, see RECORD.md)."""
    use_firmware()
    from usher.core.record import split_records

    objs, good = split_records(data)
    if not objs or not isinstance(objs[0], dict) or "game" not in objs[0]:
        raise ScoreError("line 1: header with a game is missing")
    return objs[0], objs[1:], data[good:]


class Replay:
    """A record replayed: the game, the final state, and after each record
    (undos included) the scores then in force."""

    def __init__(self, header: dict, records: list) -> None:
        use_firmware()
        from usher.core.match import UNDO
        from usher.games.catalog import load_game

        self.header = header
        self.records = records
        try:
            self.game = load_game(header["game"])
        except Exception as e:
            raise ScoreError("header: %s" % e) from None
        state = self.game.new(header["setup"])
        done: list = []  # states before each action still in force
        self.undone: set = set()  # indexes of records cancelled by a later undo
        live: list = []  # indexes of records in force
        self.timeline = [list(self.game.scores(state))]
        for i, action in enumerate(records):
            if isinstance(action, dict) and action.get("t") == UNDO:
                for _ in range(action.get("n", 1)):
                    if done:
                        state = done.pop()
                        self.undone.add(live.pop())
            else:
                try:
                    new = self.game.apply(state, action)
                except Exception as e:
                    raise ScoreError("action %d: %s" % (i + 1, e)) from None
                done.append(state)
                live.append(i)
                state = new
            self.timeline.append(list(self.game.scores(state)))
        self.state = state

    @property
    def players(self) -> list:
        return [p["name"] for p in self.header["setup"]["players"]]

    def standings(self) -> list:
        return self.game.standings(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def sheet(self):  # type: ignore[no-untyped-def]
        """The game's own round-by-round table, or None if it has none."""
        return score_sheet(self.game, self.state)


def score_sheet(game, state):  # type: ignore[no-untyped-def]
    """Ask a game for its score sheet: `score_sheet(state)` as a method of the
    Game, or as a function of its module. It returns
    {"columns": [str, ...], "rows": [[cell, ...], ...]} and may add "title"
    and "notes" (list of str). Anything else is ignored: standings stand in."""
    hook = getattr(game, "score_sheet", None)
    if hook is None:
        import sys

        mod = sys.modules.get(type(game).__module__)
        hook = getattr(mod, "score_sheet", None)
    if hook is None:
        return None
    sheet = hook(state)
    if not isinstance(sheet, dict) or not isinstance(sheet.get("columns"), list):
        return None
    if not isinstance(sheet.get("rows"), list):
        return None
    width = len(sheet["columns"])
    if any(not isinstance(r, list) or len(r) != width for r in sheet["rows"]):
        return None
    return sheet
