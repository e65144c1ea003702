"""Showtime's figures for `make bench`: a whole four-player game played on
the simulator from a generated script (peak heap, presses per placement),
presses per placement over many planned games for two kinds of player, and
a person's walk through the screens (usher_devkit.players.showtime_person)."""

from usher_devkit.planners.showtime import press_figures, run_game


def figures() -> list:
    rows = []
    for profile in ("lcd114", "oled"):
        r = run_game(n=4, seed=1, profile=profile)
        ok = not r["script_error"] and r.get("as_planned") and r["score"]["finished"]
        rows.append(
            (
                "Showtime 4-player game on the simulator (%s): peak heap" % profile,
                "%d bytes of 256K (64-bit)%s" % (r["peak_heap"], "" if ok else " (FAILED: %s)" % r["script_error"]),
                "tests/host/test_showtime_sim.py",
            )
        )
    for policy, who in (("greedy", "take the best move now"), ("random", "make random legal moves")):
        f = press_figures(games=20, policy=policy)
        rows.append(
            (
                "Showtime presses per placement, players who %s" % who,
                "median %s, max %d, mean %s (%d turns)" % (f["median"], f["max"], f["mean"], f["placements"]),
                "person %s, seat %s, target %s, genre %s" % tuple(f["mean_parts"]),
            )
        )
    from usher_devkit.players.showtime_person import walk_games

    for rows_on, how in ((False, "prev/next only (the OLED; the LCD before issue 32)"), (True, "LCD, up/down by rows")):
        f = walk_games(games=10, rows=rows_on)
        rows.append(
            (
                "Showtime presses per placement, a person's walk through the screens, %s" % how,
                "median %s, %d to %d, mean %s (%d turns)"
                % (f["median"], f["min"], f["max"], f["mean"], f["placements"]),
                "person %s, seat %s, target %s, genre %s" % tuple(f["mean_parts"]),
            )
        )
    return rows


def bench_figures() -> list:
    return figures()


if __name__ == "__main__":
    for row in figures():
        print("| %s | %s | %s |" % row)
