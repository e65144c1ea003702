"""Sync against the simulator's virtual Pico: the unmodified firmware on the
MicroPython VM, its USB serial a pseudo-terminal, the real `usher` command on
the other end through pyserial. The device is stepped in lockstep while the
host tool runs, and the confirming press is a real button press."""

import json
import os
import subprocess
import sys
import time

import pytest
from usher_tools.sim import Sim, SimConfig

USHER = [sys.executable, "-m", "usher_tools.cli"]


def tap(sim, key):
    sim.press(key)
    sim.run_for(80)
    sim.release(key)
    sim.run_for(120)


def drive(sim, proc, press_after_s=None, limit_s=60):
    """Step the device until the host command ends; press ok once after
    `press_after_s` seconds of wall time if asked (the device shows the ask)."""
    t0 = time.monotonic()
    pressed = False
    while proc.poll() is None:
        sim.run_for(20)
        time.sleep(0.002)  # let the host process run
        if press_after_s is not None and not pressed and time.monotonic() - t0 > press_after_s:
            tap(sim, "A")
            pressed = True
        if time.monotonic() - t0 > limit_s:
            proc.kill()
            pytest.fail("host command did not finish")
    return proc.communicate()


@pytest.fixture
def device(tmp_path):
    env = dict(os.environ, USHER_DB=str(tmp_path / "history.sqlite"))
    with Sim(SimConfig(profile="lcd114", flash=str(tmp_path / "flash.img"), seed=5)) as sim:
        sim.boot()
        sim.run_for(300)
        # two dice games from the home menu, a few rolls each (unfinished, no secrets)
        for downs in (1, 2):  # "Dice & draws" sits below "Resume" once a game exists
            for _ in range(downs):
                tap(sim, "down")
            tap(sim, "A")
            if downs == 2:  # it resumes the first: its game menu's New session (below Save & leave), yes
                tap(sim, "B")
                for _ in range(4):
                    tap(sim, "down")
                tap(sim, "A")
                tap(sim, "A")
            for _ in range(3):
                tap(sim, "A")
            tap(sim, "B")  # game menu: Back to game, Undo last, Results, Save & leave
            for _ in range(3):
                tap(sim, "down")
            tap(sim, "A")
        yield sim, env, tmp_path


def run(sim, env, args, **kw):
    proc = subprocess.Popen(USHER + args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = drive(sim, proc, **kw)
    return proc.returncode, out, err


def test_handshake_and_sync_of_the_devices_games(device):
    sim, env, _ = device
    code, out, err = run(sim, env, ["sync", "--port", sim.pty_path])
    assert code == 0, (out, err)
    code, out, err = run(sim, env, ["games", "--json"])
    assert code == 0, err
    games = json.loads(out)
    dice = [g for g in games if g.get("game") == "dice"]
    assert len(dice) >= 2, games
    # syncing again changes nothing (idempotent)
    code, out2, err2 = run(sim, env, ["sync", "--port", sim.pty_path])
    assert code == 0, err2


def test_roster_push_needs_the_press_on_the_device(device):
    sim, env, _ = device
    code, out, err = run(sim, env, ["roster", "push", "Zoe", "Yann", "--port", sim.pty_path], press_after_s=1.5)
    assert code == 0, (out, err)
    code, out, err = run(sim, env, ["roster", "pull", "--port", sim.pty_path, "--json"])
    assert code == 0, err
    assert "Zoe" in out and "Yann" in out
