"""`make bench` figures: Films played through the screens. A best-of-three
match on the simulator (its heap), and the presses of seeded matches played
on the laptop by devkit/usher_devkit/kit/films_ui_player.py."""

import statistics

from usher_devkit.bench.render import fig
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


def spread(t: str, what: str, xs: list) -> list:
    return [
        fig(t, "median", statistics.median(xs), column=what),
        fig(t, "max", max(xs), column=what),
        fig(t, "mean", round(statistics.mean(xs), 2), column=what),
        fig(t, "count", len(xs), column=what),
    ]


def heap_figures(profile: str, romfs: bool = False) -> list:
    r = run_match(profile, romfs=romfs)
    on = {"board": profile, "deploy": "romfs" if romfs else "files"}
    t = "A best-of-three match, 64-bit VM (256K)"
    return [
        fig(t, "played as planned", bool(r["script_error"] == "" and r.get("as_planned")), **on),
        fig(t, "firmware peak heap", r["firmware_peak_heap"], "bytes", **on),
    ]


def figures() -> list:
    figs = heap_figures("lcd114") + heap_figures("oled") + heap_figures("lcd114", romfs=True)
    bid, place = presses("private")
    obid, _ = presses("open")
    t = "Presses, ten seeded matches on the laptop"
    figs += spread(t, "a private bid", bid)
    figs += spread(t, "an open bid", obid)
    figs += spread(t, "a placement", place)
    return figs
