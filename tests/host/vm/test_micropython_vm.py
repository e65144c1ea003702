"""Every portable test module, run again on the real MicroPython VM under the
Pico's heap budget. A test that passes on CPython but fails here fails the build."""

import glob
import os
import re

import pytest
from tooling import HEAP, PORTABLE, run_portable

# modules whose tests each run in a VM of their own: the German walks through
# a whole game's screens, each of which needs nearly the whole heap
APART = ("test_words_films.py", "test_words_show_manager.py", "test_words_showbiz.py", "test_words_showtime.py")


MODULES = sorted(glob.glob(os.path.join(PORTABLE, "test_*.py")))  # also the 32-bit meter's (test_wasm_meter)


def runs() -> list:
    """Each portable module, or each test of an APART module as "path::test"."""
    out = []
    for path in MODULES:
        if os.path.basename(path) in APART:
            with open(path, encoding="utf-8") as f:
                out += ["%s::%s" % (path, n) for n in re.findall(r"^def (test_\w+)\(", f.read(), re.M)]
        else:
            out.append(path)
    return out


RUNS = runs()


@pytest.mark.parametrize("path", RUNS, ids=[os.path.basename(p) for p in RUNS])
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


def test_the_modules_run_a_test_a_process_are_portable_modules():
    """A name in APART that no longer names a module would quietly run nothing apart."""
    assert set(APART) <= {os.path.basename(p) for p in MODULES}, sorted(
        set(APART) - {os.path.basename(p) for p in MODULES}
    )
    assert len(RUNS) > len(MODULES)
