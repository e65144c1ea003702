"""`usher flash`: copy usher.uf2 onto a Pico in BOOTSEL mode (the RPI-RP2
drive), the way a person would drag it there; only a UF2 for the RP2040 that
holds Usher (usher_tools.pico.uf2), anything else refused in one line."""

import os
import shutil
import sys

import click

from usher_tools.cli.common import UsherError
from usher_tools.pico.build import USHER_UF2
from usher_tools.pico.uf2 import Uf2Error, check

HOW = (
    "hold BOOTSEL on the Pico while plugging it in; a drive named RPI-RP2 appears. "
    "Drag usher.uf2 onto it, or run `usher flash` again once it is mounted (or give --drive)."
)


def drives() -> list:
    """Mounted RPI-RP2 drives: folders whose INFO_UF2.TXT names an RP2040 board."""
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
    out = []
    for r in roots:
        info = os.path.join(r, "INFO_UF2.TXT")
        try:
            with open(info) as f:
                text = f.read(400)
        except OSError:
            continue
        if "RP2" in text and r not in out:
            out.append(r)
    return out


@click.command("flash")
@click.argument("uf2", required=False, type=click.Path(exists=True, dir_okay=False))
@click.option("--drive", type=click.Path(file_okay=False), default=None, help="The RPI-RP2 drive (default: found).")
def flash(uf2, drive) -> None:  # type: ignore[no-untyped-def]
    """Copy UF2 (a release's usher-VERSION.uf2, or by default build/usher.uf2
    from `make uf2`) onto a Pico's RPI-RP2 drive. Saved games stay: the image
    fills the firmware area only. A file that is not a UF2 for the RP2040
    holding Usher is refused, nothing copied: exit 1. Exit 3 when no drive
    is mounted."""
    uf2 = uf2 or USHER_UF2
    if not os.path.exists(uf2):
        raise click.ClickException("no %s: build it with `make uf2` or give the file" % os.path.relpath(uf2))
    try:
        check(uf2)
    except Uf2Error as e:
        raise UsherError("%s is not Usher for a Pico: %s; nothing copied" % (os.path.basename(uf2), e)) from None
    found = [drive] if drive else drives()
    if drive and not os.path.exists(os.path.join(drive, "INFO_UF2.TXT")):
        raise click.ClickException("%s has no INFO_UF2.TXT: not a Pico in BOOTSEL mode" % drive)
    if not found:
        click.echo("no Pico in BOOTSEL mode found: " + HOW, err=True)
        sys.exit(3)
    if len(found) > 1:
        raise click.ClickException("more than one RPI-RP2 drive (%s): give --drive" % ", ".join(found))
    dst = os.path.join(found[0], os.path.basename(uf2))
    shutil.copyfile(uf2, dst)
    click.echo("copied %s to %s: the Pico restarts into Usher" % (os.path.basename(uf2), found[0]))


COMMANDS = [flash]
