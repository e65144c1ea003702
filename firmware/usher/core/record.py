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
SNAP_EXT = ".snap"  # the latest snapshot
PREV_EXT = ".snap1"  # the one before it, while no undo has reached behind it
BAD_EXT = ".bad"


def encode_line(obj) -> bytes:
    text = dumps(obj)
    body = text.encode()
    return body + b"*" + crc_hex(body).encode() + b"\n"


def checked(line: bytes):
    """The JSON text of a complete line whose check holds, else None (a torn
    or corrupt line): the check alone, without reading the JSON."""
    if not line.endswith(b"\n"):
        return None
    star = line.rfind(b"*")
    if star < 0 or len(line) - star != 10:
        return None
    body = line[:star]
    if crc_hex(body).encode() != line[star + 1 : -1]:
        return None
    return body


def decode_line(line: bytes):
    """The object on a complete line, or None if the line fails its check."""
    body = checked(line)
    if body is None:
        return None
    try:
        return loads(body.decode())
    except ValueError:
        return None


class Loaded:
    """What `GameLog.load` found: the header, how many action records follow,
    which of them are still in force, and what had to be set aside."""

    def __init__(self, header: dict, count: int, inforce: list, low: int, dropped: int, low2: int = -1) -> None:
        self.header = header
        self.tail: list = []  # [index, line] of the last TAIL action records, as read (Match.resume replays from them)
        self.count = count  # action records (undos included)
        self.inforce = inforce  # indices (0-based, among action records) still in force
        self.low = low  # fewest actions in force at any point after record `since` (see load)
        self.low2 = low2  # the same after record `since2`
        self.dropped = dropped  # bytes set aside

    def dropped_note(self) -> str:
        if not self.dropped:
            return ""
        return "dropped %d bytes" % self.dropped


UNDO = "undo"
# an undo record's line holds these bytes (dumps writes no escapes in ASCII
# names); a line without them is never one
UNDO_BYTES = b'"undo"'
# action records' lines `load` keeps as it read them: the most a resume
# replays after its snapshot and keeps as `recent` in the common case (the
# match's RECENT and a few undos), so it need not read the log a second time
TAIL = 20


def in_force(keep: list, i: int, rec) -> int:
    """The one replay of undos: feed it record i (0-based, among the action
    records: the header excluded) and `keep`, the indices of the actions in
    force before it; it updates `keep` and returns how many actions the record
    cancelled (0 for an ordinary action). An undo's `n` (1 when left out) must
    be a whole number from 1 to the actions in force: anything else (0, -1,
    "x", true, 3.0, too many) is a RecordError naming the action (i + 1),
    and `keep` is left as it was.
    The device streams its record from flash through it at boot, the Match
    at each press, the laptop a file or a sync: one rule on every side."""
    if not isinstance(rec, dict) or rec.get("t") != UNDO:
        keep.append(i)
        return 0
    n = rec.get("n", 1)
    if isinstance(n, bool) or not isinstance(n, int) or n < 1 or n > len(keep):
        raise RecordError("action %d: undo n must be 1-%d" % (i + 1, len(keep)))  # 1-0: nothing to undo
    del keep[len(keep) - n :]
    return n


class GameLog:
    def __init__(self, storage, name: str) -> None:
        self.storage = storage
        self.name = name
        self.path = name + LOG_EXT
        self.torn = False  # a failed append may have left half a line
        self.header_line = b""  # a new record's header, while it waits (create's `later`)

    # -- writing -------------------------------------------------------------
    def create(self, header: dict, later: bool = False) -> dict:
        """Write a new record's header line; the header as a reading of the
        record gives it back (no second trip to the flash). `later`: the
        line waits for `write_header`."""
        if self.storage.exists(self.path):
            raise RecordError("exists: " + self.name)
        head = {"usher": FORMAT}
        for k in header:
            head[k] = header[k]
        line = encode_line(head)
        if later:
            self.header_line = line
        else:
            self.storage.write(self.path, line)
        return decode_line(line)

    def write_header(self) -> None:
        """The header line `create` left for later, if any."""
        line = self.header_line
        if line:
            self.storage.write(self.path, line)
            self.header_line = b""

    def append(self, action: dict) -> None:
        """Exactly one append per accepted action. After a failed append (flash
        full, power dip) the half line is set aside first, so this record does
        not get glued to it and lost on the next boot."""
        self.append_all([action])

    def append_all(self, actions: list) -> None:
        """The actions' lines in one append (one flash write for a press's
        changes); as `append`."""
        if self.torn:
            self.load()
            self.torn = False
        data = b"".join([encode_line(a) for a in actions])
        try:
            self.storage.append(self.path, data)
        except OSError:
            self.torn = True
            raise

    # -- reading -------------------------------------------------------------
    def records(self):
        """The action records in order, one line at a time (a long game's
        record never sits in RAM whole). Stops at the first damaged line."""
        for line in self.lines():
            obj = decode_line(line)
            if obj is None:
                return
            yield obj

    def lines(self):
        """The action records' lines as they are on flash, unchecked and
        unread (a replay reads only those it needs); nothing if the header
        line is damaged."""
        first = True
        for line in self.storage.lines(self.path):
            if first:
                first = False
                if decode_line(line) is None:
                    return
                continue
            yield line

    def load(self, since: int = -1, since2: int = -1) -> Loaded:
        """Read the record line by line: its header, which actions are in
        force, and where the good part ends. `low` is the fewest actions in
        force at any point after the first `since` records: a snapshot taken
        there is usable only if no later undo reached below its count (`low2`
        the same after `since2`, for the snapshot before it). A torn or corrupt tail is moved
        to `<name>.bad` (appended, never deleted) and cut from the log, so the
        next append starts on a clean line."""
        if not self.storage.exists(self.path):
            raise RecordError("no record " + self.name)
        header = None
        good = 0
        count = 0
        inforce: list = []
        low = low2 = -1
        tail: list = []
        for line in self.storage.lines(self.path):
            if header is None:
                header = decode_line(line)
                if header is None:
                    break
                good += len(line)
                continue
            # every line's check is made (a torn or corrupt line ends the
            # record here), but only an undo changes which actions are in
            # force: a line that cannot be one is not read as JSON (the
            # Pico's slowest part of a resume)
            if checked(line) is None:
                break
            obj = decode_line(line) if UNDO_BYTES in line else None
            if obj is None and UNDO_BYTES in line:
                break  # a checked line that is no JSON: damaged as well
            good += len(line)
            tail.append([count, line])
            if len(tail) > TAIL:
                tail.pop(0)
            in_force(inforce, count, obj)
            count += 1
            n = len(inforce)
            if count == since:
                low = n
            elif count > since >= 0 and n < low:
                low = n
            if count == since2:
                low2 = n
            elif count > since2 >= 0 and n < low2:
                low2 = n
        if not isinstance(header, dict) or "usher" not in header:
            raise RecordError("bad header " + self.name)
        if header["usher"] != FORMAT:
            raise RecordError("format %s unknown" % header["usher"])
        dropped = self.storage.size(self.path) - good
        if dropped > 0:
            self.storage.split(self.path, good, self.name + BAD_EXT)
        loaded = Loaded(header, count, inforce, low, max(0, dropped), low2)
        loaded.tail = tail
        return loaded

    # -- snapshots -----------------------------------------------------------
    def write_snapshot(self, seq: int, keep: int, state: dict, prev=None) -> None:
        """A state after record `seq` (count of action records), whose
        effective action list had length `keep`. Written atomically, in
        pieces: the line is never built as one more copy of the state.
        `prev`: [seq, keep] of the snapshot kept before it (`<name>.snap1`)."""
        snap = {"seq": seq, "keep": keep, "state": state}
        if prev:
            snap["prev"] = prev
        body = dumps(snap).encode()
        self.storage.write(self.name + SNAP_EXT, (body, b"*", crc_hex(body).encode(), b"\n"))

    def keep_snapshot(self) -> None:
        """The latest snapshot becomes the one before (`<name>.snap1`)."""
        self.storage.rename(self.name + SNAP_EXT, self.name + PREV_EXT)

    def read_snapshot(self, ext: str = SNAP_EXT):
        data = self.storage.read(self.name + ext)
        if not data:
            return None
        obj = decode_line(data)
        if not isinstance(obj, dict) or "seq" not in obj:
            return None
        return obj

    def remove(self) -> None:
        for ext in (LOG_EXT, SNAP_EXT, PREV_EXT):
            if self.storage.exists(self.name + ext):
                self.storage.remove(self.name + ext)
