"""Framing of the USB sync protocol (see firmware/PROTOCOL.md).

A message is one line of printable ASCII: a direction prefix, compact JSON
with every non-ASCII character escaped, `*`, the CRC-32 of the JSON as 8 hex
digits, and a newline. The prefix tells protocol lines from REPL output, and
its case tells the host's lines (`@U `) from the device's (`@u `), so an echo
is never mistaken for a reply.
"""

from usher.core.crc import crc_hex
from usher.core.data import dumps, loads

PROTO = 1
FROM_HOST = b"@U "
FROM_DEVICE = b"@u "

try:
    from binascii import crc32 as _crc32
except ImportError:  # pragma: no cover - every build we ship has binascii
    _crc32 = None  # type: ignore[assignment]


def crc_more(data, crc: int = 0) -> int:
    """CRC-32 of the bytes so far, continued over `data` (zlib's convention)."""
    if _crc32 is not None:
        return _crc32(data, crc) & 0xFFFFFFFF
    from usher.core.crc import _soft_crc32

    return _soft_crc32(bytes(data), crc)


def ascii_json(obj) -> str:
    """Compact JSON with only printable ASCII: MicroPython's json writes
    non-ASCII characters (and DEL) raw, so escape them here."""
    text = dumps(obj)
    raw = text.encode()
    if len(raw) == len(text) and b"\x7f" not in raw:
        return text
    out = []
    for c in text:
        o = ord(c)
        if o < 0x7F:
            out.append(c)
        elif o < 0x10000:
            out.append("\\u%04x" % o)
        else:  # a surrogate pair, as JSON spells characters beyond the BMP
            o -= 0x10000
            out.append("\\u%04x\\u%04x" % (0xD800 + (o >> 10), 0xDC00 + (o & 0x3FF)))
    return "".join(out)


def encode(obj, prefix: bytes = FROM_DEVICE) -> bytes:
    return encode_text(ascii_json(obj), prefix)


def encode_text(text: str, prefix: bytes = FROM_DEVICE) -> bytes:
    """A line from JSON already written as ASCII text."""
    body = text.encode()
    return prefix + body + b"*" + crc_hex(body).encode() + b"\n"


class WireError(Exception):
    """A line that is not a valid message: `code` is the error code sent back."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


def decode(line, prefix: bytes = FROM_HOST):
    """The JSON object of a line (without its newline), or WireError.
    Returns None for a line without the prefix: REPL noise, not ours."""
    if len(line) < len(prefix) or bytes(line[: len(prefix)]) != prefix:
        return None
    star = len(line) - 9
    if star < len(prefix) or line[star] != 0x2A:  # "*"
        raise WireError("frame")
    body = bytes(line[len(prefix) : star])
    if crc_hex(body).encode() != bytes(line[star + 1 :]):
        raise WireError("crc")
    try:
        obj = loads(body.decode())
    except Exception:  # ValueError, UnicodeError, MemoryError on deep nesting
        raise WireError("json")
    if not isinstance(obj, dict):
        raise WireError("json")
    return obj


def read_range(storage, name: str, off: int, n: int) -> bytes:
    """Bytes [off, off+n) of a file, without reading all of it (every
    storage offers `read_at`); a file that is gone reads as nothing."""
    try:
        return storage.read_at(name, off, n)
    except (OSError, KeyError):
        return b""


def crc_prefix(storage, name: str, n: int) -> int:
    """CRC-32 of a file's first n bytes, read a piece at a time."""
    crc = 0
    off = 0
    while off < n:
        piece = read_range(storage, name, off, min(1024, n - off))
        if not piece:
            break
        crc = crc_more(piece, crc)
        off += len(piece)
    return crc
