"""The app and the laptop: the sync link is loaded when the host speaks, and
when it does not fit the heap (a big game open), the host gets one clear
error line, its bytes are dropped for a while, and the game goes on."""

from app_kit import goto, make_app, press
from fake_serial import attach, link_of
from portable import eq, micropython_only, on_micropython
from usher.core.crc import crc32
from usher.link import gate as link_gate
from usher.link.gate import LINK_BACKOFF_TICKS, LINK_IDLE_TICKS, no_room_line

NO_ROOM_LINE = no_room_line(True)  # the line a host gets while a game is open


def test_the_link_loads_when_the_host_speaks():
    app, _ = make_app(mono=True)
    ser = attach(app)
    app.tick()
    assert link_of(app) is None  # nothing said, nothing loaded
    ser.feed(b"\n")
    app.tick()
    assert link_of(app) is not None


def test_no_room_for_the_link_answers_each_host_line_memory_and_the_game_goes_on():
    app, _ = make_app(mono=True)
    goto(app, "Dice & draws")
    press(app, "ok")  # one die
    rolls = app.match.state["rolls"]
    ser = attach(app)

    def no_room(app, first):
        raise MemoryError("memory allocation failed")

    real = link_gate.load
    link_gate.load = no_room
    try:
        refuse(app, ser)
    finally:
        link_gate.load = real
    eq(ser.unread(), 0)
    press(app, "ok")  # the game still takes moves
    eq(app.match.state["rolls"], rolls + 1)
    app.tick()  # the pause is over: the gate's own code is dropped too (on the device)
    if on_micropython():
        import sys

        eq("usher.link.gate" in sys.modules, False)
    ser.feed(b"\n")  # room again: the next byte loads the link
    app.tick()
    assert link_of(app) is not None


def refuse(app, ser):
    ser.feed(b'@U {"id":1,"op":"hello","proto":1}*00000000\n')
    app.tick()  # the first byte: the link does not fit
    assert link_of(app) is None
    app.tick()  # the rest of the line: answered
    eq(bytes(ser.out), NO_ROOM_LINE)
    # the answer is a valid protocol line: printable, and its CRC matches
    body = NO_ROOM_LINE[3 : NO_ROOM_LINE.rindex(b"*")]
    eq(NO_ROOM_LINE[-9:-1], b"%08x" % crc32(body))
    eq(ser.unprintable, 0)
    for _ in range(LINK_BACKOFF_TICKS - 2):  # every line the host sends meanwhile: the same answer
        ser.feed(b"xx\n")
        app.tick()
    # the same line each time (checked piecewise: one 30 KB copy would not fit a fragmented heap)
    n = len(NO_ROOM_LINE)
    eq(len(ser.out), n * (LINK_BACKOFF_TICKS - 1))
    for k in (0, LINK_BACKOFF_TICKS // 2, LINK_BACKOFF_TICKS - 2):
        eq(bytes(ser.out[k * n : (k + 1) * n]), NO_ROOM_LINE)


def test_an_answer_that_runs_out_of_heap_gives_the_links_heap_back_to_the_game():
    from usher.core.data import loads
    from usher.link.wire import encode

    app, _ = make_app(mono=True)
    ser = attach(app)
    ser.feed(b"\n")
    app.tick()
    link = link_of(app)

    def greedy(rid, req):
        raise MemoryError("memory allocation failed")

    link.op_list = greedy
    ser.feed(encode({"id": 5, "op": "list", "from": 0}, b"@U "))
    for _ in range(3):
        app.tick()
    reply = loads(bytes(ser.out).split(b"\n")[0][3:].rsplit(b"*", 1)[0].decode())
    eq((reply["id"], reply["err"]), (5, "memory"))
    assert link_of(app) is None  # dropped once its answer was out
    ser.feed(b'@U {"id":6,"op":"hello","proto":1}*00000000\n')
    app.tick()
    # and the next lines are told why, in words for a device at Home (no game to leave)
    assert bytes(ser.out).endswith(no_room_line(False)), bytes(ser.out)
    assert b"Save & leave" not in bytes(ser.out)


def test_the_gate_and_its_package_bring_none_of_the_links_code():
    """The gate allocates the link's buffers (their sizes from usher.link,
    the package) before any of the link's code loads."""
    micropython_only("CPython keeps every module the tests imported")
    import sys

    eq([m for m in ("usher.link.serve", "usher.link.ops", "usher.link.wire") if m in sys.modules], [])


def test_the_link_leaving_is_one_collection():
    """Leaving the link forgets its modules, and unload then collects: the gate
    collected once more after it, a second ~10 ms pass on the Pico."""
    micropython_only("on CPython unload forgets nothing and never collects")
    import sys

    from usher import memory

    app, _ = make_app(mono=True)
    ser = attach(app)
    ser.feed(b"\n")
    app.tick()
    assert link_of(app) is not None
    gate = sys.modules["usher.link.gate"]  # the module the gate runs in (tests before may have dropped ours)
    passes = []
    real = memory.collect

    def counted():
        passes.append(1)
        real()

    had = getattr(gate, "collect", None)
    memory.collect = counted
    if had is not None:
        gate.collect = counted
    try:
        for _ in range(LINK_IDLE_TICKS + 2):  # the host says nothing more: the link goes
            app.tick()
    finally:
        memory.collect = real
        if had is not None:
            gate.collect = had
    assert app.gate is None
    eq("usher.link" in sys.modules, False)
    eq(len(passes), 1)
