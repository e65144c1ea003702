"""The simulator (`usher sim`): the firmware on the MicroPython VM with a virtual
board; the shell session, whole scripted games, the panels, ROMFS."""
