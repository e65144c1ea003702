"""The Showbiz entries of the in-game menu: breaking a contract (refused
with its reason when the ZE fall short), undo of a whole bid round."""

from portable import eq
from showbiz_ui_kit import bid, choose, labels, make_app, press, start, state, step, to_pick, top


def test_breaking_without_enough_ze_is_refused_with_the_reason():
    app, _ = make_app()
    start(app, 2, agent=0, components={"ze": 3})
    to_pick(app)
    press(app, "ok", "ok", "ok", "ok")  # Anna signs for 3 years: breaking costs 6
    press(app, "back")
    eq(top(app), "GameMenu")
    choose(app, "Break contract")
    choose(app, "Anna")
    eq(labels(app), ["c1, 3y: 6 ZE"])
    press(app, "ok")
    eq(top(app), "Confirm")
    before = state(app)
    press(app, "ok")
    eq(app.toast_msg, "breaking costs 6 ZE")
    eq(state(app), before)
    assert len(app.toast_msg) <= 40, "a refusal must fit the screen"


def test_breaking_a_contract_pays_and_draws_a_new_artist():
    app, _ = make_app()
    start(app, 2, agent=0)
    to_pick(app)
    press(app, "ok", "ok", "ok", "prev", "prev", "ok")  # a 1-year contract: costs 2
    pool = sum(state(app)["pool"])
    press(app, "back")
    choose(app, "Break contract")
    choose(app, "Anna")
    press(app, "ok", "ok")
    eq(top(app), "Main")
    eq(app.match.last_action()["t"], "break")
    eq(state(app)["store"], 2)
    eq(state(app)["art"][0][0], -1)
    eq(sum(state(app)["pool"]), pool + 1)


def test_undo_takes_back_the_bids_of_the_open_round_together():
    app, _ = make_app()
    start(app, 3, agent=0)
    to_pick(app)
    press(app, "ok", "ok", "next", "ok", "next", "ok", "prev", "prev", "ok")
    bid(app, 1)
    bid(app, 0)
    eq(len(state(app)["neg"]["bids"]), 3)
    press(app, "back")  # Cleo hasn't bid: the table opens the menu instead
    eq(top(app), "PassTo")
    app.pop()  # (the pass-to screen has no back: leave it as the device would)
    app.render()
    press(app, "back")
    choose(app, "Undo last")
    press(app, "ok")
    eq(top(app), "Main")
    eq(state(app)["neg"]["bids"], [-1, -1, -1])
    eq(step(app), "bid")
    eq(app.match.last_action()["t"], "claims")


def test_breaking_with_entered_draws_asks_for_the_artist_drawn():
    from showbiz_ui_kit import FC, ROW, enter_pieces

    app, _ = make_app()
    start(app, 2, agent=0, draws="entered")
    press(app, "ok")
    enter_pieces(app, ROW)
    press(app, "ok")
    enter_pieces(app, FC)
    press(app, "ok", "ok")
    enter_pieces(app, ["red"] * 9 + ["blue"] * 3)  # all nine reds: the bag is out of them
    press(app, "ok", "ok", "ok", "prev", "prev", "ok")  # Anna signs a red for a year
    press(app, "back")
    choose(app, "Break contract")
    choose(app, "Anna")
    press(app, "ok", "ok")
    eq(top(app), "PieceEntry")
    eq(app.top().left[1], 1)  # the red she gives back is in the bag again
    enter_pieces(app, ["red"])
    a = app.match.last_action()
    eq((a["t"], a["p"], a["col"], a["add"]), ("break", 0, 1, ["red"]))
    eq(top(app), "Main")


def test_the_game_menu_opens_on_back_to_game_as_showtimes_does():
    app, _ = make_app()
    start(app, 2, agent=0)
    press(app, "back")
    eq(top(app), "GameMenu")
    eq(labels(app)[0], "Back to game")
    eq(app.top().sel, 0)
    press(app, "ok")
    eq(top(app), "Main")


def sign_all(app, yrs):
    """Every pick of the year signed at once (no claims), in the first free column."""
    while step(app) == "pick":
        p = state(app)["turn"]
        c = [k for k in range(6) if state(app)["pool"][k]][0]
        assert app.submit({"t": "pick", "p": p, "art": state(app)["kinds"][c]})
        if step(app) == "claims":
            assert app.submit({"t": "claims", "ps": []})
        assert app.submit({"t": "contract", "p": p, "col": state(app)["art"][p].index(-1) + 1, "yrs": yrs})


def test_a_contract_can_be_broken_from_the_menu_before_the_years_taste_roll():
    # a year in which no contract expires is scored right after the forecast:
    # the general agent's steps are the only time to break one
    app, _ = make_app()
    start(app, 2, agent=0)
    to_pick(app)
    sign_all(app, 2)
    eq((step(app), state(app)["year"]), ("trend", 2))
    app.top().reload()
    press(app, "back")
    choose(app, "Break contract")
    choose(app, "Anna")
    press(app, "ok", "ok")  # her first contract, 1 year left: 2 ZE
    eq(top(app), "Main")
    eq(app.match.last_action()["t"], "break")
    eq((state(app)["ph"], state(app)["ze"][0], state(app)["art"][0][0]), ("trend", 13, -1))
