"""The simulator host: runs the MicroPython VM on sim_main.py and plays the
board around it (host side, CPython).

One `Sim` lives across VM runs (boot -> exit, crash, power cut or restart):
it keeps the virtual flash file, the panel, the pseudo-terminal that is the
device's USB serial, and the figures. Two ways to drive it:
- lockstep (`run_for(ms)`): the device blocks in each sleep until the host
  answers with the advanced virtual time, so a script is deterministic;
- live (`pump(timeout)`): sleep requests are answered at once and the
  device keeps real time.
"""

import fcntl
import json
import os
import select
import subprocess
import time
from dataclasses import dataclass, field

from usher_tools.paths import FIRMWARE as FIRMWARE_DIR
from usher_tools.paths import ROOT, tool, vm_env
from usher_tools.sim import protocol as P
from usher_tools.sim.board import SimError, VirtualBoard
from usher_tools.sim.hostio import close_fds, nonblock, open_pty, spawn
from usher_tools.sim.mpycache import compile_tree
from usher_tools.sim.profiles import PROFILES
from usher_tools.standin import VM_DIR as STANDIN_VM

VM_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vm")  # what runs in the VM
SIM_MAIN = os.path.join(VM_DIR, "sim_main.py")
FIRMWARE = FIRMWARE_DIR
CACHE = os.path.join(ROOT, "build", "sim")
BLOCK = 4096
PICO_BLOCKS = 352  # the rp2 port's 1408 KiB LittleFS volume on a 2 MB Pico
RELAY_MAX = 1 << 16  # serial bytes held for a side that is not reading
PTY_GIVE_UP_S = 0.5  # then drop them, as the Pico drops USB output after a timeout


# heap the simulator's own VM modules (vm/, the machine stand-in) may take (measured ~28.5 KB), added
# to the VM's heap so the firmware keeps the Pico's budget (see simboot)
SIM_ALLOWANCE = 32 * 1024


def heap_bytes(text: str) -> int:
    t = text.strip().upper()
    mult = {"K": 1024, "M": 1024 * 1024}.get(t[-1:], 1)
    return int(t[:-1] if t[-1:] in "KM" else t) * mult


@dataclass
class SimConfig:
    profile: str = "lcd114"
    live: bool = False
    profile_module: str = ""  # overrides (tests, experiments)
    app_module: str = ""
    flash: str = ""  # file backing the virtual flash; created blank (0xFF) if missing
    blocks: int = PICO_BLOCKS
    heap: str = "256K"
    seed: int = 0
    ticks0: int = (1 << 30) - 10_000  # the first ticks wrap ten seconds after boot
    epoch: int = 1767225600  # clock.time() at virtual time 0 (2026-01-01); 0 = unknown
    col_offset: int = 40
    row_offset: int = 53
    path: list = field(default_factory=list)  # extra folders on the device's sys.path
    data_dir: str = "data"  # the app's storage folder under /flash
    pty: bool = True
    stall_s: float = 20.0  # lockstep: a device that does not sleep for this long is stuck
    mpy: bool = True  # run the firmware as .mpy, as the Pico does (the sim's own modules always are)
    romfs: bool = False  # import the firmware from a ROMFS image (code in flash, not heap)
    probe: int = 1  # collect and measure the live heap every N sleeps (0 = never)


def make_flash(path: str, blocks: int = PICO_BLOCKS) -> None:
    """A blank chip: every byte erased (0xFF). An existing file is kept."""
    if os.path.exists(path):
        return
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "wb") as f:
        f.write(b"\xff" * (blocks * BLOCK))


def lock_flash(path: str) -> int:
    """An exclusive lock on the flash file for as long as the simulator runs
    (the returned descriptor holds it; the system drops it if the process
    dies), or SimError if another simulator holds it."""
    fd = os.open(path, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise SimError(
            "%s is in use by another simulator: quit that one first, or give this one "
            "--flash with another file" % os.path.relpath(path)
        ) from None
    return fd


class Sim(VirtualBoard):
    def __init__(self, cfg: SimConfig) -> None:
        if cfg.profile not in PROFILES:
            raise SimError("unknown profile %r (known: %s)" % (cfg.profile, ", ".join(sorted(PROFILES))))
        if not cfg.flash:
            raise SimError("no flash file given")
        self.cfg = cfg
        self.profile = PROFILES[cfg.profile]
        self.panel = self.profile.panel({"col_offset": cfg.col_offset, "row_offset": cfg.row_offset})
        self.warnings: list = []
        self.vt = 0  # virtual ms since this Sim started (lockstep)
        self.boot_vt = 0
        self.levels = 0  # input levels the host drives
        self.held: set = set()  # physical keys held down
        self.keys: dict = {}  # physical key -> (gpio, active level)
        self.keymap: dict = {}
        self.key_order: list = []
        self.size = (self.panel.width, self.panel.height)
        self.pins: dict = {}
        self.modes: dict = {}
        self.backlight: float | None = None  # 0..1 once the profile drives it
        self.peak = 0  # most heap live after a collection at any sleep, over all runs
        self.live = 0  # the heap live after a collection at the latest measured sleep
        self.mem_peak_raw = 0  # micropython.mem_peak(): every byte ever allocated, garbage included
        self.hello: dict = {}
        self.rom_room = 0  # heap added for a ROMFS image (flash on the Pico)
        self.flash_ops = 0
        self.exchanges = 0  # sleep exchanges (ticks) over all runs
        self.runs: list = []  # how each VM run ended
        self.boot_pixels = 0
        self.press_log: list = []  # [key, pixels pushed until the next press]
        self.pixels_total = 0
        self.serial_out = bytearray()  # everything the device wrote, capped
        self.serial_mark = 0
        self.stderr = bytearray()
        self.proc: subprocess.Popen | None = None
        self.waiting = None  # ms of the sleep the device is blocked in, lockstep
        self.pending = (P.CMD_NONE, 0)
        self.to_dev = bytearray()  # serial bytes on their way to the device's stdin
        self.to_pty = bytearray()
        self.pty_full_since = 0.0
        self.reader = P.FrameReader()
        self.ev = self.out = self.err = self.inp = self.cmd = -1
        self.pty_master = self.pty_slave = -1
        self.pty_path = ""
        make_flash(cfg.flash, cfg.blocks)
        self.lock = lock_flash(cfg.flash)  # one simulator a flash file: two would corrupt it
        if cfg.pty:
            self.pty_master, self.pty_slave, self.pty_path = open_pty()

    # ---- the VM process -------------------------------------------------

    @property
    def alive(self) -> bool:
        return self.proc is not None

    def start(self) -> None:
        if self.proc is not None:
            raise SimError("already running")
        cfg = self.cfg
        prof = self.profile
        r_cmd, w_cmd = os.pipe()
        r_ev, w_ev = os.pipe()
        conf = {
            "live": cfg.live,
            "ticks0": cfg.ticks0,
            "epoch": cfg.epoch,
            "flash": os.path.abspath(cfg.flash),
            "blocks": cfg.blocks,
            "seed": cfg.seed,
            "i2c": prof.i2c,
            "data": cfg.data_dir,
            "probe": cfg.probe,
            "allowance": SIM_ALLOWANCE,
            "path": [_from_vm(self._firmware())] + [_from_vm(p) for p in cfg.path],
            "romfs": self._romfs(),
            "profile": cfg.profile_module or prof.module,
            "app": cfg.app_module or "usher.app",
        }
        conf["mpy"] = [
            _from_vm(compile_tree(VM_DIR, os.path.join(CACHE, "vm-mpy"), skip=("sim_main.py",))),
            _from_vm(compile_tree(STANDIN_VM, os.path.join(CACHE, "standin-mpy"))),
        ]
        # the configuration goes down the channel: argv strings of 256 bytes kill this VM
        blob = json.dumps(conf).encode()
        os.write(w_cmd, len(blob).to_bytes(4, "little") + blob)
        # the firmware gets exactly cfg.heap: the simulator's own modules take
        # their share of an allowance on top, and a ballast pins the rest
        vm_heap = "%d" % (heap_bytes(cfg.heap) + SIM_ALLOWANCE + self.rom_room)
        args = [tool("micropython"), "-X", "heapsize=" + vm_heap, SIM_MAIN, str(r_cmd), str(w_ev)]
        os.makedirs(CACHE, exist_ok=True)
        self.proc = proc = spawn(args, CACHE, vm_env(), pass_fds=(r_cmd, w_ev))
        os.close(r_cmd)
        os.close(w_ev)
        self.cmd = w_cmd
        self.ev = r_ev
        assert proc.stdin and proc.stdout and proc.stderr  # spawn pipes all three
        self.inp = proc.stdin.fileno()
        self.out = proc.stdout.fileno()
        self.err = proc.stderr.fileno()
        for fd in (self.ev, self.out, self.err, self.inp):
            nonblock(fd)
        self.reader = P.FrameReader()
        self.waiting = None
        self.pending = (P.CMD_NONE, 0)
        self.boot_vt = self.vt
        self.levels = self._idle_levels()
        self.runs.append({"reason": "running", "boot_vt": self.vt})

    def _firmware(self) -> str:
        if self.cfg.romfs:
            return "/rom"
        if not self.cfg.mpy:
            return FIRMWARE
        return compile_tree(FIRMWARE, os.path.join(CACHE, "firmware-mpy"), skip=("main.py",))

    def _romfs(self) -> str:
        """The image's path, built from the compiled firmware ('' without
        --romfs); sets the heap the VM needs on top to hold it."""
        self.rom_room = 0
        if not self.cfg.romfs:
            return ""
        from usher_tools.deploy.romfs import write_image

        tree = compile_tree(FIRMWARE, os.path.join(CACHE, "firmware-mpy"), skip=("main.py",))
        out = os.path.join(CACHE, "firmware.romfs")
        size = write_image(tree, out)
        self.rom_room = size + 256  # the bytearray's header and the mount's own objects
        return out

    def _ended(self, reason: str) -> None:
        """The VM is gone (or about to be): collect it."""
        proc = self.proc
        if proc is None:
            return
        self._drain()
        if proc.poll() is None:
            proc.kill()
        proc.wait()
        for f in (proc.stdin, proc.stdout, proc.stderr):
            try:
                if f is not None:
                    f.close()
            except OSError:
                pass
        for fd in (self.ev, self.cmd):
            try:
                os.close(fd)
            except OSError:
                pass
        self.ev = self.cmd = self.inp = self.out = self.err = -1
        self.proc = None
        self.waiting = None
        self.to_dev.clear()
        run = self.runs[-1]
        if run["reason"] == "running":
            run["reason"] = reason
        run["exit_code"] = proc.returncode
        run["end_vt"] = self.vt

    def _backpressure(self) -> bool:
        """Live: a port nobody reads holds the device's serial back, as USB does.
        Lockstep: never, so a script's run cannot depend on who reads the pty."""
        return self.cfg.live and len(self.to_pty) >= RELAY_MAX

    def _read_out(self) -> None:
        while self.out >= 0 and not self._backpressure():
            try:
                data = os.read(self.out, 1 << 16)
            except OSError:
                return
            if not data:
                return
            self._got(self.out, data)

    def _drain(self) -> None:
        """Read what the dead or dying VM still has in its pipes."""
        for fd in (self.ev, self.out, self.err):
            if fd < 0:
                continue
            while True:
                try:
                    data = os.read(fd, 1 << 16)
                except (BlockingIOError, OSError):
                    break
                if not data:
                    break
                self._got(fd, data)
        while True:
            f = self.reader.next()
            if f is None:
                break
            self._frame(f[0], f[1], draining=True)

    def kill(self, reason: str = "killed") -> None:
        if self.proc is not None:
            self.proc.kill()
            self._ended(reason)

    def power_off(self) -> None:
        """Pull the plug: the VM dies where it stands, the panel goes dark."""
        self.kill("power cut")
        self.panel.reset()
        self.pins.clear()
        self.modes.clear()
        self.backlight = None

    def restart(self) -> None:
        """Power-cycle the board: a fresh VM on the same flash file."""
        self.power_off()
        self.start()

    def stop(self, timeout: float = 10.0) -> None:
        """End the run cleanly, so the device reports its heap peak."""
        deadline = time.monotonic() + timeout
        while self.proc is not None and time.monotonic() < deadline:
            if not self.cfg.live and self.waiting is not None:
                self._reply(P.CMD_STOP)
            else:
                self.pending = (P.CMD_STOP, 0)
            self.pump(max(0.0, deadline - time.monotonic()), until_sleep=not self.cfg.live)
        self.kill("did not stop")

    def close(self) -> None:
        self.kill("closed")
        close_fds(self.pty_master, self.pty_slave)
        self.pty_master = self.pty_slave = -1
        if self.lock >= 0:
            os.close(self.lock)  # and with it the lock
            self.lock = -1

    def __enter__(self) -> "Sim":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # ---- buttons --------------------------------------------------------

    def _idle_levels(self) -> int:
        v = 0
        for gpio, active in self.keys.values():
            if not active:
                v |= 1 << gpio
        return v

    def _levels(self) -> int:
        v = self._idle_levels()
        for name in self.held:
            gpio, active = self.keys[name]
            if active:
                v |= 1 << gpio
            else:
                v &= ~(1 << gpio)
        return v

    def press(self, key: str) -> None:
        self.held.add(key)
        self.levels = self._levels()
        self.press_log.append([key, 0])

    def release(self, key: str) -> None:
        self.held.discard(key)
        self.levels = self._levels()

    # ---- the message pump -----------------------------------------------

    def _reply(self, cmd: int = -1, arg: int = 0) -> None:
        if cmd < 0:
            cmd, arg = self.pending
            self.pending = (P.CMD_NONE, 0)
        self._flush_to_dev(block=True)
        ticks = self.cfg.ticks0 + (self.vt - self.boot_vt)
        t = self.cfg.epoch + self.vt // 1000 if self.cfg.epoch else 0
        self.waiting = None
        try:
            os.write(self.cmd, P.reply(ticks, t, self.levels, cmd, arg))
        except OSError:
            pass  # the VM died; the pump will see it

    def _flush_to_dev(self, block: bool = False) -> None:
        if self.inp < 0 or not self.to_dev:
            return
        try:
            n = os.write(self.inp, self.to_dev)
            del self.to_dev[:n]
        except BlockingIOError:
            pass
        except OSError:
            self.to_dev.clear()

    def send_serial(self, data: bytes) -> None:
        """Bytes into the device's USB serial, as if a host tool wrote them."""
        self.to_dev += data
        self._flush_to_dev()

    def _got(self, fd: int, data: bytes) -> None:
        if fd == self.ev:
            self.reader.feed(data)
        elif fd == self.out:
            self.serial_out += data
            if len(self.serial_out) > 1 << 20:
                cut = len(self.serial_out) - (1 << 19)
                del self.serial_out[:cut]
                self.serial_mark = max(0, self.serial_mark - cut)
            if self.pty_master >= 0:
                self.to_pty += data
                if not self.cfg.live and len(self.to_pty) > RELAY_MAX:
                    del self.to_pty[: len(self.to_pty) - RELAY_MAX]
        elif fd == self.err:
            self.stderr += data
            if len(self.stderr) > 1 << 16:
                del self.stderr[: len(self.stderr) - (1 << 15)]

    def pump(self, timeout=None, until_sleep: bool = True, extra=()):
        """Move bytes and handle frames until the device sleeps (lockstep,
        `until_sleep`), the VM ends, an `extra` fd is readable, or `timeout`
        seconds pass. Returns the readable extra fds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            while True:
                f = self.reader.next()
                if f is None:
                    break
                self._frame(f[0], f[1])
                if until_sleep and self.waiting is not None:
                    return []
            rl = list(extra)
            wl = []
            if len(self.to_pty) >= RELAY_MAX:
                # nobody reads the port: hold the device back a while (its serial.write
                # sees a full buffer), then drop, so print() can never hang it
                now = time.monotonic()
                if not self.pty_full_since:
                    self.pty_full_since = now
                elif now - self.pty_full_since > PTY_GIVE_UP_S:
                    self.to_pty.clear()
            else:
                self.pty_full_since = 0.0
            if self.proc is not None:
                rl += [self.ev, self.err]
                if not self._backpressure():
                    rl.append(self.out)
                if self.to_dev:
                    wl.append(self.inp)
            if self.pty_master >= 0:
                if len(self.to_dev) < RELAY_MAX:
                    rl.append(self.pty_master)
                if self.to_pty:
                    wl.append(self.pty_master)
            if self.proc is None and not extra:
                return []
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if self.pty_full_since:
                left = PTY_GIVE_UP_S if left is None else min(left, PTY_GIVE_UP_S)
            r, w, _ = select.select(rl, wl, [], left)
            if not r and not w:
                if deadline is not None and time.monotonic() >= deadline:
                    return []
                continue
            ready = [fd for fd in r if fd in extra]
            for fd in r:
                if fd in extra:
                    continue
                if fd == self.pty_master:
                    try:
                        data = os.read(fd, 4096)
                    except OSError:
                        data = b""
                    self.to_dev += data
                    self._flush_to_dev()
                    continue
                try:
                    data = os.read(fd, 1 << 20)
                except BlockingIOError:
                    continue
                except OSError:
                    data = b""
                if data:
                    self._got(fd, data)
                elif fd == self.ev:
                    self._ended("exited")
                    break
            if self.pty_master in w:
                try:
                    n = os.write(self.pty_master, self.to_pty)
                    del self.to_pty[:n]
                except BlockingIOError:
                    pass
                except OSError:
                    self.to_pty.clear()
            if self.inp in w:
                self._flush_to_dev()
            if ready:
                return ready

    def _frame(self, t: int, p: bytes, draining: bool = False) -> None:
        prof = self.profile
        if t == P.SLEEP:
            ms, live, ops = P.sleep_fields(p)
            if live != 0xFFFFFFFF:
                self.peak = max(self.peak, live)
                self.live = live
            self.flash_ops = ops
            self.exchanges += 1
            if draining:
                return
            self._read_out()  # what it wrote before sleeping belongs to this tick
            if self.cfg.live:
                self.waiting = None
                self._reply()
            else:
                self.waiting = ms
        elif t == P.PIN:
            gpio, v = p[0], p[1]
            was = self.pins.get(gpio, 0)
            self.pins[gpio] = v
            if gpio == prof.rst and was and not v:
                self.panel.reset()  # RST is active low
            if gpio == prof.bl and self.modes.get(gpio, (0,))[0] == 1:
                self.backlight = float(v)
        elif t == P.MODE:
            self.modes[p[0]] = (p[1], p[2])
            if p[0] == prof.rst and p[1] == 1:
                self.pins.setdefault(p[0], 0)
        elif t == P.SPI:
            self._spi(p[0], p[2:])
        elif t == P.I2C:
            if self.panel.bus == "i2c":
                self._count(self.panel.write(p[1], p[2:]))
        elif t == P.PWM:
            if p[0] == prof.bl:
                self.backlight = (p[1] | (p[2] << 8)) / 65535.0
        elif t == P.CONF:
            self._conf(p[2:].decode())
        elif t == P.KEYS:
            info = json.loads(p[2:].decode())
            self.keys = {k: tuple(v) for k, v in info["keys"].items()}
            self.keymap = info["keymap"]
            self.key_order = sorted(self.keys)
            self.size = tuple(info["size"])
            for k in info["keymap"]:
                if k not in self.keys:
                    self.warn("key %r: no input pin makes it read pressed" % k)
            if self.size != (self.panel.width, self.panel.height):
                panel = (self.panel.width, self.panel.height)
                self.warn("display says %dx%d, the panel is %dx%d" % (self.size + panel))
            self.held = {k for k in self.held if k in self.keys}
            self.levels = self._levels()
        elif t == P.HELLO:
            self.hello = json.loads(p[2:].decode())
            if self.hello.get("sim_heap", 0) > SIM_ALLOWANCE:
                self.warn(
                    "the simulator took %d bytes, more than its allowance: the firmware has less than %s"
                    % (self.hello["sim_heap"], self.cfg.heap)
                )
        elif t == P.EXIT:
            info = json.loads(p[2:].decode())
            self.peak = max(self.peak, info.get("heap_end", 0))
            self.mem_peak_raw = max(self.mem_peak_raw, info.get("mem_peak", 0))
            self.runs[-1].update(info)
            self.runs[-1]["reason"] = info.get("reason", "exited")
        elif t == P.CUT:
            self.runs[-1]["reason"] = "power cut"
            if not draining:
                self.power_off()
        elif t == P.RESET:
            self.runs[-1]["reason"] = "machine.reset"
            if not draining:
                self.restart()

    def _spi(self, bus: int, data: bytes) -> None:
        prof = self.profile
        if self.panel.bus != "spi":
            return
        if prof.spi and bus != prof.spi[0]:
            self.warn("SPI write on bus %d; the panel is on SPI%d" % (bus, prof.spi[0]))
            return
        if prof.cs >= 0 and self.modes.get(prof.cs, (0,))[0] == 1 and self.pins.get(prof.cs, 0):
            self.warn("SPI bytes sent with CS (GP%d) high: the panel ignores them" % prof.cs)
            return
        dc = self.pins.get(prof.dc, 0)
        self._count(self.panel.write(data, dc))

    def _conf(self, text: str) -> None:
        words = text.split()
        prof = self.profile
        if words[0] == "spi" and prof.spi:
            bus, sck, mosi = int(words[1]), int(words[7]), int(words[8])
            if bus == prof.spi[0] and (sck, mosi) != (-1, -1) and (sck, mosi) != prof.spi[1:]:
                self.warn("SPI%d on SCK GP%d MOSI GP%d; the board wires GP%d/GP%d" % ((bus, sck, mosi) + prof.spi[1:]))
            if bus == prof.spi[0] and int(words[2]) > 62_500_000:
                self.warn("SPI%d at %s Hz: the RP2040 tops out at 62.5 MHz" % (bus, words[2]))

    # ---- lockstep -------------------------------------------------------

    def run_for(self, ms: int) -> None:
        """Let the device run `ms` of virtual time, one sleep exchange at a time.

        Returns with the device parked in a sleep (or dead), so whatever the
        caller changes next (a key, serial input) reaches it at a known tick."""
        end = self.vt + ms
        zeros = 0
        while True:
            if self.proc is None:
                self.vt = max(self.vt, end)
                return
            if self.waiting is None:
                self.pump(self.cfg.stall_s, until_sleep=True)
                if self.proc is not None and self.waiting is None:
                    self.kill("stalled")
                    raise SimError("the device ran %.0f s without sleeping" % self.cfg.stall_s)
                continue
            if self.vt >= end:
                return
            n = self.waiting
            if n <= 0:
                zeros += 1
                if zeros < 1000:
                    self._reply()
                    continue
                n = 1  # a loop of sleep_ms(0) still lets time pass
            zeros = 0
            self.vt += n
            self._reply()

    def boot(self) -> None:
        """Start the VM and run it to its first sleep."""
        self.start()
        self.pump(self.cfg.stall_s, until_sleep=True)

    def last_words(self) -> str:
        """The last line the VM printed (a crash's traceback ends there)."""
        text = (bytes(self.stderr) or bytes(self.serial_out)).decode("utf-8", "replace").strip()
        return text.splitlines()[-1] if text else ""


def _from_vm(path: str) -> str:
    """A host folder as the VM (started in CACHE, where the compiled code
    lies) finds it: relative, so the file name it interns for every module,
    and so the firmware's heap, is the same wherever the project is cloned,
    and short ("/rom" is the VM's own)."""
    return path if path.startswith("/rom") else os.path.relpath(path, CACHE)
