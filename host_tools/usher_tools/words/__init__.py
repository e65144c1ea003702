"""The words `usher` says, in the laptop's language: `--lang en|de`, else the
system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG; on Windows the user's UI
language), else English.

English is the code's own text: `t("no games yet")` is that text in English
and the German table's (usher_tools.words.de) otherwise; a text the table
lacks stays English, and a test keeps the table and the code in step. A
text with values is a template filled after: t("%d games") % n.

Never translated: player names, game titles, records, and the exports (CSV,
JSON, the BG Stats file and links keep their formats' own words), so a game
is the same game in either language. Dates and numbers take the language's
own form (`date_long`, `date_short`, `number`)."""

import os
import sys
import time

LANGS = ("en", "de")
_on = ["en"]


def use(code: str) -> str:
    """Say everything in `code` from now on (an unknown code: English)."""
    _on[0] = code if code in LANGS else "en"
    return _on[0]


def lang() -> str:
    return _on[0]


def t(text: str) -> str:
    if _on[0] == "en":
        return text
    from usher_tools.words.de import TEXT

    return TEXT.get(text, text)


def N_(text: str) -> str:
    """Marks a text kept in a table, translated where it is said (t() then)."""
    return text


# click's own words (its Usage:, its errors) that usher's commands can show,
# as click writes them (cli.say_in_language hands click our t())
CLICK_WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Error: {message}"),
    N_("Try '{command} {option}' for help."),
    N_("No such command {name!r}."),
    N_("No such option {name!r}."),
    N_("Missing command."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("{value!r} is not {choice}."),
    N_("{value!r} is not one of {choices}."),
    N_("{value!r} is not a valid {number_type}."),
    N_("default: {default}"),
    N_("Got unexpected extra argument ({args})"),
    N_("Got unexpected extra arguments ({args})"),
    N_("Option {name!r} requires an argument."),
    N_("Option {name!r} requires {nargs} arguments."),
    N_("Option {name!r} does not take a value."),
    N_("Did you mean {possibility}?"),
    N_("(Did you mean one of: {possibilities}?)"),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("{name} {filename!r} is a file."),
    N_("Could not open file {filename!r}: {message}"),
    N_("Aborted!"),
)


def _code(value: str) -> str:
    # "de_DE.UTF-8", "de-AT", "de:en" (LANGUAGE's list: its first) -> "de"; "C", "POSIX" -> "en"
    first = value.split(":")[0].strip().lower()
    code = first.replace("-", "_").split("_")[0].split(".")[0]
    return code if code in LANGS else "en"


def system_lang(environ=None, windows_ui=None) -> str:
    """The system's language: the first of LANGUAGE, LC_ALL, LC_MESSAGES and
    LANG that is set (as gettext reads them), else Windows' UI language
    (`windows_ui`: its LANGID, asked of the system when None), else English."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            return _code(env[name])
    if windows_ui is None and sys.platform == "win32":
        try:
            import ctypes

            windows_ui = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
        except (AttributeError, OSError):
            windows_ui = None
    if windows_ui is not None:
        # a LANGID's low 10 bits are its primary language: 0x07 German, 0x09 English
        return "de" if windows_ui & 0x3FF == 0x07 else "en"
    return "en"


MONTHS_DE = (
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
)


def number(n) -> str:
    """36,000 and 4.5 in English, 36.000 and 4,5 in German."""
    s = format(n, ",") if isinstance(n, int) else str(n)
    if _on[0] != "de":
        return s
    return s.replace(",", "\0").replace(".", ",").replace("\0", ".")


def date_short(when: float, clock: bool = True) -> str:
    """A moment in the laptop's local time, compact (tables): 2026-12-04 22:02
    in English (as the exports write it), 04.12.2026 22:02 in German."""
    tm = time.localtime(when)
    if _on[0] == "de":
        day = "%02d.%02d.%04d" % (tm.tm_mday, tm.tm_mon, tm.tm_year)
    else:
        day = "%04d-%02d-%02d" % (tm.tm_year, tm.tm_mon, tm.tm_mday)
    return day + (" %02d:%02d" % (tm.tm_hour, tm.tm_min) if clock else "")


def date_long(when: float) -> str:
    """A day in words: 4 December 2026, 4. Dezember 2026."""
    tm = time.localtime(when)
    if _on[0] == "de":
        return "%d. %s %d" % (tm.tm_mday, MONTHS_DE[tm.tm_mon - 1], tm.tm_year)
    # not strftime's %B: that is the C locale's, whatever --lang says
    return "%d %s %d" % (tm.tm_mday, MONTHS_EN[tm.tm_mon - 1], tm.tm_year)


MONTHS_EN = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)
