"""An emulated Pico's flash: the 2 MiB image's LittleFS written (the files
`usher deploy` leaves, the probe boot.py) and read back, the BOOTSEL drive,
and the board `usher sim --pico` opens on a flash kept across runs."""

import json
import os
import subprocess

from usher_tools.emulator.board import FLASH_BYTES, FS_OFFSET, Pico, PicoConfig, PicoError
from usher_tools.paths import ROOT, tool, vm_env

PROBE_BOOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "vm", "probe_boot.py")


def write_files(flash: str, files: dict) -> None:
    """Put files ({path on the Pico: bytes}) on the flash image's LittleFS."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        job = []
        for i, (dst, data) in enumerate(files.items()):
            src = os.path.join(tmp, "f%d" % i)
            with open(src, "wb") as f:
                f.write(data)
            job.append([src, dst])
        _fswrite(flash, job)


def _fswrite(flash: str, files: list) -> None:
    if not os.path.exists(flash) or os.path.getsize(flash) != FLASH_BYTES:
        with open(flash, "wb") as f:
            f.write(b"\xff" * FLASH_BYTES)
    job = {
        "image": os.path.abspath(flash),
        "offset": FS_OFFSET,
        "blocks": (FLASH_BYTES - FS_OFFSET) // 4096,
        "files": [[os.path.abspath(s), d] for s, d in files],
    }
    proc = subprocess.run(
        [tool("micropython"), os.path.join(os.path.dirname(os.path.abspath(__file__)), "vm", "fswrite.py")],
        input=json.dumps(job),
        capture_output=True,
        text=True,
        env=vm_env(),
        timeout=120,
    )
    if proc.returncode or not proc.stdout.startswith("ok"):
        raise PicoError("could not write the flash image: " + (proc.stderr or proc.stdout)[-1000:])


def deploy_files(flash: str, profile: str, probe_seed: int | None = None) -> int:
    """Leave the flash image as `usher deploy --profile PROFILE` leaves a Pico:
    the compiled firmware under /usher, main.py, /data/profile.txt. The
    tests' quick way to a deployed board (one test takes the real path,
    mpremote over the emulated USB)."""
    import tempfile

    from usher_tools.deploy import build as build_mod

    out = os.path.join(ROOT, "build", "mpy")
    rows = build_mod.build(out)
    if any(r[2] for r in rows):
        raise PicoError("the firmware does not compile")
    plan = build_mod.deploy_plan(out)
    with tempfile.TemporaryDirectory() as tmp:
        prof = os.path.join(tmp, "profile.txt")
        with open(prof, "w") as f:
            f.write(profile + "\n")
        extra = []
        if probe_seed is not None:  # the measuring boot.py (fixed seed, heap probe)
            boot = os.path.join(tmp, "boot.py")
            with open(PROBE_BOOT) as f, open(boot, "w") as g:
                g.write(f.read().replace("SEED = -1", "SEED = %d" % probe_seed))
            extra.append((boot, "boot.py"))
        files = list(plan) + [(prof, "data/profile.txt")] + extra
        _fswrite(flash, files)
    return len(files)


def open_board(profile: str, flash: str, live: bool = True) -> Pico:
    """The board `usher sim --pico` runs: the stock rp2 firmware (built by
    `make rp2`), Usher deployed on its flash the first time (as `usher
    deploy` would), the flash kept in `flash` across runs."""
    from usher_tools.rp2.build import HOW, STOCK_UF2

    if not os.path.exists(STOCK_UF2):
        raise PicoError("the Pico's firmware is not built (%s): %s" % (os.path.relpath(STOCK_UF2), HOW))
    fresh = not os.path.exists(flash)
    if fresh:
        os.makedirs(os.path.dirname(os.path.abspath(flash)), exist_ok=True)
        deploy_files(flash, profile)
    return Pico(PicoConfig(profile=profile, flash=flash, uf2=STOCK_UF2 if fresh else "", live=live))


def flash_files(path: str) -> dict:
    """The files on an emulated Pico's LittleFS, by path: read with the
    simulator's LittleFS reader from the filesystem part of the 2 MiB image."""
    import tempfile

    from usher_tools.sim.flashfs import read_image

    with open(path, "rb") as f:
        f.seek(FS_OFFSET)
        fs = f.read()
    with tempfile.NamedTemporaryFile(suffix=".img") as t:
        t.write(fs)
        t.flush()
        return read_image(t.name, heap="8M").files  # the firmware files are there too
