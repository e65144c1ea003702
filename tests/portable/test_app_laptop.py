"""What the laptop may ask of the app, as a person sees it:
pushed settings checked before anyone presses, questions that say exactly
what they do and time out, the game in play never deleted under the
person's feet, the clock set on every connection."""

from app_kit import goto, labels, make_app, press
from fake_serial import FakeSerial
from portable import eq
from usher.core.data import loads
from usher.link.wire import encode


class Laptop:
    """Protocol lines into the app's serial, replies out, a tick at a time."""

    def __init__(self, app):
        self.app = app
        self.ser = FakeSerial()
        app.serial = self.ser
        self.rid = 100

    def send(self, op, **args):
        self.rid += 1
        obj = {"id": self.rid, "op": op}
        for k in args:
            obj[k] = args[k]
        self.ser.feed(encode(obj, b"@U "))
        return self.rid

    def replies(self, ticks=8):
        for _ in range(ticks):
            self.app.tick()
        out = []
        for raw in bytes(self.ser.out).split(b"\n"):
            if raw.startswith(b"@u "):
                out.append(loads(raw[3 : raw.rindex(b"*")].decode()))
        self.ser.out = bytearray()
        return out

    def ask(self, op, **args):
        rid = self.send(op, **args)
        got = [r for r in self.replies() if r.get("id") == rid]
        assert got, (op, "no reply")
        return got[0]


def top(app):
    return type(app.top()).__name__


def saved_dice(app):
    """A dice game started, rolled once, saved and left: its name."""
    goto(app, "Dice & draws")
    press(app, "ok")
    name = app.match.name
    press(app, "back")
    goto(app, "Save & leave")
    return name


def test_settings_out_of_range_are_refused_with_the_reason_before_any_press():
    app, st = make_app(mono=True)
    pc = Laptop(app)
    pc.ask("hello", proto=1)
    for bad, why in (
        ({"brightness": 500}, "brightness: 10-100 (percent)"),
        ({"brightness": -5}, "brightness: 10-100 (percent)"),
        ({"showtime": {"stars": [[1, 2], [3]]}}, "showtime: stars: 4 rows of 4 seats"),
        (
            {"showtime": {"stars": [[1, 2, 2, 1], [2, 3, 3, 2], [3, 4, 4, 3], [2, 3, 3, 12]]}},
            "showtime: stars: 0-9 a seat",
        ),  # noqa: E501
        ({"showtime": {"genres": [["scifi"]] * 16}}, "showtime: genres: card 13 needs 2"),
        ({"showbiz": {"draws": "dealer"}}, "showbiz: draws: device or entered"),
        ({"showtime": {"colour": 1}}, "unknown setting showtime.colour"),
        ({"volume": 3}, "unknown setting volume"),
        ({"brightness": "high"}, "brightness: a whole number"),
        ({"roster": ["Ann", "Ann"]}, "roster: Ann twice"),
    ):
        r = pc.ask("set_settings", settings=bad)
        eq((r["ok"], r["err"], r.get("why")), (False, "arg", why))
        eq(top(app), "Home")  # nobody was asked
    assert "settings.json" not in st.files


def test_pushed_settings_a_game_starts_with_are_asked_for_and_taken():
    app, st = make_app(mono=True)
    levels = []
    app.hw.backlight = levels.append
    pc = Laptop(app)
    pc.ask("hello", proto=1)
    stars = [[1, 2, 2, 1], [2, 3, 3, 2], [3, 3, 3, 3], [2, 2, 2, 2]]
    r = pc.ask("set_settings", settings={"brightness": 50, "showtime": {"stars": stars, "stars_checked": True}})
    eq(r["pending"], True)
    eq(r["ask"], "Change settings: brightness 50%; Showtime stars, stars_checked?")
    press(app, "ok")
    eq(pc.replies()[-1]["done"], True)
    eq(app.settings.get("brightness"), 50)
    eq(levels[-1], 50)  # in effect at once
    eq(app.settings.get("showtime")["stars"], stars)


def test_names_the_fonts_cannot_draw_are_refused_and_latin1_names_are_taken():
    app, _ = make_app(mono=True)
    pc = Laptop(app)
    pc.ask("hello", proto=1)
    r = pc.ask("set_roster", roster=["Anna", "\u65e5\u672c"])
    eq(r["err"], "arg")
    eq(r["why"], "roster: \u65e5\u672c: the device cannot draw U+65E5 (Latin-1 letters only)")
    r = pc.ask("set_settings", settings={"roster": ["Zo\u00eb", "\U0001f600"]})
    # (MicroPython's JSON leaves the surrogate pair in two halves: U+D83D there)
    assert r["why"].endswith(": the device cannot draw U+%04X (Latin-1 letters only)" % ord(r["why"][8])), r
    eq(pc.ask("set_roster", roster=[" Ann"])["why"], "roster: Ann: spaces at its ends")
    r = pc.ask("set_roster", roster=["Zo\u00eb", "J\u00f6rg", "Stra\u00dfe", "\u00c9mile"])
    eq(r["ask"], "Set the players to: Zo\u00eb, J\u00f6rg, Stra\u00dfe, \u00c9mile?")
    press(app, "ok")
    eq(app.settings.get("roster"), ["Zo\u00eb", "J\u00f6rg", "Stra\u00dfe", "\u00c9mile"])


def test_a_name_typed_on_the_device_twice_is_refused_with_the_reason():
    app, _ = make_app(mono=True)
    goto(app, "Settings")
    goto(app, "Players")
    goto(app, "+ add name")
    press(app, "next", "ok")  # "B"; the small letters come next, from b
    press(app, *(["next"] * 3 + ["ok"] + ["next"] * 9 + ["ok"]))  # e, n
    eq(app.top().value, "Ben")
    press(app, "ok_long")
    eq(app.toast_msg, "Ben is on the list")
    eq(top(app), "TextEntry")  # still typing: nothing was saved
    eq(app.settings.get("roster").count("Ben"), 1)


def test_the_question_says_what_a_delete_removes_and_a_pull_opens():
    app, st = make_app(mono=True)
    name = saved_dice(app)
    pc = Laptop(app)
    pc.ask("hello", proto=1, time=1764400000, tz=3600)
    r = pc.ask("delete", name=name)
    # the clock was not set when the game began: no date is made up
    eq(r["ask"], "Delete %s for good? Dice (no players), unfinished, date not known." % name)
    eq(app.top().ask, r["ask"])  # the screen says the same


def test_deleting_the_game_in_play_is_refused_and_the_game_goes_on():
    app, st = make_app(mono=True)
    goto(app, "Dice & draws")
    press(app, "ok")
    name = app.match.name
    pc = Laptop(app)
    pc.ask("hello", proto=1)
    r = pc.ask("delete", name=name)
    eq((r["err"], r["why"]), ("inplay", "%s is open on the device: leave it there first (Back, Save & leave)" % name))
    eq(top(app), "DiceScreen")
    press(app, "ok")
    eq(app.match.state["rolls"], 2)
    assert name + ".log" in st.files


def test_deleting_the_game_home_offers_to_resume_takes_resume_off_home():
    app, st = make_app(mono=True)
    name = saved_dice(app)
    eq(labels(app)[0], "Resume Dice")
    pc = Laptop(app)
    pc.ask("hello", proto=1)
    pc.ask("delete", name=name)
    eq(top(app), "LinkAsk")
    press(app, "ok")
    pc.replies()
    eq(top(app), "Home")
    eq(labels(app)[0], "New game")  # no Resume of a game that is gone
    assert name + ".log" not in st.files


def test_a_question_in_the_middle_of_a_game_leaves_no_code_behind_once_the_link_goes():
    """The owner's question came with the link; Home's code never comes into
    a game for it, and the question's and the description's go with the
    link (on a files deploy each module's bytecode is heap)."""
    import sys

    from usher.link.gate import LINK_IDLE_TICKS
    from usher.memory import MICRO

    app, st = make_app(mono=True)
    old = saved_dice(app)
    goto(app, "Dice & draws")  # it resumes that one: a second game, in play, from its menu
    press(app, "back")
    goto(app, "New session")
    press(app, "ok", "ok")
    pc = Laptop(app)
    pc.ask("hello", proto=1)
    pc.send("delete", name=old)
    pc.replies(4)
    eq(top(app), "LinkAsk")
    assert "usher.ui.link_ask" in sys.modules
    press(app, "ok")
    pc.replies(LINK_IDLE_TICKS + 5)  # the laptop is done: the link goes
    eq(top(app), "DiceScreen")
    eq(app.gate, None)
    assert old + ".log" not in st.files
    if MICRO:  # CPython keeps every module the tests imported
        for m in ("usher.link", "usher.ui.link_ask", "usher.ui.describe", "usher.ui.home"):
            eq((m, m in sys.modules), (m, False))


def test_a_question_the_laptop_leaves_times_out_and_the_device_goes_back():
    from usher.link.serve import ASK_TICKS

    app, _ = make_app(mono=True)
    goto(app, "Settings")
    pc = Laptop(app)
    pc.ask("hello", proto=1)
    rid = pc.send("set_roster", roster=["Ann"])
    pc.replies(4)
    eq(top(app), "LinkAsk")
    pc.replies(ASK_TICKS - 10)
    eq(top(app), "LinkAsk")  # still waiting a little before the minute is up
    got = pc.replies(20)
    eq(top(app), "SettingsMenu")  # back where it was
    eq([(r["id"], r["err"]) for r in got if not r.get("ok")], [(rid, "timeout")])
    eq(pc.ask("poll", of=rid)["state"], "cancelled")


def test_a_laptop_that_keeps_polling_keeps_the_question():
    from usher.link.serve import ASK_TICKS

    app, _ = make_app(mono=True)
    pc = Laptop(app)
    pc.ask("hello", proto=1)
    rid = pc.send("set_roster", roster=["Ann"])
    for _ in range(3):
        pc.replies(ASK_TICKS // 2)
        pc.send("poll", of=rid)
    pc.replies(4)
    eq(top(app), "LinkAsk")


def test_the_laptop_sets_the_clock_and_games_before_that_are_marked():
    app, st = make_app(mono=True)
    eq(app.clock_set, False)
    goto(app, "Dice & draws")
    first = app.match.name
    eq(app.match.header["clock"], "unset")
    press(app, "ok")  # a roll: a session with nothing in it is not kept
    press(app, "back")
    goto(app, "Save & leave")
    pc = Laptop(app)
    eq(pc.ask("hello", proto=1, time=1764500000, tz=3600)["clock"], True)
    eq(app.clock_set, True)
    assert 0 <= app.now() - 1764500000 <= 2
    eq(app.tz, 3600)
    goto(app, "Dice & draws")  # it resumes the first: a new session from its menu
    press(app, "back")
    goto(app, "New session")
    press(app, "ok")
    eq("clock" in app.match.header, False)
    assert abs(app.match.header["created"] - 1764500000) <= 2
    games = pc.ask("list")["games"]
    eq([g.get("clock") for g in games if g["name"] == first], ["unset"])
    eq([g.get("clock") for g in games if g["name"] != first], [None])
    # a time before 2020 is no time: refused quietly, the clock stays as it was
    eq(pc.ask("hello", proto=1, time=5)["clock"], False)
    assert 0 <= app.now() - 1764500000 <= 2


def test_the_devices_own_delete_names_the_game_its_day_and_players():
    app, st = make_app(mono=True)
    app.set_clock(1764400000, 3600)  # 2025-11-29 08:06 in the laptop's zone
    from usher.games.catalog import load_game

    g = load_game("showtime")
    players = [{"name": "Anna", "colour": 0}, {"name": "J\u00f6rg", "colour": 1}]
    assert app.start_match(g, g.make_setup(players, {}, {}))
    app.home()
    goto(app, "Saved games")
    press(app, "ok")
    goto(app, "Delete")
    eq(top(app), "Confirm")
    eq(app.top().detail, "Showtime of 2025-11-29 (Anna, J\u00f6rg), unfinished. Gone for good.")
    press(app, "ok")
    eq(top(app), "Home")
    eq(len(app.library.games()), 0)


def test_a_name_with_an_umlaut_can_be_typed_on_the_device():
    from usher.link.checks import undrawable
    from usher.ui.textentry import LETTERS

    eq(undrawable(LETTERS), "")  # every letter offered is one the fonts draw
    app, _ = make_app(mono=True)
    goto(app, "Settings")
    goto(app, "Players")
    goto(app, "+ add name")
    press(app, *(["next"] * 9))  # A -> J
    press(app, "ok")
    eq(app.top().value, "J")
    while LETTERS[app.top().i] != "\u00f6":
        press(app, "prev")  # back past a, the space, to the accented letters
    press(app, "ok")
    eq(app.top().value, "J\u00f6")
    press(app, "ok_long")
    eq(app.settings.get("roster")[-1], "J\u00f6")
