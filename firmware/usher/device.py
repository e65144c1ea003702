"""What Settings -> Board and About ask of the device itself, through
`App.device` (which lets this module go again at once): at the app level, as
it reads sys and the board's saved files, which the screens never touch."""


def board(app) -> tuple:
    """(profile running, profile saved for the next power-on or "", every
    (profile, title))."""
    from usher.board.saved import PROFILES, saved_profile

    return app.hw.profile, saved_profile(app.storage), PROFILES


def about(app) -> dict:
    """What Settings -> About shows (usher.about: versions, where the code lives)."""
    from usher.about import facts

    return facts(app.storage)


def save_profile(app, name: str) -> None:
    """The board profile for the next power-on: usher.poweron.profile_name
    reads it before looking for an OLED. OSError on a full flash."""
    from usher.board.saved import PROFILE_FILE

    app.storage.write(PROFILE_FILE, name.encode() + b"\n")
    app.board_next = name  # Settings names it from now on (App.board_title)


def board_running(app) -> dict:
    """Settings -> Board's fixes the board was made with at power-on (the
    profile's make() keeps them on the hardware; {}: none)."""
    return getattr(app.hw, "opts", None) or {}


def board_options(app, opts=None) -> dict:
    """Settings -> Board's fixes (usher.board.saved.board_options), or,
    given, saved for the next power-on (OSError on a full flash)."""
    from usher.board.saved import OPTIONS_FILE, board_options

    if opts is not None:
        from usher.core.data import dumps

        app.storage.write(OPTIONS_FILE, dumps(opts).encode())
    return board_options(app.storage)
