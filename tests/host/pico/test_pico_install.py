"""The README's "Install on a Pico", step by step, on an emulated Pico: a
blank board held in BOOTSEL shows the RPI-RP2 drive; `usher flash` finds it
by its INFO_UF2.TXT and copies usher.uf2; the board restarts into Usher's
home screen, having found which board it is by itself."""

import os
import re
import subprocess
import sys

import numpy as np
from PIL import Image
from tooling import ROOT
from usher_devkit.pico_probe import bootsel_drive
from usher_tools.emulator.board import Pico, PicoConfig

from host.pico.test_pico_uf2 import need_uf2
from host.sim.test_shell_session import GOLDEN

USHER = [sys.executable, "-m", "usher_tools.cli"]


def test_the_readme_install_steps_work_on_a_blank_pico(tmp_path):
    uf2 = need_uf2()
    readme = open(os.path.join(ROOT, "README.md")).read()
    steps = readme.split("## Install on a Pico", 1)[1].split("\n## ", 1)[0]
    assert "BOOTSEL" in steps and "RPI-RP2" in steps and "usher flash" in steps and "make uf2" in steps
    for profile in ("lcd114", "oled"):
        drive = bootsel_drive(tmp_path / ("RPI-RP2-" + profile))  # step 2: BOOTSEL held at plug-in
        proc = subprocess.run(USHER + ["flash", uf2, "--drive", str(drive)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        copied = [f for f in os.listdir(drive) if f.endswith(".uf2")]
        assert copied, os.listdir(drive)  # step 3: the file is on the drive
        flash = str(tmp_path / ("flash-%s.img" % profile))
        with Pico(PicoConfig(profile=profile, flash=flash, uf2=str(drive / copied[0]))) as pico:
            pico.boot()  # step 4: it restarts by itself
            got = np.array(Image.fromarray(pico.image()).convert("RGB"))
        want = np.array(Image.open(os.path.join(GOLDEN, profile, "home.png")).convert("RGB"))
        assert got.shape == want.shape and not (got != want).any(axis=2).any(), profile
        home = re.search(r"home screen: (.*?)\.", steps.replace("\n   ", " "))
        assert home and "New game" in home.group(1)


def test_usher_flash_without_a_drive_says_how_and_exits_3(tmp_path):
    need_uf2()
    env = dict(os.environ, USER="nobody-here")
    proc = subprocess.run(USHER + ["flash"], capture_output=True, text=True, env=env)
    if proc.returncode == 0:  # a real RPI-RP2 drive is mounted on this machine: nothing to check
        return
    assert proc.returncode == 3, proc.stderr
    assert "BOOTSEL" in proc.stderr
