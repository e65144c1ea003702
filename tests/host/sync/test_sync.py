"""`usher sync` against the real firmware Link served in this process, through
a hand-written stand-in for pyserial. Fast and deterministic; the same flows
over a real pseudo-terminal and the MicroPython VM are in test_sync_e2e.py.

Also holds the helpers test_cli*.py and test_history*.py use (`import
test_sync as ts`, so pytest does not collect these tests twice)."""

import zlib

import pytest
from fakes import MemStorage
from usher.core.match import Match
from usher.core.record import encode_line
from usher.core.rng import Rng
from usher.games.catalog import load_game
from usher.library import Library
from usher.link.serve import Link
from usher.settings import Settings
from usher_tools.history.store import History
from usher_tools.link.client import Client, DeviceGone, LinkError, Refused, Timeout
from usher_tools.link.sync import Syncer

DEVICE_ID = "e6614c311b7a5c2d"


class DeviceEnd:
    """The Link's serial: bytes in, bytes out, never blocking."""

    def __init__(self):
        self.inq = bytearray()
        self.out = bytearray()

    def read(self):
        if not self.inq:
            return -1
        b = self.inq[0]
        del self.inq[0]
        return b

    def write(self, data):
        self.out += data
        return len(data)


class LinkedPort:
    """What the Client sees of pyserial, wired to a Link in this process.
    `press` answers the device's questions ("yes", "no", or "" for nobody);
    `cut_after` makes the port fail once that many bytes were read (the cable
    pulled); `corrupt` flips a bit in that many device lines."""

    def __init__(self, link, dev):
        self.link = link
        self.dev = dev
        self.press = "yes"
        self.cut_after = -1
        self.read_total = 0
        self.corrupt = 0
        self.requests = []
        self.port = "linked"

    def _pump(self):
        for _ in range(3):
            self.link.service(8192)
            if self.press and self.link.pending():
                self.link.answer(self.press == "yes")

    def write(self, data):
        if self.cut_after >= 0 and self.read_total >= self.cut_after:
            raise OSError(5, "Input/output error")
        for line in bytes(data).split(b"\n"):
            if line.startswith(b"@U "):
                self.requests.append(line)
        self.dev.inq += data
        return len(data)

    def flush(self):
        pass

    @property
    def in_waiting(self):
        self._pump()
        return len(self.dev.out)

    def read(self, n=1):
        self._pump()
        if self.cut_after >= 0 and self.read_total >= self.cut_after:
            raise OSError(5, "Input/output error")
        if self.cut_after >= 0:
            n = min(n, self.cut_after - self.read_total)
        got = bytes(self.dev.out[:n])
        del self.dev.out[:n]
        if self.corrupt and b'"data"' in got:
            i = got.index(b'"data"') + 12
            got = got[:i] + bytes([got[i] ^ 1]) + got[i + 1 :]
            self.corrupt -= 1
        self.read_total += len(got)
        return got

    def reset_input_buffer(self):
        self.dev.out.clear()

    def close(self):
        pass


class Device:
    """A device in memory: storage, library, settings, link, port."""

    def __init__(self, games=3, rolls=5):
        self.storage = MemStorage()
        self.library = Library(self.storage)
        self.settings = Settings(self.storage)
        self.serial = DeviceEnd()
        self.link = Link(self.library, self.settings, DEVICE_ID, self.serial)
        self.port = LinkedPort(self.link, self.serial)
        for i in range(games):
            self.add_dice(rolls, seed=i + 1)

    def add_dice(self, rolls, seed=1, players=("Anna", "Ben")):
        g = load_game("dice")
        ps = [{"name": n, "colour": i} for i, n in enumerate(players)]
        m = Match.start(self.storage, self.library.new_name(), g, g.make_setup(ps, {}, {}), created=1764400000 + seed)
        rng = Rng(seed)
        for _ in range(rolls):
            m.submit({"t": "roll", "n": 2}, rng)
        self.library.add(m)
        return m

    def log(self, name):
        return self.storage.files[name + ".log"]

    def client(self, timeout=1.0):
        return Client(self.port, timeout=timeout)


def sync(dev, hist, press_wait=0.5):
    with dev.client() as c:
        return Syncer(c, hist, press_wait=press_wait).run()


def by_name(report):
    return {g["name"]: g for g in report["games"]}


@pytest.fixture
def hist(tmp_path):
    h = History(str(tmp_path / "history.sqlite"))
    yield h
    h.close()


# -- the ordinary path ---------------------------------------------------------------
def test_sync_stores_every_record_byte_for_byte_and_rescores_it(hist):
    dev = Device(games=3)
    report = sync(dev, hist)
    assert report["device"] == DEVICE_ID
    assert sorted(by_name(report)) == ["g0001", "g0002", "g0003"]
    for g in report["games"]:
        assert g["action"] == "new" and g["status"] == "ok", g
        row = hist.get(DEVICE_ID, g["name"])
        assert row["data"] == dev.log(g["name"])
        assert row["complete"] == 1
        assert row["result"]["players"] == [
            {"name": "Anna", "score": 0, "rank": 1},
            {"name": "Ben", "score": 0, "rank": 1},
        ]


def test_second_sync_pulls_nothing_when_nothing_changed(hist):
    dev = Device(games=3)
    sync(dev, hist)
    dev.port.requests.clear()
    report = sync(dev, hist)
    assert {g["action"] for g in report["games"]} == {"same"}
    assert not [r for r in dev.port.requests if b'"pull"' in r]


def test_a_game_that_grew_is_pulled_from_where_the_history_stops(hist):
    dev = Device(games=1)
    sync(dev, hist)
    old = dev.log("g0001")
    dev.library.open("g0001").submit({"t": "roll", "n": 1}, Rng(5))
    report = sync(dev, hist)
    g = by_name(report)["g0001"]
    assert g["action"] == "updated" and g["from"] == len(old)
    assert hist.get(DEVICE_ID, "g0001")["data"] == dev.log("g0001")


def test_a_rewritten_record_is_pulled_whole_and_the_old_copy_archived(hist):
    dev = Device(games=1)
    sync(dev, hist)
    old = dev.log("g0001")
    # the device cut a torn tail and went on differently: same name, other bytes
    lines = old.split(b"\n")
    dev.storage.files["g0001.log"] = b"\n".join(lines[:-3]) + b"\n" + encode_line({"t": "roll", "n": 1, "faces": [6]})
    dev.storage.files["g0001.log"] += encode_line({"t": "roll", "n": 1, "faces": [6]}) * 5
    report = sync(dev, hist)
    assert by_name(report)["g0001"]["action"] in ("replaced", "new")
    row = hist.get(DEVICE_ID, "g0001")
    assert row["data"] == dev.log("g0001")
    assert [r["data"] for r in hist.replaced(row["id"])] == [old]


# -- what the laptop finds -------------------------------------------------------------
def test_record_that_breaks_the_rules_is_kept_and_flagged_not_fixed(hist):
    dev = Device(games=1)
    bad = encode_line({"t": "roll", "n": 1, "sides": 6, "faces": [9]})
    dev.storage.files["g0001.log"] += bad
    report = sync(dev, hist)
    g = by_name(report)["g0001"]
    assert g["status"] == "invalid"
    assert "action 6" in g["problem"] and "face must be 1-6" in g["problem"]
    assert hist.get(DEVICE_ID, "g0001")["data"].endswith(bad)


def test_disagreement_with_what_the_device_said_is_reported(hist):
    dev = Device(games=1)
    entry = dev.library.find("g0001")
    entry["finished"] = True  # the device's index claims the game ended
    entry["standings"] = [{"player": 0, "name": "Anna", "score": 9, "rank": 1}]
    dev.library._change(None, "g0001", entry)  # the index lives on the flash, not in RAM
    report = sync(dev, hist)
    g = by_name(report)["g0001"]
    assert g["status"] == "mismatch"
    assert "device says finished, replay says unfinished" in g["problem"]


# -- questions on the device -------------------------------------------------------------
class SecretLink(Link):
    def needs_press(self, e):
        return e is not None and e["name"] == "g0002" or Link.needs_press(self, e)


def secret_device():
    dev = Device(games=3)
    dev.link = SecretLink(dev.library, dev.settings, DEVICE_ID, dev.serial)
    dev.port.link = dev.link
    return dev


def test_game_with_secrets_is_synced_after_ok(hist):
    dev = secret_device()
    report = sync(dev, hist)
    assert by_name(report)["g0002"]["status"] == "ok"
    assert hist.get(DEVICE_ID, "g0002")["data"] == dev.log("g0002")


def test_game_with_secrets_refused_on_the_device_is_skipped_and_the_rest_synced(hist):
    dev = secret_device()
    dev.port.press = "no"
    report = sync(dev, hist)
    g = by_name(report)
    assert g["g0002"]["action"] == "skipped" and "Back was pressed on the device" in g["g0002"]["problem"]
    assert g["g0001"]["status"] == g["g0003"]["status"] == "ok"
    assert hist.get(DEVICE_ID, "g0002") is None


def test_unanswered_question_times_out_and_leaves_the_screen(hist):
    dev = secret_device()
    dev.port.press = ""
    report = sync(dev, hist, press_wait=0.3)
    assert by_name(report)["g0002"]["action"] == "skipped"
    assert dev.link.pending() == ""


class LyingLink(Link):
    """Lists g0002 as free, then wants a press when it is pulled (as if the
    game changed between the list and the pull)."""

    listing = False

    def needs_press(self, e):
        return not self.listing and e is not None and e["name"] == "g0002"

    def op_list(self, rid, req):
        self.listing = True
        try:
            Link.op_list(self, rid, req)
        finally:
            self.listing = False


def test_batch_refused_for_a_press_is_pulled_one_game_at_a_time(hist):
    dev = Device(games=3)
    dev.link = LyingLink(dev.library, dev.settings, DEVICE_ID, dev.serial)
    dev.port.link = dev.link
    report = sync(dev, hist)
    assert {g["name"]: g["status"] for g in report["games"]} == {"g0001": "ok", "g0002": "ok", "g0003": "ok"}
    dev.port.press = ""
    dev.storage.files["g0002.log"] += encode_line({"t": "roll", "n": 1, "faces": [2]})
    report = sync(dev, hist, press_wait=0.2)
    assert by_name(report)["g0002"]["action"] == "skipped"


# -- failures on the wire --------------------------------------------------------------
def test_cable_pulled_mid_transfer_keeps_the_bytes_and_next_sync_resumes(hist):
    dev = Device(games=1, rolls=150)
    size = len(dev.log("g0001"))
    dev.port.cut_after = size // 2
    with pytest.raises(DeviceGone):
        sync(dev, hist)
    part = hist.get(DEVICE_ID, "g0001")
    assert part is not None and part["status"] == "partial"
    assert 0 < len(part["data"]) < size
    assert dev.log("g0001").startswith(part["data"])
    dev.port.cut_after = -1
    report = sync(dev, hist)
    g = by_name(report)["g0001"]
    assert g["action"] == "resumed" and g["from"] == len(part["data"])
    assert hist.get(DEVICE_ID, "g0001")["data"] == dev.log("g0001")


def test_damaged_chunk_is_dropped_and_fetched_again(hist):
    dev = Device(games=2, rolls=60)
    dev.port.corrupt = 1
    report = sync(dev, hist)
    for name in ("g0001", "g0002"):
        assert by_name(report)[name]["status"] == "ok"
        assert hist.get(DEVICE_ID, name)["data"] == dev.log(name)


class SilentPort(LinkedPort):
    def _pump(self):
        pass


def test_device_that_never_answers_is_a_timeout():
    dev = Device(games=0)
    port = SilentPort(dev.link, dev.serial)
    with pytest.raises(Timeout, match="no answer"):
        Client(port, timeout=0.2).hello()


class NoisyPort(LinkedPort):
    """REPL chatter and damaged lines around the real replies."""

    def read(self, n=1):
        got = LinkedPort.read(self, n)
        return b">>> print('x')\r\nTraceback (most recent call last):\r\n@u {bad}*00000000\n" + got if got else got


def test_repl_noise_and_damaged_lines_are_skipped():
    dev = Device(games=2)
    port = NoisyPort(dev.link, dev.serial)
    c = Client(port, timeout=1.0)
    assert c.hello()["device"] == DEVICE_ID
    assert len(c.list_games()) == 2
    assert c.damaged > 0


def test_device_speaking_another_protocol_is_refused_with_advice(monkeypatch):
    from usher.link import serve as L

    dev = Device(games=0)
    monkeypatch.setattr(L, "PROTO", 2)
    with pytest.raises(LinkError, match="update this usher tool"):
        dev.client().hello()


def test_unknown_game_is_reported_per_game():
    dev = Device(games=1)
    c = dev.client()
    c.hello()
    got = c.pull([("g0404", b""), ("g0001", b"")])
    assert got["g0404"].error == "nogame"
    assert got["g0001"].complete and bytes(got["g0001"].data) == dev.log("g0001")


def test_resume_with_bytes_the_device_does_not_have_starts_over():
    dev = Device(games=1)
    c = dev.client()
    c.hello()
    fake = b"x" * 40
    got = c.pull([("g0001", fake)])["g0001"]
    assert got.error == "changed"


# -- roster and settings ---------------------------------------------------------------
def test_roster_push_with_press_and_pull():
    dev = Device(games=0)
    c = dev.client()
    c.hello()
    asked = []
    c.confirm("set_roster", on_pending=asked.append, roster=["Anna", "Zo\u00eb"])
    assert asked == ["Set the players to: Anna, Zo\u00eb?"]
    assert c.call("roster")["roster"] == ["Anna", "Zo\u00eb"]
    assert Settings(dev.storage).get("roster") == ["Anna", "Zo\u00eb"]


def test_settings_push_refused_on_device_changes_nothing():
    from usher_tools.link.client import Denied

    dev = Device(games=0)
    dev.port.press = "no"
    c = dev.client()
    c.hello()
    with pytest.raises(Denied):
        c.confirm("set_settings", settings={"brightness": 10})
    assert "settings.json" not in dev.storage.files


def test_settings_with_unknown_keys_are_refused_before_any_question():
    dev = Device(games=0)
    c = dev.client()
    c.hello()
    with pytest.raises(Refused) as e:
        c.confirm("set_settings", settings={"volume": 11})
    assert e.value.code == "arg"
    assert e.value.why == "unknown setting volume"  # and the reason, in words
    assert "unknown setting volume" in str(e.value)
    assert dev.link.pending() == ""


def test_crc_helper_matches_zlib():
    from usher_tools.link.client import crc_hex

    assert crc_hex(b"usher") == "%08x" % zlib.crc32(b"usher")


def test_older_device_protocol_asks_for_a_firmware_update(monkeypatch):
    from usher.link import serve as L

    dev = Device(games=0)
    monkeypatch.setattr(L, "PROTO", 0)
    with pytest.raises(LinkError, match="update the device's firmware"):
        dev.client().hello()


def test_example_lines_in_protocol_md_are_valid():
    import os

    from tooling import ROOT
    from usher.link.wire import FROM_HOST, decode
    from usher_tools.link.client import unframe

    doc = open(os.path.join(ROOT, "firmware", "PROTOCOL.md"), encoding="utf-8").read()
    host = [ln.split()[0:2] for ln in doc.splitlines() if ln.startswith("@U ")]
    device = [ln for ln in doc.splitlines() if ln.startswith("@u ")]
    assert host and device
    for prefix, body in host:
        assert decode((prefix + " " + body).encode(), FROM_HOST)["op"] == "list"
    for line in device:
        assert unframe(line.encode())["ok"] is True


def test_link_leaves_kbd_intr_alone_so_mpremote_can_always_interrupt():
    import glob
    import os

    from tooling import FIRMWARE

    for path in glob.glob(os.path.join(FIRMWARE, "usher", "link*.py")):
        assert "kbd_intr(" not in open(path).read(), path


def test_a_device_short_of_memory_is_reported_with_what_to_do(hist):
    from usher.link.gate import WHY_GAME, WHY_HOME, no_room_line

    dev = Device(games=1)

    def no_room(rid, req):
        raise MemoryError("memory allocation failed")

    dev.link.op_list = no_room  # the link loaded, but an answer does not fit
    dev.link.why = WHY_GAME  # with a game open on the device, the gate gives these words
    with pytest.raises(Refused) as e:
        sync(dev, hist)
    assert e.value.code == "memory" and "Save & leave" in str(e.value)
    dev = Device(games=1)
    dev.link.op_list = no_room
    dev.link.why = WHY_HOME
    with pytest.raises(Refused) as e:  # at Home: no game to leave, and the words say so
        sync(dev, hist)
    assert e.value.code == "memory" and "Save & leave" not in str(e.value) and "again" in str(e.value)

    class NoLink:  # the link itself did not fit: the app answers each line with its fixed one
        def __init__(self, port):
            self.port = port

        def service(self, budget=1024):
            while True:
                b = self.port.dev.read()
                if b < 0:
                    return 0
                if b == 0x0A:
                    self.port.dev.write(no_room_line(True))

        def pending(self):
            return ""

    dev = Device(games=1)
    dev.port.link = NoLink(dev.port)
    with pytest.raises(Refused) as e:
        with dev.client() as c:
            c.hello()
    assert e.value.code == "memory" and "Save & leave" in str(e.value)


# -- a finished game of each title over a slow link ------------------
FINISHED = {
    "showtime": "showtime_4p.rec",
    "showbiz": "showbiz_4p.rec",
    "show_manager": "show_manager_4p.rec",
    "films": "films_match.rec",
}


def add_record(dev, path, created=1764400000):
    """A record of tests/records/ played into the device's library, action by
    action through the device's own Match (so its log is the device's own)."""
    import os

    from tooling import ROOT
    from usher_tools.history.parsing import parse_bytes

    rec = parse_bytes(open(os.path.join(ROOT, "tests", "records", path), "rb").read())
    g = load_game(rec.header["game"])
    name = dev.library.new_name()
    m = Match.start(dev.storage, name, g, rec.header["setup"], created=created, uid=dev.library.new_uid(created))
    for a in rec.records:
        m.submit(dict(a))
    dev.library.add(m)
    return name, rec


class ThrottledPort(LinkedPort):
    """A slow cable: the device serves a few hundred bytes a read, so a game
    takes many chunks, and the host checkpoints between them."""

    def _pump(self):
        self.link.service(256)
        if self.press and self.link.pending():
            self.link.answer(self.press == "yes")


@pytest.mark.parametrize("title", sorted(FINISHED))
def test_a_finished_game_synced_over_a_slow_link_is_stored_complete_never_partial(hist, monkeypatch, title):
    import usher_tools.link.client as client

    # the checkpoint interval shorter than the transfer (on a real Pico, nearly every game)
    monkeypatch.setattr(client, "CHECKPOINT_EVERY", 0.0)
    dev = Device(games=0)
    dev.port = ThrottledPort(dev.link, dev.serial)
    name, rec = add_record(dev, FINISHED[title])
    data = dev.log(name)
    assert dev.library.find(name)["finished"], "the record of %s is a finished game" % title
    saves = []
    real = hist.save_partial
    monkeypatch.setattr(hist, "save_partial", lambda *a: saves.append(len(a[2])) or real(*a))
    report = sync(dev, hist)
    g = by_name(report)[name]
    assert g["action"] == "new" and g["status"] == "ok", g
    assert saves and min(saves) < len(data)  # it did checkpoint along the way
    row = hist.get(DEVICE_ID, name)
    assert row["data"] == data and row["complete"] == 1 and row["status"] == "ok"
    assert row["result"]["finished"] is True and row["result"]["game"] == rec.header["game"]
    again = sync(dev, hist)  # nothing left to resume
    assert by_name(again)[name]["action"] == "same"


def test_a_partial_save_never_overwrites_the_whole_record(hist):
    dev = Device(games=1, rolls=40)
    sync(dev, hist)
    row = hist.get(DEVICE_ID, "g0001")
    view = dict(row["device_view"])
    hist.save_partial(DEVICE_ID, view, row["data"][:100])  # a checkpoint that comes late
    hist.save_partial(DEVICE_ID, view, row["data"])
    after = hist.get(DEVICE_ID, "g0001")
    assert after["complete"] == 1 and after["status"] == "ok" and after["data"] == row["data"]
