"""The USB link's state, owned by the app, loaded only while the host speaks
(the app itself keeps one field for it, `gate`: it is always in RAM).

The link's code and buffers take ~24 KB of heap. With a big game open there
may not be that much: then the link is not loaded at all (trying would fail
part-way and leave the heap in holes the game may then lack), and for a few
seconds every line from the host is answered with one fixed error line, so
the laptop can say why and what to do, while the game goes on."""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated
    pass

from usher.core.crc import crc_hex
from usher.link import LINE_MAX, OUT_CAP
from usher.memory import LINK, unload

# heap the link needs free before it is loaded: its code and buffers take ~24 KB
# on the 64-bit VM (less on the Pico), its answers a few KB more
LINK_ROOM = 32 * 1024
# five seconds without a byte: the link's heap goes back. Every `usher`
# command starts with a hello, so nothing is lost when the link is loaded again
# for the next one; kept a minute, its ~24 KB were still in the heap when the
# person started a big game right after a settings push
LINK_IDLE_TICKS = 250
LINK_PRESS_QUIET = 50  # a press a second after the host's last byte: the person is back, the link goes
LINK_BACKOFF_TICKS = 250  # after the link did not fit the heap: 5 s of refusing the host
# why the device says "memory", in words that fit where the person is: with a
# game open, leaving it makes room; at Home there is nothing to leave
WHY_GAME = "a game is open on the device: Save & leave it there, then ask again"
WHY_HOME = "the device is short of memory: ask again in a few seconds"


def no_room_line(playing: bool) -> bytes:
    """The protocol's error line for a host the link cannot serve (id null:
    its lines were not read), built without the link's code."""
    body = b'{"err":"memory","id":null,"ok":false,"why":"%s"}' % (WHY_GAME if playing else WHY_HOME).encode()
    return b"@u " + body + b"*" + crc_hex(body).encode() + b"\n"


class FirstByte:
    """The serial with one byte already read put back in front."""

    def __init__(self, serial, first: int) -> None:
        self.serial = serial
        self.first = first

    def read(self) -> int:
        b = self.first
        if b >= 0:
            self.first = -1
            return b
        return self.serial.read()

    def write(self, data: bytes) -> int:
        return self.serial.write(data)


def heap_free() -> int:
    """Free heap after a collection; -1 where nobody counts (CPython)."""
    try:
        import gc

        gc.collect()
        return gc.mem_free()
    except (ImportError, AttributeError):
        return -1


def load(app, first: int):
    """The link, or MemoryError (tests replace this to run out on purpose).
    Its two buffers are allocated before any of its code: in a fragmented
    heap a block of 4 KB in one piece is what fails, and failing then leaves
    no half-imported module behind. A screen alone on the stack (a game
    between moves) first gives back what it loads on demand."""
    if len(app.stack) == 1:
        app.stack[0].spare()
    if 0 <= heap_free() < LINK_ROOM:
        raise MemoryError("no room for the link")
    bufs = (bytearray(LINE_MAX), bytearray(OUT_CAP))
    from usher.link.serve import Link

    return Link(app.library, app.settings, app.device_id(), FirstByte(app.serial, first), bufs)


class LinkGate:
    """The link while the host speaks: loaded, refusing (no heap for it), or
    asking the owner for a press. `serve` runs once a tick and returns False
    when the gate has nothing left to do, and the app drops it and its code."""

    def __init__(self, refusing: bool = False) -> None:
        self.link: Any = None
        self.idle = 0  # ticks without a byte
        self.off = LINK_BACKOFF_TICKS if refusing else 0  # ticks left of refusing the host
        self.screen: Any = None  # the "Laptop asks" screen shown

    def serve(self, app, b: int = -1) -> bool:
        """`b`: the host's first byte when the gate was just opened."""
        link = self.link
        if link is None:
            if self.off:
                return self._refuse(app.serial, b, app.match is not None)
            try:
                link = self.link = load(app, b)
                self.idle = 0
            except MemoryError:
                self.off = LINK_BACKOFF_TICKS
                self._drop(app)  # and what of the link's modules did get imported
                if b == 0x0A:
                    app.serial.write(no_room_line(app.match is not None))
                return True
        link.why = WHY_GAME if app.match is not None else WHY_HOME
        m = app.match
        link.playing = (m.name, m.game.name) if m is not None else ("", "")
        link.tz = app.tz
        if link.service():
            self.idle = 0
        else:
            self.idle += 1
        if link.to_repl and not link.busy():  # the reply is out: the app may end
            app.leave = True
        if link.clock is not None:  # the laptop's time, sent with every hello
            app.set_clock(link.clock[0], link.clock[1])
            link.clock = None
        ask = link.pending()
        if ask and self.screen is None:
            from usher.ui.link_ask import LinkAsk

            self.screen = LinkAsk(ask, link)
            app.push(self.screen)
        elif not ask and self.screen is not None:
            app.pop(self.screen)  # answered, cancelled or timed out: back where it was
            self.screen = None
        if link.wrote:
            wrote = link.wrote
            link.wrote = ""
            app.after_write(wrote)
        if not (link.busy() or ask) and (link.starved or self.idle > LINK_IDLE_TICKS):
            self.off = LINK_BACKOFF_TICKS if link.starved else 0  # an answer did not fit
            self._drop(app)
            return self.off > 0
        return True

    def pressed(self, app) -> bool:
        """A button was pressed: if the host has been quiet a while and nothing
        is running or asked, the laptop is done and the person is back, so
        the link's heap goes to what the person does next (a big game, say).
        Returns False when the gate is done (the app drops it)."""
        link = self.link
        if link is None or link.busy() or link.pending() or self.idle < LINK_PRESS_QUIET:
            return True
        self._drop(app)
        return False

    def _refuse(self, serial, b: int, playing: bool) -> bool:
        """Drop the host's bytes, answering each line with the no-room line."""
        self.off -= 1
        ended = b == 0x0A
        for _ in range(256):
            b = serial.read()
            if b < 0:
                break
            ended = ended or b == 0x0A
        if ended:
            serial.write(no_room_line(playing))
        return self.off > 0

    def _drop(self, app) -> None:
        """Drop the link and its modules, giving their heap back; this module
        stays while the host is being refused. unload collects once when it
        forgot a module; with none forgotten the link never loaded (heap_free
        has just collected, or an allocation failed, which collects)."""
        self.link = None
        unload(LINK, ("usher.link.gate",) if self.off else ())
