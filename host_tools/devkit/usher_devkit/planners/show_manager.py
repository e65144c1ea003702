"""A whole Show Manager game on the simulator, from a button script recorded
on the laptop.

`plan_game` runs the unmodified firmware app on CPython (fake display, the
same profile the simulator uses), starts a game from the home menu with
button presses (New game, Show Manager, the players, a name a seat, Start),
and lets the seeded player of devkit/usher_devkit/kit/show_manager_ui_player.py
play it through the screens to the final standings. Every button event the
app handles is written down. The rules draw nothing by chance, so
`run_game` replays those presses on the simulator (lockstep, the firmware
compiled, 256K heap: the Pico's 192 KB on a 64-bit VM) without feedback,
then reads the record back from the virtual flash, checks it is the same
game, and re-scores it.
"""

import statistics

from usher_devkit.planners import bare, recording_app, script, use_kit

DEVICE_SEED = 11  # the app's Rng seed, on the laptop and in the simulator
# screens pictured (`shots`): the file name, taken the first time each is shown
SHOTS = ("turn", "roles", "summary", "borrow", "city", "money", "standings")


def worth_a_picture(app) -> str:
    """The picture this screen makes, or "": the turn page with a show to put
    on (its menu, not a turn told), the roles (at the last one, the others
    entered), the summary, the loan, a city with four chips or more, a peek
    at the money, the final standings."""
    scr = app.top()
    kind = type(scr).__name__
    if kind == "Main" and app.match is not None and not app.match.is_over():
        st = app.match.state
        if scr.page == 0 and not scr.told and scr.items and scr.items[0][0].startswith("Put on") and st["chips"]:
            return "turn"
        t = st["at"].index(scr.page - 1) if scr.page and scr.page - 1 in st["at"] else -1
        if t >= 0 and len(st["rank"][t]) >= 4:
            return "city"
        return ""
    if kind == "Entries":
        return "roles" if scr.i == len(scr.values) - 1 and len(scr.values) > 3 else ""
    return {
        "Summary": "summary",
        "LoanPicker": "borrow",
        "Secret": "money",
        "Table": "standings" if app.match is not None and app.match.is_over() else "",
    }.get(kind, "")


def plan_game(profile: str = "lcd114", players: int = 6, seed: int = 2) -> dict:
    use_kit()
    from show_manager_ui_kit import press, top
    from show_manager_ui_player import Player

    def shot_of(app) -> str:
        app.render()
        return worth_a_picture(app)

    app, events = recording_app(profile, DEVICE_SEED, shot_of)
    # home -> New game -> Show Manager -> players -> a name a seat -> Start
    press(app, "ok")
    assert top(app) == "Menu", top(app)
    while app.top().items[app.top().sel][0] != "Show Manager":
        press(app, "next")
    press(app, "ok")
    assert top(app) == "NumberPicker", top(app)
    picker = app.top()
    while picker.value != players:
        press(app, "next" if picker.value < players else "prev")
    press(app, "ok")
    for _ in range(players):
        press(app, "ok")
    assert top(app) == "Setup", top(app)
    press(app, "ok")  # Start: the first row of the options
    assert app.match is not None and app.match.game.name == "show_manager", top(app)
    pl = Player(app, seed=seed)
    pl.play()
    return {
        "events": events,
        "actions": [bare(a) for a in app.match.actions],
        "standings": app.match.standings(),
        "hires": pl.hires,
        "shows": pl.shows,
        "excess": pl.excess(),
        "refusals": pl.refusals,
        "peeks": pl.peeks,
        "undos": pl.undos,
    }


def full_plan(profile: str) -> dict:
    """The full scripted game (planners.full_games): six players, seed 2."""
    p = plan_game(profile, 6, 2)
    return {"text": script(p["events"]), "seed": DEVICE_SEED, "actions": p["actions"], "record": ""}


def run_game(profile: str = "lcd114", players: int = 6, seed: int = 2, shots: str = "", romfs: bool = False) -> dict:
    from usher_devkit.planners import full_games

    plan = plan_game(profile, players, seed)
    res, files = full_games.on_sim(script(plan["events"]), profile, DEVICE_SEED, shots, romfs=romfs)
    out = {
        "script_error": res["error"],
        "stderr": res["device_stderr"][-1500:],
        "firmware_peak_heap": res["firmware_peak_heap"],
        "presses": res["presses"],
        "wall_s": res["wall_s"],
        "moves": len(plan["actions"]),
        "median_presses_per_hire": statistics.median(plan["hires"]) if plan["hires"] else 0,
        "median_excess_per_show": statistics.median(plan["excess"]) if plan["excess"] else 0,
        "hire_turns": len(plan["hires"]),
        "show_turns": len(plan["shows"]),
        "refusals": plan["refusals"],
        "peeks": plan["peeks"],
        "undos": plan["undos"],
    }
    out.update(full_games.check_record({"record": "", "actions": plan["actions"]}, files))
    return out
