"""`make bench`: every measured figure into docs/BENCH.md, from one run at
one commit. A benchmark reports a figure; the tests check bounds. Each part
(a module here) returns figures made by render.fig(); render.py lays them
out as tables."""

import json
import os
import subprocess
import sys
import tempfile

from usher_tools.deploy import build as build_mod
from usher_tools.paths import FIRMWARE, ROOT, tool, vm_env

from usher_devkit.bench.render import fig, section
from usher_devkit.bench.revision import revision

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
    figs = []
    with tempfile.TemporaryDirectory() as out:
        built = build_mod.build(out)
        code = "Bytecode, mpy-cross -march=armv6m"
        figs.append(fig(code, "all firmware modules", sum(r[1] for r in built if r[1] > 0), "bytes"))
        figs.append(fig(code, "modules", len(built)))
        biggest = max(built, key=lambda r: r[1])
        figs.append(fig(code, "largest module", biggest[0]))
        figs.append(fig(code, "largest module's size", biggest[1], "bytes"))
        core = [r for r in built if r[0].startswith("usher/core/")]
        figs.append(fig(code, "usher/core", sum(r[1] for r in core), "bytes"))
    # the VM imports compiled .mpy files, as the Pico does, but compiled for
    # itself: the armv6m tree's viper code does not load on the host
    from usher_devkit.memsoak import compiled

    tree = compiled()[0]
    heap = "Heap after importing, 64-bit VM, .mpy"
    core_mods = ["usher.core.record", "usher.core.match", "usher.core.rng", "usher.core.game"]
    figs.append(fig(heap, "the core", mp_heap_after_import(core_mods, tree), "bytes"))
    app_mods = ["usher.app", "usher.ui.widgets", "usher.ui.home"]
    figs.append(fig(heap, "app + Home screen", mp_heap_after_import(app_mods, tree), "bytes"))
    return figs


def game_parts() -> tuple:
    """A section a title with a full scripted game (usher_devkit.registry),
    headed by its title in the firmware's catalog: its own part,
    usher_devkit.bench.<game>, or, for a title without one, its full game on
    the simulator (bench/full_game.py)."""
    from usher_tools.paths import use_firmware

    from usher_devkit import registry

    use_firmware()
    from usher.games.catalog import title

    here = os.path.dirname(os.path.abspath(__file__))
    out = []
    for g in registry.played():
        own = os.path.exists(os.path.join(here, g + ".py"))
        out.append((g, g if own else "full_game:" + g, title(g)))
    return tuple(out)


# each part of the bench, by the name `python -m usher_devkit.bench NAME` takes,
# its module, and the heading of its section in docs/BENCH.md (the rp2 port's
# first: the figures to trust for a Pico)
PARTS = (
    (
        ("pico", "pico", "The rp2 port on an emulated RP2040"),
        ("pico_games", "pico_games", "Full games on the rp2 port"),
        ("press_profile", "press_profile", "Where a press's time goes on the rp2 port"),
        ("language", "language", "English and German on the rp2 port"),
        ("build", "", "Bytecode and import heap"),
        ("sim", "session", "The simulator"),
    )
    + game_parts()
    + (
        ("sync", "sync", "Sync over a pty"),
        ("wasm", "meter", "The 32-bit meter (WebAssembly port)"),
        ("memory", "memory", "Heap over repeats and the long session"),
        ("web", "web", "The web page"),
        ("install", "install", "The laptop tool installed"),
    )
)


def part_figures(module: str) -> list:
    if not module:
        return own_figures()
    module, _, game = module.partition(":")  # "full_game:<game>": a title with no part of its own
    mod = __import__("usher_devkit.bench." + module, None, None, ["figures"])
    return mod.figures(game) if game else mod.figures()


BENCH_MD = os.path.join(ROOT, "docs", "BENCH.md")
BUILD = os.path.join(ROOT, "build")  # a partial run's figures go here (bench-part.md), never to docs/BENCH.md
PREFACE = """# Measured figures

Written whole by `make bench` (never by hand), every figure from the one run
at the commit named below. `make bench-part PART=name` measures one section
into build/bench-part.md and leaves this file alone.

Which figure to trust for a Pico: the **rp2 port**'s. It runs the Pico's own
MicroPython, its heap and garbage collector, on an emulated RP2040; times
there are emulated 125 MHz time (flash cache misses are not emulated, so a
real Pico may be a little slower). The unix-port VM is 64-bit (its heap
figures are larger than a Pico's) and the 32-bit WebAssembly meter is a
quick proxy: both are there for fast feedback while developing.

Columns: the board (lcd114, oled), the deploy (files: the code copied as
.mpy files; frozen: usher.uf2; romfs: the code in a ROMFS image), the game.
A goal is met or not met by the figure in its row; "-" is a figure that has
no meaning for that column.
"""


def header(rev: dict, when: str, partial: list | None = None) -> str:
    import platform

    commit = rev["commit"] + (" with uncommitted changes" if rev["dirty"] else "")
    what = "Sections %s only, a partial run" % ", ".join(partial) if partial else "Every section"
    return "%s measured at commit %s, %s, on %s (%d cores), CPython %s, %s.\n" % (
        what,
        commit,
        when,
        platform.machine(),
        os.cpu_count() or 1,
        platform.python_version(),
        micropython_version(),
    )


def micropython_version() -> str:
    try:
        proc = subprocess.run(
            [tool("micropython"), "-c", "import sys; print('v%d.%d.%d' % sys.implementation.version[:3])"],
            env=vm_env(),
            capture_output=True,
            text=True,
            timeout=60,
        )
        return "MicroPython " + proc.stdout.split()[-1]
    except (OSError, IndexError, subprocess.SubprocessError):
        return "MicroPython ?"


def markdown(measured: list, top: str) -> str:
    """The whole file: the preface, the run's header, a section a part."""
    out = [PREFACE, top]
    for heading, figs in measured:
        out.append(section(heading, figs))
    return "\n".join(out)


def main(argv=None) -> None:
    import datetime

    names = sys.argv[1:] if argv is None else argv
    known = [p[0] for p in PARTS]
    if any(n not in known for n in names):
        raise SystemExit("bench parts: " + " ".join(known))
    rev = revision()
    measured = []
    for name, module, heading in PARTS:
        if names and name not in names:
            continue
        measured.append((heading, part_figures(module)))
    after = revision()
    when = datetime.date.today().isoformat()
    text = markdown(measured, header(rev, when, names))
    os.makedirs(BUILD, exist_ok=True)
    target = os.path.join(BUILD, "bench-part.md") if names else BENCH_MD
    if not names and after["commit"] != rev["commit"]:
        # a commit landed during the run: its figures are of two commits
        target = os.path.join(BUILD, "BENCH.md")
        print("HEAD moved from %s to %s during the run: written to %s only" % (rev["commit"], after["commit"], target))
    with open(target, "w") as f:
        f.write(text)
    print(text)
    with open(os.path.join(BUILD, "bench.json"), "w") as f:
        json.dump({"revision": rev, "date": when, "sections": dict(measured)}, f, indent=1)


if __name__ == "__main__":
    main()
