"""`make bench` figures from the simulator: the shell session (menus, dice,
power cut, resume) on both profiles, and the simulator's own costs."""

import os
import statistics
import tempfile

from usher_tools.paths import ROOT
from usher_tools.sim.runner import Sim, SimConfig
from usher_tools.sim.script import run_script

from usher_devkit.bench.render import fig
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
    figs = []
    t = "Shell session, 64-bit VM (256K heap)"
    for profile, romfs in (("lcd114", False), ("oled", False), ("lcd114", True)):
        r = session(profile, romfs=romfs)
        px = [p["pixels"] for p in r["press_log"]]
        on = {"board": profile, "deploy": "romfs" if romfs else "files"}
        figs += [
            fig(t, "presses", r["presses"], **on),
            fig(t, "pixels pushed a press, median", int(statistics.median(px)), **on),
            fig(t, "pixels pushed a press, max", max(px), note="the max press includes a reboot", **on),
            fig(t, "firmware peak live heap", r["firmware_peak_heap"], "bytes", **on),
        ]
    m = measure("lcd114", counter=True, seconds=5)
    t = "The simulator's own costs"
    figs.append(fig(t, "its heap on top of the 256K", m["sim_heap"], "bytes", note="a Pico does not pay it"))
    figs.append(fig(t, "lockstep ticks a second (20 ms ticks)", m["ticks_per_s"]))
    return figs
