"""Boot entry on the Pico: wire the board profile, storage and the app loop."""

import sys

# usher.uf2 has Usher frozen into the firmware (".frozen"): searched first,
# so a /usher folder an earlier files deploy left on the flash is never
# imported in its place. (On a stock firmware ".frozen" holds no usher.)
if ".frozen" in sys.path:
    sys.path.remove(".frozen")
    sys.path.insert(0, ".frozen")
# `usher deploy --romfs` puts the code in the ROMFS partition, mounted at
# /rom, where it runs in place (no heap for bytecode). Searched last, so a
# package copied to the flash filesystem later (plain deploy) takes over.
if "/rom" not in sys.path:
    sys.path.append("/rom")

from usher.boot import boot  # noqa: E402

boot()
