"""Showtime's final screen says why a tie for first went the way it did,
so equal scores do not read as a wrong winner: "19-19: Ben is ahead on the
red carpet" on the LCD's hint line, "19-19, carpet: Ben" as the OLED's title."""

from portable import eq
from showtime_kit import G, read_record
from showtime_ui_kit import make_app
from usher.games.showtime import game as st
from usher.ui.showtime import pages


def over(totals, arrive):
    """A game of showtime_4p.rec's players ended with these totals, the
    figures arrived on the red carpet in this order."""
    header, actions = read_record("showtime_4p.rec")
    s = G.new(header["setup"])
    for a in actions:
        s = G.apply(s, a)
    s["phase"] = st.OVER
    s["total"] = list(totals)
    s["arrive"] = list(arrive)
    return s


def drawn(mono, state):
    """Every text the summary draws, in order."""
    app, _ = make_app(mono=mono)
    p = app.p
    seen = []
    draw = p.text

    def text(s, *args, **kwargs):
        seen.append(s)
        return draw(s, *args, **kwargs)

    p.text = text
    pages.summary(p, state)
    return seen


def test_tie_line_names_who_the_red_carpet_puts_ahead():
    s = over([19, 19, 12, 8], [1, 0, 2, 3])  # seat 1 arrived first: ahead
    name = s["players"][1]["name"]
    eq(pages.tie_line(s, False), "19-19: %s is ahead on the red carpet" % name)
    eq(pages.tie_line(s, True), "19-19, carpet: %s" % name)
    eq(pages.tie_line(over([20, 19, 12, 8], [1, 0, 2, 3]), False), "")  # no tie for first
    eq(pages.tie_line(over([20, 12, 12, 8], [1, 0, 2, 3]), False), "")  # a tie further down: the laptop says it
    s["phase"] = "place"
    eq(pages.tie_line(s, False), "")  # not over yet


def test_the_final_screen_says_it_on_both_boards():
    s = over([19, 19, 12, 8], [1, 0, 2, 3])
    name = s["players"][1]["name"]
    lcd = drawn(False, s)
    eq("19-19: %s is ahead on the red carpet" % name in lcd, True)
    oled = drawn(True, s)
    eq(oled[0], "19-19, carpet: %s" % name)
    plain = over([20, 19, 12, 8], [1, 0, 2, 3])  # no tie for first: the title as before
    eq(drawn(True, plain)[0], "Final: %s wins" % plain["players"][0]["name"])
    eq("OK: done" in drawn(False, plain), True)
