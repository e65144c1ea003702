"""Options, errors and output helpers shared by the `usher` commands."""

import contextlib
import functools
import json
import os
import sys

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from usher_tools.link.client import LinkError
from usher_tools.words import t

# Exit codes (docs/LAPTOP.md's table, which tests/host/cli/test_cli_exit_codes.py
# runs): 1 cannot be done as asked (a record that fails, no such game, no
# history), 2 a usage error (click's), 3 no device, 4 device gone or silent,
# 5 an error or bad replies from the device, 6 refused on the device; a
# program an extra brings that is not installed is 1 (usher_tools.extras).
EXIT_NO_DEVICE = 3
EXIT_REFUSED = 6

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False)


class UsherError(click.ClickException):
    def __init__(self, message: str, code: int = 1) -> None:
        super().__init__(message)
        self.exit_code = code  # type: ignore[misc]  # click's stubs call it a ClassVar; click reads the instance's


def need(command: str, *names: str) -> None:
    """Stop `usher COMMAND` in one line unless every program named is installed."""
    from usher_tools import extras
    from usher_tools.paths import ToolMissing, tool

    for name in names:
        try:
            tool(name)
        except ToolMissing:
            raise UsherError(extras.missing(command, name), extras.EXIT_NOT_INSTALLED) from None


def db_option(f):
    return click.option(
        "--db",
        "db_path",
        envvar="USHER_DB",
        type=click.Path(dir_okay=False),
        default=None,
        help="History file (default: in the user data folder; env USHER_DB).",
    )(f)


def json_option(f):
    return click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts instead of tables.")(f)


def port_options(f):
    f = click.option("--timeout", default=5.0, show_default=True, help="Seconds to wait for each reply.")(f)
    return click.option("--port", default=None, help="Serial port (default: the only Pico found).")(f)


def link_errors(fn):
    """Protocol errors become a one-line message and their exit code."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except LinkError as e:
            raise UsherError(str(e), e.exit_code) from None

    return wrapper


@contextlib.contextmanager
def device(port: str | None, timeout: float):
    from usher_tools.link.client import Client

    if port is None:
        from usher_tools.link.ports import only_port

        try:
            port = only_port()
        except click.ClickException as e:
            raise UsherError(e.message, EXIT_NO_DEVICE) from None
    client = Client(port, timeout=timeout)
    try:
        yield client
    finally:
        client.close()


@contextlib.contextmanager
def history(db_path: str | None, create: bool = False):
    """The history, or one line and exit 1 when the file is not one we can
    use (another program's, damaged, newer): see usher_tools.history.store.
    Only the commands that bring games (`create`: sync, import) make the
    file or write to it; the others open it read-only: they never create a
    file or folder (they say there is none), nor write a byte to it."""
    import sqlite3

    from usher_tools.history.store import History, HistoryError

    try:
        h = History(db_path, create=create, read_only=not create)
    except HistoryError as e:
        raise UsherError(str(e)) from None
    try:
        yield h
    except sqlite3.Error as e:
        raise UsherError(t("history %s cannot be read (%s): damaged?") % (h.path, e)) from None
    finally:
        h.close()


def write_out(dest: str, text: str) -> None:
    """Write a command's output to a file, or stdout for "-"; a path that
    cannot be written is one line and exit 1, never a traceback."""
    if dest == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
        return
    try:
        with open(dest, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        raise UsherError(t("cannot write %s: %s") % (dest, e.strerror or e)) from None


def check_writable(dest: str) -> None:
    """Refuse early an output file that cannot be made (no such folder, a
    folder, no permission); a full disk is found when writing."""
    folder = os.path.dirname(os.path.abspath(dest))
    if os.path.isdir(dest):
        raise UsherError(t("cannot write %s: it is a folder") % dest)
    if not os.path.isdir(folder):
        raise UsherError(t("cannot write %s: no folder %s") % (dest, folder))
    if not os.access(dest if os.path.exists(dest) else folder, os.W_OK):
        raise UsherError(t("cannot write %s: permission denied") % dest)


def out_option(help_text: str = "File (default: stdout)."):
    return click.option("-o", "--out", "dest", type=click.Path(), default="-", help=help_text)


def one_game(h, ref: str):
    rows = h.find(ref)
    if not rows:
        raise UsherError(t("no game %r in the history (usher games lists them)") % ref)
    if len(rows) > 1:
        labels = ", ".join("%d (%s)" % (r["id"], r.label) for r in rows)
        raise UsherError(t("several games match %r: %s; give the id or DEVICE:NAME") % (ref, labels))
    return rows[0]


def print_json(value) -> None:
    sys.stdout.write(json.dumps(value, indent=2, ensure_ascii=False) + "\n")


def table(title: str | None, columns: list, rows: list, words: bool = False) -> Table:
    """A table of plain text: a title, a heading or a cell (a player's name,
    `Zoe [red]`) is never read as rich markup. `words`: the title and the
    headings are usher's own words, said in the language on (a sheet's
    headings may be players' names, which never are)."""
    say = t if words else str
    table = Table(title=None if title is None else Text(say(title)), title_justify="left", show_lines=False)
    for c in columns:
        right = c in ("#", "id", "score", "rank", "plays", "wins", "avg", "best")
        table.add_column(Text(say(str(c))), justify="right" if right else "left")
    for r in rows:
        table.add_row(*[Text("" if v is None else str(v)) for v in r])
    return table


def _columns() -> int | None:
    env = os.environ.get("COLUMNS", "")
    return int(env) if env.isdigit() and int(env) > 0 else None


def text_width(console: Console | None = None) -> int:
    """The columns to lay a command's words and tables out in: COLUMNS as
    it is now (rich reads it once, when the console is made), else the
    console's own (the terminal's; rich's 80 for a file or a pipe)."""
    return _columns() or (console or out).width


def known_width(console: Console | None = None) -> int | None:
    """text_width where COLUMNS or a terminal gives one; None when the
    output goes to a file or a pipe of no known width."""
    console = console or out
    return text_width(console) if _columns() or console.is_terminal else None


def say(text: str, console: Console | None = None, indent: int = 0) -> None:
    """A line of plain text (never markup: it may quote players' names),
    wrapped at words to the console's width (as rich lays out a table), its
    continuation lines indented `indent` more than its first."""
    import textwrap

    console = console or out
    width = text_width(console)
    lines = [text]
    if len(text) > width:
        lead = " " * (len(text) - len(text.lstrip(" ")))
        lines = textwrap.wrap(
            text,
            width=max(20, width),
            subsequent_indent=lead + " " * indent,
            break_on_hyphens=False,
        ) or [text]
    for line in lines:
        console.print(line, markup=False, highlight=False, soft_wrap=True)


def lay_out(renderable, console: Console | None = None) -> None:
    """A table or styled text, laid out in text_width's columns (a console
    made for it: a console's print never goes wider than the console)."""
    console = console or out
    wide = Console(file=console.file, width=text_width(console), highlight=False)
    wide.print(renderable)
