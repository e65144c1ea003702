"""`usher flash`: copy Usher's UF2 onto a Pico in BOOTSEL mode, the way a
person would drag it there. The drive's INFO_UF2.TXT says its chip (an
RP2040 Pico's RPI-RP2 drive, a Pico 2's RP2350 drive); only a UF2 made for
that chip and holding Usher (usher_tools.pico.uf2) is copied, anything else
refused in one line that names both."""

import os
import re
import shutil
import sys

import click

from usher_tools.cli.common import UsherError
from usher_tools.paths import ROOT
from usher_tools.pico.uf2 import BOARD_NAMES, CHIP_NAMES, Uf2Error, check, drive_chip, drive_name, file_name
from usher_tools.rp2.build import PICO2_UF2, USHER_UF2
from usher_tools.version import usher_version
from usher_tools.words import N_, t

HOW = N_(
    "hold BOOTSEL on the Pico while plugging it in; a drive named RPI-RP2 (Pico) or RP2350 (Pico 2) appears. "
    "Drag the file for that board onto it, or run `usher flash` again once it is mounted (or give --drive)."
)
BUILT = {"rp2040": USHER_UF2, "rp2350": PICO2_UF2}


def in_repository() -> bool:
    """Whether the tool runs from a clone (ROOT is the repository, where
    `make uf2` builds the files), not from an installed wheel (ROOT is then a
    folder of the user's data)."""
    return os.path.isfile(os.path.join(ROOT, "Makefile")) and os.path.isdir(os.path.join(ROOT, "firmware"))


def info_text(folder: str) -> str | None:
    """A drive's INFO_UF2.TXT, or None when it has none."""
    try:
        with open(os.path.join(folder, "INFO_UF2.TXT"), errors="replace") as f:
            return f.read(400)
    except OSError:
        return None


def mounted() -> list:
    """Every mounted folder a boot drive may be (/proc/mounts, /media,
    /Volumes, Windows' drive letters)."""
    roots = []
    try:
        with open("/proc/mounts") as f:
            roots = [line.split()[1].replace("\\040", " ") for line in f]
    except OSError:
        pass
    user = os.environ.get("USER", "")
    for base in ("/media/" + user, "/run/media/" + user, "/media", "/Volumes"):
        if os.path.isdir(base):
            roots += [os.path.join(base, d) for d in os.listdir(base)]
    if os.name == "nt":  # Windows: a boot drive is a drive letter
        roots += ["%s:\\" % c for c in "DEFGHIJKLMNOPQRSTUVWXYZ"]
    return roots


def drives(roots: list | None = None) -> list:
    """Mounted Pico boot drives (of `roots`, default every mounted folder):
    folders whose INFO_UF2.TXT names an RP2040's or an RP2350's boot ROM
    (usher_tools.pico.uf2.drive_chip)."""
    roots = mounted() if roots is None else roots
    out = []
    for r in roots:
        text = info_text(r)
        if text is not None and drive_chip(text) and r not in out:
            out.append(r)
    return out


def other_file(name: str, chip: str) -> str:
    """The file to take instead of `name` for a chip: the release's file of the
    same version (usher-0.1.0.uf2 -> usher-pico2-0.1.0.uf2), else the one
    `make uf2` built in a clone, else the release's of the tool's version."""
    m = re.match(r"usher-(?:pico2-)?(\d.*)\.uf2$", name)
    if m:
        return file_name(chip, m.group(1))
    if in_repository():
        return shown(BUILT[chip])
    return file_name(chip, usher_version())


def shown(path: str) -> str:
    """A path as a person reads it: relative to here when below here."""
    rel = os.path.relpath(path)
    return path if rel.startswith("..") else rel


def where_to_get(chip: str) -> str:
    """Where the file for a chip comes from: `make uf2` in a clone; the
    release for the installed tool (its user data folder holds no build)."""
    if in_repository():
        return t("`make uf2` builds %s for it, or give the file") % shown(BUILT[chip])
    name = file_name(chip, usher_version())
    return t("download %s from Usher's release (its GitHub Releases page or its web page), then `usher flash %s`") % (
        name,
        name,
    )


@click.command("flash")
@click.argument("uf2", required=False, type=click.Path(exists=True, dir_okay=False))
@click.option("--drive", type=click.Path(file_okay=False), default=None, help="The Pico's boot drive (default: found).")
def flash(uf2, drive) -> None:
    """Copy UF2 (a release's usher-VERSION.uf2 for a Pico, usher-pico2-VERSION.uf2
    for a Pico 2) onto the boot drive of a Pico in BOOTSEL mode. Without UF2,
    the file for the drive's chip that `make uf2` built (in a clone of the
    repository). Saved games stay: the image fills the firmware area only. A
    file that is not Usher, or not for the drive's chip, is refused, nothing
    copied: exit 1. Exit 3 when no drive is mounted."""
    chip = ""
    if uf2:
        try:
            chip = check(uf2)["chip"]
        except Uf2Error as e:
            raise UsherError(t("%s is not Usher for a Pico: %s; nothing copied") % (os.path.basename(uf2), e)) from None
    found = [drive] if drive else drives()
    if drive and info_text(drive) is None:
        raise click.ClickException(t("%s has no INFO_UF2.TXT: not a Pico in BOOTSEL mode") % drive)
    if not found:
        click.echo(t("no Pico in BOOTSEL mode found: ") + t(HOW), err=True)
        sys.exit(3)
    if len(found) > 1:
        raise click.ClickException(t("more than one Pico boot drive (%s): give --drive") % ", ".join(found))
    text = info_text(found[0]) or ""
    board = drive_chip(text)
    if not board:
        what = (
            t("%s is for the %s, this drive is") % (os.path.basename(uf2), CHIP_NAMES[chip])
            if uf2
            else t("this drive is")
        )
        raise UsherError(
            t("%s %s (its INFO_UF2.TXT), not a Pico (RP2040) nor a Pico 2 (RP2350); nothing copied")
            % (what, drive_name(text))
        )
    if not uf2:
        uf2 = BUILT[board]
        if not os.path.exists(uf2) or not in_repository():
            raise UsherError(t("this drive is an %s: %s; nothing copied") % (CHIP_NAMES[board], where_to_get(board)))
        try:
            chip = check(uf2)["chip"]
        except Uf2Error as e:
            raise UsherError(t("%s is not Usher for a Pico: %s; nothing copied") % (shown(uf2), e)) from None
    name = os.path.basename(uf2)
    if chip != board:
        raise UsherError(
            t("%s is for the %s, this drive is an %s: take %s; nothing copied")
            % (name, CHIP_NAMES[chip], CHIP_NAMES[board], other_file(name, board))
        )
    dst = os.path.join(found[0], name)
    shutil.copyfile(uf2, dst)
    click.echo(t("copied %s to %s: the %s restarts into Usher") % (name, found[0], BOARD_NAMES[board]))


COMMANDS = [flash]
