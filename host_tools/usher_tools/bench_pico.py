"""`make bench` rows from the Pico's own MicroPython (the rp2 port, v1.28.0
RPI_PICO, on an emulated RP2040, the firmware deployed as files): heap,
presses and the panel's bytes, all in emulated 125 MHz time. Skipped (a row
says why) without the rp2 build (`make rp2`)."""

import os
import statistics
import tempfile

from usher_tools.paths import ROOT

SCRIPT = os.path.join(ROOT, "tests", "sim", "shell_session.txt")


def session(profile: str, frozen: bool = False) -> dict:
    from usher_tools.pico.build import STOCK_UF2, USHER_UF2
    from usher_tools.pico.device import PROBE_BOOT, Pico, PicoConfig, deploy_files, press_times, run_script, write_files

    with tempfile.TemporaryDirectory() as d:
        flash = os.path.join(d, "flash.img")
        if frozen:  # usher.uf2 on a blank board, with the measuring boot.py
            with open(PROBE_BOOT) as f:
                boot = f.read().replace("SEED = -1", "SEED = 1").encode()
            write_files(flash, {"boot.py": boot, "data/profile.txt": (profile + "\n").encode()})
        else:
            deploy_files(flash, profile, probe_seed=1)
        with Pico(PicoConfig(profile=profile, flash=flash, uf2=USHER_UF2 if frozen else STOCK_UF2)) as pico:
            pico.boot()
            home = pico.heap()
            boot_ms = [t for t, _ in pico.events]
            pico.sample_heap = True
            with open(SCRIPT) as f:
                result = run_script(pico, f.read())
            result["home_heap"] = home
            result["boot_heap"] = pico.boot_heap
            result["first_frame_ms"] = round(boot_ms[-1] / 1000) if boot_ms else -1
            result["heap_log"] = pico.heap_log
            result["press_times"] = press_times(pico)
    return result


def figures() -> list:
    from usher_tools.pico.build import STOCK_UF2

    if not os.path.exists(STOCK_UF2):
        return [("rp2 port (emulated Pico)", "not measured: no build/rp2 (make rp2)", "")]
    from usher_tools.pico.build import USHER_UF2

    rows = []
    kinds = [("files", False)] + ([("frozen", True)] if os.path.exists(USHER_UF2) else [])
    for (kind, frozen), profile in [(k, p) for k in kinds for p in ("lcd114", "oled")]:
        r = session(profile, frozen)
        free = [f for _, _, f in r["heap_log"] if f >= 0]
        alloc = [a for _, a, _ in r["heap_log"] if a >= 0]
        times = r["press_times"]
        ms = [t for _, t, _ in times]
        worst = max(times, key=lambda x: x[1]) if times else ("-", 0, 0)
        sent = [n for _, _, n in times]
        pre = "rp2 port, shell session (%s, %s)" % (profile, kind)
        rows += [
            (pre + ": heap free at boot / at Home", "%d / %d bytes" % (r["boot_heap"][1], r["home_heap"][1]), ""),
            (
                pre + ": least gc.mem_free() / peak gc.mem_alloc() after a press",
                "%d / %d bytes" % (min(free), max(alloc)),
                "",
            ),
            (pre + ": reset to the end of the first frame", "%d ms" % r["first_frame_ms"], ""),
            (
                pre + ": ms from a press to the end of its redraw",
                "median %.0f, worst %.0f (a press of %s)" % (statistics.median(ms), worst[1], worst[0]),
                "",
            ),
            (pre + ": panel bytes per press", "median %d, max %d" % (statistics.median(sent), max(sent)), ""),
        ]
    if os.path.exists(USHER_UF2):
        used = os.path.getsize(USHER_UF2) // 512 * 256  # UF2: 256 bytes of flash a 512-byte block
        area = 2 * 1024 * 1024 - 1408 * 1024  # RPI_PICO: the flash before its 1,408 KiB filesystem
        rows.append(
            ("usher.uf2: firmware with Usher frozen in / firmware area left", "%d / %d bytes" % (used, area - used), "")
        )
    return rows


if __name__ == "__main__":
    for row in figures():
        print("| %s | %s |" % row[:2])
