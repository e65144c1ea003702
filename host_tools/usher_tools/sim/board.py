"""What every virtual board offers the scripts and the terminal, whatever
runs the firmware (the simulator's VM, the emulated Pico): its keys by name,
the pixels each press pushed, warnings, the serial seen, the panel's image."""

from typing import Any


class SimError(Exception):
    pass


class VirtualBoard:
    # set by the subclass (declared here for mypy)
    keys: dict  # physical name -> pin info
    keymap: dict
    key_order: list
    cfg: Any
    panel: Any
    warnings: list
    press_log: list
    pixels_total: int
    boot_pixels: int
    serial_out: bytearray
    serial_mark: int

    def resolve(self, name: str) -> str:
        """A physical key for a name: the key itself, or the first key (by name) mapped to that button."""
        if name in self.keys:
            return name
        low = name.lower()
        for k in self.key_order:
            if k.lower() == low:
                return k
        for k in self.key_order:
            if self.keymap.get(k) == name:
                return k
        raise SimError("no key %r on %s (keys: %s)" % (name, self.cfg.profile, self.describe_keys()))

    def describe_keys(self) -> str:
        return ", ".join("%s=%s" % (k, self.keymap.get(k, "?")) for k in self.key_order) or "none reported yet"

    def _count(self, px: int) -> None:
        if not px:
            return
        self.pixels_total += px
        if self.press_log:
            self.press_log[-1][1] += px
        else:
            self.boot_pixels += px

    def warn(self, text: str) -> None:
        if text not in self.warnings:
            self.warnings.append(text)

    def all_warnings(self) -> list:
        return self.warnings + self.panel.warnings

    def serial_since_mark(self) -> bytes:
        return bytes(self.serial_out[self.serial_mark :])

    def image(self):
        return self.panel.image()
