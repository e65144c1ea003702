"""Hardware profiles, display drivers, buttons, storage and the USB link."""

# every board profile: the module here of that name (its PROFILE), and what
# Settings calls it. Kept here, not in the modules: Settings then names them
# without importing a profile's code. The one saved in PROFILE_FILE on the
# data folder is used at power-on.
PROFILES = (("lcd114", "LCD 1.14"), ("oled", "OLED"))
PROFILE_FILE = "profile.txt"


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
