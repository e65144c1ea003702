"""Films on the device: the rulebook's worked example (tests/records/films_example.rec)
entered through the screens leaves the hand-written record. A module of its
own: on the MicroPython VM each test module is one process, and this game,
with the other Films screens' tests, ran out of the VM's 256K heap."""

import json

from films_ui_kit import bare, bid, bids, choose, half, labels, make_app, place, press, rnd, start, top
from portable import eq


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
