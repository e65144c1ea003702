"""Films' rules within the Pico's means: each module's armv6m bytecode under
7 KB, and a whole best-of-three record replayed on the MicroPython VM with a
fraction of the 192 KB heap (the rules, the core and the VM itself together
need about 43 KB; see the figures in the report of the films branch)."""

import os

import pytest
from tooling import TESTS, micropython, vm_firmware
from usher_tools.deploy.build import compile_one

MODULES = ["game.py", "rules.py", "rows.py", "score.py"]
MAX_BYTECODE = 7 * 1024
HEAP = "64K"  # a third of the device's heap

REPLAY = """
import gc, json, sys
sys.path.insert(0, %r)
from usher.games.catalog import load_game
G = load_game("films")
s = None
with open(%r) as f:
    for line in f:
        line = line.strip()
        if line and not line.startswith("#"):
            obj = json.loads(line)
            s = G.new(obj["setup"]) if s is None else G.apply(s, obj)
            G.expects(s)
            G.public_view(s)
print(G.scores(s), G.is_over(s))
"""


@pytest.mark.parametrize("name", MODULES)
def test_films_module_bytecode_under_7k(name, tmp_path):
    dst, err = compile_one(os.path.join("usher", "games", "films", name), str(tmp_path))
    assert not err, err
    assert os.path.getsize(dst) < MAX_BYTECODE, os.path.getsize(dst)


@pytest.mark.parametrize("record,want", [("films_match.rec", "[2, 1] True"), ("films_example.rec", "[10, 10] True")])
def test_films_replays_on_the_vm_in_a_third_of_the_heap(record, want):
    fw = os.path.relpath(vm_firmware(), TESTS)
    rec = os.path.join("records", record)
    proc = micropython(["-c", REPLAY % (fw, rec)], heap=HEAP, cwd=TESTS)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout.strip() == want
