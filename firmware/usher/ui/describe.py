"""A saved game in words, for a question about it (the laptop's, or the
device's own "Delete?"): "Showtime of 2025-11-29 (Anna, Ben, Cleo),
unfinished", or "Showtime (Anna, Ben), unfinished, date not known" for a game
begun before the clock was set. Loaded only when such a question is asked.
In German: "Showtime vom 29.11.2025 (Anna, Ben, Cleo), nicht beendet"."""

from usher.words import lang, t


def civil(days: int) -> tuple:
    """(year, month, day) of a count of days since 1970-01-01 (proleptic
    Gregorian; H. Hinnant's algorithm: no time module, any epoch)."""
    z = days + 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return yoe + era * 400 + (1 if m <= 2 else 0), m, d


def date_text(e: dict, tz: int) -> str:
    """The day a game was started, in the laptop's time zone, or why not."""
    secs = e.get("created", 0)
    if e.get("clock") == "unset" or isinstance(secs, bool) or not isinstance(secs, int) or secs < CLOCK_SANE:
        return t("date not known")
    y, m, d = civil((secs + tz) // 86400)
    if lang() == "de":
        return "%02d.%02d.%04d" % (d, m, y)  # as the laptop writes it: 04.12.2026
    return "%04d-%02d-%02d" % (y, m, d)


CLOCK_SANE = 1577836800  # 2020-01-01: a clock before it was never set


def game_text(e: dict, tz: int) -> str:
    """ "Showtime of 2025-11-29 (Anna, Ben, Cleo), unfinished": which game, exactly."""
    from usher.games.catalog import title

    names = ", ".join(e.get("players") or []) or t("no players")
    state = t("finished") if e.get("finished") else (t("broken record") if e.get("broken") else t("unfinished"))
    day = date_text(e, tz)
    if not day[:1].isdigit():  # the clock was not set: said last, never "of date not known"
        return "%s (%s), %s, %s" % (title(e.get("game", "?")), names, state, day)
    return t("%s of %s (%s), %s") % (title(e.get("game", "?")), day, names, state)
