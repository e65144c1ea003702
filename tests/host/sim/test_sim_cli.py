"""`usher sim`: scripted runs to PNG and JSON, script errors, and the live
terminal (raw mode in, restored on the way out)."""

import json
import os
import pty
import re
import select
import subprocess
import sys
import termios
import time

import numpy as np
import pytest
from click.testing import CliRunner
from PIL import Image
from usher_devkit import simcounter
from usher_tools.cli.sim import sim as sim_cmd
from usher_tools.sim import Sim, SimError
from usher_tools.sim.script import parse
from usher_tools.sim.terminal import Live, downscale, half_blocks


def test_script_parse_keeps_quoted_text_and_drops_comments():
    steps = parse('# setup\nnext 3\n\nserial "hello world"  # greet\nhold ok 800\n')
    assert steps == [(2, ["next", "3"]), (4, ["serial", "hello world"]), (5, ["hold", "ok", "800"])]


def test_scripted_run_writes_shots_and_figures(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("wait 100\nshot boot\nnext 2\nok\nshot two\n")
    out = tmp_path / "state.json"
    res = CliRunner().invoke(
        sim_cmd,
        [
            *simcounter.cli_args("oled"),
            "--script",
            str(script),
            "--shots",
            str(tmp_path / "shots"),
            "--out",
            str(out),
        ],  # fmt: skip
    )
    assert res.exit_code == 0, res.output
    state = json.loads(out.read_text())
    assert state["presses"] == 3
    # each next pushes one 10x10 block: on this panel that is 10 columns x 2 pages of 8 rows
    assert state["pixels_per_press"] == {"median": 160, "max": 160}
    assert 0 < state["peak_heap"] < 256 * 1024
    assert state["final_screen"]["width"] == 128 and state["final_screen"]["height"] == 64
    boot = np.array(Image.open(tmp_path / "shots" / "boot.png"))
    two = np.array(Image.open(tmp_path / "shots" / "two.png"))
    final = np.array(Image.open(state["final_screen"]["png"]))
    assert not boot.any() and two.any() and (final == two).all()


def test_script_error_names_the_line_and_fails_the_command(tmp_path):
    script = tmp_path / "s.txt"
    script.write_text("next\nfrobnicate 1 2\n")
    res = CliRunner().invoke(sim_cmd, [*simcounter.cli_args("lcd114"), "--script", str(script)])
    assert res.exit_code == 1
    assert "line 2" in res.output and "frobnicate" in res.output


def test_unknown_key_lists_the_profiles_keys(tmp_path):
    with Sim(simcounter.config("oled", flash=str(tmp_path / "f.img"))) as sim:
        sim.boot()
        with pytest.raises(SimError, match="prev=prev"):
            sim.resolve("select")


def test_downscale_averages_blocks_and_half_blocks_stack_two_rows():
    img = np.zeros((4, 4, 3), dtype=np.uint8)
    img[0:2, 0:2] = 200  # one 2x2 block
    img[0, 2] = 100  # a quarter of another
    small = downscale(img, 2)
    assert small.shape == (2, 2, 3) and small[0, 0].tolist() == [200] * 3 and small[0, 1].tolist() == [25] * 3
    lines = half_blocks(small)
    assert len(lines) == 1 and lines[0].count("\u2580") == 2
    assert "\x1b[38;2;200;200;200m" in lines[0] and "\x1b[48;2;0;0;0m" in lines[0]


def test_terminal_keys_press_the_profiles_buttons(tmp_path):
    with Sim(simcounter.config("lcd114", flash=str(tmp_path / "f.img"))) as sim:
        sim.boot()
        live = Live(sim, 2, str(tmp_path))
        live.on_input(b"\x1b[B")  # down arrow: the joystick's down
        assert sim.held == {"down"}
        live.on_input(b"\x1b[B")  # again at once: a second tap, so the key is let go first
        assert sim.held == set() and "down" in live.retap
        live.retap = {k: (0, ms) for k, (t, ms) in live.retap.items()}
        live.tick_keys()
        assert sim.held == {"down"} and [k for k, _ in sim.press_log] == ["down", "down"]
        live.on_input(b"\r")  # Enter: ok, on the joystick's press
        assert "press" in sim.held
        live.on_input(b"a")
        assert "A" in sim.held
        live.on_input(b"b")
        assert "B" in sim.held
        live.release_at = {k: 0 for k in live.release_at}
        live.tick_keys()
        assert sim.held == set()
        frame = live.frame()
        # 240x135 at scale 2 is 120x68 pixels: 120 columns by 34 lines of two stacked pixels
        assert frame.count("\u2580") == 120 * 34
        live.on_input(b"p")
        assert os.path.exists(os.path.join(str(tmp_path), "usher-sim-lcd114-1.png"))


def test_live_terminal_runs_in_raw_mode_and_restores_the_terminal(tmp_path):
    master, slave = pty.openpty()
    before = termios.tcgetattr(slave)
    code = "from usher_tools.cli.sim import sim; sim()"
    args = [sys.executable, "-c", code, *simcounter.cli_args("oled"), "--flash", str(tmp_path / "f.img")]
    proc = subprocess.Popen(args, stdin=slave, stdout=slave, stderr=subprocess.PIPE, cwd=str(tmp_path))
    seen = b""
    end = time.monotonic() + 20
    while b"Enter=" not in seen and time.monotonic() < end:  # a frame drawn with the key map
        if select.select([master], [], [], 0.1)[0]:
            seen += os.read(master, 65536)
    # the OLED at scale 2 (an 80-column pty) in braille cells, every pixel kept
    assert [ch for ch in seen.decode(errors="ignore") if 0x2800 <= ord(ch) <= 0x28FF] and b"Enter=" in seen
    os.write(master, b"\x1b[C")  # right arrow
    time.sleep(0.3)
    os.write(master, b"q")
    end = time.monotonic() + 20
    while proc.poll() is None and time.monotonic() < end:
        if select.select([master], [], [], 0.1)[0]:
            seen += os.read(master, 65536)
    assert proc.wait(5) == 0, proc.stderr.read().decode()  # type: ignore[union-attr]
    after = termios.tcgetattr(slave)
    os.close(master)
    os.close(slave)
    assert seen.endswith(b"\x1b[?1049l") or b"\x1b[?1049l" in seen[-200:]
    assert after == before


def test_make_run_passes_scale_and_profile_through():
    from tooling import ROOT

    out = subprocess.run(
        ["make", "-n", "run", "SCALE=3", "PROFILE=oled"], cwd=ROOT, capture_output=True, text=True
    ).stdout
    assert "usher sim --profile oled --scale 3" in out, out


def test_the_scale_is_the_finest_at_which_the_panel_fits_the_terminal():
    from usher_tools.sim.terminal import fit_scale, terminal_needs

    assert terminal_needs(240, 135, 2) == (120, 40)  # docs/SIMULATOR.md's table
    assert fit_scale(240, 135, 200, 60, 2) == 2
    assert fit_scale(240, 135, 80, 30, 2) == 3
    assert fit_scale(240, 135, 80, 24, 2) == 4
    assert fit_scale(128, 64, 80, 24, 1) == 2
    assert fit_scale(240, 135, 10, 5, 2) == 8  # nothing fits: the coarsest


def test_live_screenshots_go_to_a_folder_git_ignores(tmp_path):
    from tooling import ROOT
    from usher_tools.cli.sim import SHOTS_DIR

    assert SHOTS_DIR == os.path.join(ROOT, "sim-data", "shots")
    probe = os.path.join(SHOTS_DIR, "usher-sim-lcd114-1.png")
    got = subprocess.run(["git", "check-ignore", "-q", probe], cwd=ROOT)
    assert got.returncode == 0, "sim-data/shots/ must be ignored by git"
    with Sim(simcounter.config("oled", flash=str(tmp_path / "f.img"))) as sim:
        sim.boot()
        live = Live(sim, 1, str(tmp_path / "shots"))  # made on the first shot
        path = live.screenshot()
        assert path.startswith(str(tmp_path / "shots")) and os.path.exists(path)


def test_two_simulators_on_one_flash_file_are_refused_with_a_message(tmp_path):
    flash = str(tmp_path / "f.img")
    with Sim(simcounter.config("oled", flash=flash)):
        with pytest.raises(SimError, match="in use by another simulator"):
            Sim(simcounter.config("oled", flash=flash))
        script = tmp_path / "s.txt"
        script.write_text("wait 100\n")
        res = CliRunner().invoke(sim_cmd, [*simcounter.cli_args("oled"), "--flash", flash, "--script", str(script)])
        assert res.exit_code != 0 and "in use by another simulator" in res.output, res.output
    with Sim(simcounter.config("oled", flash=flash)) as sim:  # free again once the first is closed
        sim.boot()


def test_a_scripted_run_tells_its_figures_in_german(tmp_path):
    from usher_tools import words

    script = tmp_path / "s.txt"
    script.write_text("next 2\n")
    words.use("de")
    try:
        res = CliRunner().invoke(sim_cmd, [*simcounter.cli_args("oled"), "--script", str(script)])
    finally:
        words.use("en")
    assert res.exit_code == 0, res.output
    assert "2 Tastendrücke, Pixel je Druck Median 160,0 höchstens 160, Firmware-Heap" in res.output, res.output
    assert re.search(r"Takte in \d+,\d\d s", res.output), res.output
    assert "seriell: " in res.output, res.output
