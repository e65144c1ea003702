"""The `usher` command."""

import json
import os
import subprocess
import sys

import click

from usher_tools import build as build_mod
from usher_tools.paths import ROOT, tool


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """Usher on the laptop: simulator, sync, history, stats, export, deploy."""


@main.command()
@click.argument("record", type=click.Path(exists=True, dir_okay=False))
def score(record: str) -> None:
    """Replay a game RECORD file offline and print the standings as JSON."""
    from usher_tools.score import ScoreError, score_file

    try:
        result = score_file(record)
    except ScoreError as e:
        click.echo("invalid record: %s" % e, err=True)
        sys.exit(1)
    click.echo(json.dumps(result, indent=2))


@main.command()
@click.option("--out", default=os.path.join(ROOT, "build", "mpy"), show_default=True)
@click.option("--sizes", is_flag=True, help="Print bytecode size per module.")
def build(out: str, sizes: bool) -> None:
    """Compile firmware/ with mpy-cross -march=armv6m."""
    rows = build_mod.build(out)
    bad = [r for r in rows if r[2]]
    for rel, _, err in bad:
        click.echo("%s: %s" % (rel, err), err=True)
    if sizes:
        for rel, size, _ in rows:
            click.echo("%7d  %s" % (size, rel))
        click.echo("%7d  total armv6m bytecode (%d modules)" % (sum(r[1] for r in rows if r[1] > 0), len(rows)))
    if bad:
        sys.exit(1)


@main.command()
@click.option("--port", default=None, help="Serial port (default: the only Pico found).")
@click.option("--dry-run", is_flag=True, help="Print what would be copied.")
@click.option("--profile", type=click.Choice(["lcd114", "oled"]), default=None, help="Board profile to record.")
@click.option(
    "--romfs",
    is_flag=True,
    help="Write the code to the board's ROMFS partition, where it runs in place (much less heap).",
)
def deploy(port: str | None, dry_run: bool, profile: str | None, romfs: bool) -> None:
    """Compile, then copy the firmware to a Pico with mpremote."""
    out = os.path.join(ROOT, "build", "mpy")
    rows = build_mod.build(out)
    if any(r[2] for r in rows):
        click.echo("compile failed; nothing copied", err=True)
        sys.exit(1)
    plan = build_mod.deploy_plan(out)
    image = ""
    if romfs:
        from usher_tools.romfs import write_image

        image = os.path.join(ROOT, "build", "usher.romfs")
        size = write_image(out, image)
        plan = [(src, dst) for src, dst in plan if not dst.startswith("usher/")]
    dirs = sorted({os.path.dirname(dst) for _, dst in plan if os.path.dirname(dst)})
    if profile:
        prof = os.path.join(out, "profile.txt")
        with open(prof, "w") as f:
            f.write(profile + "\n")
        dirs.append("data")
        plan.append((prof, "data/profile.txt"))
    if dry_run:
        if image:
            click.echo("romfs deploy %s  (%d bytes)" % (os.path.relpath(image, ROOT), size))
            click.echo("rm -r :usher  (a copy on the flash filesystem would be imported first)")
        for d in dirs:
            click.echo("mkdir :%s" % d)
        for src, dst in plan:
            click.echo("cp %s :%s" % (os.path.relpath(src, ROOT), dst))
        return
    if port is None:
        from usher_tools.ports import only_port

        port = only_port()
    mpremote = [tool("mpremote"), "connect", port]
    if image:
        if subprocess.call(mpremote + ["romfs", "deploy", image]) != 0:
            click.echo(
                "the ROMFS write failed: this Pico's MicroPython may have no ROMFS partition "
                "(`mpremote romfs query`); deploy without --romfs",
                err=True,
            )
            sys.exit(1)
        subprocess.run(mpremote + ["exec", REMOVE_TREE % "/usher"], capture_output=True)
    # mkdir fails on a folder that exists and would stop a chained call: one call each
    for d in dirs:
        subprocess.run(mpremote + ["mkdir", ":" + d], capture_output=True)
    args = list(mpremote)
    for src, dst in plan:
        args += ["cp", src, ":" + dst, "+"]
    args += ["reset"]
    sys.exit(subprocess.call(args))


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


# the simulator, sync, history, device, import and web commands live in their own modules
from usher_tools import cli_device, cli_history, cli_import, cli_web  # noqa: E402
from usher_tools.sim_cli import sim  # noqa: E402

for _command in [sim] + cli_device.COMMANDS + cli_history.COMMANDS + cli_import.COMMANDS + cli_web.COMMANDS:
    main.add_command(_command)


if __name__ == "__main__":
    main()
