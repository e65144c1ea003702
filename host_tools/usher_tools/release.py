"""The release, what `make dist` writes into build/dist (rewritten whole):

    usher-VERSION.uf2, usher-VERSION.uf2.sha256   the firmware, for a Pico
    usher_tools-VERSION-py3-none-any.whl          the laptop tool (`pipx install FILE`),
                                                  the firmware it deploys and scores with inside
    site/                                         the web page (`usher web --out`), offering
                                                  the same UF2, its sha256 and release.json

One version, from one place: VERSION in firmware/usher/__init__.py (the
device's About screen and `hello` show it; host_tools/pyproject.toml reads it
for the wheel; `usher --version` prints it). release.json, in the site's
root, is what the page reads: {"version", "uf2" (the file's name), "sha256",
"size"}.

    python -m usher_tools.release [--build] [--uf2 build/usher.uf2] [--out build/dist]

(--build: build/usher.uf2 first, usher_tools.pico.build's --uf2; `make dist`.)
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
from usher_tools.pico.build import USHER_UF2, build_frozen, usher_version
from usher_tools.pico.uf2 import Uf2Error, check

DIST = os.path.join(ROOT, "build", "dist")
HOST_TOOLS = os.path.join(ROOT, "host_tools")
RELEASE_JSON = "release.json"


class ReleaseError(Exception):
    """The release cannot be made; the message is one line."""


def uf2_name(version: str = "") -> str:
    return "usher-%s.uf2" % (version or usher_version())


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
    """usher-VERSION.uf2 and its .sha256 (`sha256sum -c` reads it) in folder;
    {"version", "uf2", "sha256", "size"}. Only a UF2 that holds Usher."""
    try:
        check(uf2)
    except Uf2Error as e:
        raise ReleaseError("%s is not Usher for a Pico: %s" % (uf2, e)) from None
    version = usher_version()
    name = uf2_name(version)
    os.makedirs(folder, exist_ok=True)
    dst = os.path.join(folder, name)
    if os.path.abspath(uf2) != os.path.abspath(dst):
        _copy(uf2, dst)
    digest = sha256_file(dst)
    with open(dst + ".sha256", "w") as f:
        f.write("%s  %s\n" % (digest, name))
    return {"version": version, "uf2": name, "sha256": digest, "size": os.path.getsize(dst)}


def write_site_release(site: str, uf2: str) -> dict:
    """The UF2, its sha256 and release.json in the site's root (for the page)."""
    info = write_uf2(uf2, site)
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


def site(folder: str, uf2: str) -> dict:
    """The page as `usher web --out` writes it, with the release beside it."""
    from usher_tools import web

    try:
        web.build(folder)
    except web.WebError as e:
        raise ReleaseError(str(e)) from None
    return write_site_release(folder, uf2)


def dist(uf2: str = USHER_UF2, out: str = DIST) -> str:
    """The whole release in out (emptied first); out's path."""
    if not os.path.exists(uf2):
        raise ReleaseError("no %s: `make uf2` builds it" % uf2)
    if os.path.isdir(out):
        shutil.rmtree(out)
    info = write_uf2(uf2, out)
    print("dist: %s  %s" % (info["sha256"], info["uf2"]), flush=True)
    whl = wheel(out)
    print("dist: %s" % os.path.basename(whl), flush=True)
    site(os.path.join(out, "site"), os.path.join(out, info["uf2"]))
    print("dist: site/ (index.html, %s, %s)" % (info["uf2"], RELEASE_JSON), flush=True)
    return out


def main(argv: list | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m usher_tools.release", description=__doc__.splitlines()[0])
    ap.add_argument("--uf2", default=USHER_UF2, help="the image to release (default build/usher.uf2)")
    ap.add_argument("--out", default=DIST, help="the folder, rewritten whole (default build/dist)")
    ap.add_argument("--build", action="store_true", help="build build/usher.uf2 first (Usher frozen in)")
    args = ap.parse_args(argv)
    if args.build:
        build_frozen()
    try:
        dist(args.uf2, args.out)
    except ReleaseError as e:
        print("dist: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
