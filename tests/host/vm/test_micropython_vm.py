"""Every portable test module, run again on the real MicroPython VM under the
Pico's heap budget. A test that passes on CPython but fails here fails the build."""

import glob
import os

import pytest
from tooling import HEAP, PORTABLE, run_portable

MODULES = sorted(glob.glob(os.path.join(PORTABLE, "test_*.py")))


@pytest.mark.parametrize("path", MODULES, ids=[os.path.basename(p) for p in MODULES])
def test_portable_module_on_micropython(path):
    proc = run_portable([path], heap=HEAP)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-4000:]
    last = out.strip().splitlines()[-1]
    passed, failed = [int(w) for w in last.replace(",", "").split() if w.isdigit()]
    assert failed == 0 and passed > 0, last


def test_heap_limit_is_enforced():
    """The budget is real: allocating past it raises MemoryError on the VM."""
    from tooling import micropython

    proc = micropython(["-c", "b = bytearray(%d)" % (300 * 1024)], heap=HEAP)
    assert proc.returncode != 0 and "MemoryError" in proc.stderr + proc.stdout
