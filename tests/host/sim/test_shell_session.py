"""The scripted shell session on the simulator (real firmware, real framebuf,
256K heap (the Pico's 192 KB, 64-bit)): menus, dice, a power cut mid-write and resume. Its screenshots
are the golden pictures of the main screens, compared pixel for pixel.

Regenerate the goldens after a deliberate change of look with
`UPDATE_GOLDEN=1 make test` (then look at them before committing)."""

import os
import shutil

import numpy as np
import pytest
from PIL import Image
from tooling import ROOT
from usher_tools.sim import Sim, SimConfig
from usher_tools.sim.flashfs import read_image
from usher_tools.sim.script import run_script

SCRIPT = os.path.join(ROOT, "tests", "sim", "shell_session.txt")
GOLDEN = os.path.join(ROOT, "tests", "golden")


def run_session(profile, tmp_path):
    shots = tmp_path / "shots"
    cfg = SimConfig(profile=profile, flash=str(tmp_path / "flash.img"), seed=1)
    with open(SCRIPT) as f:
        text = f.read()
    with Sim(cfg) as sim:
        result = run_script(sim, text, str(shots))
    return result, shots


@pytest.fixture(scope="module", params=["lcd114", "oled"])
def session(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(request.param)
    result, shots = run_session(request.param, tmp)
    return request.param, result, shots, tmp


def test_session_completes_within_the_heap(session):
    profile, result, _, _ = session
    assert result["error"] == "", (result["error"], result["serial_tail"][-2000:], result["runs"])
    assert "MemoryError" not in result.get("serial_tail", ""), result["serial_tail"]
    assert 0 < result["firmware_peak_heap"] < 256 * 1024
    assert result["presses"] >= 25


def test_power_cut_mid_write_loses_only_that_roll(session):
    profile, result, shots, tmp = session
    files = read_image(str(tmp / "flash.img")).files
    logs = [n for n in files if n.endswith(".log")]
    assert logs, files
    log = files[logs[0]].decode()
    # the header and the three outcomes recorded before the cut, none half-written
    lines = [ln for ln in log.splitlines() if ln]
    assert len(lines) == 4, lines
    assert all(ln.count("*") >= 1 and len(ln.rsplit("*", 1)[1]) == 8 for ln in lines)
    # the resumed screen shows the last recorded outcome (the taste draw)
    resumed = np.array(Image.open(shots / "resumed.png"))
    taste = np.array(Image.open(shots / "taste-draw.png"))
    assert resumed.shape == taste.shape
    assert (resumed != taste).any(axis=2).mean() < 0.2  # same result; only the mode label may differ


def test_pixels_pushed_per_press_are_bounded(session):
    profile, result, _, _ = session
    full = 240 * 135 if profile == "lcd114" else 128 * 64
    per = result["pixels_per_press"]
    pushes = [p["pixels"] for p in result["press_log"]]
    # only the press whose recording the power cut killed includes a reboot,
    # which clears and redraws the panel: every other press is one screen at most
    assert len([n for n in pushes if n > full]) <= 1, pushes
    if profile == "lcd114":
        # the OLED is left out: it takes whole 8-row pages, so a menu move with
        # its title counter touches 6 of its 8 (1 KB at 400 kHz is ~26 ms anyway)
        assert per["median"] < full, "most presses must not redraw the whole panel"
        menu_moves = [p["pixels"] for p in result["press_log"][:3]]  # next, next, next on home
        assert max(menu_moves) <= full // 3, menu_moves


SHOTS = ["home", "settings", "brightness", "saved-empty", "dice-1", "taste-draw", "game-menu", "scores", "home-resume"]


def pixels_off(shots, profile: str, name: str) -> tuple:
    """(how many pixels of the shot `name` differ from
    tests/golden/PROFILE/NAME.png, that path); UPDATE_GOLDEN=1 writes it anew."""
    got = np.array(Image.open(shots / (name + ".png")).convert("RGB"))
    path = os.path.join(GOLDEN, profile, name + ".png")
    if os.environ.get("UPDATE_GOLDEN") or not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        shutil.copy(shots / (name + ".png"), path)
        if not os.environ.get("UPDATE_GOLDEN"):
            pytest.fail("no golden picture yet: written %s; look at it and commit it" % path)
    want = np.array(Image.open(path).convert("RGB"))
    assert got.shape == want.shape, (got.shape, want.shape, path)
    return int((got != want).any(axis=2).sum()), path


def as_golden(shots, profile: str, name: str) -> None:
    """The shot `name` pixel for pixel as tests/golden/PROFILE/NAME.png."""
    off, path = pixels_off(shots, profile, name)
    assert off == 0, "%d pixels differ from %s" % (off, path)


@pytest.mark.parametrize("name", SHOTS)
def test_golden_screens(session, name):
    profile, _, shots, _ = session
    as_golden(shots, profile, name)


# Home -> Settings -> Language (its fourth row) to Deutsch, back Home, the cursor to the top
GERMAN = "next 3\nok\nnext 3\nok\nback\nprev 3\nshot home-de\n"


def golden_of(profile: str, tmp_path, script: str, name: str) -> tuple:
    """`script` played on a fresh simulator (seed 1), without an error or a
    MemoryError; its shot `name` against its golden picture (pixels_off)."""
    cfg = SimConfig(profile=profile, flash=str(tmp_path / "flash.img"), seed=1)
    with Sim(cfg) as sim:
        result = run_script(sim, script, str(tmp_path / "shots"))
    assert result["error"] == "", result["error"]
    assert "MemoryError" not in result.get("serial_tail", ""), result["serial_tail"]
    return pixels_off(tmp_path / "shots", profile, name)


@pytest.mark.parametrize("profile", ["lcd114", "oled"])
def test_golden_home_in_german(profile, tmp_path):
    off, path = golden_of(profile, tmp_path, GERMAN, "home-de")
    assert off == 0, "%d pixels differ from %s" % (off, path)
