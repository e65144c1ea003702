"""`make bench`: the measured figures, as a table. A benchmark reports a
figure; the tests check bounds. Each figure is measured in this run."""

import json
import os
import subprocess
import sys
import tempfile

from usher_tools.deploy import build as build_mod
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


def own_figures() -> list:
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
    return rows


# each part of the bench, by the name `python -m usher_devkit.bench NAME` takes,
# and the heading of its section in docs/BENCH.md (the rp2 port's first: the
# figures to trust for a Pico)
PARTS = (
    ("pico", "pico", "The rp2 port on an emulated RP2040 (the figures to trust for a Pico)"),
    ("pico_games", "pico_games", "Full games on the rp2 port (make pico-games: the memory gate)"),
    ("press_profile", "press_profile", "Where a press's milliseconds go on the rp2 port"),
    ("build", "", "Bytecode and import heap (mpy-cross, the unix-port VM)"),
    ("sim", "session", "The simulator: the shell session"),
    ("showtime", "showtime", "Showtime on the simulator"),
    ("showbiz", "showbiz", "Showbiz on the simulator"),
    ("show_manager", "show_manager", "Show Manager on the simulator"),
    ("films", "films", "Films on the simulator"),
    ("sync", "sync", "Sync over a pty"),
    ("wasm", "meter", "The 32-bit meter (WebAssembly port)"),
    ("memory", "memory", "Heap over repeated operations and the long session (VM)"),
    ("web", "web", "The web page"),
)


def part_rows(module: str) -> list:
    if not module:
        return own_figures()
    mod = __import__("usher_devkit.bench." + module, None, None, ["figures"])
    return mod.figures()


def figures() -> list:
    rows = []
    for _, module, _ in PARTS:
        rows.extend(part_rows(module))
    return rows


BENCH_MD = os.path.join(ROOT, "docs", "BENCH.md")
PREFACE = """# Measured figures

Written by `make bench` (never by hand): each section says the day it was
measured and on what; `python -m usher_devkit.bench NAME` measures one section
again (`make bench` runs them all). MicroPython v1.28.0 throughout (the unix
port on the host; the rp2 port, RPI_PICO, on rp2040js 1.4.1 in the first
section), mpy-cross -march=armv6m.

Which figure to trust for a Pico: the **rp2 port** rows. They run the Pico's
own MicroPython, its heap and garbage collector, on an emulated RP2040;
times there are emulated 125 MHz time (flash cache misses are not emulated,
so a real Pico may be a little slower). The unix-port VM is 64-bit (its heap
figures are 1.4-1.5 times a Pico's) and the 32-bit WebAssembly meter is a
quick proxy: both are there for fast feedback while developing.
"""


def table(rows: list) -> str:
    w = max([len(r[0]) for r in rows] + [6])
    lines = ["| %s | %s |" % ("figure".ljust(w), "value"), "|%s|%s|" % ("-" * (w + 2), "-" * 30)]
    lines += ["| %s | %s |" % (name.ljust(w), value) for name, value, _ in rows]
    return "\n".join(lines)


def sections(text: str) -> dict:
    """{heading: its text} of docs/BENCH.md's "## " sections."""
    out: dict = {}
    name = ""
    for line in text.splitlines(True):
        if line.startswith("## "):
            name = line[3:].strip()
            out[name] = ""
        elif name:
            out[name] += line
    return out


def write_markdown(measured: dict, path: str = BENCH_MD) -> None:
    """Put each measured part ({heading: rows}) in its section, dated; keep
    the sections not measured this time as they were."""
    import datetime
    import platform

    old = {}
    if os.path.exists(path):
        with open(path) as f:
            old = sections(f.read())
    when = "Measured %s on %s, %d cores, CPython %s.\n\n" % (
        datetime.date.today().isoformat(),
        platform.machine(),
        os.cpu_count() or 1,
        platform.python_version(),
    )
    out = [PREFACE]
    for _, _, heading in PARTS:
        if heading in measured:
            out.append("## %s\n\n%s%s\n" % (heading, when, table(measured[heading])))
        elif heading in old:
            out.append("## %s\n%s" % (heading, old[heading].rstrip("\n") + "\n"))
    if len(measured) < len(PARTS):  # older sections of other names stay until a whole run
        headings = [p[2] for p in PARTS]
        out += ["## %s\n%s" % (h, t.rstrip("\n") + "\n") for h, t in old.items() if h not in headings]
    with open(path, "w") as f:
        f.write("\n".join(out))


def main(argv=None) -> None:
    names = sys.argv[1:] if argv is None else argv
    known = [p[0] for p in PARTS]
    if any(n not in known for n in names):
        raise SystemExit("bench parts: " + " ".join(known))
    measured = {}
    rows = []
    for name, module, heading in PARTS:
        if names and name not in names:
            continue
        got = part_rows(module)
        measured[heading] = got
        rows.extend(got)
    write_markdown(measured)
    with open(BENCH_MD) as f:
        print(f.read())
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    with open(os.path.join(ROOT, "build", "bench.json"), "w") as f:
        json.dump([{"figure": r[0], "value": r[1]} for r in rows], f, indent=1)


if __name__ == "__main__":
    sys.exit(main())
