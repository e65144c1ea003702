"""Show Manager in German (the setting "lang") on both panels: a real game's
screens, from its first turn to the final standings (the turn page, a show
put on, a loan, the turn told, a refusal, the game menu and its undo
questions, a peek at the money, the city pages), and a new game's options
with the cities' editor they lead to, read in German with no text cut, over
the panel's edge or ended in "..." where the English had none. The same
presses and moves in both languages: only the words differ. A refusal is
said in German and kept in English. Light on the VM's heap: each screen's
texts are looked at as they are drawn, none kept."""

from app_kit import collect, goto, make_app, press
from portable import eq, raises
from show_manager_ui_kit import choose, set_value, start, top
from usher.words import t, use

MORE = "\x7f"  # the fonts' "..." glyph: a title or a line cut by rich_fit


def language(app, code):
    """The device in `code` as a language the laptop pushed is taken (Settings'
    own screens are test_words_screens'): the VM's heap is left in fewer
    pieces for the tables the walks load (a game's words, 3.7 KB at once)."""
    app.settings.set("lang", code)
    app.after_write("set_settings")


row = goto  # OK on the row of the menu on top with this label


class Shots:
    """What each screen drew, as {screen: (the `want`ed texts it did not
    draw, texts cut by a fit, texts over the panel's edge, texts ending in
    the "..." glyph)}, looked at as they are drawn: no screen's texts are
    kept (the VM's heap). `want`: {screen: texts it must draw, in part}."""

    def __init__(self, app, want):
        self.app = app
        self.want = want
        self.out = {}

    def __call__(self, what, go=None, scroll=True):
        """The screen on top drawn whole (or what `go` draws: a press), then
        every row of a menu or a table brought into view and back."""
        app = self.app
        p = app.p
        text, fit = p.text, p.fit
        w = p.w
        missing = list(self.want.get(what, ())) + ["(nothing drawn)"]
        cut, over, more = [], [], []
        rows = (t("Borrow") + MORE, t("Put on a show") + MORE)  # the rows that lead on, not cut

        def text_w(s, x, y, c=1, size="body"):
            n = text(s, x, y, c, size)
            for k in [k for k in missing if k in s or k == "(nothing drawn)"]:
                missing.remove(k)
            if (x < 0 or x + n > w) and s not in over:
                over.append(s)
            if s.endswith(MORE) and s not in rows and s not in more:
                more.append(s)
            return n

        def fit_w(s, max_w, size="body"):
            got = fit(s, max_w, size)
            if got != s and s not in cut:
                cut.append(s)
            return got

        p.text = text_w
        p.fit = fit_w
        try:
            if go is None:
                app.top().dirty = True
                app.render()
            else:
                go()
            if scroll:
                rows_into_view(app)
        finally:
            del p.text
            del p.fit
        self.out[what] = (missing, cut, over, more)
        collect()


def rows_into_view(app):
    """Every row of the menu (or table) on top drawn, the cursor walked down
    and back without leaving it (the turn page goes on to its pages past an end)."""
    scr = app.top()
    items = getattr(scr, "items", None)
    if items and hasattr(scr, "sel"):
        s0 = scr.sel
        while scr.sel > 0:
            press(app, "prev")
        while scr.sel < len(items) - 1:
            press(app, "next")
        while scr.sel > s0:
            press(app, "prev")
    elif hasattr(scr, "first") and hasattr(scr, "rows"):
        for _ in scr.rows:
            press(app, "next")
        while scr.first:
            press(app, "prev")


def auto(app, until, pos=None, shows=True):
    """Moves until `until(state)`: the player on turn puts on the biggest
    musical her hand can (5 in each role, the first free city; not if
    `shows` is False), else hires (from space pos[q], the free card if not
    given). A move ending the game shows the final standings, as a press would."""
    from usher.games.show_manager.rules import SHOW, producible
    from usher.ui.show_manager.play import act

    st = app.match.state
    while not until(st):
        q = st["turn"]
        ts = [] if st["did"] & SHOW or not shows else producible(st, q)
        if ts:
            m = ts[-1]
            a = {"t": "produce", "p": q, "title": m, "roles": [5] * st["titles"][m][1]}
            if st["at"][m] < 0:
                a["city"] = [c for c in range(len(st["cities"])) if c not in st["at"]][0]
        else:
            a = {"t": "hire", "p": q, "pos": pos[q] if pos else 0}
        assert act(app, a), (a, app.toast_msg)
        st = app.match.state
    collect()


def pages(app):
    """From the turn's menu, prev past its first row: the scores, then each city, last first."""
    scr = app.top()
    while scr.sel:
        press(app, "prev")
    for _ in range(scr.npages() - 1):
        press(app, "prev")
    assert scr.page == 1, scr.page


def undo_question(app, shot, what):
    """Back (the game menu), Undo last: the question; Back twice to the turn page."""
    press(app, "back")
    row(app, t("Undo last"))
    shot(what, scroll=False)
    press(app, "back", "back")


def game(mono, code, want):
    """A four-player game's screens in `code`, from its first turn to the end."""
    app, _ = make_app(mono=mono)
    shot = Shots(app, want)
    try:
        language(app, code)
        start(app, 4)  # the options: in cities(), which starts from them
        eq(top(app), "Main")
        shot("turn")  # the first: nothing to put on, the refresh and the four hires
        press(app, "ok")  # the free card
        shot("turn told", scroll=False)
        undo_question(app, shot, "undo a hire")
        # Dev hires dear (her money runs short later); Anna's hand of five: three musicals to choose
        auto(app, lambda s: s["turn"] == 0 and s["hand"][0] >= 5, (0, 0, 0, 3), False)
        shot("turn with a show")
        choose(app, t("Put on a show"))
        shot("musicals")
        choose(app, "Wolf")
        shot("premiere city")
        choose(app, "Koeln:")
        shot("roles", scroll=False)
        set_value(app, 0)  # a miscast
        shot("roles, a miscast", scroll=False)
        set_value(app, 6)
        press(app, "ok", "ok", "ok")
        eq(top(app), "Summary")
        shot("summary", scroll=False)
        press(app, "ok")
        shot("show told", scroll=False)
        undo_question(app, shot, "undo a show")
        press(app, "ok")  # Anna hires the free card
        auto(app, lambda s: s["turn"] == 3)
        choose(app, t("Refresh display %s") % ("2.000" if code == "de" else "2,000"))
        shot("refresh told", scroll=False)
        undo_question(app, shot, "undo a refresh")
        # Dev's money: 18,000 less five hires at 3,000 and the refresh
        shot("refusal", lambda: choose(app, t("Hire for %s") % ("3.000" if code == "de" else "3,000")))
        choose(app, t("Hire free card"))
        shot("whole turn told", scroll=False)  # Anna's turn: Dev's whole turn told
        press(app, "back")
        shot("game menu")
        row(app, t("Scores"))
        shot("points now")
        press(app, "back")
        row(app, t("Peek my money"))
        shot("whose money")
        press(app, "ok", "ok")  # Anna, the device passed to her
        eq(top(app), "Secret")
        shot("money", scroll=False)
        press(app, "ok", "ok")  # handed back
        eq(top(app), "Main")
        # two productions of Anna's on the board, her turn from its start: which to borrow on
        auto(app, lambda s: s["turn"] == 0 and not s["did"] and len([c for c in s["chips"] if c[0] == 0]) >= 2)
        shot("pages", lambda: pages(app), scroll=False)
        press(app, "prev")  # the turn's menu again
        choose(app, t("Borrow"))
        shot("borrow on")
        choose(app, "Wolf")
        eq(top(app), "LoanPicker")
        shot("loan", scroll=False)
        set_value(app, 3)
        shot("loan of three", scroll=False)
        press(app, "ok")
        shot("loan told", scroll=False)
        undo_question(app, shot, "undo a loan")
        refresh = t("Refresh display %s") % ("2.000" if code == "de" else "2,000")
        choose(app, refresh)
        choose(app, refresh)
        choose(app, t("Hire free card"))
        shot("long turn told", scroll=False)  # on the OLED a page at a time
        auto(app, lambda s: s["turn"] < 0)
        eq(top(app), "Table")
        shot("final")
        press(app, "back")
        eq(top(app), "Main")
        shot("game over")
    finally:
        shot.app = app = None  # its heap back before English's table goes (the VM's 256K)
        collect()
        use("en")
    collect()
    return shot.out


def cities(mono, code, want):
    """A new game's options (the start player, the edition, the cities not
    known yet), on to the cities' editor they lead to: a city, its places,
    a refused removal, a new one; and the same editor in Settings."""
    app, _ = make_app(mono=mono)
    shot = Shots(app, want)
    try:
        language(app, code)
        row(app, t("New game"))
        row(app, "Show Manager")
        press(app, "ok", "ok", "ok", "ok", "ok")  # four players, a name a seat
        eq(top(app), "Setup")
        shot("options")
        row(app, t("Not known: %s") % "City 3, City 4")
        shot("cities not known", scroll=False)
        press(app, "ok")  # edit them now
        shot("cities")
        row(app, "City 3")
        shot("a city")
        choose(app, t("Places: %s") % "20 15 10 6 3 0")
        eq(top(app), "Entries")
        shot("places", scroll=False)
        press(app, "back")
        shot("too few cities", lambda: row(app, t("Remove")), scroll=False)
        press(app, "back")
        row(app, t("+ add city"))
        shot("new city", scroll=False)
        for _ in range(12):  # the name, the cities, the options, the seats, the games: Home
            if top(app) == "Home":
                break
            press(app, "back")
        row(app, t("Settings"))
        row(app, t("Show Manager cities"))
        shot("cities in settings")
    finally:
        shot.app = app = None  # its heap back before English's table goes (the VM's 256K)
        collect()
        use("en")
    collect()
    return shot.out


def no_cut(mono, en, de):
    eq(sorted(de), sorted(en))
    for what in en:
        missing, cut, over, more = de[what]
        eq((mono, what, "de", missing), (mono, what, "de", []))
        en_missing, en_cut, en_over, en_more = en[what]
        eq((mono, what, "en", en_missing), (mono, what, "en", []))
        # a cut, a text over the edge, a line ended in "...": in German only where the English had one too
        eq((mono, what, cut if not en_cut else []), (mono, what, []))
        eq((mono, what, over if not en_over else []), (mono, what, []))
        eq((mono, what, more if len(more) > len(en_more) else []), (mono, what, []))


# what each screen says in German, in part (the English: the screens it starts and ends on)
GAME = {
    "turn": ("Anna", "0 Karten", "Neue Auslage 2.000", "Gratis engagieren", "Engagieren für 3.000"),
    "turn told": ("Anna engagierte", "gratis"),
    "undo a hire": ("Anna:", "Gratis-Engagieren", "zurücknehmen?"),
    "turn with a show": ("Musical aufführen", "5 Karten"),
    "musicals": ("Musical aufführen", "Wolf", "Premiere"),
    "premiere city": ("Wolf: Premiere in", "Koeln"),
    "roles": ("Rollen: Wolf", "Bonus"),
    "roles, a miscast": ("Rollen: Wolf", "0+5+5 = 10"),
    "summary": ("Musical aufführen", "1. in Koeln"),
    "show told": ("Anna führte Wolf in", "Koeln auf"),
    "undo a show": ("Anna: Wolf in Koeln", "zurücknehmen?"),
    "refresh told": ("Dev tauschte die", "2.000"),
    "undo a refresh": ("neue Auslage", "zurücknehmen?"),
    "refusal": ("nicht genug Geld",),
    "whole turn told": ("Dev tauschte die", "engagierte gratis"),
    "game menu": ("Mein Geld ansehen", "Zurück zum Spiel"),
    "points now": ("Punktestand",),
    "whose money": ("Wessen Geld?",),
    "money": ("Karten auf der Hand",),
    "pages": ("Punktestand", "Koeln: Wolf"),
    "borrow on": ("Kredit auf", "Wolf"),
    "loan": ("Kredit auf Wolf",),
    "loan of three": ("+3.000",),
    "loan told": ("Anna lieh 3.000 auf",),
    "undo a loan": ("Kredit über", "3.000 auf Wolf", "zurücknehmen?"),
    "long turn told": ("Anna lieh 3.000", "2-mal"),
    "final": ("Ende: Punkte, Geld",),
    "game over": ("Spielende", "Endstand"),
}
GAME_EN = {"turn": ("Hire free card", "Hire for 3,000"), "final": ("Final: points, money",)}
CITIES = {
    "options": ("Spiel starten", "Startspieler: Anna", "Ungeklärt: City 3, City 4", "Edition: Show Manag"),
    "cities not known": ("unbekannt", "OK: jetzt eintragen."),
    "cities in settings": ("Show Manager: Städte", "unbekannt"),
    "cities": ("Show Manager: Städte", "unbekannt", "+ Stadt dazu"),
    "a city": ("Unbekannt: vom Spiel", "Plätze: ", "Entfernen"),
    "places": ("1.", "6."),
    "too few cities": ("mindestens 4 Städte",),
    "new city": ("Neue Stadt",),
}


# each panel a test of its own, German first (the VM runs a module's tests in one process)
def game_in_german(mono):
    want = dict(GAME)
    if mono:  # a turn told a page at a time
        want["long turn told"] += ("OK: weiter",)
    else:  # the one column of a city page has room for the hands and the touring companies' names
        want["pages"] += ("Karten", "Tournee")
        want["summary"] += ("behält 2 Karten", "OK: aufführen")
        want["roles"] += ("</>: ändern",)
    de = game(mono, "de", want)
    no_cut(mono, game(mono, "en", GAME_EN), de)


def cities_in_german(mono):
    de = cities(mono, "de", CITIES)
    no_cut(mono, cities(mono, "en", {}), de)


def test_a_show_manager_game_on_the_lcd_says_it_in_german_and_no_word_is_cut():
    game_in_german(False)


def test_a_show_manager_game_on_the_oled_says_it_in_german_and_no_word_is_cut():
    game_in_german(True)


def test_a_new_game_s_options_and_the_cities_on_the_lcd_say_it_in_german():
    cities_in_german(False)


def test_a_new_game_s_options_and_the_cities_on_the_oled_say_it_in_german():
    cities_in_german(True)


def test_a_refusal_is_said_in_german_and_recorded_in_english():
    app, _ = make_app()
    try:
        language(app, "de")
        start(app, 2, components={"money": 500})
        n = len(app.match.inforce)
        choose(app, "Engagieren für 3.000")
        eq(app.toast_msg, "nicht genug Geld")
        eq(len(app.match.inforce), n)
        from usher.core.errors import RuleError
        from usher.games.show_manager.rules import ACTIONS

        e = raises(RuleError, ACTIONS["hire"], app.match.state, {"p": 0, "pos": 3})
        eq(str(e), "not enough money")  # the record's and the laptop's words
        eq(e.msg, "not enough money")
    finally:
        use("en")
    app = None
    collect()
