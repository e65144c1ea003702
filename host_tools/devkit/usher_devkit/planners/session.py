"""Sessions on the simulator: what a person presses and what a laptop asks,
played on the real firmware (lockstep, 256K, compiled), with the heap at
Home noted before and after each operation. The long session (six games,
syncs, a whole Showbiz) and its three stuck states are built from these.

A `Session` plans on the laptop: the unmodified app runs on CPython (fake
display, memory flash, the simulator's app seed), and every press made on it
is written down as a script line. The app's draws come from the same Rng on
both runtimes, so the simulator replays the presses without feedback (as
usher_devkit.planners.showbiz does). The laptop's requests are script lines only
(`serial`, `expect`), as is the press that answers the device's question:
the planning app has no serial, and the question's screen covers whatever
was on top without changing it.
"""

import json
import os
import tempfile

from usher_devkit.planners import use_kit

use_kit()  # the kit's modules go by their bare names, as on the VM: one name each
from menus import MenuWalker  # noqa: E402

DEVICE_SEED = 11
GAP_MS = 1200  # after the laptop's last line, before the person's next press (> LINK_PRESS_QUIET)


class Session(MenuWalker):
    def __init__(self, profile: str = "lcd114", seed: int = DEVICE_SEED) -> None:
        use_kit()
        from fakes import FakeClock, FakeHardware, MemStorage
        from usher.app import App

        self.profile = profile
        self.app = App(FakeHardware(profile == "oled"), FakeClock(), MemStorage(), seed=seed)
        self.app.start()
        self.app.render()
        self.lines: list = ["wait 300"]
        self.rid = 100  # request ids of three digits: "id":101 is never the start of another
        self.asked: list = []  # [rid, op] in order
        self.games: list = []  # games started: [name, title, finished or left]
        self.bids: list = []
        self.played: list = []  # the last whole Showbiz game's actions, without their times

    # -- the person ----------------------------------------------------------------
    def press(self, *events) -> None:
        app = self.app
        for ev in events:
            app.handle(ev)
            for _ in range(4):  # the loop renders every tick: Showtime's loader takes three
                app.render()
            app.after_frame()  # as the loop's tick once the frame is out: the move's record written
            self.lines.append("long " + ev[:-5] if ev.endswith("_long") else ev)
            d = app.hw.display
            if len(d.pushes) > 32:
                d.pushes = []

    def at_home(self) -> None:
        if self.top() != "Home":
            raise AssertionError("not at Home: %s" % self.top())

    def new_game(self, title: str, players: int = 0) -> None:
        self.at_home()
        if title == "Dice":
            self.choose("Dice & draws")
            if self.app.match.count:  # it resumed the session in play: a new one from its game menu
                self.menu_then("New session", confirm=True)
        else:
            self.choose("New game")
            self.choose(title)
            pk = self.app.top()
            while pk.value != players:
                self.press("next" if pk.value < players else "prev")
            self.press("ok")
            for _ in range(players):
                self.press("ok")  # the roster's names in order
            self.press("ok")  # Start: the first row of the options
        self.games.append([self.app.match.name, title, ""])

    def moves(self, n: int) -> None:
        """n presses of OK in the game (every default); a refusal's message
        goes with the next press."""
        for _ in range(n):
            self.press("ok")

    def save_and_leave(self) -> None:
        self.menu_then("Save & leave")
        self.games[-1][2] = "left"
        self.at_home()

    def showtime_to_the_end(self) -> None:
        for _ in range(2000):
            if self.top() == "Home":
                self.games[-1][2] = "finished"
                return
            self.press("ok")  # the first person, the seat offered first, yes; the replays
        raise AssertionError("Showtime did not end: %s" % self.top())

    def showbiz_to_the_end(self, seed: int = 3, midway=None) -> None:
        """The seeded player of the devkit plays to the final standings;
        `midway(self)` runs once at about the middle (presses counted)."""
        from showbiz_ui_kit import top
        from showbiz_ui_player import Player

        session = self
        app = self.app
        handle = app.handle

        def logged(ev: str) -> None:
            handle(ev)
            app.render()
            session.lines.append("long " + ev[:-5] if ev.endswith("_long") else ev)

        app.handle = logged
        pl = Player(app, seed=seed)
        half = [False]

        def until(app) -> bool:
            if midway is not None and not half[0] and app.match.state["year"] >= 5 and top(app) == "Main":
                half[0] = True
                midway(session)
            return False

        try:
            pl.play(until)
        finally:
            app.handle = handle
        self.bids = pl.bids
        self.played = [dict((k, v) for k, v in a.items() if k != "at") for a in app.match.actions]
        self.games[-1][2] = "finished"
        while self.top() != "Home":  # the final standings, then the game's menu
            if self.top() == "Table":
                self.press("back")
            else:
                self.menu_then("Home")  # a finished game's menu: nothing to save

    # -- the laptop ----------------------------------------------------------------
    def _send(self, op: str, **args) -> int:
        from usher_tools.link.client import frame

        self.rid += 1
        obj = {"id": self.rid, "op": op}
        obj.update(args)
        text = frame(obj).decode().strip().replace('"', '\\"')
        self.lines.append('serial "%s"' % text)
        self.asked.append([self.rid, op])
        return self.rid

    def ask(self, op: str, **args) -> int:
        """A request; the script waits for the device's answer."""
        rid = self._send(op, **args)
        self.lines.append('expect "\\"id\\":%d" 5000' % rid)
        return rid

    def pull(self, games: list) -> int:
        """A pull of games that need no press; the script waits for its end."""
        rid = self._send("pull", games=[[g, 0, ""] for g in games])
        self.lines.append('expect "\\"done\\":true" 30000')
        return rid

    def confirmed(self, op: str, **args) -> int:
        """A request the owner allows on the device: the question, OK, done."""
        rid = self._send(op, **args)
        self.lines.append('expect "\\"pending\\":true" 5000')
        self.lines.append("wait 300")
        self.lines.append("ok")  # on the device's question (script only: see the module's note)
        self.lines.append('expect "\\"done\\":true" 30000')
        return rid

    def sync(self) -> None:
        """What `usher sync` asks of a device whose games are all new to it:
        hello, the list, every game that needs no press (in batches), then
        each game that needs one, allowed on the device."""
        self.ask("hello", proto=1)
        self.ask("list", **{"from": 0})  # one page: the planner knows the games itself
        plain = [g[0] for g in self.games if not (g[1] == "Showbiz" and g[2] != "finished")]
        for i in range(0, len(plain), 16):
            self.pull(plain[i : i + 16])
        for g in self.games:
            if g[1] == "Showbiz" and g[2] != "finished":
                self._send("pull", games=[[g[0], 0, ""]])
                self.lines.append('expect "\\"pending\\":true" 5000')
                self.lines += ["wait 300", "ok", 'expect "\\"done\\":true" 30000']

    def quiet(self, ms: int = GAP_MS) -> None:
        self.lines.append("wait %d" % ms)

    # -- probes ----------------------------------------------------------------------
    def heap(self, name: str) -> None:
        self.lines.append("heap " + name)

    def shot(self, name: str) -> None:
        self.lines.append("shot " + name)

    def script(self) -> str:
        return "\n".join(self.lines) + "\n"


def answers(serial: bytes) -> list:
    """The device's protocol replies in its serial output."""
    out = []
    for line in serial.decode("utf-8", "replace").splitlines():
        at = line.find("@u ")
        if at >= 0 and "*" in line:
            try:
                out.append(json.loads(line[at + 3 : line.rindex("*")]))
            except ValueError:
                pass
    return out


def run(session: Session, heap: str = "256K", shots: str = "", romfs: bool = False) -> dict:
    """Play the session's script on the simulator; the report, with the
    laptop's answers (by request id) and the heap marks by name."""
    from usher_tools.sim import Sim, SimConfig
    from usher_tools.sim.flashfs import read_image
    from usher_tools.sim.script import RECOVERED, ScriptError, ScriptRunner, report

    with tempfile.TemporaryDirectory() as d:
        flash = os.path.join(d, "flash.img")
        cfg = SimConfig(profile=session.profile, flash=flash, seed=DEVICE_SEED, pty=False, heap=heap, romfs=romfs)
        with Sim(cfg) as sim:
            runner = ScriptRunner(sim, shots)
            error = ""
            try:
                runner.run(session.script())
            except ScriptError as e:
                error = str(e)
            sim.stop()
            res = report(sim, runner, 0.0, error)
            serial = bytes(sim.serial_out)
        files = read_image(flash, heap="8M").files
    got: dict = {}
    for a in answers(serial):
        got.setdefault(a.get("id"), []).append(a)
    res["answers"] = got
    res["asked"] = session.asked
    res["marks"] = dict(res["heap_marks"])
    res["reloads"] = serial.count(RECOVERED)
    res["records"] = sorted(k for k in files if k.endswith(".log"))
    res["files"] = files
    return res


def refusals(res: dict) -> list:
    """[(request id, op, answer)] of every answer that was not ok."""
    out = []
    ops = dict((rid, op) for rid, op in res["asked"])
    for rid, lines in res["answers"].items():
        for a in lines:
            if a.get("ok") is False:
                out.append((rid, ops.get(rid, "?"), a))
    return out


def summary(res: dict) -> str:
    marks = ", ".join("%s %d" % (k, v) for k, v in res["heap_marks"])
    return "peak %d; %s" % (res["firmware_peak_heap"], marks)


# -- the long session: six games, syncs between, a whole Showbiz synced halfway -----
CYCLE_TITLES = (("Dice", 0), ("Showtime", 3), ("Showbiz", 4), ("Showtime", 4), ("Dice", 0), ("Showbiz", 3))


def long_session(profile: str = "lcd114", cycles: int = 6, moves: int = 12) -> Session:
    """Cycles of (a new game with moves, Save & leave, a laptop's hello and
    list, a settings pull), the titles in turn; then a whole 4-player Showbiz
    game, a sync (every game, the unfinished Showbiz ones allowed on the
    device) in its middle; then a last sync at Home. The heap at Home is
    noted after each cycle."""
    s = Session(profile)
    s.heap("boot")
    for i in range(cycles):
        title, players = CYCLE_TITLES[i % len(CYCLE_TITLES)]
        s.new_game(title, players)
        s.moves(moves)
        s.save_and_leave()
        s.ask("hello", proto=1)
        s.ask("list", **{"from": 0})
        s.ask("settings")
        s.quiet()
        s.press("next", "prev")  # the person is back at the device
        s.heap("cycle%d" % (i + 1))
    s.new_game("Showbiz", 4)
    s.heap("showbiz-start")

    def midway(s: Session) -> None:
        s.heap("showbiz-mid")
        s.sync()
        s.quiet()
        s.heap("showbiz-synced")

    s.showbiz_to_the_end(midway=midway)
    s.quiet(6000)
    s.heap("home-end")
    s.sync()
    s.quiet()
    s.press("next", "prev")
    s.heap("home-synced")
    return s


# the long session's VM heap: the rp2 port's 240 KB free at boot, as the
# 64-bit VM weighs it (x1.34). At 256K (the 192 KB once assumed) its
# mid-game sync ran out once Settings gained Board and About; the rp2 port's
# own figures (make pico-games) are the gate, this a quick proxy
LONG_HEAP = "320K"


def run_long(profile: str = "lcd114", cycles: int = 6, heap: str = LONG_HEAP, shots: str = "") -> dict:
    """The long session on the simulator, with what the tests check: the
    records on the flash, the last game as played on the laptop, refusals."""
    from usher_tools.history.replay import score_record

    from usher_devkit.planners import record_actions

    s = long_session(profile, cycles)
    r = run(s, heap, shots)
    r["session"] = s
    r["planned_records"] = sorted("data/%s.log" % g[0] for g in s.games)
    last = "data/%s.log" % s.games[-1][0]
    r["as_planned"] = False
    if last in r["files"]:
        text = r["files"][last].decode()
        header, records, actions = record_actions(text)
        r["as_planned"] = actions == s.played
        r["last_score"] = score_record(header, records)
    r["refused"] = refusals(r)
    return r
