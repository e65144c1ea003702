"""Films on the device, press by press: setup, the worked example
(tests/records/films_example.rec) entered through the screens (the record it leaves is the hand-written one),
the bids and their reveal, the half picker and its questions, the effects,
the optional moves before the bids, undo of a revealed round, the end of a
game in a match, a power cut in the middle of the bids."""

import json

from films_ui_kit import (
    bid,
    choose,
    half,
    labels,
    make_app,
    place,
    press,
    start,
    state,
    step,
    top,
)
from portable import eq


def bids(app, a, b, skip=False):
    """OK on the round page, then both private bids; the reveal is on screen.
    `skip`: "left of Studio?" is asked first (a card came after the Studio)."""
    eq(top(app), "Main")
    press(app, "ok")
    if skip:
        eq(app.top().title, "Ana: left of Studio?")
        choose(app, "Skip")
    bid(app, a)
    bid(app, b)
    eq(top(app), "Reveal")


def rnd(app, a, b, first, second, skip=False):
    """A round without questions (but `skip`): bids, the reveal, both placements."""
    bids(app, a, b, skip)
    press(app, "ok")
    place(app, first)
    place(app, second)


def bare(actions):
    out = []
    for a in actions:
        a = dict(a)
        a.pop("at", None)
        out.append(a)
    return out


def record_actions():
    i = __file__.rfind("/")
    path = (__file__[:i] if i >= 0 else ".") + "/../records/films_example.rec"
    out = []
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith("#"):
                obj = json.loads(line)
                if "t" in obj:
                    out.append(obj)
    return out


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


def test_the_worked_example_through_the_screens_leaves_the_hand_written_record():
    app, _ = make_app()
    start(app, 0)
    rnd(app, 3, 6, "director", "tickets2")
    bids(app, 4, 4)
    press(app, "ok")
    place(app, "studio2")
    eq(top(app), "Behind")  # right after the Studio enters
    eq(labels(app), ["Skip (room 2)", "[ ] Director"])
    press(app, "next", "ok")
    eq(labels(app)[0], "Move 1 left")
    press(app, "prev", "ok")
    eq(top(app), "Halves")  # Bo places at once
    place(app, "award")
    rnd(app, 2, 7, "poster", "shooting")
    eq(top(app), "Target")  # the Director is protected: the cursor visits 1 and 2
    eq(app.top().ok, [1, 2])
    press(app, "next", "ok")
    rnd(app, 5, 5, "press", "editor")
    eq(app.top().title, "Ana's Editor: swap?")
    eq(labels(app)[0], "No swap")
    choose(app, "Out: Editor")
    half(app, "award")
    press(app, "ok")  # round 5: the Editor's Award came after the Studio, which has room for 1
    eq((top(app), labels(app)), ("Behind", ["Skip (room 1)", "[ ] Award"]))
    choose(app, "Skip")
    bid(app, 1)
    bid(app, 8)
    press(app, "ok")
    place(app, "scriptwriter")
    place(app, "lead")
    press(app, "ok")  # round 6: Ana's Scriptwriter is asked before the bids
    eq(app.top().title, "Ana's Scriptwriter?")
    eq(labels(app)[0], "Skip")
    choose(app, "Turn Award")
    half(app, "shooting")
    eq(top(app), "Target")
    while app.top().ok[app.top().cur] != 3:
        press(app, "next")
    press(app, "ok")
    eq(top(app), "Behind")  # the Scriptwriter came after the Studio: asked once
    choose(app, "Skip")
    eq(top(app), "Pass")  # then straight on to the bids
    bid(app, 6)
    bid(app, 6)
    press(app, "ok")
    place(app, "bad_review")
    place(app, "script")
    rnd(app, 9, 3, "producer", "script", skip=True)
    rnd(app, 2, 5, "coordinator", "tickets2", skip=True)
    eq(top(app), "End")
    eq(app.top().title, "Ana wins (VIP)")
    eq(app.top().rows[-1], ["Total", 10, 10])
    eq(bare(app.match.actions), record_actions())
    press(app, "back")  # the game over, Back: its round page
    eq(top(app), "Main")
    assert app.match.is_over()
    press(app, "back")  # a finished game's menu: nothing to save or abandon
    eq(labels(app), ["Back to game", "Undo last", "Scores", "Score sheet", "Home"])
    from usher.games.films.rows import HALVES, LABELS

    last = record_actions()[-1]  # the last placement, entered wrong? it may still be undone
    choose(app, "Undo last")
    eq(app.top().question, "Undo %s's %s?" % (["Ana", "Bo"][last["p"]], LABELS[HALVES.index(last["half"])]))
    press(app, "back")  # no
    choose(app, "Score sheet")
    eq(top(app), "End")
    eq(app.top().rows[-1], ["Total", 10, 10])
    press(app, "ok")  # the game is over: OK leads Home
    eq(top(app), "Home")
    eq(app.match, None)


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
