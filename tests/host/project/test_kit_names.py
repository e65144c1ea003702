"""Each kit module loads under one name: the kits (tests/kit, the dev kit's
usher_devkit/kit) run on the MicroPython VM too, where they are imported by
their bare names, so on CPython they go by the same bare names, never also
as usher_devkit.kit.<name> (a second copy: two MenuWalker classes, two
fakes' states)."""

import inspect
import os
import subprocess
import sys

from tooling import KIT_PATHS, ROOT, TEST_PATH


def loaded_twice(modules: dict, under: str) -> list:
    """[names...] for each file below the folder `under` (the venv's left out:
    Python and pytest have aliases of their own) that is in `modules` under
    more than one name."""
    by_file: dict = {}
    venv = os.path.realpath(sys.prefix) + os.sep
    for name, m in list(modules.items()):
        f = getattr(m, "__file__", None)
        path = os.path.realpath(f) if f else ""
        if path.startswith(under + os.sep) and not path.startswith(venv):
            by_file.setdefault(path, []).append(name)
    return sorted(sorted(names) for names in by_file.values() if len(names) > 1)


def kit_modules() -> list:
    return sorted(
        f[:-3]
        for d in KIT_PATHS
        for f in os.listdir(d)
        if f.endswith(".py") and f not in ("__init__.py", "framebuf.py")
    )


DRIVER = """
import os, sys
sys.path[:0] = %r
import usher_devkit.kit, usher_devkit.planners.session, usher_devkit.planners.showbiz, usher_devkit.memsoak
for name in %r:
    __import__(name)
%s
print(loaded_twice(sys.modules, %r))
"""


def test_every_kit_module_and_the_planners_load_each_file_once():
    # a fresh interpreter: this worker's sys.modules depends on the tests it ran before
    code = DRIVER % (TEST_PATH, kit_modules(), inspect.getsource(loaded_twice), os.path.realpath(ROOT))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.strip() == "[]", proc.stdout


def test_the_check_sees_a_file_under_two_names():
    class M:
        __file__ = __file__

    here = os.path.dirname(os.path.realpath(__file__))
    assert loaded_twice({"menus": M, "usher_devkit.kit.menus": M, "other": object()}, here) == [
        ["menus", "usher_devkit.kit.menus"]
    ]
