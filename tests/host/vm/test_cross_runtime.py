"""The same numbers and bytes on CPython and on the MicroPython VM."""

import subprocess
import sys

from tooling import FIRMWARE, micropython

SCRIPT = """
import sys
sys.path.insert(0, %r)
from usher.core.rng import Bag, Rng
from usher.games.showbiz.bags import ARTIST_BAG
from usher.core.record import encode_line
r = Rng(%d)
print([r.next32() for _ in range(20)])
print([r.below(6) for _ in range(40)])
items = list(range(30)); r.shuffle(items); print(items)
b = Bag(ARTIST_BAG[0], ARTIST_BAG[1]); print(b.draw_many(r, 81))
print(encode_line({"t": "bid", "p": 1, "ze": [3, 0]}))
"""


def _both(seed):
    code = SCRIPT % (FIRMWARE, seed)
    cp = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    mp = micropython(["-c", code])
    assert cp.returncode == 0, cp.stderr
    assert mp.returncode == 0, mp.stdout + mp.stderr
    return cp.stdout, mp.stdout


def test_rng_sequences_identical_on_both_runtimes():
    for seed in (0, 1, 42, 0xDEADBEEF, 2**40 + 3):
        cp, mp = _both(seed)
        assert cp == mp, (seed, cp, mp)
        assert len(cp.splitlines()) == 5
