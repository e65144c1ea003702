"""The laptop's half of the USB sync protocol (firmware/PROTOCOL.md), over pyserial.

Replies are parsed as data (JSON after a CRC check), never evaluated. Every
failure is a typed error with the exit code the CLI uses for it.
"""

import binascii
import collections
import json
import random
import time
import zlib

from usher_tools.words import N_, t

PROTO = 1
TO_DEVICE = b"@U "
FROM_DEVICE = b"@u "


class LinkError(Exception):
    """The device answered something the protocol does not allow."""

    exit_code = 5
    # what went wrong in a word, the page's words (link.mjs): the device's err, or timeout, nopress, proto...
    code = ""

    def __init__(self, message: str = "", code: str = "") -> None:
        super().__init__(message)
        if code:
            self.code = code


class NoDevice(LinkError):
    exit_code = 3


class DeviceGone(LinkError):
    exit_code = 4
    code = "gone"


class Timeout(LinkError):
    exit_code = 4
    code = "timeout"


class NotUsher(Timeout):
    """The reply never came, but other bytes did: MicroPython's REPL (its
    prompt, a traceback), or lines that are not Usher's protocol. The device
    answered, badly: exit code 5, where silence is 4 (LAPTOP.md)."""

    exit_code = 5
    code = "noprotocol"


class PortBusy(LinkError):
    """Another program holds the port (another usher command: a roster push
    waiting for a press...): the device is busy with another laptop request."""

    exit_code = 5


class NoPress(Timeout):
    """Nobody answered the device's question in time (the question is withdrawn)."""

    code = "nopress"


class Paused(Timeout):
    """This computer stopped usher for a while (suspend, ^Z, a busy machine)
    and the reply did not come after: the device gives up on a host that takes
    no bytes for 5 s (PROTOCOL.md), so a transfer was dropped on its side."""

    code = "paused"


PAUSE = 2.0  # seconds between two reads of the port that only a stopped process takes
CHECKPOINT_EVERY = 0.25  # seconds between two saves of a transfer in progress


# what a person can do about an error code (PROTOCOL.md has them all)
HINTS = {
    "memory": N_(
        "a game open on the device leaves too little memory for the link: "
        "leave the game (Back, then Save & leave) and sync again"
    ),
    "busy": N_("the device is already asking something: answer it on the device first"),
}

# an error code in words, where the device sent no `why` and no hint helps
CODE_WORDS = {
    "frame": N_("it could not read the request (damaged on the way?)"),
    "crc": N_("it could not read the request (damaged on the way?)"),
    "json": N_("it could not read the request"),
    "long": N_("the request was longer than it takes"),
    "id": N_("it could not read the request"),
    "op": N_("its firmware does not know this request: update it (usher flash)"),
    "arg": N_("a value it does not take"),
    "nogame": N_("it has no such game"),
    "press": N_("a game needs a press on the device"),
    "storage": N_("its flash is full"),
    "big": N_("the answer would not fit one line"),
    "internal": N_("it hit a bug; nothing was changed"),
    "timeout": N_("nobody pressed ok on the device within a minute"),
}

# what each request is about, in words ("the device refused the roster: ...")
WHAT = {
    "hello": N_("the connection"),
    "list": N_("the list of its games"),
    "pull": N_("the transfer"),
    "roster": N_("the roster"),
    "settings": N_("the settings"),
    "set_roster": N_("the roster"),
    "set_settings": N_("the settings"),
    "delete": N_("the delete"),
    "poll": N_("a question"),
    "cancel": N_("a question"),
}

# what did not happen when Back was pressed on the device
NOT_DONE = {
    "set_roster": N_("the roster was not changed"),
    "set_settings": N_("the settings were not changed"),
    "delete": N_("nothing was deleted"),
    "pull": N_("the game was not sent"),
}


class Refused(LinkError):
    """The device answered with an error code (and, for a refused push or
    delete, `why` in words)."""

    def __init__(self, code: str, what: str = "", why: str = "") -> None:
        words = why or t(HINTS.get(code) or CODE_WORDS.get(code) or "") or t("error %s") % code
        super().__init__(t("the device refused %s: %s") % (t(WHAT.get(what, what or N_("the request"))), words))
        self.code = code
        self.why = why
        if code == "inplay":  # a refusal on the device's own rule, as a press of back is (LAPTOP.md)
            self.exit_code = 6


class Denied(Refused):
    exit_code = 6

    def __init__(self, what: str = "") -> None:
        op = what.split(" ", 1)[0]
        LinkError.__init__(self, t("%s: Back was pressed on the device") % t(NOT_DONE.get(op, N_("refused"))))
        self.code = "denied"
        self.why = ""


def refused(reply: dict, what: str) -> Refused:
    return Refused(str(reply.get("err")), what, str(reply.get("why") or ""))


WITHDRAWN = N_("nobody pressed ok on the device: after a minute it withdrew the question")
KEEPALIVE = 10.0  # while a question waits for a press, a poll this often tells the device we are here


def frame(obj: dict) -> bytes:
    body = json.dumps(obj, separators=(",", ":"), ensure_ascii=True).encode()
    return TO_DEVICE + body + b"*" + ("%08x" % zlib.crc32(body)).encode() + b"\n"


def unframe(line: bytes):
    """The object of a device line, None if the line is not protocol, and
    LinkError if it is a damaged protocol line."""
    line = line.rstrip(b"\r")
    at = line.find(FROM_DEVICE)
    if at < 0:
        return None
    line = line[at + len(FROM_DEVICE) :]  # REPL noise may precede a line on a busy port
    if len(line) < 9 or line[-9:-8] != b"*":
        raise LinkError(t("damaged line"))
    body = line[:-9]
    if ("%08x" % zlib.crc32(body)).encode() != line[-8:]:
        raise LinkError(t("line failed its CRC"))
    try:
        obj = json.loads(body)
    except ValueError:
        raise LinkError(t("line is not JSON")) from None
    if not isinstance(obj, dict):
        raise LinkError(t("line is not a JSON object"))
    return obj


class PullResult:
    """What a pull got for one game: the bytes now held (old plus new), how
    the transfer ended, and the device's size and whole-file CRC."""

    def __init__(self, name: str, have: bytes) -> None:
        self.name = name
        self.data = bytearray(have)
        self.crc = zlib.crc32(have)
        self.start = len(have)
        self.size = -1
        self.complete = False
        self.error = ""  # "changed", "nogame", "gap", "crc", or "" while fine


class Client:
    def __init__(self, port, timeout: float = 5.0) -> None:
        """`port` is a device path or an already open serial-like object."""
        if isinstance(port, str):
            import serial

            try:
                # exclusive: a second usher command on the port is told the device is busy, rather
                # than taking the first one's replies (a roster push waiting for a press)
                self.ser = serial.Serial(port, 115200, timeout=0.05, write_timeout=timeout, exclusive=True)
            except (serial.SerialException, OSError) as e:
                raise open_error(port, e) from None
            self.port = port
        else:
            self.ser = port
            self.port = getattr(port, "port", "?")
        self.timeout = timeout
        self.buf = bytearray()  # bytes after the last newline read
        self.lines: collections.deque = collections.deque()  # complete lines not yet looked at
        self.next_id = random.randint(1, 1 << 30)
        self.damaged = 0  # damaged lines skipped
        self.junk = 0  # lines that were not Usher's protocol (a REPL's, another program's), damaged ones too
        self.repl_seen = False  # a REPL prompt came among the lines
        self.info: dict = {}
        self.pulling: dict = {}
        self.paused = 0.0  # seconds this process was seen stopped while waiting for the device
        self._seen = 0.0  # when the port was last looked at

    def close(self) -> None:
        try:
            self.ser.close()
        except Exception:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- lines ---------------------------------------------------------------
    def _io_error(self, e: Exception) -> DeviceGone:
        # the serial library's own words ("device reports readiness to read but returned
        # no data...") say nothing a person can act on
        return DeviceGone(t("the device on %s went away (unplugged, or reset?)") % self.port)

    def send(self, op: str, **args) -> int:
        rid = self.next_id
        self.next_id = self.next_id % 0x7FFFFFFE + 1
        obj = {"id": rid, "op": op}
        obj.update(args)
        try:
            self.ser.write(frame(obj))
            self.ser.flush()
        except Exception as e:  # SerialException, OSError, write timeout
            raise self._io_error(e) from None
        return rid

    def _line(self, deadline: float):
        """The next protocol object, or None at the deadline."""
        while True:
            while self.lines:
                raw = self.lines.popleft()
                try:
                    obj = unframe(raw)
                except LinkError:
                    self.damaged += 1
                    obj = None
                if obj is not None:
                    return obj
                if raw.strip():
                    self.junk += 1
                if b">>>" in raw or raw.startswith(b"Traceback (most recent call last)"):
                    self.repl_seen = True  # MicroPython's prompt or traceback: the REPL, not Usher, holds the port
            now = time.monotonic()
            if self._seen and now - self._seen > PAUSE:
                self.paused += now - self._seen  # we were not running: the device may have given up
            self._seen = now
            if now >= deadline:
                return None
            try:
                waiting = self.ser.in_waiting
                got = self.ser.read(max(1, min(waiting, 65536)))
            except Exception as e:
                raise self._io_error(e) from None
            if got:
                self.buf += got
                cut = self.buf.rfind(b"\n")
                if cut >= 0:  # every complete line at once, the tail kept for the next read
                    self.lines.extend(bytes(self.buf[:cut]).split(b"\n"))
                    del self.buf[: cut + 1]
                if self.buf.endswith(b">>> "):  # the prompt waits on its line, with no newline
                    self.repl_seen = True
            if len(self.buf) > 1 << 20:  # a stream with no newline is not a device of ours
                raise LinkError(t("no line ending from the device"), "noprotocol")

    def wait(self, rid: int | list, timeout: float | None = None, strict: bool = True) -> dict:
        """The next line about request `rid` (an id, or a list of the ids of
        one request sent again); lines of other ids are stale."""
        ids = rid if isinstance(rid, list) else [rid]
        wait = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + wait
        paused = self.paused
        junk = self.junk
        extended = False
        while True:
            obj = self._line(deadline)
            if obj is None and self.paused > paused and not extended:
                extended = True  # the time went by while we were stopped, not while the device was silent
                deadline = time.monotonic() + wait
                continue
            if obj is None and self.paused > paused:
                raise Paused(
                    t(
                        "usher was stopped for %d s and the device gave up meanwhile (it waits 5 s for the laptop "
                        "to read): nothing is lost, run the command again"
                    )
                    % round(self.paused - paused)
                )
            if obj is None and self.repl_seen:
                raise NotUsher(
                    t(
                        "the device on %s answers from MicroPython's REPL, not from Usher: is Usher running on it?"
                        " (reset the Pico; usher flash puts Usher on it)"
                    )
                    % self.port
                )
            if obj is None and (self.junk > junk or (self.buf.strip() and FROM_DEVICE not in self.buf)):
                raise NotUsher(
                    t("the device on %s answered, but not in Usher's protocol: is it a Pico with Usher running?")
                    % self.port
                )
            if obj is None:
                raise Timeout(t("no answer from the device on %s: is it a Pico with Usher running?") % self.port)
            if obj.get("id") in ids:
                return obj
            if obj.get("id") is None and obj.get("err") == "memory":
                raise Refused("memory", why=obj.get("why"))  # the device cannot serve anyone now, old lines or new
            if strict and obj.get("id") is None and obj.get("ok") is False:
                # the device could not read one of our lines: say so, do not wait forever
                raise LinkError(
                    t("the device could not read a request (damaged on the way?): try again"), str(obj.get("err"))
                )

    def call(self, op: str, timeout: float | None = None, **args) -> dict:
        reply = self.wait(self.send(op, **args), timeout)
        if reply.get("ok") is not True:
            raise refused(reply, op)
        return reply

    def wait_press(self, rid: int, press_wait: float) -> dict:
        """The reply to a question on the device's screen, waiting up to
        `press_wait` seconds for the person, with a `poll` every KEEPALIVE
        seconds: the device withdraws a question after a minute without a
        byte from the laptop (its owner may walk away; so may the laptop)."""
        deadline = time.monotonic() + press_wait
        while True:
            left = deadline - time.monotonic()
            try:
                return self.wait(rid, max(0.0, min(KEEPALIVE, left)))
            except Timeout:
                if left <= KEEPALIVE:
                    raise
                self.send("poll", of=rid)  # its reply has its own id: `wait` passes over it

    # -- operations ------------------------------------------------------------
    def hello(self) -> dict:
        """Open a session: clear whatever a previous host left, check versions,
        and set the device's clock (a Pico has no clock battery: PROTOCOL.md)."""
        try:
            self.ser.write(b"\n")  # end any half line a killed host left in the device
            self.ser.reset_input_buffer()
        except Exception as e:
            raise self._io_error(e) from None
        self.buf.clear()
        self.lines.clear()
        # a previous host's leftovers may still arrive: only our reply counts
        now = time.time()
        info = self.wait(self.send("hello", proto=PROTO, time=int(now), tz=utc_offset(now)), strict=False)
        if info.get("ok") is not True:
            raise refused(info, "hello")
        for key in ("device", "fw", "proto", "games"):
            if key not in info:
                raise LinkError(t("hello reply lacks %s") % key, "noprotocol")
        if info["proto"] != PROTO:
            # the side with the older protocol is the one to update
            update = t("this usher tool") if info["proto"] > PROTO else t("the device's firmware")
            raise LinkError(
                t("device speaks sync protocol %s, this tool %d: update %s") % (info["proto"], PROTO, update), "proto"
            )
        self.info = info
        return info

    def list_games(self) -> list:
        out: list = []
        start: int | None = 0
        while start is not None:
            page = self.call("list", **{"from": start})
            games = page.get("games")
            if not isinstance(games, list):
                raise LinkError(t("list reply without games"), "noprotocol")
            out.extend(games)
            nxt = page.get("next")
            if nxt is not None and (not isinstance(nxt, int) or nxt <= start):
                raise LinkError(t("list reply with a bad next page"), "noprotocol")
            start = nxt
        return out

    def pull(
        self, wants: list, progress=None, checkpoint=None, on_pending=None, press_wait: float = 60.0, on_complete=None
    ) -> dict:
        """Pull a batch. `wants` is [(name, bytes already held)]. Returns
        {name: PullResult}. `progress(name, bytes got so far, size)` after each chunk,
        `checkpoint(result)` now and then so a killed sync keeps its bytes,
        `on_pending(text)` when the device asks for a press, `on_complete(result)`
        as soon as a game is whole (the device keeps streaming meanwhile)."""
        results = {name: PullResult(name, bytes(have)) for name, have in wants}
        self.pulling = results  # what arrived, for a caller to keep if the device goes away
        items = []
        for name, _ in wants:
            want = results[name]
            items.append([name, want.start, "%08x" % want.crc if want.start else ""])
        rid = self.send("pull", games=items)
        asking = False  # waiting for a press, not for the wire
        last_save = time.monotonic()
        while True:
            try:
                msg = self.wait_press(rid, press_wait) if asking else self.wait(rid)
            except Timeout:
                if asking:
                    self._give_up(rid)
                    raise NoPress(t("nobody pressed ok on the device within %d s") % press_wait) from None
                raise
            asking = False
            if msg.get("pending"):
                if on_pending:
                    on_pending(str(msg.get("ask", "")))
                asking = True
                continue
            name = msg.get("name")
            if name is not None:
                r = results.get(name)
                if r is None:
                    raise LinkError(t("device sent a game it was not asked for: %r") % name, "noprotocol")
                self._pull_line(r, msg)
                if on_complete and r.complete and "end" in msg:
                    on_complete(r)
                if progress and "data" in msg:
                    progress(name, len(r.data) - r.start, r.size)
                if checkpoint and not r.complete and time.monotonic() - last_save > CHECKPOINT_EVERY:
                    checkpoint(r)  # a whole game was saved by on_complete: never as partial after it
                    last_save = time.monotonic()
                continue
            if msg.get("ok") is True and msg.get("done"):
                return results
            err = str(msg.get("err"))
            if err == "denied":
                raise Denied("pull " + ", ".join(results))
            if err == "timeout":
                raise NoPress(t(WITHDRAWN))
            raise refused(msg, "pull")

    @staticmethod
    def _pull_line(r: PullResult, msg: dict) -> None:
        if r.error or r.complete:
            return  # after a gap nothing more of this game is trusted this time
        if "err" in msg:
            r.error = str(msg["err"])
            return
        if "data" in msg:
            if msg.get("off") != len(r.data):
                r.error = "gap"
                return
            try:
                piece = binascii.a2b_base64(msg["data"], strict_mode=True)
            except (ValueError, TypeError):
                r.error = "gap"
                return
            crc = zlib.crc32(piece, r.crc)
            if "%08x" % crc != msg.get("crc"):
                r.error = "crc"
                return
            r.data += piece
            r.crc = crc
            r.size = int(msg.get("size", -1))
        elif "end" in msg:
            r.size = msg["end"]
            if msg["end"] != len(r.data) or msg.get("crc") != "%08x" % r.crc:
                r.error = "crc"
            else:
                r.complete = True

    def _give_up(self, rid: int) -> None:
        """Take an unanswered question off the device's screen."""
        try:
            self.call("cancel", timeout=2.0)
        except LinkError:
            pass

    def confirm(self, op: str, on_pending=None, press_wait: float = 60.0, **args) -> dict:
        """A request that needs a press on the device: wait for ok or back."""
        rid = self.send(op, **args)
        reply = self.wait(rid)
        if reply.get("ok") is not True:
            raise refused(reply, op)
        if reply.get("pending"):
            if on_pending:
                on_pending(str(reply.get("ask", "")))
            try:
                reply = self.wait_press(rid, press_wait)
            except Timeout:
                state = self.call("poll", of=rid).get("state")
                if state != "done":
                    self._give_up(rid)
                    raise NoPress(t("nobody pressed ok on the device within %d s") % press_wait) from None
                return {"id": rid, "ok": True, "done": True}
        if reply.get("ok") is not True:
            if reply.get("err") == "denied":
                raise Denied(op)
            if reply.get("err") == "timeout":
                raise NoPress(t(WITHDRAWN))
            raise refused(reply, op)
        return reply


def open_error(port: str, e: Exception) -> LinkError:
    """A port that cannot be opened, in a person's words (pyserial's carry
    errno texts and termios tuples): exit code 3, or 5 when another program
    holds it (LAPTOP.md)."""
    import errno
    import os

    text = str(e)
    code = getattr(e, "errno", None)
    # POSIX: pyserial's lock (usher opens ports exclusive); Windows: a port is one program's at a time
    if "exclusively lock" in text or code == errno.EBUSY or "Access is denied" in text:
        return PortBusy(
            t(
                "the device on %s is busy with another laptop request (another usher command, perhaps waiting for a"
                " press on the device): let it finish, then try again"
            )
            % port
        )
    # Windows' COM3 is no path: it is missing only when Windows says so
    if (os.name != "nt" and not os.path.exists(port)) or code == errno.ENOENT or "FileNotFoundError" in text:
        return NoDevice(t("no such port %s") % port)
    if code in (errno.EACCES, errno.EPERM):
        return NoDevice(t("no permission to open %s (on Linux: join the dialout group, then log in again)") % port)
    if "configure port" in text or code == errno.ENOTTY or os.path.isdir(port):
        return NoDevice(t("%s is not a serial port") % port)
    why = os.strerror(code) if isinstance(code, int) else t("it cannot be used")
    return NoDevice(t("cannot open %s: %s") % (port, why[:1].lower() + why[1:]))


def utc_offset(now: float) -> int:
    """The laptop's offset from UTC in seconds (east positive), at `now`."""
    lt = time.localtime(now)
    return int(lt.tm_gmtoff or 0)


def crc_hex(data: bytes) -> str:
    return "%08x" % zlib.crc32(data)


def step_aside(port: str, timeout: float = 3.0, tries: int = 3) -> bool:
    """Ask a running Usher to end its app so the REPL is free for mpremote
    (the device keeps Ctrl-C from interrupting a game). False when nothing
    answered: a board at its REPL already (its prompt came back: no second
    try), or without Usher. The request is sent again when a try goes
    unanswered: on the emulated Pico the first request after the first boot
    that follows a deploy onto a blank board gets no answer, and mpremote's
    Ctrl-C would then wait on an app that ignores it."""
    try:
        with Client(port, timeout=timeout) as c:
            sent: list = []
            for _ in range(tries):
                sent.append(c.send("repl"))
                try:  # a late answer to an earlier try counts too
                    reply = c.wait(sent, timeout)
                    return reply.get("ok") is True and reply.get("done") is True
                except Timeout:
                    if c.repl_seen:
                        return False
            return False
    except LinkError:
        return False
