"""The device in German (Settings -> Language): the screens that say it
(Home, Settings, the roster, the board and About, the dialogs, the game
menu, a new game's first steps) read in German on both panels, with no word
cut where the English had none; the language is kept over a power-on and
changes with a game in play; a game's record is the same in either."""

from app_kit import collect, make_app, press, watch
from fakes import FakeClock, FakeHardware, MemStorage
from portable import eq
from usher.app import App
from usher.words import t, use


def row(app, label):
    """OK on the row of the menu on top whose label is `label` (the cursor walked there)."""
    items = [it[0] for it in app.top().items]
    assert label in items, (label, items)
    while app.top().items[app.top().sel][0] != label:
        press(app, "next")
    press(app, "ok")


def language(app, code):
    """Settings -> Language, OK until it says `code`'s own name; back Home."""
    from usher.words import NAMES, lang

    row(app, t("Settings"))
    while lang() != code:
        row(app, t("Language: %s") % NAMES[lang()])
    press(app, "back")


# the walk: (what is on screen, how to get there from Home, how to get back); the
# players first, while the VM's heap holds the least: their step loads a game's rules
WALK = (
    ("new game", (("row", "New game"),), ("back",)),
    ("players", (("row", "New game"), ("ok",)), ("back", "back")),
    ("a seat's colour", (("row", "New game"), ("ok",), ("ok",), ("ok_long",)), ("back", "back", "back", "back")),
    ("home", (), ()),
    ("settings", (("row", "Settings"),), ("back",)),
    ("roster", (("row", "Settings"), ("row", "Players")), ("back", "back")),
    ("a name's menu", (("row", "Settings"), ("row", "Players"), ("ok",)), ("back", "back", "back")),
    (
        "remove a name",
        (("row", "Settings"), ("row", "Players"), ("ok",), ("row", "Remove")),
        ("back", "back", "back", "back"),
    ),
    ("add a name", (("row", "Settings"), ("row", "Players"), ("row", "+ add name")), ("back", "back", "back")),
    ("brightness", (("row", "Settings"), ("row", "Brightness %d%%", 80)), ("back", "back")),
    ("about", (("row", "Settings"), ("row", "About")), ("back", "back")),
    ("sync", (("row", "Sync"),), ("back",)),
    ("saved games", (("row", "Saved games"),), ("back",)),
)
# dice: a fresh session (left with nothing rolled, it is not kept), a roll, a draw, its menu's screens
DICE = (
    ("dice", (("row", "Dice & draws"),), ("back", ("row", "Save & leave"))),
    ("a roll", (("row", "Dice & draws"), ("next",), ("ok",)), ("back", ("row", "Save & leave"))),
    ("a draw", (("row", "Dice & draws"), ("next",), ("ok",)), ("back", ("row", "Save & leave"))),
    ("results", (("row", "Dice & draws"), ("back",), ("row", "Results")), ("back", ("row", "Save & leave"))),
    ("undo a draw", (("row", "Dice & draws"), ("back",), ("row", "Undo last")), ("back", ("row", "Save & leave"))),
    (
        "new session",
        (("row", "Dice & draws"), ("back",), ("row", "New session")),
        ("back", ("row", "Save & leave")),
    ),
)


def walk(app, steps):
    for s in steps:
        if s[0] == "row":
            label = t(s[1]) % s[2] if len(s) > 2 else t(s[1])
            row(app, label)
        else:
            press(app, s[0])


def screens(mono, code, steps=WALK, texts=None):
    """{screen: (texts drawn, texts cut, texts over the panel's edge)} in `code`
    (`texts`: the screens whose drawn texts are kept, all if None: the VM's heap)."""
    app, st = make_app(mono=mono)
    out = {}
    try:
        language(app, code)
        for what, there, back in steps:
            drawn, cut = watch(app)
            walk(app, there)
            app.top().dirty = True
            app.render()
            for _ in getattr(app.top(), "items", ()):  # every row of a menu, scrolled into view
                press(app, "next")
            w = app.p.w
            kept = [s for s, _, _ in drawn] if texts is None or what in texts else []
            out[what] = (kept, cut, [s for s, x, n in drawn if x < 0 or x + n > w])
            del app.p.text
            del app.p.fit
            walk(app, [b if isinstance(b, tuple) else (b,) for b in back])
            collect()  # as the device sweeps after a press (a game's rules were loaded on the way)
    finally:
        use("en")
    app = None
    collect()
    return out


# each panel a test of its own, German first: the VM runs a module's tests in one
# process, and the German table loads whole into a heap the walks have not cut up
def shell_in_german(mono):
    de = screens(mono, "de")
    en = screens(mono, "en", WALK, ("home", "settings"))
    no_cut(mono, en, de, WALK)
    assert "Neues Spiel" in de["home"][0] and "New game" in en["home"][0], de["home"][0]
    assert "Einstellungen" in de["settings"][0], de["settings"][0]
    assert "Sprache: Deutsch" in de["settings"][0] and "Language: English" in en["settings"][0]
    assert "OK=ja" in de["remove a name"][0], de["remove a name"][0]
    assert "blau" in de["a seat's colour"][0] and "lila" in de["a seat's colour"][0], de["a seat's colour"][0]


def test_the_lcd_s_screens_say_it_in_german_and_no_word_is_cut():
    shell_in_german(False)


def test_the_oled_s_screens_say_it_in_german_and_no_word_is_cut():
    shell_in_german(True)


def no_cut(mono, en, de, steps) -> None:
    for what, _, _ in steps:
        said, cut, over = de[what]
        assert said, what
        assert not over, (mono, what, over)
        # a cut in German only where the English had one too (none in these walks)
        eq((mono, what, cut if not en[what][1] else []), (mono, what, []))


def dice_in_german(mono):
    de = screens(mono, "de", DICE)
    en = screens(mono, "en", DICE, ("dice",))
    no_cut(mono, en, de, DICE)
    assert "OK: würfeln" in de["dice"][0] and "OK to roll" in en["dice"][0], de["dice"][0]
    assert any(s.startswith("Summe ") for s in de["a roll"][0]), de["a roll"][0]
    assert any(s.endswith(" im Beutel") for s in de["a draw"][0]), de["a draw"][0]
    assert "Ergebnisse" in de["results"][0] and any("Würfel: " in s for s in de["results"][0]), de["results"][0]
    assert "Neue Würfelrunde?" in " ".join(de["new session"][0]), de["new session"][0]


def test_dice_on_the_lcd_says_it_in_german_and_no_word_is_cut():
    dice_in_german(False)


def test_dice_on_the_oled_says_it_in_german_and_no_word_is_cut():
    dice_in_german(True)


def test_the_language_is_kept_over_a_power_on_and_changes_with_a_game_in_play():
    st = MemStorage()
    app, _ = make_app(st)
    try:
        row(app, t("Dice & draws"))  # a game in play
        press(app, "back")  # its game menu
        eq(app.top().items[0][0], "Back to game")
        row(app, "Save & leave")
        language(app, "de")
        row(app, "Würfeln & Losen")  # the session left, resumed
        press(app, "back")
        eq(app.top().items[0][0], "Zurück zum Spiel")  # no restart: the game's menu in German
        app = None
        collect()
        app = App(FakeHardware(False), FakeClock(), st, seed=7)  # a power-on
        app.start()
        app.render()
        press(app, "back")
        eq(app.top().items[0][0], "Zurück zum Spiel")
    finally:
        use("en")
    app = None
    collect()


def play_dice(code):
    """A dice session's files, played with the device in `code`: switched
    to it from the other language, so both take the same presses."""
    st = MemStorage()
    st.write("settings.json", b'{"lang": "%s"}' % (b"de" if code == "en" else b"en"))
    app, _ = make_app(st, seed=3)
    app.library.new_uid = lambda fallback=0: "c0ffee000001"  # the board's random source, the same for both
    try:
        language(app, code)
        row(app, t("Dice & draws"))
        press(app, "ok", "next", "ok", "next", "next", "ok")
        press(app, "back")
        row(app, t("Save & leave"))
    finally:
        use("en")
    app = None
    collect()
    return dict((k, bytes(v)) for k, v in st.files.items() if not k.startswith("settings"))


def test_a_game_played_in_german_is_recorded_byte_for_byte_as_in_english():
    en = play_dice("en")
    de = play_dice("de")
    assert len(en) >= 2, sorted(en)  # the index and the game's record
    assert b'"t":"roll"' in en["g0001.log"], en  # with the session's throws in it
    eq(sorted(de), sorted(en))
    for k in en:
        eq((k, de[k]), (k, en[k]))


def test_a_language_the_laptop_pushed_is_said_from_the_next_screen():
    app, _ = make_app()
    try:
        app.settings.set("lang", "de")  # what an accepted push stores
        app.after_write("set_settings")
        eq(app.top().items[0][0], "Neues Spiel")
    finally:
        use("en")
    app = None
    collect()
