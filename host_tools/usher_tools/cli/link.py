"""`usher` commands that talk to a device over the link: ports, sync, roster, settings, delete."""

import json

import click
from rich.progress import BarColumn, DownloadColumn, Progress, TaskID, TextColumn, TransferSpeedColumn
from rich.text import Text

from usher_tools.cli.common import (
    EXIT_NO_DEVICE,
    EXIT_REFUSED,
    UsherError,
    check_writable,
    db_option,
    device,
    err,
    history,
    json_option,
    link_errors,
    one_game,
    out,
    out_option,
    port_options,
    print_json,
    table,
    write_out,
)
from usher_tools.words import N_, t

# the sync's words for what it did with a game, and the history's for what a game is (t() at the table)
SYNC_WORDS = (
    N_("same"),
    N_("new"),
    N_("updated"),
    N_("resumed"),
    N_("replaced"),
    N_("skipped"),
    N_("gone"),
    N_("failed"),
    N_("kept both"),
    N_("ok"),
    N_("partial"),
    N_("mismatch"),
    N_("invalid"),
)
HELLO_WAIT = 2.0  # seconds a port may take to answer `usher ports` (the link loads on the first byte)


@click.command()
@json_option
def ports(as_json: bool) -> None:
    """List the Picos on USB (vendor id 0x2E8A), with the version each one's
    Usher answers (- when a port cannot be opened, another usher command
    holds it, or Usher does not answer: the REPL, another program on it)."""
    from usher_tools.link.ports import picos

    found = [{"port": p.device, "serial": p.serial_number or "", "description": p.description or ""} for p in picos()]
    for p in found:
        info = device_version(p["port"])
        p["version"] = info.get("fw") or None
        p["micropython"] = info.get("mp") or None  # firmware before the hello's `mp` leaves it out
    if as_json:
        print_json(found)
    if not found:
        # docs/LAPTOP.md's exit codes: 3 no device (with --json the list is [] as well)
        raise UsherError(t("no Pico found on USB (is it plugged in, with Usher running?)"), EXIT_NO_DEVICE)
    for p in found:
        older = device_is_older(p["version"] or "")
        if older:
            err.print("[yellow]%s: %s[/yellow]" % (p["port"], older))
    if as_json:
        return
    rows = [[p["port"], p["serial"], version_text(p), p["description"]] for p in found]
    out.print(table(None, ["port", "serial", "version", "description"], rows, words=True))


def device_version(port: str, timeout: float = HELLO_WAIT) -> dict:
    """The hello reply of the Usher on `port`, or {} when the port cannot be
    opened or nothing answers the hello in time."""
    from usher_tools.link.client import Client, LinkError

    try:
        with Client(port, timeout=timeout) as client:
            return client.hello()
    except LinkError:
        return {}


def version_text(p: dict) -> str:
    if not p["version"]:
        return "-"
    return p["version"] + (" (MicroPython %s)" % p["micropython"] if p["micropython"] else "")


class RichUI:
    """A progress bar over the bytes to pull, and a line per question."""

    def __init__(self) -> None:
        self.bar = Progress(
            TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TransferSpeedColumn(), console=err
        )
        self.task: TaskID | None = None
        self.seen: dict = {}

    def start(self, total: int) -> None:
        self.bar.start()
        self.task = self.bar.add_task(t("sync"), total=max(total, 1))

    def advance(self, name: str, got: int, size: int) -> None:
        step = got - self.seen.get(name, 0)
        self.seen[name] = got
        assert self.task is not None  # start() came first
        self.bar.update(self.task, advance=max(step, 0), description=name)

    def pending(self, text: str) -> None:
        self.bar.console.print(
            Text(t("Press ok on the device to allow it"), "bold") + Text(t(" (it shows: %s)") % text)
        )

    def note(self, entry: dict) -> None:
        # a problem or note quotes the record (players' names): text, never markup
        if entry.get("problem") and entry["action"] != "same":
            self.bar.console.print(Text("%s: %s" % (entry["name"], t(entry["problem"])), "yellow"))
        if entry.get("note"):
            self.bar.console.print(Text(entry["note"], "yellow"))

    def stop(self, whole: bool = True) -> None:
        """`whole`: the sync ended, the bar filled; a sync cut off leaves
        the bar where the bytes stopped."""
        if self.task is not None and whole:
            self.bar.update(self.task, completed=self.bar.tasks[0].total, description=t("sync"))
        self.bar.stop()


@click.command()
@port_options
@db_option
@json_option
@click.option(
    "--wait", "press_wait", default=60.0, show_default=True, help="Seconds to wait for a press on the device."
)
@link_errors
def sync(port, timeout, db_path, as_json, press_wait) -> None:
    """Pull every new or changed game into the history and re-score it.

    Safe to run again at any time: unchanged games are skipped, a transfer
    cut short resumes from the bytes already kept. An unfinished game that
    keeps secrets needs a press on the device."""
    from usher_tools.link.client import LinkError, Timeout
    from usher_tools.link.sync import QuietUI, Syncer

    ui = QuietUI() if as_json else RichUI()
    with history(db_path, create=True) as h, device(port, timeout) as client:
        syncer = Syncer(client, h, ui, press_wait=press_wait)
        try:
            report = syncer.run()
        except LinkError as e:
            ui.stop(whole=False)
            if not syncer.started:
                raise
            # cut off mid-transfer (the cable, a reset): what came is kept, and says so
            what = t("the device on %s stopped answering") % client.port if type(e) is Timeout else str(e)
            kept = syncer.kept() or t("nothing of it was kept")
            raise UsherError(
                t("%s\n%s\nrun `usher sync` again to go on from there") % (what, kept), e.exit_code
            ) from None
        except BaseException:
            ui.stop(whole=False)
            raise
    if as_json:
        print_json(report)
    else:
        show_sync(report)
    missed = report["not_synced"]
    if missed:
        what = "; ".join("%s (%s)" % (g["name"], t(g.get("problem", g["action"]))) for g in missed)
        whys = {g.get("why") for g in missed}
        code = 6 if "denied" in whys else 4 if "timeout" in whys else 5
        raise UsherError(t("%d game(s) not synced: %s") % (len(missed), what), code)


def device_is_older(fw: str) -> str:
    """A warning when this laptop's Usher is newer than the device's firmware, else ''."""
    from usher_tools.version import usher_version

    def key(v: str) -> tuple:
        return tuple(int(p) if p.isdigit() else 0 for p in v.split("."))

    mine = usher_version()
    if fw and key(mine) > key(fw):
        return t("this laptop's usher is %s, the device runs %s: update it (make uf2, then usher flash)") % (mine, fw)
    return ""


def show_sync(report: dict) -> None:
    from usher_tools.history.games import title_of

    games = sorted(report["games"], key=lambda g: g["name"])
    rows = [
        [
            g["name"],
            title_of(g.get("game") or ""),
            t(g["action"]),
            t(g.get("status", "")),
            t(g.get("problem", g.get("note", ""))),
        ]
        for g in games
    ]
    if not rows:  # a table with no row says nothing a person reads
        out.print(t("Device %s (firmware %s): no games on the device") % (report["device"], report["fw"]), markup=False)
    else:
        out.print(
            table(
                t("Device %s (firmware %s)") % (report["device"], report["fw"]),
                [t("game"), t("title"), t("sync"), t("status"), t("note")],
                rows,
            )
        )
    older = device_is_older(report.get("fw", ""))
    if older:
        err.print("[yellow]%s[/yellow]" % older)
    flagged = [g for g in report["games"] if g.get("status") in ("mismatch", "invalid")]
    if flagged:
        err.print(
            Text(t("%d game(s) flagged: kept as the device sent them (usher show NAME)") % len(flagged), "yellow")
        )


@click.group()
def roster() -> None:
    """The player names on the device."""


@roster.command("pull")
@port_options
@json_option
@link_errors
def roster_pull(port, timeout, as_json) -> None:
    """Print the device's roster."""
    with device(port, timeout) as c:
        c.hello()
        names = c.call("roster")["roster"]
    if as_json:
        print_json(names)
    else:
        for n in names:
            out.print(n, markup=False)


def roster_problem(names: list) -> str:
    """What the device would refuse in a roster ('' if nothing): its own check."""
    from usher_tools.paths import use_firmware

    use_firmware()
    from usher.link.checks import roster_problem as problem

    return problem(names)


def _asking(text: str) -> None:
    err.print(Text(t("Press ok on the device to allow it"), "bold") + Text(t(" (it shows: %s)") % text))


@roster.command("push")
@port_options
@click.option("--file", "path", type=click.File("r", encoding="utf-8"), help="One name a line.")
@click.option("--wait", "press_wait", default=60.0, show_default=True, help="Seconds to wait for the press.")
@click.argument("names", nargs=-1)
@link_errors
def roster_push(port, timeout, path, press_wait, names) -> None:
    """Replace the device's roster with NAMES (needs a press on the device)."""
    if not names and path is None:
        raise click.UsageError(t("give the names, or --file"))  # a missing argument: exit code 2
    names = list(names) + ([ln.strip() for ln in path if ln.strip()] if path else [])
    if not names:
        raise UsherError(t("%s holds no names") % path.name)
    why = roster_problem(names)
    if why:
        # the device's own rule (its fonts draw Latin-1), checked before it is asked: a value the
        # device does not take, exit code 5 as when `settings push` carries the same roster
        raise UsherError(t("the device does not take this roster: %s") % why, 5)
    with device(port, timeout) as c:
        c.hello()
        c.confirm("set_roster", on_pending=_asking, press_wait=press_wait, roster=names)
    err.print(t("roster set: %s") % ", ".join(names), markup=False)


@click.group()
def settings() -> None:
    """The device's settings: roster, component data, preferences."""


@settings.command("pull")
@port_options
@out_option()
@link_errors
def settings_pull(port, timeout, dest) -> None:
    """Write the device's settings as JSON (edit, then settings push)."""
    if dest != "-":
        check_writable(dest)  # before the device is asked anything
    with device(port, timeout) as c:
        c.hello()
        values = c.call("settings")["settings"]
    write_out(dest, json.dumps(values, indent=2, ensure_ascii=False) + "\n")


@settings.command("push")
@port_options
@click.option("--wait", "press_wait", default=60.0, show_default=True, help="Seconds to wait for the press.")
@click.argument("path", type=click.File("r", encoding="utf-8"))
@link_errors
def settings_push(port, timeout, press_wait, path) -> None:
    """Send settings from a JSON file; keys it leaves out stay as they are
    (needs a press on the device)."""
    try:
        values = json.load(path)
    except UnicodeDecodeError:
        raise UsherError(t("%s is not a settings file: not text (UTF-8)") % path.name) from None
    except json.JSONDecodeError as e:
        raise UsherError(t("%s is not JSON: line %d, column %d: %s") % (path.name, e.lineno, e.colno, e.msg)) from None
    if not isinstance(values, dict):
        raise UsherError(t("settings must be a JSON object"))
    with device(port, timeout) as c:
        c.hello()
        try:
            c.confirm("set_settings", on_pending=_asking, press_wait=press_wait, settings=values)
        except Exception as e:
            if getattr(e, "code", "") == "arg":
                why = getattr(e, "why", "") or t("unknown key or wrong kind of value")
                raise UsherError(t("the device refused these settings: %s") % why, 5) from None
            raise
    err.print(t("settings sent: %s") % ", ".join(sorted(values)), markup=False)


@click.command()
@port_options
@db_option
@click.option("--wait", "press_wait", default=60.0, show_default=True, help="Seconds to wait for the press.")
@click.argument("game")
@link_errors
def delete(port, timeout, db_path, press_wait, game) -> None:
    """Delete GAME from the device, once the history holds an exact copy
    (needs a press on the device)."""
    with history(db_path) as h:
        row = one_game(h, game)
    if not row["complete"]:
        raise UsherError(t("%s is not fully synced: run usher sync first") % row["name"])
    with device(port, timeout) as c:
        info = c.hello()
        if info["device"] != row["device"]:
            raise UsherError(t("%s was synced from device %s, not this one") % (row["name"], row["device"]))
        # the game open on the device is refused before anything is asked or pulled
        # (its list entry says `open`: PROTOCOL.md; older firmware refuses it at the delete)
        entry = next((e for e in c.list_games() if isinstance(e, dict) and e.get("name") == row["name"]), None)
        if entry is None:
            raise UsherError(t("the device has no %s (deleted already?)") % row["name"])
        if entry.get("open"):
            raise UsherError(
                t("%s is open on the device: leave it there first (Back, Save & leave), then delete") % row["name"],
                EXIT_REFUSED,
            )
        # ask for the bytes after ours: the device checks our copy's CRC and says if it has more
        got = c.pull([(row["name"], row["data"])], on_pending=_asking, press_wait=press_wait)[row["name"]]
        if not got.complete or len(got.data) != len(row["data"]):
            raise UsherError(t("the device's %s differs from the history's copy: run usher sync first") % row["name"])
        c.confirm("delete", on_pending=_asking, press_wait=press_wait, name=row["name"])
    err.print(t("deleted %s from the device") % row["name"], markup=False)


COMMANDS = [ports, sync, roster, settings, delete]
