"""Forgetting imported modules, so the garbage collector can take their code
back: the Pico's heap holds one game's code at a time. A pure helper over
sys.modules (no I/O), shared by the app, the link gate and game screens (under ui: core may
not touch sys)."""

import sys

# only MicroPython needs collections to get memory back; CPython (tests, the
# host tools) frees by reference counting, and a collection there is slow
MICRO = sys.implementation.name == "micropython"


def collect() -> None:
    if MICRO:
        import gc

        gc.collect()


def unload(scope: tuple, keep: tuple = ()) -> None:
    """Forget every module whose name starts with a prefix in `scope`, except
    those starting with one in `keep`; then collect. Only on MicroPython: on
    CPython modules shared with other code must keep their identity."""
    if not MICRO:
        return
    for name in list(sys.modules):
        if not _starts(name, scope) or _starts(name, keep):
            continue
        del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot])
        if parent is not None:
            try:
                delattr(parent, name[dot + 1 :])
            except AttributeError:
                pass
    collect()


def _starts(name: str, prefixes: tuple) -> bool:
    for p in prefixes:
        if name.startswith(p):
            return True
    return False
