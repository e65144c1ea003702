"""`make bench` figures: whole Show Manager games on the simulator, and the
presses a turn takes."""

from usher_devkit.bench.render import fig
from usher_devkit.planners.show_manager import run_game


def figures() -> list:
    figs = []
    for players, seed in ((6, 2), (3, 3)):
        r = run_game("lcd114", players, seed)
        on = {"board": "lcd114", "game": "%d players" % players}
        t = "Whole games, 64-bit VM (256K)"
        figs.append(fig(t, "played as planned", bool(r["script_error"] == "" and r.get("as_planned")), **on))
        figs.append(fig(t, "firmware peak heap", r["firmware_peak_heap"], "bytes", **on))
        t = "Presses, the same games"
        hire, show = r["median_presses_per_hire"], r["median_excess_per_show"]
        figs += [
            fig(t, "a hire-only turn, median", hire, "", "at most 2", hire <= 2, **on),
            fig(t, "a production turn, beyond 3 a role, median", show, "", "at most 4", show <= 4, **on),
            fig(t, "hire-only turns", r["hire_turns"], **on),
            fig(t, "production turns", r["show_turns"], **on),
            fig(t, "presses in all", r["presses"], **on),
        ]
    return figs
