"""Showbiz on the device, driven with button events on the fake display: a
selection turn (pick, claims, bids, a tie going to round 2, the reveal, the
contract), the pages of the main screen, the mono panel."""

from portable import eq
from showbiz_ui_kit import bid, choose, labels, make_app, press, start, state, step, to_pick, top


def test_a_selection_nobody_claims_takes_a_pick_one_press_and_the_contract():
    app, _ = make_app()
    start(app, 3, agent=0)
    to_pick(app)
    n0 = app.presses
    press(app, "ok")  # the pool, as a menu of colours with their counts
    eq(top(app), "ChipMenu")
    first = labels(app)[0]
    assert " x" in first, first
    press(app, "ok")
    eq(top(app), "Claims")
    eq(labels(app), ["Nobody claims", "[ ] Ben", "[ ] Cleo"])
    press(app, "ok")  # nobody claims: one press
    eq(top(app), "ContractPicker")
    eq(app.top().col, 1)  # the first free column, chosen for her
    press(app, "ok")
    eq(top(app), "Main")
    eq(app.presses - n0, 4)
    a = app.match.last_action()
    eq((a["t"], a["p"], a["col"], a["yrs"]), ("contract", 0, 1, 3))
    eq(state(app)["turn"], 1)
    eq(step(app), "pick")


def test_a_tie_without_the_active_player_goes_to_round_two_then_is_won():
    app, _ = make_app()
    start(app, 3, agent=0)
    to_pick(app)
    press(app, "ok", "ok")  # Anna picks the first colour
    press(app, "next", "ok", "next", "ok")  # Ben and Cleo claim
    eq(labels(app)[0], "Done: 2 claims")
    press(app, "prev", "prev", "ok")
    eq(step(app), "bid")
    eq(top(app), "PassTo")
    eq(app.top().name, "Anna")
    bid(app, 1)
    eq(app.top().name, "Ben")  # the next bidder is asked at once
    bid(app, 2)
    bid(app, 2)
    eq(top(app), "Reveal")
    r = state(app)["last"]
    eq((r["rd"], r["out"], r["bids"]), (1, "again", [[0, 1], [1, 2], [2, 2]]))
    press(app, "ok")  # round 2, between Ben and Cleo only
    eq(top(app), "PassTo")
    eq(app.top().name, "Ben")
    bid(app, 3)
    bid(app, 1)
    eq(top(app), "Reveal")
    eq(state(app)["last"]["out"], "win")
    eq(state(app)["last"]["win"], 1)
    press(app, "ok")
    eq(top(app), "ContractPicker")
    press(app, "next", "next", "ok")
    a = app.match.last_action()
    eq((a["t"], a["p"], a["col"], a["yrs"]), ("contract", 1, 1, 5))
    # every ZE bid went to the storage: claims 2, round 1 five, round 2 four
    eq(state(app)["store"], 2 + 5 + 4)


def test_the_reveal_shows_every_bid_and_the_outcome_at_once():
    from showbiz_ui_kit import Recorder

    app, _ = make_app()
    start(app, 3, agent=0)
    to_pick(app)
    press(app, "ok", "ok", "next", "ok", "prev", "ok")  # Ben claims
    bid(app, 0)
    rec = Recorder(app)
    bid(app, 2)
    eq(top(app), "Reveal")
    shown = [s for s, _ in rec.log]
    for want in ("Anna", "0", "Ben", "2"):
        assert want in shown, (want, shown)
    assert [s for s in shown if s.startswith("Ben wins")], shown


def test_contract_column_other_than_the_first_free_with_a_long_ok():
    app, _ = make_app()
    start(app, 2, agent=0)
    to_pick(app)
    press(app, "ok", "ok", "ok")  # pick, nobody claims
    eq(top(app), "ContractPicker")
    press(app, "ok_long")
    eq(labels(app), ["Column 1", "Column 2", "Column 3", "Column 4", "Column 5", "Column 6"])
    choose(app, "Column 4")
    eq(top(app), "ContractPicker")
    press(app, "prev", "prev", "ok")
    a = app.match.last_action()
    eq((a["col"], a["yrs"]), (4, 1))
    eq(state(app)["art"][0][3] >= 0, True)


def test_the_bid_picker_stays_within_zero_and_the_bidders_holdings():
    app, _ = make_app()
    start(app, 2, agent=0, components={"ze": 4})
    to_pick(app)
    press(app, "ok", "ok", "next", "ok", "prev", "ok")  # Ben claims: he has 3 ZE left
    press(app, "ok")  # Anna has the device
    eq(top(app), "SecretNumber")
    eq((app.top().lo, app.top().hi, app.top().value), (0, 4, 1))
    press(app, *(["next"] * 9))
    eq(app.top().value, 4)  # a bid above her 4 ZE can't be entered
    press(app, *(["prev"] * 9))
    eq(app.top().value, 0)
    press(app, "ok", "ok", "ok")  # bids 0; Ben's turn
    eq(app.top().hi, 3)


def test_prev_and_next_show_the_other_pages_and_ok_comes_back():
    from showbiz_ui_kit import Recorder

    app, _ = make_app()
    start(app, 3, agent=0)
    to_pick(app)
    rec = Recorder(app)
    titles = []
    for _ in range(8):
        press(app, "next")
        titles.append(rec.log[0][0] if rec.log else "")
        rec.log = []
    eq(titles, ["Pool 18", "Taste y1", "Anna 0pt", "Ben 0pt", "Cleo 0pt", "Scores", "Year 1", "Pool 18"])
    press(app, "ok")  # from a side page, OK goes back to the step first
    eq(app.top().page, 0)
    eq(top(app), "Main")


def test_a_whole_selection_on_the_mono_panel():
    app, _ = make_app(mono=True)
    start(app, 4, agent=2)
    to_pick(app)
    for _ in range(4):
        press(app, "next")  # every page draws
    press(app, "ok", "ok", "ok", "ok", "ok")
    eq(app.match.last_action()["t"], "contract")
    eq(app.match.last_action()["p"], 2)


def test_the_reveal_shows_all_eight_bids_even_on_the_mono_panel():
    from showbiz_ui_kit import Recorder

    app, _ = make_app(mono=True)
    start(app, 8, agent=0)
    to_pick(app)
    press(app, "ok", "ok")  # Anna picks
    for i in range(1, 8):  # all seven others claim
        while app.top().sel != i:
            press(app, "next")
        press(app, "ok")
    eq(labels(app)[0], "Done: 7 claims")
    while app.top().sel != 0:
        press(app, "next")
    press(app, "ok")
    for z in range(8):
        if z == 7:
            rec = Recorder(app)
        bid(app, [1, 2, 3, 4, 5, 6, 7, 0][z])  # bids 1..7 and 0: each one different
    eq(top(app), "Reveal")
    shown = " ".join(s for s, _ in rec.log)
    for q, b in app.match.state["last"]["bids"]:
        want = "%s %d" % (app.match.state["players"][q]["name"][:3], b)
        assert want in shown, (want, shown)
    assert "Gus wins" in shown, shown  # his 7 is the highest
