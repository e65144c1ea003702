"""What the Showbiz screens tell a new player, read from the draw calls
(a year's end: test_showbiz_ui_year_end): a player's mark is a ring on
every screen that marks one; a contract's length says years; a claim's ZE
is told where it is made and where the bid cap shows; a round is a
"round", a tie says why its winner wins, ZE are not "money"; a broken
contract's artist goes back to the bag, a new one to the pool; the game
menu's scores never order a tie on points by private ZE."""

from app_kit import shown_texts
from portable import eq
from showbiz_ui_kit import bid, choose, first_draw, labels, make_app, pitch_of, press, start, state, step, to_pick, top
from showbiz_ui_player import Player
from usher.ui.showbiz.draw import cap


# -- a player's colour is a ring, never an artist's filled square -------------------
class Marks:
    """The squares of player inks the painter fills and rings, by size."""

    def __init__(self, app):
        from usher.ui import theme

        self.p = app.p
        self.inks = [theme.player(q) for q in range(8)]
        self.fills = []
        self.rings = []
        self.f, self.r = self.p.fill_rect, self.p.rect
        self.p.fill_rect = lambda x, y, w, h, c: self.seen(self.fills, w, h, c) or self.f(x, y, w, h, c)
        self.p.rect = lambda x, y, w, h, c: self.seen(self.rings, w, h, c) or self.r(x, y, w, h, c)

    def seen(self, into, w, h, c):
        if w == h and c in self.inks:
            into.append((w, c))

    def off(self):
        self.p.fill_rect, self.p.rect = self.f, self.r


def rings_only(app, size, who):
    """Redraw the screen on top: `who` marked by rings of `size`, no filled one."""
    from usher.ui import theme

    m = Marks(app)
    app.top().dirty = True
    app.render()
    m.off()
    for q in who:
        assert (size, theme.player(q)) in m.rings, (top(app), q, m.rings)
    eq([f for f in m.fills if f[0] == size], [])


def test_players_are_rings_on_claims_pass_to_reveal_who_breaks_and_the_standings():
    app, _ = make_app()  # the colour panel: the OLED's seat shapes carry no colour
    p = app.p
    menu_mark = p.line_h("body") - 4
    start(app, 4, agent=3)  # Dev is the agent and picks first
    to_pick(app)
    press(app, "ok", "ok")
    eq(top(app), "Claims")
    rings_only(app, menu_mark, [0, 1, 2])
    press(app, "next", "ok", "prev", "ok")  # Anna claims
    eq(top(app), "PassTo")
    rings_only(app, p.line_h("body"), [3])
    bid(app, 2)
    eq(top(app), "PassTo")
    press(app, "ok")
    press(app, "ok", "ok")  # Anna bids 1 (the picker's start)
    eq(top(app), "Reveal")
    rings_only(app, pitch_of(app) - 6, [3, 0])
    press(app, "ok", "ok")  # Dev signs
    eq(step(app), "pick")
    press(app, "back")
    choose(app, "Break contract")
    eq(top(app), "Menu")
    eq(labels(app), ["Dev"])
    rings_only(app, menu_mark, [3])
    press(app, "back")  # to the game menu
    choose(app, "Scores")
    eq(top(app), "Table")
    rings_only(app, menu_mark, [0, 1, 2, 3])


def test_the_final_standings_mark_players_with_rings():
    app, _ = make_app()
    start(app, 2, start_year=12)
    Player(app, seed=5).play()
    eq(top(app), "Table")
    eq(app.top().title, "Final standings")
    rings_only(app, app.p.line_h("body") - 4, [0, 1])


# -- a contract's length with its unit, on both panels -----------------------------
def sized_texts(app):
    """(string, font size) of every string the painter draws from now on."""
    drawn = []
    text = app.p.text

    def rec(s, x, y, c=1, size="body"):
        drawn.append((s, size))
        return text(s, x, y, c, size)

    app.p.text = rec
    return drawn


def test_a_contracts_length_says_years_in_a_font_that_has_the_letters():
    for mono in (False, True):
        app, _ = make_app(mono=mono)
        start(app, 2, agent=0)
        to_pick(app)
        press(app, "ok", "ok", "ok")  # pick, nobody claims
        eq(top(app), "ContractPicker")
        drawn = sized_texts(app)
        app.top().dirty = True
        app.render()
        press(app, "prev", "prev")
        big = [(s, size) for s, size in drawn if s.startswith("3 ") or s.startswith("1 ")]
        eq([s for s, _ in big], ["3 years", "1 year"])
        for s, size in big:  # the huge digits have no letters: the unit would not show
            chars = app.p.font(size).CHARS
            eq([ch for ch in s if ch not in chars], [])


# -- what a claim costs, where it is made and where the bid cap shows ----------------
def test_a_claim_says_it_costs_a_ze_and_the_claimers_bid_cap_says_why():
    app, _ = make_app()
    start(app, 3, agent=0)
    to_pick(app)
    press(app, "ok")  # the pick menu
    seen = shown_texts(app)
    press(app, "ok")
    eq(top(app), "Claims")
    assert "Claim %s for 1 ZE?" % cap(state(app)["kinds"][state(app)["neg"]["art"]]) in seen, seen
    app.pop()  # back on the step page, waiting for the claims
    app.render()
    seen = first_draw(app)
    assert "OK: who claims (1 ZE)" in seen, seen
    press(app, "ok", "next", "ok", "prev", "ok")  # Ben claims: 14 ZE left
    seen = shown_texts(app)
    press(app, "ok")  # Anna, the picker, bids first
    assert "0-15: all your ZE" in seen, seen
    press(app, "ok", "ok")
    seen = shown_texts(app)
    press(app, "ok")  # Ben
    eq(top(app), "SecretNumber")
    assert "0-14: the claim took 1 ZE" in seen, seen


# -- words ----------------------------------------------------------------------------
def test_round_two_is_said_in_words():
    app, _ = make_app()
    start(app, 3, agent=0)
    to_pick(app)
    press(app, "ok", "ok")  # Anna picks the first colour
    press(app, "next", "ok", "next", "ok", "prev", "prev", "ok")  # Ben and Cleo claim
    art = cap(state(app)["kinds"][state(app)["neg"]["art"]])
    bid(app, 0)
    bid(app, 1)
    bid(app, 1)  # Ben and Cleo tie without Anna: round 2
    eq(top(app), "Reveal")
    press(app, "ok")
    eq(step(app), "bid")
    seen = shown_texts(app)
    press(app, "ok")
    eq(top(app), "SecretNumber")
    assert "Bid for %s, round 2" % art in seen, seen
    assert not [s for s in seen if " rd " in s], seen


def test_a_tie_the_picker_is_in_says_she_wins_it_as_it_is_her_turn():
    app2, _ = make_app()
    start(app2, 2, agent=0)
    to_pick(app2)
    press(app2, "ok", "ok", "next", "ok", "prev", "ok")  # Ben claims
    art = cap(state(app2)["kinds"][state(app2)["neg"]["art"]])
    bid(app2, 1)
    seen = shown_texts(app2)
    bid(app2, 1)
    eq(top(app2), "Reveal")
    said = " ".join(seen)
    assert "Tie: Anna wins %s" % art in said, seen
    assert "as it is Anna's turn" in said, seen


def test_the_taste_page_says_not_drawn_yet_and_the_settings_say_ze():
    app, _ = make_app()
    start(app, 2, agent=0)  # the year's taste row not drawn yet
    m = app.top()
    from usher.ui.showbiz.views import pages

    m.page = [pg[0] for pg in pages(app.p, state(app))].index("taste")
    seen = first_draw(app)
    assert "Not drawn yet" in seen, seen
    assert "not drawn" not in seen, seen
    from usher.ui.showbiz import settings

    app.push(settings.screen())  # Settings -> Showbiz: the device's defaults
    app.render()
    eq(labels(app)[0], "ZE: private")


# -- a broken contract's artist back in the bag, a new one in the pool -----------------
def test_a_broken_contract_says_the_artist_goes_back_to_the_bag_and_what_came_into_the_pool():
    for mono in (False, True):
        app, _ = make_app(mono=mono)
        start(app, 2, agent=0)
        to_pick(app)
        press(app, "ok", "ok", "ok", "prev", "prev", "ok")  # Anna signs for a year
        kind = state(app)["kinds"][state(app)["art"][0][0]]
        press(app, "back")
        choose(app, "Break contract")
        choose(app, "Anna")
        seen = shown_texts(app)
        press(app, "ok")
        eq(top(app), "Confirm")
        said = " ".join(seen)
        if mono:  # one line under the question
            assert "Costs 2 ZE; to the bag" in said, seen
        else:
            assert "%s goes back in the bag, a new artist into the pool." % cap(kind) in said, seen
        press(app, "ok")
        eq(top(app), "Main")
        seen = first_draw(app)
        letters = {"yellow": "Y", "red": "R", "blue": "B", "green": "G", "black": "K", "white": "W"}
        i = seen.index("Anna breaks ")
        eq(seen[i + 1], letters[kind])
        if mono:
            continue  # the OLED's step page has room for one line of what just happened
        add = app.match.last_action()["add"][0]
        i = seen.index("Back in the bag; new in the pool: ")
        eq(seen[i + 1], letters[add])


def test_the_game_menus_scores_do_not_order_a_tie_on_points_by_private_ze():
    app, _ = make_app()
    start(app, 3, agent=0)
    st = state(app)
    st["pts"] = [[6], [6], [3]]  # Anna and Ben level on points...
    st["ze"] = [2, 9, 15]  # ...and Ben holds more ZE, which nobody may learn
    press(app, "back")
    choose(app, "Scores")
    eq(top(app), "Table")
    eq([r[:2] for r in app.top().rows], [(0, "1. Anna"), (1, "1. Ben"), (2, "3. Cleo")])
