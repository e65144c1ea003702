"""`make bench` figures: Films played through the screens. A best-of-three
match on the simulator (its heap), and the presses of seeded matches played
on the laptop by devkit/usher_devkit/kit/films_ui_player.py."""

import statistics

from usher_devkit.planners.films import run_match

SEEDS = range(1, 11)  # ten best-of-three matches for the press counts


def presses(bids: str) -> tuple:
    """(presses per bid, per placement) over the seeded matches."""
    from usher_devkit.planners import use_kit

    use_kit()
    from films_ui_kit import make_app, start
    from films_ui_player import Player

    per_bid: list = []
    per_place: list = []
    for seed in SEEDS:
        app, _ = make_app(mono=True)
        start(app, 0, best_of=3, bids=bids)
        pl = Player(app, seed=seed)
        pl.play()
        per_bid += pl.bids
        per_place += pl.places
    return per_bid, per_place


def spread(xs: list) -> str:
    return "median %s, max %d, mean %.2f (%d)" % (statistics.median(xs), max(xs), statistics.mean(xs), len(xs))


def heap_row(profile: str, romfs: bool = False) -> tuple:
    r = run_match(profile, romfs=romfs)
    ok = r["script_error"] == "" and r.get("as_planned")
    where = profile + (", code in a ROMFS" if romfs else "")
    what = "Films best of three on the simulator (%s): firmware peak heap" % where
    value = "%d bytes of 256K (64-bit)%s" % (r["firmware_peak_heap"], "" if ok else " (FAILED: %s)" % r["script_error"])
    return (what, value, "")


def figures() -> list:
    rows = [heap_row("lcd114"), heap_row("oled"), heap_row("lcd114", romfs=True)]
    bid, place = presses("private")
    obid, _ = presses("open")
    rows.append(("Films presses per private bid (pass to, the number)", spread(bid), ""))
    rows.append(("Films presses per open bid (both on one screen)", spread(obid), ""))
    rows.append(("Films presses per placement, its questions and effects included", spread(place), ""))
    return rows
