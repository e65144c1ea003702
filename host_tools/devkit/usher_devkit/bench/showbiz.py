"""`make bench` figures: a whole Showbiz game on the simulator."""

from usher_devkit.bench.render import fig
from usher_devkit.planners.showbiz import run_game


def figures() -> list:
    figs = []
    presses: dict = {}
    t = "A 4-player, 10-year game, 64-bit VM (256K)"
    for romfs in (False, True):
        r = run_game("lcd114", romfs=romfs)
        on = {"board": "lcd114", "deploy": "romfs" if romfs else "files"}
        figs.append(fig(t, "played as planned", bool(r["script_error"] == "" and r.get("as_planned")), **on))
        figs.append(fig(t, "firmware peak heap", r["firmware_peak_heap"], "bytes", **on))
        presses = presses or r  # the files deploy's game, played first
    t = "Presses, the same game"
    figs.append(fig(t, "a bid, median", presses["median_presses_per_bid"]))
    figs.append(fig(t, "a selection turn, median", presses["median_presses_per_turn"]))
    figs.append(fig(t, "in all", presses["presses"]))
    return figs
