"""Screens, widgets and fonts: draw on a display driver, take logical events."""
