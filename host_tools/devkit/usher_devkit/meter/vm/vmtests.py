"""The 32-bit meter's test side in the VM: the portable-test protocol of
tests/mp_runner.py, one call per test, and the import probe. Loaded beside
the harness (wasmdev) by runner.mjs; development kit only, never in the
product's wheel or the web page.

Each call ends with `gc.collect()`: on this port the collection runs when
the call returns to JavaScript, so the host's next gc.mem_alloc() reads the
live heap after the step (see wasmdev)."""

import gc
import sys

_tests = {}  # the module under test, modules loaded before each test
_raw = [0]  # the heap at the end of the last test, before its garbage was collected


def last_raw():
    return _raw[0]


def test_import(path):
    """Import a test module as tests/mp_runner.py does; returns its test
    names, ';'-joined (only the one after "::" in `path`, if named), or '!'
    and the error."""
    try:
        only = ""
        if "::" in path:
            path, only = path.split("::")
        i = path.rfind("/")
        folder, fname = (path[:i], path[i + 1 :]) if i >= 0 else (".", path)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        modname = fname[:-3] if fname.endswith(".py") else fname
        mod = __import__(modname)
        names = [n for n in dir(mod) if n.startswith("test_") and callable(getattr(mod, n)) and (not only or n == only)]
        names.sort()
        _tests["mod"] = mod
        return ";".join(names)
    except Exception as e:
        print("ERROR importing %s: %r" % (path, e))
        sys.print_exception(e)
        return "!%r" % (e,)
    finally:
        gc.collect()


def test_run(name):
    """Run one test function; '' if it passed, else the error."""
    _tests["loaded"] = list(sys.modules)
    try:
        getattr(_tests["mod"], name)()
        return ""
    except Exception as e:
        print("FAIL %s: %r" % (name, e))
        sys.print_exception(e)
        return "%r" % (e,)
    finally:
        _raw[0] = gc.mem_alloc()
        gc.collect()


def test_cleanup():
    """Drop the modules the last test imported lazily, as mp_runner does."""
    loaded = _tests.pop("loaded", None) or []
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
    gc.collect()


def import_modules(names):
    """Import modules (';'-joined names); '' or the error."""
    try:
        for m in names.split(";"):
            __import__(m)
        return ""
    except Exception as e:
        sys.print_exception(e)
        return "error: %r" % (e,)
    finally:
        gc.collect()
