"""`make bench` figures of the two heaps: the 64-bit unix VM the simulator
runs on, and the 32-bit meter (usher_devkit.meter, MicroPython's WebAssembly
port), the RP2040's word size. The same bytecode on both; each figure is the
live heap after collection (the firmware's own: the simulator's allowance
and the meter's harness are taken off)."""

import functools
import os

from usher_tools.paths import firmware_files

from usher_devkit import meter as wasm
from usher_devkit import registry
from usher_devkit.bench.render import fig
from usher_devkit.meter import games

BOUND_32 = 200 * 1024  # every full scripted game, 32-bit (tests/host/vm/test_wasm_meter.py: BOUND)

# what is imported for the import figures: the rules (core and every game),
# and the app with its home screen (as bench.py's 64-bit row)
RULES_FOLDERS = ("usher/core/", "usher/games/")
APP_HOME = ["usher.app", "usher.ui.widgets", "usher.ui.home"]


def rules_modules() -> list:
    out = []
    for rel in firmware_files():
        if rel.startswith(RULES_FOLDERS):
            name = rel[:-3].replace(os.sep, "/").replace("/", ".")
            out.append(name[: -len(".__init__")] if name.endswith(".__init__") else name)
    return out


def sim_peak(title: str, profile: str) -> int:
    """The firmware's peak on the 64-bit simulator, for the same scripted game."""
    if title == "shell":
        from usher_devkit.bench.session import session

        return session(profile)["firmware_peak_heap"]
    from usher_devkit.planners import full_games

    plan = full_games.plan(title, profile)
    res, _ = full_games.on_sim(plan["text"], profile, plan["seed"])
    return res["firmware_peak_heap"]


def ratio(a: int, b: int) -> str:
    return "%.2f" % (a / b) if a and b else "?"


LABEL = {"shell": "shell session"} | {g: e.meter for g, e in registry.GAMES.items() if e.meter}


def figures() -> list:
    from usher_devkit.bench import mp_heap_after_import

    figs = []
    tree = wasm.firmware_tree()
    groups = [("core + games", rules_modules()), ("app + Home screen", APP_HOME)]
    heaps32 = wasm.heap_after_import([mods for _, mods in groups])
    t = "Heap after importing"
    for (what, mods), h32 in zip(groups, heaps32, strict=True):
        h64 = mp_heap_after_import(mods, tree)
        label = "%s (%d modules)" % (what, len(mods))
        figs += [
            fig(t, label, h32, column="32-bit (bytes)"),
            fig(t, label, h64, column="64-bit VM (bytes)"),
            fig(t, label, ratio(h64, h32), column="64 / 32"),
        ]
    runs = [("shell", p, games.shell_session) for p in games.PROFILES]
    runs += [(t, p, functools.partial(games.full_game, t)) for t in sorted(games.GAMES) for p in games.PROFILES]
    t = "Firmware peak heap, whole scripted games"
    for title, profile, fn in runs:
        r = fn(profile)
        ok = bool(not r["error"] and r.get("as_planned", True) and r.get("finished", True) and not r["recoveries"])
        p64 = sim_peak(title, profile)
        name = LABEL.get(title, title).split(",")[0]
        bound = "at most %dK" % (BOUND_32 // 1024)
        figs += [
            fig(t, name, r["firmware_peak"], "", bound, r["firmware_peak"] <= BOUND_32, board=profile, column="32-bit"),
            fig(t, name, p64, board=profile, column="64-bit VM"),
            fig(t, name, ratio(p64, r["firmware_peak"]), board=profile, column="64 / 32"),
            fig(t, name, ok, board=profile, column="as planned"),
        ]
    figs.append(fig("The meter itself", "its own heap, not counted above", r["harness_heap"], "bytes"))
    return figs


if __name__ == "__main__":
    from usher_devkit.bench.render import section

    print(section("The 32-bit meter", figures()))
