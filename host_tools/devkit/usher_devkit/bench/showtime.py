"""Showtime's figures for `make bench`: a whole four-player game played on
the simulator from a generated script (peak heap, presses per placement),
presses per placement over many planned games for two kinds of player, and
a person's walk through the screens (usher_devkit.players.showtime_person)."""

from collections.abc import Callable

from usher_devkit.bench.render import fig
from usher_devkit.planners.showtime import press_figures, run_game


def figures() -> list:
    figs = []
    for profile in ("lcd114", "oled"):
        r = run_game(n=4, seed=1, profile=profile)
        ok = bool(not r["script_error"] and r.get("as_planned") and r["score"]["finished"])
        t = "A 4-player game, 64-bit VM (256K)"
        figs.append(fig(t, "played as planned", ok, board=profile))
        figs.append(fig(t, "peak heap", r["peak_heap"], "bytes", board=profile))
    from usher_devkit.players.showtime_person import walk_games

    t = "Presses a placement"
    # (who, the function that plays, its arguments)
    players: list[tuple[str, Callable[..., dict], dict]] = [
        ("best move now", press_figures, {"games": 20, "policy": "greedy"})
    ]
    players.append(("random legal moves", press_figures, {"games": 20, "policy": "random"}))
    players.append(("a person, prev/next", walk_games, {"games": 10, "rows": False}))
    players.append(("a person, rows (LCD)", walk_games, {"games": 10, "rows": True}))
    for who, fn, kw in players:
        f = fn(**kw)
        figs += [
            fig(t, "median", f["median"], column=who),
            fig(t, "max", f["max"], column=who),
            fig(t, "mean", f["mean"], column=who),
            fig(t, "turns", f["placements"], column=who),
            fig(t, "mean: person / seat / target / genre", " / ".join(str(x) for x in f["mean_parts"]), column=who),
        ]
    return figs


def bench_figures() -> list:
    return figures()


if __name__ == "__main__":
    from usher_devkit.bench.render import section

    print(section("Showtime", figures()))
