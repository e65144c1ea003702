"""Paths to the project's pinned tools (installed into .venv by the Makefile)."""

import contextlib
import os
import re
import shutil
import subprocess
import sys

from usher_tools.paths import vm_env
from usher_tools.standin import VM_DIR as STANDIN_VM

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIRMWARE = os.path.join(ROOT, "firmware")
TESTS = os.path.join(ROOT, "tests")
PORTABLE = os.path.join(TESTS, "portable")  # test modules for both runtimes
# what they import: the headless device (fakes, framebuf for CPython, screen
# drivers; host tools use it too), the tests' own kits, and the product's
# `machine` stand-in, which the tests' fake machine builds on
KIT_PATHS = [
    os.path.join(ROOT, "host_tools", "devkit", "usher_devkit", "kit"),
    os.path.join(TESTS, "kit"),
    STANDIN_VM,
]
# sys.path for pytest (tests/conftest.py), each folder for one reason; the
# product and the dev kit are installed in the venv (make setup), not here
TEST_PATH = [
    FIRMWARE,  # `import usher`: the firmware is no installed package on CPython
    TESTS,  # tooling, mp_runner, and the host tests as the package host
] + KIT_PATHS  # the kits' modules by their bare names, as the VM imports them (mp_runner): one name each
BIN = os.path.dirname(sys.executable)
HEAP = os.environ.get("USHER_HEAP", "256K")


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
        env=vm_env(),
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
    """Paths are given relative to tests/, so the strings the VM holds (module
    file names, sys.path) and hence its heap layout do not depend on where the
    project is cloned: a test near the budget fails everywhere or nowhere."""

    def rel(path: str) -> str:
        path, sep, test = path.partition("::")
        return os.path.relpath(path, TESTS) + sep + test

    args = ["mp_runner.py", rel(firmware or vm_firmware())] + [rel(f) for f in files]
    return micropython(args, heap=heap, cwd=TESTS)


@contextlib.contextmanager
def usher_web():
    """The page from the real command `usher web` on a free port of
    127.0.0.1: yields (its address, the folder it serves)."""
    import pytest

    proc = subprocess.Popen(
        [tool("usher"), "web", "--port", "0"], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    line = proc.stdout.readline()
    m = re.search(r"http://127\.0\.0\.1:\d+/", line)
    if not m:
        proc.kill()
        pytest.fail("usher web printed %r (stderr %r)" % (line, proc.stderr.read()[-2000:]))
    try:
        yield m.group(0), os.path.join(ROOT, line.split("(from ", 1)[1].split(";")[0])
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@contextlib.contextmanager
def browser_with_downloads(tmp_path_factory):
    """Headless Chromium whose downloads land in a fresh folder (`.downloads`)."""
    from usher_devkit.browser import Browser

    downloads = str(tmp_path_factory.mktemp("downloads"))
    with Browser(downloads=downloads) as b:
        b.downloads = downloads
        yield b


def modules(base: str) -> dict:
    """Module name -> source path, for every usher/**.py under `base`."""
    out = {}
    for folder, dirs, files in os.walk(os.path.join(base, "usher")):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for f in files:
            if f.endswith(".py"):
                path = os.path.join(folder, f)
                name = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
                out[name[: -len(".__init__")] if name.endswith(".__init__") else name] = path
    return out
