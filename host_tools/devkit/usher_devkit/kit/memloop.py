"""The heap at Home, before and after repeating what a person and a laptop
do: a game of each title played to the end or abandoned, Save & leave, the
laptop's hello/list/get, a sync of 50 games, settings pulled and pushed, a
roster push, a delete, refused requests. Runs on the MicroPython VM (the
host's `usher_devkit.memsoak` starts it), with the firmware compiled, the
fake display and buttons of this kit, a real folder as the flash and a fake
USB serial; the app is stepped by its own `tick()` between presses, so the
link is loaded and dropped exactly as on the device.

    micropython memloop.py FIRMWARE KIT DATA OP REPEATS PROFILE

prints one line `MEMLOOP {json}`: the heap in use at Home after a collection
before the first run of OP (`start`), after it (`first`: what a first run
leaves for good, e.g. the names it interns), then after every repeat
(`after`), and the peak seen between presses (`peak`)."""

import gc
import json
import sys

try:
    from binascii import crc32
except ImportError:  # pragma: no cover
    from zlib import crc32

from menus import MenuWalker

IDLE_TICKS = 400  # ticks (20 ms) of quiet after the laptop's last line: the link is dropped by then
DICE_GAMES = 50  # games on the flash for the sync (and one spare a delete)


def mem() -> int:
    gc.collect()
    gc.collect()
    # MicroPython's gc (this runs on the VM only); CPython's typeshed has no mem_alloc
    return gc.mem_alloc()  # type: ignore[attr-defined]


def qstr_note(tag: str) -> None:
    """Print the interned names' heap (MicroPython keeps them for good) for the
    host to read: `QSTR tag` then the VM's own qstr_info line."""
    try:
        import micropython

        print("QSTR " + tag)
        micropython.qstr_info()
    except (ImportError, AttributeError):
        pass


class Serial:
    """The USB serial: lines the laptop sends, lines the device answers."""

    def __init__(self) -> None:
        self.inq = bytearray()
        self.pos = 0
        self.out = bytearray()

    def feed(self, data: bytes) -> None:
        self.inq = self.inq[self.pos :] + data
        self.pos = 0

    def read(self) -> int:
        if self.pos >= len(self.inq):
            return -1
        b = self.inq[self.pos]
        self.pos += 1
        return b

    def write(self, data) -> int:
        self.out += data
        return len(data)

    def replies(self) -> list:
        """The device's protocol lines so far, parsed; the output is emptied."""
        got = []
        for line in bytes(self.out).split(b"\n"):
            if line.startswith(b"@u ") and b"*" in line:
                got.append(json.loads(line[3 : line.rindex(b"*")]))
        self.out = bytearray()
        return got


def frame(obj: dict) -> bytes:
    body = json.dumps(obj).replace(", ", ",").replace(": ", ":").encode()
    return b"@U " + body + b"*" + (b"%08x" % (crc32(body) & 0xFFFFFFFF)) + b"\n"


class Driver(MenuWalker):
    def __init__(self, app, serial) -> None:
        self.app = app
        self.serial = serial
        self.rid = 0
        self.peak = 0

    # -- the person ------------------------------------------------------
    def press(self, *events) -> None:
        app = self.app
        for ev in events:
            app.handle(ev)
            app.tick()  # the link's turn, the render
            self.measure()  # and the collection the device's loop makes after a press
            d = app.hw.display
            if len(d.pushes) > 8:
                d.pushes = []

    def home(self) -> None:
        if self.top() != "Home":
            raise AssertionError("not at Home: %s (%s)" % (self.top(), self.app.toast_msg))

    def measure(self) -> None:
        gc.collect()
        used = gc.mem_alloc()  # type: ignore[attr-defined]  # MicroPython's gc, as in mem()
        if used > self.peak:
            self.peak = used

    def new_game(self, title: str, players: int) -> None:
        self.choose("New game")
        self.choose(title)
        pk = self.app.top()
        if hasattr(pk, "value"):  # asked only when the count is not fixed (Films: two)
            while pk.value > players:
                self.press("prev")
            self.press("ok")
        for _ in range(players):
            self.press("ok")  # the roster's names in order
        if "Start" in self.labels():  # a game with options: its setup menu
            self.choose("Start")
        else:
            self.press("ok")  # Start

    def mash(self, n: int) -> None:
        for _ in range(n):
            self.press("ok")  # a refusal's message goes with the next press

    # -- the laptop ------------------------------------------------------
    def ask(self, op: str, press: str = "", fields: dict | None = None, **args) -> list:
        """One request; the device is stepped until it answers (and asked
        for a press, `press` is the owner's key). Returns its replies.
        `fields`: those whose names are no Python keyword argument ("from")."""
        self.rid += 1
        rid = self.rid
        obj: dict = {"id": rid, "op": op}
        obj.update(fields or {})
        obj.update(args)
        self.serial.feed(frame(obj))
        got: list = []
        for _ in range(2000):
            self.app.tick()
            if _ % 8 == 0:
                self.measure()
            for r in self.serial.replies():
                if r.get("id") == rid:
                    got.append(r)
            if not got:
                continue
            last = got[-1]
            if last.get("pending") and press:
                self.press(press)
                press = ""
                continue
            if op == "pull" and not last.get("done") and "err" not in last:
                continue
            return got
        raise AssertionError("no answer to %s: %s %r" % (op, got, bytes(self.serial.out[-300:])))

    def raw(self, line: bytes) -> list:
        self.serial.feed(line)
        for _ in range(20):
            self.app.tick()
        return self.serial.replies()

    def rest(self) -> None:
        """Let the laptop's link go quiet and be dropped; back at Home."""
        for _ in range(IDLE_TICKS):
            self.app.tick()
            if self.app.gate is None:
                break
        if self.app.gate is not None:
            raise AssertionError("the link is still loaded after %d quiet ticks" % IDLE_TICKS)
        self.home()


# -- the operations: each starts and ends at Home ------------------------------
def dice_game(d: Driver) -> None:
    d.choose("Dice & draws")
    d.mash(5)
    d.menu_then("Save & leave")


def dice_abandon(d: Driver) -> None:
    d.choose("Dice & draws")
    d.mash(3)
    d.menu_then("Abandon", confirm=True)


def showtime_game(d: Driver) -> None:
    d.new_game("Showtime", 3)
    for _ in range(600):
        if d.top() == "Home":
            return
        d.press("ok")  # every default: the first person, the seat offered first, yes
    raise AssertionError("Showtime did not end: %s" % d.top())


def played_then(d: Driver, title: str, players: int, oks: int, row: str) -> None:
    """A new game, `oks` presses of OK in it, then a row of its game menu
    (Abandon is confirmed)."""
    d.new_game(title, players)
    d.mash(oks)
    d.menu_then(row, confirm=row == "Abandon")


def showtime_abandon(d: Driver) -> None:
    played_then(d, "Showtime", 3, 12, "Abandon")


def showtime_leave(d: Driver) -> None:
    played_then(d, "Showtime", 3, 12, "Save & leave")


def showbiz_game(d: Driver) -> None:
    from showbiz_ui_player import Player

    d.new_game("Showbiz", 4)
    seed = d.rid + 1
    d.rid += 1
    pl = Player(d.app, seed=seed)

    def until(app) -> bool:
        if app.presses % 8 == 0:
            d.measure()
        return False

    pl.play(until, max_presses=d.app.presses + 20000)
    del pl
    for _ in range(8):  # the final standings, then the main screen's menu
        if d.top() == "Home":
            return
        if d.top() == "Table":
            d.press("back")
        else:
            d.menu_then("Home")  # a finished game's menu: nothing to save
    d.home()


def showbiz_abandon(d: Driver) -> None:
    played_then(d, "Showbiz", 4, 10, "Abandon")


def showbiz_leave(d: Driver) -> None:
    played_then(d, "Showbiz", 4, 10, "Save & leave")


def show_manager_leave(d: Driver) -> None:
    played_then(d, "Show Manager", 3, 12, "Save & leave")


def films_leave(d: Driver) -> None:
    d.new_game("Films", 2)
    d.press("next", "prev")  # the round's pages (OK would start a private bid)
    d.menu_then("Save & leave")


def resume_leave(d: Driver) -> None:
    """Resume the game in play from Home, a move, Save & leave."""
    first = d.labels()[0]
    if not first.startswith("Resume"):
        dice_game(d)
    d.choose(d.labels()[0])
    d.mash(2)
    d.menu_then("Save & leave")


def settings_about(d: Driver) -> None:
    """Settings, About and Board looked at, nothing changed: what they load
    (usher.about, usher.ui.about_ui) goes again."""
    d.choose("Settings")
    d.choose("About")
    d.press("next", "back")
    d.choose([b for b in d.labels() if b.startswith("Board: ")][0])
    d.press("back", "back")
    d.home()


def hello_list_get(d: Driver) -> None:
    d.ask("hello", proto=1)
    pages = d.ask("list", fields={"from": 0})
    name = pages[0]["games"][0]["name"]
    d.ask("pull", games=[[name, 0, ""]])
    d.rest()


def sync50(d: Driver) -> None:
    """hello, then each page of the list and a pull of its games (the kit
    holds one page of names at a time: its own objects must not crowd the
    heap it measures)."""
    d.ask("hello", proto=1)
    at = 0
    n = 0
    while at is not None:
        page = d.ask("list", fields={"from": at})[0]
        names = [g["name"] for g in page["games"] if not g.get("secret")]
        at = page["next"]
        page = None
        if not names:
            continue  # a page of games with secrets only: nothing to pull (as usher sync)
        got = d.ask("pull", games=[[g, 0, ""] for g in names])
        if "err" in got[-1]:
            raise AssertionError(got[-1])
        n += len(names)
        del names, got
    if n < DICE_GAMES:
        raise AssertionError("only %d games pulled" % n)
    d.rest()


def settings_pull_push(d: Driver) -> None:
    d.ask("hello", proto=1)
    values = d.ask("settings")[0]["settings"]
    d.ask("hello", proto=1)
    values["brightness"] = 70 if values["brightness"] != 70 else 80
    got = d.ask("set_settings", press="ok", settings=values)
    if not got[-1].get("done"):
        raise AssertionError(got)
    values = None
    d.rest()


def roster_push(d: Driver) -> None:
    d.ask("hello", proto=1)
    names = ["Anna", "Ben", "Cleo", "Dev", "Eva"] if d.rid % 2 else ["Anna", "Ben", "Cleo", "Dev", "Eve"]
    got = d.ask("set_roster", press="ok", roster=names)
    if not got[-1].get("done"):
        raise AssertionError(got)
    d.rest()


def delete(d: Driver) -> None:
    d.ask("hello", proto=1)
    page = d.ask("list", fields={"from": 0})[0]
    victims = [g["name"] for g in page["games"] if g["game"] == "dice"]
    got = d.ask("delete", press="ok", name=victims[0])
    if not got[-1].get("done"):
        raise AssertionError(got)
    d.rest()


def refused(d: Driver) -> None:
    """What the device says no to: an unknown request, a damaged line, and a
    roster push the owner refuses with Back."""
    got = d.ask("hello", proto=1)
    got = d.ask("fly")
    if got[-1].get("err") != "op":
        raise AssertionError(got)
    got = d.raw(b'@U {"id":5,"op":"hello"}*00000000\n')
    if not got or got[-1].get("err") != "crc":
        raise AssertionError(got)
    got = d.ask("set_roster", press="back", roster=["Zed"])
    if got[-1].get("err") != "denied":
        raise AssertionError(got)
    d.rest()


def every(d: Driver) -> None:
    """Every operation above once, in turn: what one title or request leaves
    must not add up with the others'."""
    for name in ORDER:
        OPS[name](d)
        d.rest()


OPS = {
    "dice_game": dice_game,
    "dice_abandon": dice_abandon,
    "showtime_game": showtime_game,
    "showtime_abandon": showtime_abandon,
    "showtime_leave": showtime_leave,
    "showbiz_game": showbiz_game,
    "showbiz_abandon": showbiz_abandon,
    "showbiz_leave": showbiz_leave,
    "show_manager_leave": show_manager_leave,
    "films_leave": films_leave,
    "resume_leave": resume_leave,
    "settings_about": settings_about,
    "hello_list_get": hello_list_get,
    "sync50": sync50,
    "settings_pull_push": settings_pull_push,
    "roster_push": roster_push,
    "delete": delete,
    "refused": refused,
}
ORDER = list(OPS)
OPS["every"] = every


def fill(app, n: int) -> None:
    """n short dice games on the flash, as if played earlier (none resumed)."""
    from usher.games.catalog import load_game

    g = load_game("dice")
    for _ in range(n):
        if app.start_match(g, g.make_setup([], {}, {})):
            app.submit({"t": "roll", "n": 2})
            app.close_match()  # its record written first (Match.later)
    app.library.set_last("")
    app.home()


def main(argv: list) -> None:
    fw, kit, data, op, repeats, profile = argv[1], argv[2], argv[3], argv[4], int(argv[5]), argv[6]
    sys.path[:0] = [fw, kit]
    from usher.app import App
    from usher.board.storage import DirStorage

    kit0 = mem()
    from fakes import FakeClock, FakeHardware
    from showbiz_ui_kit import press  # noqa: F401  (the player's kit, loaded before the first figure)
    from showbiz_ui_player import Player  # noqa: F401

    kit_heap = mem() - kit0  # the kit's own modules (the player's too): not the firmware's
    serial = Serial()
    app = App(FakeHardware(profile == "oled"), FakeClock(), DirStorage(data), serial, seed=7)
    app.start()
    app.render()
    d = Driver(app, serial)
    fill(app, DICE_GAMES + (repeats + 1 if op == "delete" else 0))
    fn = OPS[op]
    d.rest()
    after = [0] * repeats  # allocated before: a list growing here would be counted
    qstr_note("start")
    start = mem()
    fn(d)
    d.rest()
    first = mem()
    qstr_note("first")
    after = [0] * repeats  # allocated before: a list growing here would be counted
    for i in range(repeats):
        fn(d)
        d.rest()
        after[i] = mem()
        d.measure()
    qstr_note("end")
    out = {"op": op, "start": start, "first": first, "after": after, "peak": d.peak, "presses": app.presses}
    out["recoveries"] = app.recoveries
    out["kit_heap"] = kit_heap
    print("MEMLOOP " + json.dumps(out))


if __name__ == "__main__":
    main(sys.argv)
