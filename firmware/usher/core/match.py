"""A game in play: its rules, its record on storage and its current state.

Undo is itself a record (`{"t": "undo"}`, or `"n": k` for a unit of k), so
the log stays append-only and the history keeps every press; replay skips
the actions an undo cancels.

The record is never held in RAM whole: a long game has hundreds of
actions. The match keeps the indices of the actions in force (small ints) and
the last few actions themselves (for undo units and for the screen); a replay
streams the record from flash, starting at the latest usable snapshot.
"""

from usher.core.errors import RecordError, RuleError
from usher.core.game import Game
from usher.core.record import UNDO, GameLog, in_force

SNAP_EVERY = 32  # actions between snapshots: bounds boot replay on long games
RECENT = 16  # actions kept in RAM: an 8-player bid round fits (an undo unit)


def replay(game: Game, setup: dict, actions: list) -> dict:
    """The state after a list of actions (tools and tests; undos not allowed)."""
    state = game.new(setup)
    for i, action in enumerate(actions):
        try:
            state = game.apply(state, action)
        except RuleError as e:
            raise RecordError("action %d: %s" % (i + 1, e.msg))
    return state


class Match:
    def __init__(self, game: Game, log: GameLog, header: dict) -> None:
        self.game = game
        self.log = log
        self.header = header
        self.count = 0  # action records in the log, undos included
        self.inforce: list = []  # indices of the action records in force
        self.recent: list = []  # the last actions in force (at most RECENT)
        self.state: dict = {}
        self.note = ""  # what boot had to drop, for the screen

    @property
    def name(self) -> str:
        return self.log.name

    @property
    def setup(self) -> dict:
        return self.header["setup"]

    def iter_actions(self):
        """The actions in force, oldest first, streamed from the record."""
        keep = self.inforce
        k = 0
        for i, rec in enumerate(self.log.records()):
            if k == len(keep):
                return
            if keep[k] == i:
                k += 1
                yield rec

    @property
    def actions(self) -> list:
        """All the actions in force as a list (tests and tools; the device
        itself uses `recent` or `iter_actions`)."""
        return list(self.iter_actions())

    @classmethod
    def start(cls, storage, name: str, game: Game, setup: dict, created=0, uid="", clock_set: bool = True):
        """A new game; `uid` (when given) names it for good (RECORD.md).
        `clock_set=False`: the device's clock was never set (a Pico has no
        clock battery), so `created` is no date: the header says so."""
        state = game.new(setup)
        log = GameLog(storage, name)
        head = {"game": game.name, "setup": setup, "created": created}
        if uid:
            head["uid"] = uid
        if not clock_set:
            head["clock"] = "unset"
        log.create(head)
        m = cls(game, log, log.load().header)
        m.state = state
        return m

    @classmethod
    def resume(cls, storage, name: str, load):
        """`load`: record name -> Game (usher.games.catalog.load_game)."""
        log = GameLog(storage, name)
        snap = log.read_snapshot()
        loaded = log.load(snap["seq"] if snap is not None else -1)
        game = load(loaded.header.get("game", ""))
        m = cls(game, log, loaded.header)
        m.count = loaded.count
        m.inforce = loaded.inforce
        m.note = loaded.dropped_note()
        usable = snap is not None and snap["seq"] <= loaded.count and loaded.low >= snap["keep"]
        m._rebuild(snap if usable else None)
        return m

    def _rebuild(self, snap) -> None:
        """Replay the actions in force from the snapshot (or the start),
        streaming the record; keep the last few in `recent`."""
        if snap is not None:
            state = snap["state"]
            pos = snap["keep"]  # actions in force covered by the snapshot
        else:
            state = self.game.new(self.setup)
            pos = 0
        keep = self.inforce
        tail = len(keep) - RECENT
        recent = []
        k = 0  # walks `keep`, which is sorted
        for i, rec in enumerate(self.log.records()):
            if k >= len(keep):
                break
            if keep[k] != i:
                continue
            if k >= pos:
                try:
                    state = self.game.apply(state, rec)
                except RuleError as e:
                    raise RecordError("action %d: %s" % (k + 1, e.msg))
            if k >= tail:
                recent.append(rec)
            k += 1
        if k < len(keep):
            raise RecordError("record shorter than its index")
        self.state = state
        self.recent = recent

    def submit(self, action: dict, rng=None, at: int = 0) -> dict:
        """Roll, apply, record. A RuleError leaves state and record untouched."""
        if rng is not None:
            action = self.game.roll(self.state, action, rng)
        if at:
            action["at"] = at
        new = self.game.apply(self.state, action)
        self.log.append(action)
        in_force(self.inforce, self.count, action)
        self.count += 1
        self.recent.append(action)
        if len(self.recent) > RECENT:
            self.recent.pop(0)
        self.state = new
        if len(self.inforce) % SNAP_EVERY == 0:
            try:
                self.log.write_snapshot(self.count, len(self.inforce), new)
            except OSError:
                pass  # a snapshot only speeds up boot; the record is complete
        return new

    def can_undo(self) -> bool:
        return len(self.inforce) > 0

    def last_action(self) -> dict:
        return self.recent[-1] if self.recent else {}

    def undo(self, at: int = 0) -> dict:
        if not self.inforce:
            raise RuleError("nothing to undo")
        n = max(1, min(self.game.undo_depth(self.recent), len(self.inforce)))
        rec: dict = {"t": UNDO}
        if n > 1:
            rec["n"] = n
        if at:
            rec["at"] = at
        self.log.append(rec)
        in_force(self.inforce, self.count, rec)
        self.count += 1
        snap = self.log.read_snapshot()
        usable = snap is not None and snap["seq"] <= self.count and snap["keep"] <= len(self.inforce)
        if usable:
            # valid only if no undo since the snapshot reached below it: check by reload
            loaded = self.log.load(snap["seq"])
            usable = loaded.low >= snap["keep"]
        self._rebuild(snap if usable else None)
        return self.state

    def standings(self) -> list:
        return self.game.standings(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)
