"""The MicroPython runner itself: it must catch what only fails on MicroPython."""

import os
import subprocess
import sys

from tooling import TESTS, run_portable

FIX = os.path.join(TESTS, "fixtures", "mp_incompatible")


def test_incompatible_call_passes_on_cpython():
    proc = subprocess.run(
        [sys.executable, os.path.join(TESTS, "mp_runner.py"), FIX, os.path.join(FIX, "test_pad.py")],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "1 passed, 0 failed" in proc.stdout


def test_incompatible_call_fails_on_micropython():
    proc = run_portable([os.path.join(FIX, "test_pad.py")], firmware=FIX)
    assert proc.returncode != 0
    assert "0 passed, 1 failed" in proc.stdout
    assert "ljust" in proc.stdout + proc.stderr


def test_runner_fails_when_nothing_ran(tmp_path):
    empty = tmp_path / "test_empty.py"
    empty.write_text("x = 1\n")
    proc = run_portable([str(empty)], firmware=str(tmp_path))
    assert proc.returncode != 0
    assert "0 passed, 0 failed" in proc.stdout
