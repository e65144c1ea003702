"""What the sync link answers: game list pages, the pull's checks and the
chunked transfer of records (see firmware/PROTOCOL.md). The checks of what
the host writes (roster, settings) are usher.link.checks, loaded for them."""

from binascii import b2a_base64

from usher.core.record import LOG_EXT
from usher.link.wire import FROM_DEVICE, ascii_json, crc_more, crc_prefix

CHUNK = 768  # record bytes per chunk line: 1024 base64 characters, about 1.1 KB a line
PAGE_BYTES = 1200  # a list page stops growing past this, so a reply stays bounded
MAX_BATCH = 16  # games in one pull request


def entry_view(storage, e: dict, secret: bool, open_: bool = False) -> dict:
    """One game as `list` shows it; standings only once it is over; `open`
    for the game open on the device (a delete of it is refused)."""
    out = {
        "name": e["name"],
        "game": e.get("game", "?"),
        "created": e.get("created", 0),
        "players": e.get("players", []),
        "finished": bool(e.get("finished")),
        "size": storage.size(e["name"] + LOG_EXT),
    }
    if "uid" in e:
        out["uid"] = e["uid"]
    if e.get("broken"):
        out["broken"] = True
    if e.get("clock") == "unset":
        out["clock"] = "unset"
    if out["finished"] and "standings" in e:
        out["standings"] = [[s["name"], s["score"], s["rank"]] for s in e["standings"]]
    if secret:
        out["secret"] = True
    if open_:
        out["open"] = True
    return out


def list_page(link, rid: int, start: int) -> str:
    """The JSON of one `list` reply, built as text so a page is measured while
    it grows and the whole list never exists as objects at once (nor the
    index: its entries are read one at a time)."""
    lib = link.library
    parts: list = []
    used = 0
    nxt = -1  # the first entry that did not fit this page
    i = start
    entries = lib.entries(start)
    try:
        for e in entries:
            text = ascii_json(entry_view(lib.storage, e, link.needs_press(e), e["name"] == link.playing[0]))
            if parts and used + len(text) > PAGE_BYTES:
                nxt = i
                break
            parts.append(text)
            used += len(text) + 1
            i += 1
    finally:
        entries.close()  # it holds the index open
    total = lib.count()
    more = str(nxt) if nxt >= 0 else "null"
    return '{"id":%d,"ok":true,"total":%d,"next":%s,"games":[%s]}' % (rid, total, more, ",".join(parts))


# -- what the host may send ----------------------------------------------------
def is_int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def pull_items(args) -> list:
    """[[name, from, crc_hex]] checked, or None."""
    games = args.get("games")
    if not isinstance(games, list) or not 1 <= len(games) <= MAX_BATCH:
        return None  # type: ignore[return-value]
    out = []
    for g in games:
        if not isinstance(g, list) or len(g) != 3:
            return None  # type: ignore[return-value]
        name, start, crc = g
        if not isinstance(name, str) or not is_int(start) or start < 0 or not isinstance(crc, str):
            return None  # type: ignore[return-value]
        out.append([name, start, crc])
    return out


# -- the transfer ---------------------------------------------------------------
class Reader:
    """One record opened for reading by offset: the storage's `opened`
    reader (on the flash, one open per game, not per chunk)."""

    def __init__(self, storage, name: str) -> None:
        self.f = None
        try:
            self.f = storage.opened(name)
        except (OSError, KeyError):
            self.f = None

    def read(self, off: int, n: int) -> bytes:
        if self.f is None:
            return b""
        return self.f.read_at(off, n)

    def close(self) -> None:
        if self.f is not None:
            self.f.close()
            self.f = None


class Transfer:
    """Streams the records of a batch, one chunk line each time the output
    queue has room. Each chunk carries its offset and the CRC of the file up
    to its end, so the host can check and resume from any chunk boundary."""

    def __init__(self, link, rid: int, items: list, found=None) -> None:
        self.link = link
        # the games of the batch the index holds (read once, not once a game)
        self.found = found if found is not None else link.library.find_many([it[0] for it in items])
        self.rid = rid
        self.items = items
        self.i = -1
        self.name = ""
        self.head = b""  # the start of every chunk line of this game
        self.reader = None  # type: Reader | None
        self.off = 0
        self.size = 0
        self.crc = 0
        self.done = False
        self._next_game()

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
            self.reader = None

    def _next_game(self) -> None:
        self.close()
        self.i += 1
        self.name = ""
        while self.i < len(self.items):
            name, start, want = self.items[self.i]
            if self._open(name, start, want):
                return
            self.i += 1

    def _open(self, name: str, start: int, want: str) -> bool:
        """Start sending one game; queue its error line and skip it if it cannot."""
        storage = self.link.library.storage
        size = storage.size(name + LOG_EXT)
        if name not in self.found or size < 0:
            self.link.send({"id": self.rid, "name": name, "err": "nogame"})
            return False
        crc = crc_prefix(storage, name + LOG_EXT, start) if start else 0
        if start > size or (start and "%08x" % crc != want):
            self.link.send({"id": self.rid, "name": name, "err": "changed", "size": size})
            return False
        self.name = name
        self.off = start
        self.size = size
        self.crc = crc
        self.reader = Reader(storage, name + LOG_EXT)
        self.head = ('{"id":%d,"name":%s,"size":%d,' % (self.rid, ascii_json(name), size)).encode()
        return True

    def step(self) -> int:
        """Queue the next line; return the record bytes it carried."""
        if self.done:
            return 0
        if not self.name:
            self.done = True
            self.link.send({"id": self.rid, "ok": True, "done": True})
            return 0
        if self.off >= self.size:
            self.link.send({"id": self.rid, "name": self.name, "end": self.size, "crc": "%08x" % self.crc})
            self._next_game()
            return 0
        assert self.reader is not None
        data = self.reader.read(self.off, min(CHUNK, self.size - self.off))
        if not data:  # the file shrank under us (deleted): tell the host, go on
            self.link.send({"id": self.rid, "name": self.name, "err": "changed", "size": -1})
            self._next_game()
            return 0
        crc = crc_more(data, self.crc)
        # built as bytes, its CRC taken piece by piece: no JSON encoder, no
        # copy of the base64 text (this line is most of what a sync sends)
        b64 = memoryview(b2a_base64(data))[:-1]
        mid = b'"off":%d,"data":"' % self.off
        tail = b'","crc":"%08x"}' % crc
        line_crc = crc_more(tail, crc_more(b64, crc_more(mid, crc_more(self.head))))
        if not self.link.queue_parts((FROM_DEVICE, self.head, mid, b64, tail, b"*%08x\n" % line_crc)):
            return 0  # no room after all: the same chunk goes next tick
        self.crc = crc
        self.off += len(data)
        return len(data)
