"""A headless Chromium driven over the DevTools protocol, standard library
only: Chromium's `--remote-debugging-pipe` reads commands on its file
descriptor 3 and writes replies and events on 4, each one JSON message
ending with a NUL byte. No port, no websocket, no package.

    with Browser() as b:
        tab = b.tab()
        tab.goto("http://127.0.0.1:8765/")
        tab.eval("1 + 1")                     # 2
        tab.key("Enter")                      # a real key event, as a keyboard sends it
        tab.screenshot("page.png")
        tab.errors                            # console errors, exceptions, failed loads

Used by the browser tests (tests/host/web/test_web_page.py) and `make bench`
(usher_devkit.bench.web). Debian's `chromium` package provides the browser
(`apt-get install chromium`); `find_chromium()` says where it is, if anywhere.
"""

import base64
import json
import os
import shutil
import signal
import tempfile
import threading
import time

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome")
# the programs behind the launcher scripts on PATH (Debian's /usr/bin/chromium
# is a shell script that does not hand the DevTools pipe's descriptors on)
BEHIND_SCRIPTS = (
    "/usr/lib/chromium/chromium",
    "/usr/lib/chromium-browser/chromium-browser",
    "/opt/google/chrome/chrome",
)
HOW_TO_GET = "no Chromium found: install Debian's `chromium` package (apt-get install chromium) or set USHER_CHROMIUM"


class BrowserError(Exception):
    pass


def find_chromium() -> str:
    """The browser binary: $USHER_CHROMIUM, else the first of CANDIDATES on PATH, else ''."""
    env = os.environ.get("USHER_CHROMIUM")
    if env:
        return env if os.path.exists(env) else ""
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return _behind_script(path)
    return ""


def _above(fd: int, low: int) -> int:
    import fcntl

    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, low)
    os.close(fd)
    return moved


def _behind_script(path: str) -> str:
    try:
        with open(path, "rb") as f:
            script = f.read(2) == b"#!"
    except OSError:
        return path
    if script:
        for real in BEHIND_SCRIPTS:
            if os.access(real, os.X_OK):
                return real
    return path


# the keys the page knows, as DevTools sends them (key, code, windowsVirtualKeyCode)
KEYS = {
    "ArrowUp": ("ArrowUp", "ArrowUp", 38),
    "ArrowDown": ("ArrowDown", "ArrowDown", 40),
    "ArrowLeft": ("ArrowLeft", "ArrowLeft", 37),
    "ArrowRight": ("ArrowRight", "ArrowRight", 39),
    "Enter": ("Enter", "Enter", 13),
    "Escape": ("Escape", "Escape", 27),
    "Backspace": ("Backspace", "Backspace", 8),
    " ": (" ", "Space", 32),
}


class Browser:
    def __init__(self, width: int = 1100, height: int = 860, downloads: str = "") -> None:
        binary = find_chromium()
        if not binary:
            raise BrowserError(HOW_TO_GET)
        self.profile = tempfile.mkdtemp(prefix="usher-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # the child's ends, away from 3 and 4 (where the shell below puts them)
        to_chrome_r = _above(to_chrome_r, 10)
        from_chrome_w = _above(from_chrome_w, 10)
        args = [
            binary,
            "--headless",
            "--remote-debugging-pipe",
            "--user-data-dir=" + self.profile,
            "--no-first-run",
            "--no-default-browser-check",
            "--disable-gpu",
            "--disable-extensions",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-background-timer-throttling",
            "--disable-renderer-backgrounding",
            "--disable-backgrounding-occluded-windows",
            "--hide-scrollbars",
            "--mute-audio",
            "--force-device-scale-factor=1",
            "--window-size=%d,%d" % (width, height),
            "about:blank",
        ]
        if os.geteuid() == 0:
            args.insert(1, "--no-sandbox")  # Chromium refuses root without it (CI runs as root)
        # the pipe's ends become the child's fds 3 and 4 (posix_spawn's dup2
        # clears close-on-exec on them; nothing runs in the child before exec)
        self.log = open(os.path.join(self.profile, "chromium.log"), "wb")
        null = os.open(os.devnull, os.O_RDONLY)
        try:
            self.pid = os.posix_spawn(
                args[0],
                args,
                dict(os.environ),
                file_actions=[
                    (os.POSIX_SPAWN_DUP2, null, 0),
                    (os.POSIX_SPAWN_DUP2, self.log.fileno(), 1),
                    (os.POSIX_SPAWN_DUP2, self.log.fileno(), 2),
                    (os.POSIX_SPAWN_DUP2, to_chrome_r, 3),
                    (os.POSIX_SPAWN_DUP2, from_chrome_w, 4),
                ],
            )
        finally:
            os.close(null)
            os.close(to_chrome_r)
            os.close(from_chrome_w)
        self.status: int | None = None  # the browser's exit status, once it has ended
        self._next = 0
        self._lock = threading.Lock()
        self._replies: dict = {}
        self._events: list = []
        self._cond = threading.Condition()
        self._closed = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self.version = self.call("Browser.getVersion", timeout=30)
        if downloads:
            self.call(
                "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": downloads, "eventsEnabled": True}
            )

    # -- the pipe ------------------------------------------------------------------
    def _read(self) -> None:
        buf = b""
        while True:
            try:
                chunk = os.read(self._from_chrome, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                break
            buf += chunk
            while b"\0" in buf:
                raw, buf = buf.split(b"\0", 1)
                msg = json.loads(raw)
                with self._cond:
                    if "id" in msg:
                        self._replies[msg["id"]] = msg
                    else:
                        self._events.append(msg)
                    self._cond.notify_all()
        with self._cond:
            self._closed = True
            self._cond.notify_all()

    def call(self, method: str, params: dict | None = None, session: str = "", timeout: float = 30) -> dict:
        with self._lock:
            self._next += 1
            mid = self._next
        msg: dict = {"id": mid, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        data = json.dumps(msg).encode() + b"\0"
        try:
            os.write(self._to_chrome, data)
        except OSError as e:
            raise BrowserError("the browser is gone (%s)" % e) from None
        deadline = time.monotonic() + timeout
        with self._cond:
            while mid not in self._replies:
                left = deadline - time.monotonic()
                if self._closed:
                    raise BrowserError("the browser closed during %s: %s" % (method, self.tail()))
                if left <= 0:
                    raise BrowserError("no reply to %s in %.0f s" % (method, timeout))
                self._cond.wait(left)
            reply = self._replies.pop(mid)
        if "error" in reply:
            raise BrowserError("%s: %s" % (method, reply["error"].get("message")))
        return reply.get("result", {})

    def events(self, method: str = "", session: str = "") -> list:
        """Events seen so far (and forget them), of one method if given."""
        with self._cond:
            keep: list = []
            out: list = []
            for e in self._events:
                match = (not method or e["method"] == method) and (not session or e.get("sessionId") == session)
                (out if match else keep).append(e)
            self._events = keep
        return out

    def wait_event(self, method: str, session: str = "", timeout: float = 30, where=None) -> dict:
        deadline = time.monotonic() + timeout
        with self._cond:
            while True:
                for i, e in enumerate(self._events):
                    if e["method"] == method and (not session or e.get("sessionId") == session):
                        if where is None or where(e.get("params", {})):
                            return self._events.pop(i)
                left = deadline - time.monotonic()
                if left <= 0 or self._closed:
                    raise BrowserError("no %s event in %.0f s" % (method, timeout))
                self._cond.wait(left)

    def _wait(self, seconds: float) -> bool:
        """Whether the browser has ended (waited for up to `seconds`)."""
        deadline = time.monotonic() + seconds
        while self.status is None:
            try:
                pid, status = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:
                pid, status = self.pid, 0
            if pid:
                self.status = status
                break
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def tail(self) -> str:
        try:
            with open(os.path.join(self.profile, "chromium.log"), "rb") as f:
                return f.read()[-2000:].decode(errors="replace")
        except OSError:
            return ""

    def tab(self) -> "Tab":
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        return Tab(self, target, session)

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=5)
        except BrowserError:
            pass
        if not self._wait(10):
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            self._wait(10)
        for fd in (self._to_chrome, self._from_chrome):
            try:
                os.close(fd)
            except OSError:
                pass
        self.log.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Tab:
    """One page of the browser, attached in flat mode (commands carry its session)."""

    def __init__(self, browser: Browser, target: str, session: str) -> None:
        self.b = browser
        self.target = target
        self.session = session
        self.errors: list = []  # console errors, uncaught exceptions, resources that failed
        self.console: list = []
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(domain + ".enable")

    def call(self, method: str, params: dict | None = None, timeout: float = 30) -> dict:
        return self.b.call(method, params, self.session, timeout)

    def collect(self) -> None:
        """Move the page's console output and errors out of the event queue."""
        for e in self.b.events(session=self.session):
            m, p = e["method"], e.get("params", {})
            if m == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
                self.console.append((p.get("type"), text))
                if p.get("type") in ("error", "assert"):
                    self.errors.append("console.%s: %s" % (p.get("type"), text))
            elif m == "Runtime.exceptionThrown":
                d = p.get("exceptionDetails", {})
                self.errors.append("exception: %s" % (d.get("exception", {}).get("description") or d.get("text")))
            elif m == "Log.entryAdded" and p.get("entry", {}).get("level") == "error":
                entry = p["entry"]
                self.errors.append("log: %s %s" % (entry.get("text"), entry.get("url", "")))
            elif m == "Network.loadingFailed" and not p.get("canceled"):
                self.errors.append("network: %s" % p.get("errorText"))
            elif m == "Network.responseReceived" and p.get("response", {}).get("status", 200) >= 400:
                r = p["response"]
                self.errors.append("network: %s %s" % (r.get("status"), r.get("url")))

    def goto(self, url: str, timeout: float = 30) -> None:
        self.b.events("Page.loadEventFired", self.session)
        self.call("Page.navigate", {"url": url})
        self.b.wait_event("Page.loadEventFired", self.session, timeout)

    def reload(self, timeout: float = 30) -> None:
        self.b.events("Page.loadEventFired", self.session)
        self.call("Page.reload", {"ignoreCache": False})
        self.b.wait_event("Page.loadEventFired", self.session, timeout)

    def eval(self, expression: str, timeout: float = 60):
        """The value of a JavaScript expression (promises awaited), as JSON."""
        r = self.call(
            "Runtime.evaluate",
            {"expression": expression, "awaitPromise": True, "returnByValue": True, "userGesture": True},
            timeout,
        )
        if "exceptionDetails" in r:
            d = r["exceptionDetails"]
            raise BrowserError("%s: %s" % (expression[:80], d.get("exception", {}).get("description") or d.get("text")))
        return r.get("result", {}).get("value")

    def key(self, name: str, down: bool | None = None) -> None:
        """A key as a keyboard sends it: down and up, or only one of them."""
        key, code, vk = KEYS[name]
        base = {"key": key, "code": code, "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk}
        if key == "Enter":
            base["text"] = "\r"
        if down in (None, True):
            self.call("Input.dispatchKeyEvent", dict(base, type="rawKeyDown" if key != "Enter" else "keyDown"))
        if down in (None, False):
            self.call("Input.dispatchKeyEvent", dict(base, type="keyUp"))

    def center(self, selector: str) -> tuple:
        box = self.eval(
            "(() => { const r = document.querySelector(%s).getBoundingClientRect();"
            " return [r.x + r.width / 2, r.y + r.height / 2]; })()" % json.dumps(selector)
        )
        return box[0], box[1]

    def mouse(self, x: float, y: float, down: bool) -> None:
        """The left button pressed or released at (x, y), as a mouse does it."""
        kind = "mousePressed" if down else "mouseReleased"
        self.call("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, "button": "left", "clickCount": 1})

    def click(self, selector: str) -> None:
        x, y = self.center(selector)
        self.call("Input.dispatchMouseEvent", {"type": "mouseMoved", "x": x, "y": y})
        self.mouse(x, y, True)
        self.mouse(x, y, False)

    def touch(self, x: float, y: float, down: bool) -> None:
        kind = "touchStart" if down else "touchEnd"
        points = [{"x": x, "y": y, "id": 1}] if down else []
        self.call("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def screenshot(self, path: str) -> None:
        data = self.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})["data"]
        with open(path, "wb") as f:
            f.write(base64.b64decode(data))
