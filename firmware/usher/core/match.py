"""A game in play: its rules, its record on storage and its current state.

Undo is itself a record (`{"t": "undo"}`, or `"n": k` for a unit of k), so
the log stays append-only and the history keeps every press; replay skips
the actions an undo cancels.

The record is never held in RAM whole: a long game has hundreds of
actions. The match keeps the indices of the actions in force (small ints) and
the last few actions themselves (for undo units and for the screen); a replay
streams the record from flash, starting at the latest usable snapshot.

Snapshots: every `Game.snap_every` actions in force (32 unless a game says
fewer, or `Game.snap_after` asks) the state goes to `<name>.snap`, and the
one before it moves to `<name>.snap1`. The match knows which of the
two an undo may start from (`snaps`: none that an undo since has reached
behind), so an undo reads one snapshot and the actions after it, never the
game from the start once it has one: at most twice the spacing less one
replayed, however long the game (one spacing's worth at power-on).
"""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated
    pass

from usher.core.data import clone
from usher.core.errors import RecordError, RuleError
from usher.core.game import Game
from usher.core.record import PREV_EXT, SNAP_EXT, UNDO, GameLog, decode_line, in_force

SNAP_EVERY = Game.snap_every  # actions between snapshots unless a game says fewer: bounds a replay
RECENT = 16  # actions kept in RAM: an 8-player bid round fits (an undo unit)
# records kept for later at most (a press makes a few): more are written at
# once, so a caller that never lets the frame end (a test's own loop) holds no heap for them
PENDING_MOST = 8


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
        # the snapshots on flash an undo may start from, newest first: [seq, keep, file's ending]
        self.snaps: list = []
        # `later`: the records of a press's changes (`pending`) and a
        # snapshot due (`due`) wait for `write_due`, which the app calls once
        # the press's frame is shown. An append to the record is a sector
        # erase on the flash chip (littlefs copies a file's last block to
        # append to it): 45 ms typical on the Pico's, which no press can spare
        self.later = False
        self.due = False
        self.pending: list = []

    @property
    def name(self) -> str:
        return self.log.name

    @property
    def setup(self) -> dict:
        return self.header["setup"]

    def iter_actions(self):
        """The actions in force, oldest first, streamed from the record."""
        self.flush()
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
    def start(cls, storage, name: str, game: Game, setup: dict, created=0, uid="", clock_set: bool = True, later=False):
        """A new game; `uid` (when given) names it for good (RECORD.md).
        `clock_set=False`: the device's clock was never set (a Pico has no
        clock battery), so `created` is no date: the header says so.
        `later`: its record's first line waits for `flush` too."""
        state = game.new(setup)
        log = GameLog(storage, name)
        head = {"game": game.name, "setup": setup, "created": created}
        if uid:
            head["uid"] = uid
        if not clock_set:
            head["clock"] = "unset"
        m = cls(game, log, log.create(head, later))
        m.later = later
        m.state = state
        return m

    def owes(self) -> bool:
        """Whether anything waits for `write_due` (Match.later)."""
        return bool(self.pending or self.due or self.log.header_line)

    @classmethod
    def resume(cls, storage, name: str, load):
        """`load`: record name -> Game (usher.games.catalog.load_game)."""
        log = GameLog(storage, name)
        snap = log.read_snapshot()
        ends = [SNAP_EXT, PREV_EXT]
        if snap is None:  # a power cut between keeping the latest and writing the next
            snap = log.read_snapshot(PREV_EXT)
            ends = [PREV_EXT]
        marks = []  # [seq, keep] of the snapshot read and the one before it
        if snap is not None:
            marks.append([snap["seq"], snap["keep"]])
            prev = snap.get("prev")
            if len(ends) > 1 and isinstance(prev, list) and len(prev) == 2:
                marks.append(prev)
        loaded = log.load(marks[0][0] if marks else -1, marks[1][0] if len(marks) > 1 else -1)
        game = load(loaded.header.get("game", ""))
        m = cls(game, log, loaded.header)
        m.count = loaded.count
        m.inforce = loaded.inforce
        m.note = loaded.dropped_note()
        lows = [loaded.low, loaded.low2]
        for k in range(len(marks)):
            seq, keep = marks[k]
            if seq <= loaded.count and lows[k] >= keep:
                m.snaps.append([seq, keep, ends[k]])
        if not (m.snaps and m.snaps[0][2] == ends[0]):
            snap = None  # not two states in RAM at once
            snap = m._snapshot()  # the one read is behind an undo: the one before it, or none
        m._rebuild(snap, None, loaded.tail)
        return m

    def _snapshot(self):
        """The newest snapshot an undo may start from, read from flash (None:
        from the start)."""
        for seq, keep, end in self.snaps:
            snap = self.log.read_snapshot(end)
            if snap is not None and snap["seq"] == seq and snap["keep"] == keep:
                return snap
        return None

    def _rebuild(self, snap, have=None, lines_read=None) -> None:
        """Replay the actions in force from the snapshot (or the start),
        streaming the record; keep the last few in `recent`. `have`: record
        index -> action, those already in RAM (an undo's: the recent ones
        before it), not read from flash again. `lines_read`: [index, line] of the
        record's last lines as `GameLog.load` just read them; when they reach
        back to the first action needed, the log is not read again."""
        if snap is not None:
            state = snap["state"]  # read from flash: this replay's own
            pos = snap["keep"]  # actions in force covered by the snapshot
        else:
            state = clone(self.game.new(self.setup))  # its own: nothing shared with the setup
            pos = 0
        snap = None
        step = self.game.step  # the state is this replay's own: each action changes it in place
        keep = self.inforce
        tail = len(keep) - RECENT
        recent = []
        first = min(pos, max(tail, 0))  # the first action in force needed: the lines before it go unread
        k = 0  # walks `keep`, which is sorted
        lines: Any = enumerate(self.log.lines())
        if lines_read and (first >= len(keep) or keep[first] >= lines_read[0][0]):
            lines = lines_read
            while k < len(keep) and keep[k] < lines_read[0][0]:
                k += 1  # in force, but before the snapshot and the recent ones
        lines_read = None
        for i, line in lines:
            if k >= len(keep):
                break
            if keep[k] != i:
                continue
            if k < first:  # before the snapshot and the recent ones
                k += 1
                continue
            rec = have.get(i) if have else None
            if rec is None:
                rec = decode_line(line)
                if rec is None:
                    break  # a damaged line: the record ends here
            if k >= pos:
                if not isinstance(rec, dict) or not isinstance(rec.get("t"), str):
                    raise RecordError("action %d: bad action" % (k + 1))
                try:
                    step(state, rec)  # Game.apply without its copy (a refusal fails the replay whole)
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
        self._record(action)
        in_force(self.inforce, self.count, action)
        self.count += 1
        self.recent.append(action)
        if len(self.recent) > RECENT:
            self.recent.pop(0)
        self.state = new
        if len(self.inforce) % self.game.snap_every == 0 or self.game.snap_after(new):
            self.due = True
            if not self.later:
                self.write_due()
        return new

    def _record(self, rec: dict) -> None:
        """Append `rec` to the record, or (`later`) keep it for `flush`."""
        if not self.later:
            self.log.append(rec)
            return
        if len(self.pending) >= PENDING_MOST:
            self.flush()
        self.pending.append(rec)

    def flush(self) -> None:
        """Write the records kept for later (a new game's header first), in
        one append. If that fails (the flash full), the match goes back to
        how it stood before them, as if they had been refused, and the
        OSError is raised."""
        # a new game's first line: if the flash refuses it, the game is not
        # on it at all (the OSError raised, the line still waiting)
        self.log.write_header()
        recs = self.pending
        if not recs:
            return
        self.pending = []
        try:
            self.log.append_all(recs)
        except OSError:
            self._reload()
            raise

    def _reload(self) -> None:
        """The match as its record on the flash has it, read again (its
        torn tail set aside): the state before a press whose lines the
        flash refused. Read, not kept from before the press: that would
        hold two states in RAM through every press's frame."""
        game = self.game
        again = Match.resume(self.log.storage, self.log.name, lambda _: game)
        self.log = again.log
        self.count = again.count
        self.inforce = again.inforce
        self.recent = again.recent
        self.state = again.state
        self.snaps = again.snaps
        self.due = False

    def write_due(self) -> None:
        """Write the records kept for later (an OSError from them is
        raised, the match gone back: see flush), then the snapshot due, of
        the state as it stands now (a later move in the same press is in
        it; any state and count agree)."""
        self.flush()
        if not self.due:
            return
        self.due = False
        try:
            self._write_snapshot(self.state)
        except (OSError, MemoryError):
            pass  # a snapshot only speeds up boot and undo; the record is complete

    def _write_snapshot(self, state: dict) -> None:
        """The state to `<name>.snap`; the latest one, if an undo may still
        start from it, to `<name>.snap1` first (the one there is then gone)."""
        snaps = self.snaps
        if snaps and snaps[0][2] == SNAP_EXT:
            self.log.keep_snapshot()
            snaps[0][2] = PREV_EXT
        snaps = self.snaps = snaps[:1]
        prev = snaps[0][:2] if snaps else None
        self.log.write_snapshot(self.count, len(self.inforce), state, prev)
        self.snaps = [[self.count, len(self.inforce), SNAP_EXT]] + snaps

    def can_undo(self) -> bool:
        return len(self.inforce) > 0

    def last_action(self) -> dict:
        return self.recent[-1] if self.recent else {}

    def undo(self, at: int = 0) -> dict:
        if not self.inforce:
            raise RuleError("nothing to undo")
        self.flush()  # the replay below reads the record: all of it on the flash first
        self.due = False  # the state it was due for is undone
        n = max(1, min(self.game.undo_depth(self.recent), len(self.inforce)))
        rec: dict = {"t": UNDO}
        if n > 1:
            rec["n"] = n
        if at:
            rec["at"] = at
        self._record(rec)
        keep = self.inforce
        have = {}  # the recent actions by their record index: not read again
        for j in range(len(self.recent)):
            have[keep[len(keep) - len(self.recent) + j]] = self.recent[j]
        in_force(keep, self.count, rec)
        self.count += 1
        # a snapshot this undo reaches behind is no start for any later replay
        self.snaps = [s for s in self.snaps if s[1] <= len(keep)]
        self._rebuild(self._snapshot(), have)
        return self.state

    def standings(self) -> list:
        return self.game.standings(self.state)

    def is_over(self) -> bool:
        return self.game.is_over(self.state)
