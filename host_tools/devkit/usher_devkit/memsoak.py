"""Heap growth per repeated operation, measured on the MicroPython VM
(64-bit, 256K): the host half of devkit/usher_devkit/kit/memloop.py, shared by the
tests (tests/host/vm/test_memory_loops.py) and `make bench`.

Each operation runs in its own VM: once to warm up (a first run interns the
names of the code it loads, for good), then `repeats` times; after each, back
at Home with the link dropped, the heap in use after a collection."""

import json
import os
import subprocess
import tempfile

from usher_tools.paths import FIRMWARE, ROOT, tool, vm_env
from usher_tools.sim.mpycache import compile_tree

from usher_devkit import registry

# the firmware's 256K (the Pico's 192 KB, 64-bit) and 64K for this kit's own
# modules (the player of whole Showbiz games is ~15 KB of them) and for the
# names every title interns once a boot: with all five in the loops, `every`'s
# table of names doubled past 1,900 and the kit ran out at 288K. What is
# measured is growth; the budget is the simulator's and the rp2 port's
HEAP = "320K"
KIT = os.path.join(ROOT, "host_tools", "devkit", "usher_devkit", "kit")
CACHE = os.path.join(ROOT, "build")

# every operation a person or a laptop makes between games, in the order the
# table shows them: each game's from the registry, then the rest
GAME_OPS = {op: what for e in registry.GAMES.values() for op, what in e.memory.items()}
OTHER_OPS = {
    "resume_leave": "resume the game in play, Save & leave",
    "settings_about": "Settings, About and Board looked at",
    "hello_list_get": "laptop hello, list, get",
    "sync50": "a sync of 50 games",
    "settings_pull_push": "settings pull and push",
    "roster_push": "roster push",
    "delete": "a delete",
    "refused": "refused requests (unknown, damaged, denied)",
    "every": "all of the above in turn",
}
WHAT = GAME_OPS | OTHER_OPS
OPS = tuple(WHAT)


def _worker() -> str:
    return os.environ.get("PYTEST_XDIST_WORKER", "main")


def compiled() -> tuple:
    """(firmware, kit) compiled to .mpy, as the device and the simulator run them."""
    w = _worker()
    fw = compile_tree(FIRMWARE, os.path.join(CACHE, "mem-fw-" + w), skip=("main.py",))
    kit = compile_tree(KIT, os.path.join(CACHE, "mem-kit-" + w), skip=("framebuf.py",))
    return fw, kit


def run(op: str, repeats: int = 20, profile: str = "lcd114", heap: str = HEAP, timeout: int = 900) -> dict:
    """One operation, warmed up then repeated: the figures memloop prints."""
    fw, kit = compiled()
    with tempfile.TemporaryDirectory() as d:
        data = os.path.join(d, "data")
        code = "import sys; sys.path.insert(0, %r); import memloop; memloop.main(sys.argv)" % kit
        args = [tool("micropython"), "-X", "heapsize=" + heap, "-c", code, fw, kit, data, op, str(repeats), profile]
        proc = subprocess.run(args, capture_output=True, text=True, timeout=timeout, env=vm_env(), cwd=d)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("MEMLOOP ")]
    if proc.returncode or not lines:
        raise RuntimeError("%s: %s" % (op, (proc.stdout + proc.stderr)[-3000:]))
    out = json.loads(lines[-1][len("MEMLOOP ") :])
    out["qstr"] = qstr_figures(proc.stdout)
    after = out["after"]
    out["growth"] = (after[-1] - out["first"]) if after else 0
    out["spread"] = (max(after) - min(after + [out["first"]])) if after else 0
    out["first_cost"] = out["first"] - out["start"]
    return out


def qstr_figures(text: str) -> dict:
    """{tag: bytes the interned names take} from memloop's QSTR notes."""
    out = {}
    tag = ""
    for ln in text.splitlines():
        if ln.startswith("QSTR "):
            tag = ln[5:].strip()
        elif tag and "n_total_bytes=" in ln:
            out[tag] = int(ln.split("n_total_bytes=")[1].split()[0].strip(","))
            tag = ""
    return out


def figures(repeats: int = 20) -> list:
    """`make bench` rows: the heap at Home after `repeats` more runs, against
    after the first (which interns the names of the code it loads)."""
    rows = []
    for op in OPS:
        n = 3 if op == "every" else repeats
        try:
            r = run(op, n)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            rows.append(("heap growth at Home, %s" % WHAT[op], "FAILED: %s" % str(e)[-200:], ""))
            continue
        rows.append(
            (
                "heap growth at Home after %d repeats (VM): %s" % (n, WHAT[op]),
                "%+d bytes (first run %+d, at Home %d)" % (r["growth"], r["first_cost"], r["after"][-1]),
                "tests/host/vm/test_memory_loops.py",
            )
        )
    return rows
