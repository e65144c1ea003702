"""`make bench` rows from the Pico's own MicroPython (the rp2 port, v1.28.0
RPI_PICO, on an emulated RP2040, the firmware deployed as files): heap,
presses and the panel's bytes, all in emulated 125 MHz time. Skipped (a row
says why) without the rp2 build (`make rp2`)."""

import os
import statistics
import tempfile

from usher_tools.paths import ROOT

SCRIPT = os.path.join(ROOT, "tests", "sim", "shell_session.txt")
GAMES_OUT = os.path.join(ROOT, "build", "pico-games")  # tests/host/test_pico_games.py leaves its figures here


def _flash(d: str, profile: str, frozen: bool, seed: int) -> str:
    """A flash image as a user leaves it (files deploy, or usher.uf2 on a
    blank board), with the measuring boot.py (fixed seed, heap probe)."""
    from usher_tools.pico.device import PROBE_BOOT, deploy_files, write_files

    flash = os.path.join(d, "flash.img")
    if frozen:
        with open(PROBE_BOOT) as f:
            boot = f.read().replace("SEED = -1", "SEED = %d" % seed).encode()
        write_files(flash, {"boot.py": boot, "data/profile.txt": (profile + "\n").encode()})
    else:
        deploy_files(flash, profile, probe_seed=seed)
    return flash


def play(text: str, profile: str, frozen: bool = False, seed: int = 1) -> dict:
    """A script on the emulated Pico from power-on: the simulator's report
    plus the heap after every press, each press's time and bytes, and the
    files on the flash at the end."""
    from usher_tools.pico.build import STOCK_UF2, USHER_UF2
    from usher_tools.pico.device import Pico, PicoConfig, flash_files, press_times, run_script

    with tempfile.TemporaryDirectory() as d:
        flash = _flash(d, profile, frozen, seed)
        with Pico(PicoConfig(profile=profile, flash=flash, uf2=USHER_UF2 if frozen else STOCK_UF2)) as pico:
            pico.boot()
            home = pico.heap()
            boot_ms = [t for t, _ in pico.events]
            pico.sample_heap = True
            result = run_script(pico, text)
            result["home_heap"] = home
            result["boot_heap"] = pico.boot_heap
            result["first_frame_ms"] = round(boot_ms[-1] / 1000) if boot_ms else -1
            result["heap_log"] = pico.heap_log
            result["press_times"] = press_times(pico)
            result["serial_all"] = bytes(pico.serial_out).decode("utf-8", "replace")
        result["files"] = flash_files(flash)
    return result


def session(profile: str, frozen: bool = False) -> dict:
    with open(SCRIPT) as f:
        return play(f.read(), profile, frozen, 1)


def full_game(game: str, profile: str, frozen: bool = False) -> dict:
    """One of full_games' games on the emulated Pico, with the record held
    against the plan and each press's screen named."""
    from usher_tools import full_games

    planned = full_games.plan(game, profile)
    r = play(planned["text"], profile, frozen, planned["seed"])
    r.update(full_games.check_record(planned, r["files"]))
    r["screens"] = full_games.screens_of(planned["text"], profile, planned["seed"])
    if "session" in planned:
        from usher_tools import session_sim

        r["asked"] = planned["session"].asked
        got: dict = {}
        for a in session_sim.answers(r["serial_all"].encode()):
            got.setdefault(a.get("id"), []).append(a)
        r["answers"] = got
        r["refused"] = session_sim.refusals(r)
    return r


def heap_figures(r: dict) -> tuple:
    """(least gc.mem_free(), peak gc.mem_alloc()) sampled after the presses."""
    free = [f for _, _, f in r["heap_log"] if f >= 0]
    alloc = [a for _, a, _ in r["heap_log"] if a >= 0]
    return (min(free) if free else -1, max(alloc) if alloc else -1)


def worst_press(r: dict) -> tuple:
    """(ms, key, the screen it was pressed on) of the slowest press."""
    times = r["press_times"]
    if not times:
        return (0.0, "-", "-")
    key, ms, _, n = max(times, key=lambda x: x[1])
    screens = r.get("screens") or []
    return (ms, key, screens[n] if n < len(screens) else "?")


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
        h = headroom()
        rows.append(
            (
                "usher.uf2: firmware with Usher frozen in / firmware area left",
                "%d / %d bytes" % (h["used"], h["left"]),
                "",
            )
        )
        rows.append(
            (
                "usher.uf2: room left, in games the size of the largest (%s)" % h["largest"],
                "%.1f (a game frozen: about %d bytes)" % (h["left"] / h["game_bytes"], h["game_bytes"]),
                "",
            )
        )
    return rows


AREA = 2 * 1024 * 1024 - 1408 * 1024  # RPI_PICO: the flash before its 1,408 KiB filesystem


def flash_used(uf2: str) -> int:
    return os.path.getsize(uf2) // 512 * 256  # UF2: 256 bytes of flash a 512-byte block


def headroom() -> dict:
    """The firmware area usher.uf2 leaves, against what a game costs there:
    the largest title's armv6m bytecode times the measured cost of freezing
    (the frozen image less the stock one, over all the bytecode)."""
    from usher_tools import build as build_mod
    from usher_tools.pico.build import STOCK_UF2, USHER_UF2

    used = flash_used(USHER_UF2)
    with tempfile.TemporaryDirectory() as out:
        rows = build_mod.build(out)
    total = sum(n for _, n, _ in rows if n > 0)
    ratio = (used - flash_used(STOCK_UF2)) / total
    games = _game_names()
    per: dict = {}
    for rel, n, _ in rows:  # usher/games/<name>[_*].py and usher/ui/<name>/
        parts = rel.split("/")
        if len(parts) >= 3 and parts[1] == "ui" and rel.count("/") == 3:
            name = parts[2]
        elif len(parts) == 3 and parts[1] == "games" and parts[2] not in ("catalog.py", "header.py", "__init__.py"):
            name = parts[2][:-3]
            name = next((g for g in games if name == g or name.startswith(g + "_")), name)
        else:
            continue
        if name not in games:
            continue
        per[name] = per.get(name, 0) + max(n, 0)
    largest = max(per, key=lambda k: per[k])
    return {
        "used": used,
        "left": AREA - used,
        "ratio": ratio,
        "largest": largest,
        "game_bytes": int(per[largest] * ratio),
        "per_game": per,
    }


def _game_names() -> tuple:
    from usher_tools.paths import use_firmware

    use_firmware()
    from usher.games.catalog import GAMES

    return tuple(e[0] for e in GAMES)



def main(argv: list) -> None:
    """`python -m usher_tools.bench_pico GAME PROFILE [frozen]`: one full game."""
    import json
    import time

    if not argv:
        for row in figures():
            print("| %s | %s |" % row[:2])
        return
    t0 = time.monotonic()
    r = full_game(argv[0], argv[1], len(argv) > 2 and argv[2] == "frozen")
    least, peak = heap_figures(r)
    ms = [t for _, t, _, _ in r["press_times"]]
    print(
        json.dumps(
            {
                "error": r["error"],
                "as_planned": r["as_planned"],
                "presses": r["presses"],
                "boot_free": r["boot_heap"][1],
                "home_free": r["home_heap"][1],
                "least_free": least,
                "peak_alloc": peak,
                "median_ms": statistics.median(ms) if ms else 0,
                "worst": worst_press(r),
                "wall_s": round(time.monotonic() - t0),
            }
        )
    )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
