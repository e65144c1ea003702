"""The MicroPython VMs themselves: the portable tests on the 64-bit unix port and
the 32-bit WebAssembly meter, the runner, power-on, the memory loops."""
