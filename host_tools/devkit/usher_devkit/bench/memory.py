"""`make bench` figures for leaks: heap growth per repeated operation on
the VM, and the long session's peaks on the simulator."""

from usher_devkit import memsoak
from usher_devkit.bench.render import fig


def figures() -> list:
    import subprocess

    from usher_devkit.planners.session import run_long

    figs = []
    t = "Heap at Home over repeats, 64-bit VM"
    for op in memsoak.OPS:
        n = 3 if op == "every" else REPEATS
        what = "%s (%d times)" % (memsoak.WHAT[op], n) if n != REPEATS else memsoak.WHAT[op]
        try:
            r = memsoak.run(op, n)
        except (RuntimeError, subprocess.TimeoutExpired) as e:
            figs.append(fig(t, what, "FAILED", column="growth (bytes)", note=str(e)[-200:]))
            continue
        figs += [
            fig(t, what, "%+d" % r["growth"], column="growth (bytes)"),
            fig(t, what, "%+d" % r["first_cost"], column="first run (bytes)"),
            fig(t, what, r["after"][-1], column="at Home (bytes)"),
        ]
    t = "The long session, 64-bit VM (320K)"
    for profile in ("lcd114", "oled"):
        r = run_long(profile, 6)
        ok = bool(not r["error"] and not r["reloads"] and not r["refused"] and r["as_planned"])
        m = r["marks"]
        figs += [
            fig(t, "played as planned", ok, board=profile, note="6 cycles of games, a Showbiz game synced mid-way"),
            fig(t, "firmware peak heap", r["firmware_peak_heap"], "bytes", board=profile),
            fig(t, "at Home after boot", m["boot"], "bytes", board=profile),
            fig(t, "at Home at the end", m["home-synced"], "bytes", board=profile),
        ]
    return figs


REPEATS = 20  # each operation after the first run (all of them in turn: 3)
if __name__ == "__main__":
    from usher_devkit.bench.render import section

    print(section("Memory", figures()))
