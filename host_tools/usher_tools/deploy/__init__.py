"""Putting Usher on a Pico: the compiled firmware, its ROMFS image, the copy by mpremote."""
