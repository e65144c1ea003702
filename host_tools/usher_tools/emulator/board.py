"""An emulated Pico, host side: rp2040js (board.mjs under Node) running a UF2
of the rp2 port, wired as a board profile is wired.

`Pico` offers what the simulator's `Sim` offers to scripts and the terminal
(press/release/run_for/image/pty/power cut), so the same scripts, golden
screens and live terminal work on it. The pins come from the firmware's own
profile files (usher.board.lcd114 / .oled), never from a copy here.

Time is emulated: the chip runs at 125 MHz of its own time, whatever the
laptop does, and moves only in `run_for` (lockstep) or `pump` (live).
"""

import hashlib
import json
import os
import select
import struct
import subprocess
import time
from dataclasses import dataclass

from usher_tools.paths import ROOT, tool
from usher_tools.sim.board import SimError, VirtualBoard
from usher_tools.sim.hostio import close_fds, nonblock, open_pty, spawn
from usher_tools.sim.profiles import PROFILES

BOARD_JS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "board.mjs")
# in the package, beside this file: every clone and every installed wheel has it
BOOTROM = os.path.join(os.path.dirname(os.path.abspath(__file__)), "bootrom", "bootrom-B1.bin")
BOOTROM_SHA256 = "90b31e108faedfa6bbcfcc33ba05dac61e645108cfbbdc385f8dafc71fde44ae"
NODE_DIR = os.path.join(ROOT, ".node")
RP2040JS = os.path.join(NODE_DIR, "node_modules", "rp2040js", "dist", "esm", "index.js")
FLASH_BYTES = 2 * 1024 * 1024
FS_OFFSET = FLASH_BYTES - 1408 * 1024  # RPI_PICO's LittleFS: the last 1408 KiB
SRAM = 0x20000000
SRAM_BYTES = 264 * 1024
SLICE_US = 5_000  # lockstep: the serial moves between slices of this much emulated time


class PicoError(SimError):  # the scripts catch the simulator's errors
    pass


@dataclass
class PicoConfig:
    profile: str = "lcd114"
    flash: str = ""  # the 2 MiB flash image file; created erased if missing
    uf2: str = ""  # copied onto the flash at power-on, as onto the RPI-RP2 drive ('' = keep the flash)
    pty: bool = True
    live: bool = False
    stall_s: float = 120.0  # wall seconds one emulated step may take before the board counts as hung
    col_offset: int = 40
    row_offset: int = 53
    heap: str = "rp2"  # the port's own: reported by the board, not set
    oled_addr: int = 0  # the address the OLED answers at (0: the profile's OLED_ADDR; some modules 0x3D)


# the Pico's flash chip (W25Q16JV) by its datasheet's typical times: a 4 KB
# sector erase 45 ms, a 256-byte page program 0.4 ms (maxima 400 and 3)
FLASH_TYPICAL_US = (45_000, 400)


def flash_us():
    """[erase, program] µs the emulated flash takes, from USHER_FLASH_TIME:
    unset or "typical" (the datasheet's, FLASH_TYPICAL_US), "ERASE,PROGRAM"
    in µs, or "none": no time at all (rp2040js's own, as every figure up
    to BENCH at 5d259d2 was measured)."""
    v = os.environ.get("USHER_FLASH_TIME", "") or "typical"
    if v == "none":
        return None
    if v == "typical":
        return list(FLASH_TYPICAL_US)
    erase, program = v.split(",")
    return [int(erase), int(program)]


def bootrom_path() -> str:
    """The RP2040 B1 boot ROM the emulator needs (the firmware calls into it),
    from the package, checked against its sum."""
    try:
        with open(BOOTROM, "rb") as f:
            data = f.read()
    except OSError:
        data = b""
    if hashlib.sha256(data).hexdigest() != BOOTROM_SHA256:
        raise FileNotFoundError(
            "the RP2040 boot ROM %s is missing or damaged (sha256 is not %s...): take it again from a clone"
            % (BOOTROM, BOOTROM_SHA256[:12])
        )
    return BOOTROM


def node() -> str:
    path = tool("node")
    return path


def board_module(profile: str):
    """The firmware's own profile module: the source of every pin."""
    return PROFILES[profile].board()


def wiring(profile: str, oled_addr: int = 0) -> dict:
    """What board.mjs needs: the button inputs, the bus of the panel, watched pins."""
    mod = board_module(profile)
    conf: dict = {"inputs": [[gp, 1] for _, gp in mod.KEY_PINS], "watch": [], "spi": None, "i2c": None}
    if hasattr(mod, "SPI_ID"):
        conf["spi"] = {"bus": mod.SPI_ID, "dc": mod.PIN_DC, "cs": mod.PIN_CS}
        conf["watch"] = [mod.PIN_RST, mod.PIN_BL]
    if hasattr(mod, "I2C_ID"):
        conf["i2c"] = {"bus": mod.I2C_ID, "addrs": [oled_addr or mod.OLED_ADDR], "freq": mod.I2C_FREQ}
    return conf


class Pico(VirtualBoard):
    """One board across power cycles: its flash file, panel, pty and figures."""

    def __init__(self, cfg: PicoConfig) -> None:
        if cfg.profile not in PROFILES:
            raise PicoError("unknown profile %r" % cfg.profile)
        if not cfg.flash:
            raise PicoError("no flash file given")
        self.cfg = cfg
        self.mod = board_module(cfg.profile)
        self.wires = wiring(cfg.profile, cfg.oled_addr)
        self.panel = PROFILES[cfg.profile].panel({"col_offset": cfg.col_offset, "row_offset": cfg.row_offset})
        if cfg.oled_addr and hasattr(self.panel, "address"):
            self.panel.address = cfg.oled_addr
        self.size = (self.panel.width, self.panel.height)
        self.keys = {name: gp for name, gp in self.mod.KEY_PINS}
        self.keymap = dict(self.mod.KEYMAP)
        self.key_order = sorted(self.keys)
        self.held: set = set()
        self.proc: subprocess.Popen | None = None
        self.vt = 0.0  # emulated ms since this Pico was made (across power cycles)
        self.boot_vt = 0.0
        self.us = 0.0  # emulated µs of the running chip since its power-on
        self.warnings: list = []
        self.runs: list = []
        self.press_log: list = []  # [key, display bytes/pixels pushed until the next press]
        self.presses: list = []  # {key, down, up, effect_us...}: timing per press
        self.events: list = []  # (us, kind, n): display writes with their emulated time
        self.boot_pixels = 0
        self.pixels_total = 0
        self.bus_bytes = 0
        self.flash_ops = 0
        self.flash_log: list = []
        self.serial_out = bytearray()
        self.cdc_out_log: list = []  # (chip µs, bytes) of each USB CDC write to the host
        self.cdc_in_log: list = []  # (chip µs, bytes) of the host's bytes (the pty, send_serial)
        self.serial_mark = 0
        self.stderr = bytearray()
        self.to_pty = bytearray()
        self.connected = False
        self.pending: tuple = (0, 0)  # the script's power cut: (kind, after N writes)
        self.cut_info: dict = {}
        self.reset_asked = False
        self.backlight: float | None = None
        self.peak = 0
        self.live = 0
        self.mem_peak_raw = 0
        self.exchanges = 0
        self.hello: dict = {}
        self.uf2_done = False
        self.fresh = False
        self.wall0 = self.us0 = 0.0
        self.release_at: list = []
        self.cycles = 0.0
        self.sample_heap = False  # after every scripted press (needs the probe boot.py)
        self.heap_log: list = []  # [key, gc.mem_alloc(), gc.mem_free()] per press
        self.boot_heap = (-1, -1)  # (mem_alloc, mem_free) at boot.py, before Usher
        self._buf = b""
        self.pty_master = self.pty_slave = -1
        self.pty_path = ""
        if cfg.pty:
            self.pty_master, self.pty_slave, self.pty_path = open_pty()

    # ---- power ---------------------------------------------------------------

    @property
    def alive(self) -> bool:
        return self.proc is not None

    def start(self) -> None:
        if self.proc is not None:
            raise PicoError("already running")
        conf = dict(self.wires)
        conf["bootrom"] = bootrom_path()
        conf["rp2040js"] = RP2040JS
        conf["flash"] = os.path.abspath(self.cfg.flash)
        conf["flashUs"] = flash_us()
        # a UF2 is copied once (as onto the drive); later power-ons keep the flash
        conf["uf2"] = os.path.abspath(self.cfg.uf2) if self.cfg.uf2 and not self.uf2_done else ""
        levels = {gp: 0 if name in self.held else 1 for name, gp in self.keys.items()}
        conf["inputs"] = [[gp, lv] for gp, lv in levels.items()]
        env = dict(os.environ, NODE_PATH=os.path.join(NODE_DIR, "node_modules"))
        # node finds rp2040js in .node/node_modules
        self.proc = spawn([node(), BOARD_JS, json.dumps(conf)], NODE_DIR, env)
        nonblock(self.proc.stderr.fileno())  # type: ignore[union-attr]
        self.uf2_done = True
        self._buf = b""
        self.cycles = 0.0
        self.us = 0.0
        self.boot_vt = self.vt
        self.connected = False
        self.reset_asked = False
        self.panel.reset()
        self.runs.append({"reason": "running", "boot_vt": self.vt})
        self.fresh = True
        self.probe_at = 0
        self.wall0 = 0.0
        self.us0 = 0.0
        self.release_at = []
        f = self._frame_wait("H")
        self.hello = json.loads(f)

    def boot(self) -> None:
        """Power on and run until the first screen is up and the panel has gone quiet."""
        self.start()
        self.settle()

    def settle(self, idle_steps: int = 6, most_ms: float = 20_000) -> float:
        """Run until the firmware idles in its loop with something on the
        panel: `idle_steps` steps of 10 ms running under a third of the time
        and drawing nothing (the app sleeps between ticks; importing or
        drawing keeps the core busy). Returns the emulated ms it took."""
        t0 = self.vt
        idle = 0
        while self.proc is not None and self.vt - t0 < most_ms:
            c0 = self.cycles
            px = self.boot_pixels + self.pixels_total
            self.step(10_000)
            busy = (self.cycles - c0) / (10_000 * 125)
            # a step that drew is not idle: a long sleep in the panel's
            # power-on (before its first bytes) must not count for after them
            quiet = busy < 0.33 and self.boot_pixels + self.pixels_total == px
            idle = idle + 1 if quiet else 0
            if idle >= idle_steps and self.boot_pixels + self.pixels_total > 0:
                break
        self.fresh = False
        return self.vt - t0

    def kill(self, reason: str = "killed") -> None:
        proc = self.proc
        if proc is None:
            return
        try:
            proc.kill()
        except OSError:
            pass
        proc.wait()
        self._read_stderr()
        for f in (proc.stdin, proc.stdout, proc.stderr):
            try:
                f.close()  # type: ignore[union-attr]
            except OSError:
                pass
        self.proc = None
        run = self.runs[-1]
        if run["reason"] == "running":
            run["reason"] = reason
        run["end_vt"] = self.vt

    def power_off(self) -> None:
        """Pull the plug: the chip stops where it stands; the flash file is as the chip left it."""
        self.kill("power cut")
        self.panel.reset()
        self.backlight = None

    def restart(self) -> None:
        self.power_off()
        self.start()

    def stop(self, timeout: float = 10.0) -> None:
        if self.proc is not None:
            try:
                self._send("X", b"")
                self.proc.wait(timeout)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self.kill("stopped")

    def close(self) -> None:
        self.kill("closed")
        close_fds(self.pty_master, self.pty_slave)
        self.pty_master = self.pty_slave = -1

    def __enter__(self) -> "Pico":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- frames ---------------------------------------------------------------

    def _send(self, t: str, payload: bytes) -> None:
        if self.proc is None:
            raise PicoError("the board is off")
        self.proc.stdin.write(t.encode() + struct.pack("<I", len(payload)) + payload)  # type: ignore[union-attr]
        self.proc.stdin.flush()  # type: ignore[union-attr]

    def _read_stderr(self) -> None:
        if self.proc is None or self.proc.stderr is None:
            return
        try:
            data = self.proc.stderr.read()
        except (OSError, ValueError):
            data = None
        if data:
            self.stderr += data

    def _frame_wait(self, want: str) -> bytes:
        """Handle frames until one of type `want` comes; its payload."""
        proc = self.proc
        assert proc is not None and proc.stdout is not None
        fd = proc.stdout.fileno()
        deadline = time.monotonic() + self.cfg.stall_s
        while True:
            while len(self._buf) >= 5:
                n = struct.unpack_from("<I", self._buf, 1)[0]
                if len(self._buf) < 5 + n:
                    break
                t = chr(self._buf[0])
                p = self._buf[5 : 5 + n]
                self._buf = self._buf[5 + n :]
                if t == want:
                    return p
                self._frame(t, p)
            r, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not r:
                self.kill("hung")
                raise PicoError("the emulator did not answer within %.0f s" % self.cfg.stall_s)
            data = os.read(fd, 1 << 20)
            if not data:
                self._read_stderr()
                self.kill("emulator exited")
                raise PicoError("the emulator exited: " + self.stderr[-2000:].decode("utf-8", "replace"))
            self._buf += data

    def _frame(self, t: str, p: bytes) -> None:
        if t == "S":
            dc = p[1]
            t0, t1 = struct.unpack_from("<dd", p, 2)
            data = p[18:]
            self.bus_bytes += len(data)
            self._bus(self.panel.write(data, dc), t1, len(data))
        elif t == "I":
            addr = p[1]
            t0, t1 = struct.unpack_from("<dd", p, 2)
            data = p[18:]
            self.bus_bytes += len(data) + 1
            self._bus(self.panel.write(addr, data), t1, len(data) + 1)
        elif t == "U":
            self.serial_out += p
            self.cdc_out_log.append((self.us, len(p)))
            if len(self.serial_out) > 1 << 21:
                cut = len(self.serial_out) - (1 << 20)
                del self.serial_out[:cut]
                self.serial_mark = max(0, self.serial_mark - cut)
            if self.pty_master >= 0:
                self.to_pty += p
        elif t == "P":
            pin, v = p[0], p[1]
            if pin == getattr(self.mod, "PIN_RST", -1) and not v:
                self.panel.reset()  # RST is active low
            if pin == getattr(self.mod, "PIN_BL", -1):
                self.backlight = float(v)
        elif t == "F":
            info = json.loads(p)
            self.flash_ops = info["ops"]
            self.flash_log.append(info)
        elif t == "K":
            self.cut_info = json.loads(p)
            self.runs[-1]["reason"] = "power cut"
        elif t == "Z":
            self.reset_asked = True
        elif t == "C":
            self.connected = True
        elif t == "E":
            self.warn("emulator: " + p.decode("utf-8", "replace"))

    def _bus(self, px: int, t_us: float, nbytes: int) -> None:
        self.events.append((t_us, nbytes))
        self._count(px)

    # ---- buttons ----------------------------------------------------------------

    def _level(self, key: str, low: bool) -> None:
        self.held.add(key) if low else self.held.discard(key)
        if self.proc is not None:
            self._send("G", bytes([self.keys[key], 0 if low else 1]))

    def press(self, key: str) -> None:
        self._level(key, True)
        self.press_log.append([key, 0])
        self.presses.append({"key": key, "down_us": self.us, "vt": self.vt, "events": len(self.events)})

    def release(self, key: str) -> None:
        if self.cfg.live and self.presses and self.presses[-1]["key"] == key:
            # a slow chip sees a short wall-time tap as a bounce: hold it 80 ms of its own time
            due = self.presses[-1]["down_us"] + 80_000
            if self.us < due:
                self.release_at.append((due, key))
                self.presses[-1]["up_us"] = due
                return
        self._level(key, False)
        if self.presses and self.presses[-1]["key"] == key and "up_us" not in self.presses[-1]:
            self.presses[-1]["up_us"] = self.us

    # ---- the serial --------------------------------------------------------------

    def send_serial(self, data: bytes) -> None:
        """Bytes into the device's USB serial, as if a host tool wrote them."""
        if self.proc is not None and data:
            self.cdc_in_log.append((self.us, len(data)))
            self._send("W", bytes(data))

    def _move_pty(self) -> None:
        if self.pty_master < 0:
            return
        while self.proc is not None:
            try:
                data = os.read(self.pty_master, 1 << 16)
            except (BlockingIOError, OSError):
                break
            if not data:
                break
            self.cdc_in_log.append((self.us, len(data)))
            self._send("W", data)
        if self.to_pty:
            try:
                n = os.write(self.pty_master, self.to_pty)
                del self.to_pty[:n]
            except (BlockingIOError, OSError):
                if len(self.to_pty) > 1 << 20:  # nobody reads the port: the host drops, as USB does
                    self.to_pty.clear()

    # ---- time ----------------------------------------------------------------------

    def step(self, us: float) -> None:
        """Run the chip `us` more emulated microseconds (one exchange)."""
        if self.proc is None:
            self.vt += us / 1000
            return
        if self.pending[0]:
            kind, n = self.pending
            self._send("c", struct.pack("<IB", n, 1 if kind == 2 else 0))
            self.pending = (0, 0)
        target = self.us + us
        self._send("R", struct.pack("<d", target))
        p = self._frame_wait("T")
        now, self.cycles = struct.unpack_from("<dd", p)
        halted = p[16]
        self.exchanges += 1
        self.vt += (now - self.us) / 1000
        self.us = now
        self._move_pty()
        if halted:
            if self.cut_info:
                self.power_off()
            elif self.reset_asked:
                self.runs[-1]["reason"] = "machine.reset"
                self.restart()
            else:
                self.kill("halted")
        if now < target and not halted and self.proc is not None:
            self.vt += (target - now) / 1000
            self.us = target

    def run_for(self, ms: float) -> None:
        end = self.vt + ms
        while self.vt < end - 1e-9:
            left_us = (end - self.vt) * 1000
            self.step(min(SLICE_US, left_us))

    def pump(self, timeout=None, until_sleep: bool = True, extra=()):
        """Live: run the chip for about `timeout` wall seconds (or until an
        `extra` fd is readable), never ahead of the wall clock (an idle chip
        would race ahead, and a key held 150 ms would read as a long press);
        returns the readable extra fds. Lockstep: returns at once."""
        if until_sleep and not self.cfg.live:
            if self.fresh:  # just powered on (a script's restart): up to its first screen
                self.settle()
            return []  # lockstep: the chip is parked between steps already
        end = time.monotonic() + (timeout if timeout is not None else 0.05)
        while True:
            now = time.monotonic()
            wait = 0.0
            if self.proc is not None:
                if not self.wall0:
                    self.wall0, self.us0 = now, self.us
                ahead = (self.us - self.us0) / 1e6 - (now - self.wall0)
                if ahead > 0:
                    wait = min(ahead, max(0.0, end - now))
                else:
                    self.step(SLICE_US)
                    if self.release_at and self.us >= self.release_at[0][0]:
                        self._level(self.release_at.pop(0)[1], False)
            else:
                wait = min(0.01, max(0.0, end - now))
            if extra or wait:
                r, _, _ = select.select(list(extra), [], [], wait)
                if r:
                    return r
            if time.monotonic() >= end:
                return []

    # ---- memory -----------------------------------------------------------------

    def read_mem(self, addr: int, n: int) -> bytes:
        self._send("Q", struct.pack("<II", addr, n))
        return self._frame_wait("q")

    def write_mem(self, addr: int, data: bytes) -> None:
        self._send("M", struct.pack("<I", addr) + data)

    def heap(self) -> tuple:
        """(gc.mem_alloc(), gc.mem_free()) after a collection, asked of the
        probe boot.py at the app's next sleep; (-1, -1) without the probe."""
        if self.proc is None:
            return (-1, -1)
        if not getattr(self, "probe_at", 0):
            ram = self.read_mem(SRAM, SRAM_BYTES)
            i = ram.find(PROBE_MAGIC)
            if i < 0:
                return (-1, -1)
            self.probe_at = SRAM + i
        self.write_mem(self.probe_at + 12, b"\x01")
        for _ in range(200):
            self.step(2_000)
            if self.proc is None:
                return (-1, -1)
            p = self.read_mem(self.probe_at, 32)
            if not p.startswith(PROBE_MAGIC):  # the run restarted: look again
                self.probe_at = 0
                return self.heap()
            if p[12] == 0:
                alloc, free = struct.unpack_from("<II", p, 16)
                self.boot_heap = struct.unpack_from("<II", p, 24)
                self.peak = max(self.peak, alloc)
                self.live = alloc
                self.least_free = min(getattr(self, "least_free", 1 << 30), free)
                return (alloc, free)
        return (-1, -1)

    def raw_exec(self, code: str, most_ms: float = 60_000) -> str:
        """Run `code` at the raw REPL, as mpremote does (Ctrl-C breaks into
        whatever runs, Ctrl-A the raw REPL); what it printed (stdout, then
        the traceback if any, after a NUL-free separator)."""
        from usher_tools.link.client import frame

        self.serial_mark = len(self.serial_out)
        # Usher keeps Ctrl-C a byte while it runs: ask it to step aside first,
        # as `usher deploy` does (a board at its REPL just echoes the line)
        self.send_serial(frame({"id": 7, "op": "repl"}))
        self.run_for(1500)
        self.serial_mark = len(self.serial_out)
        self.send_serial(b"\r\x03\x03")
        self.run_for(100)
        self.send_serial(b"\r\x01")
        self._await(b"raw REPL; CTRL-B to exit\r\n>", most_ms)
        data = code.encode()
        for i in range(0, len(data), 256):  # the raw REPL takes its input as it comes
            self.send_serial(data[i : i + 256])
            self.run_for(5)
        self.send_serial(b"\x04")
        self._await(b"OK", most_ms)
        got = self._await(b"\x04>", most_ms)
        self.send_serial(b"\x02")  # back to the friendly REPL
        self.run_for(50)
        out, _, err = got[: -len(b"\x04>")].partition(b"\x04")
        return (out + (b"\n--stderr--\n" + err if err else b"")).decode("utf-8", "replace")

    def _await(self, text: bytes, most_ms: float) -> bytes:
        end = self.vt + most_ms
        while True:
            seen = self.serial_since_mark()
            i = seen.find(text)
            if i >= 0:
                self.serial_mark += i + len(text)
                return seen[: i + len(text)]
            if self.vt >= end or self.proc is None:
                raise PicoError("waited for %r on the serial, saw %r" % (text, seen[-300:]))
            self.run_for(10)

    def last_words(self) -> str:
        text = bytes(self.serial_out).decode("utf-8", "replace").strip()
        return text.splitlines()[-1] if text else ""


PROBE_MAGIC = b"USHERPROBE!!"  # where the probe boot.py (pico/flash.py's PROBE_BOOT) keeps its figures
