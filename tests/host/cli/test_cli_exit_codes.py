"""docs/LAPTOP.md against the `usher` command: every row of its exit-code
table, each example run and its code checked, and the commands it says take
`--port` are exactly those that do."""

import json
import os
import re
import shlex

import click
import pytest
from click.testing import CliRunner
from tooling import ROOT
from usher_tools.cli import main
from usher_tools.history.store import History

from host.sync import test_sync as ts

LAPTOP = os.path.join(ROOT, "docs", "LAPTOP.md")


def page() -> str:
    with open(LAPTOP, encoding="utf-8") as f:
        return f.read()


def table_rows() -> list:
    """[(code, meaning, [example command lines])] from the exit-code table."""
    text = page()
    start = text.index("| code | means | for example |")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows.append((int(cells[0]), cells[1], re.findall(r"`(usher [^`]+)`", cells[2])))
    return rows


def test_the_table_has_every_code_once_each_with_an_example():
    rows = table_rows()
    assert [r[0] for r in rows] == [0, 1, 2, 3, 4, 5, 6]
    assert all(r[2] for r in rows), rows
    assert "usage error" in dict((r[0], r[1]) for r in rows)[2]


@pytest.fixture
def world(tmp_path, monkeypatch):
    """A history holding g0001, synced from a device in this process that
    has g0001 open and nobody at its buttons; no Pico on USB."""
    from serial.tools import list_ports
    from usher_tools.link import client as client_mod

    db = str(tmp_path / "history.sqlite")
    dev = ts.Device(games=2)
    h = History(db)
    ts.sync(dev, h)
    h.close()
    dev.link.playing = ("g0001", "dice")
    dev.port.press = ""  # nobody presses
    real = client_mod.Client
    monkeypatch.setattr(
        client_mod, "Client", lambda port, timeout=5.0: real(dev.port if port == "PORT" else port, timeout)
    )
    monkeypatch.setattr(list_ports, "comports", lambda: [])
    monkeypatch.setenv("USHER_DB", db)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "too-dim.json").write_text(json.dumps({"brightness": 5}))
    return tmp_path


@pytest.mark.parametrize("code", range(7))
def test_every_example_of_the_table_exits_with_its_code(world, code):
    [(_, _, examples)] = [r for r in table_rows() if r[0] == code]
    for example in examples:
        args = shlex.split(example)[1:]
        r = CliRunner().invoke(main, args)
        assert not isinstance(r.exception, Exception) or isinstance(r.exception, SystemExit), (example, r.exception)
        assert r.exit_code == code, (example, r.exit_code, r.output)
        if code:
            said = [ln for ln in r.output.splitlines() if ln.startswith("Error: ")]
            assert "Traceback" not in r.output and len(said) == 1, r.output  # the reason, in one line


def commands(group=main, path=()) -> dict:
    out = {}
    for name, cmd in group.commands.items():
        if isinstance(cmd, click.Group):
            out.update(commands(cmd, path + (name,)))
        else:
            out[" ".join(path + (name,))] = cmd
    return out


def test_the_page_names_exactly_the_commands_that_take_port():
    text = " ".join(page().split())
    said = text[text.index("The commands that talk to a Pico take `--port`") : text.index("The others do not")]
    named = set(re.findall(r"`usher ([a-z ]+)`", said))
    takes = {n for n, c in commands().items() if any("--port" in p.opts for p in c.params)}
    assert named == takes - {"web"}  # the page's own --port is a TCP port, said beside
    assert "`usher web --port` is the TCP port" in text
    assert "Every command takes `--port`" not in text
