"""The simulator's scripted sessions and full games, on the 32-bit meter.

The button scripts are the simulator's own: the shell session
(tests/sim/shell_session.txt) and each title's full game, planned on the
host by the title's planner (usher_devkit.planners) with the same device seed. Each run reads the
record back from the VM's storage and checks it is the game that was planned,
so a figure is only reported for a game that really went to its end.

    from usher_devkit.meter import games
    games.run_game("showbiz", "oled")["firmware_peak"]
    games.run_all()          # every title on both profiles

A new title joins through the kit's registry (usher_devkit.registry).
"""

from usher_devkit.meter import SESSION, flash_files, run_script

PROFILES = ("lcd114", "oled")


def _registry_played() -> list:
    from usher_devkit import registry

    return registry.played()


def _record(res: dict) -> tuple:
    """(log names, header, records, actions without time stamps) of the last game on the flash."""
    from usher_devkit.planners import record_actions

    files = flash_files(res)
    logs = sorted(k for k in files if k.endswith(".log"))
    if not logs:
        return logs, None, None, None
    header, records, actions = record_actions(files[logs[-1]].decode())
    return logs, header, records, actions


def _figures(title: str, profile: str, res: dict) -> dict:
    """What every meter run reports: its heap figures, presses and ticks."""
    keys = ("error", "peak", "firmware_peak", "alloc_peak", "harness_heap", "presses", "ticks", "recoveries")
    out = {"title": title, "profile": profile, "output": res["output"][-2000:]}
    for k in keys:
        out[k] = res[k]
    return out


def _summary(title: str, profile: str, res: dict, planned_actions: list) -> dict:
    from usher_tools.history.replay import score_record

    logs, header, records, actions = _record(res)
    out = dict(
        _figures(title, profile, res),
        records=logs,
        as_planned=actions == planned_actions if logs else False,
        finished=False,
    )
    if logs:
        out["finished"] = bool(score_record(header, records)["finished"])
    return out


def shell_session(profile: str = "lcd114") -> dict:
    """The simulator's shell session (menus, dice, a power cut, resume), seed 1
    as the simulator's bench and tests run it."""
    with open(SESSION) as f:
        res = run_script(f.read(), profile, seed=1)
    return dict(
        _figures("shell", profile, res),
        boots=res["boots"],
        power_cuts=res["power_cuts"],
        records=sorted(k for k in flash_files(res) if k.endswith(".log")),
    )


def full_game(title: str, profile: str = "lcd114") -> dict:
    """A title's full scripted game (planners.full_games, the one every
    runtime plays) on the 32-bit VM; a laptop's lines in it are answered and
    kept (`sync_answers`: the Showbiz game's hello and list halfway)."""
    from usher_devkit import registry
    from usher_devkit.planners import full_games

    plan = full_games.plan(title, profile)
    res = run_script(plan["text"], profile, seed=plan["seed"])
    out = _summary(title, profile, res, plan["actions"])
    answers = getattr(registry.planner(title), "answers", None)
    out["sync_answers"] = answers(res["serial"]) if answers is not None else []
    return out


# every title's full scripted game: the registry's titles with a planner
GAMES = _registry_played()


def run_game(title: str, profile: str = "lcd114") -> dict:
    if title not in GAMES:
        raise KeyError(title)
    return full_game(title, profile)


def run_all(profiles: tuple = PROFILES) -> list:
    """Every full scripted game of every title on each profile."""
    return [full_game(t, p) for t in sorted(GAMES) for p in profiles]
