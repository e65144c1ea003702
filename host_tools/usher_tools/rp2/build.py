"""Build the rp2 port of MicroPython v1.28.0 for RPI_PICO from pinned sources.

The sources come from ../shared/rp2/rp2-src-v1.28.0.tgz when it is there
(USHER_RP2_TARBALL names another place); elsewhere from the public
repositories at the same commits (MicroPython's tag v1.28.0 and the
submodules it pins, picotool 2.1.1), which needs git and the network. Needs
Debian's gcc-arm-none-eabi and libnewlib-arm-none-eabi, cmake and a host C
compiler. A finished build is kept: running it again does nothing. Whatever
is missing ends the build with one line that says what and how to get it.

    python -m usher_tools.rp2.build            # build/rp2/RPI_PICO-v1.28.0.uf2
    python -m usher_tools.rp2.build --uf2      # and Usher frozen in: build/usher.uf2 (Pico,
                                               # RP2040) and build/usher-pico2.uf2 (Pico 2,
                                               # RP2350, its Arm cores), one manifest for both

The Pico 2 file is built in its own folder (build/rp2/build-RPI_PICO2) from
the same sources and manifest as usher.uf2, board RPI_PICO2 (whose default
variant is the Arm one: PICO_PLATFORM rp2350, the UF2 family 0xE48BFF59); no
emulator here runs an RP2350, so that file is built and checked
(usher_tools.pico.uf2), not run.

The release (build/dist) is usher_tools.release's: `python -m usher_tools.release --build`.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tarfile

from usher_tools.paths import FIRMWARE, ROOT
from usher_tools.version import usher_version

MP_VERSION = "1.28.0"
MP_COMMIT = "e0e9fbb17ed6fd06bb76e266ae554784c9c80804"
# USHER_RP2_GIT: where the public repositories are (a test points it nowhere)
GIT = os.environ.get("USHER_RP2_GIT", "https://github.com").rstrip("/")
MP_REPO = GIT + "/micropython/micropython"
PICOTOOL_REPO = GIT + "/raspberrypi/picotool"
PICOTOOL_VERSION = "2.1.1"
PICOTOOL_COMMIT = "de8ae5ac334e1126993f72a5c67949712fd1e1a4"
TARBALL_NAME = "rp2-src-v1.28.0.tgz"
TARBALL = os.environ.get("USHER_RP2_TARBALL") or os.path.join(os.path.dirname(ROOT), "shared", "rp2", TARBALL_NAME)

# USHER_RP2_BUILD: where the sources and the builds go (default build/rp2)
OUT = os.environ.get("USHER_RP2_BUILD") or os.path.join(ROOT, "build", "rp2")
SRC = os.path.join(OUT, "mp-v" + MP_VERSION)
PICOTOOL_SRC = os.path.join(OUT, "picotool-" + PICOTOOL_VERSION)
STOCK_UF2 = os.path.join(OUT, "RPI_PICO-v%s.uf2" % MP_VERSION)
HOW = (
    "the rp2 firmware needs Debian's gcc-arm-none-eabi, libnewlib-arm-none-eabi and cmake "
    "(sudo apt-get install gcc-arm-none-eabi libnewlib-arm-none-eabi cmake), then `make rp2`"
)
SOURCES_HOW = (
    "connect to the network (git clones MicroPython v%s and picotool %s from GitHub), "
    "or put %s (see README.md, Install on a Pico) in ../shared/rp2/ or name it with USHER_RP2_TARBALL"
    % (MP_VERSION, PICOTOOL_VERSION, TARBALL_NAME)
)


class Missing(SystemExit):
    """Something the build needs is not here: one line (what, and how to get
    it) on stderr and exit 1, never a traceback. --if-toolchain skips on it."""

    def __init__(self, msg: str) -> None:
        super().__init__("rp2: " + msg)


def say(msg: str) -> None:
    print("rp2: " + msg, flush=True)


def toolchain_missing() -> str:
    """'' when the cross compiler and cmake are here, else what is missing."""
    need = [t for t in ("arm-none-eabi-gcc", "cmake", "make", "cc") if shutil.which(t) is None]
    if need:
        return ", ".join(need) + " not found: " + HOW
    # newlib's headers come in their own package
    if not any(os.path.exists(p) for p in ("/usr/lib/arm-none-eabi/include/stdio.h", "/usr/include/newlib/stdio.h")):
        return "newlib headers not found: " + HOW
    return ""


def _env() -> dict:
    # git must not look above build/rp2: the sources would take this project's
    # commit for their version ("MicroPython 8f40bf4-dirty") instead of v1.28.0
    return dict(os.environ, GIT_CEILING_DIRECTORIES=OUT, GIT_TERMINAL_PROMPT="0")


def run(cmd: list, cwd: str | None = None) -> None:
    say(" ".join(cmd) if len(cmd) < 12 else " ".join(cmd[:6]) + " ...")
    try:
        subprocess.run(cmd, cwd=cwd, check=True, env=_env())
    except FileNotFoundError:
        raise Missing("%s not found: %s" % (cmd[0], HOW)) from None
    except subprocess.CalledProcessError as e:
        raise SystemExit(
            "rp2: `%s` failed (exit %d): see its output above" % (" ".join(cmd[:4]), e.returncode)
        ) from None


def fetch(cmd: list, what: str, cwd: str | None = None) -> None:
    """A git command that needs the network: its failure is one line saying so."""
    say(" ".join(cmd))
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=_env(), capture_output=True, text=True)
    except FileNotFoundError:
        raise Missing("git not found, and no %s here: install git, or %s" % (TARBALL_NAME, SOURCES_HOW)) from None
    if proc.returncode != 0:
        lines = [x.strip() for x in (proc.stderr or proc.stdout).splitlines() if x.strip()]
        why = lines[-1] if lines else "exit %d" % proc.returncode
        raise Missing("cannot get %s (%s): %s" % (what, why, SOURCES_HOW))


def sources() -> None:
    """Unpack the tarball, or clone the same commits where it is absent."""
    if os.path.exists(os.path.join(SRC, "ports", "rp2", "Makefile")) and os.path.isdir(PICOTOOL_SRC):
        return
    os.makedirs(OUT, exist_ok=True)
    if os.path.exists(TARBALL):
        say("unpacking " + TARBALL)
        try:
            with tarfile.open(TARBALL) as tar:
                tar.extractall(OUT, filter="tar")
        except (OSError, tarfile.TarError) as e:
            raise Missing("cannot unpack %s (%s): get it again, or %s" % (TARBALL, e, SOURCES_HOW)) from None
        return
    say("no %s here: cloning MicroPython v%s and picotool %s instead" % (TARBALL, MP_VERSION, PICOTOOL_VERSION))
    if os.path.isdir(SRC):  # a clone cut off before: start again
        shutil.rmtree(SRC)
    fetch(["git", "clone", "--depth", "1", "--branch", "v" + MP_VERSION, MP_REPO, SRC], "MicroPython v" + MP_VERSION)
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=SRC, capture_output=True, text=True, env=_env())
    if head.stdout.strip() != MP_COMMIT:
        raise SystemExit("rp2: MicroPython v%s is not the pinned commit %s" % (MP_VERSION, MP_COMMIT))
    fetch(["make", "-C", "ports/rp2", "BOARD=RPI_PICO", "submodules"], "MicroPython's submodules", cwd=SRC)
    if os.path.isdir(PICOTOOL_SRC):
        shutil.rmtree(PICOTOOL_SRC)
    fetch(["git", "clone", "--depth", "1", "--branch", PICOTOOL_VERSION, PICOTOOL_REPO, PICOTOOL_SRC], "picotool")


def picotool() -> str:
    """picotool built for the host (no libusb: it only makes the UF2), for
    the RP2350's build only."""
    build = os.path.join(OUT, "picotool-build")
    prefix = os.path.join(OUT, "picotool")
    config = os.path.join(prefix, "lib", "cmake", "picotool")
    if not os.path.exists(os.path.join(config, "picotoolTargets.cmake")):
        sdk = os.path.join(SRC, "lib", "pico-sdk")
        run(["cmake", "-S", PICOTOOL_SRC, "-B", build, "-DPICOTOOL_NO_LIBUSB=1", "-DPICO_SDK_PATH=" + sdk])
        run(["cmake", "--build", build, "-j2"])
        # the firmware build finds it by its installed CMake package
        run(["cmake", "--install", build, "--prefix", prefix])
    return config


def mpy_cross() -> None:
    if not os.path.exists(os.path.join(SRC, "mpy-cross", "build", "mpy-cross")):
        run(["make", "-C", os.path.join(SRC, "mpy-cross"), "-j2"])


def firmware(name: str, manifest: str | None = None, board: str = "RPI_PICO") -> str:
    """Configure and build one firmware into build/rp2/<name>/; its UF2's path.
    The stock and the frozen firmware share one build folder: they differ only
    in the frozen manifest, so the second build recompiles its frozen code and
    links (a fresh clone's `make test` builds both, minutes saved). Another
    board (RPI_PICO2) has a folder of its own: another chip, all compiled again."""
    build = os.path.join(OUT, name)
    port = os.path.join(SRC, "ports", "rp2")
    board_dir = os.path.join(port, "boards", board)
    manifest = manifest or os.path.join(port, "boards", "manifest.py")  # the port's default
    # the RP2040's UF2 is plain blocks, written here (uf2.from_bin, the same
    # bytes as picotool's): picotool, a minute of a fresh clone's build, is
    # built only for the RP2350, whose file it seals
    own_uf2 = board == "RPI_PICO"
    tool = "-DPICO_NO_PICOTOOL=1" if own_uf2 else "-Dpicotool_DIR=" + picotool()
    args = [
        "-DPICO_BUILD_DOCS=0",
        "-DMICROPY_BOARD=" + board,
        "-DMICROPY_BOARD_DIR=" + board_dir,
        tool,
        "-DMICROPY_FROZEN_MANIFEST=" + manifest,
    ]
    cache = os.path.join(build, "CMakeCache.txt")
    configured = ""
    if os.path.exists(cache):
        with open(cache) as f:
            configured = f.read()
    if (
        "MICROPY_FROZEN_MANIFEST:UNINITIALIZED=%s\n" % manifest not in configured
        or "MICROPY_BOARD:UNINITIALIZED=%s\n" % board not in configured
        or own_uf2 != ("PICO_NO_PICOTOOL:UNINITIALIZED=1\n" in configured)
    ):
        run(["cmake", "-S", port, "-B", build] + args)
    run(["make", "-C", build, "-j2"])
    uf2 = os.path.join(build, "firmware.uf2")
    if own_uf2:
        from usher_tools.pico.uf2 import from_bin

        with open(os.path.join(build, "firmware.bin"), "rb") as f:
            data = from_bin(f.read())
        with open(uf2 + ".tmp", "wb") as f:
            f.write(data)
        os.replace(uf2 + ".tmp", uf2)
    return uf2


def build_stock() -> str:
    """The stock RPI_PICO firmware, as micropython.org ships it for a Pico."""
    if os.path.exists(STOCK_UF2):
        say("up to date: " + os.path.relpath(STOCK_UF2, ROOT))
        return STOCK_UF2
    missing = toolchain_missing()
    if missing:
        raise Missing(missing)
    sources()
    mpy_cross()
    uf2 = firmware("build-RPI_PICO")
    shutil.copyfile(uf2, STOCK_UF2 + ".tmp")
    os.replace(STOCK_UF2 + ".tmp", STOCK_UF2)
    say("built " + os.path.relpath(STOCK_UF2, ROOT))
    return STOCK_UF2


USHER_UF2 = os.path.join(ROOT, "build", "usher.uf2")
PICO2_UF2 = os.path.join(ROOT, "build", "usher-pico2.uf2")
# chip -> (MicroPython's board, its build folder, the file with Usher frozen in)
FROZEN = {
    "rp2040": ("RPI_PICO", "build-RPI_PICO", USHER_UF2),
    "rp2350": ("RPI_PICO2", "build-RPI_PICO2", PICO2_UF2),
}
# the stock image's frozen extras that Usher never imports: the port's
# manifest (boards/manifest.py) less these is the port's own modules (_boot,
# rp2); leaving them out gives Usher ~11 KB more of the firmware area
STOCK_LEFT_OUT = (
    "extmod/asyncio/__init__.py",
    "extmod/asyncio/core.py",
    "extmod/asyncio/event.py",
    "extmod/asyncio/funcs.py",
    "extmod/asyncio/lock.py",
    "extmod/asyncio/stream.py",
    "extmod/asyncio/uasyncio.py",
    "lib/micropython-lib/micropython/drivers/bus/onewire/onewire.py",
    "lib/micropython-lib/micropython/drivers/sensor/ds18x20/ds18x20.py",
    "lib/micropython-lib/micropython/drivers/sensor/dht/dht.py",
    "lib/micropython-lib/micropython/drivers/led/neopixel/neopixel.py",
)
MANIFEST = """# Usher frozen into MicroPython v1.28.0, RPI_PICO and RPI_PICO2 (written by usher_tools.rp2.build)
# the port's own modules, not its asyncio, onewire, ds18x20, dht, neopixel (STOCK_LEFT_OUT)
freeze("$(PORT_DIR)/modules")
package("usher", base_path=%r)
module("main.py", base_path=%r)
"""


def build_frozen(chip: str = "rp2040") -> str:
    """build/usher.uf2 (chip "rp2040": the stock RPI_PICO firmware) or
    build/usher-pico2.uf2 ("rp2350": RPI_PICO2, Arm) with the whole usher
    package (both board profiles, the fonts) and main.py frozen in, from one
    manifest. The port's build is incremental: a run after a firmware change
    re-freezes."""
    missing = toolchain_missing()
    if missing:
        raise Missing(missing)
    board, folder, out = FROZEN[chip]
    sources()
    mpy_cross()
    fw = FIRMWARE
    manifest = os.path.join(OUT, "usher-manifest.py")
    text = MANIFEST % (fw, fw)
    old = ""
    if os.path.exists(manifest):
        with open(manifest) as f:
            old = f.read()
    if old != text:  # written only when it differs: both builds read it, neither re-freezes for nothing
        with open(manifest, "w") as f:
            f.write(text)
    uf2 = firmware(folder, manifest=manifest, board=board)
    shutil.copyfile(uf2, out + ".tmp")
    os.replace(out + ".tmp", out)
    say("built %s (Usher %s frozen in, %s)" % (os.path.relpath(out, ROOT), usher_version(), board))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m usher_tools.rp2.build", description=__doc__.splitlines()[0])
    ap.add_argument(
        "--if-toolchain",
        action="store_true",
        help="without the cross compiler, say so and stop without an error (the Pico tests then skip)",
    )
    ap.add_argument(
        "--uf2",
        action="store_true",
        help="build build/usher.uf2 (Pico) and build/usher-pico2.uf2 (Pico 2), Usher frozen in",
    )
    ap.add_argument(
        "--pico-only",
        action="store_true",
        help="with --uf2: build/usher.uf2 only (make test; the Pico 2's file is built by make uf2, dist and test-long)",
    )
    args = ap.parse_args(argv)
    if args.if_toolchain and toolchain_missing():
        if not os.path.exists(STOCK_UF2):
            say("not built (the emulated-Pico tests will skip): " + toolchain_missing())
        return 0
    try:
        if args.uf2:
            build_stock()
            build_frozen("rp2040")  # first: the emulated-Pico tests boot it
            if not args.pico_only:
                build_frozen("rp2350")
        else:
            build_stock()
    except Missing as e:
        if not args.if_toolchain:
            raise
        say("not built (the emulated-Pico tests will skip): %s" % str(e.code)[len("rp2: ") :])
    except KeyboardInterrupt:
        raise SystemExit("rp2: stopped") from None
    return 0


if __name__ == "__main__":
    sys.exit(main())
