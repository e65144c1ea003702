"""The sync link's protocol, driven through a hand-written fake serial.

Also holds the helpers the other test_link*.py files import (Host,
make_device); the serial fake is fake_serial.FakeSerial."""

from fake_serial import FakeSerial
from fakes import MemStorage
from portable import eq
from usher import VERSION
from usher.core.crc import crc32
from usher.core.game import Game
from usher.core.match import Match
from usher.core.rng import Rng
from usher.library import Library
from usher.link.serve import STALL_TICKS, Link
from usher.link.wire import FROM_DEVICE, FROM_HOST, WireError, decode, encode
from usher.settings import Settings


class Host:
    """The laptop's half, written from PROTOCOL.md rather than from link.py."""

    def __init__(self, link, serial):
        self.link = link
        self.serial = serial
        self.next_id = 1
        self.seen = 0
        self.bad = 0

    def send_raw(self, data):
        self.serial.feed(data)

    def send(self, op, **args):
        rid = self.next_id
        self.next_id += 1
        obj = {"id": rid, "op": op}
        for k in args:
            obj[k] = args[k]
        self.serial.feed(encode(obj, FROM_HOST))
        return rid

    def run(self, ticks=50, budget=1024):
        for _ in range(ticks):
            self.link.service(budget)

    def lines(self):
        """Device lines not yet looked at, each checked against its CRC."""
        data = bytes(self.serial.out[self.seen :])
        end = data.rfind(b"\n") + 1
        # keep only what is not yet read, so a long test holds little memory
        self.serial.out = self.serial.out[self.seen + end :]
        self.seen = 0
        out = []
        for raw in data[:end].split(b"\n"):
            if not raw:
                continue
            try:
                obj = decode(raw, FROM_DEVICE)
            except WireError:
                obj = None
            if obj is None:
                self.bad += 1  # a line cut short when the device gave up on us
            else:
                out.append(obj)
        return out

    def ask(self, op, ticks=50, **args):
        rid = self.send(op, **args)
        self.run(ticks)
        got = [o for o in self.lines() if o.get("id") == rid]
        assert got, (op, "no reply")
        return got


class Done(Game):
    """A game that is over from its first state, with fixed scores."""

    name = "dice"

    def new(self, setup):
        return {"players": setup["players"]}

    def is_over(self, state):
        return True

    def scores(self, state):
        return [10 * (i + 1) for i in range(len(state["players"]))]


PLAYERS = [{"name": "Ann", "colour": 0}, {"name": "Bo", "colour": 1}]


def add_dice(lib, st, rolls=3, seed=1):
    from usher.games.catalog import load_game

    g = load_game("dice")
    m = Match.start(st, lib.new_name(), g, g.make_setup(PLAYERS, {}, {}), created=1700000000)
    rng = Rng(seed)
    for _ in range(rolls):
        m.submit({"t": "roll", "n": 2}, rng, at=1700000100)
    lib.add(m)
    return m


def add_done(lib, st):
    g = Done()
    m = Match.start(st, lib.new_name(), g, {"players": PLAYERS, "options": {}, "components": {}}, created=5)
    lib.add(m)
    return m


def grow(st, name, n, seed=7):
    """Append n valid rolls to a record in one write (a long game, built
    without holding a Match and its history in the VM's small heap)."""
    from usher.core.record import encode_line

    rng = Rng(seed)
    lines = []
    for _ in range(n):
        lines.append(encode_line({"t": "roll", "n": 2, "sides": 6, "faces": [rng.below(6) + 1, rng.below(6) + 1]}))
    st.files[name + ".log"] = st.files[name + ".log"] + b"".join(lines)


def make_device(games=2, rolls=3):
    st = MemStorage()
    lib = Library(st)
    for i in range(games):
        add_dice(lib, st, rolls, seed=i + 1)
    ser = FakeSerial()
    link = Link(lib, Settings(st), "e6614c311b7a5c2d", ser)
    return st, lib, link, ser, Host(link, ser)


def b64(text):
    from binascii import a2b_base64

    return a2b_base64(text)


def pull_all(host, items, ticks=400):
    """Pull a batch; returns ({name: bytes}, {name: end line or error}, final)."""
    rid = host.send("pull", games=items)
    host.run(ticks)
    data = {}
    ends = {}
    final = None
    for o in host.lines():
        if o.get("id") != rid:
            continue
        if "data" in o:
            have = data.get(o["name"], b"")
            eq(o["off"], len(have) + items_from(items, o["name"]))
            have += b64(o["data"])
            data[o["name"]] = have
        elif "end" in o or "err" in o and "name" in o:
            ends[o["name"]] = o
        else:
            final = o
    return data, ends, final


def items_from(items, name):
    for it in items:
        if it[0] == name:
            return it[1]
    return 0


# -- handshake and list ----------------------------------------------------------
def test_hello_tells_device_firmware_protocol_and_game_count():
    _, _, _, _, host = make_device(games=3)
    r = host.ask("hello", proto=1)[0]
    eq(r["ok"], True)
    eq(r["device"], "e6614c311b7a5c2d")
    eq(r["fw"], VERSION)
    eq(r["proto"], 1)
    eq(r["games"], 3)


def test_hello_tells_the_micropython_version_and_nothing_on_another_python():
    import sys

    r = make_device(games=0)[4].ask("hello", proto=1)[0]
    if sys.implementation.name == "micropython":
        v = sys.implementation.version
        eq(r["mp"].split("-")[0], "%d.%d.%d" % v[:3])
        eq(r["mp"] == "%d.%d.%d" % v[:3], len(v) < 4 or not v[3])  # a preview build says so
    else:
        eq(r["mp"], "")  # CPython is not MicroPython: the host shows no version rather than a wrong one


def test_list_pages_cover_every_game_once_with_sizes():
    st, lib, _, _, host = make_device(games=0)
    for i in range(30):
        add_dice(lib, st, rolls=1, seed=i + 1)
    seen = []
    start = 0
    pages = 0
    while start is not None:
        r = host.ask("list", **{"from": start})[0]
        eq(r["total"], 30)
        for g in r["games"]:
            eq(g["size"], len(st.files[g["name"] + ".log"]))
            eq(g["players"], ["Ann", "Bo"])
            eq(g["finished"], False)
            eq(g["game"], "dice")
            seen.append(g["name"])
        start = r["next"]
        pages += 1
    eq(sorted(seen), sorted(e["name"] for e in lib.index["games"]))
    assert pages > 1, "30 games should not fit one bounded page"


def test_list_shows_standings_of_a_finished_game():
    st, lib, _, _, host = make_device(games=0)
    add_done(lib, st)
    g = host.ask("list")[0]["games"][0]
    eq(g["finished"], True)
    eq(g["standings"], [["Bo", 20, 1], ["Ann", 10, 2]])


def test_list_escapes_non_ascii_names_so_lines_stay_printable():
    st, lib, _, ser, host = make_device(games=0)
    from usher.games.catalog import load_game

    g = load_game("dice")
    m = Match.start(st, "g0001", g, g.make_setup([{"name": "Zo\u00eb", "colour": 0}], {}, {}), created=1)
    lib.add(m)
    r = host.ask("list")[0]
    eq(r["games"][0]["players"], ["Zo\u00eb"])
    eq(ser.unprintable, 0)


# -- pulling records ---------------------------------------------------------------
def test_pull_sends_whole_record_in_chunks_with_running_crc():
    st, lib, _, _, host = make_device(games=1, rolls=60)
    name = lib.index["games"][0]["name"]
    want = st.files[name + ".log"]
    assert len(want) > 1024, "needs several chunks"
    data, ends, final = pull_all(host, [[name, 0, ""]])
    eq(data[name], want)
    eq(ends[name]["end"], len(want))
    eq(ends[name]["crc"], "%08x" % crc32(want))
    eq(final["done"], True)


def test_pull_resumes_from_an_offset_when_the_prefix_crc_matches():
    st, lib, _, _, host = make_device(games=1, rolls=60)
    name = lib.index["games"][0]["name"]
    want = st.files[name + ".log"]
    cut = 700
    data, ends, _ = pull_all(host, [[name, cut, "%08x" % crc32(want[:cut])]])
    eq(data[name], want[cut:])
    eq(ends[name]["crc"], "%08x" % crc32(want))


def test_pull_refuses_a_resume_whose_prefix_differs():
    st, lib, _, _, host = make_device(games=1, rolls=20)
    name = lib.index["games"][0]["name"]
    data, ends, final = pull_all(host, [[name, 100, "00000000"]])
    eq(data, {})
    eq(ends[name]["err"], "changed")
    eq(ends[name]["size"], len(st.files[name + ".log"]))
    eq(final["ok"], True)


def test_pull_of_a_game_that_grew_sends_only_the_new_actions():
    st, lib, _, _, host = make_device(games=1, rolls=2)
    name = lib.index["games"][0]["name"]
    old = st.files[name + ".log"]
    m = lib.open(name)
    m.submit({"t": "roll", "n": 1}, Rng(9))
    new = st.files[name + ".log"]
    data, ends, _ = pull_all(host, [[name, len(old), "%08x" % crc32(old)]])
    eq(data[name], new[len(old) :])
    eq(ends[name]["crc"], "%08x" % crc32(new))


def test_batch_pull_sends_each_game_and_reports_unknown_ones():
    st, lib, _, _, host = make_device(games=3)
    names = [e["name"] for e in lib.index["games"]]
    data, ends, final = pull_all(host, [[n, 0, ""] for n in names] + [["g9999", 0, ""]])
    for n in names:
        eq(data[n], st.files[n + ".log"])
    eq(ends["g9999"]["err"], "nogame")
    eq(final["done"], True)


def test_pull_with_bad_arguments_is_refused():
    _, _, _, _, host = make_device()
    for games in (None, [], "g0001", [["g0001", -1, ""]], [["g0001", 0]], [[1, 0, ""]], [["g0001", True, ""]]):
        r = host.ask("pull", games=games)[0]
        eq(r["err"], "arg")


def test_empty_delta_sends_just_the_end():
    st, lib, _, _, host = make_device(games=1)
    name = lib.index["games"][0]["name"]
    whole = st.files[name + ".log"]
    data, ends, _ = pull_all(host, [[name, len(whole), "%08x" % crc32(whole)]])
    eq(data, {})
    eq(ends[name]["end"], len(whole))


# -- what needs a press --------------------------------------------------------------
def test_finished_and_secretless_games_are_pulled_without_a_press():
    st, lib, link, _, host = make_device(games=1)
    add_done(lib, st)
    names = [e["name"] for e in lib.index["games"]]
    data, _, _ = pull_all(host, [[n, 0, ""] for n in names])
    eq(sorted(data), sorted(names))
    eq(link.pending(), "")


def with_secret_games(fn):
    """Run fn while the catalog says every game holds secrets."""
    from usher.link import serve as L

    real = L.holds_secrets
    L.holds_secrets = lambda name: True
    try:
        fn()
    finally:
        L.holds_secrets = real


def test_unfinished_game_with_secrets_waits_for_a_press_then_streams():
    def body():
        st, lib, link, _, host = make_device(games=1)
        name = lib.index["games"][0]["name"]
        r = host.ask("pull", games=[[name, 0, ""]])
        eq(r[0]["pending"], True)
        # which game, exactly: its title, day, players, and that it is unfinished
        eq(
            link.pending(),
            "Send %s to the laptop? Dice of 2023-11-14 (Ann, Bo), unfinished. Its secrets leave the device." % name,
        )
        host.run(20)
        eq(host.lines(), [])  # nothing leaks before the press
        eq(link.answer(True), True)
        eq(link.pending(), "")
        host.run(100)
        got = b"".join(b64(o["data"]) for o in host.lines() if "data" in o)
        eq(got, st.files[name + ".log"])

    with_secret_games(body)


def test_denied_pull_sends_nothing_of_the_record():
    def body():
        _, lib, link, _, host = make_device(games=1)
        name = lib.index["games"][0]["name"]
        rid = host.ask("pull", games=[[name, 0, ""]])[0]["id"]
        link.answer(False)
        host.run(50)
        lines = host.lines()
        eq([o for o in lines if "data" in o], [])
        eq(lines[-1], {"id": rid, "ok": False, "err": "denied"})
        eq(host.ask("poll", of=rid)[0]["state"], "denied")

    with_secret_games(body)


def test_secret_game_in_a_batch_is_refused_whole():
    def body():
        st, lib, link, _, host = make_device(games=1)
        add_done(lib, st)
        names = [e["name"] for e in lib.index["games"]]
        r = host.ask("pull", games=[[n, 0, ""] for n in names])
        eq(r[-1]["err"], "press")
        eq(link.pending(), "")

    with_secret_games(body)


def test_list_marks_games_that_need_a_press():
    _, lib, _, _, host = make_device(games=1)
    eq("secret" in host.ask("list")[0]["games"][0], False)

    def body():
        eq(host.ask("list")[0]["games"][0]["secret"], True)

    with_secret_games(body)


def test_list_marks_the_game_open_on_the_device():
    _, lib, link, _, host = make_device(games=2)
    eq(["open" in e for e in host.ask("list")[0]["games"]], [False, False])
    link.playing = ("g0002", "dice")
    eq([e.get("open", False) for e in host.ask("list")[0]["games"]], [False, True])


def test_broken_record_needs_a_press():
    st, lib, link, _, _ = make_device(games=0)
    eq(link.needs_press({"name": "g0001", "game": "?", "finished": False, "broken": True}), True)
    eq(link.needs_press({"name": "g0001", "game": "nosuch", "finished": False}), True)
    eq(link.needs_press({"name": "g0001", "game": "dice", "finished": False}), False)


def test_roster_push_changes_settings_only_after_ok():
    st, lib, link, _, host = make_device()
    before = Settings(st).get("roster")
    r = host.ask("set_roster", roster=["Ann", "Bo", "Zo\u00eb"])[0]
    eq(r["pending"], True)
    eq(link.pending(), "Set the players to: Ann, Bo, Zo\u00eb?")  # the names it sets
    eq(Settings(st).get("roster"), before)
    link.answer(True)
    host.run(5)
    eq(host.lines()[-1], {"id": r["id"], "ok": True, "done": True})
    eq(Settings(st).get("roster"), ["Ann", "Bo", "Zo\u00eb"])
    eq(host.ask("roster")[0]["roster"], ["Ann", "Bo", "Zo\u00eb"])


def test_roster_push_denied_changes_nothing():
    st, _, link, _, host = make_device()
    before = st.files.copy()
    host.ask("set_roster", roster=["X"])
    link.answer(False)
    host.run(5)
    eq(host.lines()[-1]["err"], "denied")
    eq(st.files, before)


def test_bad_rosters_are_refused_without_asking():
    _, _, link, _, host = make_device()
    for roster in ([], ["A", "A"], [""], ["x" * 17], [1], "Ann", ["a\nb"], ["n%d" % i for i in range(17)]):
        eq(host.ask("set_roster", roster=roster)[0]["err"], "arg")
        eq(link.pending(), "")


def test_settings_push_merges_known_keys_after_ok():
    st, _, link, _, host = make_device()
    stars = [[1, 2, 2, 1], [2, 3, 3, 2], [3, 3, 3, 3], [2, 2, 2, 2]]
    r = host.ask("set_settings", settings={"showtime": {"stars": stars}, "brightness": 40})[0]
    eq(link.pending(), "Change settings: brightness 40%; Showtime stars?")
    link.answer(True)
    host.run(5)
    eq(host.lines()[-1]["done"], True)
    s = Settings(st)
    eq(s.get("showtime")["stars"], stars)
    eq(s.get("brightness"), 40)
    eq(s.get("showbiz")["draws"], "device")  # untouched keys stay
    got = host.ask("settings")[0]["settings"]
    eq(got["brightness"], 40)
    eq(r["pending"], True)


def test_a_language_pushed_is_asked_by_its_own_name_and_an_unknown_one_refused():
    st, _, link, _, host = make_device()
    r = host.ask("set_settings", settings={"lang": "fr"})[0]
    eq((r["err"], r["why"]), ("arg", "lang: one of en, de"))
    eq(link.pending(), "")
    host.ask("set_settings", settings={"lang": "de"})
    eq(link.pending(), "Change settings: language Deutsch?")
    link.answer(True)
    host.run(5)
    eq(Settings(st).get("lang"), "de")


def test_settings_of_unknown_keys_or_wrong_kinds_are_refused():
    st, _, link, _, host = make_device()
    for bad in ({"nosuch": 1}, {"brightness": "high"}, {"brightness": True}, {"showtime": 3}, {}, [1], None):
        eq(host.ask("set_settings", settings=bad)[0]["err"], "arg")
    eq(link.pending(), "")
    assert "settings.json" not in st.files


def test_delete_needs_a_press():
    st, lib, link, _, host = make_device(games=2)
    name = lib.index["games"][0]["name"]
    host.ask("delete", name=name)
    eq(link.pending(), "Delete %s for good? Dice of 2023-11-14 (Ann, Bo), unfinished." % name)
    assert name + ".log" in st.files
    link.answer(True)
    host.run(5)
    assert name + ".log" not in st.files
    eq(host.ask("delete", name="g9999")[0]["err"], "nogame")


def answer_a_roster_push_on(fail):
    """Push a roster, press OK while the storage's write raises `fail`:
    the device's reply and the question's state."""
    _, lib, link, _, host = make_device(games=0)

    def write(name, data):
        raise fail

    lib.storage.write = write  # the settings' file is written with write
    rid = host.ask("set_roster", roster=["A"])[0]["id"]
    eq(link.answer(True), True)
    host.run(5)
    return host.lines()[-1], host.ask("poll", of=rid)[0]["state"]


def test_a_full_flash_answers_storage_and_nothing_else_does():
    r, state = answer_a_roster_push_on(OSError(28))
    eq((r["ok"], r["err"], "why" in r, state), (False, "storage", False, "failed"))
    # another flash error is a storage error that says which, never "full"
    r, state = answer_a_roster_push_on(OSError(5))
    eq((r["err"], r["why"], state), ("storage", "its flash could not be written (error 5)", "failed"))
    # a bug is a bug, not a full flash; the link goes on
    r, state = answer_a_roster_push_on(TypeError("can't convert 'int' object to str implicitly"))
    eq((r["ok"], r["err"], state), (False, "internal", "failed"))
    r, state = answer_a_roster_push_on(MemoryError("memory allocation failed"))
    eq((r["err"], state), ("memory", "failed"))


def test_second_question_while_one_is_pending_is_busy():
    _, _, link, _, host = make_device()
    host.ask("set_roster", roster=["A"])
    eq(host.ask("set_roster", roster=["B"])[0]["err"], "busy")
    eq(link.pending(), "Set the players to: A?")
    # reads still work while the device waits for the press
    eq(host.ask("roster")[0]["ok"], True)


def test_cancel_withdraws_the_question():
    st, _, link, _, host = make_device()
    rid = host.ask("set_roster", roster=["A"])[0]["id"]
    host.ask("cancel")
    eq(link.pending(), "")
    eq(link.answer(True), False)
    eq(host.ask("poll", of=rid)[0]["state"], "cancelled")
    assert "settings.json" not in st.files


def test_poll_reports_a_question_answered_while_the_host_was_away():
    _, _, link, _, host = make_device()
    rid = host.ask("set_roster", roster=["A"])[0]["id"]
    eq(host.ask("poll", of=rid)[0]["state"], "pending")
    link.answer(True)
    eq(host.ask("poll", of=rid)[0]["state"], "done")
    eq(host.ask("poll", of=rid + 100)[0]["state"], "unknown")


# -- sessions ----------------------------------------------------------------------
def test_second_host_hello_ends_the_first_hosts_transfer_and_question():
    st, lib, link, ser, host = make_device(games=1)
    name = lib.index["games"][0]["name"]
    grow(st, name, 100)
    host.send("pull", games=[[name, 0, ""]])
    host.run(2)
    ser.take = 0  # the first host vanishes without reading
    host.run(3)
    host.send("set_roster", roster=["A"])
    host.run(3)
    # the second host: new reader, says hello
    ser.take = -1
    ser.out = bytearray()
    host2 = Host(link, ser)
    host2.next_id = 500
    r = host2.ask("hello")
    eq(r[0]["ok"], True)
    eq(link.pending(), "")
    eq(link.transfer, None)
    host2.run(50)
    eq(host2.lines(), [])  # nothing of the old transfer after the hello reply
    data, ends, _ = pull_all(host2, [[name, 0, ""]])
    eq(data[name], st.files[name + ".log"])


def test_host_that_stops_reading_costs_bounded_memory_and_loses_the_transfer():
    st, lib, link, ser, host = make_device(games=1)
    name = lib.index["games"][0]["name"]
    grow(st, name, 100)
    host.send("pull", games=[[name, 0, ""]])
    host.run(3)
    ser.take = 0
    for _ in range(STALL_TICKS + 10):
        link.service(1024)
        assert link.tail - link.head <= len(link.out)
    eq(link.transfer, None)
    eq(link.drops, 1)
    # the host comes back: a fresh line start, then it can resume
    ser.take = -1
    rid = host.send("hello")
    host.run(5)
    ok = [o for o in host.lines() if o.get("id") == rid]
    eq(ok[0]["ok"], True)


def test_serial_that_takes_a_few_bytes_at_a_time_still_delivers_every_line():
    st, lib, link, ser, host = make_device(games=2, rolls=30)
    ser.take = 7
    names = [e["name"] for e in lib.index["games"]]
    data, _, final = pull_all(host, [[n, 0, ""] for n in names], ticks=3000)
    for n in names:
        eq(data[n], st.files[n + ".log"])
    eq(final["done"], True)


def test_an_operation_that_runs_out_of_heap_answers_memory_and_the_link_goes_on():
    _, _, link, _, host = make_device(games=1)

    def greedy(rid, req):
        raise MemoryError("memory allocation failed")

    link.op_list = greedy
    r = host.ask("list", **{"from": 0})[0]
    eq((r["ok"], r["err"], r["id"] is not None), (False, "memory", True))
    eq(host.ask("hello", proto=1)[0]["ok"], True)
