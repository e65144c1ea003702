"""A device without hardware: hand-written fakes (clock, buttons, panel,
flash), a CPython stand-in for MicroPython's framebuf, and drivers that press
through the firmware's screens. Pure enough to run on the MicroPython VM too:
the portable tests use them there, `usher_devkit.planners.showbiz` on the laptop.
Its modules are imported by their bare names with this folder on sys.path
(as on the VM), through `usher_devkit.kit.use()`."""

import os

FOLDER = os.path.dirname(os.path.abspath(__file__))


def use() -> None:
    """Put this folder on sys.path (CPython)."""
    import sys

    if FOLDER not in sys.path:
        sys.path.insert(0, FOLDER)
