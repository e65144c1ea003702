"""`usher build`, `make size` and `usher deploy --dry-run`."""

import os

from click.testing import CliRunner
from usher_tools.cli import main
from usher_tools.paths import firmware_files


def test_build_sizes_lists_every_module_and_a_total(tmp_path):
    res = CliRunner().invoke(main, ["build", "--out", str(tmp_path), "--sizes"])
    assert res.exit_code == 0, res.output
    lines = res.output.strip().splitlines()
    assert "total armv6m bytecode" in lines[-1]
    sizes = [int(line.split()[0]) for line in lines[:-1]]
    assert all(s > 0 for s in sizes)
    assert sum(sizes) == int(lines[-1].split()[0])
    assert len(sizes) == len([f for f in firmware_files() if f != "main.py"])
    assert os.path.exists(tmp_path / "usher" / "core" / "record.mpy")


def test_deploy_dry_run_prints_the_plan_without_a_board():
    res = CliRunner().invoke(main, ["deploy", "--dry-run"])
    assert res.exit_code == 0, res.output
    assert "cp firmware/main.py :main.py" in res.output
    assert ":usher/core/record.mpy" in res.output
    assert "mkdir :usher/core" in res.output


def test_deploy_without_a_board_says_so(monkeypatch):
    import usher_tools.ports as ports

    monkeypatch.setattr(ports, "picos", lambda: [])
    res = CliRunner().invoke(main, ["deploy"])
    assert res.exit_code != 0
    assert "no Pico found" in res.output


def test_deploy_romfs_dry_run_writes_the_image_and_copies_only_main():
    from usher_tools.paths import ROOT

    res = CliRunner().invoke(main, ["deploy", "--romfs", "--dry-run"])
    assert res.exit_code == 0, res.output
    assert "romfs deploy build/usher.romfs" in res.output
    assert "rm -r :usher" in res.output
    assert "cp firmware/main.py :main.py" in res.output
    assert ":usher/" not in res.output.replace("rm -r :usher ", "")
    with open(os.path.join(ROOT, "build", "usher.romfs"), "rb") as f:
        assert f.read(3) == b"\xd2\xcd\x31"  # the ROMFS header
