"""Hardware profiles, display drivers, buttons, storage and the USB link."""

# every board profile (a module here of that name, with its PROFILE and
# TITLE); the one saved in PROFILE_FILE on the data folder is used at power-on
PROFILES = ("lcd114", "oled")
PROFILE_FILE = "profile.txt"


def saved_profile(storage) -> str:
    """The profile saved on the flash (Settings, `usher deploy --profile`),
    or "" when none is (or the file is not one of ours)."""
    data = storage.read(PROFILE_FILE)
    try:
        name = data.decode().strip() if data else ""
    except UnicodeError:
        name = ""
    return name if name in PROFILES else ""
