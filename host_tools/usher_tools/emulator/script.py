"""Simulator scripts on the emulated Pico: the simulator's script runner,
waiting after each press until the firmware idles (as a person waits for
the screen), and the time each press took to show."""

from usher_tools.emulator.board import Pico

# idle 10 ms steps that end a press: more than two of the app's 20 ms ticks,
# since it handles a press at one tick and draws it at the next, and a tick's
# sleep between them is no end (3 steps let the next press come while a
# slow screen was still to be drawn, and a tap then may look like a long press)
AFTER_PRESS = 5


def script_runner(pico: Pico, shots_dir: str = ""):
    """The simulator's script runner, for a chip whose work takes time: each
    press is followed by a wait until the firmware idles again (as a person
    waits for the screen), and a shot is taken once the screen is drawn."""
    from usher_tools.sim.script import ScriptRunner

    class PicoScriptRunner(ScriptRunner):
        def _tap(self, key: str, hold: int) -> None:
            super()._tap(key, hold)
            pico.settle(idle_steps=AFTER_PRESS)
            if pico.sample_heap and pico.alive:
                alloc, free = pico.heap()
                pico.heap_log.append([key, alloc, free])

        def shot(self, name: str) -> str:
            pico.settle(idle_steps=3)
            return super().shot(name)

        def mark(self, name: str) -> int:
            # the probe boot.py's figure: gc.mem_alloc() after a collection
            pico.settle(idle_steps=3)
            got = pico.heap()[0]
            self.heap.append([name, got])
            return got

    # the emulated Pico is a VirtualBoard the runner drives as it drives a Sim (duck-typed)
    return PicoScriptRunner(pico, shots_dir)  # type: ignore[arg-type]


def press_times(pico: Pico) -> list:
    """[(key, ms, bytes, n)] per press (n: its place among the presses):
    emulated ms from the moment the press
    takes effect (prev/next on the press, ok/back on the release) to the
    panel's last byte before the next press (or before the host's next
    bytes: what a sync draws is the link's, not the press's), and the bytes
    it pushed. A press whose answer spans a power cycle is left out."""
    import bisect

    out = []
    ps = pico.presses
    host = [t for t, _ in pico.cdc_in_log]
    for i, p in enumerate(ps):
        end = ps[i + 1]["events"] if i + 1 < len(ps) else len(pico.events)
        evs = pico.events[p["events"] : end]
        j = bisect.bisect_right(host, p["down_us"])
        if j < len(host):
            evs = [e for e in evs if e[0] < host[j]]
        logical = pico.keymap.get(p["key"], "")
        at = p["down_us"] if logical in ("prev", "next", "up", "down") else p.get("up_us", p["down_us"])
        if not evs or any(t < p["down_us"] for t, _ in evs):
            continue
        out.append((p["key"], max(0.0, (evs[-1][0] - at) / 1000), sum(n for _, n in evs), i))
    return out


def run_script(pico: Pico, text: str, shots_dir: str = "") -> dict:
    """Play a simulator script on the emulated Pico; the simulator's report."""
    from usher_tools.sim import script

    return script.run_script(pico, text, shots_dir, runner=script_runner(pico, shots_dir))  # type: ignore[arg-type]
