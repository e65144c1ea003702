"""`make bench` rows: where a press's milliseconds go on the rp2 port (the
stock firmware, the code as files, the LCD), for the presses of the
Showtime window test_pico_press_games plays, the slowest of the games'
main screens among them (the OK that ends a turn and opens the scoring
replay, the OK on Home that resumes the game, and Undo).

`frozen`: the same on usher.uf2 (`python -m usher_devkit.bench.press_profile
show_manager 76 22 --frozen`: a window of another game's planned lines), the
figure to trust on the Pico; make bench keeps the files' table.

The device runs a main.py of this module's own instead of Usher's: the
app built as usher.boot builds it, resumed into the game as the full
scripted game leaves it at that line, and each press made by calling the
app as its loop does, timed in phases with time.ticks_us(): the app's
handling of the press (the rules; the flash write inside it, timed on its
own), the redraw until nothing is left to draw (the panel push inside it:
convert and SPI), and the collection the app makes once the frame is out."""

import os
import statistics
import sys
import tempfile

from usher_devkit.bench.render import fig

# the device's side: EVENTS and SEED are put in by profile()
DEVICE = """
import time, gc, machine
from usher.board.storage import DirStorage
from usher.board import BOARD as panel
from usher.boot import DeviceClock
import usher.app as A

app = A.App(panel.make(machine), DeviceClock(time), DirStorage("/data"), None, SEED)
T = {}


def timed(name, fn):
    def w(*a):
        t = time.ticks_us()
        r = fn(*a)
        T[name] = T.get(name, 0) + time.ticks_diff(time.ticks_us(), t)
        return r

    return w


app.p.flush = timed("flush", app.p.flush)
app.storage.append = timed("flash", app.storage.append)
app.start()
for _ in range(6):
    app.render()  # past Showtime's loader
gc.collect()
for ev in EVENTS:
    T.clear()
    was = type(app.top()).__name__
    t0 = time.ticks_us()
    app.handle(ev)
    t1 = time.ticks_us()
    n = 0
    while n < 8 and (app.top().dirty or app.top().part):
        app.render()
        n += 1
    t2 = time.ticks_us()
    gc.collect()
    t3 = time.ticks_us()
    print("PROF %s %s %s %d %d %d %d %d" % (ev, was, type(app.top()).__name__, time.ticks_diff(t1, t0),
          T.get("flash", 0), time.ticks_diff(t2, t1), T.get("flush", 0), time.ticks_diff(t3, t2)))
print("PROF done")
"""

GAME = "showtime"
WINDOW = (62, 11, "ok 2")  # test_pico_press_games' Showtime window, two replay steps
# before the window, as test_pico_press_games plays it: the game menu, "Save &
# leave" to Home and OK on its resume row (the game's first screen); after
# it, Back to the replay's summary, Back to the game menu and "Undo last"
# (the scoring undone, from the nearest snapshot)
BEFORE = {"showtime": "back\nnext 4\nok\nok"}
AFTER = {"showtime": "back\nback\nnext 1\nok\nok"}


def events_of(lines: list) -> list:
    out: list = []
    for line in lines:
        w = line.split()
        if w and w[0] in ("prev", "next", "ok", "back"):
            out += [w[0]] * (int(w[1]) if len(w) > 1 else 1)
        elif w and w[0] in ("long", "hold"):
            out.append(w[1] + "_long")
    return out


# usher.uf2 runs its own frozen main.py, so the profile runs as boot.py, which
# the port runs before USB is up: its lines go to a file on the flash instead
TO_FILE = """_out = open("/prof.txt", "w")


def print(*a):
    _out.write(" ".join(str(x) for x in a) + "\\n")
    _out.flush()
"""


def profile(game: str = GAME, window: tuple = WINDOW, frozen: bool = False, board: str = "lcd114") -> list:
    """[(event, screen, screen after, handle us, flash us, render us, flush us, collect us)],
    on the stock firmware with the code as files, or (`frozen`) on usher.uf2;
    `board`: lcd114 or oled (the game planned for that panel)."""
    from usher_tools.emulator.board import Pico, PicoConfig
    from usher_tools.emulator.flash import deploy_files, flash_files, write_files
    from usher_tools.rp2.build import STOCK_UF2, USHER_UF2

    from usher_devkit.planners import full_games

    planned = full_games.plan(game, board)
    lines = planned["text"].splitlines()
    at, n, more = window
    _, files = full_games.replay("\n".join(lines[:at]) + "\n", board, planned["seed"])
    walk = lines[at : at + n] + ([more] if more else [])
    if window == WINDOW:
        walk = BEFORE.get(game, "").splitlines() + walk + AFTER.get(game, "").splitlines()
    events = events_of(walk)
    src = DEVICE.replace("EVENTS", repr(events)).replace("SEED", str(planned["seed"])).replace("BOARD", board)
    with tempfile.TemporaryDirectory() as d:
        main = os.path.join(d, "main.py")
        with open(main, "w") as f:
            f.write(src)
        flash = os.path.join(d, "flash.img")
        data = [("data/" + k, v) for k, v in files.items()]
        if frozen:
            data += [("boot.py", (TO_FILE + src).encode()), ("data/profile.txt", board.encode() + b"\n")]
        else:
            deploy_files(flash, board)
            data.append(("main.py", src.encode()))
        write_files(flash, dict(data))
        with Pico(PicoConfig(profile=board, flash=flash, uf2=USHER_UF2 if frozen else STOCK_UF2)) as pico:
            pico.boot()
            for _ in range(400):
                pico.run_for(500)
                got = bytes(pico.serial_out)
                if b"PROF done" in got or b"Traceback" in got:
                    break
            out = bytes(pico.serial_out).decode("utf-8", "replace")
        if frozen:  # the boot.py ran before the app: its file is whole
            out = flash_files(flash).get("prof.txt", b"").decode("utf-8", "replace")
    rows = []
    for line in out.splitlines():
        w = line.split()
        if len(w) == 9 and w[0] == "PROF":
            rows.append((w[1], w[2], w[3]) + tuple(int(x) for x in w[4:]))
    if len(rows) != len(events):
        raise RuntimeError("the profile did not run: " + out[-800:])
    return rows


def figures() -> list:
    from usher_tools.rp2.build import STOCK_UF2

    if not os.path.exists(STOCK_UF2):
        return [fig("Where a press's time goes", "not measured", "no build/rp2 (make rp2)")]
    rows = profile()
    groups: dict = {}
    for ev, was, now, *us in rows:
        what = "%s on %s%s" % (ev, was, "" if now == was else " (opens %s)" % now)
        what += ", a flash write" if us[1] else ""
        groups.setdefault(what, []).append(us)
    out = []
    table = "Where a press's time goes, ms, medians"
    on = {"deploy": "files", "board": "lcd114", "game": "Showtime"}
    for what, runs in groups.items():
        med = [statistics.median(r[i] for r in runs) / 1000 for i in range(5)]
        label = "%s (%d)" % (what, len(runs))
        for phase, ms in (
            ("to the last byte", med[0] + med[2]),
            ("rules", med[0] - med[1]),
            ("flash write", med[1]),
            ("draw", med[2] - med[3]),
            ("push (convert + SPI)", med[3]),
            ("collection after", med[4]),
        ):
            out.append(fig(table, label, round(ms), column=phase, **on))
    return out


if __name__ == "__main__":
    # python -m usher_devkit.bench.press_profile [GAME [AT N] [--frozen] [--oled]]: AT,
    # N: a window of the game's planned lines (the Showtime window by default)
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    win = (int(args[1]), int(args[2]), "") if len(args) >= 3 else WINDOW
    board = "oled" if "--oled" in sys.argv else "lcd114"
    for r in profile(args[0] if args else GAME, win, "--frozen" in sys.argv, board):
        print(r)
