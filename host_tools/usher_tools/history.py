"""The laptop's game history: one SQLite file (standard library sqlite3).

Where: `--db PATH`, else $USHER_DB, else platformdirs' user data folder.
Each game is keyed by (device id, game name) and keeps the record's bytes
exactly as the device sent them, what the device said about it, and what the
laptop's own re-scoring found. A record whose copy is replaced by a different
one (the device cut a torn tail, or reused a deleted name) is archived first:
nothing synced is ever thrown away or silently fixed.
"""

import json
import os
import sqlite3
import time

SCHEMA = 1

TABLES = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS devices(
    id TEXT PRIMARY KEY, fw TEXT NOT NULL DEFAULT '', last_sync INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS games(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    device TEXT NOT NULL,
    name TEXT NOT NULL,
    game TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL DEFAULT 0,
    players TEXT NOT NULL DEFAULT '[]',
    size INTEGER NOT NULL DEFAULT -1,
    data BLOB NOT NULL DEFAULT x'',
    complete INTEGER NOT NULL DEFAULT 0,
    device_view TEXT NOT NULL DEFAULT '{}',
    result TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'partial',
    problem TEXT NOT NULL DEFAULT '',
    synced_at INTEGER NOT NULL DEFAULT 0,
    UNIQUE(device, name));
CREATE TABLE IF NOT EXISTS replaced(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL, data BLOB NOT NULL, status TEXT NOT NULL,
    problem TEXT NOT NULL, replaced_at INTEGER NOT NULL);
"""

# status of a game in the history
PARTIAL = "partial"  # some bytes, transfer not finished
OK = "ok"  # complete, re-scored, agrees with the device
MISMATCH = "mismatch"  # complete, re-scored, differs from what the device said
INVALID = "invalid"  # complete, but the laptop cannot replay it
FLAGGED = (MISMATCH, INVALID)


def default_path() -> str:
    env = os.environ.get("USHER_DB")
    if env:
        return env
    import platformdirs

    return os.path.join(platformdirs.user_data_dir("usher", appauthor=False), "history.sqlite")


class Row(dict):
    """A games row with its JSON columns decoded."""

    @property
    def label(self) -> str:
        return "%s:%s" % (self["device"][:8], self["name"])


class History:
    def __init__(self, path: str | None = None) -> None:
        self.path = path or default_path()
        folder = os.path.dirname(os.path.abspath(self.path))
        os.makedirs(folder, exist_ok=True)
        self.db = sqlite3.connect(self.path, timeout=10)
        self.db.row_factory = sqlite3.Row
        # WAL: a reader (another usher command) never blocks a sync in progress
        self.db.execute("PRAGMA journal_mode=WAL")
        # no fsync per game: a crash keeps the file consistent, and the device
        # still holds every record until someone deletes it there
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(TABLES)
        got = self.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if got is None:
            self.db.execute("INSERT INTO meta VALUES('schema', ?)", (str(SCHEMA),))
            self.db.commit()
        elif int(got[0]) > SCHEMA:
            raise RuntimeError("history %s was written by a newer usher (schema %s)" % (self.path, got[0]))

    def close(self) -> None:
        self.db.close()

    def commit(self) -> None:
        self.db.commit()

    # -- devices -----------------------------------------------------------------
    def note_device(self, device: str, fw: str) -> None:
        self.db.execute(
            "INSERT INTO devices(id, fw, last_sync) VALUES(?,?,?) "
            "ON CONFLICT(id) DO UPDATE SET fw=excluded.fw, last_sync=excluded.last_sync",
            (device, fw, int(time.time())),
        )
        self.db.commit()

    # -- games -------------------------------------------------------------------
    @staticmethod
    def _row(r: sqlite3.Row | None) -> Row | None:
        if r is None:
            return None
        out = Row(dict(r))
        for key in ("players", "device_view", "result"):
            out[key] = json.loads(out[key])
        out["data"] = bytes(out["data"])
        return out

    def get(self, device: str, name: str) -> Row | None:
        return self._row(self.db.execute("SELECT * FROM games WHERE device=? AND name=?", (device, name)).fetchone())

    def by_id(self, gid: int) -> Row | None:
        return self._row(self.db.execute("SELECT * FROM games WHERE id=?", (gid,)).fetchone())

    def all(self) -> list:
        rows = self.db.execute("SELECT * FROM games ORDER BY created, device, name").fetchall()
        return [self._row(r) for r in rows]

    def find(self, ref: str) -> list:
        """Games matching a reference: a row id, `name`, or `device:name`
        (a device id prefix is enough)."""
        if ref.isdigit():
            r = self.by_id(int(ref))
            return [r] if r else []
        if ":" in ref:
            dev, name = ref.rsplit(":", 1)
            rows = self.db.execute(
                "SELECT * FROM games WHERE name=? AND substr(device, 1, ?)=?", (name, len(dev), dev)
            ).fetchall()
        else:
            rows = self.db.execute("SELECT * FROM games WHERE name=?", (ref,)).fetchall()
        return [self._row(r) for r in rows]

    def save_partial(self, device: str, view: dict, data: bytes) -> None:
        """Bytes of a transfer in progress, so a killed sync resumes from them."""
        self._upsert(device, view, data, complete=False, result={}, status=PARTIAL, problem="")

    def save_complete(self, device: str, view: dict, data: bytes, result: dict, status: str, problem: str) -> None:
        self._upsert(device, view, data, complete=True, result=result, status=status, problem=problem)

    def _upsert(self, device, view, data, complete, result, status, problem) -> None:  # type: ignore[no-untyped-def]
        old = self.get(device, view["name"])
        if old is not None and old["data"] and not data.startswith(old["data"]):
            # a different record under the same name: keep the old copy
            self.db.execute(
                "INSERT INTO replaced(game_id, data, status, problem, replaced_at) VALUES(?,?,?,?,?)",
                (old["id"], old["data"], old["status"], old["problem"], int(time.time())),
            )
        values = (
            view.get("game", ""),
            int(view.get("created", 0) or 0),
            json.dumps(view.get("players", [])),
            int(view.get("size", -1)),
            data,
            1 if complete else 0,
            json.dumps(view),
            json.dumps(result),
            status,
            problem,
            int(time.time()),
        )
        if old is None:
            self.db.execute(
                "INSERT INTO games(game, created, players, size, data, complete, device_view, result, status,"
                " problem, synced_at, device, name) VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?)",
                values + (device, view["name"]),
            )
        else:
            self.db.execute(
                "UPDATE games SET game=?, created=?, players=?, size=?, data=?, complete=?, device_view=?,"
                " result=?, status=?, problem=?, synced_at=? WHERE id=?",
                values + (old["id"],),
            )
        self.db.commit()

    def replaced(self, gid: int) -> list:
        rows = self.db.execute("SELECT * FROM replaced WHERE game_id=? ORDER BY id", (gid,)).fetchall()
        return [dict(r) for r in rows]
