"""The firmware imported from a ROMFS image (`usher deploy --romfs`, `usher
sim --romfs`): the same screens as from files, with the bytecode and its
constants left in flash instead of the heap."""

import os

import numpy as np
from PIL import Image
from tooling import ROOT, micropython
from usher_tools.deploy.romfs import write_image
from usher_tools.paths import FIRMWARE
from usher_tools.sim import Sim, SimConfig
from usher_tools.sim.mpycache import compile_tree
from usher_tools.sim.script import run_script

SCRIPT = os.path.join(ROOT, "tests", "sim", "shell_session.txt")

LIST_ROM = """
import os, vfs
f = open(%r, 'rb'); img = f.read(); f.close()
vfs.mount(vfs.VfsRom(img), '/rom')
def walk(p):
    for name in sorted(os.listdir(p)):
        q = p + '/' + name
        if os.stat(q)[0] & 0x4000:
            walk(q)
        else:
            print(q[5:], os.stat(q)[6])
walk('/rom')
"""


def test_image_holds_every_compiled_module_and_nothing_else(tmp_path):
    tree = compile_tree(FIRMWARE, str(tmp_path / "mpy"), skip=("main.py",))
    image = str(tmp_path / "fw.romfs")
    write_image(tree, image)
    proc = micropython(["-c", LIST_ROM % image], heap="1M")
    assert proc.returncode == 0, proc.stderr
    listed = dict(line.rsplit(" ", 1) for line in proc.stdout.split("\n") if line)
    want = {}
    for folder, _, files in os.walk(os.path.join(tree, "usher")):
        for name in files:
            if name.endswith(".mpy"):
                path = os.path.join(folder, name)
                want[os.path.relpath(path, tree)] = str(os.path.getsize(path))
    assert listed == want


def session(tmp_path, romfs):
    shots = tmp_path / ("rom" if romfs else "files")
    cfg = SimConfig(profile="lcd114", flash=str(tmp_path / ("%s.img" % romfs)), seed=1, romfs=romfs)
    with open(SCRIPT) as f, Sim(cfg) as sim:
        return run_script(sim, f.read(), str(shots)), shots


def test_shell_session_from_romfs_shows_the_same_screens_with_less_heap(tmp_path):
    files, files_shots = session(tmp_path, False)
    rom, rom_shots = session(tmp_path, True)
    assert rom["error"] == "" and files["error"] == "", (rom["error"], files["error"])
    names = sorted(os.listdir(files_shots))
    assert len(names) > 5 and names == sorted(os.listdir(rom_shots))
    for name in names:
        a = np.array(Image.open(files_shots / name))
        b = np.array(Image.open(rom_shots / name))
        assert (a == b).all(), name
    # measured: ~131 KB from files, ~92 KB from the ROMFS (64-bit VM)
    assert rom["firmware_peak_heap"] < files["firmware_peak_heap"] - 24 * 1024, (rom, files)
