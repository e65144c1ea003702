"""Show Manager on the device, driven with button events on the fake display:
the turn page (only the legal steps, all four hires and the refresh always,
the cursor on the free hire or on the show), putting on a show (musical,
premiere city, roles, summary), borrowing, the city and points pages."""

from app_kit import shown_texts
from portable import eq
from show_manager_ui_kit import MORE, borrow, choose, collect, hire, labels, make_app, press, produce, start, state, top

HIRES = ["Refresh display 2,000", "Hire free card", "Hire for 1,000", "Hire for 2,000", "Hire for 3,000"]
SHOW = "Put on a show" + MORE
BORROW = "Borrow" + MORE


def price(n):
    """18000 -> "18,000" (the agency's prices as a player reads them)."""
    s = str(n)
    return s if len(s) <= 3 else price(n // 1000) + "," + s[-3:]


def hires(app, k):
    for _ in range(k):
        hire(app)


def test_a_plain_turn_is_one_press_on_the_free_card():
    from show_manager_ui_kit import Watch

    app, _ = make_app()
    start(app, 4)
    eq(top(app), "Main")
    eq(labels(app), HIRES)  # no production on the board, no cards: no borrow, no show
    eq(app.top().sel, 1)  # on "Hire free card"
    w = Watch(app, ["Anna", "Ben"])
    app.top().dirty = True
    app.render()
    assert [s for s in w.shared if s.startswith("Anna") and s.endswith("0 cards")], w.shared
    n0 = app.presses
    press(app, "ok")
    eq(app.presses - n0, 1)
    eq(app.match.last_action()["t"], "hire")
    eq(app.match.last_action()["pos"], 0)
    eq(state(app)["turn"], 1)
    eq(app.top().title.startswith("Ben"), True)
    eq(app.top().sel, 1)


def test_a_paid_hire_and_a_refresh_cost_what_the_rows_say():
    app, _ = make_app()
    start(app, 4)
    eq(hire(app, 3), 4)  # three rows down, OK
    eq(state(app)["money"][0], 15000)
    choose(app, "Refresh")
    eq(state(app)["money"][1], 16000)
    eq(labels(app), HIRES)  # a refresh may come again; then a hire
    eq(app.top().sel, 1)
    hire(app, 1)
    eq(state(app)["money"][1], 15000)
    eq(state(app)["hand"], [1, 1, 0, 0])


def test_every_hire_row_is_shown_unaffordable_or_not_and_refused_as_not_enough_money():
    app, _ = make_app()
    start(app, 2, components={"money": 500})
    eq(labels(app), HIRES)
    n = len(app.match.inforce)
    hire(app, 3)
    eq(app.toast_msg, "not enough money")  # never an amount
    eq(len(app.match.inforce), n)
    eq(top(app), "Main")
    choose(app, "Refresh")  # the first press clears the message and moves the cursor
    eq(app.toast_msg, "not enough money")


def test_a_premiere_takes_the_musical_the_city_the_roles_and_a_summary():
    from show_manager_ui_kit import Watch

    app, _ = make_app()
    start(app, 4)
    hires(app, 4 * 5)  # five cards each
    eq(labels(app), [SHOW] + HIRES)
    eq(app.top().sel, 2)  # still on the free hire
    choose(app, "Put on a show")
    eq(top(app), "Menu")
    eq(labels(app), ["Wolf: 3 roles, premiere", "Queenie: 4 roles, premiere", "King Lear: 5 roles, premiere"])
    eq(app.top().sel, 2)  # the musical that takes most cards
    choose(app, "Wolf")
    eq(app.top().title, "Wolf opens in")
    eq(labels(app)[0], "Koeln: 18/14/10/7/4/2")  # the name apart from its places' points
    eq(len(labels(app)), 4)
    press(app, "ok")
    eq(top(app), "Entries")
    eq(app.top().values, [5, 5, 5])
    press(app, "ok", "next", "ok", "prev", "ok")
    eq(top(app), "Summary")
    w = Watch(app, ["Wolf"])
    app.top().dirty = True
    app.render()
    eq(app.top().line(), "Wolf 5+6+4 +3 bonus = 18 \u2192 1st in Koeln")
    assert "Wolf 5+6+4 +3 bonus = 18" in w.shared, w.shared
    press(app, "ok")
    a = app.match.last_action()
    eq((a["t"], a["p"], a["title"], a["roles"], a["city"]), ("produce", 0, 0, [5, 6, 4], 0))
    eq(top(app), "Main")
    eq(labels(app), HIRES)  # the show is done: the hire ends the turn
    eq(app.top().sel, 1)
    eq(app.top().title, "Anna \u00b7 2 cards")
    eq(app.top().told, "Anna put on Wolf in Koeln")  # under the title until the next press


def test_a_later_production_goes_to_the_musicals_city_and_a_miscast_has_no_bonus():
    app, _ = make_app()
    start(app, 4)
    hires(app, 4 * 3)
    produce(app, "Wolf", [5, 6, 4], "Koeln")
    hires(app, 1 + 4 * 2)  # Anna's hire, then Ben with 5 cards
    eq(state(app)["turn"], 1)
    choose(app, "Put on a show")
    eq(labels(app)[0], "Wolf: 3 roles, Koeln")
    choose(app, "Wolf")
    eq(top(app), "Entries")  # no city to choose
    press(app, "prev", "ok", "prev", "prev", "prev", "prev", "prev", "ok", "next", "ok")
    eq(app.top().line(), "Wolf 4+0+6 = 10 \u2192 4th in Koeln")  # below Anna's 18 and the touring 17, 13
    press(app, "ok")
    a = app.match.last_action()
    eq((a["roles"], "city" in a), ([4, 0, 6], False))


def test_with_one_legal_musical_the_roles_come_at_once_and_back_steps_back():
    app, _ = make_app()
    start(app, 4)
    hires(app, 4 * 3)
    choose(app, "Put on a show")  # three cards: only Wolf
    eq(top(app), "Menu")  # the premiere's city
    press(app, "ok")
    eq(top(app), "Entries")
    scr = app.top()
    press(app, *["next"] * 7)
    eq(scr.values, [9, 5, 5])  # no further than 9
    press(app, "ok", *["prev"] * 7)
    eq(scr.values, [9, 0, 5])  # no lower than 0
    eq(scr.i, 1)
    press(app, "back")
    eq(scr.i, 0)
    press(app, "back")  # before the first role: leave
    eq(top(app), "Menu")
    press(app, "back")
    eq(top(app), "Main")
    eq(len(app.match.inforce), 12)


def test_a_full_hand_puts_the_cursor_on_the_show_and_offers_no_hire():
    app, _ = make_app()
    start(app, 4)
    hires(app, 4 * 8)  # eight cards each: the limit (Ballet's 6 roles + 2)
    eq(state(app)["hand"][0], 8)
    eq(labels(app), [SHOW])
    eq(app.top().sel, 0)
    press(app, "ok")  # only Ballet clears eight cards: straight to its premiere's city
    eq(app.top().title, "Ballet opens in")


def test_borrowing_skips_the_choice_of_one_production_and_shows_what_it_does():
    from show_manager_ui_kit import Watch

    app, _ = make_app()
    start(app, 4)
    hires(app, 4 * 3)
    produce(app, "Wolf", [5, 6, 4], "Koeln")
    hires(app, 4)
    eq(labels(app), [BORROW] + HIRES)
    eq(app.top().sel, 2)
    choose(app, "Borrow")
    eq(top(app), "LoanPicker")
    eq((app.top().value, app.top().lo, app.top().hi), (10, 1, 10))  # the most allowed
    w = Watch(app, ["\u2192", "+"])
    app.top().dirty = True
    app.render()
    assert "8, 3rd in Koeln, +10,000" in w.shared, w.shared  # after "18" and the arrow
    eq(app.top().preview(app.p), "18\u21928, 3rd in Koeln, +10,000")
    press(app, *["prev"] * 7)
    eq(app.top().preview(app.p), "18\u219215, 2nd in Koeln, +3,000")  # below the touring 17
    press(app, "ok")
    a = app.match.last_action()
    eq((a["t"], a["title"], a["copy"], a["amount"]), ("loan", 0, 0, 3))
    eq(state(app)["money"][0], 21000)
    eq(labels(app), HIRES)  # one loan a turn; nothing to put on with one card
    eq(app.top().sel, 1)


def test_with_two_players_each_chip_of_a_pair_is_offered_until_one_is_borrowed_on():
    app, _ = make_app(mono=True)
    start(app, 2)
    hires(app, 2 * 3)
    produce(app, "Wolf", [5, 5, 5], "Koeln")  # 18, above the touring 17 and 13
    hires(app, 1 + 5)  # Anna's hire, then three more turns each: Anna holds 3 cards
    produce(app, "Wolf", [4, 4, 4])  # Anna's second Wolf: 15, 3rd
    hire(app)
    hires(app, 1)
    eq(state(app)["turn"], 0)
    choose(app, "Borrow")
    eq(labels(app), ["Wolf #1 18, 1st in Koeln", "Wolf #2 15, 3rd in Koeln"])
    choose(app, "Wolf #2")
    eq(app.top().hi, 10)
    press(app, "ok")
    a = app.match.last_action()
    eq((a["copy"], a["amount"]), (1, 10))
    hires(app, 1 + 1)  # Anna hires, Ben hires; Anna again
    eq(state(app)["turn"], 0)
    assert BORROW not in labels(app), labels(app)  # one loan per musical: the pair is done


def test_past_the_rows_the_pages_show_each_city_and_the_points_then_ok_comes_back():
    from show_manager_ui_kit import Watch

    app, _ = make_app()
    start(app, 4)
    hires(app, 4 * 3)
    produce(app, "Wolf", [5, 6, 4], "Koeln")
    hires(app, 4)
    borrow(app, 2)  # 18 -> 16
    main = app.top()
    w = Watch(app, ["Koeln", "Wolf", "touring", "Points"])
    drawn = []
    text = app.p.text
    app.p.text = lambda s, *a: drawn.append(s) or text(s, *a)
    press(app, "next", "next", "next", "next")  # the free hire to the last row, then past it
    eq(main.page, 1)
    assert "Koeln: Wolf" in w.shared, w.shared
    eq(w.shared.count("touring"), 2)  # the 17 and the 13
    i = drawn.index("Anna")
    eq(drawn[i + 1 : i + 3], ["18", "16"])  # "18→16": the value before and after the loan
    app.p.text = text
    press(app, "next", "next", "next")  # Troisdorf, City 3, City 4
    press(app, "next")
    eq(main.page, 5)
    assert "Points now" in w.shared, w.shared
    press(app, "next")  # round again: the first row
    eq((main.page, main.sel), (0, 0))
    press(app, "prev")  # above the first row: the points
    eq(main.page, 5)
    press(app, "ok")
    eq((main.page, main.sel), (0, 1))  # back on the free hire
    press(app, "ok")
    eq(app.match.last_action()["t"], "hire")


def test_the_game_menu_has_peek_my_money_and_scores_without_money():
    from show_manager_ui_kit import NAMES

    app, _ = make_app()
    start(app, 3)
    hire(app, 3)  # Anna pays 3,000: equal points, less money than Ben and Cleo
    press(app, "back")
    eq(top(app), "GameMenu")
    eq(labels(app)[:2], ["Back to game", "Peek my money"])  # the menu opens on "Back to game"
    choose(app, "Scores")
    eq(top(app), "Table")
    eq(app.top().title, "Points now")
    eq(app.top().rows, [(0, "1. Anna", 0), (1, "1. Ben", 0), (2, "1. Cleo", 0)])  # seat order, no money
    press(app, "back")
    choose(app, "Peek my money")
    eq(labels(app), NAMES[:3])
    eq(app.top().sel, 1)  # whose turn it is
    choose(app, "Anna")
    eq(top(app), "PassTo")
    press(app, "ok")
    eq(top(app), "Secret")
    eq(app.top().private, True)
    eq(app.top().lines, ["33,000", "1 card in hand"])
    press(app, "ok")
    eq(top(app), "PassBack")
    press(app, "ok")
    eq(top(app), "Main")


def test_undo_from_the_game_menu_brings_the_turn_back():
    app, _ = make_app()
    start(app, 4)
    hire(app, 2)
    eq(state(app)["turn"], 1)
    press(app, "back")
    choose(app, "Undo last")
    eq(top(app), "Confirm")  # who and what, the price from the agency board
    eq(app.top().question, "Undo Anna's hire for %s?" % price(state(app)["hire"][2]))
    press(app, "ok")
    eq(top(app), "Main")
    eq(state(app)["turn"], 0)
    eq(app.top().title, "Anna \u00b7 0 cards")
    eq(app.top().sel, 1)


def test_after_a_power_cut_the_turn_page_comes_back_as_it_was():
    from show_manager_ui_kit import collect

    app, st = make_app()
    start(app, 3)
    hires(app, 3 * 3)
    produce(app, "Wolf", [5, 6, 4], "Koeln")
    app = None
    collect()
    app, _ = make_app(st)  # the device boots into the game in play
    eq(top(app), "Main")
    eq(app.top().title, "Anna \u00b7 0 cards")
    eq(labels(app), HIRES)  # the show is done: the hire is what is left of her turn
    eq(app.top().sel, 1)


def counters(drawn, h):
    """The "k/n" strings drawn in the title bar (above y = h)."""
    out = []
    for t, y in drawn:
        k, _, n = t.partition("/")
        if y < h and k.isdigit() and n.isdigit():
            out.append(t)
    return out


def test_the_title_bar_counter_is_the_page_of_the_ring_on_every_screen_of_it():
    """The turn page is page 1 of the ring (the city pages, then the points),
    whatever row the cursor is on; on the OLED, whose panel shows fewer rows
    than the turn has, the rows beyond it show as a scroll bar."""
    from usher.ui.screen import title_h

    for mono in (False, True):
        app, _ = make_app(mono=mono)
        start(app, 4)
        main = app.top()
        n = len(state(app)["cities"]) + 2  # the turn page, a page a city, the points
        drawn = []
        text = app.p.text

        def spy(s, x, y, c=1, size="body", text=text, drawn=drawn):
            drawn.append((s, y))
            return text(s, x, y, c, size)

        app.p.text = spy
        for _ in range(len(labels(app)) - 1 - main.sel):  # every row below the cursor's
            press(app, "next")
            del drawn[:]
            app.top().dirty = True  # the whole page again, title bar included
            app.render()
            eq((main.page, counters(drawn, title_h(app.p))), (0, ["1/%d" % n]))
        for k in range(1, n):  # past the last row: the pages, in the ring's order
            del drawn[:]
            press(app, "next")
            eq((main.page, counters(drawn, title_h(app.p))), (k, ["%d/%d" % (k + 1, n)]))
        app.p.text = text
        if mono:
            assert len(labels(app)) > main.rows(app.p)  # the scroll bar was drawn: the rows are more


def test_a_refresh_says_it_was_paid_and_shows_nobody_s_money():
    from show_manager_ui_kit import Watch
    from usher.ui.show_manager.draw import marks

    for mono in (False, True):
        app, _ = make_app(mono=mono)
        start(app, 4)
        hire(app, 0)
        price = marks(state(app)["refresh"])
        money = [marks(m - state(app)["refresh"]) for m in state(app)["money"]] + [
            marks(m) for m in state(app)["money"]
        ]
        w = Watch(app, money)
        drawn = shown_texts(app)
        choose(app, "Refresh")
        eq(app.match.last_action()["t"], "refresh")
        assert "Ben refreshed for " + price in " ".join(drawn), drawn  # the OLED wraps it
        eq([s for s in w.shared if [m for m in money if m in s]], [])  # no one's money
        press(app, "next")  # the next press: the turn's menu again
        eq(app.top().told, "")


def test_the_next_player_sees_what_the_one_before_did_and_nobody_s_money():
    from show_manager_ui_kit import Watch
    from usher.ui.show_manager.draw import marks

    for mono in (False, True):
        app, _ = make_app(mono=mono)
        start(app, 4)
        money = [marks(m) for m in state(app)["money"]]
        w = Watch(app, ["hired", "\u00b7"] + money)
        hire(app, 2)  # Anna hires for 2,000: her turn ends
        eq(state(app)["turn"], 1)
        said = [s for s in w.shared if "hired" in s]
        assert said and said[0].startswith("Anna hired"), w.shared
        if not mono:
            eq(said[0], "Anna hired for 2,000")
        eq([s for s in w.shared if [m for m in money if m in s]], [])  # no one's money
        press(app, "next")  # the next press: whose turn it is again
        eq(app.top().told, "")
        assert [s for s in w.shared if s.startswith("Ben \u00b7")], w.shared
        collect()


def test_the_roles_line_shows_the_points_total_on_either_panel():
    # rule (putting on a musical): the talents are added, a miscast counts 0,
    # and with nobody miscast a bonus of one point a role. On the OLED the
    # six roles' sum ("6+6+5+5+4+4 +6 bonus = 36") was cut before its total;
    # a narrow panel now gives the total first, the LCD the sum in full
    from show_manager_ui_kit import Watch
    from usher.ui.show_manager.entries import Entries
    from usher.ui.show_manager.show import roles_line

    for mono, six, miscast in (
        (False, "6+6+5+5+4+4 +6 bonus = 36", "6+0+5+5+4+4 = 24"),
        (True, "Total 36, +6 bonus", "6+0+5+5+4+4 = 24"),  # the miscast sum fits
    ):
        app, _ = make_app(mono=mono)
        w = Watch(app, ["+", "Total"])  # its first 8 lines: one a press
        app.push(Entries("Ballet roles", [6, 6, 5, 5, 4, 4], 0, 9, lambda v: None, info=roles_line))
        app.render()
        press(app, "ok")
        for _ in range(6):  # the second role 6 -> 0: a miscast
            press(app, "prev")
        eq(app.top().values, [6, 0, 5, 5, 4, 4])
        eq(w.shared[0], six)
        eq(w.shared[-1], miscast)
        assert not [s for s in w.shared if MORE in s], w.shared  # nothing cut
        app = w = None
        collect()


def measures(p, cost):
    """From now on, add cost(text) to [n] at each of the painter's measures
    (del p.text_w ends it)."""
    n = [0]
    text_w = p.text_w

    def counted(s, size="body"):
        n[0] += cost(s)
        return text_w(s, size)

    p.text_w = counted
    return n


def test_a_told_turn_wraps_to_the_same_lines_measuring_each_word_once():
    # the turn told is wrapped on the next turn's first frame: each line was
    # measured again as it grew, character by character (9 ms of a turn's
    # end on the OLED); widths add up, so now each word is measured once
    from usher.ui.show_manager.draw import ARROW, DOT, rich_w, wrap

    for mono in (True, False):
        app, _ = make_app(mono=mono)
        p = app.p
        chars = measures(p, len)
        told = "Anna put on Wolf in Koeln " + DOT + " 2nd " + ARROW + " 18,000 for it,  borrowed 6,000 and hired free"
        words = told.split(" ")
        for w in (0, 20, 61, 100, p.w - 6, 400):
            want = []
            line = ""
            for word in words:  # the definition: a line grows while it fits, measured whole
                cand = word if not line else line + " " + word
                if rich_w(p, cand) <= w or not line:
                    line = cand
                else:
                    want.append(line)
                    line = word
            if line:
                want.append(line)
            chars[0] = 0
            eq(wrap(p, words, w), want)
            assert chars[0] <= len(told) + 1, (w, chars[0])  # each character once, and a space
        del p.text_w
        app = None
        collect()


def test_a_cut_line_keeps_its_longest_prefix_in_a_few_measures():
    # a title or line too wide is cut to its longest prefix that fits with
    # the "..." glyph; the cut measured once a character dropped (tens of ms
    # a press on the OLED for a long line), now by halving
    from usher.ui.show_manager.draw import ARROW, DOT, rich_fit, rich_w

    for mono in (True, False):
        app, _ = make_app(mono=mono)
        p = app.p
        calls = measures(p, lambda s: 1)
        line = "Ben put on Wolf in Koeln " + DOT + " 2nd " + ARROW + " 18,000 and more words"
        for w in (0, 7, 30, 61, 100, p.w - 4, rich_w(p, line) - 1, rich_w(p, line)):
            s = line
            while s and rich_w(p, s + MORE) > w:  # the definition: a character at a time
                s = s[:-1]
            want = line if rich_w(p, line) <= w else s + MORE
            calls[0] = 0
            eq(rich_fit(p, line, w), want)
            assert calls[0] <= 3 * 8, (w, calls[0])  # 3 parts a measure, at most ~7 measures for 46 characters
        del p.text_w
        app = None
        collect()
