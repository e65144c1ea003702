"""What the product does with a real Pico: the UF2 checks `usher flash` and
the release make (uf2). The rp2 port's build is usher_tools.rp2, the
emulated RP2040 usher_tools.emulator."""
