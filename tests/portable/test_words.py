"""usher.words: the running language's text for each English one, found
whole (a text that begins another is not taken for it), English where the
table has none, and English again once the language is set back."""

from portable import eq
from usher.words import lang, t, use


def test_a_text_is_found_whole_and_an_unknown_one_stays_english():
    try:
        eq(use("de"), "de")
        eq(t("Resume"), "Weiterspielen")  # not "Resume %s"'s line, which it begins
        eq(t("Resume %s") % "Dice", "Weiter: Dice")
        eq(t("Flash error"), "Flash-Fehler")
        eq(t("Flash error %s") % 5, "Flash-Fehler 5")
        eq(t("Flash free"), "Flash frei")  # the table's last line
        eq(t("Low memory: reloaded"), "Speicher knapp: neu geladen")  # its first
        eq(t("Anna"), "Anna")  # a name is never in a table
        eq(t("Resum"), "Resum")
    finally:
        use("en")
    eq(t("Resume"), "Resume")


def test_an_unknown_language_is_english():
    try:
        eq(use("xx"), "en")
        eq(lang(), "en")
        eq(t("New game"), "New game")
    finally:
        use("en")
