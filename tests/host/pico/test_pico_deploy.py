"""The path a person takes with a Pico, for real: the stock MicroPython
v1.28.0 RPI_PICO firmware on an emulated RP2040, `usher deploy` through
mpremote over the emulated USB serial, the reset, and Usher's home screen
(two minutes of emulated USB: make test-long). And `usher deploy --romfs`
refused on that firmware, which has no ROMFS (make test: the same mpremote
over the same USB, against the stock REPL)."""

import os
import subprocess
import sys
import time

import numpy as np
import pytest
from pico_board import need_pico
from PIL import Image
from usher_tools.emulator.board import Pico, PicoConfig
from usher_tools.emulator.flash import flash_files

from host.sim.test_shell_session import GOLDEN

USHER = [sys.executable, "-m", "usher_tools.cli"]


def drive(pico, args, limit_s=600):
    """Run a host command against the board's pty while the board runs."""
    proc = subprocess.Popen(USHER + args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    t0 = time.monotonic()
    while proc.poll() is None:
        pico.pump(0.05, until_sleep=False)
        if time.monotonic() - t0 > limit_s:
            proc.kill()
            pytest.fail("%s did not finish" % args)
    return proc.returncode, proc.stdout.read()


@pytest.fixture(scope="module")
def stock(tmp_path_factory):
    """A blank Pico with the stock firmware: the REPL, nothing deployed."""
    uf2 = need_pico()
    flash = str(tmp_path_factory.mktemp("pico-stock") / "flash.img")
    with Pico(PicoConfig(profile="lcd114", flash=flash, uf2=uf2)) as pico:
        pico.boot()
        assert pico.connected, "the emulated USB serial never came up"
        yield pico


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    uf2 = need_pico()
    flash = str(tmp_path_factory.mktemp("pico-deploy") / "flash.img")
    with Pico(PicoConfig(profile="lcd114", flash=flash, uf2=uf2)) as pico:
        pico.boot()  # a blank Pico with the stock firmware: the REPL
        assert pico.connected, "the emulated USB serial never came up"
        code, out = drive(pico, ["deploy", "--port", pico.pty_path, "--profile", "lcd114"])
        pico.settle()
        yield pico, code, out, flash


@pytest.mark.long
def test_deploy_by_mpremote_then_the_reset_shows_home(board):
    pico, code, out, flash = board
    assert code == 0, out[-3000:]
    assert "reset" in [r["reason"] for r in pico.runs][0] or pico.runs[0]["reason"] == "machine.reset", pico.runs
    got = np.array(Image.fromarray(pico.image()).convert("RGB"))
    want = np.array(Image.open(os.path.join(GOLDEN, "lcd114", "home.png")).convert("RGB"))
    assert (got != want).any(axis=2).sum() == 0, "the home screen after the deploy differs from the golden"


@pytest.mark.long
def test_the_deploy_left_the_firmware_and_the_profile_on_flash(board):
    pico, code, out, flash = board
    files = flash_files(flash)
    assert files.get("data/profile.txt", b"").strip() == b"lcd114", sorted(files)[:20]
    assert "main.py" in files and "usher/app.mpy" in files and "usher/ui/home.mpy" in files, sorted(files)[:20]


def test_deploy_romfs_is_refused_in_one_line_on_the_stock_firmware(stock):
    pico = stock
    code, out = drive(pico, ["deploy", "--port", pico.pty_path, "--profile", "lcd114", "--romfs"], limit_s=300)
    assert code == 1, out[-2000:]
    refusal = [ln for ln in out.splitlines() if "ROMFS" in ln]
    assert len(refusal) == 1 and "no ROMFS partition" in refusal[0], out[-2000:]
