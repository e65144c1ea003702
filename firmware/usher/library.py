"""The saved games on flash: names, an index for quick listing, the last played.

Each game is a record (`<name>.log`, see RECORD.md). `index.jsonl` caches what
the home screen and the sync link list (game, players, finished, standings),
so listing never replays a game. The index is only a cache: if it is missing or
damaged it is rebuilt from the records themselves.
"""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated
    pass

from usher.core.data import dumps, loads
from usher.core.errors import RecordError
from usher.core.match import Match
from usher.core.record import LOG_EXT, GameLog
from usher.games.catalog import load_game

INDEX = "index.jsonl"
NAME = "g%04d"  # the games' names, numbered


class Library:
    """The index is never held in RAM: every query reads `index.jsonl` a line
    at a time, and every change writes it again line by line. Kept on the
    heap, a hundred games' entries were tens of KB of small objects scattered
    wherever the heap had a hole when each game was added, which left no 4 KB
    in one piece for the sync link at Home."""

    def __init__(self, storage) -> None:
        self.storage = storage
        self.checked = False  # the file on flash was read whole once and found sound
        self.n = -1  # games in the index, once counted (-1: not known)
        self.cur: Any = ("", None)  # (game in play, its finished flag as last saved)
        # a new game's entry waits for `write_due`, which the app calls once
        # the press's frame is shown (the index's rewrite is ~15 ms of the
        # press that starts a game); `_check` finds a game whose entry a
        # power cut took (its record is the next name's)
        self.due: Any = None

    # -- index -----------------------------------------------------------------
    def _check(self) -> None:
        """Read the index once (a line at a time, nothing kept); rebuild it
        from the records if it is missing or damaged. After that, this
        session's own writes keep it sound (each is atomic)."""
        if self.due is not None:
            self.write_due()  # anything that reads the index sees the new game
        if self.checked:
            return
        ok = False
        top = 0  # the highest game number: the next game's record is top + 1's
        if self.storage.exists(INDEX):
            ok = True
            first = True
            lines = self.storage.lines(INDEX)
            try:
                for line in lines:
                    row = loads(line.decode())
                    if not isinstance(row, dict):
                        ok = False
                    elif first:
                        ok = isinstance(row.get("last"), str)
                    elif not isinstance(row.get("name"), str):
                        ok = False
                    else:
                        top = max(top, _number(row["name"]))
                    first = False
                    if not ok:
                        break
                ok = ok and not first
            except (ValueError, UnicodeError):
                ok = False
            finally:
                lines.close()
        if not ok:
            self.rebuild()
        self.checked = True
        if ok:
            self._adopt(NAME % (top + 1))

    def _adopt(self, name: str) -> None:
        """A game started just before a power cut: its record is on flash but
        its entry never reached the index. Listed, and the game to resume."""
        if not self.storage.exists(name + LOG_EXT):
            return
        try:
            e = self._entry(Match.resume(self.storage, name, load_game))
        except (RecordError, ImportError, KeyError, ValueError, TypeError):
            e = {"name": name, "game": "?", "created": 0, "players": [], "finished": False, "broken": True}
        self._change(name, name, e, add=True)

    def _raw(self):
        """The index's lines as bytes: the header first, then a line a game."""
        self._check()
        return self.storage.lines(INDEX)

    @staticmethod
    def _parse(line: bytes):
        try:
            row = loads(line.decode())
        except (ValueError, UnicodeError):
            return None  # damaged since the check: skipped (the next boot rebuilds)
        return row if isinstance(row, dict) else None

    def entries(self, start: int = 0):
        """Each game's index entry from the `start`th on, oldest first, one dict
        at a time (the lines before `start` are not even parsed). A caller that
        stops early closes it (MicroPython closes no generator by itself, and
        this one holds the file open)."""
        lines = self._raw()
        try:
            i = -1
            for line in lines:
                i += 1
                if i <= start:
                    continue  # the header, and the games skipped
                e = self._parse(line)
                if e is not None:
                    yield e
        finally:
            lines.close()

    def head(self) -> dict:
        lines = self._raw()
        try:
            for line in lines:
                return self._parse(line) or {"last": ""}
        finally:
            lines.close()
        return {"last": ""}

    @property
    def index(self) -> dict:
        """The whole index as one object, for tests and tools (the firmware
        itself reads it entry by entry)."""
        return {"games": list(self.entries()), "last": self.head().get("last", "")}

    def rebuild(self) -> None:
        """Read every record's header and replay it to learn if it is over."""
        self._write("", self._rebuilt())
        self.checked = True

    def _rebuilt(self):
        for fname in self.storage.names():
            if not fname.endswith(LOG_EXT):
                continue
            name = fname[: -len(LOG_EXT)]
            try:
                m = Match.resume(self.storage, name, load_game)
            except (RecordError, ImportError, KeyError, ValueError, TypeError):
                broken = {"name": name, "game": "?", "created": 0, "players": [], "finished": False}
                broken["broken"] = True
                yield broken
                continue
            yield self._entry(m)
            m = None

    def _write(self, last: str, entries) -> None:
        """Write the index again: the header, then `entries` (dicts, or lines
        already encoded) from an iterator, which may itself be reading the old
        index: the new one goes to a temporary file first, so it can."""
        self.n = -1
        self.storage.write(INDEX, self._lines(last, entries))

    @staticmethod
    def _lines(last: str, entries):
        yield dumps({"last": last}).encode() + b"\n"
        for e in entries:
            yield e if isinstance(e, bytes) else dumps(e).encode() + b"\n"

    def _change(self, last, name: str = "", new: Any = None, add: bool = False) -> None:
        """Rewrite the index: `last` (None: as it was), the entry of `name`
        replaced by `new` (False: removed; with `add`, appended if the index
        did not hold it). The other lines are copied as they are, never parsed."""
        self._check()
        if last is None:
            last = self.head().get("last", "")
        key = _key(name) if name and new is not None else b""

        def rows():
            head = True
            found = False
            lines = self._raw()
            try:
                for line in lines:
                    if head:
                        head = False
                        continue
                    if key and key in line:
                        e = self._parse(line)
                        if e is not None and e.get("name") == name:
                            found = True
                            if new is not False:
                                yield new
                            continue
                    yield line
            finally:
                lines.close()
            if add and not found:
                yield new

        self._write(last, rows())

    @staticmethod
    def _entry(m: Match) -> dict:
        e = {
            "name": m.name,
            "game": m.game.name,
            "created": m.header.get("created", 0),
            "players": [p["name"] for p in m.setup["players"]],
            "finished": m.is_over(),
        }
        if "uid" in m.header:
            e["uid"] = m.header["uid"]
        if m.header.get("clock") == "unset":  # `created` is no date: the laptop dates it from the sync
            e["clock"] = "unset"
        if e["finished"]:
            e["standings"] = m.standings()
        return e

    # -- queries ---------------------------------------------------------------
    def games(self) -> list:
        """Newest first; each entry also carries the record's size in bytes."""
        out = []
        for e in self.entries():
            e["size"] = self.storage.size(e["name"] + LOG_EXT)
            out.append(e)
        out.sort(key=lambda e: e["name"], reverse=True)
        return out

    def count(self) -> int:
        if self.n < 0:
            n = -1  # the header is no game
            for _ in self._raw():
                n += 1
            self.n = max(n, 0)
        return self.n

    def _scan(self, key: bytes, take) -> None:
        """take(entry) for each entry whose index line holds `key` (only those
        lines are parsed), until take returns True; the file closed after."""
        head = True
        lines = self._raw()
        try:
            for line in lines:
                if head:
                    head = False
                elif key in line:
                    e = self._parse(line)
                    if e is not None and take(e):
                        return
        finally:
            lines.close()

    def find(self, name: str):
        """The entry of a game, or None; only a line that holds the name is parsed."""
        found = []

        def take(e) -> bool:
            if e.get("name") == name:
                found.append(e)
                return True
            return False

        self._scan(_key(name), take)
        return found[0] if found else None

    def find_many(self, names: list) -> dict:
        """{name: entry} of those of `names` the index holds, in one reading."""
        out = {}
        keys = [_key(n) for n in names]
        head = True
        lines = self._raw()
        try:
            for line in lines:
                if head:
                    head = False
                    continue
                for i, name in enumerate(names):
                    if keys[i] in line and name not in out:
                        e = self._parse(line)
                        if e is not None and e.get("name") == name:
                            out[name] = e
                            break
                if len(out) == len(names):
                    break
        finally:
            lines.close()
        return out

    def latest(self, game: str) -> str:
        """The newest game of `game` still in play (not finished, abandoned
        or broken), or ""; only the lines that name the game are parsed."""
        found = [""]

        def take(e) -> bool:
            if e.get("game") == game and not (e.get("finished") or e.get("abandoned") or e.get("broken")):
                if e.get("name", "") > found[0]:
                    found[0] = e["name"]
            return False

        self._scan(b'"game":' + dumps(game).encode(), take)
        return found[0]

    def last(self) -> str:
        name = self.head().get("last", "")
        e = self.find(name) if name else None
        return name if e is not None and not e.get("finished") else ""

    @staticmethod
    def new_uid(fallback: int = 0) -> str:
        """A new game's id for good (12 hex digits from the board's random
        source; on a port without one, e.g. the WebAssembly page, from
        `fallback`, the app's clock): names come back once a game is
        deleted, ids never do."""
        import os

        try:
            return "%012x" % int.from_bytes(os.urandom(6), "big")
        except AttributeError:
            return "%012x" % (fallback & 0xFFFFFFFFFFFF)

    def new_name(self) -> str:
        n = 0
        for e in self.entries():
            n = max(n, _number(e["name"]))
        return NAME % (n + 1)

    # -- changes ---------------------------------------------------------------
    def add(self, m: Match, later: bool = False) -> None:
        """A new game's entry; `later`: at `write_due`, or at the first read
        of the index, whichever comes first."""
        if later:
            self.due = m
            return
        self.due = None
        self.cur = (m.name, m.is_over())
        self._change(m.name, m.name, self._entry(m), add=True)

    def write_due(self) -> None:
        """The entry `add` or `update` left for later (`due`), if what the
        index holds is not that already."""
        m = self.due
        if m is not None:
            self.due = None
            self.cur = ("", None)
            self.update(m)

    def recheck(self, m: Match) -> None:
        """A game just opened: its entry is checked against it at write_due,
        once its first frame is shown (a power cut may have taken the
        listing of its end), and it becomes the game to resume ("last")."""
        self.due = m

    def update(self, m: Match, later: bool = False) -> None:
        """Call after every move: the index is rewritten only when what the
        list shows changed (the game ended, or an undo reopened it);
        `later`: at `write_due` (the app's, once the move's frame is shown),
        or at the first read of the index."""
        if self.due is m:
            return  # its entry, written at write_due, is of the game as it stands then
        if self.cur == (m.name, m.is_over()):
            return
        if later:
            self.due = m
            return
        e = self.find(m.name)
        new = self._entry(m)
        self.cur = (m.name, new["finished"])
        if e is None:
            self._change(m.name, m.name, new, add=True)
        elif e.get("finished") == new["finished"] and self.head().get("last") == m.name:
            return  # nothing the list shows has changed: no flash write
        else:
            self._change(m.name, m.name, new)

    def set_last(self, name: str) -> None:
        if self.head().get("last") != name:
            self._change(name)

    def abandon(self, name: str) -> None:
        """Keep a game's record but take it off the resume row."""
        e = self.find(name)
        last = self.head().get("last", "")
        if e is not None:
            e["abandoned"] = True
        self._change("" if last == name else last, name, e)

    def delete(self, name: str) -> None:
        GameLog(self.storage, name).remove()
        last = self.head().get("last", "")
        self._change("" if last == name else last, name, False)

    def open(self, name: str) -> Match:
        return Match.resume(self.storage, name, load_game)


def _number(name: str) -> int:
    """g0007 -> 7; a name not so made (a laptop's, a test's) -> 0."""
    try:
        return int(name[1:])
    except ValueError:
        return 0


def _key(name: str) -> bytes:
    """What an index line holds when it is this game's (or, rarely, names a
    player so): a cheap test before a line is parsed."""
    return b'"name":' + dumps(name).encode()
