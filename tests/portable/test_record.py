from fakes import MemStorage
from portable import eq, raises
from usher.core.errors import RecordError
from usher.core.record import GameLog, decode_line, encode_line


def make_log(n):
    st = MemStorage()
    log = GameLog(st, "g1")
    log.create({"game": "dice", "setup": {"players": []}})
    for i in range(n):
        log.append({"t": "roll", "n": 1, "faces": [i % 6 + 1], "i": i})
    return st, log


def test_line_round_trip():
    line = encode_line({"a": [1, "x"]})
    eq(decode_line(line), {"a": [1, "x"]})


def test_line_with_flipped_byte_fails_check():
    line = bytearray(encode_line({"a": 12345}))
    line[3] = ord("9") if line[3] != ord("9") else ord("8")
    eq(decode_line(bytes(line)), None)


def test_line_without_newline_is_torn():
    eq(decode_line(encode_line({"a": 1})[:-1]), None)


def test_load_returns_header_and_records_in_order():
    st, log = make_log(5)
    got = GameLog(st, "g1").load()
    eq(got.header["game"], "dice")
    eq(got.header["usher"], 1)
    eq([r["i"] for r in GameLog(st, "g1").records()], [0, 1, 2, 3, 4])
    eq(got.inforce, [0, 1, 2, 3, 4])
    eq(got.dropped, 0)


def test_one_append_per_action():
    st, log = make_log(0)
    before = st.appends
    log.append({"t": "x"})
    eq(st.appends, before + 1)


def test_cut_at_every_offset_of_last_records_recovers_complete_ones():
    st, log = make_log(6)
    full = st.files["g1.log"]
    ends = []
    pos = 0
    while True:
        nl = full.find(b"\n", pos)
        if nl < 0:
            break
        ends.append(nl + 1)
        pos = nl + 1
    # the last three records, every byte offset inside them
    start = ends[-4]
    for cut in range(start, len(full) + 1):
        s2 = MemStorage()
        s2.files["g1.log"] = full[:cut]
        got = GameLog(s2, "g1").load()
        complete = len([e for e in ends[1:] if e <= cut])
        eq(got.count, complete)
        eq([r["i"] for r in GameLog(s2, "g1").records()], list(range(complete)))
        good = max([e for e in ends if e <= cut])
        eq(s2.files["g1.log"], full[:good])
        if cut > good:
            eq(s2.files["g1.bad"], full[good:cut])
        else:
            assert "g1.bad" not in s2.files


def test_corrupt_middle_record_keeps_prefix_and_sets_rest_aside():
    st, log = make_log(4)
    data = bytearray(st.files["g1.log"])
    # damage the second action record's body
    lines = bytes(data).split(b"\n")
    off = len(lines[0]) + 1 + len(lines[1]) + 1 + 2
    data[off] = ord("#")
    st.files["g1.log"] = bytes(data)
    got = GameLog(st, "g1").load()
    eq(got.count, 1)
    eq([r["i"] for r in GameLog(st, "g1").records()], [0])
    assert len(st.files["g1.bad"]) > 0
    # nothing recorded was deleted: good part + set-aside part = original
    eq(st.files["g1.log"] + st.files["g1.bad"], bytes(data))


def test_append_after_recovery_starts_clean():
    st, log = make_log(2)
    st.files["g1.log"] = st.files["g1.log"] + b'{"t":"ro'
    log = GameLog(st, "g1")
    log.load()
    log.append({"t": "roll", "i": 99})
    eq([r["i"] for r in GameLog(st, "g1").records()], [0, 1, 99])


def test_missing_or_bad_header_is_a_record_error():
    st = MemStorage()
    raises(RecordError, GameLog(st, "nope").load)
    st.files["x.log"] = b"garbage\n"
    raises(RecordError, GameLog(st, "x").load)
    st.files["y.log"] = b""
    raises(RecordError, GameLog(st, "y").load)


def test_unknown_format_version_is_refused():
    st = MemStorage()
    st.files["x.log"] = encode_line({"usher": 99, "game": "dice"})
    e = raises(RecordError, GameLog(st, "x").load)
    assert "99" in str(e)


def test_create_refuses_to_overwrite():
    st, log = make_log(1)
    raises(RecordError, GameLog(st, "g1").create, {"game": "dice"})


def test_snapshot_round_trip_and_corrupt_snapshot_ignored():
    st, log = make_log(1)
    log.write_snapshot(1, 1, {"x": 1})
    eq(log.read_snapshot()["state"], {"x": 1})
    st.files["g1.snap"] = st.files["g1.snap"][:-3]
    eq(log.read_snapshot(), None)
