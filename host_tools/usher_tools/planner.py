"""Planning a scripted game on the laptop: the firmware's own App on the
headless device (usher_tools.devkit), every press it takes logged, and a
screenshot asked for the first time a screen worth a picture opens. The
simulator then replays the logged presses (usher_tools.showbiz_sim.script)."""

from usher_tools.paths import use_firmware


def use_kit() -> None:
    """firmware/ and the headless device's modules on sys.path."""
    use_firmware()
    from usher_tools import devkit

    devkit.use()


def recording_app(profile: str, seed: int, shot_of):  # type: ignore[no-untyped-def]
    """(app, events): a started App whose presses are appended to `events`;
    after each, `shot_of(app)` names a picture to take there ("" for none),
    logged as "shot:NAME" the first time that name comes up."""
    use_kit()
    from fakes import FakeClock, FakeHardware, MemStorage
    from usher.app import App

    app = App(FakeHardware(profile == "oled"), FakeClock(), MemStorage(), seed=seed)
    events: list = []
    seen: list = []
    handle = app.handle

    def logged(ev: str) -> None:
        events.append(ev)
        handle(ev)
        shot = shot_of(app)
        if shot and shot not in seen:
            seen.append(shot)
            events.append("shot:" + shot)

    app.handle = logged
    app.start()
    app.render()
    return app, events


def bare(a: dict) -> dict:
    """An action as planned, without the clock's `at` (the simulator's differs)."""
    a = dict(a)
    a.pop("at", None)
    return a
