"""What the sync link does with garbage, broken lines and hostile hosts:
an error reply or silence, never a crash, never a change on storage."""

from portable import eq
from test_link import Host, make_device
from usher.core.crc import crc_hex
from usher.core.rng import Rng
from usher.link import LINE_MAX, OUT_CAP
from usher.link.wire import FROM_HOST


def snapshot(st):
    return st.files.copy()


def framed(body):
    return FROM_HOST + body + b"*" + crc_hex(body).encode() + b"\n"


def errors_after(host, data, ticks=20):
    host.send_raw(data)
    host.run(ticks)
    return [o for o in host.lines() if o.get("ok") is False]


def test_lines_without_the_prefix_are_left_to_the_repl_silently():
    st, _, link, _, host = make_device()
    before = snapshot(st)
    for junk in (b"print('hi')\n", b">>> import os\n", b"\n", b"@u {}*00000000\n", b"hello\r\n"):
        host.send_raw(junk)
    host.run(20)
    eq(host.lines(), [])
    eq(st.files, before)
    eq(link.errors, 0)


def test_bad_crc_is_answered_with_an_error_and_no_id():
    _, _, _, _, host = make_device()
    body = b'{"id":1,"op":"hello"}'
    line = FROM_HOST + body + b"*" + b"0" * 8 + b"\n"
    eq(errors_after(host, line), [{"id": None, "ok": False, "err": "crc"}])


def test_line_without_a_crc_is_a_frame_error():
    _, _, _, _, host = make_device()
    eq(errors_after(host, b'@U {"id":1,"op":"hello"}\n')[0]["err"], "frame")


def test_bad_json_with_a_good_crc_is_a_json_error():
    _, _, _, _, host = make_device()
    for body in (b"{not json", b"[1,2]", b'"text"', b"[" * 600, b"\xff\xfe"):
        eq(errors_after(host, framed(body))[0]["err"], "json")


def test_unknown_command_or_bad_id_is_refused():
    st, _, _, _, host = make_device()
    before = snapshot(st)
    eq(errors_after(host, framed(b'{"id":3,"op":"append","t":"roll"}'))[0], {"id": 3, "ok": False, "err": "op"})
    eq(errors_after(host, framed(b'{"id":3,"op":"__init__"}'))[0]["err"], "op")
    eq(errors_after(host, framed(b'{"id":3}'))[0]["err"], "op")
    eq(errors_after(host, framed(b'{"id":"3","op":"hello"}'))[0]["err"], "id")
    eq(errors_after(host, framed(b'{"id":0,"op":"hello"}'))[0]["err"], "id")
    eq(errors_after(host, framed(b'{"id":true,"op":"hello"}'))[0]["err"], "id")
    eq(st.files, before)


def test_no_command_adds_an_action_to_a_game():
    st, lib, _, _, host = make_device()
    before = snapshot(st)
    name = lib.index["games"][0]["name"]
    for op in ("append", "submit", "action", "play", "undo", "write", "put"):
        body = '{"id":9,"op":"%s","name":"%s","action":{"t":"roll","n":1,"faces":[6]}}' % (op, name)
        eq(errors_after(host, framed(body.encode()))[0]["err"], "op")
    eq(st.files, before)


def test_over_long_line_is_dropped_up_to_its_newline_and_answered():
    _, _, link, _, host = make_device()
    long = b"@U " + b"x" * (LINE_MAX * 3) + b"\n"
    eq(errors_after(host, long, ticks=40), [{"id": None, "ok": False, "err": "long"}])
    # the next line is read from its own start
    rid = host.send("hello")
    host.run(5)
    eq(host.lines()[0]["id"], rid)
    eq(link.n, 0)


def test_line_of_exactly_the_maximum_is_accepted():
    _, _, _, _, host = make_device()
    pad = LINE_MAX - len(b'@U {"id":1,"op":"hello","pad":""}*00000000')
    body = b'{"id":1,"op":"hello","pad":"' + b"p" * pad + b'"}'
    line = framed(body)
    eq(len(line), LINE_MAX + 1)  # the newline is not stored
    host_out = errors_after(host, line)
    eq(host_out, [])


def test_ctrl_c_voids_the_partial_line_and_is_not_answered():
    st, _, link, _, host = make_device()
    before = snapshot(st)
    host.send_raw(b'@U {"id":1,"op":"hel')
    host.send_raw(b"\x03")
    rid = host.send("hello")
    host.run(10)
    got = host.lines()
    eq(len(got), 1)
    eq(got[0]["id"], rid)
    eq(got[0]["ok"], True)
    host.send_raw(b"\x03\x03\x03")
    host.run(5)
    eq(host.lines(), [])
    eq(st.files, before)


def test_a_flood_of_requests_from_a_host_that_does_not_read_stays_bounded():
    _, _, link, ser, host = make_device()
    ser.take = 0
    for _ in range(60):  # some 12 KB of replies, three times the output queue
        host.send("list")
    for _ in range(200):
        link.service(1024)
        assert link.tail - link.head <= OUT_CAP
    # the device stopped reading: the rest waits in the host's own buffer
    assert ser.unread() > 0


def random_line(rng, ids):
    """A mix of hostile lines: random bytes, near-miss frames, bad arguments."""
    kind = rng.below(8)
    if kind == 0:
        return bytes(rng.below(256) for _ in range(rng.below(80))) + b"\n"
    if kind == 1:
        return b"@U " + bytes(0x20 + rng.below(95) for _ in range(rng.below(120))) + b"\n"
    ops = ["hello", "list", "pull", "cancel", "poll", "roster", "settings", "set_roster", "set_settings", "delete", "x"]
    values = ['"g0001"', "-1", "0", "1e9", "null", "[]", "{}", '[["g0001",0,""]]', '[["g0001",99999,"0"]]', "true"]
    body = '{"id":%d,"op":"%s","%s":%s}' % (
        ids.below(1000) + 1,
        ops[rng.below(len(ops))],
        ["games", "from", "of", "name", "roster", "settings"][rng.below(6)],
        values[rng.below(len(values))],
    )
    raw = body.encode()
    if kind == 2:  # a flipped bit after framing
        line = bytearray(framed(raw))
        i = rng.below(len(line) - 1)
        line[i] ^= 1 << rng.below(7)
        return bytes(line)
    if kind == 3:
        return framed(raw)[: rng.below(len(raw))]  # cut short, no newline
    return framed(raw)


def fuzz(lines, seed):
    """Send hostile lines, answer every question No; storage must not change."""
    st, _, link, ser, host = make_device()
    before = snapshot(st)
    rng = Rng(seed)
    ids = Rng(seed + 1)
    errors = 0
    for i in range(lines):
        host.send_raw(random_line(rng, ids))
        if i % 7 == 0:
            ser.take = [-1, 0, 5][rng.below(3)]
        link.service(256)
        if link.pending():
            link.answer(False)
        if i % 50 == 0:
            errors += sum(1 for o in host.lines() if o.get("ok") is False)
            assert link.tail - link.head <= OUT_CAP
    ser.take = -1
    host.send_raw(b"\n")
    for _ in range(200):
        link.service(1024)
    errors += sum(1 for o in host.lines() if o.get("ok") is False)
    eq(st.files, before)
    eq(ser.unprintable, 0)
    # it still talks after all that
    fresh = Host(link, ser)
    fresh.next_id = 5000
    eq(fresh.ask("hello")[0]["ok"], True)
    return errors, link.errors


def test_fuzz_thousands_of_hostile_lines_change_nothing_and_get_errors():
    seen, sent = fuzz(3000, 11)
    assert sent > 500, sent  # most hostile lines are answered with an error
    assert seen > 0, seen
