"""What the device says about itself, for Settings > About and the link's
hello. At the app level because it reads sys, which the screens never
touch: a screen gets these facts from the app (`App.device`). Everything is
read defensively: the same code runs on the Pico, the VM and CPython."""

import sys

from usher import VERSION


def runtime() -> tuple:
    """(name, version) of the Python the firmware runs on: ("micropython",
    "1.28.0") on the Pico, "1.29.0-preview" on a build between releases."""
    try:
        impl = sys.implementation
        v = impl.version
        text = ".".join([str(n) for n in v[:3]])
    except (AttributeError, TypeError):
        return "?", "?"
    if impl.name == "micropython" and len(v) > 3 and v[3]:
        text += "-" + str(v[3])  # CPython's 4th is "final": said only for MicroPython
    return impl.name, text


def micropython() -> str:
    """MicroPython's version, or "" on another Python (hello's `mp`)."""
    name, version = runtime()
    return version if name == "micropython" else ""


def chip(machine=None) -> str:
    """The microcontroller, as the port names it at the end of
    sys.implementation._machine: "RP2040" ("Raspberry Pi Pico with RP2040"),
    "RP2350" ("Raspberry Pi Pico2 with RP2350"; "RP2350-RISCV" on its RISC-V
    cores). "" where Usher runs on no chip of its own: the unix port
    ("linux [GCC ...] version"), the WebAssembly port ("JS with
    Emscripten"), CPython (no _machine). (`machine`: another text, for tests.)"""
    if machine is None:
        machine = getattr(sys.implementation, "_machine", "")
    if not isinstance(machine, str):
        return ""
    name = machine[machine.rfind(" with ") + 6 :] if " with " in machine else ""
    return name if name.startswith("RP") else ""


def code_from(pkg=None) -> str:
    """Where Usher's code was imported from: "frozen" into the firmware
    (usher.uf2), "romfs" (`usher deploy --romfs`) or "files" on the flash.
    A package's __path__ is the sys.path entry it was found under joined to
    its name (".frozen/usher", "/rom/usher", "usher"); CPython's is a list.
    Its __file__ would not do: a frozen one reads "usher/__init__.py", as a
    copied source file's does. (`pkg`: another package, for tests.)"""
    if pkg is None:
        import usher as pkg

    path = getattr(pkg, "__path__", "")
    if not isinstance(path, str):
        path = list(path)[0] if path else ""
    if path.startswith(".frozen"):
        return "frozen"
    if path.startswith("/rom"):
        return "romfs"
    return "files"


def facts(storage) -> dict:
    """Everything About shows but the board: versions, where the code lives,
    the chip ("" in a simulator) and the flash free (-1 when the filesystem
    cannot tell)."""
    name, version = runtime()
    free = getattr(storage, "free", None)
    try:
        left = free() if free is not None else -1
    except OSError:
        left = -1
    return {"usher": VERSION, "python": name, "version": version, "code": code_from(), "chip": chip(), "free": left}
