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


def main() -> None:
    rows = figures()
    w = max(len(r[0]) for r in rows)
    print("| %s | %s |" % ("figure".ljust(w), "value"))
    print("|%s|%s|" % ("-" * (w + 2), "-" * 30))
    for name, value, _ in rows:
        print("| %s | %s |" % (name.ljust(w), value))
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "bench.json"), "w") as f:
        json.dump([{"figure": r[0], "value": r[1]} for r in rows], f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
