"""`usher deploy`: the compiled firmware copied to a Pico with mpremote, and
the scripts it runs there (mpremote exec): the folders made, stale modules
pruned, the board's profile probed (the pins from the OLED's profile
module), ROMFS checked."""

import os
import subprocess
import sys

import click

from usher_tools.deploy import build as build_mod
from usher_tools.paths import ROOT, tool, use_firmware
from usher_tools.words import t


def deploy(port: str | None, dry_run: bool, profile: str | None, romfs: bool) -> int:
    """Compile, then copy (see the command's help); the exit code."""
    out = os.path.join(ROOT, "build", "mpy")
    rows = build_mod.build(out)
    if any(r[2] for r in rows):
        click.echo(t("compile failed; nothing copied"), err=True)
        return 1
    plan = build_mod.deploy_plan(out)
    image = ""
    if romfs:
        from usher_tools.deploy.romfs import write_image

        image = os.path.join(ROOT, "build", "usher.romfs")
        size = write_image(out, image)
        plan = [(src, dst) for src, dst in plan if not dst.startswith("usher/")]
    dirs = sorted({os.path.dirname(dst) for _, dst in plan if os.path.dirname(dst)})
    keep = [dst for _, dst in plan if dst.startswith("usher/")]
    if dry_run:
        if image:
            click.echo("romfs deploy %s  (%d bytes)" % (os.path.relpath(image, ROOT), size))
            click.echo("rm -r :usher  (a copy on the flash filesystem would be imported first)")
        else:
            click.echo("rm each file under :usher that this build does not have (never :data)")
        if profile:
            click.echo("profile %s -> :data/profile.txt" % profile)
        else:
            where = oled_where()
            click.echo("profile: the Pico's own (:data/profile.txt), else an OLED found on %s, else asked" % where)
        for d in dirs:
            click.echo("mkdir :%s" % d)
        for src, dst in plan:
            click.echo("cp %s :%s" % (os.path.relpath(src, ROOT), dst))
        return 0
    if port is None:
        from usher_tools.link.ports import only_port

        port = only_port()
    from usher_tools.link.client import step_aside

    if step_aside(port):  # Usher ignores Ctrl-C in play: it ends its app when asked
        click.echo(t("Usher on %s stepped aside for the deploy") % port, err=True)
    mpremote = [tool("mpremote"), "connect", port]
    if profile is None:
        probe = subprocess.run(mpremote + ["exec", probe_script("/data")], capture_output=True, text=True)
        profile, why = choose_profile(probe.stdout, sys.stdin.isatty())
        click.echo(t("board profile %s: %s") % (profile or "?", why), err=True)
        if profile is None:
            return 1
    prof = os.path.join(out, "profile.txt")
    with open(prof, "w") as f:
        f.write(profile + "\n")
    dirs.append("data")
    plan.append((prof, "data/profile.txt"))
    if image:
        has = subprocess.run(mpremote + ["exec", HAS_ROMFS], capture_output=True, text=True)
        if "ROMFS no" in has.stdout:
            click.echo(
                t(
                    "this Pico's MicroPython has no ROMFS partition (vfs.rom_ioctl is missing, as on the stock "
                    "RPI_PICO build): deploy without --romfs"
                ),
                err=True,
            )
            return 1
        if subprocess.call(mpremote + ["romfs", "deploy", image]) != 0:
            click.echo(
                t(
                    "the ROMFS write failed: this Pico's MicroPython may have no ROMFS partition "
                    "(`mpremote romfs query`); deploy without --romfs"
                ),
                err=True,
            )
            return 1
        subprocess.run(mpremote + ["exec", REMOVE_TREE % "/usher"], capture_output=True)
    else:  # stale modules of an older version would still be imported: gone
        subprocess.run(mpremote + ["exec", PRUNE % ("/usher", keep, 1)], capture_output=True)
    # every folder in one call (mkdir of one that exists would stop a chained call);
    # parents sort before their children
    subprocess.run(mpremote + ["exec", MKDIRS % sorted(set(dirs))], capture_output=True)
    args = list(mpremote)
    for src, dst in plan:
        args += ["cp", src, ":" + dst, "+"]
    args += ["reset"]
    return subprocess.call(args)


# run on the Pico: make these folders (relative to /), those there already kept
MKDIRS = """
import os
for d in %r:
    try:
        os.mkdir('/' + d)
    except OSError:
        pass
"""

# run on the Pico: does its MicroPython have a ROMFS partition to deploy into?
HAS_ROMFS = "import vfs; print('ROMFS', 'yes' if hasattr(vfs, 'rom_ioctl') else 'no')"


# run on the Pico: remove a folder and everything in it, if it is there
REMOVE_TREE = """
import os
def rm(p):
    try:
        kids = os.listdir(p)
    except OSError:
        return
    for k in kids:
        q = p + '/' + k
        if os.stat(q)[0] & 0x4000:
            rm(q)
        else:
            os.remove(q)
    os.rmdir(p)
rm(%r)
"""


# run on the Pico (mpremote exec): remove every file under a folder of the
# firmware that the new build does not have, and folders left empty; only
# that folder (the code), never /data
# (`keep`: the build's paths, e.g. "usher/core/record.mpy"; a file's path
# less its first `cut` characters is looked up there)
PRUNE = """
import os
def prune(p, keep, cut):
    try:
        kids = os.listdir(p)
    except OSError:
        return
    for k in kids:
        q = p + '/' + k
        if os.stat(q)[0] & 0x4000:
            prune(q, keep, cut)
            if not os.listdir(q):
                os.rmdir(q)
        elif q[cut:] not in keep:
            os.remove(q)
            print('removed ' + q)
prune(%r, %r, %d)
"""

# run on the Pico: what tells its board apart (the profile a deploy wrote,
# an SSD1306 answering on the DIY build's I2C pins, which probe_script fills
# in from the OLED's profile module)
PROBE = """
try:
    with open(%(data)r + '/profile.txt') as f:
        print('PROFILE ' + f.read().strip())
except OSError:
    pass
try:
    from machine import Pin, SoftI2C
    Pin(%(sda)d, Pin.IN, Pin.PULL_UP)
    Pin(%(scl)d, Pin.IN, Pin.PULL_UP)
    found = SoftI2C(scl=Pin(%(scl)d), sda=Pin(%(sda)d), freq=100000, timeout=2000).scan()
    print('I2C ' + ' '.join('%%x' %% a for a in found))
except Exception as e:
    print('I2C ? ' + repr(e))
"""


def oled_board():
    """The DIY build's profile module, usher.board.oled: its pins and address."""
    use_firmware()
    from usher.board import oled

    return oled


def oled_addrs() -> tuple:
    """The addresses an SSD1306 may answer at (the profile's list, once it has one)."""
    m = oled_board()
    return tuple(getattr(m, "OLED_ADDRS", (m.OLED_ADDR, 0x3D)))


def oled_where() -> str:
    m = oled_board()
    return "I2C%d (GP%d/GP%d)" % (m.I2C_ID, m.PIN_SDA, m.PIN_SCL)


def probe_script(data: str) -> str:
    """PROBE for a Pico whose records live in `data`, with the OLED's pins."""
    m = oled_board()
    return PROBE % {"data": data, "sda": m.PIN_SDA, "scl": m.PIN_SCL}


def choose_profile(probe: str, interactive: bool) -> tuple:
    """(profile or None, why) from what PROBE printed: the Pico's own profile
    if it has one, else oled if an SSD1306 answered (0x3C or 0x3D), else the
    person's answer, else None (and the deploy stops: give --profile)."""
    found: list = []
    for line in probe.splitlines():
        if line.startswith("PROFILE ") and line[8:].strip() in ("lcd114", "oled"):
            return line[8:].strip(), t("the one this Pico has (--profile or BOARD= to change it)")
        if line.startswith("I2C ") and not line.startswith("I2C ?"):  # "I2C ? <error>": no bus to scan
            found = [int(a, 16) for a in line[4:].split()]
    if set(found) & set(oled_addrs()):
        return "oled", t("an SSD1306 OLED answered on %s") % oled_where()
    if interactive:
        answer = click.prompt(
            t("Which board is this? lcd114 (Waveshare Pico-LCD-1.14) or oled (DIY SSD1306)"),
            type=click.Choice(["lcd114", "oled"]),
            err=True,
        )
        return answer, t("as answered")
    return None, t("no OLED answered and nobody to ask: give --profile lcd114 or oled (make deploy BOARD=...)")
