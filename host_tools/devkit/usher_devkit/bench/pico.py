"""`make bench` figures from the Pico's own MicroPython (the rp2 port, v1.28.0
RPI_PICO, on an emulated RP2040, the firmware deployed as files): heap,
presses and the panel's bytes, all in emulated 125 MHz time. Skipped (a figure
says why) without the rp2 build (`make rp2`)."""

import os
import statistics
import tempfile

from usher_tools.emulator.board import board_module
from usher_tools.paths import ROOT

from usher_devkit import registry
from usher_devkit.bench.render import fig
from usher_devkit.bench.revision import revision

SCRIPT = os.path.join(ROOT, "tests", "sim", "shell_session.txt")
GAMES_OUT = os.path.join(ROOT, "build", "pico-games")  # tests/host/pico/test_pico_games.py leaves its figures here


def _flash(d: str, profile: str, frozen: bool, seed: int, lang: str = "en") -> str:
    """A flash image as a user leaves it (files deploy, or usher.uf2 on a
    blank board), with the measuring boot.py (fixed seed, heap probe);
    `lang` other than English: usher.uf2 with Settings -> Language set to it."""
    from usher_tools.emulator.flash import PROBE_BOOT, deploy_files, write_files

    flash = os.path.join(d, "flash.img")
    if lang != "en" and not frozen:
        raise ValueError("a language is measured on usher.uf2")
    if frozen:
        with open(PROBE_BOOT) as f:
            boot = f.read().replace("SEED = -1", "SEED = %d" % seed).encode()
        files = {"boot.py": boot, "data/profile.txt": (profile + "\n").encode()}
        if lang != "en":
            files["data/settings.json"] = ('{"lang": "%s"}' % lang).encode()
        write_files(flash, files)
    else:
        deploy_files(flash, profile, probe_seed=seed)
    return flash


def play(text: str, profile: str, frozen: bool = False, seed: int = 1, lang: str = "en") -> dict:
    """A script on the emulated Pico from power-on: the simulator's report
    plus the heap after every press, each press's time and bytes, and the
    files on the flash at the end."""
    from usher_tools.emulator.board import Pico, PicoConfig
    from usher_tools.emulator.flash import flash_files
    from usher_tools.emulator.script import press_times, run_script
    from usher_tools.rp2.build import STOCK_UF2, USHER_UF2

    with tempfile.TemporaryDirectory() as d:
        flash = _flash(d, profile, frozen, seed, lang)
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


def session(profile: str, frozen: bool = False, lang: str = "en") -> dict:
    with open(SCRIPT) as f:
        return play(f.read(), profile, frozen, 1, lang)


def _session_screens(profile: str) -> list:
    from usher_devkit.planners.full_games import screens_of

    with open(SCRIPT) as f:
        return screens_of(f.read(), profile, 1)


def full_game(game: str, profile: str, frozen: bool = False, lang: str = "en") -> dict:
    """One of full_games' games on the emulated Pico, with the record held
    against the plan and each press's screen named."""
    from usher_devkit.planners import full_games

    planned = full_games.plan(game, profile)
    r = play(planned["text"], profile, frozen, planned["seed"], lang)
    r.update(full_games.check_record(planned, r["files"]))
    r["screens"] = full_games.screens_of(planned["text"], profile, planned["seed"])
    if "session" in planned:
        from usher_devkit.planners import session as session_sim

        r["asked"] = planned["session"].asked
        got: dict = {}
        for a in session_sim.answers(r["serial_all"].encode()):
            got.setdefault(a.get("id"), []).append(a)
        r["answers"] = got
        r["refused"] = session_sim.refusals(r)
    return r


RAW = "import sys\nb = b'x' * 1000\nfor i in range(64):\n    sys.stdout.write(b)\n"


def sync_speed(profile: str = "lcd114") -> dict:
    """A sync of a finished game of every title with players (the catalog's,
    as their full scripted games leave them) by `usher sync` over the emulated USB
    CDC, then, in the same run, 64,000 bytes printed at the raw REPL: each
    as KB/s in emulated time, from the host's first byte to the device's last."""
    import subprocess
    import sys
    import time

    from usher.games.catalog import GAMES
    from usher_tools.emulator.board import Pico, PicoConfig
    from usher_tools.emulator.flash import write_files
    from usher_tools.rp2.build import STOCK_UF2

    from usher_devkit.planners import full_games

    games = {}
    for i, game in enumerate([e.name for e in GAMES if e.lo], 1):
        planned = full_games.plan(game, profile)
        _, files = full_games.replay(planned["text"], profile, planned["seed"])
        games["data/g%04d.log" % i] = files["g0001.log"]
    size = sum(len(v) for v in games.values())
    with tempfile.TemporaryDirectory() as d:
        flash = _flash(d, profile, False, 1)
        write_files(flash, games)
        env = dict(os.environ, USHER_DB=os.path.join(d, "history.sqlite"))
        with Pico(PicoConfig(profile=profile, flash=flash, uf2=STOCK_UF2, live=True)) as pico:
            pico.boot()
            pico.cdc_in_log.clear()
            pico.cdc_out_log.clear()
            cmd = [sys.executable, "-m", "usher_tools.cli", "sync", "--port", pico.pty_path, "--json"]
            proc = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            t0 = time.monotonic()
            while proc.poll() is None and time.monotonic() - t0 < 900:
                pico.pump(0.05, until_sleep=False)
            out, err = proc.communicate(timeout=60)
            sync_us = pico.cdc_out_log[-1][0] - pico.cdc_in_log[0][0]
            answered = sum(n for _, n in pico.cdc_out_log)
            pico.cdc_out_log.clear()
            pico.raw_exec(RAW)
            raw = [(t, n) for t, n in pico.cdc_out_log]
            raw_us = raw[-1][0] - raw[0][0]
    return {
        "ok": proc.returncode == 0,
        "why": (out + err)[-300:],
        "record_bytes": size,
        "sync_bytes": answered,
        "sync_kb_s": size / 1000 / (sync_us / 1e6),
        "sync_ms": sync_us / 1000,
        "raw_kb_s": 64_000 / 1000 / (raw_us / 1e6),
    }


LINK_MARKS = {
    "home": "Home",
    "home-link": "Home, the link loaded",
    "home-gone": "Home, the link gone",
    "game": "a Showtime game",
    "game-link": "the game, the link loaded",
    "game-gone": "the game, the link gone",
}


def link_heap(profile: str = "lcd114") -> dict:
    """gc.mem_alloc() on the rp2 port (files deploy) at each mark of a short
    session: Home, a laptop's hello and list there (the link loaded), 6 s
    of quiet (it leaves), then the same in a Showtime game of 12 moves; and
    the least free after any press."""
    from usher_devkit.planners.session import DEVICE_SEED, Session

    s = Session(profile)
    for where in ("home", "game"):
        if where == "game":
            s.new_game("Showtime", 4)
            s.moves(12)
        s.heap(where)
        s.ask("hello", proto=1)
        s.ask("list", **{"from": 0})
        s.heap(where + "-link")
        s.quiet(6000)
        s.heap(where + "-gone")
    r = play(s.script(), profile, False, DEVICE_SEED)
    marks = dict((LINK_MARKS.get(k, k), n) for k, n in r.get("heap_marks") or [])
    marks["least free after a press"] = min((f for _, _, f in r["heap_log"] if f >= 0), default=-1)
    return {"error": r.get("error", ""), "marks": marks}


# no press slower than this on usher.uf2, in every full game (the press's
# effect to the panel's last byte)
BOUND_MS = 100


def summary(r: dict, game: str, profile: str, kind: str) -> dict:
    """A full game's figures as make pico-games leaves them for the bench."""
    least, peak = heap_figures(r)
    ms = sorted(t for _, t, _, _ in r["press_times"])
    screens = r["screens"]

    def on(i: int) -> str:
        return screens[i] if 0 <= i < len(screens) else "?"

    return {
        "game": game,
        "profile": profile,
        "kind": kind,
        "commit": _commit(),
        "dirty": revision()["dirty"],
        "error": r["error"],
        "as_planned": r["as_planned"],
        "presses": r["presses"],
        "boot_free": r["boot_heap"][1],
        "home_free": r["home_heap"][1],
        "least_free": least,
        "peak_alloc": peak,
        "ms_median": ms[len(ms) // 2] if ms else 0,
        "worst": worst_press(r),
        "memory_recoveries": r["memory_recoveries"],
        "wall_s": r["wall_s"],
        # per press: key, ms, panel bytes, the screen it was pressed on, the screen after it
        "presses_log": [[k, round(t, 2), n, on(i), on(i + 1)] for k, t, n, i in r["press_times"]],
        # per press, in the script's order: gc.mem_free() once it was answered (where the least was)
        "free_log": [f for _, _, f in r["heap_log"]],
        "marks": r.get("heap_marks", []),
    }


def passed_here(path: str) -> bool:
    """Whether the full game `path` holds passed its gates at this commit,
    measured on a clean tree (make pico-games then skips it)."""
    import json

    if not os.path.exists(path) or revision()["dirty"]:
        return False
    try:
        with open(path) as f:
            g = json.load(f)
    except (OSError, ValueError):
        return False
    return bool(g.get("passed")) and g.get("commit") == _commit() and not g.get("dirty")


def _commit() -> str:
    """The project's commit the figures are of (a game takes long enough that
    the bench may read figures of an older one)."""
    return revision()["commit"]


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


# screens whose prev/next change a value, not a cursor: the shell's, and
# each game's own (usher_devkit.registry)
VALUE_SCREENS = ("widgets.NumberPicker", "private.SecretNumber") + registry.value_screens()


def kind_of(key: str, screen: str, after: str) -> str:
    """What a press was, for the per-kind figures: by its key and the screen
    it was pressed on and the one it left (screens named as full_games does);
    first a game's own kinds of press (usher_devkit.registry)."""
    for p in registry.presses():
        if p.matches(key, screen, after):
            return p.kind
    if key in ("prev", "next", "up", "down"):
        if screen in VALUE_SCREENS or screen.endswith("Picker"):
            return "value change"
        return "cursor move" if after == screen else "prev/next into a new screen"
    return "opens a screen" if after != screen else "ok on the same screen"


def short_game(game: str) -> str:
    """A column's name for a full game: its title without the setting."""
    from usher_devkit.planners.full_games import GAMES

    return GAMES[game].split(",")[0].split(" (")[0].replace("the long session", "long session")


GATE = {"files": 25, "frozen": 50}  # % of the boot heap the least free must keep (test_pico_games)


def game_figures(commit: str = "") -> list:
    """Figures of the full games `make pico-games` left in build/pico-games/,
    those measured at `commit` (the run's) only: any other is named as left
    out, never shown as if measured now."""
    from usher_devkit.planners.full_games import GAMES

    commit = commit or _commit()
    found = _load(GAMES_OUT)
    if not found:
        return [fig("Full games", "not measured", "make pico-games left no figures")]
    now = [g for g in found if g.get("commit") == commit]
    figs = []
    for g in sorted(now, key=lambda g: (g["kind"], g["profile"], list(GAMES).index(g["game"]))):
        on = {"deploy": g["kind"], "board": g["profile"], "game": short_game(g["game"])}
        heap = "Heap, full games"
        share = 100 * g["least_free"] / g["boot_free"]
        gate = GATE[g["kind"]]
        figs += [
            fig(heap, "free at boot", g["boot_free"], "bytes", **on),
            fig(heap, "free at Home", g["home_free"], "bytes", **on),
            fig(heap, "least free after a press", g["least_free"], "bytes", **on),
            fig(heap, "least free, of boot", "%.0f%%" % share, "", "at least %d%%" % gate, share >= gate, **on),
            fig(heap, "peak gc.mem_alloc()", g["peak_alloc"], "bytes", **on),
            fig(heap, "played as planned", bool(not g["error"] and g["as_planned"]), **on),
        ]
        ms, key, screen = g["worst"]
        press = "Press to the end of its redraw, full games"
        over = len([p for p in g["presses_log"] if p[1] > BOUND_MS])
        figs += [
            fig(press, "presses", g["presses"], **on),
            fig(press, "median", round(g["ms_median"]), "ms", **on),
            fig(press, "worst", round(ms), "ms", **on),
            fig(press, "worst, on", "%s on %s" % (key, screen), **on),
        ]
        if g["kind"] == "frozen":  # the bound is usher.uf2's: the code as files is slower by design
            figs.append(fig(press, "presses over %d ms" % BOUND_MS, over, "", "0", over == 0, **on))
        else:
            figs.append(fig(press, "presses over %d ms" % BOUND_MS, over, **on))
    for (profile, kind), kinds in sorted(_per_kind(now).items(), key=lambda kv: (kv[0][1], kv[0][0])):
        on = {"deploy": kind, "board": profile}
        for name, ts in sorted(kinds.items(), key=lambda kv: statistics.median(kv[1])):
            value = "%.0f / %.0f (%d)" % (statistics.median(ts), max(ts), len(ts))
            figs.append(fig("Press by kind, all full games", name, value, "ms: median / worst (presses)", **on))
        figs += goal_figures([g for g in now if (g["profile"], g["kind"]) == (profile, kind)], **on)
    for g in found:
        if g not in now:
            on = {"deploy": g["kind"], "board": g["profile"], "game": short_game(g["game"])}
            figs.append(fig("Full games left out", "measured at", g.get("commit", "?"), "not this commit", **on))
    return figs


# what the goals set aside on a files deploy (Showtime's scoring replay loads its code)
SLOW_WITH_FILES = tuple(p.kind for p in registry.presses() if p.slow_with_files)
PARTIAL_KINDS = ("cursor move", "value change")
OPEN_KINDS = ("opens a screen", "prev/next into a new screen")


def goal_figures(games: list, **on) -> list:
    """The press-time goals against the games' presses: a cursor move or
    value change 30 ms or less (median), a press that opens a screen 80 ms
    or less (median), none over 150 ms (usher.uf2; with files, the scoring
    replay's set aside); and the slowest press over 150 ms by screen."""
    kinds: dict = {}
    slow: dict = {}
    cursor: dict = {}  # {screen: [ms]} of its cursor moves and value changes: where a missed goal stands
    aside = () if on.get("deploy") == "frozen" else SLOW_WITH_FILES
    for g in games:
        keymap = board_module(g["profile"]).KEYMAP
        for k, t, _, sc, after in g["presses_log"]:
            what = kind_of(keymap.get(k, k), sc, after)
            kinds.setdefault(what, []).append(t)
            if what in PARTIAL_KINDS:
                cursor.setdefault(sc, []).append(t)
            if t > 150 and what not in aside:
                slow.setdefault("%s -> %s" % (sc, after), []).append(t)
    table = "Press-time goals, all full games"
    out = []
    for label, names, goal in (
        ("cursor move or value change, median", PARTIAL_KINDS, 30),
        ("opening a screen, median", OPEN_KINDS, 80),
    ):
        ts = [t for n in names for t in kinds.get(n, [])]
        if ts:
            m = statistics.median(ts)
            out.append(fig(table, label, round(m), "ms", "at most %d" % goal, m <= goal, **on))
    # what stands in the way of that goal: the screens whose moves are slowest
    worst = sorted(cursor.items(), key=lambda kv: -statistics.median(kv[1]))
    for label, (screen, ts) in zip(
        ("cursor move or value change, slowest screen", "cursor move or value change, next slowest"),
        worst[:2],
        strict=False,
    ):
        value = "%.0f ms, %s (%d)" % (statistics.median(ts), screen, len(ts))
        out.append(fig(table, label, value, **on))
    n = sum(len(v) for v in slow.values())
    label = "presses over 150 ms, the replay's aside" if aside else "presses over 150 ms"
    out.append(fig(table, label, n, "", "none", n == 0, **on))
    if slow:
        where, ts = max(slow.items(), key=lambda kv: max(kv[1]))
        out.append(fig(table, "the slowest of those", "%.0f ms, %s" % (max(ts), where.split(" -> ")[0]), **on))
    return out


def _load(folder: str) -> list:
    import glob
    import json

    out = []
    for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
        with open(path) as f:
            out.append(json.load(f))
    return out


def _key(g: dict) -> tuple:
    return (g["game"], g["profile"], g["kind"])


def _ms(ts: list) -> str:
    return "median %.0f, worst %.0f (%d presses)" % (statistics.median(ts), max(ts), len(ts))


def _per_kind(games: list) -> dict:
    """{(profile, kind): {kind of press: [ms]}} over the games' presses."""
    out: dict = {}
    for g in games:
        keymap = board_module(g["profile"]).KEYMAP  # the LCD's presses are logged by their keys (A, up, ...)
        for k, t, _, sc, after in g["presses_log"]:
            what = kind_of(keymap.get(k, k), sc, after)
            out.setdefault((g["profile"], g["kind"]), {}).setdefault(what, []).append(t)
    return out


def figures() -> list:
    from usher_tools.rp2.build import STOCK_UF2

    if not os.path.exists(STOCK_UF2):
        return [fig("The rp2 port", "not measured", "no build/rp2 (make rp2)")]
    from usher_tools.rp2.build import USHER_UF2

    figs = []
    kinds = [("files", False)] + ([("frozen", True)] if os.path.exists(USHER_UF2) else [])
    for (kind, frozen), profile in [(k, p) for k in kinds for p in ("lcd114", "oled")]:
        r = session(profile, frozen)
        r["screens"] = _session_screens(profile)
        least, peak = heap_figures(r)
        times = r["press_times"]
        ms = [t for _, t, _, _ in times]
        worst = worst_press(r)
        sent = [n for _, _, n, _ in times]
        on = {"deploy": kind, "board": profile}
        t = "Shell session"
        figs += [
            fig(t, "heap free at boot", r["boot_heap"][1], "bytes", **on),
            fig(t, "heap free at Home", r["home_heap"][1], "bytes", **on),
            fig(t, "least free after a press", least, "bytes", **on),
            fig(t, "peak gc.mem_alloc()", peak, "bytes", **on),
            fig(t, "reset to the first frame's end", r["first_frame_ms"], "ms", **on),
            fig(t, "press to redraw, median", round(statistics.median(ms)), "ms", **on),
            fig(t, "press to redraw, worst", round(worst[0]), "ms", **on),
            fig(t, "worst, on", "%s on %s" % (worst[1], worst[2]), **on),
            fig(t, "panel bytes a press, median", int(statistics.median(sent)), "bytes", **on),
            fig(t, "panel bytes a press, max", max(sent), "bytes", **on),
        ]
    s = sync_speed("lcd114")
    t = "usher sync of each title's finished game, emulated USB"
    on = {"deploy": "files", "board": "lcd114"}
    figs += [
        fig(t, "record bytes", s["record_bytes"], "bytes", **on),
        fig(t, "synced without error", s["ok"], note="" if s["ok"] else "sync failed: " + s["why"][-120:], **on),
        fig(t, "sync", round(s["sync_ms"]), "ms", **on),
        fig(t, "sync's speed", s["sync_kb_s"], "KB/s", **on),
        fig(t, "a raw REPL print's speed, same run", s["raw_kb_s"], "KB/s", **on),
    ]
    k = link_heap("lcd114")
    t = "The link's heap (gc.mem_alloc(), files deploy)"
    before = "before the link was a package: DECISIONS, 'The link is a package'"
    for mark, n in k["marks"].items():
        unit = "bytes free" if mark.startswith("least") else "bytes allocated"
        figs.append(fig(t, mark, n, unit, note=k["error"][-120:] or before, **on))
        before = ""
    if os.path.exists(USHER_UF2):
        h = headroom()
        t = "usher.uf2 in the flash"
        figs += [
            fig(t, "firmware with Usher frozen in", h["used"], "bytes"),
            fig(t, "firmware area left", h["left"], "bytes"),
            fig(t, "largest game", h["largest"]),
            fig(t, "the largest game, frozen (about)", h["game_bytes"], "bytes"),
            fig(t, "room left, in games that size", round(h["left"] / h["game_bytes"], 1)),
        ]
    return figs


AREA = 2 * 1024 * 1024 - 1408 * 1024  # RPI_PICO: the flash before its 1,408 KiB filesystem


def flash_used(uf2: str) -> int:
    return os.path.getsize(uf2) // 512 * 256  # UF2: 256 bytes of flash a 512-byte block


def headroom() -> dict:
    """The firmware area usher.uf2 leaves, against what a game costs there:
    the largest title's armv6m bytecode times the measured cost of freezing
    (the frozen image less the stock one, over all the bytecode; the stock
    image freezes modules usher.uf2 leaves out, so their bytecode is taken
    off the bytes the difference is over)."""
    from usher_tools.deploy import build as build_mod
    from usher_tools.rp2.build import STOCK_UF2, USHER_UF2

    used = flash_used(USHER_UF2)
    with tempfile.TemporaryDirectory() as out:
        rows = build_mod.build(out)
        left_out = stock_left_out_bytes(out)
    total = sum(n for _, n, _ in rows if n > 0)
    ratio = (used - flash_used(STOCK_UF2)) / (total - left_out)
    games = _game_names()
    per: dict = {}
    for rel, n, _ in rows:  # a game's two packages: usher/games/<name>/ and usher/ui/<name>/
        parts = rel.split("/")
        if len(parts) == 4 and parts[1] in ("games", "ui") and parts[2] in games:
            per[parts[2]] = per.get(parts[2], 0) + max(n, 0)
    largest = max(per, key=lambda k: per[k])
    return {
        "used": used,
        "left": AREA - used,
        "ratio": ratio,
        "largest": largest,
        "game_bytes": int(per[largest] * ratio),
        "per_game": per,
    }


def stock_left_out_bytes(out: str) -> int:
    """The armv6m bytecode of the stock image's modules usher.uf2 does not
    freeze (usher_tools.rp2.build.STOCK_LEFT_OUT), compiled into `out`."""
    import subprocess

    from usher_tools.paths import tool
    from usher_tools.rp2.build import SRC, STOCK_LEFT_OUT

    n = 0
    for i, rel in enumerate(STOCK_LEFT_OUT):
        mpy = os.path.join(out, "left-out-%d.mpy" % i)
        subprocess.run([tool("mpy-cross"), "-march=armv6m", "-O3", "-o", mpy, os.path.join(SRC, rel)], check=True)
        n += os.path.getsize(mpy)
    return n


def _game_names() -> tuple:
    from usher_tools.paths import use_firmware

    use_firmware()
    from usher.games.catalog import GAMES

    return tuple(e.name for e in GAMES)


def main(argv: list) -> None:
    """`python -m usher_devkit.bench.pico GAME PROFILE [frozen]`: one full game."""
    import json

    if not argv:
        from usher_devkit.bench.render import section

        print(section("The rp2 port", figures()))
        return
    r = full_game(argv[0], argv[1], len(argv) > 2 and argv[2] == "frozen")
    out = summary(r, argv[0], argv[1], "frozen" if len(argv) > 2 and argv[2] == "frozen" else "files")
    out.pop("presses_log")
    out.pop("free_log")
    print(json.dumps(out))


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
