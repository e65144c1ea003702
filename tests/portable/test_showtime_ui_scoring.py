"""Showtime on the device between the turns: the scoring replay of the
rulebook's two-player example, the summary, undo from the game menu, and
resuming after a power cut, driven by button events on a fake display."""

from app_kit import shown_texts
from fakes import make_display
from portable import eq
from showtime_example_seats import EXAMPLE, GREEN, YELLOW
from showtime_ui_kit import begin, choose_card, make_app, name, place, press, stop_showing
from usher.core.crc import crc32

make_display(False)  # the colour panel's 16 KB frame buffer, taken first as the device does at boot

# what the rulebook's example says each person brings, seat by seat from row 1
# left: first the seats' stars, then the effects (with whose figure moves)
SEAT_POINTS = [(GREEN, 1), (GREEN, 2), (GREEN, 2), (YELLOW, 1), (YELLOW, 2), (YELLOW, 3), (GREEN, 3), (YELLOW, 2)]
EFFECT_POINTS = [(GREEN, 1), (GREEN, 1), (GREEN, -1), (YELLOW, -2), (YELLOW, 1), (YELLOW, 3), (GREEN, 2), (YELLOW, 0)]
SEAT_ORDER = [(1, 1), (1, 2), (1, 3), (1, 4), (2, 1), (2, 2), (2, 3), (2, 4)]


def play_example(app):
    begin(app, 2, first=GREEN, genre="fantasy")
    for card, row, seat in EXAMPLE:
        place(app, card, row, seat, genre=False)


def test_the_scoring_replay_shows_the_rulebook_examples_steps_in_order():
    app, _ = make_app()
    play_example(app)
    eq(name(app), "Between")
    scr = app.top()
    eq(scr.mode, 0)  # the replay starts at once
    names = [p["name"] for p in app.match.setup["players"]]
    expected = SEAT_POINTS + EFFECT_POINTS
    for k in range(16):
        owner, pts = expected[k]
        row, seat = SEAT_ORDER[k % 8]
        eq(scr.k, k)
        eq(scr.old, (row - 1) * 4 + seat - 1)  # the seat highlighted
        texts = shown_texts(app)
        scr.dirty = True
        app.render()
        stop_showing(app)
        assert names[owner] in texts, (k, texts)  # whose figure moves
        shown = [t for t in texts if t.startswith("%+d " % pts)]
        assert shown, (k, pts, texts)
        press(app, "ok")
    eq(scr.mode, 1)  # after the last step: the summary
    eq(app.match.state["total"], [11, 10])  # green 11, yellow 10, as the rulebook has it


def test_the_screenings_last_move_is_shown_before_any_collection():
    # the press that ends a screening records it and opens the replay: a
    # collection before the move (~5 ms of that press on the Pico) waits
    # until the replay's first frame is on the panel (memory.sweep_soon)
    import sys

    from usher import memory

    app, _ = make_app()
    begin(app, 2, first=GREEN, genre="fantasy")
    for card, row, seat in EXAMPLE[:-1]:
        place(app, card, row, seat, genre=False)
    log = []
    kept = memory.collect
    loader = []  # the loader's module as it is then (MicroPython unloads and imports it again)

    def logged_flush(flush=app.p.flush):
        n = flush()
        if n:
            log.append("frame")
        return n

    def logged_collect():
        log.append("collect")
        return kept()

    def logged_replace(scr, replace=app.replace):
        if type(scr).__name__ == "Loading":
            log.append("loader")
            loader.append(sys.modules["usher.ui.showtime.play"])
            loader[0].collect = logged_collect
        return replace(scr)

    app.p.flush = logged_flush
    app.replace = logged_replace
    memory.collect = logged_collect
    try:
        card, row, seat = EXAMPLE[-1]
        place(app, card, row, seat, genre=False)
    finally:
        memory.collect = kept
        if loader:
            loader[0].collect = kept
        del app.p.flush
        del app.replace
    eq(name(app), "Between")
    eq(app.match.state["total"], [11, 10])
    after = log[log.index("loader") :]  # from the press that hands the move to the loader
    assert "frame" in after, log
    eq(after[: after.index("frame")].count("collect"), 0)


def test_the_replay_names_the_sources_of_an_effect():
    app, _ = make_app()
    play_example(app)
    press(app, *(["ok"] * 11))  # to the effects: Nina (row 1 seat 4)
    texts = shown_texts(app)
    app.top().dirty = True
    app.render()
    line = [t for t in texts if t.startswith("-2 ")]
    assert line and "Benny -1" in line[0] and "Bea -1" in line[0], texts


def test_back_skips_the_replay_to_the_summary_and_ok_draws_the_next_poster():
    app, _ = make_app()
    play_example(app)
    press(app, "ok", "back")
    scr = app.top()
    eq(scr.mode, 1)
    texts = shown_texts(app)
    scr.dirty = True
    app.render()
    stop_showing(app)
    assert "11" in texts and "10" in texts, texts  # the totals
    assert [t for t in texts if "Anna" in t and "next" in t], texts  # most points: Anna starts next
    press(app, "ok")  # posters are entered in this game: the list of the three left
    eq(app.top().mode, 3)
    eq(app.top().posters_left(), ["scifi", "romance", "comedy"])
    press(app, "next", "ok")
    eq(app.match.state["posters"], ["fantasy", "romance"])
    eq(app.match.state["start"], GREEN)  # most points starts
    eq(app.top().mode, 2)  # the splash
    press(app, "ok")
    eq(name(app), "Play")


def test_undo_from_the_game_menu_takes_back_the_last_placement():
    app, st = make_app()
    begin(app)
    place(app, 4, 1, 1)
    place(app, 13, 1, 4)
    press(app, "back")  # the game menu
    eq(name(app), "ShowtimeMenu")
    eq(app.top().items[1], "Undo last")
    press(app, "next", "ok")
    press(app, "ok")  # yes
    eq(name(app), "Play")
    eq([a["t"] for a in app.match.actions], ["poster", "place"])
    eq(app.match.state["seats"][3], None)
    eq(app.top().mover(), YELLOW)  # the screen shows the state: yellow's turn again
    eq(list(app.match.log.records())[-1]["t"], "undo")  # written down, not erased
    assert b"undo" in st.read(app.match.name + ".log")


def test_undo_right_after_a_drawn_poster_goes_back_to_the_last_placement():
    app, _ = make_app()
    from showtime_ui_kit import new_game

    new_game(app, 2, first=GREEN)  # the device draws the posters
    press(app, "ok")
    for card, row, seat in EXAMPLE:
        place(app, card, row, seat)
    press(app, "back", "ok")  # summary; OK: the device draws poster 2
    eq(app.match.state["screening"], 2)
    press(app, "back")  # the splash's menu
    press(app, "next", "ok", "ok")  # Undo last: yes
    s = app.match.state
    eq((s["screening"], s["phase"], s["turn"]), (1, "place", 7))  # yellow's Ken is to be placed again
    eq(name(app), "Play")


def test_a_power_cut_mid_screening_resumes_on_the_same_screen():
    app, st = make_app()
    begin(app)
    place(app, 4, 1, 1)
    place(app, 13, 1, 4)
    choose_card(app, 2)  # a person chosen, not yet seated: lost with the power
    press(app, "back", "prev")  # (the cursor back on the first person, as a fresh screen has it)
    app.top().dirty = True
    app.render()
    before = crc32(app.hw.display.buf)
    state = app.match.state
    app = None
    app, _ = make_app(st)
    eq(name(app), "Play")
    eq(app.match.state, state)
    eq(app.top().mover(), GREEN)
    eq(crc32(app.hw.display.buf), before)  # the same picture, rebuilt from the record


def test_a_power_cut_during_the_replay_shows_the_replay_again():
    app, st = make_app()
    play_example(app)
    press(app, "ok", "ok", "ok")
    app = None
    app, _ = make_app(st)
    eq(name(app), "Between")
    eq((app.top().mode, app.top().k), (0, 0))
    eq(len(app.match.state["steps"]), 16)


def test_the_colour_panel_draws_the_auditorium_and_the_replay():
    app, _ = make_app(mono=False)
    begin(app)
    place(app, 4, 1, 1)
    d = app.hw.display
    eq(d.pixel(13, 32), 8)  # row 1 seat 1 (from x 12, y 31) in player 0's colour
    eq(d.pixel(13 + 57, 32), 0)  # seat 2 is free: dark, its stars dimmed
    for card, row, seat in EXAMPLE[1:]:
        place(app, card, row, seat)
    eq(name(app), "Between")
    eq(d.pixel(12, 31), 1)  # the step's seat (row 1 seat 1) has a white frame
    press(app, "ok")
    eq(d.pixel(12, 31), 8)  # the frame has moved on to seat 2
    eq(d.pixel(12 + 57, 31), 1)


def open_menu_row(app, label):
    press(app, "back")
    eq(name(app), "ShowtimeMenu")
    items = app.top().items
    press(app, *(["next"] * items.index(label)), "ok")


def test_save_and_leave_goes_home_and_resume_comes_back_to_the_turn():
    app, _ = make_app()
    begin(app)
    place(app, 4, 1, 1)
    open_menu_row(app, "Save & leave")
    eq(name(app), "Home")
    eq(app.top().items[0][0], "Resume Showtime")
    press(app, "ok")
    eq(name(app), "Play")
    eq(app.top().mover(), YELLOW)
    eq(app.match.state["seats"][0], [GREEN, 4])


def test_abandon_asks_then_keeps_the_game_off_the_resume_row():
    app, _ = make_app()
    begin(app)
    place(app, 4, 1, 1)
    open_menu_row(app, "Abandon")
    press(app, "back")  # no
    eq(name(app), "ShowtimeMenu")
    press(app, "ok")  # Abandon again (the cursor stayed), then yes
    press(app, "ok")
    eq(name(app), "Home")
    assert not app.top().items[0][0].startswith("Resume"), app.top().items
    eq(app.library.index["games"][-1]["abandoned"], True)
