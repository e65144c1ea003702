"""What the sync link answers: game list pages, checks on what the host
sends, and the chunked transfer of records (see firmware/PROTOCOL.md)."""

from binascii import b2a_base64

from usher.core.record import LOG_EXT
from usher.link.wire import FROM_DEVICE, ascii_json, crc_more, crc_prefix

CHUNK = 768  # record bytes per chunk line: 1024 base64 characters, about 1.1 KB a line
PAGE_BYTES = 1200  # a list page stops growing past this, so a reply stays bounded
MAX_BATCH = 16  # games in one pull request
MAX_NAME = 16  # characters in a player's name
MAX_ROSTER = 16


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


def undrawable(s: str) -> str:
    """The first character of s the text fonts cannot draw ('' if none): a
    name holding one is refused, never drawn wrongly (usher.ui.fonts.NAME_RANGES)."""
    from usher.ui.fonts import NAME_RANGES

    for ch in s:
        o = ord(ch)
        i = 0
        while i < len(NAME_RANGES) and not NAME_RANGES[i] <= o <= NAME_RANGES[i + 1]:
            i += 2
        if i >= len(NAME_RANGES):
            return ch
    return ""


def name_problem(name) -> str:
    """Why a player's name cannot go on the device ('' if it can)."""
    if not isinstance(name, str) or not name.strip():
        return "a name must be text, not empty"
    if len(name) > MAX_NAME:
        return "%s: more than %d characters" % (name[:MAX_NAME], MAX_NAME)
    if name != name.strip():
        return "%s: spaces at its ends" % name.strip()
    bad = undrawable(name)
    if bad:
        # the device's fonts draw Latin-1 (accents, umlauts, sharp s): nothing else
        return "%s: the device cannot draw U+%04X (Latin-1 letters only)" % (name, ord(bad))
    return ""


def roster_problem(roster) -> str:
    """Why a roster cannot go on the device ('' if it can)."""
    if not isinstance(roster, list) or not 1 <= len(roster) <= MAX_ROSTER:
        return "roster: 1 to %d names" % MAX_ROSTER
    seen = []
    for name in roster:
        why = name_problem(name)
        if why:
            return "roster: " + why
        if name in seen:
            return "roster: %s twice" % name
        seen.append(name)
    return ""


def fits(value, like) -> bool:
    """Whether a pushed setting has the shape of its default: same JSON kind,
    known keys only. A default of None accepts anything (data not yet known:
    the game's own check says what is allowed)."""
    if like is None:
        return True
    if isinstance(like, bool) or isinstance(value, bool):
        return isinstance(like, bool) and isinstance(value, bool)
    if is_int(like):
        return is_int(value)
    if isinstance(like, str):
        return isinstance(value, str)
    if isinstance(like, list):
        return isinstance(value, list)
    if isinstance(like, dict):
        if not isinstance(value, dict):
            return False
        for k in value:
            if k not in like or not fits(value[k], like[k]):
                return False
        return True
    return False


def kind_of(like) -> str:
    if isinstance(like, bool):
        return "true or false"
    if is_int(like):
        return "a whole number"
    if isinstance(like, str):
        return "text"
    return "a list" if isinstance(like, list) else "an object"


def shape_problem(values: dict, like: dict, path: str) -> str:
    """The first key of `values` unknown to `like`, or of another JSON kind."""
    for k in values:
        where = path + str(k)[:20]
        if k not in like:
            return "unknown setting " + where
        if not fits(values[k], like[k]):
            if isinstance(like[k], dict) and isinstance(values[k], dict):
                return shape_problem(values[k], like[k], where + ".")
            return "%s: %s" % (where, kind_of(like[k]))
    return ""


BRIGHTNESS = (10, 100)  # percent: the Settings screen's range (usher.ui.settings_ui)


def settings_problem(values, current: dict, playing: str = "") -> str:
    """Why pushed settings cannot be taken ('' if they can): each is checked
    as the screens and the rules will use it, before anyone is asked to press
    (`current`: the device's settings; `playing`: the kind of game open)."""
    from usher.games.catalog import settings_defaults
    from usher.settings import DEFAULTS

    if not isinstance(values, dict) or not values:
        return "settings: an object with at least one key"
    why = shape_problem(values, DEFAULTS, "")
    if why:
        return why
    if "roster" in values:
        why = roster_problem(values["roster"])
        if why:
            return why
    b = values.get("brightness", BRIGHTNESS[1])
    if not BRIGHTNESS[0] <= b <= BRIGHTNESS[1]:
        return "brightness: %d-%d (percent)" % BRIGHTNESS
    for game in settings_defaults():
        if game in values:
            why = game_settings_problem(game, merged(current.get(game) or {}, values[game]), playing)
            if why:
                return why
    return ""


def game_settings_problem(game: str, values: dict, playing: str) -> str:
    """A game's own check of its settings (usher/games/<game>_settings.py),
    loaded for the check and dropped after it unless that game is in play."""
    from usher.core.errors import RuleError

    try:
        __import__("usher.games." + game + "_settings", None, None, ["check"]).check(values)
    except RuleError as e:
        return "%s: %s" % (game, e.msg)
    finally:
        if playing != game:
            from usher.games.catalog import modules_of
            from usher.ui.modules import unload

            unload(modules_of(game))
    return ""


def merged(base: dict, over: dict) -> dict:
    out = {}
    for k in base:
        out[k] = base[k]
    for k in over:
        if isinstance(out.get(k), dict) and isinstance(over[k], dict):
            out[k] = merged(out[k], over[k])
        else:
            out[k] = over[k]
    return out


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


# -- what the device asks the person -----------------------------------------------
def settings_text(values: dict) -> str:
    """What a settings push changes, setting by setting."""
    parts = []
    for k in sorted(values):
        v = values[k]
        if k == "brightness":
            parts.append("brightness %d%%" % v)
        elif k == "roster":
            parts.append("players " + ", ".join(v))
        elif isinstance(v, dict):
            from usher.games.catalog import title

            parts.append("%s %s" % (title(k), ", ".join(sorted([str(x) for x in v]))))
        else:
            parts.append(str(k))
    return "; ".join(parts)
