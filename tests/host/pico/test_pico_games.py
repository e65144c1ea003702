"""Every full scripted game on the Pico's own MicroPython (the rp2 port on an
emulated RP2040), the memory gate: no MemoryError, no low-memory reload, the
record on the flash as planned, and the least free heap after any press at
or above a share of what was free at boot: a quarter with the code as files
on the flash, half with usher.uf2 (the code frozen into flash).

A game is 350-1,300 presses, minutes each on the emulator: these run in
`make pico-games` (which `make bench` runs first, reading the figures they
leave in build/pico-games/), not in `make test`. Choose with
USHER_PICO_GAMES="lcd114:files,lcd114:frozen,oled:files,oled:frozen".

A game that passed at this commit (a clean tree) is not played again: a run
cut short (the whole set takes longer than a working session) goes on where
it stopped, and the bench's figures stay those of one commit.
USHER_PICO_GAMES_AGAIN=1 plays every game anyway."""

import json
import os

import pytest
from pico_board import need_pico
from usher_devkit.bench.pico import GAMES_OUT, full_game, passed_here, summary
from usher_devkit.planners.full_games import GAMES

from host.pico.test_pico_uf2 import need_uf2

pytestmark = pytest.mark.pico_games

SHARE = {"files": 0.25, "frozen": 0.5}  # of the heap free at boot.py


def boards() -> list:
    chosen = os.environ.get("USHER_PICO_GAMES", "lcd114:files,lcd114:frozen,oled:files,oled:frozen")
    return [tuple(c.split(":")) for c in chosen.split(",") if c]


@pytest.mark.parametrize("board", boards(), ids=lambda b: "-".join(b))
@pytest.mark.parametrize("game", list(GAMES))
def test_full_game_within_the_heap_on_the_rp2_port(game, board):
    profile, kind = board
    need_uf2() if kind == "frozen" else need_pico()
    path = os.path.join(GAMES_OUT, "%s-%s-%s.json" % (game, profile, kind))
    if passed_here(path) and not os.environ.get("USHER_PICO_GAMES_AGAIN"):
        # a run cut short goes on where it stopped: this game passed at this commit already
        pytest.skip("passed at this commit already (%s); USHER_PICO_GAMES_AGAIN=1 plays it again" % path)
    r = full_game(game, profile, kind == "frozen")
    figures = summary(r, game, profile, kind)
    least = figures["least_free"]
    os.makedirs(GAMES_OUT, exist_ok=True)
    with open(path, "w") as f:
        json.dump(figures, f, indent=1)
    assert r["error"] == "", (r["error"], r["serial_tail"][-800:])
    assert "Traceback" not in r["serial_all"], r["serial_all"][-1500:]
    assert r["memory_recoveries"] == 0
    assert r["as_planned"], r["records"]
    assert r.get("refused", []) == []
    assert len([f for _, _, f in r["heap_log"] if f >= 0]) == r["presses"], "the heap probe missed presses"
    assert least >= SHARE[kind] * r["boot_heap"][1], figures
    figures["passed"] = True  # every gate above held: a run cut short later need not play it again
    with open(path, "w") as f:
        json.dump(figures, f, indent=1)
