"""Where the firmware lives, where the tool builds, and how the host imports
the firmware's rules modules.

The firmware is the product's own package data (`usher_tools/firmware`):
in a wheel, a copy; in the repository, a link to the top-level firmware/, so
the laptop always scores with the code it deploys. ROOT is the folder the
tool builds and caches into (build/, sim-data/, .node/): the repository when
the package runs from one (CHECKOUT), else a folder of the user's own."""

import os
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# resolved, so paths handed to the VMs are the same strings as the repository's
FIRMWARE = os.path.realpath(os.path.join(HERE, "firmware"))


def _checkout() -> str:
    """The repository this package runs from, or '' (an installed wheel)."""
    checkout = os.path.dirname(os.path.dirname(HERE))
    if os.path.isfile(os.path.join(checkout, "Makefile")) and os.path.isdir(os.path.join(checkout, "firmware")):
        return checkout
    return ""


def _root() -> str:
    if CHECKOUT:
        return CHECKOUT
    import platformdirs

    return platformdirs.user_data_dir("usher")


CHECKOUT = _checkout()
ROOT = _root()
BIN = os.path.dirname(sys.executable)


def use_firmware() -> None:
    """Put the firmware on sys.path so the host re-scores with the device's own code."""
    if FIRMWARE not in sys.path:
        sys.path.insert(0, FIRMWARE)


class ToolMissing(FileNotFoundError):
    """A program the tool runs is not installed: `usher` says which and how
    to install it in one line (usher_tools.extras)."""

    def __init__(self, name: str) -> None:
        super().__init__("%s is not installed" % name)
        self.name = name


def tool(name: str) -> str:
    """The program `name`: the one installed beside this Python (a venv's
    bin/, or Scripts/ with .exe on Windows), else on PATH; ToolMissing if neither."""
    found = shutil.which(name, path=BIN) or shutil.which(name)
    if not found:
        raise ToolMissing(name)
    return found


def vm_env() -> dict:
    """The environment for a MicroPython VM: its default sys.path holds
    $HOME/.micropython/lib, a string on the heap whose length differs from
    user to user; pinning the path makes heap layouts (and so the tests that
    run near the 256K budget) the same on every machine."""
    return dict(os.environ, MICROPYPATH=".frozen")


def firmware_files() -> list:
    """Every firmware source file, relative to the firmware folder, sorted."""
    out = []
    for folder, dirs, files in os.walk(FIRMWARE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                out.append(os.path.relpath(os.path.join(folder, f), FIRMWARE))
    return out
