"""The release, what `make dist` writes into build/dist (rewritten whole):

    usher-VERSION.uf2, usher-VERSION.uf2.sha256   the firmware for a Pico (RP2040)
    usher-pico2-VERSION.uf2, its .sha256          the firmware for a Pico 2 (RP2350, Arm)
    usher_tools-VERSION-py3-none-any.whl          the laptop tool (`pipx install FILE`),
                                                  the firmware it deploys and scores with inside
    site/                                         the web page (`usher web --out`), offering
                                                  the same UF2s, their sha256 and release.json

One version, from one place: VERSION in firmware/usher/__init__.py (the
device's About screen and `hello` show it; host_tools/pyproject.toml reads it
for the wheel; `usher --version` prints it). Each UF2's chip is read from
the file itself (usher_tools.pico.uf2: its blocks' family) and names it.

release.json, in the site's root, is what the page reads:

    {"version": "0.1.0",
     "uf2": "usher-0.1.0.uf2", "sha256": "...", "size": 1142784,   # the RP2040 file,
                                                                   # as before the Pico 2
     "files": [{"chip": "rp2040", "board": "Pico", "uf2": "usher-0.1.0.uf2",
                "sha256": "...", "size": 1142784},
               {"chip": "rp2350", "board": "Pico 2", "uf2": "usher-pico2-0.1.0.uf2",
                "sha256": "...", "size": ...}]}

The top-level uf2/sha256/size always describe the RP2040 file (a reader
written before "files" offers it, as it did); "files" lists every file with
the chip its blocks are for ("rp2040", "rp2350": the names the page matches
against a boot drive's INFO_UF2.TXT). A site always has the RP2040 file.

    python -m usher_tools.release [--build] [--uf2 build/usher.uf2]
                                  [--pico2 build/usher-pico2.uf2] [--out build/dist]

(--build: both UF2s first, usher_tools.rp2.build's --uf2; `make dist`.)
"""

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile

from usher_tools.paths import ROOT, firmware_files
from usher_tools.pico.uf2 import BOARD_NAMES, Uf2Error, check, file_name
from usher_tools.rp2.build import PICO2_UF2, USHER_UF2, build_frozen
from usher_tools.version import usher_version

DIST = os.path.join(ROOT, "build", "dist")
HOST_TOOLS = os.path.join(ROOT, "host_tools")
RELEASE_JSON = "release.json"


class ReleaseError(Exception):
    """The release cannot be made; the message is one line."""


def uf2_name(version: str = "", chip: str = "rp2040") -> str:
    """usher-VERSION.uf2 (the RP2040's) or usher-pico2-VERSION.uf2 (the RP2350's)."""
    return file_name(chip, version or usher_version())


def wheel_name(version: str = "") -> str:
    return "usher_tools-%s-py3-none-any.whl" % (version or usher_version())


def sha256_file(path: str) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


def _copy(src: str, dst: str) -> None:
    tmp = "%s.%d.tmp" % (dst, os.getpid())
    shutil.copyfile(src, tmp)
    os.replace(tmp, dst)


def write_uf2(uf2: str, folder: str) -> dict:
    """The UF2 under its release name, for the chip its blocks are for, and
    its .sha256 (`sha256sum -c` reads it) in folder; {"version", "chip",
    "board", "uf2", "sha256", "size"}. Only a UF2 that holds Usher."""
    try:
        chip = check(uf2)["chip"]
    except Uf2Error as e:
        raise ReleaseError("%s is not Usher for a Pico: %s" % (uf2, e)) from None
    version = usher_version()
    name = uf2_name(version, chip)
    os.makedirs(folder, exist_ok=True)
    dst = os.path.join(folder, name)
    if os.path.abspath(uf2) != os.path.abspath(dst):
        _copy(uf2, dst)
    digest = sha256_file(dst)
    with open(dst + ".sha256", "w") as f:
        f.write("%s  %s\n" % (digest, name))
    return {
        "version": version,
        "chip": chip,
        "board": BOARD_NAMES[chip],
        "uf2": name,
        "sha256": digest,
        "size": os.path.getsize(dst),
    }


def release_json(files: list) -> dict:
    """What release.json holds for these write_uf2 results (see the top)."""
    top = [f for f in files if f["chip"] == "rp2040"][0]
    return {
        "version": top["version"],
        "uf2": top["uf2"],
        "sha256": top["sha256"],
        "size": top["size"],
        "files": [{k: f[k] for k in ("chip", "board", "uf2", "sha256", "size")} for f in files],
    }


def write_site_release(site: str, *uf2s: str) -> dict:
    """The UF2s (the RP2040's, and the Pico 2's when given), their sha256 and
    release.json in the site's root (for the page); release.json's contents.
    Nothing is written unless every file is Usher, one per chip, the RP2040's
    among them."""
    chips = []
    for uf2 in uf2s:
        try:
            chips.append(check(uf2)["chip"])
        except Uf2Error as e:
            raise ReleaseError("%s is not Usher for a Pico: %s" % (uf2, e)) from None
    if "rp2040" not in chips:
        raise ReleaseError("a site without the Pico's (RP2040) file: give usher-VERSION.uf2 too")
    if len(set(chips)) != len(chips):
        raise ReleaseError("two files for one chip (%s)" % ", ".join(uf2s))
    files = [write_uf2(uf2, site) for uf2 in uf2s]
    info = release_json(files)
    with open(os.path.join(site, RELEASE_JSON), "w") as f:
        json.dump(info, f, indent=1)
        f.write("\n")
    return info


def wheel(out: str) -> str:
    """The laptop tool's wheel in out, built from a copy of host_tools with
    the firmware link resolved (so the wheel carries the files, wherever the
    link points), the devkit left out; its path. Every firmware file must be
    in it."""
    import zipfile

    if not os.path.isfile(os.path.join(HOST_TOOLS, "pyproject.toml")):
        raise ReleaseError("no host_tools/pyproject.toml here: make dist runs in a clone of the repository")
    skip = shutil.ignore_patterns("devkit", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", "*.tmp", ".*")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "host_tools")
        shutil.copytree(HOST_TOOLS, src, symlinks=False, ignore=skip)
        cmd = [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", tmp, src]
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            lines = [x for x in (proc.stderr + proc.stdout).splitlines() if x.strip()]
            raise ReleaseError("the wheel did not build: %s" % (lines[-1] if lines else "pip failed"))
        name = wheel_name()
        built = os.path.join(tmp, name)
        if not os.path.exists(built):
            got = [f for f in os.listdir(tmp) if f.endswith(".whl")]
            raise ReleaseError("the wheel came out as %s, not %s (one version: pyproject.toml)" % (got, name))
        os.makedirs(out, exist_ok=True)
        dst = os.path.join(out, name)
        _copy(built, dst)
    with zipfile.ZipFile(dst) as z:
        inside = set(z.namelist())
    lost = [f for f in firmware_files() if "usher_tools/firmware/" + f not in inside]
    if lost:
        raise ReleaseError("the wheel lacks firmware files (%s ...)" % lost[0])
    return dst


def site(folder: str, *uf2s: str) -> dict:
    """The page as `usher web --out` writes it, with the release beside it."""
    from usher_tools import web

    try:
        web.build(folder)
    except web.WebError as e:
        raise ReleaseError(str(e)) from None
    return write_site_release(folder, *uf2s)


def dist(uf2: str = USHER_UF2, out: str = DIST, pico2: str = PICO2_UF2) -> str:
    """The whole release in out (emptied first); out's path."""
    for path, chip in ((uf2, "rp2040"), (pico2, "rp2350")):
        if not os.path.exists(path):
            raise ReleaseError("no %s: `make uf2` builds it" % path)
        try:
            got = check(path)["chip"]
        except Uf2Error as e:
            raise ReleaseError("%s is not Usher for a Pico: %s" % (path, e)) from None
        if got != chip:
            raise ReleaseError("%s is for the %s, not the %s" % (path, got.upper(), chip.upper()))
    if os.path.isdir(out):
        shutil.rmtree(out)
    infos = [write_uf2(uf2, out), write_uf2(pico2, out)]
    for info in infos:
        print("dist: %s  %s" % (info["sha256"], info["uf2"]), flush=True)
    whl = wheel(out)
    print("dist: %s" % os.path.basename(whl), flush=True)
    site(os.path.join(out, "site"), *[os.path.join(out, i["uf2"]) for i in infos])
    print("dist: site/ (index.html, %s, %s)" % (", ".join(i["uf2"] for i in infos), RELEASE_JSON), flush=True)
    return out


def main(argv: list | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m usher_tools.release", description=__doc__.splitlines()[0])
    ap.add_argument("--uf2", default=USHER_UF2, help="the Pico's (RP2040) image (default build/usher.uf2)")
    ap.add_argument("--pico2", default=PICO2_UF2, help="the Pico 2's (RP2350) image (default build/usher-pico2.uf2)")
    ap.add_argument("--out", default=DIST, help="the folder, rewritten whole (default build/dist)")
    ap.add_argument("--build", action="store_true", help="build both images first (Usher frozen in)")
    args = ap.parse_args(argv)
    if args.build:
        build_frozen("rp2040")
        build_frozen("rp2350")
    try:
        dist(args.uf2, args.out, args.pico2)
    except ReleaseError as e:
        print("dist: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
