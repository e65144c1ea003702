"""The game record: an append-only log of accepted actions, one per line.

Format (see firmware/RECORD.md): each line is `<json>*<crc32 hex>\\n`. Line 1
is the header (format version, game, setup with every component value), each
further line one accepted action. A torn or corrupt tail is detected by its
CRC, reported, set aside in `<name>.bad`, and never replayed.

Storage is passed in: any object with read/append/write/remove/exists (see
usher.board.storage.DirStorage and tests' MemStorage).
"""

from usher.core.crc import crc_hex
from usher.core.data import dumps, loads
from usher.core.errors import RecordError

FORMAT = 1
LOG_EXT = ".log"
SNAP_EXT = ".snap"
BAD_EXT = ".bad"


def encode_line(obj) -> bytes:  # type: ignore[no-untyped-def]
    text = dumps(obj)
    body = text.encode()
    return body + b"*" + crc_hex(body).encode() + b"\n"


def decode_line(line: bytes):  # type: ignore[no-untyped-def]
    """The object on a complete line, or None if the line fails its check."""
    if not line.endswith(b"\n"):
        return None
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 10:
        return None
    body = line[:star]
    if crc_hex(body).encode() != line[star + 1 : -1]:
        return None
    try:
        return loads(body.decode())
    except ValueError:
        return None


class Loaded:
    """What `GameLog.load` recovered, and what it had to drop."""

    def __init__(self, header: dict, records: list, good_bytes: int, dropped: bytes) -> None:
        self.header = header
        self.records = records
        self.good_bytes = good_bytes
        self.dropped = dropped

    def dropped_note(self) -> str:
        if not self.dropped:
            return ""
        return "dropped %d bytes" % len(self.dropped)


def split_records(data: bytes) -> tuple:
    """(objects of the leading good lines, byte length they span)."""
    out = []
    pos = 0
    n = len(data)
    while pos < n:
        end = data.find(b"\n", pos)
        if end < 0:
            break
        obj = decode_line(data[pos : end + 1])
        if obj is None:
            break
        out.append(obj)
        pos = end + 1
    return out, pos


class GameLog:
    def __init__(self, storage, name: str) -> None:  # type: ignore[no-untyped-def]
        self.storage = storage
        self.name = name
        self.path = name + LOG_EXT
        self.torn = False  # a failed append may have left half a line

    # -- writing -------------------------------------------------------------
    def create(self, header: dict) -> None:
        if self.storage.exists(self.path):
            raise RecordError("exists: " + self.name)
        head = {"usher": FORMAT}
        for k in header:
            head[k] = header[k]
        self.storage.write(self.path, encode_line(head))

    def append(self, action: dict) -> None:
        """Exactly one append per accepted action. After a failed append (flash
        full, power dip) the half line is set aside first, so this record does
        not get glued to it and lost on the next boot."""
        if self.torn:
            self.load()
            self.torn = False
        try:
            self.storage.append(self.path, encode_line(action))
        except OSError:
            self.torn = True
            raise

    # -- reading -------------------------------------------------------------
    def load(self) -> Loaded:
        """Every complete record; a torn or corrupt tail is set aside in
        `<name>.bad` (appended, never deleted) and cut from the log, so the next
        append starts on a clean line."""
        data = self.storage.read(self.path)
        if data is None:
            raise RecordError("no record " + self.name)
        objs, good = split_records(data)
        if not objs or not isinstance(objs[0], dict) or "usher" not in objs[0]:
            raise RecordError("bad header " + self.name)
        if objs[0]["usher"] != FORMAT:
            raise RecordError("format %s unknown" % objs[0]["usher"])
        dropped = data[good:]
        if dropped:
            self.storage.append(self.name + BAD_EXT, dropped)
            self.storage.write(self.path, data[:good])
        return Loaded(objs[0], objs[1:], good, dropped)

    # -- snapshots -----------------------------------------------------------
    def write_snapshot(self, seq: int, keep: int, state: dict) -> None:
        """A state after record `seq` (count of action records), whose
        effective action list had length `keep`. Written atomically."""
        self.storage.write(self.name + SNAP_EXT, encode_line({"seq": seq, "keep": keep, "state": state}))

    def read_snapshot(self):  # type: ignore[no-untyped-def]
        data = self.storage.read(self.name + SNAP_EXT)
        if not data:
            return None
        obj = decode_line(data)
        if not isinstance(obj, dict) or "seq" not in obj:
            return None
        return obj

    def remove(self) -> None:
        for ext in (LOG_EXT, SNAP_EXT):
            if self.storage.exists(self.name + ext):
                self.storage.remove(self.name + ext)
