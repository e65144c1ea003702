"""Planning a scripted game on the laptop: the firmware's own App on the
headless device (usher_devkit.kit), every press it takes logged, and a
screenshot asked for the first time a screen worth a picture opens. The
simulator then replays the logged presses (`script`)."""

from usher_tools.paths import use_firmware


def use_kit() -> None:
    """firmware/ and the headless device's modules on sys.path."""
    use_firmware()
    from usher_devkit import kit as devkit

    devkit.use()


def recording_app(profile: str, seed: int, shot_of):
    """(app, events): a started App whose presses are appended to `events`;
    after each, `shot_of(app)` names a picture to take there ("" for none),
    logged as "shot:NAME" the first time that name comes up."""
    use_kit()
    from fakes import FakeClock, FakeHardware, MemStorage
    from usher.app import App

    events: list = []
    seen: list = []

    class Recording(App):
        def handle(self, ev: str) -> None:
            events.append(ev)
            super().handle(ev)
            shot = shot_of(self)
            if shot and shot not in seen:
                seen.append(shot)
                events.append("shot:" + shot)

    app = Recording(FakeHardware(profile == "oled"), FakeClock(), MemStorage(), seed=seed)
    app.start()
    app.render()
    return app, events


def bare(a: dict) -> dict:
    """An action as planned, without the clock's `at` (the simulator's differs)."""
    a = dict(a)
    a.pop("at", None)
    return a


def script(events: list) -> str:
    """A planner's logged events as a simulator script: "shot:NAME" takes a
    picture, "<key>_long" holds the key."""
    lines = []
    for ev in events:
        if ev.startswith("shot:"):
            lines.append("shot " + ev[5:])
        else:
            lines.append("long " + ev[:-5] if ev.endswith("_long") else ev)
    return "\n".join(lines) + "\n"


def record_actions(text: str) -> tuple:
    """(header, records, the actions in force without their time stamps) of a record."""
    from usher_tools.history.parsing import parse_record

    use_firmware()
    from usher_tools.history.replay import actions_in_force

    header, records = parse_record(text)
    out = []
    for a in actions_in_force(records):
        a = dict(a)
        a.pop("at", None)
        out.append(a)
    return header, records, out
