"""Settings -> Board and Settings -> About: the board profile saved for the
next power-on (and read by usher.boot there, before any detection), and what
the device says about itself, on both runtimes."""

from app_kit import goto, labels, make_app, press, shown_texts
from fake_machine import Machine
from fakes import FullStorage, MemStorage
from portable import eq, micropython_only
from usher import VERSION


class RoomyStorage(MemStorage):
    """MemStorage whose filesystem tells its free bytes, as LittleFS does."""

    def __init__(self, free):
        MemStorage.__init__(self)
        self.left = free

    def free(self):
        return self.left


def settings(st=None, mono=False):
    app, st = make_app(st, mono=mono)
    goto(app, "Settings")
    return app, st


def about_texts(app):
    seen = shown_texts(app)
    goto(app, "About")
    eq(app.top().title, "About")
    return seen


def test_board_and_about_are_the_last_rows_of_settings():
    app, _ = settings()
    eq(labels(app)[-2:], ["Board: LCD 1.14", "About"])
    app, _ = settings(mono=True)
    eq(labels(app)[-2], "Board: OLED")  # the running profile's own title


def test_opening_settings_reads_nothing_of_the_device():
    # usher.device and usher.board.saved take ~40 ms to load from a files
    # deploy on the Pico: Settings' Board row names the board without them
    app, _ = make_app()
    asked = []
    app.device = lambda what, *args: asked.append(what)
    goto(app, "Settings")
    eq(labels(app)[-2], "Board: LCD 1.14")
    eq(asked, [])


def test_about_shows_both_versions_where_the_code_lives_and_the_board():
    import sys

    app, _ = settings()
    seen = about_texts(app)
    assert VERSION in seen, seen
    v = sys.implementation.version
    assert [s for s in seen if s.startswith("%d.%d.%d" % v[:3])], seen
    assert ("MicroPython" in seen) == (sys.implementation.name == "micropython"), seen
    assert "files" in seen, seen  # tests import the firmware from a folder, never frozen
    assert "LCD 1.14" in seen, seen
    assert "Chip" in seen and "none (simulator)" in seen, seen  # CPython and the unix port have no chip
    assert "Flash free" not in seen and "Next boot" not in seen, seen  # MemStorage cannot tell its free bytes


def test_the_chip_is_read_from_the_ports_machine_text():
    from usher.about import chip

    eq(chip(), "")  # the unix port, CPython: no chip of their own
    for machine, want in (
        ("Raspberry Pi Pico with RP2040", "RP2040"),  # v1.28.0 RPI_PICO: board " with " MCU
        ("Raspberry Pi Pico2 with RP2350", "RP2350"),  # RPI_PICO2, its Arm cores
        ("Raspberry Pi Pico2 with RP2350-RISCV", "RP2350-RISCV"),
        ("linux [GCC 12.2.0] version", ""),  # the unix port
        ("JS with Emscripten", ""),  # the WebAssembly port: no chip either
        ("", ""),
    ):
        eq(chip(machine), want)


def test_about_shows_the_flash_free_when_the_filesystem_tells_it():
    app, _ = settings(RoomyStorage(1376 * 1024 + 700))
    seen = about_texts(app)
    assert "Flash free" in seen and "1376 KB" in seen, seen


def test_about_is_read_only_and_back_returns_to_settings():
    app, st = settings()
    before = st.files.copy()
    goto(app, "About")
    press(app, "next", "prev", "ok")
    eq(app.top().title, "Settings")
    eq(st.files.copy(), before)


def test_another_board_is_asked_saved_and_said_to_take_effect_at_power_on():
    app, st = settings()
    goto(app, "Board: LCD 1.14")
    eq(labels(app)[:2], ["LCD 1.14 (running)", "OLED"])
    eq(app.top().sel, 0)  # the cursor starts on the board in use
    goto(app, "OLED")
    eq(app.top().title, "Confirm")
    eq(st.files.get("profile.txt"), None)  # nothing saved before the yes
    press(app, "ok")
    eq(st.files["profile.txt"], b"oled\n")
    eq(app.top().title, "Board")
    eq(app.top().lines, ["OLED", "from the next", "power-on"])
    press(app, "ok")
    eq(app.top().title, "Settings")
    eq(labels(app)[-2], "Board: OLED")  # the next power-on's board, not the one running
    seen = about_texts(app)
    assert "Next boot" in seen and "OLED" in seen and "LCD 1.14" in seen, seen


def test_back_at_the_question_saves_nothing():
    app, st = settings()
    goto(app, "Board: LCD 1.14")
    goto(app, "OLED")
    press(app, "back")
    eq(app.top().title, "Board")
    eq(st.files.get("profile.txt"), None)


def test_choosing_the_running_board_undoes_an_earlier_choice_without_asking():
    app, st = settings()
    st.files["profile.txt"] = b"lcd114\n"
    goto(app, "Board: LCD 1.14")
    goto(app, "LCD 1.14 (running)")
    eq(app.top().title, "Settings")  # same board: no question, nothing written
    eq(st.files["profile.txt"], b"lcd114\n")
    goto(app, "Board: LCD 1.14")
    goto(app, "OLED")
    press(app, "ok", "ok")  # yes, then the word that it takes effect at power-on
    eq(st.files["profile.txt"], b"oled\n")
    goto(app, "Board: OLED")
    eq(app.top().sel, 1)  # on the board saved for the next power-on
    eq(labels(app)[:2], ["LCD 1.14 (running)", "OLED (next boot)"])
    goto(app, "LCD 1.14 (running)")
    eq(app.top().title, "Settings")
    eq(st.files["profile.txt"], b"lcd114\n")
    eq(labels(app)[-2], "Board: LCD 1.14")


def test_a_full_flash_says_so_and_keeps_the_old_choice():
    app, st = settings(FullStorage(room=1 << 20))
    st.room = st._used()  # full from here on
    goto(app, "Board: LCD 1.14")
    goto(app, "OLED")
    press(app, "ok")
    eq(app.toast_msg, "Flash full: not saved")
    eq(st.files.get("profile.txt"), None)
    eq(app.top().title, "Board")


def test_the_saved_board_wins_over_an_oled_answering_at_power_on():
    from usher.poweron import profile_name

    app, st = settings()
    goto(app, "Board: LCD 1.14")
    goto(app, "OLED")
    press(app, "ok")
    eq(profile_name(st, Machine(i2c_devices=())), "oled")  # saved: no OLED needed
    st.files["profile.txt"] = b"lcd114\n"
    eq(profile_name(st, Machine(i2c_devices=(0x3C,))), "lcd114")  # saved: the OLED is not looked for
    for junk in (b"", b"vga\n", b"\xff\xfe"):
        st.files["profile.txt"] = junk  # not one of ours: found as if nothing were saved
        eq(profile_name(st, Machine(i2c_devices=(0x3C,))), "oled")
        eq(profile_name(st, Machine(i2c_devices=())), "lcd114")


def test_where_the_code_lives_is_read_from_the_packages_path():
    import usher
    from usher.about import code_from

    had = usher.__path__
    try:
        for path, want in (
            (".frozen/usher", "frozen"),
            ("/rom/usher", "romfs"),
            ("usher", "files"),
            ("/usher", "files"),
        ):
            usher.__path__ = path  # as MicroPython sets it: the sys.path entry joined to the name
            eq(code_from(), want)
        usher.__path__ = ["/home/x/firmware/usher"]  # CPython's: a list
        eq(code_from(), "files")
    finally:
        usher.__path__ = had


def test_a_package_really_frozen_into_micropython_reads_as_frozen():
    import os

    from usher.about import code_from

    micropython_only("CPython freezes nothing of the kind")
    try:
        import asyncio  # the unix port freezes it, as usher.uf2 freezes usher
    except ImportError:
        return
    try:
        os.stat(asyncio.__file__)
        return  # a copy on a filesystem: not the frozen one
    except OSError:
        pass
    eq(code_from(asyncio), "frozen")


def test_every_profile_module_is_listed_once_with_a_title_that_fits_the_oled():
    from usher.board import lcd114, oled
    from usher.board.saved import PROFILES

    eq([n for n, _ in PROFILES], [lcd114.PROFILE, oled.PROFILE])
    for _, t in PROFILES:
        assert 0 < len(t) <= 9, t  # "Board: " + title on the OLED's 128 pixels


def test_dim_after_steps_through_its_choices_and_is_saved():
    app, st = settings()
    seen = []
    for _ in range(4):
        row = [x for x in labels(app) if "dim" in x.lower()]
        seen.append(row[0])
        goto(app, row[0])
    eq(seen, ["Dim after 5 min", "Dim after 10 min", "Never dim", "Dim after 2 min"])  # never "Dim after never"
    eq(app.settings.get("idle"), 5)
    assert b'"idle": 5' in st.files["settings.json"] or b'"idle":5' in st.files["settings.json"]


def test_board_fixes_step_through_their_values_and_are_kept_for_the_next_power_on():
    from usher.board.saved import OPTIONS_FILE, board_options

    app, st = settings()
    goto(app, "Board: LCD 1.14")
    eq(
        labels(app)[2:],
        ["Colours: as made", "Turned: no", "Stray line: none", "Joystick: as made", "Screen speed: fast"],
    )
    goto(app, "Colours: as made")
    eq(app.toast_msg, "From the next power-on")
    goto(app, "Stray line: none")
    goto(app, "Stray line: bottom")
    goto(app, "Joystick: as made")
    goto(app, "Joystick: up/down")
    eq(
        labels(app)[2:],
        ["Colours: inverted", "Turned: no", "Stray line: top", "Joystick: all 4", "Screen speed: fast"],
    )
    eq(board_options(st), {"inv": 1, "dy": -1, "swap": 2})
    assert OPTIONS_FILE in st.files
    eq(app.top().title, "Board")
    app, _ = settings(mono=True)
    goto(app, "Board: OLED")
    eq(labels(app)[2:], ["Colours: as made", "Turned: no"])  # the OLED has no SPI, no joystick


def test_a_bad_board_options_file_is_no_options():
    from usher.board.saved import board_options

    st = MemStorage()
    for junk in (b"", b"{", b"[1]", b"\xff\xfe"):
        st.files["board.json"] = junk
        eq(board_options(st), {})


def test_board_names_the_board_running_and_a_fix_set_back_says_nothing_of_power_on():
    """Settings -> Board once marked no board as the one running, and a fix
    set back to the value the board runs with still said "From the next
    power-on"."""
    app, st = settings()
    app.hw.opts = {"inv": 1}  # made at power-on with the colours inverted
    goto(app, "Board: LCD 1.14")
    eq(labels(app)[:2], ["LCD 1.14 (running)", "OLED"])
    goto(app, "Colours: as made")  # the saved file says nothing: as made; the board runs inverted
    eq(app.toast_msg, "")  # now as it runs
    goto(app, "Colours: inverted")
    eq(app.toast_msg, "From the next power-on")
    press(app, "prev")  # clears the bar
    goto(app, "Screen speed: fast")
    eq(app.toast_msg, "From the next power-on")
    press(app, "prev")
    goto(app, "Screen speed: safe")
    eq(app.toast_msg, "")  # back to what runs
