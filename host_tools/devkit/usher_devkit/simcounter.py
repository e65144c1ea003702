"""The counter: a tiny app and two tiny board profiles (counter/, run inside
the simulator's VM) in place of the firmware's, so the simulator's own tests
see its draw path, pixels per press, flash and serial with nothing of the
firmware's screens in the way. The pins and keys are the profiles' own."""

import os

COUNTER_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "counter")
PROFILE_MODULES = {"lcd114": "counter_lcd", "oled": "counter_oled"}
APP_MODULE = "counter_app"


def config(profile: str = "lcd114", **kw):
    """A SimConfig running the counter on `profile`'s board."""
    from usher_tools.sim.runner import SimConfig

    kw["path"] = list(kw.get("path", [])) + [COUNTER_DIR]
    kw.setdefault("profile_module", PROFILE_MODULES[profile])
    kw.setdefault("app_module", APP_MODULE)  # a test may put its own app on the counter's board
    return SimConfig(profile=profile, **kw)


def cli_args(profile: str) -> list:
    """`usher sim` options running the counter on `profile`'s board."""
    return [
        "--profile", profile, "--profile-module", PROFILE_MODULES[profile],
        "--app-module", APP_MODULE, "--vm-path", COUNTER_DIR,
    ]  # fmt: skip
