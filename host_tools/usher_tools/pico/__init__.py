"""The Pico's own MicroPython (the rp2 port), built from pinned sources, and an
emulated RP2040 (rp2040js under Node) that runs it with each board profile
wired as the real board is."""
