"""A game in play: its rules, its record on storage and its current state.

Undo is itself a record (`{"t": "undo"}`), so the log stays append-only and
the history keeps every press; replay drops the action an undo cancels.
"""

from usher.core.errors import RecordError, RuleError
from usher.core.game import Game, load_game
from usher.core.record import GameLog

SNAP_EVERY = 32  # actions between snapshots: bounds boot replay on long games
UNDO = "undo"


def effective(records: list) -> list:
    """The actions still in force once every undo has cancelled its target."""
    out: list = []
    for rec in records:
        if rec.get("t") == UNDO:
            for _ in range(rec.get("n", 1)):
                if out:
                    out.pop()
        else:
            out.append(rec)
    return out


def replay(game: Game, setup: dict, actions: list) -> dict:
    state = game.new(setup)
    for i, action in enumerate(actions):
        try:
            state = game.apply(state, action)
        except RuleError as e:
            raise RecordError("action %d: %s" % (i + 1, e.msg))
    return state


class Match:
    def __init__(self, game: Game, log: GameLog, header: dict, records: list, state: dict) -> None:
        self.game = game
        self.log = log
        self.header = header
        self.records = records  # every record, undos included
        self.actions = effective(records)
        self.state = state
        self.note = ""  # what boot had to drop, for the screen

    @property
    def name(self) -> str:
        return self.log.name

    @property
    def setup(self) -> dict:
        return self.header["setup"]

    @classmethod
    def start(cls, storage, name: str, game: Game, setup: dict, created=0):  # type: ignore[no-untyped-def]
        state = game.new(setup)
        log = GameLog(storage, name)
        header = {"game": game.name, "setup": setup, "created": created}
        log.create(header)
        return cls(game, log, log.load().header, [], state)

    @classmethod
    def resume(cls, storage, name: str):  # type: ignore[no-untyped-def]
        log = GameLog(storage, name)
        loaded = log.load()
        game = load_game(loaded.header.get("game", ""))
        records = loaded.records
        state = None
        snap = log.read_snapshot()
        if snap is not None:
            state = cls._from_snapshot(game, snap, records)
        if state is None:
            state = replay(game, loaded.header["setup"], effective(records))
        m = cls(game, log, loaded.header, records, state)
        m.note = loaded.dropped_note()
        return m

    @staticmethod
    def _from_snapshot(game: Game, snap: dict, records: list):  # type: ignore[no-untyped-def]
        """Use a snapshot only if no later undo reaches back past it."""
        seq = snap["seq"]
        keep = snap["keep"]
        if seq > len(records) or len(effective(records[:seq])) != keep:
            return None
        live = keep
        for rec in records[seq:]:
            live += -rec.get("n", 1) if rec.get("t") == UNDO else 1
            if live < keep:
                return None
        state = snap["state"]
        for action in effective(records)[keep:]:
            state = game.apply(state, action)
        return state

    def submit(self, action: dict, rng=None, at: int = 0) -> dict:  # type: ignore[no-untyped-def]
        """Roll, apply, record. A RuleError leaves state and record untouched."""
        if rng is not None:
            action = self.game.roll(self.state, action, rng)
        if at:
            action["at"] = at
        new = self.game.apply(self.state, action)
        self.log.append(action)
        self.records.append(action)
        self.actions.append(action)
        self.state = new
        if len(self.actions) % SNAP_EVERY == 0:
            self.log.write_snapshot(len(self.records), len(self.actions), new)
        return new

    def can_undo(self) -> bool:
        return len(self.actions) > 0

    def undo(self, at: int = 0) -> dict:
        if not self.actions:
            raise RuleError("nothing to undo")
        n = max(1, min(self.game.undo_depth(self.actions), len(self.actions)))
        rec: dict = {"t": UNDO}
        if n > 1:
            rec["n"] = n
        if at:
            rec["at"] = at
        rest = self.actions[:-n]
        state = replay(self.game, self.setup, rest)
        self.log.append(rec)
        self.records.append(rec)
        self.actions = rest
        self.state = state
        return state

    def standings(self) -> list:
        return self.game.standings(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)
