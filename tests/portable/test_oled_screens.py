"""The 128x64 OLED's screens that once lost a part off the panel: "Pass to"
whole at the top, a rule between Showtime's row numbers and the seats, the
red carpet's title, and Showbiz's step page keeping what just happened and
the OK hint."""

from portable import eq


def drawn_at(app):
    """(text, y) of every string the painter draws from now on."""
    p = app.p
    seen = []
    draw = p.text

    def text(s, x, y, *args, **kw):
        seen.append((s, y))
        return draw(s, x, y, *args, **kw)

    p.text = text
    return seen


def test_pass_to_is_whole_at_the_top_of_the_oled():
    from films_ui_kit import make_app, press, start, top

    for mono in (True, False):
        app, _ = make_app(mono=mono)
        start(app, 0)
        seen = drawn_at(app)
        press(app, "ok")
        eq(top(app), "Pass")
        ys = [y for s, y in seen if s == "Pass to"]
        assert ys and ys[0] >= 0, seen  # the OLED drew it at y -2: its top cut
        lines = [s for s, _ in seen]
        assert "Ana" in lines and "OK when only" in lines and "Ana can see" in lines, seen
        assert max(y for _, y in seen) + app.p.line_h("small") <= app.p.h, seen


def test_showtime_row_numbers_are_ruled_off_from_the_seats():
    from showtime_ui_kit import begin, make_app
    from usher.ui.showtime.views import Layout

    app, _ = make_app(mono=True)
    begin(app, n=4, first=0)
    fb = app.p.fb
    L = Layout(app.p, 4)
    x0 = L.cell(0)[0]
    for r in range(4):
        y = L.top + r * L.pitch_y + 3
        # the number (5 columns of ink from x 0), a blank, the rule, a blank, the seat
        eq([fb.pixel(x, y) for x in (5, x0 - 2, x0 - 1)], [0, 1, 0])


def test_the_red_carpet_on_the_oled_has_its_title():
    from app_kit import shown_texts
    from showtime_ui_kit import begin, make_app, name, press
    from usher.ui.showtime.carpet import Carpet

    app, _ = make_app(mono=True)
    begin(app, n=4, first=0)
    press(app, "ok", "ok")  # a person, a seat
    if name(app) != "Play":
        press(app, "ok")
    seen = shown_texts(app)
    app.push(Carpet())
    app.render()
    assert "Red carpet" in seen and "1st at right" in seen, seen  # as on the LCD
    names = [n for n in ("Anna", "Ben", "Cleo", "Dev") if [s for s in seen if s.startswith(n + " ")]]
    eq(len(names), 4)  # and every player's mark named, with the total


def test_showbiz_step_page_keeps_the_last_action_and_the_hint_on_the_oled():
    from app_kit import shown_texts
    from showbiz_ui_kit import make_app, press, start, to_pick, top

    app, _ = make_app(mono=True)
    start(app, 4, agent=3)
    to_pick(app)
    press(app, "ok", "ok", "ok", "ok")  # Dev picks, nobody claims, the contract
    eq((top(app), app.match.last_action()["t"]), ("Main", "contract"))
    seen = shown_texts(app)
    app.top().dirty = True
    app.render()
    assert "Dev signs " in seen and " for 3 years" in seen, seen  # whole: "Dev signs [Y] for 3 years"
    assert "Anna picks" in seen and "OK: pick" in seen, seen
