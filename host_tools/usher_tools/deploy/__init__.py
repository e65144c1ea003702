"""Putting Usher on a Pico: the compiled firmware and its ROMFS image."""
