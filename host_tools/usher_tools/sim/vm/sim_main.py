"""Simulator entry, run by the host on the MicroPython VM:

    micropython -X heapsize=256K sim_main.py FD_IN FD_OUT

FD_IN and FD_OUT are the inherited channel pipes. The configuration comes as
the channel's first message (u32 length, JSON), not in argv: this unix port
dies ("FATAL: uncaught NLR") on any argument of 256 bytes or more. The rest
is simboot, loaded as .mpy. Kept tiny: the VM compiles this file from source.
"""

import gc
import sys

gc.collect()
m0 = gc.mem_alloc()  # the heap before anything of the simulator's

import json  # noqa: E402

rx = open(int(sys.argv[1]), "rb")
n = rx.read(4)
cfg = json.loads(rx.read(n[0] | (n[1] << 8) | (n[2] << 16) | (n[3] << 24)))
for p in cfg.get("mpy", ()):
    sys.path.insert(0, p)  # this folder's modules and the machine stand-in, compiled to .mpy
import simboot  # noqa: E402

simboot.main(rx, int(sys.argv[2]), cfg, m0)
