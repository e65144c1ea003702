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
# the games whose refusals are in every language (a RuleError's template, usher.words.said):
# one by one, as each game's screens are translated
SAID_GAMES = ("dice",)


def said() -> dict:
    """{text: "file:line"} of every text the firmware marks as one to translate."""
    out: dict = {}
    for top, _, files in os.walk(ROOT):
        for f in files:
            if not f.endswith(".py") or os.path.basename(top) == "words":
                continue
            path = os.path.join(top, f)
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
                if name == "RuleError" and rel[0] == "games" and rel[1] in SAID_GAMES:
                    assert n.args and isinstance(n.args[0], ast.Constant), (path, n.lineno)  # values after it
                    texts.append(n.args[0].value)
                if name == "Entry":
                    texts += [k.value.value for k in n.keywords if k.arg in CATALOG_WORDS and k.value.value]
                for s in texts:
                    out.setdefault(s, "%s:%d" % (os.path.relpath(path, ROOT), n.lineno))
    return out


def table(code: str) -> dict:
    """{English: translation} of a language's TEXT, which must be lines of
    "English|translation", each English once."""
    text = __import__("usher.words." + code, None, None, ["TEXT"]).TEXT
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
    words = table(code)
    texts = said()
    missing = sorted("%s (%s)" % (s, where) for s, where in texts.items() if s not in words)
    assert not missing, "no %s for:\n" % code + "\n".join(missing)
    stale = sorted(s for s in words if s not in texts)
    assert not stale, "%s holds texts the firmware no longer says:\n" % code + "\n".join(stale)


@pytest.mark.parametrize("code", [c for c in LANGS if c != "en"])
def test_a_translated_template_takes_the_same_values(code):
    for s, w in table(code).items():
        assert slots(s) == slots(w), (s, w)
        assert w.strip() == w or s.startswith(" ") or s.endswith(" "), (s, w)  # a row's room is not spent on blanks
