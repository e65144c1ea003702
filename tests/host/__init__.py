"""Host-only tests (CPython drives; many run the firmware on a MicroPython VM or
an emulated Pico), a folder per thing tested. A package, so a test module
imports another by one name (host.<folder>.test_x)."""
