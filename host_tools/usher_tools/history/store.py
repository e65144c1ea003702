"""The laptop's game history: one SQLite file (standard library sqlite3).

Where: `--db PATH`, else $USHER_DB, else platformdirs' user data folder.

Each game is keyed by its device and its identity there (`gid`): the uid in
its header (RECORD.md), which a device never gives twice, or for a record
written before uids existed its name and start time (`g0001@1764400000`). A
name the device uses again after a delete is a new game. Each row keeps the
record's bytes exactly as the device sent them, what the device said about
it, and what the laptop's own re-scoring found.

`synced_at` is the last sync that changed a row; `first_seen` the first
sync (or `usher import`, `first_by` says which) that brought any of the
game, kept by every later one and by a copy kept beside it: the date of a
game whose device's clock was never set (history/export.py `when`). A
history from before first_seen (schema 2 and older) knew only synced_at: its
rows take the earliest time the file holds for the game (its copies' syncs,
the syncs that archived a cut record), which may be a later sync than the
first, and say so with first_by ''.

Nothing synced is ever thrown away or silently fixed: a finished game whose
record comes back different is kept, and the new content is kept beside it
as another copy (`copy` 1, 2...); an unfinished one that changed (the device
cut a torn tail) is replaced and its old bytes archived in `replaced`.

The file is marked as ours (SQLite application_id). A file that is not an
usher history (another program's SQLite file, text, garbage), a damaged one,
or one written by a newer usher is refused with a HistoryError and left as
it is: no table added, no switch to WAL. The commands that only read open
it read-only (`read_only`): they create nothing, refuse an empty file, and
read an older schema carried over in memory, the file left as it is.
"""

import json
import os
import sqlite3
import time

from usher_tools.history.status import FLAGGED, INVALID, MISMATCH, OK, PARTIAL  # noqa: F401  (the history's statuses)

SCHEMA = 3
APP_ID = 0x55534852  # "USHR" in the SQLite header's application_id

TABLES = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS devices(
    id TEXT PRIMARY KEY, fw TEXT NOT NULL DEFAULT '', last_sync INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS games(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    device TEXT NOT NULL,
    name TEXT NOT NULL,
    gid TEXT NOT NULL,
    copy INTEGER NOT NULL DEFAULT 0,
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
    first_seen INTEGER NOT NULL DEFAULT 0,
    first_by TEXT NOT NULL DEFAULT '',
    UNIQUE(device, gid, copy));
CREATE TABLE IF NOT EXISTS replaced(
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL, data BLOB NOT NULL, status TEXT NOT NULL,
    problem TEXT NOT NULL, replaced_at INTEGER NOT NULL);
"""

# schema 1 keyed games by (device, name): a name used again replaced the old game
MIGRATE_1 = """
ALTER TABLE games RENAME TO games_v1;
{games}
INSERT INTO games(id, device, name, gid, copy, game, created, players, size, data, complete, device_view,
                  result, status, problem, synced_at)
    SELECT id, device, name, name || '@' || created, 0, game, created, players, size, data, complete,
           device_view, result, status, problem, synced_at FROM games_v1;
DROP TABLE games_v1;
"""

# schema 2 had no first_seen: a clock-less game was dated by whichever sync saved it last
MIGRATE_2 = """
ALTER TABLE games ADD COLUMN first_seen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN first_by TEXT NOT NULL DEFAULT '';
"""

# what a history before schema 3 knows of a game's first sync: the earliest time it holds for it
FIRST_SEEN = """
UPDATE games SET first_seen = MIN(
    (SELECT MIN(g.synced_at) FROM games g WHERE g.device = games.device AND g.gid = games.gid),
    COALESCE((SELECT MIN(r.replaced_at) FROM replaced r JOIN games g ON r.game_id = g.id
              WHERE g.device = games.device AND g.gid = games.gid), 9223372036854775807));
"""

V1_TABLES = {"meta", "devices", "games", "replaced"}


class HistoryError(RuntimeError):
    """The history file cannot be used; the message says why, in one line."""


def default_path() -> str:
    env = os.environ.get("USHER_DB")
    if env:
        return env
    import platformdirs

    return os.path.join(platformdirs.user_data_dir("usher", appauthor=False), "history.sqlite")


def gid_of(view: dict) -> str:
    """A game's identity on its device: the uid its header carries (and the
    device lists), or for a record without one its name and start time."""
    uid = view.get("uid")
    if isinstance(uid, str) and uid:
        return uid
    return "%s@%d" % (view["name"], int(view.get("created", 0) or 0))


class Row(dict):
    """A games row with its JSON columns decoded."""

    @property
    def label(self) -> str:
        return "%s:%s%s" % (self["device"][:8], self["name"], " (copy %d)" % self["copy"] if self["copy"] else "")

    @property
    def finished(self) -> bool:
        return bool(self["complete"]) and bool(self["result"].get("finished") or self["device_view"].get("finished"))


class History:
    def __init__(self, path: str | None = None, create: bool = True, read_only: bool = False) -> None:
        """`create`: make the file (and its folder) when there is none; else
        a HistoryError says there is none. `read_only` (the commands that
        only read: games, show, stats, export, report, delete): nothing is
        written to the file, ever; an empty file is refused as not a history,
        and an older schema is carried over in memory only."""
        self.path = path or default_path()
        if (read_only or not create) and not os.path.exists(self.path):
            raise HistoryError("no history at %s yet: usher sync (or usher import) makes it" % self.path)
        try:
            self.db = self._open_read_only() if read_only else self._open()
        except sqlite3.Error as e:
            msg = "history %s cannot be read (%s): not an usher history, or damaged" % (self.path, e)
            raise HistoryError(msg) from None

    def _open_read_only(self) -> sqlite3.Connection:
        import urllib.request

        path = self.path
        if os.path.isdir(path):
            raise HistoryError("history %s is a folder" % path)
        if os.path.getsize(path) == 0:
            raise HistoryError("%s is an empty file, not an usher history: left untouched" % path)
        uri = "file:%s" % urllib.request.pathname2url(os.path.abspath(path))
        # mode=rw, never creating: a WAL file's last reader removes the -wal and
        # -shm it opened (mode=ro leaves them behind); query_only forbids writes
        try:
            db = sqlite3.connect(uri + "?mode=rw", uri=True, timeout=10)
        except sqlite3.OperationalError:
            db = sqlite3.connect(uri + "?mode=ro", uri=True, timeout=10)  # a file we may not write
        try:
            db.execute("PRAGMA query_only=ON")
            schema = self._check(db)
            if schema == 0:
                raise HistoryError("%s is an empty database, not an usher history: left untouched" % path)
            if schema < SCHEMA:
                # an older usher's history, read as this one reads it: carried over in memory,
                # the file left for the next sync or import to bring up to date
                mem = sqlite3.connect(":memory:")
                db.backup(mem)
                db.close()
                db = mem
                steps = MIGRATE_1.format(games=_games_table()) if schema == 1 else MIGRATE_2
                db.executescript("BEGIN;" + steps + FIRST_SEEN + "COMMIT;" + TABLES)
            db.row_factory = sqlite3.Row
        except BaseException:
            db.close()
            raise
        return db

    def _open(self) -> sqlite3.Connection:
        path = self.path
        if os.path.isdir(path):
            raise HistoryError("history %s is a folder" % path)
        fresh = not os.path.exists(path) or os.path.getsize(path) == 0
        if fresh:
            try:
                os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
            except OSError as e:
                raise HistoryError("cannot make the folder for history %s: %s" % (path, e.strerror)) from None
        try:
            db = sqlite3.connect(path, timeout=10)
        except sqlite3.Error as e:
            raise HistoryError("cannot open history %s: %s" % (path, e)) from None
        try:
            schema = 0 if fresh else self._check(db)
            db.row_factory = sqlite3.Row
            # WAL: a reader (another usher command) never blocks a sync in progress
            db.execute("PRAGMA journal_mode=WAL")
            # no fsync per game: a crash keeps the file consistent, and the device
            # still holds every record until someone deletes it there
            db.execute("PRAGMA synchronous=NORMAL")
            if schema in (1, 2):
                steps = MIGRATE_1.format(games=_games_table()) if schema == 1 else MIGRATE_2
                with db:
                    db.executescript("BEGIN;" + steps + FIRST_SEEN + "COMMIT;")
            db.executescript(TABLES)
            db.execute("PRAGMA application_id=%d" % APP_ID)
            db.execute("INSERT OR REPLACE INTO meta VALUES('schema', ?)", (str(SCHEMA),))
            db.commit()
        except BaseException:
            db.close()
            raise
        return db

    def _check(self, db: sqlite3.Connection) -> int:
        """The schema of an existing file that is ours, or a HistoryError
        (before anything is written to it)."""
        path = self.path
        app = db.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if app != APP_ID and not (app == 0 and (not tables or V1_TABLES <= tables)):
            raise HistoryError("%s is not an usher history (another program's SQLite file?): left untouched" % path)
        if not tables:
            return 0
        if "meta" not in tables:
            raise HistoryError("%s is not an usher history: left untouched" % path)
        got = db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        if got is None or not str(got[0]).isdigit():
            raise HistoryError("%s is not an usher history (no schema): left untouched" % path)
        schema = int(got[0])
        if schema > SCHEMA:
            msg = "history %s was written by a newer usher (schema %d, this one knows %d): update usher"
            raise HistoryError(msg % (path, schema, SCHEMA))
        check = db.execute("PRAGMA quick_check").fetchone()[0]
        if check != "ok":
            raise HistoryError("history %s is damaged (%s): restore a backup or move it away" % (path, check))
        return schema

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

    def latest(self, device: str, gid: str) -> Row | None:
        """The newest copy of a game (see the module's docstring)."""
        q = "SELECT * FROM games WHERE device=? AND gid=? ORDER BY copy DESC LIMIT 1"
        return self._row(self.db.execute(q, (device, gid)).fetchone())

    def get(self, device: str, name: str) -> Row | None:
        """The game synced last under a name (a name may have had several)."""
        q = "SELECT * FROM games WHERE device=? AND name=? ORDER BY synced_at DESC, id DESC LIMIT 1"
        return self._row(self.db.execute(q, (device, name)).fetchone())

    def by_id(self, gid: int) -> Row | None:
        return self._row(self.db.execute("SELECT * FROM games WHERE id=?", (gid,)).fetchone())

    def all(self) -> list:
        rows = self.db.execute("SELECT * FROM games ORDER BY created, device, name, id").fetchall()
        return [self._row(r) for r in rows]

    def find(self, ref: str) -> list:
        """Games matching a reference: a row id, `name`, a game's uid, or
        `device:name` (a device id prefix is enough)."""
        if ref.isdigit():
            r = self.by_id(int(ref))
            if r:
                return [r]
        if ":" in ref:
            dev, name = ref.rsplit(":", 1)
            rows = self.db.execute(
                "SELECT * FROM games WHERE (name=? OR gid=?) AND substr(device, 1, ?)=? ORDER BY id",
                (name, name, len(dev), dev),
            ).fetchall()
        else:
            rows = self.db.execute("SELECT * FROM games WHERE name=? OR gid=? ORDER BY id", (ref, ref)).fetchall()
        return [self._row(r) for r in rows]

    def save_partial(self, device: str, view: dict, data: bytes) -> tuple:
        """Bytes of a transfer in progress, so a killed sync resumes from them.
        Never over a complete copy that already holds these bytes: a record
        saved whole stays whole (a late checkpoint once made it partial)."""
        old = self.latest(device, gid_of(view))
        if old is not None and old["complete"] and old["data"].startswith(data):
            return old, ""
        return self._upsert(device, view, data, complete=False, result={}, status=PARTIAL, problem="")

    def save_complete(self, device: str, view: dict, data: bytes, result: dict, status: str, problem: str) -> tuple:
        """(row, note): `note` says when a finished game was kept beside it."""
        return self._upsert(device, view, data, complete=True, result=result, status=status, problem=problem)

    def _upsert(self, device, view, data, complete, result, status, problem) -> tuple:
        gid = gid_of(view)
        old = self.latest(device, gid)
        now = int(time.time())
        # the first sync or import that brought any of this game dates it for good
        first = (old["first_seen"], old["first_by"]) if old else (now, "import" if view.get("imported") else "sync")
        copy = 0
        note = ""
        if old is not None and old["data"] and not data.startswith(old["data"]):
            if old.finished:
                # never overwrite a finished game: the new content is another copy beside it
                copy = old["copy"] + 1
                note = "%s came back different from the finished game the history holds (id %d): both kept" % (
                    view["name"],
                    old["id"],
                )
                old = None
            else:
                # the same game cut and gone on differently: replaced, the old copy archived
                self.db.execute(
                    "INSERT INTO replaced(game_id, data, status, problem, replaced_at) VALUES(?,?,?,?,?)",
                    (old["id"], old["data"], old["status"], old["problem"], now),
                )
        elif old is not None:
            copy = old["copy"]
        values = (
            view["name"],
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
            now,
        )
        if old is None:
            cur = self.db.execute(
                "INSERT INTO games(name, game, created, players, size, data, complete, device_view, result, status,"
                " problem, synced_at, device, gid, copy, first_seen, first_by)"
                " VALUES(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                values + (device, gid, copy) + first,
            )
            rid = cur.lastrowid
            assert rid is not None  # an INSERT sets it
        else:
            self.db.execute(
                "UPDATE games SET name=?, game=?, created=?, players=?, size=?, data=?, complete=?, device_view=?,"
                " result=?, status=?, problem=?, synced_at=? WHERE id=?",
                values + (old["id"],),
            )
            rid = old["id"]
        self.db.commit()
        return self.by_id(rid), note

    def replaced(self, gid: int) -> list:
        rows = self.db.execute("SELECT * FROM replaced WHERE game_id=? ORDER BY id", (gid,)).fetchall()
        return [dict(r) for r in rows]


def _games_table() -> str:
    start = TABLES.index("CREATE TABLE IF NOT EXISTS games(")
    end = TABLES.index("CREATE TABLE IF NOT EXISTS replaced(")
    return TABLES[start:end].replace("IF NOT EXISTS ", "")
