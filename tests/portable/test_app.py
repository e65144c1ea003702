"""The app on a fake display: menus, a dice game, undo, private entry,
refusals, mashing, power cuts."""

from app_kit import collect, goto, labels, make_app, press
from fakes import MemStorage
from portable import eq
from usher.core.match import Match
from usher.core.rng import Rng
from usher.games.catalog import load_game


def test_home_menu_lists_the_main_entries():
    app, _ = make_app()
    eq(labels(app), ["New game", "Dice & draws", "Saved games", "Settings", "Sync"])


def test_home_rows_of_their_own_come_from_the_catalog():
    """Home names no game: a catalog entry with a Home row gets one, in the
    catalog's order, and the row starts that game."""
    from usher.games import catalog

    kept = catalog.GAMES
    catalog.GAMES = kept + (catalog.Entry("coin", "Coin toss", 0, 4, home_row="Coin flips"),)
    collect()  # one device, one frame buffer: the last test's goes first
    try:
        app, _ = make_app()
        eq(labels(app), ["New game", "Dice & draws", "Coin flips", "Saved games", "Settings", "Sync"])
        goto(app, "Dice & draws")
        press(app, "ok")  # a roll, so the session is kept
        press(app, "back")
        goto(app, "Save & leave")
        asked = []
        app.resume = lambda name, game="": asked.append(game)
        goto(app, "Resume Dice")
        eq(asked, ["dice"])  # the Resume row's game, not the last Home row's
    finally:
        catalog.GAMES = kept


def test_dice_roll_is_recorded_and_resumes_after_restart():
    app, st = make_app()
    goto(app, "Dice & draws")
    press(app, "ok")  # 1 die
    eq(app.match.state["rolls"], 1)
    name = app.match.name
    state = app.match.state
    eq(len(Match.resume(st, name, load_game).actions), 1)
    # power off, on: the last game resumes straight into its screen
    app = None
    collect()  # one device, one frame buffer: free the first before the second
    app2, _ = make_app(st)
    eq(app2.match.name, name)
    eq(app2.match.state, state)
    eq(type(app2.top()).__name__, "DiceScreen")


def test_undo_asks_first_and_then_removes_the_move():
    app, _ = make_app()
    goto(app, "Dice & draws")
    press(app, "ok", "ok")
    eq(app.match.state["rolls"], 2)
    press(app, "back")
    goto(app, "Undo last")
    eq(type(app.top()).__name__, "Confirm")
    press(app, "back")  # no: nothing undone
    eq(app.match.state["rolls"], 2)
    goto(app, "Undo last")
    press(app, "ok")
    eq(app.match.state["rolls"], 1)


def test_refused_move_shows_reason_and_changes_nothing():
    app, _ = make_app()
    goto(app, "Dice & draws")
    before = app.match.state
    ok = app.submit({"t": "roll", "n": 9})
    assert not ok
    eq(app.toast_msg, "1-4 dice")
    eq(app.match.state, before)
    press(app, "next")  # the press that clears the message also does what it says
    eq(app.toast_msg, "")
    eq(app.top().mode, 1)


def test_only_changed_rows_are_pushed_when_moving_in_a_menu():
    app, _ = make_app()
    d = app.hw.display
    d.pushes = []
    press(app, "next")
    eq(len(d.pushes), 1)
    x, y, w, h = d.pushes[0]
    assert h < d.height // 2, d.pushes  # two rows, not the screen
    press(app, "ok")  # opens a new screen: full redraw
    eq(d.pushes[-1], (0, 0, d.width, d.height))


def test_private_number_leaves_no_trace_of_the_secret():
    from usher.ui.private import private_number

    app, _ = make_app()
    got = []
    private_number(app, "Anna", 0, "Your bid", 0, 15, got.append, value=0)
    app.render()
    press(app, "ok")  # Anna has the device
    eq(app.top().private, True)
    press(app, "next", "next", "next")
    press(app, "ok")  # 3 entered -> pass back
    eq(got, [])  # not handed on before the device is back
    from usher.core.crc import crc32

    fb = crc32(app.hw.display.buf)  # a digest: a 16 KB copy would not fit the heap
    # the pass-back screen drawn fresh on a clean buffer looks exactly the same
    app.hw.display.fill(0)
    app.top().draw(app.p, True)
    eq(crc32(app.hw.display.buf), fb)
    press(app, "ok")
    eq(got, [3])


def test_new_game_setup_walks_seats_and_back_steps_a_seat():
    app, _ = make_app()
    goto(app, "New game")
    eq(labels(app), ["Showtime", "Showbiz", "Show Manager", "Films"])


def test_broken_settings_file_is_reported_and_kept():
    st = MemStorage()
    st.files["settings.json"] = b"\x00garbage"
    app, _ = make_app(st)
    eq(app.toast_msg, "settings reset")
    eq(st.files["settings.bad"], b"\x00garbage")


def test_mashing_buttons_never_crashes():
    app, st = make_app()
    goto(app, "Dice & draws")
    r = Rng(99)
    events = ["prev", "next", "ok", "back", "ok_long", "back_long", "next_long", "prev_long"]
    for _ in range(400):
        ev = events[r.below(len(events))]
        app.handle(ev)
        collect()  # as the device's tick does after presses
        if r.below(3) == 0:
            app.render()
            app.hw.display.pushes = []  # the fake keeps every push; the panel does not
        assert app.top() is not None
    app.render()
    # whatever happened, every game on flash still replays
    for e in app.library.games():
        Match.resume(st, e["name"], load_game)


def test_mono_profile_renders_menus():
    app, _ = make_app(mono=True)
    d = app.hw.display
    assert any(d.buf), "nothing drawn"
    press(app, "next", "ok")
    assert app.top() is not None


def test_flash_full_during_a_move_is_reported():
    from fakes import FullStorage

    st = FullStorage(room=10**6)
    app, _ = make_app(st)
    goto(app, "Dice & draws")
    press(app, "ok")
    rolls = app.match.state["rolls"]
    st.room = 0
    press(app, "ok")
    eq(app.toast_msg, "Flash full: delete games")
    eq(app.match.state["rolls"], rolls)


def frames_and_writes(app, st, how):
    """What reaches the panel ("frame") and the flash (the file's name), in
    order, through storage method `how` ("append", "write")."""
    order = []
    d = app.hw.display
    shown = d.show
    wrote = getattr(st, how)

    def show(*a):
        order.append("frame")
        return shown(*a)

    def write(name, data):
        order.append(name)
        wrote(name, data)

    d.show = show
    setattr(st, how, write)
    return order


def test_a_move_is_written_to_the_flash_after_its_frame_is_shown():
    """An append to the record is a sector erase on the Pico's flash (45 ms
    typical): the press shows its move first, then records it, in the same tick."""
    st = MemStorage()
    app, _ = make_app(st)
    goto(app, "Dice & draws")
    order = frames_and_writes(app, st, "append")
    press(app, "ok")
    log = app.match.name + ".log"
    eq(order[-1], log)
    assert "frame" in order[: order.index(log)], order
    eq(Match.resume(st, app.match.name, load_game).state, app.match.state)


def test_a_new_game_reaches_the_flash_after_its_first_frame_or_not_at_all():
    from fakes import FullStorage

    st = FullStorage(room=10**6)
    app, _ = make_app(st)
    order = frames_and_writes(app, st, "write")
    goto(app, "Dice & draws")  # a new session: a new game
    log = app.match.name + ".log"
    assert "frame" in order[: order.index(log)], order
    press(app, "back")  # no roll: the session is not kept
    goto(app, "Save & leave")
    kept = sorted(st.names())
    st.room = st._used()  # the flash full
    goto(app, "Dice & draws")
    eq(type(app.top()).__name__, "Home")
    eq(app.toast_msg, "Flash full: delete games")
    eq(sorted(st.names()), kept)  # no record, no entry in the index
    eq(list(app.library.entries()), [])


def test_seats_take_free_colours_and_a_long_ok_chooses_another():
    from usher.games.catalog import load_game
    from usher.ui.newgame import Seats

    app, _ = make_app()
    seats = Seats(load_game("showtime"), 3)
    app.push(seats)
    app.render()
    press(app, "ok")  # Anna: the first free colour
    eq(seats.chosen[-1], {"name": "Anna", "colour": 0})
    press(app, "ok_long")  # Ben picks his own colour
    eq(type(app.top()).__name__, "Menu")
    eq(app.top().items[0][0], "blue")  # red is taken
    press(app, "next", "next", "ok")  # yellow
    eq(seats.chosen[-1], {"name": "Ben", "colour": 3})
    eq(seats.marks[0], 1)  # the next seat would be blue


def test_a_table_scrolls_a_row_at_a_time_and_stops_at_both_ends():
    from usher.ui.dialogs import Table

    app, _ = make_app()
    t = Table("Scores", [(0, "Anna", "3"), (1, "Ben", "5"), (None, "Pot", "1")])
    app.push(t)
    app.render()
    press(app, "prev")
    eq(t.first, 0)
    press(app, "next", "next", "next", "next")
    eq(t.first, 2)
    press(app, "prev")
    eq(t.first, 1)
    press(app, "back")
    assert app.top() is not t


def test_out_of_memory_in_a_tick_reloads_the_game_from_flash():
    from usher.ui.screen import Screen

    class Greedy(Screen):
        def draw(self, p, full):
            raise MemoryError("memory allocation failed")

    app, st = make_app()
    goto(app, "Dice & draws")
    press(app, "ok", "ok")  # two rolls, each recorded
    name = app.match.name
    state = app.match.state
    app.push(Greedy())
    app.run(ticks=3)
    eq(app.recoveries, 1)
    eq(type(app.top()).__name__ == "Greedy", False)
    eq(app.match.name, name)  # the same game, reopened from its record
    eq(app.match.state, state)
    eq(app.toast_msg, "Low memory: reloaded")


def test_a_reload_that_does_not_free_enough_goes_home_once_and_keeps_every_record():
    """The low-memory path never loops: the heap runs out again right after
    the game was reloaded from flash, so the device goes Home (where no game
    is open), says so, and stays there; the game stays on the Resume row."""
    from usher.app import LOW_MEMORY_HOME

    app, st = make_app()
    goto(app, "Dice & draws")
    press(app, "ok", "ok")
    name = app.match.name
    files = st.files.copy()
    render = app.render

    def greedy():  # any screen of a game: out of heap, every time
        if app.match is not None:
            raise MemoryError("memory allocation failed")
        return render()

    app.render = greedy
    app.run(ticks=50)
    eq(app.recoveries, 2)  # the reload, then Home: no third
    eq(type(app.top()).__name__, "Home")
    eq(app.match, None)
    eq(app.toast_msg, LOW_MEMORY_HOME)
    eq(st.files.copy(), files)  # every record as it was
    eq(labels(app)[0], "Resume Dice")
    app.render = render  # room again: the game resumes from Home
    press(app, "ok")  # the message goes with the press that resumes
    eq(app.match.name, name)
    eq(app.match.state["rolls"], 2)


def test_a_reload_that_itself_runs_out_goes_home():
    app, st = make_app()
    goto(app, "Dice & draws")
    press(app, "ok")
    files = st.files.copy()

    def no_room():
        raise MemoryError("memory allocation failed")

    app.play = no_room  # reopening the game runs out too
    app.clock.sleep_ms(60_000)

    class Greedy:
        dirty = True
        part = False

        def draw(self, p, full):
            raise MemoryError("memory allocation failed")

        def on_close(self):
            pass

    app.stack.append(Greedy())
    app.run(ticks=5)
    eq(app.recoveries, 1)
    eq(type(app.top()).__name__, "Home")
    eq(st.files.copy(), files)
    from usher.app import LOW_MEMORY_HOME

    eq(app.toast_msg, LOW_MEMORY_HOME)


def test_each_dice_page_shows_its_own_last_result():
    from app_kit import shown_texts

    app, _ = make_app()
    goto(app, "Dice & draws")
    app.submit({"t": "roll", "n": 1})
    face = str(app.match.state["last"]["faces"][0])
    seen = shown_texts(app)
    press(app, "next")  # 2 dice: nothing rolled with two yet
    assert "OK to roll" in seen and face not in seen, seen
    del seen[:]
    press(app, "next")  # the taste bag: nothing drawn yet
    assert "OK to draw" in seen, seen
    del seen[:]
    press(app, "prev", "prev")  # back on one die: its own roll
    assert face in seen, seen


def test_a_resumed_dice_game_opens_on_the_page_of_its_last_outcome():
    app, st = make_app()
    goto(app, "Dice & draws")
    press(app, "next", "next", "ok")  # a taste draw
    app = None
    collect()
    app2, _ = make_app(st)
    eq(app2.top().mode, 2)


def test_game_menu_opens_on_back_to_game_and_a_dice_game_shows_results_not_no_players():
    from app_kit import shown_texts

    app, _ = make_app()
    goto(app, "Dice & draws")
    press(app, "ok")
    press(app, "back")
    eq(labels(app)[0], "Back to game")
    eq(app.top().sel, 0)
    seen = shown_texts(app)
    goto(app, "Results")
    assert "no players" not in seen and "1 die" in seen, seen
    press(app, "back")
    goto(app, "Back to game")
    eq(type(app.top()).__name__, "DiceScreen")


def test_each_dice_page_numbers_its_own_outcome_not_the_count_of_all():
    from app_kit import shown_texts

    app, _ = make_app()
    goto(app, "Dice & draws")
    press(app, "ok")  # #1: one die
    press(app, "next", "next", "next", "ok", "ok")  # #2, #3: two artist draws
    seen = shown_texts(app)
    press(app, "prev", "prev", "prev")  # taste, two dice, one die: only one die's roll has a number, #1
    assert "#1" in seen and "#3" not in seen and "#2" not in seen, seen
    del seen[:]
    press(app, "next")  # two dice: nothing rolled, no number
    assert not [s for s in seen if s.startswith("#")], seen


def test_refill_bags_asks_first_and_back_refills_nothing():
    from app_kit import shown_texts

    app, _ = make_app()
    goto(app, "Dice & draws")
    press(app, "next", "next", "ok")  # a taste draw
    n = len(app.match.actions)
    press(app, "next", "next")  # Refill bags
    seen = shown_texts(app)
    press(app, "ok")
    eq(type(app.top()).__name__, "Confirm")
    assert "Refill both bags?" in seen, seen
    press(app, "back")  # no
    eq(len(app.match.actions), n)
    eq(type(app.top()).__name__, "DiceScreen")
    press(app, "ok", "ok")  # asked again; yes
    eq([a["t"] for a in app.match.actions[n:]], ["refill", "refill"])
    eq(app.match.state["bags"]["taste"]["counts"], app.match.state["bags"]["taste"]["full"])
    eq(type(app.top()).__name__, "DiceScreen")


def test_the_first_press_after_boot_rolls():
    """Power on, Down, OK (Dice & draws), then OK on "OK to roll": the very
    first press on the dice page rolls, and the page shows the face."""
    from app_kit import shown_texts

    for mono in (False, True):
        app, _ = make_app(mono=mono)
        press(app, "next", "ok")
        eq(type(app.top()).__name__, "DiceScreen")
        seen = shown_texts(app)
        press(app, "ok")
        eq(app.match.state["rolls"], 1)
        assert str(app.match.state["last"]["faces"][0]) in seen and "#1" in seen, seen
        app = None
        collect()


def test_saved_games_rows_differ_by_number_and_day_and_the_marks_are_said_once():
    from app_kit import shown_texts

    app, _ = make_app(mono=True)
    app.set_clock(1764400000, 3600)  # 2025-11-29 in the laptop's zone
    goto(app, "Dice & draws")
    press(app, "ok")
    press(app, "back")
    goto(app, "New session")  # two dice games: same title, no players
    press(app, "ok")
    press(app, "ok")
    app.home()
    app.render()
    app.library.abandon(app.library.games()[0]["name"])
    seen = shown_texts(app)
    goto(app, "Saved games")
    rows = [s for s in seen if "Dice #" in s]
    assert len(rows) == 2, rows
    assert rows[0] != rows[1], rows
    for r in rows:
        assert "#" in r and "11-29" in r, rows
    eq(len([s for s in seen if "*over" in s and "> play" in s]), 1)
    eq(app.top().sel, 1)  # the cursor on the newest game, not on the marks
    press(app, "ok")
    eq(type(app.top()).__name__, "GameActions")


def test_dice_and_draws_resumes_the_session_in_play_and_a_new_one_only_when_asked():
    """Dice & draws once opened a new session every time, its bags full
    again, even with "Resume Dice" on Home."""
    from app_kit import shown_texts

    app, _ = make_app()
    goto(app, "Dice & draws")
    press(app, "next", "next", "next", "ok", "ok")  # two artist draws
    name = app.match.name
    press(app, "back")
    goto(app, "Save & leave")
    eq(labels(app)[:3], ["Resume Dice", "New game", "Dice & draws"])
    seen = shown_texts(app)
    goto(app, "Dice & draws")
    eq(app.match.name, name)  # the same session: its bags as they were left
    assert "< Artist bag >" in seen and "#2" in seen, seen
    left = app.match.state["bags"]["artists"]
    eq(sum(left["full"]) - sum(left["counts"]), 2)
    assert "%d left in bag" % sum(left["counts"]) in seen, seen
    press(app, "back")
    eq(labels(app)[3:6], ["Save & leave", "New session", "Abandon"])
    goto(app, "New session")
    assert "New dice session?" in seen, seen
    press(app, "ok")
    assert app.match.name != name
    eq(app.match.state["bags"]["artists"]["counts"], app.match.state["bags"]["artists"]["full"])
    eq(len(app.library.games()), 2)  # the first one kept, in Saved games


def test_a_dice_session_with_nothing_rolled_is_not_kept():
    app, st = make_app()
    goto(app, "Dice & draws")
    press(app, "back")
    assert "New session" not in labels(app), labels(app)  # new already
    goto(app, "Save & leave")
    eq(app.library.games(), [])
    eq([n for n in st.files.keys() if n.endswith(".log")], [])
    goto(app, "Dice & draws")
    press(app, "back")
    goto(app, "Abandon")
    press(app, "ok")
    eq(app.library.games(), [])
    goto(app, "Saved games")
    eq(labels(app), ["(no games yet)"])


def test_a_saved_game_has_one_name_in_the_list_and_on_its_menu():
    """One game, one name: the list once said "Dice #1", its menu "g0001 Dice"."""
    from app_kit import shown_texts

    app, _ = make_app(mono=True)
    goto(app, "Dice & draws")
    press(app, "ok")
    app.home()
    app.render()
    seen = shown_texts(app)
    goto(app, "Saved games")
    assert "> Dice #1" in seen, seen
    press(app, "ok")
    eq(app.top().title, "Dice #1")
    assert "Dice #1" in seen and not [s for s in seen if "g0001" in s], seen
    goto(app, "Delete")
    eq(app.top().question, "Delete Dice #1?")


def test_a_game_opened_becomes_the_one_to_resume_once_its_first_frame_is_shown():
    """Opening a saved game rewrites the index (the resume row's game): once
    the game's first frame is out, not inside the press (~14 ms of it on the
    Pico). A power cut in between leaves the resume row as it was."""
    from usher.library import INDEX, Library

    app, st = make_app()
    goto(app, "Dice & draws")
    press(app, "ok")  # a roll: the session is kept
    name = app.match.name
    press(app, "back")
    goto(app, "Save & leave")
    app.library.set_last("")  # another game was the one to resume
    eq(Library(st).last(), "")
    while labels(app)[app.top().sel] != "Dice & draws":
        press(app, "next")
    wrote = []
    real = st.write

    def write(fname, data):
        wrote.append(fname)
        real(fname, data)

    st.write = write
    app.handle("ok")  # the press: the session opens, the flash is left alone
    eq((app.match.name, wrote), (name, []))
    eq(Library(st).last(), "")
    app.render()
    app.after_frame()  # the first frame is out
    eq(wrote, [INDEX])
    eq(Library(st).last(), name)
