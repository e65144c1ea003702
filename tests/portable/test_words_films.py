"""Films in German (Settings -> Language), walked on both panels: a
best-of-three match from the new game's options through a tie, an Editor
and a Shooting Problems, a Studio's move, a repeated character and its
refusal, a refusal of the rules, the game menu, its undo question and the
Studio's notice, the side pages, to the end of the first game and the
question for the second; and a game with open bids, a Scriptwriter turning
itself into an Editor that swaps, to its end. Every screen reads in
German, with no text cut or over the panel's edge where the English had
none. (Light on the VM's heap: moves are fed as dicts, no kit of Films.)"""

import sys

from app_kit import collect, goto, make_app, press
from fakes import MemStorage
from usher.words import game, t, use

QUIET = "0 1 1 2 0 tickets1 1 tickets1 "  # a round: Anna bids 1, Ben 2, both place Tickets 1


def feed(app, moves):
    """Moves entered as if by earlier presses, in pairs of player and a bid's
    weeks or a half placed; back on the round page."""
    w = moves.split()
    for i in range(0, len(w), 2):
        p, x = int(w[i]), w[i + 1]
        a = {"t": "bid", "p": p, "weeks": int(x)} if x.isdigit() else {"t": "place", "p": p, "half": x}
        assert app.submit(a), (a, app.toast_msg)
        collect()  # as the device sweeps after a move
    from usher.ui.films.play import back_to_main

    back_to_main(app)
    app.top().reload()


def do(app, steps):
    """Presses ("ok"), a row by its English label ("=Start"; "=Turn %s|Editor": a
    template and its value), a half ("2>Editor": its group, then it; "2>": the
    group), "+" and its moves (feed), or an action dict submitted."""
    for s in steps:
        if isinstance(s, dict):
            app.submit(s)
        elif s[0] == "=":
            label, _, value = s[1:].partition("|")
            goto(app, t(label) % t(value) if value else t(label))
        elif s[0] == "+":
            feed(app, s[1:])
        elif s[1:2] == ">":
            while app.top().sel != int(s[0]):
                press(app, "next")
            press(app, "ok")
            if s[2:]:
                goto(app, t(s[2:]))
        else:
            press(app, s)


NEW = ("=New game", "=Films", "ok", "ok")  # Anna, then Ben
# (what is on screen, how to get there from the screen before), walked in turn
WALK = (
    ("setup", NEW),
    ("best of three", ("=One game",)),
    ("round page", ("=Start",)),
    ("pass to", ("ok",)),  # round 1's bids: Anna first
    ("weeks", ("next",)),  # her number, one step from the start
    ("a tie", ("prev", "ok", "ok", "ok")),  # 5 each: Anna holds the VIP, chooses and hands it on
    ("places", ("ok",)),
    ("characters", ("2>",)),
    ("editor", ("=Editor",)),
    ("target", ("=No swap", "1>Shooting Problems")),  # Ben hits Anna's Editor
    ("round 2", ("ok",)),
    # Anna 4, Ben 6; a Director, then Ben's Studio: his Shooting Problems may go left of it
    ("studio", ("ok", "prev", "ok", "next", "ok", "ok", "2>Director", "1>Studio 2", "ok")),
    ("ticked", ("next", "ok")),
    ("already there", ("prev", "ok", "prev", "prev", "ok", "next", "next", "ok", "ok", "2>Director")),
    ("refusal", ("=Both sides repeat", "0>Tickets 1")),  # under it: but Tickets 1 does not repeat
    ("round 4", ("back", "back", "=Turn it over", "2>Producer", "0>Tickets 1")),
    ("a rule's refusal", ({"t": "bid", "p": 0, "weeks": 99},)),
    ("game menu", ("back",)),
    ("undo", ("=Undo last",)),
    ("the Studio from the menu", ("back", "=Left of the Studio")),
    ("scores", ("ok", "back", "=Scores")),
)
# a match's first game fed to its end (a test of its own: the moves of a game fill the VM's heap)
MATCH = (
    (
        "a row",
        NEW
        + ("=One game", "=Start", "+0 5 1 5 0 director 1 tickets1 0 4 1 6 0 producer 1 studio2")
        + ({"t": "protect", "p": 1, "pos": [1]}, "+", "next"),  # Ben's Tickets 1 left of his Studio
    ),
    ("Ben's row", ("next",)),
    ("tickets now", ("next",)),
    ("labels", ("next",)),  # the LCD's: the OLED's is the round page again
    ("last round", ("prev", "+" + QUIET * 5 + "0 1 1 2 0 tickets2")),  # round 8: Ben places the last card
    ("shut", ("back", "=Left of the Studio")),  # no reveal is left: why not
    ("end", ("ok", "back", "ok", "0>Tickets 2")),
    ("next game", ("ok",)),
    ("game 2", ("ok",)),  # Anna has the VIP
)
OPEN = (
    ("open setup", NEW + ("=Bids: %s|private",)),
    ("open bids", ("=Start", "ok")),
    # Anna 5, Ben 6; Anna's Scriptwriter, Ben's Tickets 1; round 2: her Scriptwriter is asked first
    ("scriptwriter", ("ok", "next", "ok", "ok", "2>Scriptwriter", "0>Tickets 1", "ok")),
    ("turns to", ("=Turn %s|Scriptwriter",)),
    ("swap", ("2>Editor",)),  # its other side: an Editor, which swaps at once
    ("in for", ("=Out: %s|Editor",)),
    ("over", ("0>Tickets 2", "+" + QUIET * 7)),
    ("final", ("ok",)),
)


def watch(app):
    """[texts a fit cut], [texts over the panel's edge] from now on, each
    once, and the texts drawn into the list given back as `shown[0]` while
    it is one (a step's many frames are not all kept: the VM's heap)."""
    p = app.p
    cut, over, shown = [], [], [None]
    text, fit, w = p.text, p.fit, p.w

    def text_w(s, x, y, c=1, size="body"):
        n = text(s, x, y, c, size)
        if (x < 0 or x + n > w) and s not in over:
            over.append(s)
        if shown[0] is not None:
            shown[0].append(s)
        return n

    def fit_w(s, max_w, size="body"):
        got = fit(s, max_w, size)
        if got != s and s not in cut:
            cut.append(s)
        return got

    p.text = text_w
    p.fit = fit_w
    return cut, over, shown


def screens(mono, code, steps, said=()):
    """{screen: (texts cut, texts over the panel's edge, the texts of `said`
    for it not drawn on its last frame)} in `code`."""
    st = MemStorage()
    st.write("settings.json", ('{"lang": "%s"}' % code).encode())  # the language chosen before this power-on
    app, _ = make_app(st, mono=mono)
    if sys.implementation.name == "micropython":
        # its table whole while the heap is least cut up (New game loads it too, as the same module)
        game("films")
    out = {}
    try:
        for what, there in steps:
            cut, over, shown = watch(app)
            do(app, there)
            shown[0] = []
            app.top().dirty = True
            app.render()
            shown[0].append(app.toast_msg)  # a refusal in its bar (the next press clears it)
            for _ in getattr(app.top(), "items", ()):  # every row of a menu, scrolled into view (and round)
                press(app, "next")
            # a wrapped text whole again
            text = " ".join(shown[0])
            out[what] = (cut, over, [s for k, s in said if k == what and s not in text], len(shown[0]))
            text = shown = None
            del app.p.text
            del app.p.fit
            app.hw.display.pushes = []
            collect()
    finally:
        use("en")
    app = None
    collect()
    return out


def in_german(mono, steps, said):
    de = screens(mono, "de", steps, said)
    en = screens(mono, "en", steps)
    for what, _ in steps:
        cut, over, missing, n = de[what]
        assert n, what
        assert not over, (mono, what, over)
        # a cut in German only where the English had one too
        assert en[what][0] or not cut, (mono, what, cut)
        assert not missing, (mono, what, missing)


SAID = (
    ("setup", "Films einrichten"),
    ("setup", "Gebote: geheim"),
    ("best of three", "Bis zwei Siege"),
    ("round page", "Runde 1/8"),
    ("round page", "OK: Gebote"),
    ("weeks", "Anna: Wochen"),
    ("a tie", "Runde 1: Gebote"),
    ("a tie", "Anna wählt"),
    ("places", "Anna legt"),
    ("places", "Personen"),
    ("characters", "Regisseur"),
    ("characters", "Pressechef"),
    ("editor", "Kein Tausch"),
    ("editor", "Aus: Cutter"),
    ("target", "Ben: Drehprobleme"),
    ("target", "trifft Karte von Anna:"),
    ("round 2", "Runde 2/8"),
    ("studio", "Ben: links vom Studio?"),
    ("studio", "Auslassen (Platz 2)"),
    ("ticked", "1 nach links"),
    ("already there", "Regisseur schon da"),
    ("already there", "Beide Seiten doppelt"),
    ("refusal", "Regisseur doppelt: umdrehen"),
    ("round 4", "Runde 4/8"),
    ("a rule's refusal", "Wochen 0-20"),
    ("game menu", "Links vom Studio"),
    ("undo", "Ben: Tickets 1 zurücknehmen?"),
    ("scores", "Punkte"),
)
MATCH_SAID = (
    ("a row", "Anna: 2 Tickets"),
    ("Ben's row", "[ ]: links vom Studio"),
    ("tickets now", "Tickets jetzt"),
    ("tickets now", "Regisseur"),
    ("last round", "Runde 8/8"),
    ("shut", "Ben: Studio"),
    ("shut", "es kommt keins mehr"),
    ("end", "Spiel 1: Anna gewinnt"),
    ("next game", "Spiel 2: VIP bei wem?"),
    ("game 2", "Spiele 1-0"),
)


# each panel a test of its own, German first: the VM runs a module's tests in one process
def test_films_on_the_lcd_says_it_in_german_and_no_word_is_cut():
    in_german(False, WALK, SAID)


def test_films_on_the_oled_says_it_in_german_and_no_word_is_cut():
    in_german(True, WALK, SAID)


def test_a_match_s_pages_and_first_game_s_end_on_the_lcd_say_it_in_german():
    # the LCD's longer pages: the whole table of tickets, and what the labels mean
    in_german(False, MATCH, MATCH_SAID + (("tickets now", "Summe"), ("labels", "Kürzel"), ("labels", "Koordinator")))


def test_a_match_s_pages_and_first_game_s_end_on_the_oled_say_it_in_german():
    in_german(True, MATCH, MATCH_SAID)


OPEN_SAID = (
    ("open setup", "Gebote: offen"),
    ("open bids", "Gebote, Runde 1"),
    ("open bids", "OK: weiter"),
    ("scriptwriter", "Anna: Autor nutzen?"),
    ("scriptwriter", "Autor umdrehen"),
    ("turns to", "Autor wird zu"),
    ("swap", "Anna: Cutter, tauschen?"),
    ("in for", "Statt Cutter"),
    ("over", "Anna gewinnt"),
    ("over", "OK: Tickets"),
    ("final", "Anna gewinnt"),
)


def test_a_game_with_open_bids_and_a_scriptwriter_on_the_lcd_says_it_in_german():
    in_german(False, OPEN, OPEN_SAID)


def test_a_game_with_open_bids_and_a_scriptwriter_on_the_oled_says_it_in_german():
    in_german(True, OPEN, OPEN_SAID)
