"""Films on the device: only the questions that apply. The effects (a
Shooting Problems with nothing to hit, an Editor in the last round, an
Editor swapping in a Shooting Problems), the optional moves before the bids
(Scriptwriters, the VIP holder first; cards left of the Studio, offered once
for each card that came, and the game menu telling when the window is
shut), undo of a revealed round as one step, the end of a game in a match,
and a power cut in the middle of the bids. Earlier rounds are fed
as moves (films_kit's short script) to reach each case quickly."""

from films_kit import action
from films_ui_kit import bid, choose, collect, half, labels, make_app, place, press, start, state, step, top
from portable import eq


def feed(app, script):
    """Moves entered as if by earlier presses; the round page is shown."""
    for clause in script.split(";"):
        if clause.strip():
            assert app.submit(action(clause)), (clause, app.toast_msg)
    app.top().reload()
    app.render()


QUIET = "0 bid 1; 1 bid 2; 0 tickets1; 1 tickets1;"


def bids(app, a, b):
    press(app, "ok")
    bid(app, a)
    bid(app, b)
    eq(top(app), "Reveal")
    press(app, "ok")


def last(app, n=1):
    out = []
    for a in app.match.actions[-n:]:
        a = dict(a)
        a.pop("at", None)
        out.append(a)
    return out


def test_shooting_problems_with_nothing_unprotected_asks_nothing():
    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, QUIET + "0 bid 1; 1 bid 2; 0 tickets1; 1 studio2; 1 protect 1")  # Bo's card hides behind his Studio
    eq([c[0] for c in state(app)["rows"][1]], [0, 7])
    bids(app, 1, 2)
    place(app, "shooting")  # only Bo's Studio is unprotected: the cursor offers it alone
    eq(top(app), "Target")
    eq(app.top().ok, [1])
    press(app, "ok")
    eq(last(app), [{"t": "hit", "p": 0, "pos": 1}])
    app = None
    collect()
    app, _ = make_app(mono=True)
    start(app, 0)
    bids(app, 1, 2)
    place(app, "shooting")  # Bo's row is empty: no hit owed, Bo places at once
    eq(app.top().title, "Bo places")
    eq(step(app), "place")


def test_an_editor_in_the_last_round_asks_nothing_and_one_may_swap_in_a_hit():
    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, QUIET * 7)
    eq(state(app)["rd"], 8)
    bids(app, 1, 2)
    place(app, "editor")  # the last round: the hand is empty, no swap
    eq(app.top().title, "Bo places")
    app = None
    collect()
    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, QUIET)
    bids(app, 1, 2)
    place(app, "editor")
    eq(app.top().title, "Ana's Editor: swap?")
    eq(labels(app), ["No swap", "Out: Tickets 1", "Out: Editor"])
    choose(app, "Out: Editor")
    eq(app.top().title, "In for Editor")
    half(app, "shooting")
    eq(top(app), "Target")  # the Shooting Problems swapped in hits at once
    press(app, "ok")
    eq(last(app, 2), [{"t": "swap", "p": 0, "out": 1, "half": "shooting"}, {"t": "hit", "p": 0, "pos": 0}])
    eq(app.top().title, "Bo places")


def test_scriptwriters_the_vip_holder_is_asked_first_and_skip_is_one_press():
    app, _ = make_app(mono=True)
    start(app, 1)  # Bo has the VIP
    feed(app, "0 bid 1; 1 bid 2; 0 scriptwriter; 1 scriptwriter;")
    press(app, "ok")
    eq(app.top().title, "Bo's Scriptwriter?")
    eq(labels(app), ["Skip", "Turn Scriptwriter"])
    press(app, "ok")  # Bo skips
    eq(app.top().title, "Ana's Scriptwriter?")
    choose(app, "Turn Scriptwriter")
    half(app, "director")
    eq(last(app), [{"t": "script", "p": 0, "pos": 0, "half": "director"}])
    eq(top(app), "Pass")  # Bo let Ana go first: he may not use his now, the bids follow
    bid(app, 3)
    bid(app, 4)
    eq(top(app), "Reveal")


def test_both_scriptwriters_in_one_round_the_vip_holder_first():
    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, "0 bid 1; 1 bid 2; 0 scriptwriter; 1 scriptwriter;")
    press(app, "ok")
    eq(app.top().title, "Ana's Scriptwriter?")
    choose(app, "Turn Scriptwriter")
    half(app, "press")  # Ana's Press Officer takes the VIP she already holds, locked
    eq(app.top().title, "Bo's Scriptwriter?")
    choose(app, "Turn Scriptwriter")
    half(app, "press")  # Bo's takes it over, with the lock
    eq(top(app), "Pass")
    eq(state(app)["vip"], 1)
    eq(state(app)["sc"], [0, 1])


def test_cards_behind_the_studio_are_offered_once_a_window():
    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, "0 bid 1; 1 bid 2; 0 director; 1 tickets1; 0 bid 1; 1 bid 2; 0 producer; 1 tickets1;")
    bids(app, 1, 2)
    place(app, "studio2")
    eq(top(app), "Behind")
    eq(labels(app), ["Skip (room 2)", "[ ] Director", "[ ] Producer"])
    press(app, "next", "ok", "next", "ok")
    eq(labels(app)[0], "Move 2 left")
    press(app, "ok")  # untick the Producer
    eq(labels(app)[0], "Move 1 left")
    choose(app, "Move")
    eq(last(app), [{"t": "protect", "p": 0, "pos": [1]}])
    eq(app.top().title, "Bo places")
    place(app, "tickets1")
    eq(top(app), "Main")  # the window (room 1 left) was offered: not asked again before the bids
    press(app, "ok")
    eq(top(app), "Pass")
    press(app, "back")
    # the game menu still offers it
    press(app, "back")
    assert "Left of the Studio" in labels(app), labels(app)
    choose(app, "Left of the Studio")
    eq(labels(app), ["Skip (room 1)", "[ ] Producer"])
    press(app, "next", "ok")
    eq(labels(app)[0], "Move 1 left")
    choose(app, "Move")
    eq(last(app), [{"t": "protect", "p": 0, "pos": [2]}])
    eq(top(app), "Main")


def test_the_studio_window_says_left_of_the_studio_as_the_rulebook_does():
    from app_kit import shown_texts

    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, "0 bid 1; 1 bid 2; 0 director; 1 tickets1;")
    bids(app, 1, 2)
    seen = shown_texts(app)
    place(app, "studio2")
    eq(top(app), "Behind")
    press(app, "next", "ok")
    said = " ".join(seen)
    assert "left of Studio?" in said and "Move 1 left" in said, seen
    assert "behind" not in said.lower(), seen


def test_a_card_placed_after_the_studio_is_offered_at_the_next_bids():
    """Bo's Studio 2 in an empty row, then his Tickets 2 after the
    next reveal: the game menu says the Studio's window is shut until the
    next bids, and those bids ask "left of Studio?" for the Tickets 2."""
    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, "0 bid 1; 1 bid 2; 0 award; 1 studio2; 0 bid 2; 1 bid 1; 1 tickets2;")
    eq(step(app), "place")  # Ana places next: the reveal is past
    press(app, "back")
    eq(top(app), "GameMenu")
    assert "Left of the Studio" in labels(app), labels(app)
    choose(app, "Left of the Studio")
    eq(top(app), "Message")
    eq((app.top().title, app.top().lines), ("Bo's Studio", ["Only before a reveal:", "at the next bids"]))
    press(app, "ok", "back")
    eq(top(app), "Main")
    feed(app, "0 award;")
    press(app, "ok")  # the next round's bids
    eq(top(app), "Behind")
    eq((app.top().title, labels(app)), ("Bo: left of Studio?", ["Skip (room 2)", "[ ] Tickets 2"]))
    press(app, "next", "ok")
    choose(app, "Move")
    eq(last(app), [{"t": "protect", "p": 1, "pos": [1]}])
    eq(top(app), "Pass")  # then the bids


def test_the_game_menu_says_when_no_reveal_is_left_for_the_studio():
    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, "0 bid 1; 1 bid 2; 0 studio2; 1 award;" + QUIET * 6 + "0 bid 1; 1 bid 2; 0 award;")
    press(app, "back")
    choose(app, "Left of the Studio")
    eq(app.top().lines, ["Only before a reveal:", "none is left now"])


def test_ticking_more_cards_than_the_room_is_refused():
    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, "0 bid 1; 1 bid 2; 0 director; 1 tickets1; 0 bid 1; 1 bid 2; 0 producer; 1 tickets1;")
    feed(app, "0 bid 1; 1 bid 2; 0 lead; 1 tickets1;")
    bids(app, 1, 2)
    place(app, "studio2")
    press(app, "next", "ok", "next", "ok", "next", "ok")
    eq(app.toast_msg, "room for 2")
    eq(labels(app)[:4], ["Move 2 left", "[x] Director", "[x] Producer", "[ ] Leading Actor"])


def test_undo_of_a_revealed_round_takes_back_both_bids_and_the_script_between():
    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, "0 bid 1; 1 bid 2; 0 scriptwriter; 1 tickets1;")
    press(app, "ok")
    choose(app, "Skip")  # not before the bids...
    bid(app, 4)
    press(app, "back", "back")  # ...but after Ana's bid, from the game menu
    choose(app, "Scriptwriter")
    choose(app, "Turn Scriptwriter")
    half(app, "award")
    eq(top(app), "Pass")  # Bo's bid follows
    bid(app, 7)
    eq(top(app), "Reveal")
    n = len(app.match.actions)
    press(app, "back", "back")  # the reveal, then the game menu
    choose(app, "Undo last")
    press(app, "ok")  # confirm
    eq(len(app.match.actions), n - 3)  # Ana's bid, the Scriptwriter, Bo's bid: one step
    eq(step(app), "bid")
    eq(state(app)["bids"], [-1, -1])
    eq(top(app), "Main")
    log = app.storage.read(app.match.name + ".log").decode()
    assert '"n":3' in log.replace(" ", ""), log[-200:]
    eq(app.stack[0].asked, [None, []])  # the round page: the Scriptwriter is asked again
    press(app, "ok")
    eq(app.top().title, "Ana's Scriptwriter?")


def test_a_game_of_a_match_ends_with_its_tickets_then_who_has_the_vip():
    app, _ = make_app(mono=True)
    start(app, 0, best_of=3)
    feed(app, QUIET * 7)
    bids(app, 1, 2)
    place(app, "award")
    place(app, "tickets1")
    eq(top(app), "End")
    eq(app.top().title, "Game 1: Ana wins")
    rows = app.top().rows
    eq(rows[-3:], [["Total", 10, 8], ["Game 1", 10, 8], ["Games won", 1, 0]])
    press(app, "ok")
    eq(top(app), "Menu")
    eq(app.top().title, "Game 2: who has the VIP?")
    press(app, "next", "ok")
    eq(last(app), [{"t": "game", "vip": 1}])
    eq(top(app), "Main")
    eq((state(app)["g"], state(app)["rd"]), (2, 1))


def test_after_a_power_cut_in_the_bids_the_round_page_says_who_has_bid():
    from showbiz_ui_kit import Recorder

    app, st = make_app(mono=True)
    start(app, 0)
    press(app, "ok")
    bid(app, 4)
    eq(top(app), "Pass")
    app = None
    collect()
    app, _ = make_app(st)  # the device boots into the game in play
    rec = Recorder(app)
    app.top().dirty = True
    app.render()
    eq(top(app), "Main")
    shown = rec.shared()
    assert "Ana has bid" in shown and "OK: pass to Bo" in shown, shown
    press(app, "ok")
    eq(app.top().name, "Bo")
    bid(app, 7)
    eq(top(app), "Reveal")
    eq(state(app)["last"], [4, 7, 0, 0])


def test_a_scriptwriter_turning_up_a_studio_offers_its_moves_at_once():
    app, _ = make_app(mono=True)
    start(app, 0)
    feed(app, "0 bid 1; 1 bid 2; 0 director; 1 tickets1; 0 bid 1; 1 bid 2; 0 scriptwriter; 1 tickets1;")
    press(app, "ok")
    eq(app.top().title, "Ana's Scriptwriter?")
    eq(labels(app), ["Skip", "Turn Director", "Turn Scriptwriter"])
    choose(app, "Turn Scriptwriter")
    half(app, "studio3")  # the Studio goes to the left end, its window opens
    eq(top(app), "Behind")
    eq(labels(app), ["Skip (room 3)", "[ ] Director"])
    press(app, "next", "ok")
    choose(app, "Move")
    eq(last(app, 2), [{"t": "script", "p": 0, "pos": 1, "half": "studio3"}, {"t": "protect", "p": 0, "pos": [1]}])
    eq(top(app), "Pass")  # then the bids
