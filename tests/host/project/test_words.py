"""The device's words in every language: each text the firmware says through
usher.words (t("..."), a table's N_("...")) and each of the catalog's Home,
Settings and tie-break words is in every language's table, and no table holds
a text the firmware no longer says. A template keeps its slots: the German
of "Seat %d of %d" takes the same values in the same order."""

import ast
import os
import re

import pytest
from usher.words import LANGS

ROOT = os.path.join(os.path.dirname(__file__), "..", "..", "..", "firmware", "usher")
CATALOG_WORDS = ("settings_row", "home_row", "tie_word")  # Entry's texts a screen shows through t()
GAMES = ("showtime", "showbiz", "show_manager", "films")  # each with its own table, usher.words.<code>_<game>
# the games whose refusals are in every language (a RuleError's template,
# usher.words.said): dice (the shell's table) and each game with a table of its own
DONE = ("dice",) + tuple(g for g in GAMES if os.path.exists(os.path.join(ROOT, "words", "de_%s.py" % g)))


def scope(path: str) -> str:
    """The game whose table holds a file's texts ("": the shell's)."""
    rel = os.path.relpath(path, ROOT).split(os.sep)
    return rel[1] if rel[0] in ("ui", "games") and rel[1] in GAMES else ""


def said(game=None) -> dict:
    """{text: "file:line"} of every text the firmware marks as one to
    translate; `game` given, only those of that table's scope ("" the shell's)."""
    out: dict = {}
    for top, _, files in os.walk(ROOT):
        for f in files:
            if not f.endswith(".py") or os.path.basename(top) == "words":
                continue
            path = os.path.join(top, f)
            if game is not None and scope(path) != game:
                continue
            with open(path, encoding="utf-8") as fh:
                tree = ast.parse(fh.read())
            for n in ast.walk(tree):
                if not isinstance(n, ast.Call):
                    continue
                name = getattr(n.func, "id", "")
                texts = []
                if name in ("t", "N_") and n.args and isinstance(n.args[0], ast.Constant):
                    texts.append(n.args[0].value)
                rel = os.path.relpath(path, ROOT).split(os.sep)
                if name == "RuleError" and rel[0] == "games" and rel[1] in DONE:
                    # a template, its values after it; or a name holding a text N_ marked
                    # (a check run for every seat keeps texts, and raises only the one it meets)
                    assert n.args and isinstance(n.args[0], (ast.Constant, ast.Name)), (path, n.lineno)
                    if isinstance(n.args[0], ast.Constant):
                        texts.append(n.args[0].value)
                if name == "Entry":
                    texts += [k.value.value for k in n.keywords if k.arg in CATALOG_WORDS and k.value.value]
                for s in texts:
                    out.setdefault(s, "%s:%d" % (os.path.relpath(path, ROOT), n.lineno))
    return out


def table(code: str, game: str = "") -> dict:
    """{English: translation} of a language's TEXT (a game's own: usher.words.<code>_<game>),
    which must be lines of "English|translation", each English once."""
    if game and not os.path.exists(os.path.join(ROOT, "words", "%s_%s.py" % (code, game))):
        return {}
    text = __import__("usher.words." + code + ("_" + game if game else ""), None, None, ["TEXT"]).TEXT
    assert text.startswith("\n") and text.endswith("\n"), code
    out: dict = {}
    for line in text[1:-1].split("\n"):
        english, bar, said = line.partition("|")
        assert bar and english and said and "|" not in said, line
        assert english not in out, english
        out[english] = said
    return out


def slots(s: str) -> list:
    return re.findall(r"%[-+ 0-9.]*[sdif%]", s)


def test_the_firmware_marks_its_words_and_t_is_never_given_a_built_text():
    # a t() of anything but a literal could not be checked here: the
    # template goes in, the values after it
    texts = said()
    assert len(texts) > 80, len(texts)
    for top, _, files in os.walk(ROOT):
        for f in [f for f in files if f.endswith(".py")]:
            with open(os.path.join(top, f), encoding="utf-8") as fh:
                tree = ast.parse(fh.read())
            for n in ast.walk(tree):
                if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "N_":
                    assert isinstance(n.args[0], ast.Constant), (f, n.lineno)


@pytest.mark.parametrize("code", [c for c in LANGS if c != "en"])
def test_every_text_the_device_says_is_in_every_language(code):
    shell = table(code)
    missing = sorted("%s (%s)" % (s, where) for s, where in said("").items() if s not in shell)
    for g in DONE[1:]:
        own = table(code, g)
        missing += sorted("%s (%s)" % (s, where) for s, where in said(g).items() if s not in own and s not in shell)
    assert not missing, "no %s for:\n" % code + "\n".join(missing)
    texts = said()
    stale = sorted(s for s in shell if s not in texts)
    assert not stale, "%s holds texts the firmware no longer says:\n" % code + "\n".join(stale)


@pytest.mark.parametrize("code", [c for c in LANGS if c != "en"])
@pytest.mark.parametrize("game", GAMES)
def test_a_games_table_holds_its_own_texts_and_none_of_the_shells(code, game):
    # only the game's table and the shell's are searched on its screens
    own = table(code, game)
    texts = said(game)
    stale = sorted(s for s in own if s not in texts)
    assert not stale, "%s_%s holds texts its game no longer says:\n" % (code, game) + "\n".join(stale)
    twice = sorted(s for s in own if s in table(code))
    assert not twice, "%s_%s repeats the shell's:\n" % (code, game) + "\n".join(twice)


@pytest.mark.parametrize("code", [c for c in LANGS if c != "en"])
def test_a_translated_template_takes_the_same_values(code):
    for s, w in [kv for g in ("",) + GAMES for kv in table(code, g).items()]:
        assert slots(s) == slots(w), (s, w)
        assert w.strip() == w or s.startswith(" ") or s.endswith(" "), (s, w)  # a row's room is not spent on blanks


@pytest.mark.parametrize("code", [c for c in LANGS if c != "en"])
@pytest.mark.parametrize("game", ("",) + GAMES)
def test_a_table_fits_its_index(code, game):
    # usher.words.index: 16-bit offsets, lines read in pieces of SCAN bytes,
    # the English hashed as bytes (the same hash as its str only in ASCII)
    from usher.words.index import SCAN

    if not table(code, game):
        pytest.skip("no table")
    text = __import__("usher.words." + code + ("_" + game if game else ""), None, None, ["TEXT"]).TEXT
    assert len(text.encode()) < 65535
    for line in text.split("\n"):
        assert len(line.encode()) < SCAN, line
        assert line.partition("|")[0].isascii(), line
