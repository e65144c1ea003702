"""The scripted shell session on the Pico's own MicroPython (the rp2 port,
v1.28.0 RPI_PICO, on an emulated RP2040): the same golden screens as the
simulator and the web page, pixel for pixel; a power cut inside a flash
write; the heap the port really has."""

import os

import numpy as np
import pytest
from pico_board import deployed, need_pico
from PIL import Image
from usher_tools.emulator.board import Pico, PicoConfig
from usher_tools.emulator.flash import flash_files
from usher_tools.emulator.script import run_script

from host.sim.test_shell_session import GOLDEN, SCRIPT, SHOTS


# make test runs the files deploy on the LCD and the frozen image on the OLED
# (test_pico_uf2); each other pairing in make test-long
@pytest.fixture(scope="module", params=["lcd114", pytest.param("oled", marks=pytest.mark.long)])
def session(request, tmp_path_factory):
    uf2 = need_pico()
    tmp = tmp_path_factory.mktemp("pico-" + request.param)
    flash = deployed(tmp, request.param)
    shots = tmp / "shots"
    with Pico(PicoConfig(profile=request.param, flash=flash, uf2=uf2)) as pico:
        pico.sample_heap = True
        with open(SCRIPT) as f:
            result = run_script(pico, f.read(), str(shots))
        result["heap_log"] = pico.heap_log
    return request.param, result, shots, flash


def test_session_runs_to_the_end_on_the_rp2_port(session):
    profile, result, _, _ = session
    assert result["error"] == "", (result["error"], result["serial_tail"][-1500:])
    assert result["presses"] >= 25
    # the app never fell back to the REPL (a traceback or safe mode would print there)
    assert "Traceback" not in result["serial_tail"], result["serial_tail"]
    assert "safe mode" not in result["serial_tail"], result["serial_tail"]
    assert [r["reason"] for r in result["runs"]] == ["power cut", "stopped"], result["runs"]


@pytest.mark.parametrize("name", SHOTS)
def test_golden_screens_on_the_rp2_port(session, name):
    profile, _, shots, _ = session
    got = np.array(Image.open(shots / (name + ".png")).convert("RGB"))
    want = np.array(Image.open(os.path.join(GOLDEN, profile, name + ".png")).convert("RGB"))
    assert got.shape == want.shape
    diff = (got != want).any(axis=2)
    assert not diff.any(), "%d pixels differ from the simulator's golden %s/%s" % (diff.sum(), profile, name)


def test_power_cut_inside_a_flash_write_loses_only_that_roll(session):
    # the emulator stopped inside the boot ROM's program/erase routine and the
    # flash image was kept as the chip had it; the reboot resumed the game
    profile, result, _, flash = session
    files = flash_files(flash)
    logs = [n for n in files if n.endswith(".log")]
    assert len(logs) == 1, sorted(files)
    lines = [ln for ln in files[logs[0]].decode().splitlines() if ln]
    assert len(lines) == 4, lines  # the header and the three rolls before the cut
    assert all(len(ln.rsplit("*", 1)[1]) == 8 for ln in lines)


def test_heap_on_the_rp2_port_stays_above_a_quarter_of_boot(session):
    profile, result, _, _ = session
    log = [h for h in result["heap_log"] if h[1] >= 0]
    assert len(log) >= 25, log
    free = [f for _, _, f in log]
    # the port's own heap: about 236 KB free at the REPL, less the firmware
    assert max(free) > 100_000, log
    assert min(free) >= 0.25 * max(free), log
