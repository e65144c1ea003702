"""`make bench` figures: whole Show Manager games on the simulator, and the
presses a turn takes."""

from usher_devkit.planners.show_manager import run_game


def figures() -> list:
    rows = []
    for players, seed in ((6, 2), (3, 3)):
        r = run_game("lcd114", players, seed)
        ok = r["script_error"] == "" and r.get("as_planned")
        rows.append(
            (
                "Show Manager %d-player game on the simulator (lcd114): firmware peak heap" % players,
                "%d bytes of 256K (64-bit)%s"
                % (r["firmware_peak_heap"], "" if ok else " (FAILED: %s)" % r["script_error"]),
                "",
            )
        )
        rows.append(
            (
                "Show Manager %d players: median presses a hire-only turn / a production turn beyond 3 a role"
                % players,
                "%s / %s (goals 2 / 4; %d and %d turns, %d presses in all)"
                % (
                    r["median_presses_per_hire"],
                    r["median_excess_per_show"],
                    r["hire_turns"],
                    r["show_turns"],
                    r["presses"],
                ),
                "",
            )
        )
    return rows
