"""Opening and closing the USB link for the app, loaded only while the host
speaks (the app itself keeps just a few lines for it: it is always in RAM).

The link's code and buffers take ~24 KB of heap. With a big game open there
may not be that much: then the link is not loaded at all (trying would fail
part-way and leave the heap in holes the game may then lack), and for a few
seconds every line from the host is answered with one fixed error line, so
the laptop can say why and what to do, while the game goes on."""

from usher.app import LINK_BACKOFF_TICKS, unload

# heap the link needs free before it is loaded: its code and buffers take ~24 KB
# on the 64-bit VM (less on the Pico), its answers a few KB more
LINK_ROOM = 32 * 1024
# the protocol's error line, its CRC-32 computed once: the link's code is not here
NO_ROOM_LINE = b'@u {"err":"memory","id":null,"ok":false}*6b95a2eb\n'


class FirstByte:
    """The serial with one byte already read put back in front."""

    def __init__(self, serial, first: int) -> None:  # type: ignore[no-untyped-def]
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
        return gc.mem_free()  # type: ignore[attr-defined,no-any-return]
    except (ImportError, AttributeError):
        return -1


def load(app, first: int):  # type: ignore[no-untyped-def]
    """The link, or MemoryError (tests replace this to run out on purpose)."""
    if 0 <= heap_free() < LINK_ROOM:
        raise MemoryError("no room for the link")
    from usher.app import device_id
    from usher.link import Link

    return Link(app.library, app.settings, device_id(), FirstByte(app.serial, first))


def start(app, b: int):  # type: ignore[no-untyped-def]
    """Called with the host's first byte (or, while refusing, each tick):
    the loaded link, or None."""
    if app.link_off > 0:
        app.link_off -= 1
        ended = b == 0x0A
        for _ in range(256):
            b = app.serial.read()
            if b < 0:
                break
            ended = ended or b == 0x0A
        if ended:
            app.serial.write(NO_ROOM_LINE)
        if not app.link_off:
            unload((), ("usher.link_gate",))  # refusing is over: this module's heap goes back too
        return None
    try:
        app.link = load(app, b)
        app.link_idle = 0
        return app.link
    except MemoryError:
        app.link_off = LINK_BACKOFF_TICKS
        stop(app)  # and what of the link's modules did get imported
        if b == 0x0A:
            app.serial.write(NO_ROOM_LINE)
        return None


def stop(app) -> None:  # type: ignore[no-untyped-def]
    """Drop the link and its modules, giving their heap back; this module
    stays while the host is being refused (app.link_off)."""
    app.link = None
    if app.match is not None:
        app.library.release()
    unload(("usher.link_gate",) if app.link_off else (), ("usher.link",))
    import gc

    gc.collect()
