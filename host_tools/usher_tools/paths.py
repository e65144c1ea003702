"""Where the firmware lives, and how the host imports its rules modules."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIRMWARE = os.path.join(ROOT, "firmware")
BIN = os.path.dirname(sys.executable)


def use_firmware() -> None:
    """Put firmware/ on sys.path so the host re-scores with the device's own code."""
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)


def tool(name: str) -> str:
    path = os.path.join(BIN, name)
    return path if os.path.exists(path) else name


def vm_env() -> dict:
    """The environment for a MicroPython VM: its default sys.path holds
    $HOME/.micropython/lib, a string on the heap whose length differs from
    user to user; pinning the path makes heap layouts (and so the tests that
    run near the 256K budget) the same on every machine."""
    return dict(os.environ, MICROPYPATH=".frozen")


def firmware_files() -> list:
    """Every firmware source file, relative to firmware/, sorted."""
    out = []
    for folder, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(folder, f), FIRMWARE))
    return out
