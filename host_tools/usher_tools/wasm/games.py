"""The simulator's scripted sessions and full games, on the 32-bit meter.

The button scripts are the simulator's own: the shell session
(tests/sim/shell_session.txt) and each title's full game, planned on the
host by usher_tools.<title>_sim with the same device seed. Each run reads the
record back from the VM's storage and checks it is the game that was planned,
so a figure is only reported for a game that really went to its end.

    from usher_tools.wasm import games
    games.run_game("showbiz", "oled")["firmware_peak"]
    games.run_all()          # every title on both profiles

A new title joins by adding its runner to GAMES.
"""

from usher_tools.wasm import flash_files, run_script
from usher_tools.wasm.paths import SESSION

PROFILES = ("lcd114", "oled")


def _record(res: dict) -> tuple:
    """(log names, header, records, actions without time stamps) of the last game on the flash."""
    from usher_tools.showtime_sim import record_actions

    files = flash_files(res)
    logs = sorted(k for k in files if k.endswith(".log"))
    if not logs:
        return logs, None, None, None
    header, records, actions = record_actions(files[logs[-1]].decode())
    return logs, header, records, actions


def _summary(title: str, profile: str, res: dict, planned_actions: list) -> dict:
    from usher_tools.score import score_record

    logs, header, records, actions = _record(res)
    out = {
        "title": title,
        "profile": profile,
        "error": res["error"],
        "peak": res["peak"],
        "firmware_peak": res["firmware_peak"],
        "alloc_peak": res["alloc_peak"],
        "harness_heap": res["harness_heap"],
        "presses": res["presses"],
        "ticks": res["ticks"],
        "recoveries": res["recoveries"],
        "records": logs,
        "as_planned": actions == planned_actions if logs else False,
        "finished": False,
        "output": res["output"][-2000:],
    }
    if logs:
        out["finished"] = bool(score_record(header, records)["finished"])
    return out


def shell_session(profile: str = "lcd114") -> dict:
    """The simulator's shell session (menus, dice, a power cut, resume), seed 1
    as the simulator's bench and tests run it."""
    with open(SESSION) as f:
        res = run_script(f.read(), profile, seed=1)
    return {
        "title": "shell",
        "profile": profile,
        "error": res["error"],
        "peak": res["peak"],
        "firmware_peak": res["firmware_peak"],
        "alloc_peak": res["alloc_peak"],
        "harness_heap": res["harness_heap"],
        "presses": res["presses"],
        "ticks": res["ticks"],
        "boots": res["boots"],
        "power_cuts": res["power_cuts"],
        "recoveries": res["recoveries"],
        "records": sorted(k for k in flash_files(res) if k.endswith(".log")),
        "output": res["output"][-2000:],
    }


def showtime_game(profile: str = "lcd114", n: int = 4, seed: int = 1) -> dict:
    """The simulator's full Showtime game (usher_tools.showtime_sim): 48
    placements, an undo, the red carpet, a power cut and resume, three scorings."""
    from usher_tools import showtime_sim

    pl = showtime_sim.plan_game(n, seed)
    res = run_script("\n".join(pl.lines) + "\n", profile, seed=showtime_sim.DEVICE_SEED)
    return _summary("showtime", profile, res, pl.actions)


def showbiz_game(profile: str = "lcd114", players: int = 4, seed: int = 3, sync_at: float = 0.0) -> dict:
    """The simulator's full Showbiz game (usher_tools.showbiz_sim): 4 players,
    10 years, presses recorded on the laptop; with `sync_at`, a laptop's hello
    and list at that fraction of the game."""
    from usher_tools import showbiz_sim

    plan = showbiz_sim.plan_game(profile, players, seed)
    events = plan["events"]
    if sync_at:
        k = int(len(events) * sync_at)
        text = showbiz_sim.script(events[:k]) + showbiz_sim.sync_lines() + showbiz_sim.script(events[k:])
    else:
        text = showbiz_sim.script(events)
    res = run_script(text, profile, seed=showbiz_sim.DEVICE_SEED)
    out = _summary("showbiz", profile, res, plan["actions"])
    out["sync_answers"] = showbiz_sim.answers(res["serial"]) if sync_at else []
    return out


def show_manager_game(profile: str = "lcd114", players: int = 6, seed: int = 2) -> dict:
    """The simulator's full Show Manager game (usher_tools.show_manager_sim):
    6 players, every chip placed, presses recorded on the laptop."""
    from usher_tools import show_manager_sim
    from usher_tools.showbiz_sim import script

    plan = show_manager_sim.plan_game(profile, players, seed)
    res = run_script(script(plan["events"]), profile, seed=show_manager_sim.DEVICE_SEED)
    return _summary("show_manager", profile, res, plan["actions"])


def films_match(profile: str = "lcd114", seed: int = 5) -> dict:
    """The simulator's Films best-of-three match (usher_tools.films_ui_sim),
    private bids, presses recorded on the laptop."""
    from usher_tools import films_ui_sim
    from usher_tools.showbiz_sim import script

    plan = films_ui_sim.plan_match(profile, seed)
    res = run_script(script(plan["events"]), profile, seed=films_ui_sim.DEVICE_SEED)
    return _summary("films", profile, res, plan["actions"])


# every title's full scripted game: title -> runner(profile) -> summary
GAMES = {
    "showtime": showtime_game,
    "showbiz": showbiz_game,
    "show_manager": show_manager_game,
    "films": films_match,
}


def run_game(title: str, profile: str = "lcd114") -> dict:
    return GAMES[title](profile)


def run_all(profiles: tuple = PROFILES) -> list:
    """Every full scripted game of every title on each profile."""
    return [GAMES[t](p) for t in sorted(GAMES) for p in profiles]
