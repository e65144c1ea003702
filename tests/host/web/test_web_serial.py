"""The page syncs a Pico over Web Serial, in a real headless Chromium.

The page's own sync code (link.mjs, sync.mjs, transport.mjs, pico.mjs) runs
against the real firmware's Library and Link on the MicroPython unix port
(tests/fixtures/sync_device.py behind usher_devkit.bench.sync.PtyDevice, a
pseudo-terminal as a Pico's USB serial), through a stand-in for
`navigator.serial` whose port's streams are a WebSocket to a bridge in this
process, which carries the pty's bytes both ways. Only the USB is
stood in for: the page opens, signals, reads and writes as it would a Pico's
port. Presses come from the device harness, as a person's would.

Also: the page's BG Stats links equal `usher export --format bgstats-links`
for the same games, its file `--format bgstats` (and, with the person's own
BG Stats export chosen, `--like`), a QR code decoded back (zxing-cpp) to its link, "Write
to the Pico" on an origin-private folder standing in for the RPI-RP2 drive,
and bad input (a busy port, a second tab, a Pico without Usher, garbage, a
flood with no line end, a silent port, a browser without Web Serial), each
one line on the page; a game refused on the device or left unanswered, named.

Needs Debian's `chromium` (skips without it unless USHER_REQUIRE_BROWSER)."""

import base64
import hashlib
import io
import json
import os
import re
import select
import shutil
import socket
import struct
import subprocess
import threading
import time

import pytest
from tooling import ROOT, browser_with_downloads, tool, usher_web
from usher.core.record import encode_line
from usher_devkit.bench.sync import PtyDevice
from usher_devkit.browser import HOW_TO_GET, find_chromium
from usher_tools.history.parsing import parse_record

if not find_chromium():
    if os.environ.get("USHER_REQUIRE_BROWSER"):
        raise RuntimeError("browser tests: " + HOW_TO_GET)
    pytest.skip("browser tests skipped: " + HOW_TO_GET, allow_module_level=True)

RECORDS = os.path.join(ROOT, "tests", "records")
DEVICE_ID = "e6614c311b7a5c2d"  # the harness's board id
SHOT = os.path.join(ROOT, "docs", "screens", "web-sync.png")
GUID = b"258EAFA5-E914-47DA-95CA-C5AB0DC85B11"


def device_log(rec, actions=None, created=0):
    """A hand-written record as the device stores it; with `created`, begun
    with the clock set, under a uid (as a device writes them)."""
    with open(os.path.join(RECORDS, rec)) as f:
        header, records = parse_record(f.read())
    if created:
        header = dict(header, created=created, uid="%012x" % created)
    if actions is not None:
        records = records[:actions]
    return b"".join(encode_line(o) for o in [header] + records)


# -- the USB, stood in for: a WebSocket per open port, to the device's pty -------------
class Bridge:
    """ws://127.0.0.1:PORT/ <-> the device's serial port (a pty path), or a
    scripted stranger (`answer(bytes in) -> bytes out`). `cut_after` closes
    the connection once that many device bytes went to the page (the cable
    pulled); `host` holds every byte the page sent."""

    def __init__(self):
        self.path = ""
        self.answer = None
        self.cut_after = -1
        self.host = bytearray()
        self.to_page = 0
        self.cuts = 0
        self.srv = socket.create_server(("127.0.0.1", 0))
        self.url = "ws://127.0.0.1:%d/" % self.srv.getsockname()[1]
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self):
        self.closed = True
        self.srv.close()

    def _accept(self):
        while not self.closed:
            try:
                conn, _ = self.srv.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    @staticmethod
    def _send(conn, data, op=2):
        n = len(data)
        head = bytes([0x80 | op]) + (
            bytes([n])
            if n < 126
            else bytes([126]) + struct.pack(">H", n)
            if n < 65536
            else bytes([127]) + struct.pack(">Q", n)
        )
        conn.sendall(head + data)

    @staticmethod
    def _recv_exact(conn, n):
        out = b""
        while len(out) < n:
            got = conn.recv(n - len(out))
            if not got:
                raise OSError("closed")
            out += got
        return out

    def _frames(self, conn):
        while True:
            b0, b1 = self._recv_exact(conn, 2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._recv_exact(conn, 2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._recv_exact(conn, 8))[0]
            mask = self._recv_exact(conn, 4) if b1 & 0x80 else b"\0\0\0\0"
            data = bytes(c ^ mask[i % 4] for i, c in enumerate(self._recv_exact(conn, n)))
            yield b0 & 0x0F, data

    def _serve(self, conn):
        req = b""
        while b"\r\n\r\n" not in req:
            req += conn.recv(4096)
        key = re.search(rb"Sec-WebSocket-Key: *(\S+)", req, re.I).group(1)
        accept = base64.b64encode(hashlib.sha1(key + GUID).digest())
        conn.sendall(
            b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Accept: " + accept + b"\r\n\r\n"
        )
        lock = threading.Lock()
        done = threading.Event()
        fd = -1
        if self.answer is None:
            fd = os.open(self.path, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)

        def to_page(data):
            with lock:
                if done.is_set():
                    return
                if self.cut_after >= 0 and self.to_page + len(data) >= self.cut_after:
                    data = data[: max(0, self.cut_after - self.to_page)]
                    if data:
                        self._send(conn, data)
                    self.to_page += len(data)
                    self.cuts += 1
                    done.set()
                    conn.shutdown(socket.SHUT_RDWR)  # no closing handshake: the cable was pulled
                    return
                self._send(conn, data)
                self.to_page += len(data)

        def down():
            while not done.is_set():
                r, _, _ = select.select([fd], [], [], 0.05)
                if r:
                    try:
                        data = os.read(fd, 4096)
                    except BlockingIOError:
                        continue
                    except OSError:
                        break
                    if data:
                        try:
                            to_page(data)
                        except OSError:
                            break
            done.set()

        if fd >= 0:
            threading.Thread(target=down, daemon=True).start()
        try:
            for op, data in self._frames(conn):
                if op == 8 or done.is_set():
                    break
                self.host += data
                if fd >= 0:
                    os.write(fd, data)
                else:
                    reply = self.answer(data)
                    if reply:
                        to_page(reply)
        except OSError:
            pass
        done.set()
        time.sleep(0.1)
        if fd >= 0:
            os.close(fd)
        try:
            conn.close()
        except OSError:
            pass

    def requests(self, op):
        """The page's requests of this op, as sent (JSON of each `@U` line)."""
        out = []
        for line in bytes(self.host).split(b"\n"):
            if line.startswith(b"@U "):
                obj = json.loads(line[3:-9])
                if obj.get("op") == op:
                    out.append(obj)
        return out


FAKE_SERIAL = r"""
(() => {
  const log = (window.__serial = { filters: null, signals: [], opens: 0, baud: 0, busy: false, known: false });
  class FakePort {
    constructor() { this.readable = null; this.writable = null; this.ws = null; }
    getInfo() { return { usbVendorId: 0x2e8a, usbProductId: 0x0005 }; }
    async open(opts) {
      if (log.busy) throw new DOMException("Failed to open serial port.", "NetworkError");
      if (this.readable) throw new DOMException("The port is already open.", "InvalidStateError");
      log.baud = opts.baudRate;
      log.opens += 1;
      const ws = new WebSocket(%(url)s);
      ws.binaryType = "arraybuffer";
      await new Promise((ok, bad) => {
        ws.onopen = ok;
        ws.onerror = () => bad(new DOMException("Failed to open serial port.", "NetworkError"));
      });
      let ctl;
      this.readable = new ReadableStream({ start(c) { ctl = c; } });
      ws.onmessage = (e) => ctl.enqueue(new Uint8Array(e.data));
      ws.onclose = () => {
        try { ctl.error(new DOMException("The device has been lost.", "NetworkError")); } catch (e) {}
        this.readable = null;
        this.writable = null;
      };
      this.writable = new WritableStream({
        write(chunk) {
          if (ws.readyState !== 1) throw new DOMException("The device has been lost.", "NetworkError");
          ws.send(chunk);
        },
      });
      this.ws = ws;
    }
    async setSignals(s) { log.signals.push(s); }
    async close() {
      if (this.ws) this.ws.close();
      this.ws = null;
      this.readable = null;
      this.writable = null;
    }
  }
  const port = new FakePort();
  Object.defineProperty(Navigator.prototype, "serial", {
    configurable: true,
    get() {
      return {
        async requestPort(o) { log.filters = o && o.filters; log.known = true; return port; },
        async getPorts() { return log.known ? [port] : []; },
      };
    },
  });
})();
"""


@pytest.fixture(scope="module")
def site():
    """The page from the real command, on a free port of 127.0.0.1."""
    with usher_web() as served:
        yield served


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    with browser_with_downloads(tmp_path_factory) as b:
        yield b


@pytest.fixture
def bridge():
    b = Bridge()
    yield b
    b.close()


def new_tab(browser, url, bridge=None, serial=True, storage="fresh", before=None):
    """A tab on the page (LCD), its Web Serial the stand-in over `bridge`;
    `before(tab)`: what to set before the page first loads (a browser language)."""
    tab = browser.tab()
    if before is not None:
        before(tab)
    if serial:
        src = FAKE_SERIAL % {"url": json.dumps(bridge.url if bridge else "ws://127.0.0.1:9/")}
        tab.call("Page.addScriptToEvaluateOnNewDocument", {"source": src})
    if storage == "fresh":
        tab.goto("about:blank")
        origin = "/".join(url.split("/", 3)[:3])
        tab.call(
            "Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "indexeddb,file_systems,local_storage"}
        )
    tab.goto(url + "?profile=lcd114")
    tab.eval("usher.ready")
    tab.eval("usher.pico.ready")
    return tab


def close(browser, tab):
    """Close the tab; the errors its console saw (the page's device runs
    beside every sync: its VM and the checking VM's must not disturb each other)."""
    tab.collect()
    errors = list(tab.errors)
    tab.goto("about:blank")
    browser.call("Target.closeTarget", {"targetId": tab.target})
    return errors


def click(tab, selector):
    """A real mouse click (a user gesture, as requestPort wants), the button scrolled into view first."""
    tab.eval(
        "document.getElementById('sync-status').textContent = '';"
        " document.querySelector(%s).scrollIntoView({block: 'center'}), true" % json.dumps(selector)
    )
    tab.click(selector)


def text(tab, id_):
    return tab.eval("document.getElementById(%s).textContent" % json.dumps(id_))


def wait_text(tab, id_, *words, timeout=30.0):
    deadline = time.monotonic() + timeout
    while True:
        t = text(tab, id_)
        if any(w in t for w in words):
            return t
        if time.monotonic() > deadline:
            raise AssertionError("#%s never said %s: %r" % (id_, words, t))
        time.sleep(0.05)


def brought(said):
    """A sync's line without the device that answered (its "Device ID (firmware V): ")."""
    return re.sub(r"^Device [0-9a-f]+ \(firmware [^)]*\): ", "", said)


def rows(tab):
    return {r["name"]: r for r in tab.eval("usher.pico.rows()")}


def choose(tab, selector, path, data=None):
    """A file picked in an <input type=file> as the person's chooser would
    (DevTools sets it; the page sees its change event); `data` written first."""
    if data is not None:
        path.write_bytes(data)
    tab.eval("document.getElementById('sync-status').textContent = ''; true")
    root = tab.call("DOM.getDocument")["root"]["nodeId"]
    node = tab.call("DOM.querySelector", {"nodeId": root, "selector": selector})["nodeId"]
    tab.call("DOM.setFileInputFiles", {"files": [str(path)], "nodeId": node})


# A person's BG Stats export (of this project's making): Anna, "ana" (Ana as they
# wrote her), their own player, Films with its copies and tags (lists the page
# leaves in the browser); plays not read
THEIR_EXPORT = {
    "players": [
        {"id": 5, "uuid": "5D9F1C2E-0B7A-4C3D-9E8F-0123456789AB", "name": "Anna", "isAnonymous": False},
        {"id": 7, "uuid": "2027123C-C10A-454F-AD70-275F14AEFB01", "name": "ana", "isAnonymous": False},
        {"id": 9, "uuid": "A1637A2A-B17E-49F1-B05C-60CCB21B8B31", "name": "Me", "isAnonymous": False},
    ],
    "games": [
        {
            "id": 3,
            "uuid": "9A6E1B7D-040A-4F86-810A-2B060C8C147A",
            "name": "Films",
            "bggId": 0,
            "rating": 70,
            "copies": [{"uuid": "80FF6491-950F-4A90-A89F-DD1A7DC43B75", "statusOwned": 1}],
            "tags": [{"tagRefId": 1}],
        },
        {"id": 8, "uuid": "C8F5F1E4-5FF8-4A79-80C8-C91DFBF817C3", "name": "Azul", "bggId": 230802},
    ],
    "locations": [{"id": 1, "uuid": "846B3B40-0911-4AD6-98BB-6A8474123E8B", "name": "Home"}],
    "plays": [],
    "userInfo": {"meRefId": 9},
}


def place(tmp_path, files):
    folder = tmp_path / "flash"
    folder.mkdir()
    for name, data in files.items():
        (folder / name).write_bytes(data)
    return str(folder)


# -- a night's games: Showtime finished, Showbiz unfinished (OK on the device), a Films match
def test_a_pico_synced_from_the_page_and_the_links_are_the_laptops(browser, site, bridge, tmp_path):
    url, _ = site
    files = {
        "g0001.log": device_log("showtime_4p.rec", created=1764400000),
        "g0002.log": device_log("showbiz_4p.rec", 40, created=1764407200),  # unfinished: bids and money secret
        "g0003.log": device_log("films_match.rec", created=1764414400),
    }
    with PtyDevice(place(tmp_path, files)) as dev:
        bridge.path = dev.path
        tab = new_tab(browser, url, bridge)
        before = time.time()
        click(tab, "#connect")
        wait_text(tab, "sync-status", "Press OK")
        ask = dev.wait_log("ask: Send g0002", timeout=20)
        assert "Showbiz" in ask and "unfinished" in ask and "secrets" in ask
        assert "Showbiz" in text(tab, "sync-status")  # the page says what the device asks
        dev.press("yes")
        said = wait_text(tab, "sync-status", "brought", "stopped", "failed")
        assert brought(said).startswith("3 games brought"), said

        # the port as a Pico's: Raspberry Pi's USB vendor, 115200 baud, DTR up
        serial = tab.eval("window.__serial")
        assert serial["filters"] == [{"usbVendorId": 0x2E8A}] and serial["baud"] == 115200
        assert serial["signals"] and serial["signals"][0]["dataTerminalReady"] is True
        # hello with this computer's time and zone, as usher sync sends them
        hello = bridge.requests("hello")[0]
        assert hello["proto"] == 1 and abs(hello["time"] - before) < 30
        assert hello["tz"] == time.localtime(before).tm_gmtoff

        got = rows(tab)
        assert sorted(got) == ["g0001", "g0002", "g0003"]
        for name, r in got.items():
            assert base64.b64decode(r["data"]) == files[name + ".log"], name
            assert r["complete"] and r["status"] == "ok", r
        assert got["g0001"]["result"]["finished"] and got["g0001"]["result"]["winner"] == "Anna"
        assert not got["g0002"]["result"]["finished"]
        assert got["g0003"]["result"]["game"] == "films" and got["g0003"]["result"]["finished"]
        listed = tab.eval("[...document.querySelectorAll('#games-body tr')].map((tr) => tr.innerText)")
        assert len(listed) == 3 and any("Showtime" in t and "finished" in t and "Anna won" in t for t in listed)
        showbiz = [t for t in listed if "Showbiz" in t][0]
        assert "unfinished" in showbiz and "Standings" not in showbiz  # an unfinished game's money stays off the page

        # a second sync: the browser knows the port (no chooser), nothing to bring, nothing asked
        asks = len([ln for ln in dev.log if ln.startswith("ask:")])
        click(tab, "#connect")
        said = synced = wait_text(tab, "sync-status", "brought", "stopped")
        assert brought(said).startswith("0 games brought, 3 already here"), said
        assert tab.eval("window.__serial.opens") == 2 and len([ln for ln in dev.log if ln.startswith("ask:")]) == asks

        # BG Stats: the page's links are the laptop's, byte for byte (Films: one play a game of the match)
        page = tab.eval("usher.pico.links()")
        # the laptop syncs the same device (OK pressed again for the Showbiz game)
        db = str(tmp_path / "history.sqlite")
        proc = subprocess.Popen(
            [tool("usher"), "sync", "--port", dev.path, "--db", db, "--wait", "20"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        deadline = time.monotonic() + 30
        while len([ln for ln in dev.log if ln.startswith("ask:")]) == asks and time.monotonic() < deadline:
            time.sleep(0.05)
        dev.press("yes")
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        exp = subprocess.run(
            [tool("usher"), "export", "--format", "bgstats-links", "--db", db],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert exp.returncode == 0, exp.stderr
        laptop = [ln for ln in exp.stdout.splitlines() if ln.startswith("https://")]
        assert len(laptop) >= 3  # Showtime, and each game of the Films match
        from urllib.parse import unquote

        assert sorted(map(unquote, page["links"])) == sorted(map(unquote, laptop))  # readable if not
        assert sorted(page["links"]) == sorted(laptop)
        shown = tab.eval("[...document.querySelectorAll('a.bglink')].map((a) => a.href)")
        assert sorted(shown) == sorted(laptop)

        # the BG Stats file: the laptop's, byte for byte
        fileout = str(tmp_path / "laptop-bgstats.json")
        exp = subprocess.run(
            [tool("usher"), "export", "--format", "bgstats", "--db", db, "-o", fileout],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert exp.returncode == 0, exp.stderr
        for n in os.listdir(browser.downloads):
            os.remove(os.path.join(browser.downloads, n))
        click(tab, "#bgstats-file")
        mine = os.path.join(browser.downloads, "usher-bgstats.json")
        deadline = time.monotonic() + 15
        while not os.path.exists(mine):
            assert time.monotonic() < deadline, os.listdir(browser.downloads)
            time.sleep(0.1)
        with open(mine, "rb") as a, open(fileout, "rb") as b:
            assert a.read() == b.read()
        assert "4 plays" in text(tab, "sync-status")

        # "Use my BG Stats export": the laptop's `--like` file, byte for byte (bgstats.py matches on both)
        like = tmp_path / "BGStatsExport.json"
        like.write_text(json.dumps(THEIR_EXPORT), encoding="utf-8")
        exp = subprocess.run(
            [tool("usher"), "export", "--format", "bgstats", "--db", db, "--like", str(like), "-o", fileout],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert exp.returncode == 0, exp.stderr
        choose(tab, "#bgstats-like", tmp_path / "notes.txt", b"Anna 12, Ben 10")
        said = wait_text(tab, "sync-status", "BG Stats export")
        assert said == "notes.txt is not a BG Stats export: not JSON"
        choose(tab, "#bgstats-like", like)
        said = wait_text(tab, "sync-status", "Using", "not a BG Stats export")
        assert said.startswith("Using BGStatsExport.json (3 players, 2 games; you are Me)"), said
        for n in os.listdir(browser.downloads):
            os.remove(os.path.join(browser.downloads, n))
        click(tab, "#bgstats-file")
        deadline = time.monotonic() + 15
        while not os.path.exists(mine):
            assert time.monotonic() < deadline, os.listdir(browser.downloads)
            time.sleep(0.1)
        with open(mine, "rb") as a, open(fileout, "rb") as b:
            page_file = a.read()
            assert page_file == b.read()
        liked = json.loads(page_file)
        assert {p["name"]: p["id"] for p in liked["players"] if p["id"] < 10} == {"Anna": 5, "ana": 7, "Me": 9}
        assert liked["userInfo"]["meRefId"] == 9
        assert [(g["id"], g["rating"]) for g in liked["games"] if g["name"] == "Films"] == [(3, 70)]

        # a QR code decoded back to its link
        import numpy as np
        import zxingcpp
        from PIL import Image

        png = tab.eval("document.querySelector('canvas.qr').toDataURL('image/png')")
        link = tab.eval("document.querySelector('canvas.qr').dataset.link")
        img = Image.open(io.BytesIO(base64.b64decode(png.split(",", 1)[1]))).convert("L")
        found = zxingcpp.read_barcodes(np.array(img))
        assert [r.text for r in found] == [link] and link in laptop

        # the records as files for usher import, byte for byte
        for n in os.listdir(browser.downloads):
            os.remove(os.path.join(browser.downloads, n))
        click(tab, "#records")
        deadline = time.monotonic() + 15
        while len([n for n in os.listdir(browser.downloads) if n.endswith(".log")]) < 3:
            assert time.monotonic() < deadline, os.listdir(browser.downloads)
            time.sleep(0.1)
        for name, data in files.items():
            with open(os.path.join(browser.downloads, "usher-%s-%s" % (DEVICE_ID, name)), "rb") as f:
                assert f.read() == data, name

        # the picture of the page after a sync (docs/SIMULATOR.md, README), with the sync's own line
        tab.eval(
            "document.querySelector('#games details').open = true;"
            " [...document.querySelectorAll('#games details.qrbox')].pop().open = true;"
            " document.getElementById('pico').scrollIntoView();"
            " document.getElementById('sync-status').textContent = %s" % json.dumps(synced)
        )
        shot = str(tmp_path / "sync.png")
        tab.screenshot(shot)
        if os.environ.get("UPDATE_GOLDEN") or not os.path.exists(SHOT):
            shutil.copy(shot, SHOT)
        assert close(browser, tab) == []


def test_a_cut_mid_sync_keeps_what_came_and_the_next_sync_resumes(browser, site, bridge, tmp_path):
    url, _ = site
    files = {"g0001.log": device_log("showbiz_4p.rec"), "g0002.log": device_log("showtime_4p.rec")}
    with PtyDevice(place(tmp_path, files)) as dev:
        bridge.path = dev.path
        bridge.cut_after = 9000  # the cable pulled part-way through the Showbiz game
        tab = new_tab(browser, url, bridge)
        click(tab, "#connect")
        said = wait_text(tab, "sync-status", "stopped", "brought")
        assert "unplugged" in said and "kept" in said, said
        got = rows(tab)
        part = got["g0001"]
        assert not part["complete"] and part["status"] == "partial"
        assert 0 < part["size"] < len(files["g0001.log"])
        # the game kept in part named with its bytes, and only then a resume promised
        kept = "g0001 (%s of %s bytes) came in part, kept: the next sync goes on from there."
        assert said.endswith(kept % (format(part["size"], ","), format(len(files["g0001.log"]), ","))), said
        assert said.startswith("Device %s (firmware " % DEVICE_ID) and "?." not in said, said
        assert base64.b64decode(part["data"]) == files["g0001.log"][: part["size"]]  # only bytes that passed their CRC
        listed = tab.eval("document.getElementById('games-body').innerText")
        assert "partial" in listed and "Standings" not in listed  # nothing half-kept shown as whole
        # plugged in again: the next sync asks for the rest from the bytes it holds
        bridge.cut_after = -1
        time.sleep(0.5)
        click(tab, "#connect")
        said = wait_text(tab, "sync-status", "brought", "stopped")
        assert brought(said).startswith("2 games brought"), said
        pulls = [g for r in bridge.requests("pull") for g in r["games"] if g[0] == "g0001"]
        assert pulls[0][1] == 0 and pulls[-1][1] == part["size"]
        assert pulls[-1][2] == "%08x" % (__import__("zlib").crc32(files["g0001.log"][: part["size"]]))
        got = rows(tab)
        for name, r in got.items():
            assert r["complete"] and base64.b64decode(r["data"]) == files[name + ".log"], name
        errors = close(browser, tab)
        assert not [e for e in errors if "lost" not in e], errors


PICO_BOOT = 1609459200  # 2021-01-01: where a Pico's clock starts after power-on


def test_a_clock_less_game_synced_three_times_as_it_grows_keeps_the_first_syncs_date(browser, site, bridge, tmp_path):
    """On the page: a Showtime game begun on a Pico whose
    clock was never set, synced near its start, mid-game and finished, the
    page's clock three minutes on each time: the list and the BG Stats play
    show the first sync's time. The device starts again for each sync with
    its record grown (its list read from the record, as at power-on)."""
    url, _ = site
    with open(os.path.join(RECORDS, "showtime_4p.rec")) as f:
        header, records = parse_record(f.read())
    header = dict(header, created=PICO_BOOT + 600, uid="00c10c4e55aa", clock="unset")
    folder = place(tmp_path, {})
    tab = None
    first = None
    for n, ahead in ((8, 0), (40, 180), (len(records), 360)):
        with open(os.path.join(folder, "g0001.log"), "wb") as f:
            f.write(b"".join(encode_line(o) for o in [header] + records[:n]))
        if os.path.exists(os.path.join(folder, "index.jsonl")):
            os.remove(os.path.join(folder, "index.jsonl"))
        with PtyDevice(folder) as dev:
            bridge.path = dev.path
            if tab is None:
                tab = new_tab(browser, url, bridge)
                # the page's clock, moved on by hand: a sync minutes after another without waiting minutes
                tab.eval(
                    "(() => { const real = Date.now; window.__ahead = 0;"
                    " Date.now = () => real() + window.__ahead * 1000; return true; })()"
                )
            tab.eval("window.__ahead = %d" % ahead)
            click(tab, "#connect")
            said = wait_text(tab, "sync-status", "brought", "stopped", "failed")
            assert brought(said).startswith("1 game brought"), said
        (row,) = tab.eval("import('./history.mjs').then((m) => m.History.open()).then((h) => h.all())")
        assert row["view"]["clock"] == "unset" and row["complete"] and row["status"] == "ok", row
        if first is None:
            first = row["syncedAt"]
            assert abs(first - time.time()) < 60  # the first sync's time, not the Pico's 2021
        assert row["syncedAt"] == first
        day = time.strftime("%Y-%m-%d %H:%M", time.localtime(first))
        listed = tab.eval("document.getElementById('games-body').innerText")
        assert day in listed, (ahead, listed)
    assert row["result"]["finished"]
    (play,) = tab.eval("usher.pico.links()")["plays"]
    date = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(first))
    assert (play["date"], play["dated_by"]) == (date, "the sync")
    (link,) = tab.eval("usher.pico.links()")["links"]
    from urllib.parse import unquote

    pushed = json.loads(unquote(link.split("data=", 1)[1]))
    assert pushed["playDate"] == date and pushed["comments"].startswith("Dated by the sync (%s): " % date)
    assert close(browser, tab) == []


def test_a_refused_and_an_unanswered_game_are_named_and_so_is_the_device(browser, site, bridge, tmp_path):
    """An unfinished Showbiz game begun before
    the clock was set is refused (Back), then not answered, then sent. Each
    time the sync's line names the device and firmware that answered; a game
    not brought is named by its id and the device's own description, and why,
    and listed; every row of the list carries its game id."""
    from usher import VERSION

    url, _ = site
    with open(os.path.join(RECORDS, "showbiz_4p.rec")) as f:
        header, records = parse_record(f.read())
    header = dict(header, created=PICO_BOOT + 600, uid="00c10c4e55bb", clock="unset")
    files = {
        "g0001.log": device_log("showtime_4p.rec", created=1764400000),
        "g0002.log": b"".join(encode_line(o) for o in [header] + records[:40]),  # unfinished: needs OK
    }
    said_of = "Showbiz (Anna, Ben, Cleo, Dev), unfinished, date not known"  # firmware/usher/ui/describe.py
    head = "Device %s (firmware %s): " % (DEVICE_ID, VERSION)

    def listed():
        return tab.eval("[...document.querySelectorAll('#games-body tr')].map((tr) => tr.innerText)")

    with PtyDevice(place(tmp_path, files)) as dev:
        bridge.path = dev.path
        tab = new_tab(browser, url, bridge)
        click(tab, "#connect")
        asking = wait_text(tab, "sync-status", "Press OK")
        dev.wait_log("ask: Send g0002", timeout=20)
        # the device's question, quoted as its own words
        assert asking.endswith("\u201cSend g0002 to the laptop? %s. Its secrets leave the device.\u201d" % said_of), (
            asking
        )
        dev.press("no")
        said = wait_text(tab, "sync-status", "brought", "stopped", "failed")
        assert (
            said == head + "1 game brought; g0002, %s, not brought: refused on the device (Back was pressed)." % said_of
        )
        shown = listed()
        assert len(shown) == 2 and shown[0].startswith("g0002 Showbiz\tdate not known\tAnna, Ben, Cleo, Dev"), shown
        assert shown[0].endswith("not brought: refused on the device (Back was pressed)\t"), shown
        assert shown[1].startswith("g0001 Showtime\t2025-11-29"), shown

        # again, and nobody answers: the page gives up (after 2 s here, not 2 minutes) and withdraws the question
        tab.eval("import('./link.mjs').then((m) => { m.Link.pressMs = 2000; return true; })")
        click(tab, "#connect")
        wait_text(tab, "sync-status", "Press OK")
        said = wait_text(tab, "sync-status", "brought", "stopped", "failed")
        want = "0 games brought, 1 already here; g0002, %s, not brought: nobody pressed OK on the device in time."
        assert said == head + want % said_of, said
        assert bridge.requests("cancel"), "the question was left on the device"
        assert "not brought: nobody pressed OK on the device in time" in listed()[0]

        # OK at last: the game comes, and its row is the game's own, dated by this first sync
        tab.eval("import('./link.mjs').then((m) => { m.Link.pressMs = 120000; return true; })")
        click(tab, "#connect")
        wait_text(tab, "sync-status", "Press OK")
        dev.press("yes")
        said = wait_text(tab, "sync-status", "brought", "stopped", "failed")
        assert said == head + "1 game brought, 1 already here.", said
        shown = listed()
        assert len(shown) == 2 and "not brought" not in "".join(shown), shown
        assert shown[1].startswith("g0002 Showbiz\t") and "(first sync)\t" in shown[1], shown
    assert close(browser, tab) == []


def test_the_page_polls_while_the_device_waits_for_its_owner(browser, site, bridge, tmp_path):
    """While a question waits for a press the page sends a poll every 10 s
    (here every second, to keep the test short): the device keeps the
    question while the poll goes on, and the pull completes after OK."""
    url, _ = site
    files = {"g0001.log": device_log("showbiz_4p.rec", 40)}
    with PtyDevice(place(tmp_path, files)) as dev:
        bridge.path = dev.path
        tab = new_tab(browser, url, bridge)
        assert tab.eval("import('./link.mjs').then((m) => m.KEEPALIVE_MS)") == 10000
        tab.eval(
            """(async () => {
              const { Link } = await import('./link.mjs');
              const { SerialTransport, choosePort } = await import('./transport.mjs');
              const t = await new SerialTransport(await choosePort()).open();
              const link = new Link(t);
              link.keepaliveMs = 1000;
              await link.hello();
              window.__pull = link.pull([['g0001', new Uint8Array(0)]]).then(
                (r) => ({ complete: r.g0001.complete, size: r.g0001.size, polls: link.polls }),
                (e) => ({ error: e.message }),
              ).finally(() => t.close());
              return true;
            })()"""
        )
        dev.wait_log("ask: Send g0001", timeout=20)
        time.sleep(3.5)
        dev.press("yes")
        got = tab.eval("window.__pull")
        assert got.get("complete") and got["size"] == len(files["g0001.log"]), got
        pull = bridge.requests("pull")[0]["id"]
        polls = bridge.requests("poll")
        assert got["polls"] >= 2 and len(polls) == got["polls"] and all(p["of"] == pull for p in polls)
        assert close(browser, tab) == []


def test_the_page_s_own_device_syncs_through_the_same_client(browser, site):
    url, _ = site
    tab = new_tab(browser, url, None)
    blobs = {"g0001.log": base64.b64encode(device_log("showtime_4p.rec")).decode()}
    tab.eval("usher.test.boot(%s)" % json.dumps({"profile": "lcd114", "files": blobs}))
    tab.eval("usher.test.live()")
    click(tab, "#sync-page")
    said = wait_text(tab, "sync-status", "brought", "stopped", "failed")
    assert brought(said).startswith("1 game brought"), said
    got = rows(tab)
    assert list(got) == ["g0001"] and got["g0001"]["status"] == "ok" and got["g0001"]["result"]["winner"] == "Anna"
    assert close(browser, tab) == []


def test_the_page_s_replay_flags_what_the_laptop_flags(browser, site):
    """The page re-scores with the laptop's own replay code in its VM: the
    same result, status and problem as usher sync's rescore, for a record
    the device described rightly, wrongly, and one that cannot be replayed."""
    from usher_tools.history.rescore import rescore

    url, _ = site
    tab = new_tab(browser, url, None)
    good = device_log("showtime_4p.rec")
    torn = good[:-7]  # the last line cut short
    bad_rule = device_log("dice_bad_face.rec")
    finished = {"name": "g0001", "game": "showtime", "finished": True}
    cases = [
        (good, dict(finished, standings=[["Anna", 45, 1], ["Ben", 45, 2], ["Dan", 35, 3], ["Cleo", 22, 4]])),
        (good, dict(finished, standings=[["Ben", 45, 1], ["Anna", 45, 2], ["Dan", 35, 3], ["Cleo", 22, 4]])),
        (good, dict(finished, finished=False)),
        (torn, finished),
        (bad_rule, {"name": "g0002", "game": "dice", "finished": False}),
    ]
    for data, view in cases:
        page = tab.eval("usher.pico.rescore(%s, %s)" % (json.dumps(base64.b64encode(data).decode()), json.dumps(view)))
        result, status, problem = rescore(data, view)
        assert (page["status"], page["problem"]) == (status, problem), (view, page, problem)
        assert page["result"] == result
    assert [tab.eval("usher.pico.rescore(%s, {})" % json.dumps(base64.b64encode(good).decode()))["status"]] == [
        "mismatch"
    ]
    assert close(browser, tab) == []


# -- bad input is normal input: one line each ------------------------------------------------
def short_replies(tab):
    """What a device that never answers in Usher's protocol is told is the point,
    not how long the page waits for a reply (5 s): this tab waits 1.5 s."""
    assert tab.eval("import('./link.mjs').then((m) => { m.Link.replyMs = 1500; return true; })") is True


def test_a_busy_port_a_second_tab_a_pico_without_usher_and_garbage(browser, site, bridge):
    url, _ = site
    tab = new_tab(browser, url, bridge)
    # the port held by another program
    tab.eval("window.__serial.busy = true")
    click(tab, "#connect")
    said = wait_text(tab, "sync-status", "busy", "stopped")
    assert "busy" in said and "mpremote" in said and "Thonny" in said, said
    tab.eval("window.__serial.busy = false")
    short_replies(tab)

    # a Pico with plain MicroPython: its REPL answers a line with a prompt
    bridge.answer = lambda data: b"\r\n>>> " if b"\n" in data else data
    click(tab, "#connect")
    said = wait_text(tab, "sync-status", "stopped", "brought", timeout=20)
    assert "MicroPython but not Usher" in said, said

    # garbage from the device
    bridge.answer = lambda data: bytes(range(32, 127)) * 3 + b"@u {broken*00000000\n"
    click(tab, "#connect")
    said = wait_text(tab, "sync-status", "stopped", "brought", timeout=20)
    assert "not in Usher's sync protocol" in said, said

    # a second tab syncing: one at a time
    other = browser.tab()
    try:
        other.goto(url + "?profile=lcd114")  # the board stays the first tab's
        other.eval("navigator.locks.request('usher-sync', () => new Promise(() => {})), true")
        click(tab, "#connect")
        said = wait_text(tab, "sync-status", "Another tab")
    finally:
        other.goto("about:blank")
        browser.call("Target.closeTarget", {"targetId": other.target})
    assert close(browser, tab) == []


def test_a_sync_that_brought_nothing_ends_its_line_once_and_promises_no_resume(browser, site, bridge):
    """A plain MicroPython board, garbage, a device that
    floods bytes with no line end and a silent one: each one line, ended once,
    naming what answered, and no "the next sync goes on" where nothing came."""
    url, _ = site
    tab = new_tab(browser, url, bridge)
    flood = bytes(b for b in range(256) if b != 10) * 64  # 16 KB a write from the page, never a newline
    cases = [
        (
            lambda data: b"\r\n>>> " if b"\n" in data else data,
            "this Pico runs MicroPython but not Usher (or Usher is in safe mode): put Usher on it (below), then sync.",
        ),
        (
            lambda data: bytes(range(32, 127)) * 3 + b"@u {broken*00000000\n",
            "the device sends data, but not in Usher's sync protocol: is this an Usher Pico?",
        ),
        (lambda data: flood, "the device sends data, but not in Usher's sync protocol: is this an Usher Pico?"),
        (lambda data: b"", "no answer from the device: is Usher running on it (its home screen showing)?"),
    ]
    short_replies(tab)
    for answer, want in cases:
        bridge.answer = answer
        click(tab, "#connect")
        said = wait_text(tab, "sync-status", "stopped", "brought", timeout=20)
        assert said == "Sync stopped: " + want, said
    assert close(browser, tab) == []


def test_without_web_serial_the_page_names_the_browsers_and_the_download_stays(browser, site):
    url, _ = site
    tab = browser.tab()
    tab.call(
        "Page.addScriptToEvaluateOnNewDocument",
        {"source": "delete Navigator.prototype.serial; delete navigator.serial;"},
    )
    tab.goto(url)
    tab.eval("usher.pico.ready")
    assert tab.eval("'serial' in navigator") is False
    said = text(tab, "serial-support")
    assert "Chrome or Edge" in said and "download" in said
    assert tab.eval("document.getElementById('connect').disabled")
    # a development checkout has no firmware file: the page says where it comes from
    assert "comes with a release" in text(tab, "fw-release")
    assert close(browser, tab) == []


# -- Write to the Pico: an origin-private folder stands in for the boot drive ---------------
def release_site(folder, tmp_path, files):
    """A copy of the page with a release: files {name: bytes}, release.json
    listing them as usher_tools.release writes it (chip from the name)."""
    from usher_tools.pico.uf2 import BOARD_NAMES

    out = tmp_path / "site"
    shutil.copytree(folder, out)
    listed = []
    for name, data in files.items():
        (out / name).write_bytes(data)
        chip = "rp2350" if "pico2" in name else "rp2040"
        listed.append(
            {"chip": chip, "board": BOARD_NAMES[chip], "uf2": name, "sha256": hashlib.sha256(data).hexdigest()}
        )
        listed[-1]["size"] = len(data)
    top = {k: listed[0][k] for k in ("uf2", "sha256", "size")}
    (out / "release.json").write_text(json.dumps(dict(version="9.9.9", files=listed, **top)))
    return out


# a drive as each boot ROM leaves it (usher_devkit.pico_probe.INFO_UF2: the
# RP2040's, the RP2350's, and a third maker's boot loader), written by the page
MAKE_DRIVE = """async (name, info) => {
  const root = await navigator.storage.getDirectory();
  const d = await root.getDirectoryHandle(name, {create: true});
  const w = await (await d.getFileHandle('INFO_UF2.TXT', {create: true})).createWritable();
  await w.write(info);
  await w.close();
  return d;
}"""
READ_DRIVE = """async (d) => {
  const out = {};
  for await (const [k, h] of d.entries()) {
    if (k === 'INFO_UF2.TXT') continue;
    const b = new Uint8Array(await (await h.getFile()).arrayBuffer());
    let s = ''; for (const x of b) s += String.fromCharCode(x);
    out[k] = btoa(s);
  }
  return out;
}"""


def write_to(tab, name, chip):
    """Write to the Pico on a fresh drive of a chip: (written, the status line, {file: bytes} on it)."""
    from usher_devkit.pico_probe import INFO_UF2

    js = """(async () => {
      const d = await (%s)(%s, %s);
      const ok = await usher.pico.writePico(d);
      return {ok, said: document.getElementById('fw-status').textContent, files: await (%s)(d)};
    })()""" % (MAKE_DRIVE, json.dumps(name), json.dumps(INFO_UF2[chip]), READ_DRIVE)
    r = tab.eval(js)
    return r["ok"], r["said"], {k: base64.b64decode(v) for k, v in r["files"].items()}


def test_write_to_the_pico_checks_the_drive_and_writes_the_release_file(browser, site, tmp_path):
    from usher_tools.web import start

    from host.cli.test_flash_check import USHER_PAYLOAD, make_uf2

    _, folder = site
    uf2 = make_uf2(USHER_PAYLOAD + os.urandom(3000))
    out = release_site(folder, tmp_path, {"usher-9.9.9.uf2": uf2})
    digest = hashlib.sha256(uf2).hexdigest()
    server, url = start(str(out))
    try:
        tab = new_tab(browser, url, serial=False)
        shown = text(tab, "fw-release")
        assert "9.9.9" in shown and digest in shown and "usher-9.9.9.uf2" in shown
        assert tab.eval("document.getElementById('uf2-link').getAttribute('href')") == "usher-9.9.9.uf2"
        js = """(async () => {
          const root = await navigator.storage.getDirectory();
          const plain = await root.getDirectoryHandle('USB-STICK', {create: true});
          const refused = await usher.pico.writePico(plain);
          const said0 = document.getElementById('fw-status').textContent;
          const drive = await root.getDirectoryHandle('RPI-RP2', {create: true});
          const info = await (await drive.getFileHandle('INFO_UF2.TXT', {create: true})).createWritable();
          await info.write('UF2 Bootloader v3.0\\nModel: Raspberry Pi RP2\\nBoard-ID: RPI-RP2\\n');
          await info.close();
          const ok = await usher.pico.writePico(drive);
          const f = await (await drive.getFileHandle('usher-9.9.9.uf2')).getFile();
          const b = new Uint8Array(await f.arrayBuffer());
          let s = ''; for (const x of b) s += String.fromCharCode(x);
          const names = []; for await (const k of plain.keys()) names.push(k);
          const said = document.getElementById('fw-status').textContent;
          // the Pico restarts as soon as it has the file: its drive goes away in the middle of close()
          const close = FileSystemWritableFileStream.prototype.close;
          FileSystemWritableFileStream.prototype.close = async function () {
            await close.call(this);
            throw new DOMException('A requested file or directory could not be found.', 'NotFoundError');
          };
          const vanished = await usher.pico.writePico(drive);
          FileSystemWritableFileStream.prototype.close = close;
          const said2 = document.getElementById('fw-status').textContent;
          return {refused, said0, ok, said, data: btoa(s), plain: names, vanished, said2};
        })()"""
        r = tab.eval(js)
        assert r["refused"] is False and "not a Pico's boot drive" in r["said0"] and r["plain"] == []
        assert r["ok"] is True and "written" in r["said"], r["said"]
        assert base64.b64decode(r["data"]) == uf2
        assert r["vanished"] is True and "went away, as it should" in r["said2"], r["said2"]
        assert close(browser, tab) == []
    finally:
        server.shutdown()
        server.server_close()


def test_write_to_the_pico_writes_the_file_for_the_drives_chip_and_refuses_another(browser, site, tmp_path):
    """A Pico 2's drive gets the Pico 2's file, a Pico's the Pico's,
    any other drive nothing; each said in one line that names both."""
    from usher_tools.pico.uf2 import RP2350_ARM_S
    from usher_tools.web import start

    from host.cli.test_flash_check import USHER_PAYLOAD, make_uf2

    _, folder = site
    files = {
        "usher-9.9.9.uf2": make_uf2(USHER_PAYLOAD + os.urandom(2000)),
        "usher-pico2-9.9.9.uf2": make_uf2(USHER_PAYLOAD + os.urandom(2000), family=RP2350_ARM_S, e10=True),
    }
    out = release_site(folder, tmp_path, files)
    server, url = start(str(out))
    try:
        tab = new_tab(browser, url, serial=False)
        shown = text(tab, "fw-release")
        assert "usher-9.9.9.uf2 for a Pico (RP2040" in shown and "usher-pico2-9.9.9.uf2 for a Pico 2 (RP2350" in shown
        link = "document.getElementById('uf2-link-rp2350').getAttribute('href')"
        assert tab.eval(link) == "usher-pico2-9.9.9.uf2", shown
        ok, said, got = write_to(tab, "RP2350", "rp2350")
        assert ok and got == {"usher-pico2-9.9.9.uf2": files["usher-pico2-9.9.9.uf2"]}, (said, list(got))
        assert said.startswith("Usher 9.9.9 written: the Pico 2 restarts") and "\n" not in said, said
        ok, said, got = write_to(tab, "RPI-RP2", "rp2040")
        assert ok and got == {"usher-9.9.9.uf2": files["usher-9.9.9.uf2"]}, (said, list(got))
        assert said.startswith("Usher 9.9.9 written: the Pico restarts"), said
        # a third kind of boot drive: nothing written, the drive and both files named
        ok, said, got = write_to(tab, "FEATHERBOOT", "samd21")
        assert not ok and got == {}, said
        assert said.startswith("Not written: this drive is SAMD21G18A-Feather-v0") and "\n" not in said, said
        assert "usher-9.9.9.uf2 for the RP2040 (Pico) and usher-pico2-9.9.9.uf2 for the RP2350 (Pico 2)" in said
        assert close(browser, tab) == []
    finally:
        server.shutdown()
        server.server_close()
    # a site of the release before the Pico 2 (release.json without "files"), and one that mislabels a file
    old = tmp_path / "old"
    old.mkdir()
    out = release_site(folder, old, {"usher-9.9.9.uf2": files["usher-9.9.9.uf2"]})
    info = json.loads((out / "release.json").read_text())
    del info["files"]
    # and the Pico 2's file under the Pico's name: the page reads the file's own blocks
    (out / "usher-9.9.9.uf2").write_bytes(files["usher-pico2-9.9.9.uf2"])
    info["sha256"] = hashlib.sha256(files["usher-pico2-9.9.9.uf2"]).hexdigest()
    info["size"] = len(files["usher-pico2-9.9.9.uf2"])
    (out / "release.json").write_text(json.dumps(info))
    server, url = start(str(out))
    try:
        tab = new_tab(browser, url, serial=False)
        ok, said, got = write_to(tab, "RP2350", "rp2350")
        assert not ok and got == {}, said
        want = "Not written: this drive is an RP2350 (Pico 2), and this site has only usher-9.9.9.uf2 for the RP2040"
        assert said.startswith(want), said
        ok, said, got = write_to(tab, "RPI-RP2", "rp2040")
        assert not ok and got == {}, said
        assert said == "Not written: usher-9.9.9.uf2 is for the RP2350 (Pico 2), this drive is an RP2040 (Pico)", said
        assert close(browser, tab) == []
    finally:
        server.shutdown()
        server.server_close()
