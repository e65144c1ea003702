"""The simulator's boot sequence on the MicroPython VM (sim_main.py's body,
kept out of the entry script so it loads as .mpy and its cost is counted).

Builds the board profile on the `machine` stand-in (`<profile>.make(machine)`,
its port the channel's: simlink.SimPort), mounts the virtual flash at /flash,
and calls the app loop with the clock, the storage and the serial, exactly as
firmware/main.py does on the Pico. At the end it reports
micropython.mem_peak() to the host.
"""

import gc
import json
import sys

import micropython
import simclock
import simflash
import simlink
import simserial
import standin_machine
import vfs

MOUNT = "/flash"
machine = None  # the board's stand-in `machine` (an app under test reaches it here)


ROM = None  # the ROMFS image, when the firmware runs from one


def mount_rom(path):
    """Mount a ROMFS image at /rom, as a Pico whose firmware has a ROMFS
    partition does. The image sits in the VM's heap (the host added its size
    to the heap), where the Pico keeps it in flash; returns those bytes."""
    if not path:
        return 0
    global ROM
    gc.collect()
    before = gc.mem_alloc()
    with open(path, "rb") as f:
        f.seek(0, 2)
        ROM = bytearray(f.tell())
        f.seek(0)
        f.readinto(ROM)
    vfs.mount(vfs.VfsRom(ROM), "/rom")
    gc.collect()
    return gc.mem_alloc() - before


def mount(flash) -> bool:
    """As the rp2 port's _boot.py does: mount, or format a blank chip and mount.
    True if it had to format."""
    try:
        vfs.mount(vfs.VfsLfs2(flash, progsize=256), MOUNT)
        return False
    except OSError:
        vfs.VfsLfs2.mkfs(flash, progsize=256)
        vfs.mount(vfs.VfsLfs2(flash, progsize=256), MOUNT)
        return True


def load(name: str):
    __import__(name)
    return sys.modules[name]


def probe_keys(hw, link) -> dict:
    """Which GPIO, at which level, makes each key read pressed."""
    found = {}
    m = machine
    pins = m.input_pins()
    for name in hw.keys:
        fn = hw.keys[name]
        for p in pins:
            for lvl in (0, 1):
                m.force(1 << p, lvl << p)
                on = fn()
                m.force(1 << p, (1 - lvl) << p)
                off = fn()
                if on and not off:
                    found[name] = [p, lvl]
                    break
            if name in found:
                break
    m.force(0, 0)
    mask = 0
    idle = 0
    for name in found:
        p, lvl = found[name]
        mask |= 1 << p
        if not lvl:
            idle |= 1 << p
    m.drive(mask, idle)  # until the host's first reply they sit idle
    link.levels = idle
    return found


BALLAST = None


def main(rx, fd_out: int, cfg: dict, m0: int) -> None:
    global machine
    link = simlink.Link(rx, open(fd_out, "wb"))
    i2c = cfg.get("i2c")
    machine = standin_machine.Machine(simlink.SimPort(link), [0x3C] if i2c is None else i2c)
    link.on_levels = machine.set_levels
    if cfg.get("live"):
        clock = simclock.LiveClock(link, cfg.get("epoch", 1) != 0)
    else:
        clock = simclock.LockstepClock(link, cfg.get("ticks0", 0), cfg.get("epoch", 0))
    flash = simflash.FileFlash(cfg["flash"], cfg["blocks"], link)
    link.flash = flash
    serial = simserial.StdioSerial()
    link.probe = cfg.get("probe", 1)
    cfg.pop("mpy", None)
    rom = mount_rom(cfg.get("romfs"))
    gc.collect()
    m1 = gc.mem_alloc() - rom
    # pin the unused part of the simulator's allowance, so the firmware has
    # exactly the heap it would have on the Pico (the host added the allowance)
    global BALLAST
    BALLAST = bytearray(max(0, cfg.get("allowance", 0) - (m1 - m0) - 64))
    gc.collect()
    m1b = gc.mem_alloc()
    formatted = mount(flash)
    gc.collect()
    m2 = gc.mem_alloc()
    hello = {"sim_heap": m1 - m0, "rom_heap": rom, "mount_heap": m2 - m1b, "boot_heap": m2, "formatted": formatted}
    link.text(simlink.HELLO, json.dumps(hello))
    for p in cfg.get("path", []):
        sys.path.insert(0, p)
    reason = "return"
    try:
        hw = load(cfg["profile"]).make(machine)
        keys = probe_keys(hw, link)
        d = hw.display
        link.text(
            simlink.KEYS,
            json.dumps({"profile": hw.profile, "keys": keys, "keymap": hw.keymap, "size": [d.width, d.height]}),
        )
        storage = load("usher.board.storage").DirStorage(MOUNT + "/" + cfg.get("data", "data"))
        load(cfg["app"]).run(hw, clock, storage, serial, seed=cfg.get("seed", 0), ticks=cfg.get("ticks", -1))
    except SystemExit:
        reason = "stop"
    except BaseException as e:  # the report must still go out
        sys.print_exception(e, sys.stderr)
        reason = "error: %r" % (e,)
    gc.collect()
    link.text(
        simlink.EXIT,
        json.dumps(
            {"reason": reason, "mem_peak": micropython.mem_peak(), "heap_end": gc.mem_alloc(), "flash_ops": flash.ops}
        ),
    )
    link.flush()
