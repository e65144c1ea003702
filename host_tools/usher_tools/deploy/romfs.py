"""A ROMFS image of the compiled firmware: the `usher` package's .mpy files
in MicroPython's read-only, memory-mapped filesystem.

Imported from a ROMFS, bytecode runs in place and its string and bytes
constants (fonts included) stay in flash: only the objects a module creates
at import (functions, classes, globals) take heap. The Pico mounts it at
/rom when its firmware has a ROMFS partition (`mpremote romfs query`); the
simulator mounts it too (`usher sim --romfs`), with the image counted as
flash, not heap. main.py stays on the ordinary filesystem: MicroPython only
runs it from there.
"""

import os

from mpremote.romfs import VfsRomWriter

PACKAGE = "usher"


def _add(writer: VfsRomWriter, folder: str) -> int:
    n = 0
    for name in sorted(os.listdir(folder)):
        path = os.path.join(folder, name)
        if os.path.isdir(path):
            writer.opendir(name)
            n += _add(writer, path)
            writer.closedir()
        elif name.endswith(".mpy"):
            with open(path, "rb") as f:
                writer.mkfile(name, f.read())
            n += 1
    return n


def image(tree: str) -> bytes:
    """The image of `tree`'s `usher` package (a folder of .mpy files)."""
    root = os.path.join(tree, PACKAGE)
    if not os.path.isdir(root):
        raise FileNotFoundError("no compiled %s package in %s" % (PACKAGE, tree))
    w = VfsRomWriter()
    w.opendir(PACKAGE)
    if not _add(w, root):
        raise FileNotFoundError("no .mpy files in %s" % root)
    w.closedir()
    return w.finalise()


def write_image(tree: str, out: str) -> int:
    """Write the image atomically; return its size in bytes."""
    data = image(tree)
    tmp = "%s.%d.tmp" % (out, os.getpid())  # parallel runs share the cache
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, out)
    return len(data)
