"""A whole Films match on the simulator, from a button script recorded on
the laptop (as usher_devkit.planners.showbiz does for Showbiz).

`plan_match` runs the unmodified firmware app on CPython (fake display, the
same profile and app seed the simulator uses), starts a best-of-three from
the home menu with button presses, and lets the seeded player of
devkit/usher_devkit/kit/films_ui_player.py play it through the screens to the
end. Every button event the app handles is written down; `run_match`
replays them on the simulator (lockstep, the firmware compiled, 256K heap:
the Pico's 192 KB on a 64-bit VM) without feedback, reads the record back
from the virtual flash, checks it is the same match and re-scores it.
"""

import statistics

from usher_devkit.planners import bare, recording_app, script, use_kit

DEVICE_SEED = 11  # the app's Rng seed, on the laptop and in the simulator
# screens pictured (`shots`), by class: the file name of the first one shown
SHOTS = {
    "Main": "round",
    "Pass": "pass-to",
    "SecretNumber": "private-bid",
    "Reveal": "reveal",
    "Halves": "halves",
    "Target": "target",
    "Behind": "behind",
    "End": "end",
}
ROUND_SHOT = 6  # the round page is pictured from this round on, with cards in both rows


def plan_match(profile: str = "lcd114", seed: int = 7, best_of: int = 3, bids: str = "private") -> dict:
    use_kit()
    from films_ui_kit import choose, press, top
    from films_ui_player import Player

    def shot_of(app) -> str:
        scr = app.top()
        shown = type(scr).__name__
        if shown == "Main":
            st = app.match.state if app.match is not None else None
            if st is None or scr.page or st["ph"] != "bid" or st["rd"] < ROUND_SHOT or st["bids"] != [-1, -1]:
                return ""  # the round page is pictured before the bids of a later round
        return SHOTS.get(shown, "")

    app, events = recording_app(profile, DEVICE_SEED, shot_of)
    # home -> New game -> Films -> a name a seat -> the options -> Start
    choose(app, "New game")
    choose(app, "Films")
    press(app, "ok", "ok")
    assert top(app) == "FilmsSetup", top(app)
    if best_of == 3:
        choose(app, "One game")
    if bids == "open":
        choose(app, "Bids")
    choose(app, "Start")
    assert app.match is not None and app.match.game.name == "films", top(app)
    pl = Player(app, seed=seed)
    pl.play()
    return {
        "events": events,
        "actions": [bare(a) for a in app.match.actions],
        "standings": app.match.standings(),
        "wins": app.match.state["wins"],
        "bids": pl.bids,
        "places": pl.places,
        "presses": app.presses,
    }


def full_plan(profile: str) -> dict:
    """The full scripted game (planners.full_games): best of three, private bids."""
    p = plan_match(profile, 7, 3, "private")
    return {"text": script(p["events"]), "seed": DEVICE_SEED, "actions": p["actions"], "record": ""}


def run_match(
    profile: str = "lcd114",
    seed: int = 7,
    best_of: int = 3,
    bids: str = "private",
    shots: str = "",
    romfs: bool = False,
) -> dict:
    from usher_devkit.planners import full_games

    plan = plan_match(profile, seed, best_of, bids)
    res, files = full_games.on_sim(script(plan["events"]), profile, DEVICE_SEED, shots, romfs=romfs)
    out = {
        "script_error": res["error"],
        "stderr": res["device_stderr"][-1500:],
        "firmware_peak_heap": res["firmware_peak_heap"],
        "presses": res["presses"],
        "wall_s": res["wall_s"],
        "wins": plan["wins"],
        "moves": len(plan["actions"]),
        "bids": plan["bids"],
        "places": plan["places"],
        "median_presses_per_bid": statistics.median(plan["bids"]) if plan["bids"] else 0,
        "median_presses_per_placement": statistics.median(plan["places"]) if plan["places"] else 0,
    }
    out.update(full_games.check_record({"record": "", "actions": plan["actions"]}, files))
    return out
