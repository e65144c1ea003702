"""Replaying a record on the laptop with the firmware's own modules: the
state after every record, the result, the game's own score sheet, and
`score_record`, what `usher score`, `usher sync` and `usher import` make of
a record (parsing.py reads the bytes first).

Which actions are in force is decided by the device's code alone
(usher.core.record.in_force: an undo's `n` must be a whole number from 1 to
the actions in force), and so is what a header must hold
(usher.games.header.open_header, over the games' own `make_setup`). On top of the device, the laptop checks every
action against the state it was entered in, undone ones too: a record the
device wrote passes; one edited by hand may not.
"""

import json

from usher_tools.history.parsing import ScoreError, parse_bytes, quote, read_file, read_log
from usher_tools.paths import use_firmware

START_LOOKAHEAD = 64  # actions searched for the first player the game waits for


class Replay:
    """A record replayed: the game, the final state, which records an undo
    cancelled and (with `timeline`) after each record the scores then in force."""

    def __init__(
        self, header: dict, records: list, where=None, header_line: int = 1, header_text="", timeline: bool = True
    ) -> None:
        use_firmware()
        from usher.core.data import clone
        from usher.core.errors import RecordError
        from usher.core.game import Game
        from usher.core.record import UNDO, in_force
        from usher.games.header import open_header

        self.header = header
        self.records = records
        self.where = where or self._log_where
        head = header
        if isinstance(header, dict) and "usher" not in header:
            head = dict(header, usher=1)  # a hand-written record may leave the format out
        try:
            self.game = open_header(head)
        except RecordError as e:
            raise ScoreError(
                "line %d: %s%s" % (header_line, e, ": " + quote(header_text) if header_text else "")
            ) from None
        try:
            state = self.game.new(header["setup"])
        except Exception as e:  # a setup the checks let through and the game cannot start from
            msg = "line %d: header: the game cannot start from this setup (%r)" % (header_line, e)
            raise ScoreError(msg + (": " + quote(header_text) if header_text else "")) from None
        self.keep: list = []  # indexes of the records in force (usher.core.record.in_force)
        self.undone: set = set()  # indexes of records cancelled by a later undo
        self.timeline: list = [list(self.game.scores(state))] if timeline else []
        fast = not timeline and type(self.game).apply is Game.apply
        if fast and not any(isinstance(a, dict) and a.get("t") == UNDO for a in records):
            # Without undos no earlier state is needed again: each action goes
            # through the game's own `step` on one private copy instead of
            # `apply` copying the whole state per action (the same rules code,
            # and re-scoring a hundred synced games takes a blink).
            state = clone(state)
            for i, action in enumerate(records):
                in_force(self.keep, i, action)
                if not isinstance(action, dict) or not isinstance(action.get("t"), str):
                    raise ScoreError("%s: bad action" % self.where(i))
                self._run(state, action, i, self.game.step)
            self.state = state
            return
        stack: list = []  # the state before each action in force
        for i, action in enumerate(records):
            before = list(self.keep) if isinstance(action, dict) and action.get("t") == UNDO else []
            try:
                n = in_force(self.keep, i, action)
            except RecordError as e:  # "action K: why": the line is named here
                why = str(e).split(": ", 1)[-1].replace("must be 1-0", "with nothing to undo")
                raise ScoreError("%s: %s" % (self.where(i), why)) from None
            if n:
                self.undone.update(before[-n:])
                state = stack[-n]
                del stack[-n:]
            else:
                new = self._run(state, action, i, self.game.apply)
                stack.append(state)
                state = new
            if timeline:
                self.timeline.append(list(self.game.scores(state)))
        self.state = state

    def _log_where(self, i: int) -> str:
        text = json.dumps(self.records[i], separators=(",", ":"))
        return "line %d (action %d): %s" % (i + 2, i + 1, quote(text))

    def _run(self, state: dict, action, i: int, fn):
        from usher.core.errors import RuleError

        try:
            return fn(state, action)
        except RuleError as e:
            raise ScoreError("%s: %s%s" % (self.where(i), e.msg, self._due(state, e.msg))) from None
        except Exception as e:  # a field of the wrong kind that the rules did not expect
            raise ScoreError("%s: malformed (%s: %s)" % (self.where(i), type(e).__name__, str(e)[:60])) from None

    def _due(self, state: dict, msg: str) -> str:
        """What the game was waiting for instead, for a refusal's message."""
        try:
            if self.game.is_over(state):
                return "" if "over" in msg else "; the game is over"
            wants = self.game.expects(state)
        except Exception:
            return ""
        names = self.players
        parts = []
        for x in wants:
            who = ", ".join(names[p] for p in x.who if isinstance(p, int) and 0 <= p < len(names))
            parts.append(x.kind + (" by " + who if who else ""))
        return "; due: " + " or ".join(parts) if parts else ""

    @property
    def players(self) -> list:
        return [p["name"] for p in self.header["setup"]["players"]]

    def in_force(self) -> list:
        """The actions still in force, oldest first."""
        return [self.records[i] for i in self.keep]

    def standings(self) -> list:
        """[{"player", "name", "score", "rank"}], best first. Before the end a
        tie stays a tie, by the score alone: every rulebook's tie-break (ZE,
        money, the red carpet, the VIP Ticket) settles the end of the game,
        and Show Manager's money and (unless its setup shows them) Showbiz's
        ZE are secret until then."""
        st = self.game.standings(self.state)
        if self.is_over():
            return st
        st = sorted(st, key=lambda s: (-s["score"], s["player"]))
        for s in st:
            s["rank"] = 1 + sum(1 for t in st if t["score"] > s["score"])
        return st

    def is_over(self) -> bool:
        return self.game.is_over(self.state)

    def start_player(self):
        """The seat the game first waits for on its own (Showtime's start
        player, Showbiz's first general agent and active player), or None when
        no move is ever one player's (dice)."""
        s = self.game.new(self.header["setup"])
        acts = self.in_force()[:START_LOOKAHEAD]
        for k in range(len(acts) + 1):
            for x in self.game.expects(s):
                if len(x.who) == 1:
                    return x.who[0]
            if k == len(acts):
                break
            s = self.game.apply(s, acts[k])
        return None

    def result(self) -> dict:
        standings = self.standings()
        over = self.is_over()
        winners = [s["name"] for s in standings if s["rank"] == 1] if over and standings else []
        start = self.start_player()
        return {
            "game": self.game.name,
            "finished": over,
            "players": [{"name": s["name"], "score": s["score"], "rank": s["rank"]} for s in standings],
            "winner": winners[0] if len(winners) == 1 else (winners or None),
            "start": self.players[start] if start is not None else None,
        }

    def sheet(self):
        """The game's own round-by-round table, or None if it has none."""
        return score_sheet(self.game, self.state)


def actions_in_force(records: list) -> list:
    """The actions of a list of action records still in force, by the
    device's own rule (a bad undo raises RecordError)."""
    use_firmware()
    from usher.core.record import in_force

    keep: list = []
    for i, rec in enumerate(records):
        in_force(keep, i, rec)
    return [records[i] for i in keep]


def score_sheet(game, state):
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


def replay_row(row: dict) -> Replay:
    """A history row's record replayed (its device log)."""
    rec, tail = read_log(row["data"])
    return Replay(rec.header, rec.records, where=rec.where, header_text=rec.header_text)


def score_record(
    header: dict, records: list, where=None, header_line: int = 1, header_text: str = "", sheet: bool = False
) -> dict:
    """The result of a replay: game, finished, players by rank, winner, start
    player; with `sheet`, the game's own score sheet too (e.g. Films' tickets
    by kind) when it has one. `where(i)` names action record i in messages
    (default: its line in a device log, where the header is line 1)."""
    rp = Replay(header, records, where=where, header_line=header_line, header_text=header_text, timeline=False)
    out = rp.result()
    table = rp.sheet() if sheet else None
    if table is not None:
        out["sheet"] = table
    return out


def score_file(path: str) -> dict:
    """`usher score`: a record file read and replayed."""
    rec = parse_bytes(read_file(path))
    assert rec.header is not None
    return score_record(rec.header, rec.records, rec.where, rec.header_line, rec.header_text, sheet=True)
