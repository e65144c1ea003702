"""Reading a record: the bytes of a file given to `usher score` or
`usher import`, or of a log a sync pulled, into its header and action
records (replay.py replays them).

Reading never trusts the input: a record is at most as big as a Pico's flash,
a line at most MAX_LINE bytes, JSON at most MAX_DEPTH levels deep, text UTF-8;
anything else is a ScoreError naming the file's line and quoting it. A
device log (`read_log`) is read by the device's own line decoder
(usher.core.record.decode_line).
"""

import json
import os

from usher_tools.paths import use_firmware

MAX_FILE = 2 * 1024 * 1024  # a Pico's whole flash: no record is longer
MAX_LINE = 64 * 1024  # the longest header a game writes is under 1 KB
MAX_DEPTH = 32  # nesting of a line's JSON (a header is 5 deep)
QUOTE = 100  # characters of a line quoted in a message


class ScoreError(Exception):
    pass


def _no_constant(name: str):
    raise ValueError("%s is not a JSON number" % name)


def quote(text: str) -> str:
    """A line as written, short and on one line (control characters escaped)."""
    out = "".join(c if c >= " " and c not in "\x7f\x85\u2028\u2029" else "\\u%04x" % ord(c) for c in text[:QUOTE])
    return out + ("..." if len(text) > QUOTE else "")


def _depth_ok(value) -> bool:
    todo = [(value, 1)]
    while todo:
        v, d = todo.pop()
        if d > MAX_DEPTH:
            return False
        if isinstance(v, dict):
            todo.extend((x, d + 1) for x in v.values())
        elif isinstance(v, list):
            todo.extend((x, d + 1) for x in v)
    return True


def loads_line(text: str, no: int):
    """One line's JSON, or a ScoreError saying why not."""
    try:
        obj = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise ScoreError("line %d: nested too deeply: %s" % (no, quote(text))) from None
    except ValueError as e:
        raise ScoreError("line %d: not JSON (%s): %s" % (no, str(e).split("\n")[0][:80], quote(text))) from None
    if not _depth_ok(obj):
        raise ScoreError("line %d: nested deeper than %d levels: %s" % (no, MAX_DEPTH, quote(text)))
    return obj


class Record:
    """A record read from text: its header, its action records, and for each
    the file line it came from and that line as written (for messages)."""

    def __init__(self) -> None:
        self.header = None  # type: dict | None
        self.header_line = 1
        self.header_text = ""  # the header's line as written (for messages)
        self.records: list = []
        self.lines: list = []  # file line of each action record
        self.texts: list = []  # each action record's line as written (without its CRC)

    def where(self, i: int) -> str:
        """How a message names action record i (0-based)."""
        return "line %d (action %d): %s" % (self.lines[i], i + 1, quote(self.texts[i]))


def _crc_line(line: str) -> bool:
    star = line.rfind("*")
    tail = line[star + 1 :]
    return star > 0 and len(tail) == 8 and all(c in "0123456789abcdef" for c in tail) and line[star - 1] in "}]"


def binary(data: bytes) -> bool:
    """Whether a file is no text at all (a picture, an archive, a program),
    judged by its first line (at most 4 KB): a NUL byte, or more than one
    character in ten a control character or not UTF-8. Such a file is said
    in one short line, its bytes never quoted (a text record damaged further
    on is still named by its line)."""
    head = data[:4096].lstrip(b"\r\n")
    nl = head.find(b"\n")
    head = head[:nl] if nl >= 0 else head
    if b"\x00" in head:
        return True
    text = head.decode("utf-8", "replace")
    odd = sum(1 for c in text if c == "\ufffd" or (c < " " and c not in "\t\r\n"))
    return bool(text) and odd * 10 > len(text)


def parse_bytes(data: bytes) -> Record:
    """Read a record file's bytes. Lines may carry a CRC (`json*crc`, checked)
    or be plain JSON (hand-written); blank lines and `#` lines are skipped."""
    use_firmware()
    from usher.core.record import decode_line

    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ScoreError("line 1: UTF-16 text: save the record as UTF-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a UTF-8 byte order mark, as some editors write
    if binary(data):
        raise ScoreError("a binary file, not lines of text")
    rec = Record()
    pos = 0
    no = 0
    end = min(len(data), MAX_FILE)
    while pos < end:
        no += 1
        nl = data.find(b"\n", pos, pos + MAX_LINE + 1)
        if nl < 0 and end - pos > MAX_LINE:
            head = data[pos : pos + QUOTE].decode("utf-8", "replace")
            raise ScoreError(
                "line %d: longer than %d bytes, not a record line: %s" % (no, MAX_LINE, quote(head + "..."))
            )
        stop = nl if nl >= 0 else end
        raw = data[pos:stop]
        pos = stop + 1
        try:
            line = raw.decode("utf-8").strip()
        except UnicodeDecodeError as e:
            text = raw.decode("utf-8", "replace")
            raise ScoreError(
                "line %d: not UTF-8 text (byte 0x%02x at column %d): %s" % (no, raw[e.start], e.start + 1, quote(text))
            ) from None
        if not line or line.startswith("#"):
            continue
        if _crc_line(line):
            obj = decode_line((line + "\n").encode())
            if obj is None:
                raise ScoreError("line %d: CRC check failed: %s" % (no, quote(line)))
            line = line[: line.rfind("*")]
            if not _depth_ok(obj):
                raise ScoreError("line %d: nested deeper than %d levels: %s" % (no, MAX_DEPTH, quote(line)))
        else:
            obj = loads_line(line, no)
        if rec.header is None:
            if not isinstance(obj, dict):
                raise ScoreError("line %d: header: not a JSON object: %s" % (no, quote(line)))
            rec.header = obj
            rec.header_line = no
            rec.header_text = line
            continue
        rec.records.append(obj)
        rec.lines.append(no)
        rec.texts.append(line)
    if len(data) > MAX_FILE:
        raise ScoreError("line %d: the record goes on past %d bytes (a Pico's whole flash)" % (no, MAX_FILE))
    if rec.header is None:
        raise ScoreError("line %d: no header: the record is empty" % max(no, 1))
    return rec


def parse_record(text: str) -> tuple:
    """(header, action records) of a record's text (tools and tests)."""
    rec = parse_bytes(text.encode("utf-8"))
    return rec.header, rec.records


def read_file(path: str) -> bytes:
    """A record file's bytes, at most a flash's worth and one more byte."""
    if os.path.isdir(path):
        raise ScoreError("%s is a folder, not a record file" % path)
    try:
        with open(path, "rb") as f:
            return f.read(MAX_FILE + 1)
    except OSError as e:
        raise ScoreError("cannot read %s: %s" % (path, e.strerror or e)) from None


def read_log(data: bytes) -> tuple:
    """(Record, bytes after the last good line) of a log as the device stores
    it (every line with its CRC, see RECORD.md)."""
    use_firmware()
    from usher.core.record import decode_line

    rec = Record()
    pos = 0
    no = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        if end < 0:
            break
        line = data[pos : end + 1]
        obj = decode_line(line)
        if obj is None:
            break
        no += 1
        pos = end + 1
        if rec.header is None:
            if not isinstance(obj, dict):
                raise ScoreError("line 1: header: not a JSON object")
            rec.header = obj
            rec.header_text = line[: line.rfind(b"*")].decode("utf-8", "replace")
            continue
        rec.records.append(obj)
        rec.lines.append(no)
        rec.texts.append(line[: line.rfind(b"*")].decode("utf-8", "replace"))
    if rec.header is None:
        raise ScoreError("line 1: no header")
    return rec, data[pos:]


def parse_log(data: bytes) -> tuple:
    """(header, action records, bytes after the last good line)."""
    rec, tail = read_log(data)
    return rec.header, rec.records, tail
