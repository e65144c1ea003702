"""`make bench` figures of a title with no part of its own (no
usher_devkit.bench.<game>): its full scripted game (usher_devkit.planners.
full_games) on the simulator, on both boards, played as planned and its
peak heap."""

from usher_devkit.bench.render import fig
from usher_devkit.planners import full_games


def run_game(game: str, profile: str) -> dict:
    planned = full_games.plan(game, profile)
    res, files = full_games.on_sim(planned["text"], profile, planned["seed"])
    out = full_games.check_record(planned, files)
    out["script_error"] = res["error"]
    out["firmware_peak_heap"] = res["firmware_peak_heap"]
    return out


def figures(game: str) -> list:
    figs = []
    t = "Its full scripted game, 64-bit VM (256K)"
    for profile in ("lcd114", "oled"):
        r = run_game(game, profile)
        figs.append(fig(t, "played as planned", bool(r["script_error"] == "" and r.get("as_planned")), board=profile))
        figs.append(fig(t, "firmware peak heap", r["firmware_peak_heap"], "bytes", board=profile))
    return figs
