"""Hostile bytes on the rp2 port's USB serial in the middle of a game: 16 KB
of random bytes and an 8 KB line (ten and five times the link's longest
line; make test-long; 64 KB and 100 KB under make soak), Ctrl-C, Ctrl-D and a raw-REPL request. On the
Pico a 0x03 would be a KeyboardInterrupt; Usher keeps it a byte while it
runs, so the game goes on (the next press is a new roll, recorded) and the
next sync is clean."""

import os
import random
import subprocess
import sys
import time

import pytest
from pico_board import deployed, need_pico, tap
from usher_devkit.pico_probe import to_device_pending
from usher_tools.emulator.board import Pico, PicoConfig
from usher_tools.emulator.flash import flash_files

USHER = [sys.executable, "-m", "usher_tools.cli"]


def rolls(flash):
    files = flash_files(flash)
    logs = [n for n in files if n.endswith(".log")]
    assert len(logs) == 1, sorted(files)
    return len([ln for ln in files[logs[0]].splitlines() if ln]) - 1


# every byte crosses the emulated USB and the firmware's reader at the chip's
# own speed: the short sizes already overflow every buffer the link has
# (make test sends shorter garbage before test_pico_sync's sync)
SIZES = [
    pytest.param(16 * 1024, 8 * 1024, marks=pytest.mark.long),
    pytest.param(64 * 1024, 100 * 1024, marks=pytest.mark.soak),
]


@pytest.mark.parametrize("noise,line", SIZES)
def test_hostile_bytes_mid_game_change_nothing_and_the_next_sync_is_clean(tmp_path, noise, line):
    uf2 = need_pico()
    flash = deployed(tmp_path, "lcd114")
    rng = random.Random(17)
    env = dict(os.environ, USHER_DB=str(tmp_path / "history.sqlite"))
    with Pico(PicoConfig(profile="lcd114", flash=flash, uf2=uf2)) as pico:
        pico.boot()
        for name in ("next", "ok", "ok"):  # Dice & draws, a game, its first roll
            tap(pico, name)
        pico.run_for(300)
        pico.stop()
    before = rolls(flash)
    assert before == 1
    with Pico(PicoConfig(profile="lcd114", flash=flash, live=True)) as pico:
        pico.boot()  # power-on goes straight back into the game in play
        shown = pico.image().copy()
        start = len(pico.serial_out)
        hostile = [
            bytes(rng.randrange(256) for _ in range(noise)),
            b"\n" + b"x" * line + b"\n",
            b"\x03",  # Ctrl-C
            b"\x04",  # Ctrl-D
            b"\r\x03\x03\r\x01",  # what mpremote sends for the raw REPL
        ]
        for chunk in hostile:
            pico.send_serial(chunk)
            pico.run_for(500)
        while to_device_pending(pico):
            pico.run_for(500)
        pico.run_for(1000)
        said = bytes(pico.serial_out[start:])
        assert b"raw REPL" not in said and b">>>" not in said and b"Traceback" not in said, said[-500:]
        assert (pico.image() == shown).all(), "the game's screen changed under the garbage"
        tap(pico, "ok")  # the game goes on: one more roll
        assert not (pico.image() == shown).all()
        proc = subprocess.Popen(
            USHER + ["sync", "--port", pico.pty_path], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        t0 = time.monotonic()
        while proc.poll() is None and time.monotonic() - t0 < 300:
            pico.pump(0.05, until_sleep=False)
        out, err = proc.communicate(timeout=10)
        assert proc.returncode == 0, (out[-1500:], err[-1500:])
        pico.stop()
    assert rolls(flash) == before + 1
