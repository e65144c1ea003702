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


class Library:
    def __init__(self, storage) -> None:
        self.storage = storage
        self._idx: Any = None
        self.cur: Any = ("", None)  # (game in play, its finished flag as last saved)

    @property
    def index(self) -> dict:
        """The index, read from flash when first needed. With a hundred games
        it is tens of KB on the heap, so it is dropped (`release`) while a
        game is played: a move only touches it when the game ends."""
        if self._idx is None:
            self._idx = self._load()
        return self._idx

    def release(self) -> None:
        self._idx = None

    # -- index -----------------------------------------------------------------
    def _load(self) -> dict:
        # JSON lines: a first line with the last game played, then one line a
        # game, so neither reading nor writing needs one long string (a
        # hundred games would be a 10 KB block a fragmented heap may lack).
        if self.storage.exists(INDEX):
            games = []
            last = None
            try:
                for line in self.storage.lines(INDEX):
                    row = loads(line.decode())
                    if not isinstance(row, dict):
                        break
                    if last is None:
                        last = row.get("last")
                        if not isinstance(last, str):
                            break
                    elif isinstance(row.get("name"), str):
                        games.append(row)
                    else:
                        break
                else:
                    if last is not None:
                        return {"games": games, "last": last}
            except (ValueError, UnicodeError):
                pass
        return self.rebuild()

    def rebuild(self) -> dict:
        """Read every record's header and replay it to learn if it is over."""
        games = []
        for fname in self.storage.names():
            if not fname.endswith(LOG_EXT):
                continue
            name = fname[: -len(LOG_EXT)]
            try:
                m = Match.resume(self.storage, name, load_game)
            except (RecordError, ImportError, KeyError, ValueError, TypeError):
                broken = {"name": name, "game": "?", "created": 0, "players": [], "finished": False}
                broken["broken"] = True
                games.append(broken)
                continue
            games.append(self._entry(m))
        idx = {"games": games, "last": ""}
        self._idx = idx
        self._save()
        return idx

    def _save(self) -> None:
        idx = self.index
        rows = [dumps({"last": idx.get("last", "")}).encode() + b"\n"]
        for e in idx["games"]:
            rows.append(dumps(e).encode() + b"\n")
        self.storage.write(INDEX, tuple(rows))

    @staticmethod
    def _entry(m: Match) -> dict:
        e = {
            "name": m.name,
            "game": m.game.name,
            "created": m.header.get("created", 0),
            "players": [p["name"] for p in m.setup["players"]],
            "finished": m.is_over(),
        }
        if m.header.get("clock") == "unset":  # `created` is no date: the laptop dates it from the sync
            e["clock"] = "unset"
        if e["finished"]:
            e["standings"] = m.standings()
        return e

    # -- queries ---------------------------------------------------------------
    def games(self) -> list:
        """Newest first; each entry also carries the record's size in bytes."""
        out = []
        for e in self.index["games"]:
            e = dict(e)
            e["size"] = self.storage.size(e["name"] + LOG_EXT)
            out.append(e)
        out.sort(key=lambda e: e["name"], reverse=True)
        return out

    def find(self, name: str):
        for e in self.index["games"]:
            if e["name"] == name:
                return e
        return None

    def last(self) -> str:
        name = self.index.get("last", "")
        e = self.find(name) if name else None
        return name if e is not None and not e.get("finished") else ""

    def new_name(self) -> str:
        n = 0
        for e in self.index["games"]:
            try:
                n = max(n, int(e["name"][1:]))
            except ValueError:
                pass
        return "g%04d" % (n + 1)

    # -- changes ---------------------------------------------------------------
    def add(self, m: Match) -> None:
        self.cur = (m.name, m.is_over())
        self.index["games"].append(self._entry(m))
        self.index["last"] = m.name
        self._save()

    def update(self, m: Match) -> None:
        """Call after every move: the index is rewritten only when what the
        list shows changed (the game ended, or an undo reopened it)."""
        if self.cur == (m.name, m.is_over()):
            return
        e = self.find(m.name)
        new = self._entry(m)
        self.cur = (m.name, new["finished"])
        if e is None:
            self.index["games"].append(new)
        elif e.get("finished") == new["finished"] and self.index.get("last") == m.name:
            return  # nothing the list shows has changed: no flash write
        else:
            e.clear()
            e.update(new)
        self.index["last"] = m.name
        self._save()

    def set_last(self, name: str) -> None:
        if self.index.get("last") != name:
            self.index["last"] = name
            self._save()

    def abandon(self, name: str) -> None:
        """Keep a game's record but take it off the resume row."""
        e = self.find(name)
        if e is not None:
            e["abandoned"] = True
        if self.index.get("last") == name:
            self.index["last"] = ""
        self._save()

    def delete(self, name: str) -> None:
        GameLog(self.storage, name).remove()
        self.index["games"] = [e for e in self.index["games"] if e["name"] != name]
        if self.index.get("last") == name:
            self.index["last"] = ""
        self._save()

    def open(self, name: str) -> Match:
        return Match.resume(self.storage, name, load_game)
