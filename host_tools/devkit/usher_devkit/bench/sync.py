"""A stand-in device behind a pseudo-terminal, and the sync benchmark.

`PtyDevice` runs tests/fixtures/sync_device.py (the real Library and Link)
on the MicroPython VM and relays its stdin/stdout to a pty, whose slave path
the real `usher` client opens with pyserial, as it would a Pico's port.

`bench(n)` syncs n generated games over that pty and compares the time with
copying the same record bytes raw through the same pty in the same run.

    python -m usher_devkit.bench.sync [N]
"""

import os
import select
import subprocess
import sys
import tempfile
import threading
import time
import tty

from usher_tools.paths import FIRMWARE, ROOT, tool, vm_env

SCRIPT = os.path.join(ROOT, "tests", "fixtures", "sync_device.py")
HEAP = os.environ.get("USHER_HEAP", "256K")


class PtyDevice:
    def __init__(self, folder: str, args: tuple = (), ready_timeout: float = 60.0) -> None:
        self.folder = folder
        self.ctl = folder.rstrip("/") + ".ctl"
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # no echo, no newline translation: bytes as a USB CDC port passes them
        self.path = os.ttyname(self.slave)
        self.proc = subprocess.Popen(
            [tool("micropython"), "-X", "heapsize=" + HEAP, SCRIPT, FIRMWARE, folder, self.ctl] + list(args),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            env=vm_env(),
        )
        self.log: list = []  # the device's stderr lines ("ready", "ask: ...")
        self.closed = False
        self._ready = threading.Event()
        self._threads = [
            threading.Thread(target=self._up, daemon=True),
            threading.Thread(target=self._down, daemon=True),
            threading.Thread(target=self._err, daemon=True),
        ]
        for t in self._threads:
            t.start()
        end = time.monotonic() + ready_timeout
        while not self._ready.wait(0.05):
            if self.proc.poll() is not None or time.monotonic() > end:
                self.close()
                raise RuntimeError("device harness did not start: %s" % "\n".join(self.log))

    # -- relays ------------------------------------------------------------------
    def _up(self) -> None:
        """Host -> device: pty master to the process's stdin."""
        assert self.proc.stdin is not None
        while not self.closed:
            try:
                r, _, _ = select.select([self.master], [], [], 0.1)
                if not r:
                    continue
                data = os.read(self.master, 65536)
                if not data:
                    break
                self.proc.stdin.write(data)
            except (OSError, ValueError):
                break

    def _down(self) -> None:
        """Device -> host: the process's stdout to the pty master."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while True:
            try:
                data = os.read(fd, 65536)
            except OSError:
                break
            if not data:
                break
            try:
                os.write(self.master, data)
            except OSError:
                break
        # the device is gone: hang up, as a Pico's port vanishes when it is unplugged
        self._hang_up()

    def _err(self) -> None:
        assert self.proc.stderr is not None
        for raw in self.proc.stderr:
            line = raw.decode(errors="replace").rstrip("\n")
            self.log.append(line)
            if line == "ready":
                self._ready.set()

    def _hang_up(self) -> None:
        if not self.closed:
            self.closed = True
            for fd in (self.master, self.slave):
                try:
                    os.close(fd)
                except OSError:
                    pass

    # -- what tests do -------------------------------------------------------------
    def press(self, what: str) -> None:
        """'yes' or 'no' on the device's question, or 'raw' for a raw dump."""
        tmp = self.ctl + ".tmp"
        with open(tmp, "w") as f:
            f.write(what)
        os.rename(tmp, self.ctl)

    def wait_log(self, prefix: str, timeout: float = 10.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for line in self.log:
                if line.startswith(prefix):
                    return line
            time.sleep(0.01)
        raise AssertionError("device never said %r: %s" % (prefix, self.log[-5:]))

    def kill(self) -> None:
        """Pull the plug."""
        self.proc.kill()
        self.proc.wait()

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        for t in self._threads:
            t.join(2)
        self._hang_up()
        for f in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            try:
                if f:
                    f.close()
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def log_bytes(folder: str) -> int:
    return sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder) if n.endswith(".log"))


def raw_copy(dev: PtyDevice, total: int) -> float:
    """Seconds to read `total` raw bytes that the device writes through the pty."""
    import serial

    with serial.Serial(dev.path, 115200, timeout=0.05) as s:
        s.reset_input_buffer()
        t0 = time.perf_counter()
        dev.press("raw")
        got = 0
        while got < total:
            data = s.read(max(1, min(s.in_waiting, 65536)))
            got += len(data)
            if time.perf_counter() - t0 > 120:
                raise RuntimeError("raw copy stalled at %d of %d bytes" % (got, total))
        return time.perf_counter() - t0


def make_games(folder: str, games: int, rolls: int) -> None:
    """Record dice games with the firmware's own modules, on CPython: the VM's
    heap cannot hold the Library index while it records a hundred games."""
    import importlib.util

    from usher_tools.paths import use_firmware

    use_firmware()
    from usher.board.storage import DirStorage
    from usher.library import Library

    spec = importlib.util.spec_from_file_location("sync_device", SCRIPT)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    storage = DirStorage(folder)
    mod.make_games(storage, Library(storage), games, rolls)


def transfer(dev: PtyDevice) -> float:
    """Seconds for the protocol alone: hello, list, every game pulled whole
    and checked (no re-scoring, no database)."""
    from usher_tools.link.client import Client
    from usher_tools.link.sync import BATCH_GAMES

    with Client(dev.path, timeout=10) as c:
        t0 = time.perf_counter()
        c.hello()
        views = c.list_games()
        for b in range(0, len(views), BATCH_GAMES):
            got = c.pull([(v["name"], b"") for v in views[b : b + BATCH_GAMES]])
            if not all(r.complete for r in got.values()):
                raise RuntimeError("a transfer failed its checks")
        return time.perf_counter() - t0


def bench(games: int = 100, rolls: int = 40, slow: int = 0) -> dict:
    """Figures for syncing `games` generated games over a pty (not asserted
    here). Raw copy and transfer are the best of three runs, to damp the noise
    of a busy machine; the full sync runs once into an empty history. With
    `slow`, the device's serial carries at most that many bytes a millisecond
    (256: about 250 KB/s, what MicroPython's USB serial sustains) for raw copy
    and sync alike."""
    from usher_tools.history.store import History
    from usher_tools.link.client import Client
    from usher_tools.link.sync import Syncer

    with tempfile.TemporaryDirectory() as tmp:
        folder = os.path.join(tmp, "flash")
        t0 = time.perf_counter()
        make_games(folder, games, rolls)
        made = time.perf_counter() - t0
        with PtyDevice(folder, ("--slow", str(slow)) if slow else ()) as dev:
            total = log_bytes(folder)
            runs = 1 if slow else 3
            raw = min(raw_copy(dev, total) for _ in range(runs))
            wire = min(transfer(dev) for _ in range(runs))
            h = History(os.path.join(tmp, "history.sqlite"))
            with Client(dev.path, timeout=10) as c:
                t1 = time.perf_counter()
                report = Syncer(c, h).run()
                sync_s = time.perf_counter() - t1
                t2 = time.perf_counter()
                again = Syncer(c, h).run()
                resync_s = time.perf_counter() - t2
            ok = sum(1 for g in report["games"] if g.get("status") == "ok")
            same = sum(1 for g in again["games"] if g["action"] == "same")
            h.close()
    return {
        "games": games,
        "bytes": total,
        "generate_s": round(made, 3),
        "raw_copy_s": round(raw, 4),
        "transfer_s": round(wire, 4),
        "transfer_ratio": round(wire / raw, 2),
        "sync_s": round(sync_s, 4),
        "ratio": round(sync_s / raw, 2),
        "sync_kb_per_s": round(total / 1024 / sync_s, 1),
        "resync_unchanged_s": round(resync_s, 4),
        "rescored_ok": ok,
        "unchanged_on_resync": same,
    }


def figures() -> list:
    """Figures for `make bench`."""
    from usher_devkit.bench.render import fig

    b = bench()
    # the pty moves ~30 MB/s, so the figures of the plain pty weigh the VM's
    # and the host's per-line work; a Pico's USB serial is ~100x slower,
    # where the protocol's extra bytes (base64, framing) are what counts
    s = bench(slow=256)
    t = "Sync of %d games (%d KB), against a raw copy" % (b["games"], b["bytes"] // 1024)
    figs = []
    for link, r in (("pty", b), ("throttled to ~250 KB/s", s)):
        ratio = r["ratio"]
        figs += [
            fig(t, "raw copy", round(r["raw_copy_s"] * 1000), "ms", column=link),
            fig(t, "the protocol alone, times the raw copy", r["transfer_ratio"], column=link),
            fig(t, "a full usher sync, times the raw copy", ratio, "", "at most 3", ratio <= 3, column=link),
            fig(t, "games re-scored", r["rescored_ok"], column=link),
            fig(t, "sync again, nothing changed", round(r["resync_unchanged_s"] * 1000), "ms", column=link),
        ]
    return figs


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    for k, v in bench(n).items():
        print("%-20s %s" % (k, v))
