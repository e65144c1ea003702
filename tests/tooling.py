"""Paths to the project's pinned tools (installed into .venv by the Makefile)."""

import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
TESTS = os.path.join(ROOT, "tests")
BIN = os.path.dirname(sys.executable)
HEAP = os.environ.get("USHER_HEAP", "192K")


def tool(name: str) -> str:
    path = os.path.join(BIN, name)
    if os.path.exists(path):
        return path
    found = shutil.which(name)
    if not found:
        raise RuntimeError(name + " not installed: run make test, which installs it")
    return found


def micropython(args: list, heap: str = HEAP, timeout: int = 300, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [tool("micropython"), "-X", "heapsize=" + heap] + args,
        capture_output=True,
        text=True,
        timeout=timeout,
        **kw,
    )


def vm_firmware() -> str:
    """The firmware compiled for the VM, as the Pico runs it compiled:
    compiling .py source on the VM costs heap the device never spends. One
    folder per xdist worker; rebuilt when a source changes."""
    from usher_tools.sim.mpycache import compile_tree

    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    return compile_tree(FIRMWARE, os.path.join(ROOT, "build", "vm-" + worker))


def run_portable(files: list, firmware: str = "", heap: str = HEAP) -> subprocess.CompletedProcess:
    return micropython([os.path.join(TESTS, "mp_runner.py"), firmware or vm_firmware()] + files, heap=heap)
