"""Films on the device, press by press: setup (the worked example entered
through the screens is test_films_ui_worked.py, a VM process of its own),
the bids and their reveal, the half picker and its questions, the effects,
the optional moves before the bids, undo of a revealed round, the end of a
game in a match, a power cut in the middle of the bids."""

from films_ui_kit import (
    bare,
    bid,
    bids,
    choose,
    collect,
    half,
    labels,
    make_app,
    place,
    press,
    rnd,
    start,
    state,
    step,
    top,
)
from portable import eq


def test_new_game_asks_no_player_count_and_start_is_the_first_row():
    app, _ = make_app()
    choose(app, "New game")
    choose(app, "Films")
    eq(top(app), "Seats")  # always two players: nothing to count
    press(app, "ok", "ok")
    eq(top(app), "FilmsSetup")
    eq(labels(app), ["Start", "Rounds: 8", "One game", "Bids: private", "VIP: Anna"])
    press(app, "next", "ok", "next", "ok", "next", "ok", "next", "ok")
    eq(labels(app), ["Start", "Rounds: 10", "Best of three", "Bids: open", "VIP: Ben"])
    choose(app, "Start")
    eq(top(app), "Main")
    eq(app.match.setup["options"], {"rounds": 10, "best_of": 3, "bids": "open"})
    eq(bare(app.match.actions), [{"t": "game", "vip": 1}])  # who has the VIP is the first move
    eq(step(app), "bid")


def test_a_private_bid_near_the_start_takes_two_or_three_presses():
    app, _ = make_app(mono=True)
    start(app, 0)
    press(app, "ok")
    eq(app.top().name, "Ana")
    eq(bid(app, 5), 2)  # pass to Ana: OK, OK
    eq(top(app), "Pass")
    eq(app.top().name, "Bo")
    eq(bid(app, 6), 2)  # a step on "pass to" opens the number with it taken, OK
    press(app, "ok")
    place(app, "tickets1")
    place(app, "tickets1")
    press(app, "ok")
    eq([bid(app, 3), bid(app, 8)], [3, 4])
    eq(state(app)["last"], [3, 8, 0, 0])


def test_back_from_a_private_number_blanks_the_screen_and_records_nothing():
    app, _ = make_app(mono=True)
    start(app, 0)
    press(app, "ok", "next", "next")
    eq(top(app), "SecretNumber")
    press(app, "back")
    eq(top(app), "PassBack")
    press(app, "ok")
    eq(top(app), "Main")
    eq(len(app.match.actions), 1)


def reveal_lines(app):
    from showbiz_ui_kit import Recorder  # records every string drawn, whatever the game

    rec = Recorder(app)
    app.top().dirty = True
    app.render()
    return rec.shared()


def test_the_reveal_says_who_chooses_and_where_the_vip_goes():
    app, _ = make_app()
    start(app, 0)
    bids(app, 4, 7)
    shown = reveal_lines(app)
    assert "Ana 4, Bo 7" in shown and "Ana chooses" in shown, shown
    press(app, "ok")
    place(app, "press")  # Ana takes the VIP, locked
    place(app, "tickets1")
    bids(app, 5, 5)
    shown = reveal_lines(app)
    assert "Tie 5: Ana has the VIP" in shown and "locked: Ana chooses, keeps it" in shown, shown
    press(app, "ok")
    place(app, "tickets1")
    place(app, "tickets1")
    app = None  # one device at a time, as on the table: the VM's heap holds one
    collect()
    app2, _ = make_app()
    start(app2, 1)
    bids(app2, 2, 2)
    shown = reveal_lines(app2)
    assert "Tie 2: Bo has the VIP" in shown and "Bo chooses, the VIP goes to Ana" in shown, shown


def test_open_bids_are_both_typed_on_one_shared_screen():
    app, _ = make_app()
    start(app, 0, bids="open")
    press(app, "ok")
    eq(top(app), "OpenBids")
    assert not app.top().private
    n0 = app.presses
    press(app, "prev", "prev", "ok")  # Ana 3
    press(app, "next", "ok")  # Bo 6: both in, the reveal
    eq(app.presses - n0, 5)
    eq(top(app), "Reveal")
    eq(bare(app.match.actions[1:]), [{"t": "bid", "p": 0, "weeks": 3}, {"t": "bid", "p": 1, "weeks": 6}])
    press(app, "ok")
    place(app, "tickets1")
    place(app, "tickets1")
    press(app, "ok", "ok", "back")  # back from Bo's number to Ana's
    eq(app.top().cur, 0)


def test_a_repeating_half_is_greyed_and_asks_turn_over_or_both_sides():
    app, _ = make_app()
    start(app, 0)
    rnd(app, 1, 2, "director", "producer")
    bids(app, 1, 2)
    press(app, "ok")
    eq(top(app), "Halves")
    scr = app.top()
    assert not scr.bright(9) and scr.bright(10) and scr.bright(12), "a second Director is greyed"
    half(app, "director")
    eq(top(app), "Menu")
    eq(app.top().title, "Director already there")
    eq(labels(app), ["Turn it over", "Both sides repeat"])
    choose(app, "Turn it over")
    half(app, "award")
    eq(bare(app.match.actions[-1:]), [{"t": "place", "p": 0, "half": "award"}])
    # Bo's Producer repeats; its other side, a Director, does not (Bo has none)
    half(app, "producer")
    choose(app, "Both sides repeat")
    assert not app.top().bright(9), "Bo has no Director: not a repeat"
    half(app, "director")
    eq(top(app), "Halves")  # refused with its reason, the picker stays
    eq(app.toast_msg, "Producer already there: turn it over")
    press(app, "back", "back")  # the message goes with the first: the groups, then the question again
    choose(app, "Turn it over")
    half(app, "director")
    eq(bare(app.match.actions[-1:]), [{"t": "place", "p": 1, "half": "director"}])
    rnd(app, 1, 2, "producer", "tickets1")
    # Ana's card shows Director and Producer: both repeat, either side may go up
    bids(app, 1, 2)
    press(app, "ok")
    place(app, "director", under="producer")
    eq(bare(app.match.actions[-1:]), [{"t": "place", "p": 0, "half": "director", "under": "producer"}])


def test_a_second_studio_goes_straight_to_the_other_side():
    app, _ = make_app()
    start(app, 0)
    bids(app, 1, 2)
    press(app, "ok")
    place(app, "studio3")  # no card to move behind it: nothing asked
    eq(app.top().title, "Bo places")
    place(app, "tickets1")
    bids(app, 1, 2)
    press(app, "ok")
    half(app, "studio2")
    eq(app.top().title, "Other side, on top")
    half(app, "lead")
    eq(bare(app.match.actions[-1:]), [{"t": "place", "p": 0, "half": "lead"}])


def test_the_card_kinds_are_drawn_whole_on_both_panels():
    """The half picker's groups name every kind whole on two lines
    ("Tickets, Award, Script, Poster, Ba..." was once cut), the characters
    by their rulebook names (Leading Actor, Production Coordinator), and the
    LCD's label page names "Shooting Problems" whole."""
    from app_kit import shown_texts

    for mono in (False, True):
        app, _ = make_app(mono=mono)
        start(app, 0)
        seen = shown_texts(app)
        press(app, "ok")
        bid(app, 1)
        bid(app, 2)
        press(app, "ok")
        eq(app.top().title, "Ana places")
        press(app, "next", "next")  # every group on the panel once
        press(app, "ok")  # the characters
        press(app, *["next"] * 6)
        for want in ("Tickets, Award, Script,", "Poster, Bad Review", "Shooting Problems,", "Studio", "Characters"):
            assert want in seen, (mono, want, seen)
        for want in ("Prod. Coordinator", "Leading Actor", "Press Officer", "Scriptwriter"):
            assert want in seen, (mono, want, seen)
        assert not [s for s in seen if s.endswith("\x7f") or s.endswith("..")], (mono, seen)  # the fonts' ellipsis
        if not mono:
            press(app, "back", "back", "back")  # the half picker closes: the round page
            eq(top(app), "Main")
            del seen[:]
            press(app, "prev")  # the label page
            assert "Shooting Problems" in seen and "Prod. Coordinator" in seen, seen
            assert not [s for s in seen if s.endswith("\x7f") or s.endswith("..")], seen
