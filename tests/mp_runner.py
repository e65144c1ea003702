"""Run portable test modules on the MicroPython VM (also works on CPython).

    micropython -X heapsize=256K tests/mp_runner.py FIRMWARE_DIR TEST_FILE[::TEST]...

Imports each file as a module, calls every `test_*` function in name order
(or the one named after "::"),
prints each failure with its traceback, then `N passed, N failed`; exits 1 if
anything failed or nothing ran.
"""

import sys


def _split(path):
    i = path.rfind("/")
    if i < 0:
        return ".", path
    return path[:i], path[i + 1 :]


def _print_exc(e):
    if hasattr(sys, "print_exception"):
        sys.print_exception(e)  # MicroPython
    else:
        import traceback

        traceback.print_exception(type(e), e, e.__traceback__)


def run_file(path, counts):
    only = ""
    if "::" in path:
        path, only = path.split("::")
    folder, fname = _split(path)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    modname = fname[:-3] if fname.endswith(".py") else fname
    try:
        mod = __import__(modname)
    except Exception as e:  # an import error fails the whole file
        print("ERROR importing %s: %r" % (path, e))
        _print_exc(e)
        counts[1] += 1
        return
    names = [n for n in dir(mod) if n.startswith("test_") and (not only or n == only)]
    names.sort()
    for name in names:
        fn = getattr(mod, name)
        if not callable(fn):
            continue
        loaded = list(sys.modules)
        try:
            fn()
            counts[0] += 1
        except Exception as e:
            counts[1] += 1
            print("FAIL %s::%s: %r" % (path, name, e))
            _print_exc(e)
        # modules a test imported lazily (screens, games) are dropped again,
        # as the device drops them; each test then starts from the same heap
        for m in list(sys.modules):
            if m not in loaded:
                del sys.modules[m]
                dot = m.rfind(".")
                parent = sys.modules.get(m[:dot]) if dot > 0 else None
                if parent is not None:
                    try:
                        delattr(parent, m[dot + 1 :])
                    except (AttributeError, TypeError):
                        pass
        try:
            import gc

            gc.collect()
        except ImportError:
            pass


def main(argv):
    if len(argv) < 3:
        print("usage: mp_runner.py FIRMWARE_DIR TEST_FILE...")
        sys.exit(2)
    sys.path.insert(0, argv[1])
    # the kits the portable tests import (paths relative to tests/, the cwd),
    # and the product's `machine` stand-in, which kit/fake_machine builds on
    sys.path.insert(0, "../host_tools/usher_tools/standin/vm")
    sys.path.insert(0, "../host_tools/devkit/usher_devkit/kit")
    sys.path.insert(0, "kit")
    counts = [0, 0]
    for path in argv[2:]:
        run_file(path, counts)
    print("%d passed, %d failed" % (counts[0], counts[1]))
    if counts[1] or not counts[0]:
        sys.exit(1)


main(sys.argv)
