"""A whole Showbiz game on the simulator, from a button script recorded on
the laptop.

`plan_game` runs the unmodified firmware app on CPython (fake display, the
same profile and the same app seed the simulator uses), starts a 4-player
game from the home menu with button presses, and lets the seeded player of
devkit/usher_devkit/kit/showbiz_ui_player.py play it through the screens to the end. Every
button event the app handles is written down. Because the app's draws come
from the same Rng and seed on both runtimes, `run_game` can replay those
presses on the simulator (lockstep, the firmware compiled, 256K heap (the Pico's 192 KB, 64-bit)) without
feedback, then read the record back from the virtual flash, check it is the
same game, and re-score it.
"""

import statistics

from usher_devkit.planners import bare, recording_app, script, use_kit

DEVICE_SEED = 11  # the app's Rng seed, on the laptop and in the simulator
# screens pictured (`shots`), by class: the file name of the first one shown
SHOTS = {
    "Main": "main",
    "Claims": "claims",
    "PassTo": "pass-to",
    "SecretNumber": "private-bid",
    "Reveal": "reveal",
    "ContractPicker": "contract",
    "YearEnd": "year-end",
}


def plan_game(profile: str = "oled", players: int = 4, seed: int = 3) -> dict:
    use_kit()
    from showbiz_ui_kit import press, step, top
    from showbiz_ui_player import Player

    def shot_of(app) -> str:
        shown = type(app.top()).__name__
        if shown == "Main" and (app.match is None or step(app) != "pick"):
            return ""  # the main screen is pictured with the pool, waiting for a pick
        return SHOTS.get(shown, "")

    app, events = recording_app(profile, DEVICE_SEED, shot_of)
    # home -> New game -> Showbiz -> players -> a name a seat -> Start
    press(app, "ok")
    assert top(app) == "Menu", top(app)
    press(app, "next", "ok")
    assert top(app) == "NumberPicker", top(app)
    picker = app.top()
    while picker.value != players:
        press(app, "next" if picker.value < players else "prev")
    press(app, "ok")
    for _ in range(players):
        press(app, "ok")
    press(app, "ok")  # Start: the first row of the setup menu
    assert app.match is not None and app.match.game.name == "showbiz", top(app)
    pl = Player(app, seed=seed)
    pl.play()
    actions = [bare(a) for a in app.match.actions]
    return {
        "events": events,
        "actions": actions,
        "standings": app.match.standings(),
        "bids": pl.bids,
        "turns": pl.turns,
        "years": app.match.state["year"],
    }


def sync_lines() -> str:
    """A laptop asking hello and list in the middle of the game (script lines)."""
    from usher_tools.link.client import frame

    out = []
    for i, (op, args) in enumerate((("hello", {"proto": 1}), ("list", {"from": 0}))):
        obj = {"id": 900 + i, "op": op}
        obj.update(args)
        text = frame(obj).decode().strip().replace('"', '\\"')
        out += ['serial "%s"' % text, 'expect "@u " 3000']  # any answer: ok, or "memory"
    return "\n".join(out) + "\n"


def full_plan(profile: str) -> dict:
    """The full scripted game (planners.full_games): four players, ten
    years, and a laptop's hello and list halfway through."""
    p = plan_game(profile, 4, 3)
    ev = p["events"]
    k = len(ev) // 2
    text = script(ev[:k]) + sync_lines() + script(ev[k:])
    return {"text": text, "seed": DEVICE_SEED, "actions": p["actions"], "record": ""}


def answers(serial: str) -> list:
    """The device's protocol replies found in its serial output."""
    import json

    out = []
    for line in serial.splitlines():
        if line.startswith("@u ") and "*" in line:
            try:
                out.append(json.loads(line[3 : line.rindex("*")]))
            except ValueError:
                pass
    return out


def run_game(
    profile: str = "oled",
    players: int = 4,
    seed: int = 3,
    romfs: bool = False,
    shots: str = "",
    sync_at: float = 0.0,
) -> dict:
    from usher_devkit.planners import full_games

    plan = plan_game(profile, players, seed)
    events = plan["events"]
    if sync_at:  # the laptop speaks at this fraction of the game
        k = int(len(events) * sync_at)
        text = script(events[:k]) + sync_lines() + script(events[k:])
    else:
        text = script(events)
    res, files = full_games.on_sim(text, profile, DEVICE_SEED, shots, romfs=romfs)
    out = {
        "script_error": res["error"],
        "stderr": res["device_stderr"][-1500:],
        "firmware_peak_heap": res["firmware_peak_heap"],
        "presses": res["presses"],
        "wall_s": res["wall_s"],
        "years": plan["years"],
        "median_presses_per_bid": statistics.median(plan["bids"]) if plan["bids"] else 0,
        "median_presses_per_turn": statistics.median(plan["turns"]) if plan["turns"] else 0,
        "sync_answers": answers(res["serial_tail"]),
    }
    out.update(full_games.check_record({"record": "", "actions": plan["actions"]}, files))
    return out
