"""The full scripted games, one a title: each planned on the laptop (the
firmware's own App on the headless kit), then pressed button by button on a
device, the simulator or the emulated Pico, and its record read back and
held against the plan. One table, so every runtime plays the same games."""

from usher_devkit import registry
from usher_devkit.planners import use_kit

# name: what the bench calls it; the titles' from the registry, then the long session
GAMES = {g: e.full_game for g, e in registry.GAMES.items() if e.full_game}
GAMES["long_session"] = "the long session (6 games, syncs, a whole Showbiz)"


def plan(game: str, profile: str) -> dict:
    """{"text": the script, "seed": the device's Rng seed it was planned
    with, "actions": the last game's actions as planned (no times),
    "record": which record holds them ("" for the newest), "session": the
    long session's Session (its asked requests), else None}."""
    if game == "long_session":
        from usher_devkit.planners import session as ss

        s = ss.long_session(profile, 6)
        rec = "data/%s.log" % s.games[-1][0]
        return {"text": s.script(), "seed": ss.DEVICE_SEED, "actions": s.played, "record": rec, "session": s}
    if game not in GAMES:
        raise KeyError(game)
    return registry.planner(game).full_plan(profile)


def on_sim(text: str, profile: str, seed: int, shots: str = "", romfs: bool = False) -> tuple:
    """A script on the simulator from a blank board, the firmware as .mpy
    files as on the Pico: (the simulator's report, the files on its flash at
    the end)."""
    import os
    import tempfile

    from usher_tools.sim import Sim, SimConfig
    from usher_tools.sim.flashfs import read_image
    from usher_tools.sim.script import run_script

    with tempfile.TemporaryDirectory() as d:
        flash = os.path.join(d, "flash.img")
        cfg = SimConfig(profile=profile, flash=flash, seed=seed, pty=False, romfs=romfs)
        with Sim(cfg) as sim:
            res = run_script(sim, text, shots)
        return res, read_image(flash).files


def check_record(planned: dict, files: dict) -> dict:
    """What the flash holds against the plan: {"records", "as_planned", "score"}."""
    from usher_tools.history.replay import score_record

    from usher_devkit.planners import record_actions

    logs = sorted(k for k in files if k.endswith(".log"))
    out: dict = {"records": logs, "as_planned": False}
    name = planned["record"] or (logs[-1] if logs else "")
    if name in files:
        header, records, actions = record_actions(files[name].decode())
        out["as_planned"] = actions == planned["actions"]
        out["score"] = score_record(header, records)
    return out


def screens_of(text: str, profile: str, seed: int) -> list:
    """The screen each press of a script lands on, replayed on the laptop's
    App ("Module.Class" of the screen on top when the press comes): names a
    slow press on a device that cannot say what it shows."""
    return replay(text, profile, seed)[0]


def replay(text: str, profile: str, seed: int, moved=None) -> tuple:
    """(the screens of screens_of, the files the App left in its storage).
    `moved`, a list, gets a bool a press: whether it changed the game's
    record (a move, an undo), as Showtime's genre answer "no", a left press,
    does: not a cursor move."""
    use_kit()
    from fakes import FakeClock, FakeHardware, MemStorage
    from usher.app import App
    from usher_tools.sim.script import parse

    storage = MemStorage()

    def boot():
        app = App(FakeHardware(profile == "oled"), FakeClock(), storage, seed=seed)
        # a game's uid comes from the board's random source; here from the
        # seed and the files so far (each game its own), so a replay leaves
        # the same files on every run (the emulated Pico's
        # timings depend on the record's bytes: its heap's layout); the
        # firmware offers no other way in, so this one Library's method is replaced
        uid = lambda fallback=0: "%06x%06x" % (seed & 0xFFFFFF, len(storage.files))
        app.library.new_uid = uid  # type: ignore[method-assign]
        app.start()
        for _ in range(4):  # as after a press: a game resumed into Showtime's loader is past it
            app.render()
        return app

    app = boot()
    out = []
    for _, w in parse(text):
        cmd = w[0]
        if cmd in ("prev", "next", "ok", "back") or cmd.endswith("_long") or cmd in ("long", "hold"):
            if cmd in ("long", "hold"):
                key, times = w[1] + "_long", 1
            else:
                key, times = cmd, int(w[1]) if len(w) == 2 else 1
            for _ in range(times):
                top = app.top()
                out.append("%s.%s" % (type(top).__module__.replace("usher.ui.", ""), type(top).__name__))
                count = app.match.count if app.match is not None else -1
                app.handle(key)
                for _ in range(4):  # the loop renders every tick (Showtime's loader takes three)
                    app.render()
                app.after_frame()  # as the loop's tick once the frame is out: the move's record written
                if moved is not None:
                    moved.append(app.match is not None and app.match.count != count)
        elif cmd == "restart":
            app = boot()
    return out, dict((k, bytes(storage.files[k])) for k in storage.files)
