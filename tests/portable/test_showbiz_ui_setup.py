"""Showbiz setup on the device, the general agent's steps with device draws
and with pieces entered from the table, and the year-end scoring screens."""

from portable import eq
from showbiz_ui_kit import FC, ROW, choose, enter_pieces, labels, make_app, press, start, state, step, top


def test_setup_is_one_summary_menu_with_start_first_and_settings_defaults():
    app, st = make_app()
    sb = dict(app.settings.get("showbiz"))
    sb["draws"] = "entered"
    app.settings.set("showbiz", sb)
    choose(app, "New game")
    choose(app, "Showbiz")
    eq(top(app), "NumberPicker")
    press(app, "prev", "ok")  # 3 players
    for _ in range(3):
        press(app, "ok")  # the first free name for each seat
    eq(top(app), "ShowbizSetup")
    # Showbiz's money is ZE: the row says so ("Money: private" before)
    eq(labels(app), ["Start", "Agent: draw", "Draws: entered", "ZE: private", "Start year: 1"])
    n0 = app.presses
    press(app, "ok")
    eq(app.presses - n0, 1)  # the usual game is a single press from here
    eq(top(app), "Main")
    eq(app.match.setup["options"], {"draws": "entered", "public_money": False, "start_year": 1})
    eq([p["name"] for p in app.match.setup["players"]], ["Anna", "Ben", "Cleo"])


def test_setup_rows_change_options_in_place_and_a_chosen_agent_is_recorded():
    from usher.games.catalog import load_game
    from usher.ui.showbiz import setup

    app, _ = make_app()
    got = []

    def done(opts, comps):
        got.append(opts)
        from showbiz_ui_kit import NAMES

        g = load_game("showbiz")
        app.start_match(g, g.make_setup([{"name": NAMES[i], "colour": i} for i in range(3)], opts, comps))
        app.play()

    setup.options(app, load_game("showbiz"), [{"name": "Anna"}, {"name": "Ben"}, {"name": "Cleo"}], done)
    app.render()
    press(app, "next", "ok", "ok")  # agent: draw -> Anna -> Ben
    press(app, "next", "ok")  # draws: device -> entered
    press(app, "next", "ok")  # ZE: private -> public
    press(app, "next", "ok", "next", "next", "next", "next", "ok")  # start year 5
    eq(labels(app), ["Start", "Agent: Ben", "Draws: entered", "ZE: public", "Start year: 5"])
    choose(app, "Start")
    eq(got, [{"draws": "entered", "public_money": True, "start_year": 5}])
    eq(app.match.actions[0]["t"], "agent")
    eq(app.match.actions[0]["p"], 1)
    eq(state(app)["year"], 5)
    eq(step(app), "row")


def test_each_device_draw_of_the_general_agent_is_one_press_and_is_shown():
    from showbiz_ui_kit import Recorder

    app, _ = make_app()
    rec = Recorder(app)
    start(app, 3)
    for k in ("agent", "row", "forecast", "pool"):
        eq(step(app), k)
        n = len(app.match.actions)
        press(app, "ok")
        eq(len(app.match.actions), n + 1)
        eq(top(app), "Main")
    eq(step(app), "pick")
    # the taste row drawn was on screen as six letters, in order
    row = app.match.actions[1]["row"]
    letters = {"yellow": "Y", "red": "R", "blue": "B", "green": "G", "black": "K", "white": "W"}
    drawn = [s for s, _ in rec.log]
    i = drawn.index("Taste ")
    eq(drawn[i + 1 : i + 7], [letters[c] for c in row])


def test_entered_draws_take_the_pieces_and_dice_from_the_table():
    app, _ = make_app()
    start(app, 2, draws="entered")
    press(app, "ok")
    eq(top(app), "Menu")  # who is general agent: rolled at the table
    eq(app.top().ring, True)  # players marked by rings, as on every Showbiz screen
    choose(app, "Ben")
    press(app, "ok")
    eq(top(app), "PieceEntry")
    enter_pieces(app, ROW)
    eq(app.match.last_action()["row"], ROW)
    press(app, "ok")
    enter_pieces(app, FC)
    eq(top(app), "NumberPicker")  # the forecast die
    eq(app.top().value, 3)
    press(app, "next", "ok")
    a = app.match.last_action()
    eq((a["t"], a["row"], a["die"]), ("forecast", FC, 4))
    press(app, "ok")
    eq(app.top().n, 12)  # six artists a player
    enter_pieces(app, ["white"] * 12)
    eq(app.toast_msg, "")
    eq(step(app), "pick")
    eq(state(app)["turn"], 1)


def test_piece_entry_refuses_a_colour_the_bag_has_no_more_of():
    app, _ = make_app()
    start(app, 2, draws="entered", agent=0)
    press(app, "ok")
    pe = app.top()
    pe.left = [0, 10, 10, 10, 10, 10]  # as if the yellows were all out
    press(app, "ok")
    eq(app.toast_msg, "bag has no yellow left")
    eq(pe.got, [])
    press(app, "back")  # clears the message only
    press(app, "next", "ok", "back")  # a red in, taken out again
    eq(pe.got, [])


def test_year_end_shows_each_players_matches_then_the_score_table():
    from showbiz_ui_kit import FC, ROW, Recorder, enter_pieces

    app, _ = make_app()
    start(app, 2, draws="entered", agent=0)
    press(app, "ok")
    enter_pieces(app, ROW)
    press(app, "ok")
    enter_pieces(app, FC)
    press(app, "ok")  # die 3
    press(app, "ok")
    mix = ["red", "blue", "green", "black", "white", "white"]
    enter_pieces(app, mix + mix)
    rec = Recorder(app)
    # each takes the first colour in the pool in turn: both boards end up
    # red blue green black white white, five of them in the taste row
    for _ in range(12):
        eq(top(app), "Main")
        rec.log = []  # keep only the last turn's strings: the heap is small
        press(app, "ok", "ok")
        if top(app) == "Claims":  # none once the other board is full
            press(app, "ok")
        press(app, "prev", "prev", "ok")
    eq(top(app), "YearEnd")
    # first what leaves: every contract was for 1 year, a player's six on a line of their own
    news = [r[1] for r in app.top().rows[:3]]
    six = [("c", k) for k in ["red", "blue", "green", "black", "white", "white"]]
    eq(news, [["Back in the bag: "], ["Anna "] + six + ["; "], ["Ben "] + six])
    five = ["red", "blue", "green", "black", "white"]
    eq(app.top().rows[3:5], [[0, five, 18], [1, five, 18]])
    # then the storage: nobody claimed or bid
    eq(app.top().rows[5:], [[-1, ["Storage empty: no ZE"], 0]])
    shown = [s for s, _ in rec.log]
    assert "+18" in shown, shown
    rec.log = []
    press(app, "ok")  # then the table of points by year
    eq(top(app), "Main")
    shown = [s for s, _ in rec.log]
    eq(shown[:2], ["Scores", "6/6"])
    eq(shown[2:], ["Y1", "Tot", "Anna", "18", "18", "Ben", "18", "18"])
    press(app, "ok")
    eq(app.top().page, 0)
    eq(state(app)["pts"], [[18], [18]])
    eq(step(app), "trend")  # contracts of a year left; the next year starts
