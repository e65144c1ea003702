"""Show Manager's worked four-player example (tests/records/show_manager_4p.rec)
ended on the device: D's last production entered through the screens, the
final standings where money decided, the finished game's menu and sheet.
A module of its own: on the MicroPython VM each test module runs in one
process, whose heap keeps what earlier tests left (their code's interned
names are never freed), and this game's end is the heaviest screen of all."""

from portable import eq
from show_manager_ui_kit import MORE, choose, labels, make_app, press, top

HIRES = ["Refresh display 2,000", "Hire free card", "Hire for 1,000", "Hire for 2,000", "Hire for 3,000"]
SHOW = "Put on a show" + MORE


def test_the_last_production_of_the_worked_example_ends_with_standings_where_money_decided():
    """The worked four-player example (tests/records/show_manager_4p.rec) up to D's last production, which is
    entered through the screens: King Lear 3+3+3+3+4 +5 = 21, Beta full."""
    import json

    from show_manager_kit import folder
    from usher.games.catalog import load_game

    app, _ = make_app()
    lines = []
    with open(folder() + "/../records/show_manager_4p.rec") as f:
        for ln in f:
            if ln.startswith("{"):
                lines.append(ln)
    head = json.loads(lines[0])
    g = load_game("show_manager")
    assert app.start_match(g, head["setup"])
    for ln in lines[1:-1]:
        assert app.submit(json.loads(ln))
    app.play()
    app.render()
    eq(app.top().title, "D \u00b7 5 cards")
    eq(labels(app), [SHOW] + HIRES)  # D holds 5 cards, King Lear's roles: his last chip
    choose(app, "Put on a show")
    eq(top(app), "Entries")
    eq(app.top().heading, "King Lear roles")
    press(app, "prev", "prev", "ok", "prev", "prev", "ok", "prev", "prev", "ok", "prev", "prev", "ok", "prev", "ok")
    eq(app.top().line(), "King Lear 3+3+3+3+4 +5 bonus = 21 \u2192 5th in Beta")
    eq(app.top().note, "last show: the turn ends")
    press(app, "ok")
    eq(app.match.is_over(), True)
    eq(top(app), "Table")
    eq(app.top().title, "Final: points, money")
    eq(
        app.top().rows,
        [
            (2, "1. C 41*", "22,000"),
            (0, "2. A 41*", "17,000"),
            (1, "3. B 23*", "35,000"),
            (3, "4. D 23*", "24,000"),
            (None, "* money decided", ""),
        ],
    )
    press(app, "back")
    eq(app.top().title, "Game over")
    eq(labels(app), ["Final standings", "Home"])
    press(app, "back")
    # a finished game's menu: nothing to save or abandon (a last move entered
    # wrong may be undone); money is public now
    eq(labels(app), ["Back to game", "Undo last", "Scores", "Score sheet", "Home"])
    choose(app, "Score sheet")
    eq(app.top().title, "Final: points, money")
    press(app, "ok")  # the game is over: OK leads Home
    eq(top(app), "Home")
    eq(app.match, None)
