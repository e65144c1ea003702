"""`make bench` figures for leaks: heap growth per repeated operation on
the VM, and the long session's peaks on the simulator."""

from usher_devkit import memsoak


def figures() -> list:
    from usher_devkit.planners.session import run_long

    rows = memsoak.figures(20)
    for profile in ("lcd114", "oled"):
        r = run_long(profile, 6)
        ok = not r["error"] and not r["reloads"] and not r["refused"] and r["as_planned"]
        m = r["marks"]
        rows.append(
            (
                "long session (%s): 6 cycles, a Showbiz game synced mid-way: firmware peak heap" % profile,
                "%d bytes of 320K (64-bit); at Home %d at boot, %d at the end%s"
                % (r["firmware_peak_heap"], m["boot"], m["home-synced"], "" if ok else " (FAILED)"),
                "tests/host/test_long_session.py",
            )
        )
    return rows


if __name__ == "__main__":
    for row in figures():
        print("| %s | %s |" % row[:2])
