"""`usher` in German as well as English (usher_tools.words): the language
from --lang, else the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG,
Windows' UI language); every text the laptop marks and every command's help
in both languages; dates and numbers in the language's form; the same game
scored in both languages the same but for the words; the exports the same
bytes."""

import ast
import inspect
import json
import os
import re
import time

import click
import pytest
from click.testing import CliRunner
from tooling import ROOT
from usher_tools import words
from usher_tools.cli import main
from usher_tools.words.de import TEXT

from host.cli.test_bgstats import GAMES, RECORDS, add_record

TOOLS = os.path.join(ROOT, "host_tools", "usher_tools")
SLOT = re.compile(r"%[sdr]|\{[a-z_]+(?:![a-z])?\}")


@pytest.fixture(autouse=True)
def english_after():
    yield
    words.use("en")  # the language is the process's: the next test starts in English


def marked_texts() -> set:
    """Every text the laptop's code marks as its own: t("...") and N_("..."),
    and the title and headings of a table(..., words=True)."""
    found = set()
    for folder, _, files in os.walk(TOOLS):
        for name in files:
            if not name.endswith(".py") or name == "de.py":
                continue
            for node in ast.walk(ast.parse(open(os.path.join(folder, name), encoding="utf-8").read())):
                if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                    continue
                if node.func.id in ("t", "N_") and node.args and isinstance(node.args[0], ast.Constant):
                    found.add(node.args[0].value)
                if node.func.id == "table" and any(
                    k.arg == "words" and getattr(k.value, "value", False) for k in node.keywords
                ):
                    for arg in node.args[:2]:
                        found |= {
                            c.value for c in ast.walk(arg) if isinstance(c, ast.Constant) and isinstance(c.value, str)
                        }
    return found


def games_words() -> set:
    """The words each game's laptop module keeps as names (usher_tools.history.games),
    said where they are shown: its unit, its tie-break, the report's axis and legend."""
    from usher_tools.history import games

    found = set()
    for name in ["generic", "showtime", "showbiz", "show_manager", "films", "dice"]:
        laptop = games.of(name)
        found |= {getattr(laptop, key) for key in ("UNIT", "TIE_BREAK", "AHEAD", "STEPS", "MARK", "CHART_TITLE")}
    return found


def help_texts() -> set:
    """Every command's and option's help, as click shows it (cleaned)."""
    found = set()

    def walk(cmd):
        for obj in [cmd] + [p for p in cmd.params if isinstance(p, click.Option)]:
            if obj.help:
                found.add(inspect.cleandoc(obj.help))
        for sub in getattr(cmd, "commands", {}).values():
            walk(sub)

    main.main(["--lang", "en", "--version"], standalone_mode=False)  # the help as written
    walk(main)
    return found


def test_every_text_the_laptop_says_is_in_german_and_nothing_else_is():
    texts = marked_texts() | help_texts() | games_words()
    assert len(texts) > 150, len(texts)  # the reading found the texts
    missing = sorted(texts - set(TEXT))
    assert missing == [], "texts with no German: %r" % missing
    unused = sorted(set(TEXT) - texts)
    assert unused == [], "German for texts the laptop no longer says: %r" % unused


def test_a_german_text_keeps_its_slots_and_click_s_sections():
    for en, de in TEXT.items():
        assert sorted(SLOT.findall(en)) == sorted(SLOT.findall(de)), (en, de)
        assert en.count("\b") == de.count("\b"), en  # a block click keeps as written
        assert en.endswith(" ") == de.endswith(" ") and en.startswith(" ") == de.startswith(" "), (en, de)


@pytest.mark.parametrize(
    "env, windows, want",
    [
        ({"LANG": "de_DE.UTF-8"}, None, "de"),
        ({"LANG": "de_AT.UTF-8"}, None, "de"),
        ({"LANG": "en_GB.UTF-8"}, None, "en"),
        ({"LANG": "fr_FR.UTF-8"}, None, "en"),  # a language usher does not speak: English
        ({"LANG": "C.UTF-8"}, None, "en"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "de_DE"}, None, "de"),
        ({"LANG": "de_DE.UTF-8", "LC_ALL": "C"}, None, "en"),
        ({"LANG": "en_US.UTF-8", "LANGUAGE": "de:en"}, None, "de"),
        ({}, 0x0407, "de"),  # Windows: German (Germany)
        ({}, 0x0C07, "de"),  # German (Austria)
        ({}, 0x0409, "en"),
        ({}, None, "en"),
    ],
)
def test_the_system_language_is_found_as_gettext_and_windows_tell_it(env, windows, want):
    assert words.system_lang(env, windows) == want


def run(args, **env):
    """`usher ARGS` in a system whose locale is `env` (LANGUAGE, the tests' pin, unset)."""
    env = dict({"LANGUAGE": None, "LC_ALL": None, "LC_MESSAGES": None, "LANG": None}, **env)
    return CliRunner().invoke(main, args, env=env)


def test_help_follows_the_system_and_lang_wins():
    de = run(["--help"], LANG="de_DE.UTF-8")
    assert de.exit_code == 0, de.output
    assert "Aufruf:" in de.output and "Optionen:" in de.output and "Befehle:" in de.output, de.output
    assert "Diese Hilfe zeigen und beenden." in de.output
    assert "Die Spiele im Verlauf auflisten." in de.output  # a command's own help
    en = run(["--lang", "en", "--help"], LANG="de_DE.UTF-8")
    assert "Usage:" in en.output and "List the games in the history." in en.output and "Aufruf" not in en.output
    sub = run(["--lang=de", "sync", "--help"], LANG="en_US.UTF-8")
    assert "Jedes neue oder geänderte Spiel" in sub.output and "Sekunden, die auf jede Antwort" in sub.output


def test_click_s_own_errors_are_said_in_german():
    got = run(["--lang", "de", "nosuch"])
    assert got.exit_code == 2
    assert "Fehler: Kein Befehl 'nosuch'." in got.output, got.output
    got = run(["--lang", "de", "export", "--format", "xml"])
    assert "Ungültiger Wert für '--format'" in got.output and "ist keins von" in got.output, got.output
    bad = run(["--lang", "xx", "games"])
    assert bad.exit_code == 2 and "'xx' is not one of 'en', 'de'." in bad.output, bad.output


def test_numbers_and_dates_take_the_language_s_form():
    when = time.mktime((2026, 12, 4, 22, 2, 0, 0, 0, -1))
    assert (words.number(36000), words.date_long(when), words.date_short(when)) == (
        "36,000",
        "4 December 2026",
        "2026-12-04 22:02",
    )
    words.use("de")
    assert (words.number(36000), words.date_long(when), words.date_short(when)) == (
        "36.000",
        "4. Dezember 2026",
        "04.12.2026 22:02",
    )
    assert words.number(1234567) == "1.234.567" and words.date_short(when, clock=False) == "04.12.2026"


def test_one_record_scores_the_same_in_both_languages_but_for_the_words():
    path = os.path.join(RECORDS, "show_manager_4p.rec")
    en = run(["score", path], LANG="en_US.UTF-8")
    de = run(["score", path], LANG="de_DE.UTF-8")
    assert en.exit_code == de.exit_code == 0, (en.output, de.output)
    assert "winner: " in en.output and "Sieger: " in de.output and "Platz" in de.output
    assert "winner" not in de.output and "rank" not in de.output

    # the names and the figures, in order, are the same
    def facts(text):
        return re.findall(r"\d+|Anna|Ben|Cleo|Dev|Eva|Finn", text)

    assert facts(en.output) == facts(de.output) and len(facts(en.output)) > 8
    assert json.loads(run(["score", path, "--json"], LANG="de_DE.UTF-8").output) == json.loads(
        run(["score", path, "--json"], LANG="en_US.UTF-8").output
    )


@pytest.fixture
def history(tmp_path):
    db = str(tmp_path / "history.sqlite")
    for name, rec in GAMES:
        add_record(db, name, rec)
    return db


def test_the_games_and_stats_are_told_in_german_with_german_dates(history):
    got = run(["--lang", "de", "games", "--db", history])
    assert got.exit_code == 0, got.output
    assert re.search(r"\b\d\d\.\d\d\.\d{4}\b", got.output), got.output  # 29.11.2025, not 2025-11-29
    assert "Spieler" in got.output and "Ergebnis" in got.output and "gewonnen von" in got.output
    stats = run(["--lang", "de", "stats", "--db", history])
    assert "Je Spieler" in stats.output and "Partien" in stats.output and "Punkte" in stats.output, stats.output


@pytest.mark.parametrize("fmt", ["csv", "json", "bgstats", "bgstats-links"])
def test_an_export_is_the_same_bytes_in_either_language(history, fmt):
    en = run(["--lang", "en", "export", "--db", history, "--format", fmt])
    de = run(["--lang", "de", "export", "--db", history, "--format", fmt])
    assert en.exit_code == de.exit_code == 0, de.output
    assert en.output == de.output and len(en.output) > 100


def test_the_link_s_errors_are_said_in_german(tmp_path):
    missing = str(tmp_path / "ttyNOSUCH")
    got = run(["--lang", "de", "sync", "--port", missing, "--db", str(tmp_path / "h.sqlite")])
    assert got.exit_code == 3, got.output
    assert "Fehler: kein Anschluss %s" % missing in got.output, got.output
    from usher_tools.link.client import Denied, Refused

    words.use("de")
    assert str(Refused("storage", "pull")) == "das Gerät lehnte die Übertragung ab: sein Flash ist voll"
    assert str(Denied("set_roster")) == "die Namensliste wurde nicht geändert: am Gerät wurde Zurück gedrückt"
    words.use("en")
    assert str(Refused("storage", "pull")) == "the device refused the transfer: its flash is full"


def test_a_score_sheet_and_its_report_are_told_in_german(history, tmp_path):
    en = run(["--lang", "en", "show", "--db", history, "g0004"])
    de = run(["--lang", "de", "show", "--db", history, "g0004"])
    assert en.exit_code == de.exit_code == 0, de.output
    # Show Manager: rounds, a show put on, money in the German form once the game is over
    assert "Runde 1" in de.output and "bringt" in de.output and "Endstand" in de.output, de.output
    assert re.search(r"Geld: \w+ \d{1,3}\.\d{3}", de.output), de.output
    assert "Round 1" in en.output and re.search(r"Money: \w+ \d{1,3},\d{3}", en.output)
    # the same sheet, wrapped where German runs longer
    assert abs(len(de.output.splitlines()) - len(en.output.splitlines())) < 10
    for game in ("g0001", "g0002", "g0003"):
        got = run(["--lang", "de", "show", "--db", history, game])
        assert got.exit_code == 0 and "Endstand" in got.output, got.output
    from usher_tools.history.report import figure
    from usher_tools.history.store import History

    words.use("de")
    h = History(history, read_only=True)
    row = h.find("g0001")[0]
    h.close()
    fig = figure(row)
    texts = [t.get_text() for t in fig.findobj(lambda o: hasattr(o, "get_text"))]
    assert "Endstand" in texts and "Platzierungen" in texts and "Vorstellung 1" in texts, texts


def test_import_and_flash_refusals_are_said_in_german(tmp_path):
    uf2 = tmp_path / "usher.uf2"
    uf2.write_bytes(b"UF2\nWQ]\x9e" + bytes(504))
    got = run(["--lang", "de", "import", "--db", str(tmp_path / "h.sqlite"), str(uf2)])
    assert got.exit_code == 1 and "ist eine Firmware-Datei (UF2), keine Spielaufzeichnung" in got.output, got.output
    assert not (tmp_path / "h.sqlite").exists()
    nodrive = tmp_path / "nodrive"
    nodrive.mkdir()
    got = run(["--lang", "de", "flash", "--drive", str(nodrive)])
    assert "hat keine INFO_UF2.TXT: kein Pico im BOOTSEL-Modus" in got.output, got.output
