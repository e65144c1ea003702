"""`make bench` figures from the simulator: the shell session (menus, dice,
power cut, resume) on both profiles, and the simulator's own costs."""

import os
import statistics
import tempfile

from usher_tools.paths import ROOT
from usher_tools.sim.runner import Sim, SimConfig
from usher_tools.sim.script import run_script

from usher_devkit.bench.simulator import measure

SESSION = os.path.join(ROOT, "tests", "sim", "shell_session.txt")

# presses for the common flows, counted from the session script's own lines
FLOWS = [
    ("home -> roll one die (from power-on)", "prev\nok\nok\n", 3),
]


def session(profile: str, romfs: bool = False) -> dict:
    with tempfile.TemporaryDirectory() as d, open(SESSION) as f:
        with Sim(SimConfig(profile=profile, flash=os.path.join(d, "f.img"), seed=1, romfs=romfs)) as sim:
            return run_script(sim, f.read())


def figures() -> list:
    rows = []
    for profile in ("lcd114", "oled"):
        r = session(profile)
        px = [p["pixels"] for p in r["press_log"]]
        rows.append(("shell session %s: presses" % profile, str(r["presses"]), ""))
        rows.append(
            (
                "shell session %s: pixels pushed per press" % profile,
                "median %d, max %d (one press includes a reboot)" % (statistics.median(px), max(px)),
                "",
            )
        )
        rows.append(
            (
                "shell session %s: firmware peak live heap (of 256K (64-bit))" % profile,
                "%d bytes" % r["firmware_peak_heap"],
                "",
            )
        )
    r = session("lcd114", romfs=True)
    rows.append(
        ("shell session lcd114, code in a ROMFS: firmware peak live heap", "%d bytes" % r["firmware_peak_heap"], "")
    )
    m = measure("lcd114", counter=True, seconds=5)
    rows.append(("simulator's own heap (on top of the 256K)", "%d bytes" % m["sim_heap"], "the Pico does not pay it"))
    rows.append(("lockstep ticks per second (20 ms ticks)", str(m["ticks_per_s"]), ""))
    return rows
