"""A refusal's message never eats a press and never hides the cursor. On
both profiles, right after each kind of refusal (a move the
rules refuse, a RuleError a screen raises, a message a screen shows itself)
the next press does what it says, and the bar the message is drawn in
leaves the pixels of the row under the cursor as they were."""

from app_kit import collect, goto, make_app, press
from portable import eq
from usher.ui.screen import title_h

PROFILES = (False, True)  # FakeHardware(mono): the LCD 1.14, then the OLED


def frame(app):
    """A signature per pixel row of the panel (two copies of a 16 KB frame
    would crowd the MicroPython VM's heap)."""
    d = app.hw.display
    buf = d.buf
    w = d.width
    out = []
    for y in range(d.height):
        sig = 0
        if d.mono:  # MONO_VLSB: a byte is 8 pixels of a column
            base = (y >> 3) * w
            sh = y & 7
            for x in range(w):
                sig = (sig * 3 + ((buf[base + x] >> sh) & 1)) & 0xFFFFFFF
        else:  # GS4_HMSB: a row is w / 2 bytes
            s = y * w // 2
            for x in range(s, s + w // 2):
                sig = (sig * 257 + buf[x]) % 0xFFFFFFB
        out.append(sig)
    return out


def changed_rows(a, b):
    """The pixel rows that differ between two frames' signatures."""
    return [y for y in range(len(a)) if a[y] != b[y]]


def refused(app, refuse, band, msg):
    """Refuse (`refuse(app)`: a press or a submit), render, and check that the
    message `msg` shows and that no pixel of the cursor's band (y, h) changed."""
    app.render()
    before = frame(app)
    refuse(app)
    app.render()
    eq(app.toast_msg, msg)
    rows = changed_rows(before, frame(app))
    assert rows, "the message is drawn"
    y, h = band
    hidden = [r for r in rows if y <= r < y + h]
    assert not hidden, ("the bar covers the cursor's row", app.hw.profile, band, rows[0], rows[-1])
    return rows


def menu_band(app):
    """The selected row of the menu on top, from the Menu's layout."""
    scr = app.top()
    p = app.p
    rh = scr.row_h(p)
    return title_h(p) + (scr.sel - scr.top) * rh, rh


# -- a move the rules refuse ----------------------------------------------------


def sm_game(mono, money):
    from show_manager_ui_kit import start

    collect()
    app, _ = make_app(mono=mono)
    start(app, 2, components={"money": money})
    return app


def test_the_press_after_a_refused_refresh_moves_the_cursor_it_was_meant_to():
    """A game night's evening: a refresh leaves Anna 1,000; Refresh again is
    refused; Down, Down, OK meant "Hire for 1,000" and must record it (it
    recorded "Hire free card": the first Down only cleared the message)."""
    from usher.ui.show_manager.play import rows

    for mono in PROFILES:
        app = sm_game(mono, 3000)
        st = app.match.state
        refresh = [r[1] for r in rows(st)].index("refresh")
        scr = app.top()
        while scr.sel != refresh:
            press(app, "prev")
        press(app, "ok")  # 2,000 paid: 1,000 left
        eq(app.match.last_action()["t"], "refresh")
        eq(app.toast_msg, "")
        while scr.sel != refresh:
            press(app, "prev")
        n = len(app.match.actions)
        refused(app, lambda a: press(a, "ok"), menu_band(app), "not enough money")
        eq(len(app.match.actions), n)
        meant = rows(app.match.state)[refresh + 2]
        press(app, "next", "next", "ok")
        a = app.match.last_action()
        eq((a["t"], a["pos"]), (meant[1], meant[2]))
        eq(app.toast_msg, "")


def test_a_refused_hire_on_the_bottom_row_keeps_that_row_in_sight():
    from usher.ui.show_manager.play import rows

    for mono in PROFILES:
        app = sm_game(mono, 500)
        scr = app.top()
        steps = rows(app.match.state)
        last = len(steps) - 1
        eq(steps[last][1], "hire")  # the dearest hire, at the bottom of the menu
        while scr.sel != last:
            press(app, "next")
        band = menu_band(app)
        assert band[0] + band[1] > app.p.h - title_h(app.p) - 3, ("the cursor's row is at the bottom", band)
        rows_drawn = refused(app, lambda a: press(a, "ok"), band, "not enough money")
        assert rows_drawn[-1] < band[0], "the bar went above the cursor's row"
        press(app, "prev")  # what it says: one row up
        eq(scr.sel, last - 1)
        eq(app.toast_msg, "")


def test_the_press_after_a_refused_roll_changes_the_dice_page():
    for mono in PROFILES:
        collect()
        app, _ = make_app(mono=mono)
        goto(app, "Dice & draws")
        scr = app.top()
        mode = scr.mode
        # the title is the dice page's cursor ("< 1 die >"): it stays in sight
        refused(app, lambda a: a.submit({"t": "roll", "n": 9}), (0, title_h(app.p)), "1-4 dice")
        press(app, "next")
        eq(scr.mode, mode + 1)
        eq(app.toast_msg, "")
        press(app, "ok")  # and the next roll is recorded as any other
        eq(app.match.last_action()["t"], "roll")


# -- a RuleError a screen raises ---------------------------------------------------


def showtime_why(mono):
    """A Showtime game of two, Heino in the first row's first seat, Bea in
    the last row's last seat, then Leo picked and the seat cursor turned to
    every seat (a long OK): each seat says why it is not offered, and OK on
    one refuses with that reason."""
    from showtime_ui_kit import begin, choose_card, place
    from showtime_ui_kit import make_app as st_app
    from showtime_ui_kit import press as st_press

    collect()
    app, _ = st_app(mono=mono)
    begin(app)
    rows = len(app.match.state["seats"]) // 4
    place(app, 4, 1, 1)  # Heino
    place(app, 1, rows, 4)  # Bea
    choose_card(app, 7)  # Leo
    st_press(app, "ok_long")
    return app


def test_the_press_after_a_seat_is_refused_moves_the_seat_cursor():
    from showtime_ui_kit import press as st_press
    from usher.ui.showtime import pick

    for mono in PROFILES:
        app = showtime_why(mono)
        scr = app.top()
        st = app.match.state
        bad = [i for i in scr.lists[3] if pick.why_not_seat(st, scr.card, i)]
        last = len(st["seats"]) - 1
        eq([bad[0], bad[-1]], [0, last])  # Heino's seat at the top, Bea's at the bottom
        for i in (0, last):
            while scr.sel() != i:
                st_press(app, "next")
            x, y, w, h = scr.lay.cell(i)
            n = len(app.match.actions)
            refused(app, lambda a: st_press(a, "ok"), (y, h), pick.why_not_seat(st, scr.card, i))
            eq(len(app.match.actions), n)  # nothing placed
            at = scr.at[3]
            st_press(app, "next")  # what it says: the next seat
            eq(scr.at[3], (at + 1) % len(scr.lists[3]))
            eq(app.toast_msg, "")
        st_press(app, "back")  # and back is back: to the seats on offer
        eq(scr.mode, 1)
        app = scr = st = None  # one board's game at a time, as on a device


# -- a message a screen shows itself ---------------------------------------------


def test_the_press_after_a_name_is_refused_turns_the_letters():
    for mono in PROFILES:
        collect()
        app, _ = make_app(mono=mono)
        goto(app, "Settings")
        goto(app, "Players")
        names = app.settings.get("roster")
        goto(app, "+ add name")
        scr = app.top()
        scr.value = names[0]  # typed as the roster has it
        scr.dirty = True
        refused(app, lambda a: press(a, "ok_long"), scr.focus(app.p), "%s is on the list" % names[0])
        i = scr.i
        press(app, "next")
        eq(scr.i, i + 1)
        eq(app.toast_msg, "")
        press(app, "back")  # and back takes a letter off
        eq(scr.value, names[0][:-1])
