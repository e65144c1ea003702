"""The simulator's own figures, for `make bench`:

    python -m usher_devkit.bench.simulator

VM start, boot to the first sleep, lockstep ticks per second (with and
without the per-tick heap probe), and the heap the simulator's device-side
modules take from the 256K the app would otherwise have.
"""

import json
import os
import subprocess
import tempfile
import time

from usher_tools.paths import tool, vm_env
from usher_tools.sim.runner import Sim, SimConfig

from usher_devkit import simcounter


def measure(profile: str = "lcd114", counter: bool = True, seconds: int = 60) -> dict:
    """The VM's figures, running the counter (usher_devkit.simcounter) or the firmware."""
    out: dict = {"profile": profile, "counter": counter}
    t = time.perf_counter()
    for _ in range(5):
        subprocess.run([tool("micropython"), "-X", "heapsize=256K", "-c", "pass"], check=True, env=vm_env())
    out["vm_start_ms"] = round((time.perf_counter() - t) / 5 * 1000, 1)
    with tempfile.TemporaryDirectory() as d:
        flash = os.path.join(d, "f.img")
        cfg = (
            simcounter.config(profile, flash=flash, pty=False)
            if counter
            else SimConfig(profile, flash=flash, pty=False)
        )
        sim = Sim(cfg)
        try:
            boots = []
            for _ in range(5):
                t = time.perf_counter()
                sim.boot()
                boots.append(time.perf_counter() - t)
                sim.power_off()
            out["boot_to_first_sleep_ms"] = round(min(boots) * 1000, 1)
            for probe, key in ((1, "ticks_per_s_heap_probe"), (0, "ticks_per_s")):
                sim.cfg.probe = probe
                sim.boot()
                n0 = sim.exchanges
                t = time.perf_counter()
                sim.run_for(seconds * 1000)
                dt = time.perf_counter() - t
                out[key] = round((sim.exchanges - n0) / dt)
                sim.stop()
            out["sim_heap"] = sim.hello.get("sim_heap")
            out["mount_heap"] = sim.hello.get("mount_heap")
            out["peak_heap"] = sim.peak
        finally:
            sim.close()
    return out


if __name__ == "__main__":
    for prof in ("lcd114", "oled"):
        print(json.dumps(measure(prof)))
