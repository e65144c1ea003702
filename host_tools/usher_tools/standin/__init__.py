"""The one stand-in for MicroPython's `machine` (vm/standin_machine.py), which
every runtime that is not a Pico hands the firmware: the simulator's unix VM,
the WebAssembly port (the web page, the development kit's heap meter) and the
tests' kit on CPython. Each runtime gives it a port of its own, for where the
pins' and buses' traffic goes (usher_tools/sim/vm/simlink.py, web/vm/webdev.py,
tests/kit/fake_machine.py)."""

import os

VM_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vm")  # what runs in the VM (and on CPython)
