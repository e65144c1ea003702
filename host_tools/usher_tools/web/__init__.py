"""Usher in a browser (`usher web`): the unmodified firmware on MicroPython's
WebAssembly port, in a page.

    from usher_tools import web
    web.build("build/web")            # the static page, from the current firmware
    server, url = web.serve("build/web", port=0)   # 127.0.0.1 only

What the page is made of:
- the firmware as the 32-bit meter loads it (usher_tools.wasm.firmware_tree:
  the .mpy files `usher build` makes for the Pico, fonts included), with the
  meter's stand-in for the one viper module, which this port cannot load:
  the page converts the pixels itself, from the driver's frame buffer;
- what runs in the VM (vm/): wasmdev.py (the device, on the `machine` stand-in) and the page's webdev.py, compiled;
- all of that in one file, firmware.pack (page/device.mjs reads it);
- the runtime, micropython.mjs and micropython.wasm, copied from the
  project's pinned npm install (.node/, `make setup`);
- the page itself (page/): index.html, usher.css, app.mjs (keys, ticks,
  buttons), device.mjs (the VM and the screen), flash.mjs (IndexedDB),
  link.mjs (the sync protocol's client), transport.mjs (the page's device,
  or a Pico over Web Serial), sync.mjs and history.mjs (`usher sync` in the
  page, the games kept in IndexedDB), scorer.mjs and scorer-worker.mjs (a
  second VM, in a worker, re-scoring with the laptop's own modules:
  HOST_MODULES, web/vm/webscore.py and webplays.py), bgstats.mjs (BG
  Stats links and file, QR codes), uf2.mjs (the release's firmware, Write to
  the Pico), pico.mjs (that part of the page), util.mjs (helpers they
  share: base64, IndexedDB requests, a VM's error in one line), words.mjs
  (the page's words in English or German, the person's pick);
- qrcode.mjs: qrcode-generator, pinned in .node (`make setup`);
- release.json: {version, uf2: null} unless the site holds a release (then
  the release's own, `usher web --out --uf2`);
- first-lcd114.png and first-oled.png: the screen a blank board shows at
  power-on (its home menu), drawn by the same firmware on the laptop, shown
  on the glass while the VM starts (a second or two), so the page opens on
  the device and not on a black panel.
"""

import functools
import http.server
import json
import os
import socketserver
import struct
import threading

from usher_tools.paths import ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = os.path.join(HERE, "page")
VM_DIR = os.path.join(HERE, "vm")  # what runs in the page's VMs
OUT = os.path.join(ROOT, "build", "web")
DEFAULT_PORT = 8765
PAGE_FILES = (
    "index.html",
    "usher.css",
    "favicon.svg",
    "app.mjs",
    "device.mjs",
    "flash.mjs",
    "link.mjs",
    "transport.mjs",
    "history.mjs",
    "sync.mjs",
    "scorer.mjs",
    "scorer-worker.mjs",
    "pico.mjs",
    "bgstats.mjs",
    "uf2.mjs",
    "util.mjs",
    "words.mjs",
)
# the laptop's own modules the page's re-scoring VM runs (webscore.py, webplays.py), unchanged
HOST_MODULES = ("parsing.py", "replay.py", "rescore.py", "status.py", "bgstats.py", "rowplay.py")
# the QR code of a BG Stats link: qrcode-generator from the project's pinned npm install
QR_MODULE = os.path.join("qrcode-generator", "dist", "qrcode.mjs")
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
PROFILES = ("lcd114", "oled")

TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".wasm": "application/wasm",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".pack": "application/octet-stream",
    ".json": "application/json",
}


class WebError(Exception):
    pass


def titles() -> dict:
    """{record name: title} of every game of the firmware's catalog: the
    page's TITLES (page/pico.mjs), written in by build()."""
    from usher_tools.paths import use_firmware

    use_firmware()
    from usher.games.catalog import GAMES

    return {e.name: e.title for e in GAMES}


def games_modules() -> tuple:
    """The modules of history/games/ the re-scoring VM runs: the package,
    generic.py, and the module of each catalog game that splits a record into
    plays (`plays`: Films' match), which webplays.py asks for."""
    from usher_tools.history import games

    own = [n for n in titles() if getattr(games.module(n), "plays", None) is not None]
    return ("__init__.py", "generic.py") + tuple(n + ".py" for n in own)


# page/pico.mjs's line the catalog's titles are written into
TITLES_LINE = "const TITLES = /** @type {Record<string, string>} */ ({});"


def _page_file(name: str) -> bytes:
    with open(os.path.join(PAGE, name), "rb") as f:
        data = f.read()
    if name == "pico.mjs":
        text = data.decode()
        if TITLES_LINE not in text:
            raise WebError("page/pico.mjs has no line %r for the games' titles" % TITLES_LINE)
        filled = TITLES_LINE.replace("({})", "(%s)" % json.dumps(titles(), separators=(", ", ": ")))
        data = text.replace(TITLES_LINE, filled).encode()
    return data


def _write(path: str, data: bytes) -> None:
    """Atomically: two builds at once (test workers) never serve half a file."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = "%s.%d.tmp" % (path, os.getpid())
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def _device_lib() -> str:
    """webdev.py compiled (any port loads its bytecode), cached in build/wasm/web."""
    from usher_tools.wasm import WasmError, compile_folder
    from usher_tools.wasm.paths import CACHE

    try:
        return compile_folder(VM_DIR, os.path.join(CACHE, "web"))
    except WasmError as e:
        raise WebError(str(e)) from None


def _host_lib() -> str:
    """The laptop's re-scoring, Films' split of a match and BG Stats
    (HOST_MODULES, games_modules()) compiled for the VM as the package
    usher_tools.history, with web/vm/hostlib standing in for the rest of
    usher_tools."""
    import shutil

    from usher_tools.wasm import WasmError, compile_folder
    from usher_tools.wasm.paths import CACHE

    history = os.path.join(os.path.dirname(HERE), "history")
    stage = os.path.join(CACHE, "web-host-src")
    out = os.path.join(CACHE, "web-host")
    os.makedirs(stage, exist_ok=True)
    names = [n for n in ("__init__.py",) + HOST_MODULES if os.path.exists(os.path.join(history, n))]
    for name in names:
        src = os.path.join(history, name)
        dst = os.path.join(stage, name)
        if not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(src):
            shutil.copy2(src, dst)
    compiled = os.path.join(out, "usher_tools", "history")
    for folder, ext in ((stage, ".py"), (compiled, ".mpy")):  # a module the laptop no longer has goes
        for name in os.listdir(folder) if os.path.isdir(folder) else []:
            if name.endswith(ext) and name[: -len(ext)] + ".py" not in names:
                os.remove(os.path.join(folder, name))
    games_stage = os.path.join(stage, "games")
    os.makedirs(games_stage, exist_ok=True)
    for name in games_modules():
        src = os.path.join(history, "games", name)
        dst = os.path.join(games_stage, name)
        if not os.path.exists(dst) or os.path.getmtime(dst) < os.path.getmtime(src):
            shutil.copy2(src, dst)
    try:
        compile_folder(os.path.join(VM_DIR, "hostlib"), os.path.join(out, "usher_tools"))
        compile_folder(stage, compiled)
        compile_folder(games_stage, os.path.join(compiled, "games"))
    except WasmError as e:
        raise WebError(str(e)) from None
    return out


def _tree(host: str, vm: str, into: dict) -> None:
    for folder, dirs, files in os.walk(host):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("."))
        for name in sorted(files):
            if name.startswith(".") or name.endswith(".tmp"):
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, host).replace(os.sep, "/")
            into[vm.rstrip("/") + "/" + rel] = path


def pack_files() -> dict:
    """{path in the VM: host file}: the firmware at the root as on the Pico,
    the stand-in over the viper module, what runs in the VM (vm/) in /lib."""
    from usher_tools import wasm
    from usher_tools.wasm.paths import STANDINS, VM_FIRMWARE, VM_LIB

    files: dict = {}
    _tree(wasm.firmware_tree(), VM_FIRMWARE, files)
    _tree(STANDINS, VM_FIRMWARE, files)
    _tree(wasm.lib_tree(), VM_LIB, files)
    _tree(_device_lib(), VM_LIB, files)
    _tree(_host_lib(), VM_LIB, files)
    return files


def make_pack(files: dict) -> bytes:
    """The pack: "USHR", u32 LE length of the JSON header, the header, then the files."""
    from usher import VERSION

    names = sorted(files)
    blobs = []
    for n in names:
        with open(files[n], "rb") as f:
            blobs.append(f.read())
    head = {"fw": VERSION, "files": [[n, len(b)] for n, b in zip(names, blobs, strict=True)]}
    raw = json.dumps(head, separators=(",", ":")).encode()
    return b"USHR" + struct.pack("<I", len(raw)) + raw + b"".join(blobs)


def first_screen(profile: str) -> bytes:
    """The PNG of the first screen a blank board shows (its home menu), as
    the simulator draws it: the firmware on the MicroPython VM, booted on a
    blank flash to its first sleep."""
    import io
    import tempfile

    from PIL import Image

    from usher_tools.sim.runner import Sim, SimConfig

    with tempfile.TemporaryDirectory() as d:
        with Sim(SimConfig(profile=profile, flash=os.path.join(d, "flash.img"), pty=False)) as sim:
            sim.boot()
            img = sim.image()
    buf = io.BytesIO()
    Image.fromarray(img, "RGB").save(buf, "PNG", optimize=True)
    return buf.getvalue()


def build(out: str = OUT) -> str:
    """Write the page into `out` (made if missing; other files there are left alone)."""
    from usher_tools.paths import use_firmware
    from usher_tools.wasm import installed
    from usher_tools.wasm.paths import MICROPYTHON_MJS

    if not installed():
        raise WebError("the WebAssembly MicroPython is not installed (.node/): run make setup")
    use_firmware()
    out = os.path.abspath(out)
    _write(os.path.join(out, "firmware.pack"), make_pack(pack_files()))
    runtime = os.path.dirname(MICROPYTHON_MJS)
    for name in RUNTIME_FILES:
        with open(os.path.join(runtime, name), "rb") as f:
            _write(os.path.join(out, "mp", name), f.read())
    for name in PAGE_FILES:
        _write(os.path.join(out, name), _page_file(name))
    from usher_tools.wasm.paths import NODE_DIR

    with open(os.path.join(NODE_DIR, "node_modules", QR_MODULE), "rb") as f:
        _write(os.path.join(out, "qrcode.mjs"), f.read())
    for profile in PROFILES:
        _write(os.path.join(out, "first-%s.png" % profile), first_screen(profile))
    if not os.path.exists(os.path.join(out, "release.json")):
        # no firmware file beside the page (a development checkout): the page
        # says the download comes with a release (a site with one gets the
        # release's own release.json: {version, uf2, sha256, size, files})
        from usher import VERSION

        _write(os.path.join(out, "release.json"), json.dumps({"version": VERSION, "uf2": None}).encode())
    return out


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")  # a rebuilt page is always the one served
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:
        pass  # quiet: the address is all a person needs


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(folder: str, port: int = DEFAULT_PORT, host: str = "127.0.0.1") -> tuple:
    """(server, url): the folder served on the loopback only; the caller runs
    server.serve_forever() (or `start` runs it in a thread)."""
    if host not in ("127.0.0.1", "localhost", "::1"):
        raise WebError("usher web serves on this machine only (127.0.0.1)")
    handler = functools.partial(_Handler, directory=folder)
    server = _Server((host, port), handler)
    return server, "http://127.0.0.1:%d/" % server.server_address[1]


def start(folder: str, port: int = 0) -> tuple:
    """(server, url) with the server running in a daemon thread."""
    server, url = serve(folder, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, url
