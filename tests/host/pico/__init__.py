"""The rp2 port on an emulated RP2040: the stock MicroPython and usher.uf2, the
deploy, the shell session, presses, sync and hostile bytes on its USB serial."""
