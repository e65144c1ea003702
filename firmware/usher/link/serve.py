"""The USB sync link, served a little every tick from the app's main loop.

`Link.service(budget)` reads at most `budget` bytes from the serial (never
blocking), builds lines in a preallocated buffer, answers complete lines, and
writes replies from a bounded queue as fast as the serial takes them. Nothing
here blocks, and nothing grows with what the host sends or fails to read.
On the Pico, usher.boot turns `micropython.kbd_intr` off while the app runs, so
a 0x03 is an ordinary byte here; a host tool gets the REPL by asking (op
"repl"). See firmware/PROTOCOL.md.
"""

from usher import VERSION
from usher.games.catalog import holds_secrets
from usher.link import LINE_MAX, OUT_CAP
from usher.link.ops import CHUNK, Transfer, is_int, list_page, pull_items
from usher.link.wire import PROTO, WireError, ascii_json, decode, encode, encode_text
from usher.memory import unload
from usher.words import t

REPLY_MAX = 1536  # longest reply except chunks; input is read only while one fits
CHUNK_LINE = CHUNK * 4 // 3 + 160  # room a chunk line needs (with a short game name)
STALL_TICKS = 250  # ticks with output waiting and none taken: the host is gone (5 s at 20 ms)
ASK_TICKS = 3000  # a question left a minute without a byte from the host is withdrawn (60 s at 20 ms)
CLOCK_MIN = 1577836800  # a time the host sets must be after 2020-01-01 ...
CLOCK_MAX = 0x7FFFFFFF  # ... and fit 31 bits
TZ_MAX = 14 * 3600  # the widest offset from UTC
CTRL_C = 3
# errno of a full flash (littlefs' LFS_ERR_NOSPC): the rp2 port's errno module
# has no ENOSPC, so the number is written out
ENOSPC = 28
# Every request the device answers. None of them adds an action to a game.
OPS = ("hello", "list", "pull", "cancel", "poll", "roster", "settings", "set_roster", "set_settings", "delete", "repl")
# the requests that change what the device holds: usher.link.checks answers
# them (loaded for one and let go), so the pulls of a sync never carry their code
WRITES = ("set_roster", "set_settings", "delete")


def checked(fn: str, *args):
    """usher.link.checks' `fn` run on `args`: that module is loaded for the
    requests that write (roster, settings) and let go again at once."""
    try:
        return getattr(__import__("usher.link.checks", None, None, [fn]), fn)(*args)
    finally:
        unload(("usher.link.checks",))


class Link:
    def __init__(self, library, settings, device_id: str, serial, bufs=None) -> None:
        self.library = library
        self.settings = settings
        self.device_id = device_id
        self.serial = serial
        # the line buffer and the output queue: the gate allocates them before
        # it imports this module (usher.link.gate.load), of these sizes
        if bufs is None:
            bufs = (bytearray(LINE_MAX), bytearray(OUT_CAP))
        self.inbuf = bufs[0]  # type: bytearray
        self.out = bufs[1]  # type: bytearray
        self.n = 0  # bytes of the line being built
        self.skipping = False  # inside an over-long line, until its newline
        self.head = 0  # next byte to write
        self.tail = 0  # end of queued bytes
        self.midline = False  # the serial took part of a line and not its end
        self.stall = 0
        self.transfer = None  # type: Transfer | None
        self.ask = None  # type: list | None  # [id, op, argument, text] awaiting a press
        self.last = [0, ""]  # id and outcome of the latest question, for `poll`
        self.errors = 0  # error replies sent, for tests and the status screen
        self.drops = 0  # transfers dropped because the host stopped reading
        self.starved = False  # an answer ran out of heap
        self.to_repl = False  # the laptop asked the app to step aside for the REPL
        self.why = ""  # words for a "memory" answer, fitting the device's state (the gate sets them)
        # set by the app's gate each tick: the game open on the device (record
        # name, kind) and the laptop's time zone (seconds east of UTC)
        self.playing = ("", "")
        self.tz = 0
        # for the gate to act on: the time the host set ([seconds, tz]), the
        # write the person allowed (an op name)
        self.clock = None  # type: list | None
        self.wrote = ""
        self.ask_idle = 0  # ticks a question has waited without a byte from the host

    # -- what the app calls --------------------------------------------------
    def service(self, budget: int = 1024) -> int:
        """One tick of work; returns bytes moved (0 = idle, the app may sleep)."""
        work = self._flush()
        t = self.transfer
        made = 0
        lines = 0
        while t is not None and made < budget and lines < 8 and self._free() >= CHUNK_LINE:
            made += t.step()
            lines += 1
            if t.done:
                self._stop()
                t = None
        got = 0
        read = self.serial.read
        inbuf = self.inbuf
        while got < budget and self._free() >= REPLY_MAX:  # a line's reply fits
            # one line's bytes; the common byte is handled here (a flood of
            # garbage is read at the serial's own pace), the rest by _byte
            n = self.n
            skipping = self.skipping
            b = -1
            while got < budget:
                b = read()
                if b is None or b < 0:
                    break
                got += 1
                if b > 0x0D:
                    if skipping:
                        continue
                    if n < LINE_MAX:
                        inbuf[n] = b
                        n += 1
                        continue
                self.n = n
                self._byte(b)
                n = self.n
                skipping = self.skipping
                if b == 0x0A:
                    break
            self.n = n
            if b != 0x0A:  # nothing more waiting, or the budget is spent
                break
        if self.ask is None or got:
            self.ask_idle = 0
        else:
            self.ask_idle += 1
            if self.ask_idle >= ASK_TICKS:  # the laptop went away: the device goes back where it was
                rid = self.ask[0]
                self.ask = None
                self.last = [rid, "cancelled"]
                self._error(rid, "timeout")
        wrote = self._flush()
        if self.tail > self.head and not (work or wrote):
            self.stall += 1
            if self.stall >= STALL_TICKS:
                self._drop()
        else:
            self.stall = 0
        return work + made + lines + got + wrote

    def pending(self) -> str:
        """What the host asks the person to allow, for the screen; '' if nothing."""
        return self.ask[3] if self.ask is not None else ""

    def answer(self, yes: bool) -> bool:
        """The person's press on a pending question. False if there was none."""
        ask = self.ask
        if ask is None:
            return False
        self.ask = None
        rid, op, arg = ask[0], ask[1], ask[2]
        if not yes:
            self.last = [rid, "denied"]
            self._error(rid, "denied")
            return True
        if op == "delete" and arg == self.playing[0]:  # (the question covers the screen: never, but be sure)
            self.last = [rid, "failed"]
            self._error(rid, "inplay", self._inplay(arg))
            return True
        try:
            if op == "pull":
                self._stop()
                self.transfer = Transfer(self, rid, arg)
            elif op == "set_roster":
                self.settings.set("roster", arg)
            elif op == "set_settings":
                self.settings.replace(checked("merged", self.settings.values, arg))
            elif op == "delete":
                self.library.delete(arg)
        except OSError as e:  # the flash refused the write: report it, keep running
            self.last = [rid, "failed"]
            self._storage(rid, e)
            return True
        except MemoryError:
            self.last = [rid, "failed"]
            self._starved(rid)
            return True
        except Exception:  # a bug must not stop the device, nor pass for a full flash
            self.last = [rid, "failed"]
            self._error(rid, "internal")
            return True
        self.last = [rid, "done"]
        self.wrote = op
        if op != "pull":
            self.send({"id": rid, "ok": True, "done": True})
        return True

    def busy(self) -> bool:
        """Output waiting or a transfer running: the loop should not sleep long."""
        return self.tail > self.head or self.transfer is not None

    # -- output queue ----------------------------------------------------------
    def _free(self) -> int:
        return OUT_CAP - (self.tail - self.head)

    def send(self, obj) -> bool:
        return self._queue(encode(obj))

    def _send_json(self, text: str) -> bool:
        return self._queue(encode_text(text))

    def _queue(self, line: bytes) -> bool:
        return self.queue_parts((line,))

    def queue_parts(self, parts) -> bool:
        """Queue one line given in pieces, or nothing if it does not fit."""
        n = 0
        for p in parts:
            n += len(p)
        if self.tail + n > OUT_CAP and self.head:
            live = self.tail - self.head
            mv = memoryview(self.out)
            mv[0:live] = mv[self.head : self.tail]
            self.head = 0
            self.tail = live
        if self.tail + n > OUT_CAP:
            return False  # never grow: a lost reply is recovered by `poll` or a retry
        for p in parts:
            k = len(p)
            self.out[self.tail : self.tail + k] = p
            self.tail += k
        return True

    def _flush(self) -> int:
        if self.tail == self.head:
            return 0
        k = self.serial.write(memoryview(self.out)[self.head : self.tail])
        if not k or k < 0:
            return 0
        self.head += k
        self.midline = self.out[self.head - 1] != 0x0A
        if self.head == self.tail:
            self.head = self.tail = 0
        return k

    def _stop(self) -> None:
        """End the transfer, if any, closing the file it reads."""
        if self.transfer is not None:
            self.transfer.close()
            self.transfer = None

    def _drop(self) -> None:
        """The host stopped reading: forget the transfer and queued lines (it
        resumes by offset). A half-sent line gets its newline, so the host's
        next line starts clean."""
        self._stop()
        self.head = self.tail = 0
        if self.midline:
            self.out[0] = 0x0A
            self.tail = 1
            self.midline = False
        self.stall = 0
        self.drops += 1

    def _error(self, rid, code: str, why: str = "") -> None:
        """An error reply; `why` says in words what was wrong (a refused push)."""
        self.errors += 1
        reply = {"id": rid, "ok": False, "err": code}
        if why:
            reply["why"] = why[:300]
        self.send(reply)

    def _storage(self, rid, e: OSError) -> None:
        """A write the flash refused: `storage` alone means full; any other
        error number is said in `why`, so the laptop never calls it full."""
        code = e.args[0] if e.args else None
        self._error(rid, "storage", "" if code == ENOSPC else "its flash could not be written (error %s)" % code)

    def _starved(self, rid) -> None:
        """A game open on the device leaves too little heap: the app then
        drops the link, giving its heap back."""
        self.starved = True
        self.errors += 1
        reply = {"id": rid, "ok": False, "err": "memory"}
        if self.why:
            reply["why"] = self.why
        self.send(reply)

    # -- input -----------------------------------------------------------------
    def _byte(self, b: int) -> None:
        if b == 0x0A:
            if self.skipping:
                self.skipping = False
                self.n = 0
                self._error(None, "long")
                return
            n = self.n
            self.n = 0
            self._line(memoryview(self.inbuf)[:n])
        elif b == 0x0D:
            pass  # a terminal may send CR LF
        elif b == CTRL_C:
            self.n = 0  # the REPL's business; whatever was being typed is void
            self.skipping = False
        elif self.skipping:
            pass
        elif self.n >= LINE_MAX:
            self.skipping = True
        else:
            self.inbuf[self.n] = b
            self.n += 1

    def _line(self, line) -> None:
        try:
            req = decode(line)
        except WireError as e:
            self._error(None, e.code)
            return
        if req is None:
            return  # not a protocol line: stray REPL typing, left unanswered
        rid = req.get("id")
        if not is_int(rid) or not 0 < rid < 0x80000000:
            self._error(None, "id")
            return
        op = req.get("op")
        if not isinstance(op, str) or op not in OPS:
            self._error(rid, "op")
            return
        try:
            if op in WRITES:
                checked(op, self, rid, req)
            else:
                getattr(self, "op_" + op)(rid, req)
        except MemoryError:
            self._starved(rid)
        except Exception:  # a bug must not stop the device
            self._error(rid, "internal")

    # -- operations ----------------------------------------------------------
    def needs_press(self, e) -> bool:
        """Pulling this game needs a press: unfinished and its game keeps
        secrets (or it cannot be told, as for a broken record)."""
        if e is None or e.get("finished"):
            return False
        if e.get("broken"):
            return True
        return holds_secrets(e.get("game", ""))  # the catalog: no rules loaded

    def _ask(self, rid: int, op: str, arg, text: str) -> None:
        if self.ask is not None:
            self._error(rid, "busy")
            return
        self.ask = [rid, op, arg, text]
        self.last = [rid, "pending"]
        self.send({"id": rid, "ok": True, "pending": True, "ask": text})

    def op_repl(self, rid: int, req: dict) -> None:
        # `usher deploy` asks this before mpremote: the app ends (its game is
        # on flash already) and the REPL is the host's; Ctrl-D starts Usher again
        self.send({"id": rid, "ok": True, "done": True})
        self.to_repl = True

    def op_hello(self, rid: int, req: dict) -> None:
        # the laptop's clock, on every connection: a Pico has no clock battery
        t = req.get("time", 0)
        tz = req.get("tz", 0)
        if is_int(t) and CLOCK_MIN <= t <= CLOCK_MAX:
            self.tz = tz if is_int(tz) and -TZ_MAX <= tz <= TZ_MAX else 0
            self.clock = [t, self.tz]
        # a new host: whatever the last one left running or asking is over
        self._stop()
        self.ask = None
        self.head = self.tail = 0
        if self.midline:
            self._queue(b"\n")
            self.midline = False
        from usher.about import micropython

        mp = micropython()
        unload(("usher.about",))  # read once a connection: not kept through the pulls
        self.send(
            {
                "id": rid,
                "ok": True,
                "device": self.device_id,
                "fw": VERSION,
                "mp": mp,
                "proto": PROTO,
                "games": self.library.count(),
                "max": LINE_MAX,
                "chunk": CHUNK,
                "clock": self.clock is not None,
            }
        )

    def op_list(self, rid: int, req: dict) -> None:
        start = req.get("from", 0)
        if not is_int(start) or start < 0:
            self._error(rid, "arg")
            return
        self._send_json(list_page(self, rid, start))

    def op_pull(self, rid: int, req: dict) -> None:
        items = pull_items(req)
        if items is None:
            self._error(rid, "arg")
            return
        found = self.library.find_many([it[0] for it in items])  # one reading of the index
        press = [it[0] for it in items if self.needs_press(found.get(it[0]))]
        if press and len(items) > 1:
            self._error(rid, "press")  # games needing a press are pulled one at a time
        elif press:
            from usher.ui.describe import game_text

            e = self.library.find(press[0])
            text = t("Send %s to the laptop? %s. Its secrets leave the device.") % (press[0], game_text(e, self.tz))
            unload(("usher.ui.describe",))  # the words are made: not kept through the transfer
            self._ask(rid, "pull", items, text)
        else:
            self._stop()
            self.transfer = Transfer(self, rid, items, found)

    def op_cancel(self, rid: int, req: dict) -> None:
        if self.ask is not None:
            self.last = [self.ask[0], "cancelled"]
        self._stop()
        self.ask = None
        self.send({"id": rid, "ok": True})

    def op_poll(self, rid: int, req: dict) -> None:
        of = req.get("of")
        state = self.last[1] if self.last[0] == of and is_int(of) else "unknown"
        self.send({"id": rid, "ok": True, "of": of, "state": state})

    def op_roster(self, rid: int, req: dict) -> None:
        self.send({"id": rid, "ok": True, "roster": self.settings.get("roster")})

    def op_settings(self, rid: int, req: dict) -> None:
        text = '{"id":%d,"ok":true,"settings":%s}' % (rid, ascii_json(self.settings.values))
        if len(text) > REPLY_MAX - 16:
            self._error(rid, "big")
            return
        self._send_json(text)

    def _inplay(self, name: str) -> str:
        return "%s is open on the device: leave it there first (Back, Save & leave)" % name
