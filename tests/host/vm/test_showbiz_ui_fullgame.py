"""A whole 4-player Showbiz game (10 years or more, device draws) played
through the screens only, by the seeded player of host_tools/devkit/usher_devkit/kit/showbiz_ui_player.py,
on CPython and on the MicroPython VM (compiled firmware, as on the Pico).
The same presses must give the same game on both runtimes.

Why a host test: the match keeps every record in RAM, about 150 bytes a move
on the 64-bit VM, and a 4-player game makes some 370 moves, so the whole game
does not fit the VM's 256 KB heap (64-bit) (a year does: tests/portable/test_showbiz_ui_game.py).
Here the VM gets a larger heap and the test reports the peak it used.

    .venv/bin/pytest -s tests/host/vm/test_showbiz_ui_fullgame.py   # prints the figures
"""

import json
import os
import statistics

from tooling import FIRMWARE, KIT_PATHS, micropython, vm_firmware

SEED = 3
PLAYERS = 4
VM_HEAP = "384K"

DRIVER = r"""
import sys, gc
sys.path[:0] = [%(fw)r] + %(kit)r
from showbiz_ui_kit import make_app, start
from showbiz_ui_player import Player, digest
from usher.board.storage import DirStorage
from usher.core.data import dumps
app, _ = make_app(DirStorage(%(data)r))
start(app, %(n)d)
pl = Player(app, seed=%(seed)d)
peak = [0]
def until(app):
    if app.presses %% 10 == 0:
        gc.collect()
        peak[0] = max(peak[0], gc.mem_alloc())
    return False
pl.play(until)
# the moves streamed from the record, as the device reads them: a list of all
# of them would need one more block of 4 KB in one piece at the very end
print("RESULT " + dumps({"crc": digest(app.match.iter_actions()), "n": len(app.match.inforce), "presses": app.presses,
    "bids": pl.bids, "turns": pl.turns, "breaks": pl.breaks, "year": app.match.state["year"],
    "standings": app.match.standings(), "top": type(app.top()).__name__, "peak": peak[0]}))
"""


_PLAYED: list = []


def play_on_cpython():
    """The game on CPython, played once for both tests of this file."""
    if _PLAYED:
        return _PLAYED[0]
    from showbiz_ui_kit import make_app, start
    from showbiz_ui_player import Player, digest

    app, _ = make_app(mono=True)  # the pure-Python frame buffer is slow at 240x135
    start(app, PLAYERS)
    pl = Player(app, seed=SEED)
    pl.play()
    _PLAYED.append((app, pl, digest(app.match.actions)))
    return _PLAYED[0]


def test_a_whole_game_played_through_the_screens_ends_with_standings():
    app, pl, _ = play_on_cpython()
    s = app.match.state
    assert app.match.is_over()
    assert s["year"] >= 10, s["year"]  # the end rolls come after years 10 and 11
    assert [len(t) for t in s["pts"]] == [s["year"]] * PLAYERS  # every year scored
    assert type(app.top()).__name__ == "Table"  # the final standings are on screen
    ranks = [r["rank"] for r in app.match.standings()]
    assert ranks[0] == 1 and ranks == sorted(ranks)
    assert pl.refusals == 0
    assert pl.breaks >= 1, "the player never broke a contract: that flow went untested"
    print(
        "\n%d-player game: %d years, %d moves, %d presses; median %s presses a bid (%d bids), "
        "%s a selection turn (%d turns, bids included)"
        % (
            PLAYERS,
            s["year"],
            len(app.match.actions),
            app.presses,
            statistics.median(pl.bids),
            len(pl.bids),
            statistics.median(pl.turns),
            len(pl.turns),
        )
    )


def test_the_same_presses_give_the_same_game_on_the_micropython_vm(tmp_path):
    _, pl, crc = play_on_cpython()
    data = str(tmp_path / "data")
    script = tmp_path / "driver.py"
    script.write_text(DRIVER % {"fw": vm_firmware(), "kit": KIT_PATHS, "data": data, "n": PLAYERS, "seed": SEED})
    proc = micropython([str(script)], heap=VM_HEAP)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")][0]
    got = json.loads(line[len("RESULT ") :])
    assert got["top"] == "Table"
    assert got["n"] > 300
    assert (got["crc"], got["bids"], got["turns"]) == (crc, pl.bids, pl.turns)
    assert got["year"] >= 10
    print("\nVM (64-bit, LCD profile): peak heap in use %d KB over the game" % (got["peak"] // 1024))
    assert os.path.exists(os.path.join(data, "index.jsonl"))
    assert FIRMWARE  # the driver imported the compiled firmware, not the sources
