"""Showbiz in German (Settings -> Language): a real game on both panels, its
setup and settings, the general agent's steps, the side pages, a selection
turn with a claim, two private bids, the reveal and the contract, the game
menu (undo, scores, a break refused for want of ZE, a look at one's ZE), the
year's end, the end roll, a tie, the final standings, and the first steps of
a game whose draws are entered at the table. Every screen reads in German,
with no text cut or over the panel's edge where the English had none: the
same presses in English and in German, the game the same in both. (The
pass-to and pass-back screens are the shell's, usher.ui.private: walked, not
asked for German.)

The walks are scripts, a step a line (run by `walk`), each a test a panel
on a device of its own: on the VM a script is one string, where the same
steps as calls held ~4 KB more of the 256 KB heap the walks need, and a walk
a test leaves the next a heap less cut up."""

from app_kit import collect, goto, make_app, press
from fakes import MemStorage
from portable import eq, on_micropython
from usher.ui.screen import RowScreen
from usher.words import lang, t, use

# A step: a button ("ok", "ok 6": six times), or
#   look NAME|TEXT|...  the screen on top, called NAME, read whole: each TEXT is
#                       in a text drawn in German ("lcd:TEXT": on the LCD only)
#   goto ENGLISH[|N]    OK on the menu row t(ENGLISH) (% N)
#   number N            the number picker on top to N
#   is KIND             the screen on top is a KIND
#   toast               a refusal is shown
#   pop                 the screen on top closed (the pass-to, which has no back)
#   start [YEAR]        a game of Anna and Ben from year 11 (or YEAR), the device drawing
#   main                back to the game's main screen
#   step KIND           OK on the main screen until the game waits for a KIND
#   turns               selection turns the plain way (the first colour, no claim,
#                       a 1-year contract) while the main screen waits for a pick
#   over                on to the game's end, turns the plain way, the step page shown
SETUP = """
goto Settings
goto Showbiz options
look settings|ZE: geheim|Ziehen: Gerät
back 2
goto New game
goto Showbiz
number 2
ok 3
is ShowbizSetup
goto Draws: device
look setup|Los|Agent: zufällig|Ziehen: am Tisch|ZE: geheim|Startjahr: 1
goto Start year: %d|1
look start year|Startjahr
number 11
ok
goto Start
ok
look choose the agent|Generalagent
ok 2
look enter the taste|Geschmacksreihe|OK: gelb dazu
# six yellow: four left in the bag; the fifth of the forecast is refused
ok 7
ok 5
toast
look none left|keins mehr: gelb
next
ok 2
look forecast die|Prognosewürfel
ok
look artists step|: neue Künstler|OK: eingeben
back
main
back
goto Save & leave
"""
TURN = """
start
look agent step|Jahr 11|Generalagent?|OK: ziehen
next
look pool|Ablage 0 ZE
next
look taste|Geschmack J11|Noch nicht gezogen
next
look board| Pkt
next
look board 2| Pkt
next
look scores page|Punkte|Ges
# from a side page OK comes back to the step
ok 2
look agent| ist Generalagent|: Geschmack
ok
look taste row|Geschmack|: Prognose
ok
look forecast|Dann|: neue Künstler
ok
look pick step| Künstler gezogen| wählt|OK: wählen
# the picker takes the first colour, the other claims it; the picker bids high
ok
look pick| wählt
ok
look claims|Wer will |, 1 ZE?|Kein Anspruch
next
ok
look a claim|Fertig: 1 Anspruch
prev
ok
look pass to
ok
look bid|Gebot für |: alle deine ZE
number 7
ok
look pass back
ok
pop
look bid step|Gebote für|Geboten: |OK: weiter an |lcd:Offen:
ok 2
look claimer's bid|: 1 ZE schon gezahlt
number 1
ok 2
is Reveal
look reveal|Gebote für| gewinnt
ok
look contract| nimmt|3 Jahre|Spalte 1|OK lang
ok_long
look column|Spalte|Spalte 2
ok
number 5
ok
look signed| nimmt|, 5 Jahre
"""
MENU = """
# the same turn without a look, then the game menu
start
step pick
ok 2
next
ok
prev
ok 2
number 7
# passed back, the claimer's bid of 1, the reveal, the contract for five years
ok 6
number 5
ok
back
look game menu|Vertrag brechen|Meine ZE ansehen|Zurück zum Spiel
goto Undo last
look undo|Vertrag von |zurücknehmen|5 J.?
back
goto Scores
look scores|Punkte
back
goto Break contract
look who breaks|Wer bricht?
ok
look break| bricht|Sp1, 5J: 10 ZE
ok
look break?|Vertrag von |brechen|Kostet 10 ZE
# 10 ZE for five years, and 8 left after the bid
ok
toast
look a refusal|Bruch kostet 10 ZE
main
back
goto Peek my ZE
look whose ZE|Wessen ZE?
ok 2
look peek| ZE
ok 2
"""
END = """
start
step pick
turns
is YearEnd
look year end|Jahr 11 gewertet|Beutel:|(falls es weitergeht)|Ablage
ok
look year's scores|Punkte|J11|Ges
ok
look end roll step|: Endwurf, 1-4|OK: würfeln
ok
look end roll|Endwurf |(1-4 endet)|: Wurf gegen
# a twelfth year (the seed's roll gives one): its taste roll
ok
look taste roll|Wurf | gegen
"""
LAST = """
# the last year: a tie won by the picker, the game's end
start 12
step pick
ok 2
next
ok
prev
ok
ok 6
is Reveal
look a tie|Gebote für| gewinnt | am Zug ist
ok
look after a tie| nimmt
ok
over
look game over|Spiel vorbei|OK: Endstand
ok
look final standings|Endstand
"""


def look(app, out, what, want, mono):
    """The screen on top drawn whole, a menu's every row scrolled into view
    (and the cursor brought back where it was), a table's every line: in
    German each text of `want` must be in a text drawn; out[what] = (the
    texts cut, the texts over the panel's edge). Only those are kept (the
    VM's heap): a watch of its own, not app_kit's, which keeps every text."""
    want = [s[4:] if s.startswith("lcd:") else s for s in want if not (mono and s.startswith("lcd:"))]
    p = app.p
    text, fit = p.text, p.fit
    seen = [lang() != "de" for s in want]
    said: list = []  # the first few, to say what was drawn if a text is missing
    cut: list = []
    over: list = []

    def text_w(s, x, y, c=1, size="body"):
        n = text(s, x, y, c, size)
        if (x < 0 or x + n > p.w) and s not in over:
            over.append(s)
        for i in range(len(want)):
            if not seen[i] and want[i] in s:
                seen[i] = True
        if len(said) < 12:
            said.append(s)
        return n

    def fit_w(s, max_w, size="body"):
        got = fit(s, max_w, size)
        if got != s and s not in cut:
            cut.append(s)
        return got

    p.text = text_w
    p.fit = fit_w
    try:
        app.top().dirty = True
        app.render()
        top = app.top()
        for _ in getattr(top, "items", ()):  # a menu: round the ring of rows, back to the same one
            press(app, "next")
        if isinstance(top, RowScreen):  # a table, a year's end: down its lines, back up
            n = len(top.rows)
            press(app, *(["next"] * n + ["prev"] * n))
    finally:
        del p.text
        del p.fit
    assert said, what
    for i in range(len(want)):
        assert seen[i], (what, want[i], said)
    out[what] = (cut, over)
    collect()


def kind(app):
    return type(app.top()).__name__


def waits(app):
    from usher.games.showbiz.game import GAME

    ex = GAME.expects(app.match.state)
    return ex[0].kind if ex else "over"


def number(app, value):
    pk = app.top()
    while pk.value < value:
        press(app, "next")
    while pk.value > value:
        press(app, "prev")


def walk(app, out, mono, script):
    """Run a script's steps (above) on the app."""
    for line in script.split("\n"):
        if not line or line[0] == "#":
            continue
        op, _, arg = line.partition(" ")
        if op == "look":
            parts = arg.split("|")
            look(app, out, parts[0], parts[1:], mono)
        elif op == "goto":
            text, _, n = arg.partition("|")
            goto(app, t(text) % int(n) if n else t(text))
        elif op == "number":
            number(app, int(arg))
        elif op == "is":
            assert kind(app) == arg, (line, kind(app))
        elif op == "toast":
            assert app.toast_msg, (line, kind(app))
        elif op == "pop":
            app.pop()
            app.render()
        elif op == "start":
            from showbiz_ui_kit import start

            start(app, 2, start_year=int(arg or 11))
        elif op == "main":
            while kind(app) != "Main":
                press(app, "back")
        elif op == "step":
            while waits(app) != arg:
                press(app, "ok")
        elif op == "turns":
            while kind(app) == "Main" and waits(app) == "pick":
                press(app, "ok", "ok")  # the pick menu, its first colour
                if kind(app) == "Claims":
                    press(app, "ok")  # its first row: nobody claims
                assert kind(app) == "ContractPicker", kind(app)
                number(app, 1)
                press(app, "ok")
                if kind(app) == "Reveal":
                    press(app, "ok")
        elif op == "over":
            while waits(app) != "over":
                if waits(app) == "pick":
                    walk(app, out, mono, "turns")
                else:
                    press(app, "ok")
                while kind(app) in ("Reveal", "YearEnd"):
                    press(app, "ok")
                collect()
            walk(app, out, mono, "main")
            if app.top().page:  # the year's scores: OK back to the step page
                press(app, "ok")
        else:
            press(app, *([op] * int(arg or 1)))


def play(mono, code, script):
    """{screen: (texts cut, texts over the edge)} of a walk on a device that
    starts in `code` (Settings -> Language, kept over the power-on: its
    table loads first, on a heap the walk has not cut up)."""
    st = MemStorage()
    st.write("settings.json", b'{"lang": "%s"}' % code.encode())
    app, _ = make_app(st, mono=mono)
    out: dict = {}
    try:
        walk(app, out, mono, script)
    finally:
        use("en")
    app = None
    collect()
    return out


def no_cut(mono, en, de):
    """No text cut or over the edge in German where the English had none."""
    eq(sorted(de), sorted(en))
    for what in en:
        cut, over = de[what]
        assert not over or en[what][1], (mono, what, over)
        eq((mono, what, cut if not en[what][0] else []), (mono, what, []))


# German first, while the heap is whole (its tables load), then English: in
# these walks the English cuts nothing and draws nothing over the edge (the
# first check below), so on the VM, whose heap holds one walk at a time, the
# German alone is held to that
def in_german(mono, script):
    de = play(mono, "de", script)
    if on_micropython():
        en = dict((what, ([], [])) for what in de)
    else:
        en = play(mono, "en", script)
        eq([w for w in en if en[w] != ([], [])], [])
    no_cut(mono, en, de)


def test_a_showbiz_turn_on_the_lcd_says_it_in_german_and_no_word_is_cut():
    in_german(False, TURN)


def test_a_showbiz_turn_on_the_oled_says_it_in_german_and_no_word_is_cut():
    in_german(True, TURN)


def test_showbiz_s_last_year_on_the_lcd_says_it_in_german_and_no_word_is_cut():
    in_german(False, LAST)


def test_showbiz_s_last_year_on_the_oled_says_it_in_german_and_no_word_is_cut():
    in_german(True, LAST)


def test_showbiz_s_game_menu_on_the_lcd_says_it_in_german_and_no_word_is_cut():
    in_german(False, MENU)


def test_showbiz_s_game_menu_on_the_oled_says_it_in_german_and_no_word_is_cut():
    in_german(True, MENU)


def test_showbiz_s_end_on_the_lcd_says_it_in_german_and_no_word_is_cut():
    in_german(False, END)


def test_showbiz_s_end_on_the_oled_says_it_in_german_and_no_word_is_cut():
    in_german(True, END)


def test_showbiz_setup_on_the_lcd_says_it_in_german_and_no_word_is_cut():
    in_german(False, SETUP)


def test_showbiz_setup_on_the_oled_says_it_in_german_and_no_word_is_cut():
    in_german(True, SETUP)
