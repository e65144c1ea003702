"""What the data folder says of the board: the profile chosen and Settings ->
Board's fixes. Read at power-on and by Settings, then let go (usher.poweron,
App.device): not in the heap while a game is played."""

from usher.board import PROFILES

PROFILE_FILE = "profile.txt"  # the profile power-on uses (a name of PROFILES)


def saved_profile(storage) -> str:
    """The profile saved on the flash (Settings, `usher deploy --profile`),
    or "" when none is (or the file is not one of ours)."""
    data = storage.read(PROFILE_FILE)
    try:
        name = data.decode().strip() if data else ""
    except UnicodeError:
        name = ""
    for n, _ in PROFILES:
        if n == name:
            return name
    return ""


# Settings -> Board's fixes for a panel or joystick that is not as the
# profile expects, kept beside the profile on the data folder (so an update
# keeps them) and read at power-on: "inv" colours inverted the other way,
# "rot" the picture turned 180 degrees, "dy" rows shifted (-1, 0, 1),
# "swap" joystick directions (1 up/down, 2 both axes), "slow" the safe SPI rate
OPTIONS_FILE = "board.json"


def board_options(storage) -> dict:
    """The saved options ({} if none, or the file is not ours)."""
    import json

    data = storage.read(OPTIONS_FILE)
    try:
        got = json.loads(data) if data else {}
    except ValueError:
        got = {}
    return got if isinstance(got, dict) else {}
