"""Scripted runs: a text file of button presses and waits, played in lockstep.

One command a line; `#` starts a comment.

    ok | next 3 | prev | back | A | up 2   press a key N times (a logical button
                                           or a physical key of the profile)
    hold ok 800                            hold a key 800 ms, then release
    long ok                                hold a key for the long-press time
    wait 500                               let 500 ms of virtual time pass
    shot home                              save the screen as home.png
    heap home                              note the firmware's live heap now (after a collection)
    serial "line"                          send the line (and a newline) on the USB serial
    expect "text" [2000]                   run until the serial shows text (fail after 2000 ms)
    powercut                               cut the power now
    powercut after-writes 2 [torn]         cut it when the flash takes its 3rd write from now
    restart                                power the board (back) on: same flash
    set press 80 | set gap 120 | set long 1000   timings in ms

A press holds the key `press` ms, releases it and waits `gap` ms. The pixels
pushed from one press until the next are that press's cost.
"""

import hashlib
import json
import os
import shlex
import statistics
import time

from PIL import Image

from usher_tools.sim import protocol as P
from usher_tools.sim.runner import SIM_ALLOWANCE, Sim, SimError


class ScriptError(Exception):
    def __init__(self, line_no: int, text: str) -> None:
        super().__init__("line %d: %s" % (line_no, text))
        self.line_no = line_no


def parse(text: str) -> list:
    """[(line number, words)], words split like a shell does (quotes kept together)."""
    out = []
    for i, raw in enumerate(text.splitlines(), 1):
        try:
            words = shlex.split(raw, comments=True)
        except ValueError as e:
            raise ScriptError(i, str(e)) from None
        if words:
            out.append((i, words))
    return out


def _int(line: int, s: str) -> int:
    try:
        v = int(s)
    except ValueError:
        raise ScriptError(line, "%r is not a whole number" % s) from None
    if v < 0:
        raise ScriptError(line, "%r is negative" % s)
    return v


def save_png(img, path: str) -> None:
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    Image.fromarray(img).save(path, format="PNG")


class ScriptRunner:
    def __init__(self, sim: Sim, shots_dir: str = "") -> None:
        self.sim = sim
        self.shots = shots_dir
        self.press_ms = 80
        self.gap_ms = 120
        self.long_ms = 1000
        self.saved: dict = {}  # shot name -> path
        self.heap: list = []  # [name, firmware heap live after a collection] per `heap` line

    def run(self, text: str) -> None:
        steps = parse(text)
        sim = self.sim
        if not sim.alive:
            sim.boot()
        for line, words in steps:
            try:
                self.step(line, words)
            except SimError as e:
                raise ScriptError(line, str(e)) from None

    def _tap(self, key: str, hold: int) -> None:
        sim = self.sim
        sim.press(key)
        sim.run_for(hold)
        sim.release(key)
        sim.run_for(self.gap_ms)

    def step(self, line: int, w: list) -> None:
        sim = self.sim
        cmd = w[0]
        if cmd == "wait":
            if len(w) != 2:
                raise ScriptError(line, "wait MS")
            sim.run_for(_int(line, w[1]))
        elif cmd == "shot":
            if len(w) != 2:
                raise ScriptError(line, "shot NAME")
            self.shot(w[1])
        elif cmd == "heap":
            if len(w) != 2:
                raise ScriptError(line, "heap NAME")
            self.mark(w[1])
        elif cmd == "set":
            if len(w) != 3 or w[1] not in ("press", "gap", "long"):
                raise ScriptError(line, "set press|gap|long MS")
            setattr(self, w[1] + "_ms", _int(line, w[2]))
        elif cmd == "serial":
            if len(w) != 2:
                raise ScriptError(line, 'serial "LINE"')
            sim.send_serial(w[1].encode() + b"\n")
        elif cmd == "expect":
            if len(w) not in (2, 3):
                raise ScriptError(line, 'expect "TEXT" [MS]')
            self.expect(line, w[1].encode(), _int(line, w[2]) if len(w) == 3 else 2000)
        elif cmd == "powercut":
            if len(w) == 1:
                sim.power_off()
            elif len(w) in (3, 4) and w[1] == "after-writes" and (len(w) == 3 or w[3] == "torn"):
                if not sim.alive:
                    raise ScriptError(line, "the board is off")
                n = _int(line, w[2])
                sim.pending = (P.CMD_CUT_TORN if len(w) == 4 else P.CMD_CUT, n)
            else:
                raise ScriptError(line, "powercut [after-writes N [torn]]")
        elif cmd == "restart":
            sim.restart()
            sim.pump(sim.cfg.stall_s, until_sleep=True)
        elif cmd == "hold":
            if len(w) != 3:
                raise ScriptError(line, "hold KEY MS")
            self._press(line, w[1], 1, _int(line, w[2]))
        elif cmd == "long":
            if len(w) != 2:
                raise ScriptError(line, "long KEY")
            self._press(line, w[1], 1, self.long_ms)
        else:
            if len(w) > 2:
                raise ScriptError(line, "unknown command %r" % cmd)
            self._press(line, cmd, _int(line, w[1]) if len(w) == 2 else 1, self.press_ms)

    def _press(self, line: int, name: str, times: int, hold: int) -> None:
        sim = self.sim
        if not sim.alive:
            raise ScriptError(line, "the board is off (restart it first)")
        if name.endswith("_long"):
            name, hold = name[:-5], self.long_ms
        try:
            key = sim.resolve(name)
        except SimError as e:
            raise ScriptError(line, str(e)) from None
        for _ in range(times):
            self._tap(key, hold)

    def expect(self, line: int, text: bytes, ms: int) -> None:
        sim = self.sim
        end = sim.vt + ms
        while True:
            seen = sim.serial_since_mark()
            i = seen.find(text)
            if i >= 0:
                sim.serial_mark += i + len(text)
                return
            if sim.vt >= end or not sim.alive:
                raise ScriptError(line, "expected %r on the serial, saw %r" % (text, seen[-200:]))
            sim.run_for(20)

    def mark(self, name: str) -> int:
        """The firmware's heap in use now: one more tick, whose sleep collects and
        measures (the VM's live heap less the simulator's allowance)."""
        sim = self.sim
        if not sim.alive:
            raise SimError("the board is off")
        sim.run_for(20)
        got = sim.live - SIM_ALLOWANCE - sim.hello.get("rom_heap", 0)
        self.heap.append([name, got])
        return got

    def shot(self, name: str) -> str:
        img = self.sim.image()
        path = os.path.join(self.shots, name + ".png") if self.shots else ""
        if path:
            save_png(img, path)
        self.saved[name] = path
        return path


def screen_summary(img, path: str = "") -> dict:
    h, w = img.shape[:2]
    return {"width": w, "height": h, "sha256": hashlib.sha256(img.tobytes()).hexdigest(), "png": path}


# what the app prints when the heap ran out and it started again from flash
RECOVERED = b"usher: MemoryError, reloaded from flash"


def report(sim: Sim, runner: ScriptRunner, wall_s: float, error: str = "") -> dict:
    per = [px for _, px in sim.press_log]
    img = sim.image()
    final = ""
    if runner.shots:
        final = os.path.join(runner.shots, "final.png")
        save_png(img, final)
    return {
        "profile": sim.cfg.profile,
        "presses": len(per),
        "pixels_per_press": {"median": statistics.median(per) if per else 0, "max": max(per) if per else 0},
        "press_log": [{"key": k, "pixels": px} for k, px in sim.press_log],
        "boot_pixels": sim.boot_pixels,
        "pixels_total": sim.pixels_total,
        "peak_heap": sim.peak,
        # what the firmware itself held at its peak: the VM's live heap less the
        # simulator's allowance (its modules plus the ballast that pins the rest)
        "firmware_peak_heap": max(0, sim.peak - SIM_ALLOWANCE - sim.hello.get("rom_heap", 0)),
        "mem_peak_raw": sim.mem_peak_raw,
        "heap_limit": sim.cfg.heap,
        "sim_heap": sim.hello.get("sim_heap"),
        "mount_heap": sim.hello.get("mount_heap"),
        "ticks": sim.exchanges,
        "virtual_ms": sim.vt,
        "wall_s": round(wall_s, 3),
        "flash_ops_last_run": sim.flash_ops,
        "runs": sim.runs,
        "keys": {k: sim.keymap.get(k) for k in sim.key_order},
        "shots": runner.saved,
        "heap_marks": runner.heap,
        "final_screen": screen_summary(img, final),
        "serial_tail": sim.serial_out[-2000:].decode("utf-8", "replace"),
        "device_stderr": sim.stderr[-4000:].decode("utf-8", "replace"),
        "warnings": sim.all_warnings() + ([sim.panel.dark_reason()] if sim.panel.dark_reason() else []),
        "memory_recoveries": bytes(sim.serial_out).count(RECOVERED),
        # the app survives a full heap, but a scripted run that needed to is a failed budget
        "error": error or ("the firmware ran out of heap (and reloaded)" if RECOVERED in sim.serial_out else ""),
    }


def run_script(sim: Sim, text: str, shots_dir: str = "", runner: ScriptRunner | None = None) -> dict:
    """Play a script on `sim` (booting it), stop the device cleanly, return
    the report. `runner`: one made for another board (the emulated Pico's)."""
    runner = runner or ScriptRunner(sim, shots_dir)
    t0 = time.monotonic()
    error = ""
    try:
        runner.run(text)
    except ScriptError as e:
        error = str(e)
    sim.stop()
    out = report(sim, runner, time.monotonic() - t0, error)
    return out


def dump(result: dict, path: str) -> None:
    with open(path, "w") as f:
        json.dump(result, f, indent=2, sort_keys=True)
        f.write("\n")
