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
from host.sync.test_step_aside import ReplPort

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


CLIENT_PORTS: dict = {}  # a port's name in a command -> the fake port the world's Client talks to


@pytest.fixture
def world(tmp_path, monkeypatch):
    """A history holding g0001, synced from a device in this process that
    has g0001 open and nobody at its buttons (port PORT); no Pico on USB."""
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
    CLIENT_PORTS.clear()
    CLIENT_PORTS["PORT"] = dev.port
    monkeypatch.setattr(client_mod, "Client", lambda port, timeout=5.0: real(CLIENT_PORTS.get(port, port), timeout))
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


# -- every clause of every row ---------------------------------------------------------
# What a row's "means" cell names, each clause with the command that meets it in the
# world below. A clause the page adds, or words left over once these are taken out,
# fail the first test; each command must exit with its row's code.
CLAUSES = {
    0: {"done": [["games"]]},
    1: {
        "it cannot be done as asked:": [],
        "an invalid record": [["score", "{records}/dice_bad_face.rec"]],
        "no such game": [["show", "g9999"]],
        "no history": [["games", "--db", "{tmp}/nowhere/h.db"]],
        "one that cannot be used": [["stats", "--db", "{tmp}/text.db"]],
        "an empty file": [["games", "--db", "{tmp}/empty.db"], ["export", "--db", "{tmp}/empty.db"]],
        "another program's": [["show", "g0001", "--db", "{tmp}/photos.db"]],
        "damaged": [["report", "g0001", "--db", "{tmp}/garbage.db"]],
        "newer": [["games", "--db", "{tmp}/newer.db"]],
        "a file that cannot be written": [["export", "-o", "/nonexistent/plays.csv"]],
        "a `--like` file that is not a BG Stats export": [
            ["export", "--format", "bgstats", "--like", "{tmp}/too-dim.json"]
        ],
        "a program from an extra that is not installed (`usher sim` without `usher_tools[sim]`)": [
            ["build", "--out", "{tmp}/mpy"]
        ],
        "a command of the repository's run from the wheel": [["web"]],
        "import of no record": [["import", "--db", "{tmp}/imp.db", "{tmp}/usher.uf2"]],
    },
    2: {
        "a usage error:": [],
        "an unknown command": [["frobnicate"]],
        "option": [["games", "--frobnicate"]],
        "value": [["export", "--format", "xml"]],
        "an argument missing (click's convention)": [["import"], ["roster", "push", "--port", "PORT"]],
    },
    3: {
        "no device:": [],
        "no Pico on USB": [["sync"], ["roster", "pull"]],
        "no such port": [["sync", "--port", "/dev/nonexistent-usher"]],
        "not a serial port": [["roster", "pull", "--port", "/dev/null"], ["sync", "--port", "{tmp}/empty.db"]],
    },
    4: {
        "the device went away": [["sync", "--port", "CUT", "--db", "{tmp}/cut.db"]],
        "never answered": [["roster", "pull", "--port", "SILENT", "--timeout", "0.3"]],
        "nobody pressed OK in time": [["roster", "push", "Anna", "--port", "PORT", "--wait", "0.3"]],
    },
    5: {
        "the device answered with an error": [],
        "too little memory": [["roster", "pull", "--port", "MEMORY"]],
        "busy with another question": [["roster", "push", "Anna", "--port", "BUSY"]],
        "another laptop request": [["roster", "pull", "--port", "{pty}"], ["sync", "--port", "{pty}"]],
        "a value it does not take": [
            ["settings", "push", "{tmp}/too-dim.json", "--port", "PORT"],
            ["settings", "push", "{tmp}/han.json", "--port", "PORT"],
            ["roster", "push", "Zo\u00eb", "\u674e", "--port", "PORT"],
        ],
        "with bad replies": [],
        "not Usher's protocol": [["roster", "pull", "--port", "JUNK", "--timeout", "0.3"]],
        "MicroPython's REPL": [["sync", "--port", "REPL", "--timeout", "0.3"]],
        "a transfer failed": [["sync", "--port", "DAMAGED", "--db", "{tmp}/damaged.db"]],
    },
    6: {
        "refused on the device:": [],
        "back was pressed": [
            ["roster", "push", "Anna", "--port", "NO"],
            ["settings", "push", "{tmp}/ok.json", "--port", "NO"],
        ],
        "the game is open there": [["delete", "g0001", "--port", "PORT"]],
    },
}
# the page's row 1 says no history "or one that cannot be used" and lists which in brackets;
# `import` making no history of a file that is no record is the same promise
EXTRA = {"import of no record"}
GLUE = {"or", "and", "with", "(", ")", ",", ":", "the", "device"}


def test_every_clause_of_every_row_has_a_command_that_meets_it():
    for code, means, _ in table_rows():
        left = means
        for clause in sorted(set(CLAUSES[code]) - EXTRA, key=len, reverse=True):
            assert clause in left, (code, clause, means)
            left = left.replace(clause, " ")
        words = re.findall(r"[\w'`-]+|[(),:]", left)
        assert set(words) <= GLUE, (code, "words no command meets:", words)
        assert all(CLAUSES[code][c] for c in CLAUSES[code] if not c.endswith(":")) or code == 5


def device_line(obj: dict) -> bytes:
    import zlib

    body = json.dumps(obj, separators=(",", ":")).encode()
    return b"@u " + body + b"*%08x\n" % zlib.crc32(body)


class Scripted(ReplPort):
    """A port whose far end answers each request line by a script: `replies`
    op -> reply fields (the Usher protocol), or `raw(line)` -> any bytes (a
    REPL, another program), or nothing at all. Reading is ReplPort's."""

    def __init__(self, replies=None, raw=None):
        ReplPort.__init__(self)
        self.replies = replies or {}
        self.raw = raw
        self.out = bytearray()
        self.port = "scripted"

    def write(self, data):
        for line in bytes(data).split(b"\n"):
            if not line.startswith(b"@U "):
                continue
            if self.raw is not None:
                self.out += self.raw(line)
                continue
            req = json.loads(line[3 : line.rindex(b"*")])
            reply = self.replies.get(req["op"])
            if reply is not None:
                self.out += device_line(dict({"id": req["id"]}, **reply))
        return len(data)

    def reset_input_buffer(self):
        self.out.clear()


HELLO = {"ok": True, "device": ts.DEVICE_ID, "fw": "0.1.0", "mp": "1.28.0", "proto": 1, "games": 0}
TRACEBACK = b'Traceback (most recent call last):\r\n  File "<stdin>", line 1\r\nSyntaxError: invalid syntax\r\n>>> '


@pytest.fixture
def every_port(world, monkeypatch):
    """The world's ports, and one for each way a port answers (the names the
    clauses use); `{pty}` a real pseudo-terminal another usher holds."""
    import tty

    import serial
    from usher_tools import paths
    from usher_tools.cli import web

    dev = ts.Device(games=0)
    dev.port.press = "no"
    cut = ts.Device(games=1, rolls=150)
    cut.port.cut_after = len(cut.log("g0001")) // 2
    damaged = ts.Device(games=1, rolls=60)
    damaged.port.corrupt = 10_000  # every chunk: the transfer keeps failing
    # the device could not even load its link: a line of id null
    memory = device_line({"id": None, "ok": False, "err": "memory", "why": "at Home: ask again in a few seconds"})
    fakes = {
        "NO": dev.port,
        "CUT": cut.port,
        "DAMAGED": damaged.port,
        "SILENT": Scripted(),
        "JUNK": Scripted(raw=lambda line: b"ERROR: unknown command\r\n"),
        "REPL": Scripted(raw=lambda line: line + b"\r\n" + TRACEBACK),
        "MEMORY": Scripted(raw=lambda line: memory),
        "BUSY": Scripted({"hello": HELLO, "set_roster": {"ok": False, "err": "busy"}}),
    }
    CLIENT_PORTS.update(fakes)
    tmp = world
    (tmp / "empty.db").write_bytes(b"")
    (tmp / "text.db").write_text("Anna,Ben\n1,2\n")
    (tmp / "garbage.db").write_bytes(bytes((i * 37 + 11) % 256 for i in range(8192)))
    import sqlite3

    con = sqlite3.connect(str(tmp / "photos.db"))
    con.execute("CREATE TABLE photos(id INTEGER PRIMARY KEY, title TEXT)")
    con.commit()
    con.close()
    newer = History(str(tmp / "newer.db"))
    newer.db.execute("UPDATE meta SET value='9' WHERE key='schema'")
    newer.commit()
    newer.close()
    (tmp / "han.json").write_text(json.dumps({"roster": ["Anna", "\u674e"]}))
    (tmp / "ok.json").write_text(json.dumps({"brightness": 50}))
    (tmp / "usher.uf2").write_bytes(b"UF2\nWQ]\x9e" + bytes(504))
    # no mpy-cross anywhere: neither beside Python nor on PATH; and no repository around the wheel
    empty = tmp / "empty-bin"
    empty.mkdir()
    monkeypatch.setattr(paths, "BIN", str(empty))
    monkeypatch.setenv("PATH", str(empty))
    monkeypatch.setattr(web, "CHECKOUT", "", raising=False)
    master, slave = os.openpty()
    tty.setraw(slave)
    held = serial.Serial(os.ttyname(slave), 115200, timeout=0, exclusive=True)  # another usher's, waiting
    try:
        yield tmp, os.ttyname(slave)
    finally:
        held.close()
        os.close(master)
        os.close(slave)


def case_args(args: list, tmp, pty: str) -> list:
    records = os.path.join(ROOT, "tests", "records")
    return [a.replace("{tmp}", str(tmp)).replace("{records}", records).replace("{pty}", pty) for a in args]


def every_case():
    return [(code, clause, args) for code, row in CLAUSES.items() for clause, cases in row.items() for args in cases]


@pytest.mark.parametrize("code, clause, args", every_case(), ids=[" ".join(c[2]) for c in every_case()])
def test_every_clause_exits_with_its_rows_code_in_one_line(every_port, code, clause, args):
    tmp, pty = every_port
    before = (tmp / "empty.db").read_bytes(), (tmp / "text.db").read_bytes(), (tmp / "photos.db").read_bytes()
    r = CliRunner().invoke(main, case_args(args, tmp, pty))
    assert not isinstance(r.exception, Exception) or isinstance(r.exception, SystemExit), (args, r.exception)
    assert r.exit_code == code, (clause, args, r.exit_code, r.output)
    if code:
        said = [ln for ln in r.output.splitlines() if ln.startswith(("Error: ", "invalid record: "))]
        assert len(said) == 1 or (code == 2 and "Usage:" in r.output), r.output  # the reason, in one line
    assert_no_developer_words(r.output)
    # a file that is no history is left as it was, byte for byte (an empty one at 0 bytes)
    assert ((tmp / "empty.db").read_bytes(), (tmp / "text.db").read_bytes(), (tmp / "photos.db").read_bytes()) == before
    assert not (tmp / "imp.db").exists()  # an import of no record makes no history


# -- the words: a person's, never a developer's ------------------------------------------
DEVELOPER = [
    (r"\b(show_manager|showtime|showbiz|films|dice)\b", "a game's key where its title belongs"),
    (r"\[?Errno\b", "errno text"),
    (r"\b[A-Z]\w*(Error|Exception)\b", "an exception's name"),
    (r"\b(OSError|termios|ioctl|readiness to read|could not open port)\b", "the serial library's words"),
    (r"Traceback", "a traceback"),
    (r"\(\d+, '", "an errno tuple"),
    (r"\b(set_roster|set_settings)\b", "an operation's name"),
]


def assert_no_developer_words(text: str) -> None:
    for line in text.splitlines():
        line = line[len("Error: ") :] if line.startswith("Error: ") else line  # click's prefix is a person's
        for pattern, what in DEVELOPER:
            assert not re.search(pattern, line), (what, line)


def test_the_sync_and_games_tables_say_titles_and_a_refusal_says_what_was_not_done(tmp_path, monkeypatch):
    from host.cli.test_nothing_lost import fake_device

    dev = ts.Device(games=1)  # a dice game
    for rec in ("showtime_4p.rec", "show_manager_4p.rec"):
        ts.add_record(dev, rec)
    db = str(tmp_path / "h.db")
    with fake_device(dev):
        r = CliRunner().invoke(main, ["sync", "--db", db])
    assert r.exit_code == 0, r.output
    assert_no_developer_words(r.output)
    assert "Show Manager" in r.stdout and "Showtime" in r.stdout and "Dice" in r.stdout, r.stdout
    r = CliRunner().invoke(main, ["games", "--db", db])
    assert r.exit_code == 0
    assert_no_developer_words(r.output)
    assert "Show Manager" in r.stdout and "Showtime" in r.stdout, r.stdout
    dev.port.press = "no"
    with fake_device(dev):
        r = CliRunner().invoke(main, ["roster", "push", "Anna", "--wait", "5"])
    assert r.exit_code == 6
    assert r.stderr.splitlines()[-1] == "Error: the roster was not changed: Back was pressed on the device", r.stderr


# -- the page names every command, as an installed user types it -------------------
def sh_blocks(text: str) -> list:
    return re.findall(r"```sh\n(.*?)```", text, re.S)


def test_the_page_names_every_command_and_writes_them_as_an_installed_user_types_them():
    text = page()
    named = set(re.findall(r"\busher ([a-z]+(?: (?:pull|push))?)", text))
    assert set(commands()) <= named, set(commands()) - named  # `usher flash` among them
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    night = readme[readme.index("## Game night to laptop") :]
    for where, block in (("LAPTOP.md", sh_blocks(text)[0]), ("README.md", sh_blocks(night)[0])):
        lines = [ln for ln in block.splitlines() if ln and not ln.startswith("#")]
        assert lines and all(ln.startswith("usher ") for ln in lines), (where, lines)
        assert "usher flash" in block, where
    # said once, where the commands are: in a clone it is .venv/bin/usher
    assert ".venv/bin/usher" in sh_blocks(text)[0] or ".venv/bin/usher" in text[: text.index("```sh")]
    assert ".venv/bin/usher" in night[: night.index("```sh")]
