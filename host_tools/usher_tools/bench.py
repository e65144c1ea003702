"""`make bench`: the measured figures, as a table. A benchmark reports a
figure; the tests check bounds. Each figure is measured in this run."""

import json
import os
import subprocess
import sys
import tempfile

from usher_tools import build as build_mod
from usher_tools.paths import FIRMWARE, ROOT, tool, vm_env

HEAP = "256K"

IMPORT_HEAP = """
import gc, sys
sys.path.insert(0, %r)
gc.collect()
base = gc.mem_alloc()
for m in %r:
    __import__(m)
gc.collect()
print(gc.mem_alloc() - base)
"""


def mp_heap_after_import(modules: list, path: str = FIRMWARE) -> int:
    """Bytes of heap still in use after importing modules on the VM."""
    proc = subprocess.run(
        [tool("micropython"), "-X", "heapsize=" + HEAP, "-c", IMPORT_HEAP % (path, modules)],
        env=vm_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    if proc.returncode:
        raise RuntimeError(proc.stderr or proc.stdout)
    return int(proc.stdout.strip().splitlines()[-1])


def figures() -> list:
    rows = []
    with tempfile.TemporaryDirectory() as out:
        built = build_mod.build(out)
        total = sum(r[1] for r in built if r[1] > 0)
        value = "%d bytes (%d modules)" % (total, len(built))
        rows.append(("armv6m bytecode, all firmware modules", value, "make size"))
        biggest = max(built, key=lambda r: r[1])
        rows.append(("largest module", "%s, %d bytes" % biggest[:2], ""))
        core = [r for r in built if r[0].startswith("usher/core/")]
        rows.append(("armv6m bytecode, usher/core", "%d bytes" % sum(r[1] for r in core), ""))
        # the VM imports the compiled .mpy files, as the Pico does
        core_mods = ["usher.core.record", "usher.core.match", "usher.core.rng", "usher.core.game"]
        rows.append(("heap after importing the core (VM, .mpy)", "%d bytes" % mp_heap_after_import(core_mods, out), ""))
        app_mods = ["usher.app", "usher.ui.widgets", "usher.ui.home"]
        heap = mp_heap_after_import(app_mods, out)
        rows.append(("heap after importing app + home UI (VM, .mpy)", "%d bytes" % heap, ""))
    for extra in _extras():
        rows.extend(extra())
    return rows


def _extras() -> list:
    """Further benchmarks, registered by the modules that own them."""
    out = []
    names = (
        "bench_sim",
        "bench_showtime",
        "bench_showbiz",
        "bench_show_manager",
        "bench_films",
        "bench_sync",
        "bench_wasm",
        "bench_memory",
        "bench_web",
        "bench_pico",
    )
    for name in ["usher_tools." + n for n in names]:
        try:
            mod = __import__(name, None, None, ["figures"])
        except ImportError:
            continue
        out.append(mod.figures)
    return out


BENCH_MD = os.path.join(ROOT, "docs", "BENCH.md")
PREFACE = """# Measured figures

Written by `make bench` (never by hand) on %s: %s, CPython %s, MicroPython
v1.28.0 (the unix port on the host; the rp2 port, RPI_PICO, on rp2040js
1.4.1 for the rows that say so), mpy-cross -march=armv6m.

Which figure to trust for a Pico: the **rp2 port** rows. They run the Pico's
own MicroPython, its heap and garbage collector, on an emulated RP2040;
times there are emulated 125 MHz time (flash cache misses are not emulated,
so a real Pico may be a little slower). The unix-port VM is 64-bit (its heap
figures are 1.4-1.5 times a Pico's) and the 32-bit WebAssembly meter is a
quick proxy: both are there for fast feedback while developing.

"""


def write_markdown(rows: list, path: str = BENCH_MD) -> None:
    import datetime
    import platform

    w = max(len(r[0]) for r in rows)
    lines = ["| %s | %s |" % ("figure".ljust(w), "value"), "|%s|%s|" % ("-" * (w + 2), "-" * 30)]
    lines += ["| %s | %s |" % (name.ljust(w), value) for name, value, _ in rows]
    when = datetime.date.today().isoformat()
    head = PREFACE % (when, platform.machine() + ", %d cores" % (os.cpu_count() or 1), platform.python_version())
    with open(path, "w") as f:
        f.write(head + "\n".join(lines) + "\n")


def main() -> None:
    rows = figures()
    write_markdown(rows)
    with open(BENCH_MD) as f:
        print(f.read())
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "bench.json"), "w") as f:
        json.dump([{"figure": r[0], "value": r[1]} for r in rows], f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
