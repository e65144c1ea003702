"""Showtime in German (Settings -> Language): a game's screens read in German
on both panels, with no word cut and nothing over the panel's edge where the
English had none: the setup menu and its Director's Cut, the seat stars'
check, entering a poster, the splash, a turn's pages (the person, the seat,
why a seat is not offered, where Ken's displaced man goes, the genre
question and an answer told), a refusal, the game menu with its undo,
scores, abandon and red carpet, the scoring replay, the summaries and the
final result. The same presses are walked in English, and the record of
the game is the same in either."""

from app_kit import collect, watch
from fakes import MemStorage, make_display
from portable import eq
from showtime_ui_kit import make_app, name, press, walk
from usher.core.crc import crc_hex
from usher.words import t, use

make_display(False)  # the colour panel's 16 KB frame buffer, taken first as the device does at boot

# the first screening's walked placements: (card, row, seat, where the displaced
# person goes, likes the poster, the pages looked at as "<tag>pick"... or "")
FIRST = (
    (4, 1, 1, None, False, "1st "),  # Anna: Heino, row 1's left; not his genre
    (7, 1, 2, None, True, ""),  # Ben: Leo beside him; Fantasy is Leo's
    (6, 1, 1, (2, 3), False, "ken's "),  # Anna: Ken takes Heino's seat, Heino to row 2 seat 3
    (4, 1, 3, None, False, ""),  # Ben: Heino, whose answer Anna's Heino gave: told, not asked
)


def ok_on(app, label):
    """OK on the row of the menu on top whose label is `label` (a Menu's
    (label, action), or the game menu's English key, said through t())."""
    scr = app.top()
    items = [it[0] if isinstance(it, tuple) else t(it) for it in scr.items]
    assert label in items, (label, items)
    walk(app, scr.sel, items.index(label), len(items))
    press(app, "ok")


def look(app, out, what, events, want):
    """Press `events`, draw the screen on top whole (a menu's every row
    scrolled into view) and keep {what: (whether a text of `want` was drawn,
    else the texts drawn; texts cut; texts over the panel's edge)} in `out`
    (only what is checked is kept: the VM's heap holds a game too)."""
    drawn, cut = watch(app)
    press(app, *events)
    top = app.top()
    top.dirty = True
    app.render()
    if name(app) != "Play":  # a menu's rows, walked round to where they were
        for _ in getattr(top, "items", ()):
            press(app, "next")
    w = app.p.w
    texts = [s for s, _, _ in drawn]
    ok = not want or [k for k in want if [s for s in texts if k in s]]
    over = [s for s, x, n in drawn if x < 0 or x + n > w]
    del app.p.text
    del app.p.fit
    drawn = None
    out[what] = (True if ok else texts, cut, over)


def language(app, code):
    """Settings -> Language, OK until it says `code`'s own name; back Home
    (test_words_screens.language, without that module on the VM's heap)."""
    from usher.words import NAMES, lang

    ok_on(app, t("Settings"))
    while lang() != code:
        ok_on(app, t("Language: %s") % NAMES[lang()])
    press(app, "back")


def mode(app):
    return getattr(app.top(), "mode", -1)


def home(app):
    for _ in range(8):
        if name(app) == "Home":
            return
        press(app, "back")
    eq(name(app), "Home")


def place(app, see, card, row, seat, to, likes, tag):
    """One placement with the buttons, its pages looked at (`tag` given)."""
    scr = app.top()
    cards = scr.lists[0]
    walk(app, scr.at[0], cards.index(card), len(cards))
    if tag:
        see(tag + "pick")
    press(app, "ok")
    if tag:
        see(tag + "seat")
    i = (row - 1) * 4 + seat - 1
    walk(app, scr.at[1], scr.lists[1].index(i), len(scr.lists[1]))
    press(app, "ok")
    if mode(app) == 2 and app.top() is scr:  # where the displaced person goes
        if tag:
            see(tag + "target")
        j = (to[0] - 1) * 4 + to[1] - 1
        walk(app, scr.at[2], scr.lists[2].index(j), len(scr.lists[2]))
        press(app, "ok")
    if mode(app) == 4 and app.top() is scr:  # the genre question
        if tag:
            see(tag + "genre")
        press(app, "ok" if likes else "prev")


def fill(app):
    """Placements until the screening is scored: the first person in hand
    with a seat, on the seat the cursor starts on, no to the genre."""
    from usher.ui.showtime import pick

    while name(app) == "Play":
        scr = app.top()
        s = app.match.state
        cards = [c for c in scr.lists[0] if pick.seats_for(s, c)]
        walk(app, scr.at[0], scr.lists[0].index(cards[0]), len(scr.lists[0]))
        press(app, "ok", "ok")
        if mode(app) == 2 and app.top() is scr:
            press(app, "ok")
        if mode(app) == 4 and app.top() is scr:
            press(app, "prev")


def play(mono, code):
    """{screen: (its German said, or the texts drawn; cut; over)} of a
    two-player game walked in `code` (German checked against SAYS), and the
    files the game left."""
    st = MemStorage()
    app, _ = make_app(st, mono=mono)
    app.library.new_uid = lambda fallback=0: "c0ffee000001"  # the board's random source, the same for both
    out: dict = {}

    def see(what, *events):
        look(app, out, what, events, WANT[what] if code == "de" else ())

    try:
        language(app, code)
        # three players first: row 3's seat stars are asked to be checked
        ok_on(app, t("New game"))
        press(app, "ok", "prev", "ok", "ok", "ok", "ok")  # Showtime; 3 players (from 4); the roster's first three
        see("setup, three players")
        ok_on(app, t("Check seat stars!"))
        see("seat stars check")
        see("seat stars", "back")  # Back: edit them
        home(app)
        ok_on(app, t("New game"))
        press(app, "ok", "prev", "prev", "ok", "ok", "ok")  # two players: Anna, Ben
        ok_on(app, t("Start player: %s") % t("draw"))  # Anna starts
        ok_on(app, t("Posters: device draws"))  # the players enter the posters
        see("setup")
        ok_on(app, t("Director's Cut: off"))
        see("director's cut", "next", "next", "ok")  # person 1 unticked
        see("a cut of 15", "prev", "prev", "ok")  # Done with 15: refused
        ok_on(app, t("No Director's Cut"))
        ok_on(app, t("Start"))
        see("poster")
        see("splash", "ok")  # Fantasy
        see("turn", "ok")
        for card, row, seat, to, likes, tag in FIRST:
            place(app, see, card, row, seat, to, likes, tag)
        see("an answer told")  # until the next press
        press(app, "ok")  # Anna: her first person
        see("why not", "ok_long")
        scr = app.top()
        while scr.sel() != 1:  # Leo's seat: taken
            press(app, "next")
        see("a refusal", "ok")
        press(app, "back", "back")  # the seats on offer, the persons
        see("game menu", "back")
        ok_on(app, t("Undo last"))
        see("undo")
        press(app, "back")
        ok_on(app, t("Scores"))
        see("scores")
        press(app, "back")
        ok_on(app, t("Abandon"))
        see("abandon")
        press(app, "back")
        ok_on(app, t("Red carpet"))
        see("red carpet")
        press(app, "ok")
        ok_on(app, t("Back to game"))
        fill(app)
        see("replay")
        see("replay, an effect", *(["ok"] * (len(app.match.state["steps"]) // 2)))
        see("summary", "back_long")
        see("poster 2", "ok")
        press(app, "ok", "ok")  # Sci-fi; the splash
        fill(app)
        press(app, "back_long", "ok")  # the replay to the summary; the posters left
        press(app, "next", "ok", "ok")  # Comedy; the splash
        fill(app)
        see("final", "back_long")
        see("final menu", "back")
        ok_on(app, t("Home"))
        eq(name(app), "Home")
        # each file's length and CRC, read one at a time: the whole files (the
        # snapshots and the index too) would not fit beside the app in the VM's heap
        files = {}
        for k in st.files:
            if not k.startswith("settings"):
                v = st.files[k]
                files[k] = (len(v), crc_hex(v))
                v = None
    finally:
        use("en")
    app = scr = None
    collect()
    return out, files


# what each screen says in German, at least: (screen, a text drawn or a part of one, or another)
SAYS = (
    ("setup, three players", "Sitzsterne prüfen!"),
    ("seat stars check", "Sitzsterne wie auf", "Zurück: ändern."),
    ("seat stars", "Sitzsterne"),
    ("setup", "Startspieler: Anna"),
    ("director's cut", "Fertig: 15 von 12"),
    ("a cut of 15", "12 ankreuzen (jetzt 15)"),
    ("poster", "Plakat 1 von 3"),
    ("splash", "Anna beginnt"),
    ("turn", "1/3 Fantasy"),
    ("1st pick", "< 4 Heino >"),
    ("1st seat", "Heino: "),
    ("1st genre", "Heino mag Fantasy?"),
    ("ken's pick", "< 6 Ken >"),
    ("ken's seat", "Ken: "),
    ("ken's target", "Heino nach "),
    ("ken's genre", "Ken mag Fantasy?"),
    ("an answer told", "Heino mag Fantasy nicht", "Heino: kein +2"),
    ("why not", ": frei"),
    ("a refusal", "Platz besetzt"),
    ("game menu", "Roter Teppich"),
    ("undo", "Ben setzte Heino"),
    ("scores", "Punkte"),
    ("abandon", "Bleibt in Spielständen"),
    ("red carpet", "Roter Teppich"),
    ("replay", "-Sterne-Platz"),
    ("replay, an effect", "Effekte 1/8"),
    ("summary", "Vorstellung 1 vorbei", "1/3 aus, "),  # the LCD's title, the OLED's
    ("poster 2", "Plakat 2 von 3"),
    ("final", "Ende: "),
    ("final menu", "Zum Start"),
)


WANT = dict((says[0], says[1:]) for says in SAYS)


def showtime_in_german(mono):
    de, de_files = play(mono, "de")
    en, en_files = play(mono, "en")
    eq(sorted(de), sorted(en))  # the same screens walked
    eq(sorted(de), sorted(WANT))  # each with its German said
    for what in de:
        ok, cut, over = de[what]
        assert ok is True, (mono, what, WANT[what], ok)
        assert not over, (mono, what, over)
        # a cut in German only where the English had one too
        eq((mono, what, cut if not en[what][1] else []), (mono, what, []))
    # the game left the same files in either language
    assert de_files, de_files
    eq(sorted(de_files), sorted(en_files))
    for k in en_files:
        eq((k, de_files[k]), (k, en_files[k]))


def test_showtime_on_the_lcd_says_it_in_german_and_no_word_is_cut():
    showtime_in_german(False)


def test_showtime_on_the_oled_says_it_in_german_and_no_word_is_cut():
    showtime_in_german(True)
