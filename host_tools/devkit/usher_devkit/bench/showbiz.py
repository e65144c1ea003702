"""`make bench` figures: a whole Showbiz game on the simulator."""

from usher_devkit.planners.showbiz import run_game


def figures() -> list:
    r = run_game("lcd114")
    ok = r["script_error"] == "" and r.get("as_planned")
    return [
        (
            "Showbiz 4-player 10-year game on the simulator (lcd114): firmware peak heap",
            "%d bytes of 256K (64-bit)%s"
            % (r["firmware_peak_heap"], "" if ok else " (FAILED: %s)" % r["script_error"]),
            "",
        ),
        rom_row(),
        (
            "Showbiz: median presses per bid / per selection turn",
            "%s / %s (%d presses in all)" % (r["median_presses_per_bid"], r["median_presses_per_turn"], r["presses"]),
            "",
        ),
    ]


def rom_row() -> tuple:
    """The same game with the code in a ROMFS image (usher deploy --romfs)."""
    r = run_game("lcd114", romfs=True)
    ok = r["script_error"] == "" and r.get("as_planned")
    return (
        "the same game, code in a ROMFS: firmware peak heap",
        "%d bytes of 256K (64-bit)%s" % (r["firmware_peak_heap"], "" if ok else " (FAILED: %s)" % r["script_error"]),
        "",
    )
