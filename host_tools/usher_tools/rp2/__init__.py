"""The Pico's own MicroPython (the rp2 port) built from pinned sources, with
Usher frozen in for the release (build.py; `make rp2`, `make uf2`)."""
