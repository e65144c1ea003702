"""usher.words: the running language's text for each English one, found
whole (a text that begins another is not taken for it), English where the
table has none, and English again once the language is set back."""

import sys

from portable import eq
from usher.core.errors import RuleError
from usher.words import game, lang, said, t, use


def test_a_text_is_found_whole_and_an_unknown_one_stays_english():
    try:
        eq(use("de"), "de")
        eq(t("Resume"), "Weiterspielen")  # not "Resume %s"'s line, which it begins
        eq(t("Resume %s") % "Dice", "Weiter: Dice")
        eq(t("Flash error"), "Flash-Fehler")
        eq(t("Flash error %s") % 5, "Flash-Fehler 5")
        eq(t("Flash free"), "Flash frei")
        eq(t("yellow"), "gelb")  # the table's last line
        eq(t("Low memory: reloaded"), "Speicher knapp: neu geladen")  # its first
        eq(t("Anna"), "Anna")  # a name is never in a table
        eq(t("Resum"), "Resum")
    finally:
        use("en")
    eq(t("Resume"), "Resume")


class Table:
    """A game's table as usher.words finds it (a module with its TEXT)."""

    def __init__(self, text):
        self.TEXT = text


def test_a_games_words_are_searched_first_while_its_screens_are_open_and_follow_the_language():
    sys.modules["usher.words.de_fakegame"] = Table("\nResume|Weiter im Spiel\nCut a card|Karte abheben\n")
    try:
        use("de")
        game("fakegame")
        eq(t("Cut a card"), "Karte abheben")
        eq(t("Resume"), "Weiter im Spiel")  # the game's own word before the shell's
        eq(t("New game"), "Neues Spiel")  # the shell's, still
        game("")
        eq(t("Cut a card"), "Cut a card")
        eq(t("Resume"), "Weiterspielen")
        game("fakegame")
        use("en")  # the language changed in a game: its words follow
        eq(t("Cut a card"), "Cut a card")
        sys.modules["usher.words.de_fakegame"] = Table("\nCut a card|Karte abheben\n")
        use("de")
        eq(t("Cut a card"), "Karte abheben")
        game("nogame")  # a game with no table: English, no error
        eq(t("Cut a card"), "Cut a card")
        eq(t("New game"), "Neues Spiel")
    finally:
        game("")
        use("en")
        sys.modules.pop("usher.words.de_fakegame", None)


def test_an_unknown_language_is_english():
    try:
        eq(use("xx"), "en")
        eq(lang(), "en")
        eq(t("New game"), "New game")
    finally:
        use("en")


def test_a_refusal_is_said_in_the_language_with_its_values_and_kept_english_in_its_message():
    e = RuleError("face must be 1-%d", 6)
    eq((str(e), e.msg, said(e)), ("face must be 1-6", "face must be 1-6", "face must be 1-6"))
    try:
        use("de")
        eq(said(e), "Augen müssen 1-6 sein")
        eq(str(e), "face must be 1-6")  # what a record's replay and the laptop say
        eq(said(RuleError("no such piece")), "kein solches Teil")
        eq(said(RuleError("Not in the table %d", 3)), "Not in the table 3")  # no German: the English
        eq(len(said(RuleError("none left: %s", "x" * 60))), RuleError.MAX)  # cut as the English is
        wrong = RuleError("total %d", 3)
        wrong.vals = ("x",)  # a table whose slot does not take the value: the English, not a crash
        eq(said(wrong), "total 3")
    finally:
        use("en")


def test_a_saved_game_is_described_in_german_with_its_day_the_german_way():
    from usher.ui.describe import game_text

    e = {"game": "showtime", "created": 1764400000, "players": ["Anna", "Ben"], "finished": False}
    eq(game_text(e, 0), "Showtime of 2025-11-29 (Anna, Ben), unfinished")
    try:
        use("de")
        eq(game_text(e, 0), "Showtime vom 29.11.2025 (Anna, Ben), nicht beendet")
        eq(game_text(dict(e, clock="unset"), 0), "Showtime (Anna, Ben), nicht beendet, Datum unbekannt")
        eq(game_text(dict(e, finished=True, players=[]), 0), "Showtime vom 29.11.2025 (keine Spieler), beendet")
    finally:
        use("en")


def test_the_index_finds_every_line_of_a_long_table_whole_and_nothing_else():
    from usher.words.index import SCAN, index, look

    # lines crossing the index's pieces, texts that begin others, a translation with letters past ASCII
    lines = ["Row %d|Reihe %d für dich" % (i, i) for i in range(400)]
    text = "\n" + "\n".join(lines) + "\nlast line|letzte Zeile\n"
    assert len(text.encode()) > 10 * SCAN
    table = index(text)
    for i in (0, 1, 10, 100, 199, 399):
        s = "Row %d" % i
        eq(look(table, s, s.encode()), "Reihe %d für dich" % i)
    eq(look(table, "last line", b"last line"), "letzte Zeile")
    for s in ("Row", "Row 4000", "Row 1 ", "Reihe 1", "", "last"):
        eq(look(table, s, s.encode()), None)
