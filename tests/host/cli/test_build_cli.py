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
    import usher_tools.link.ports as ports

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


def test_deploy_prunes_only_firmware_files_the_new_build_lacks(tmp_path):
    """The pruning script as the Pico runs it, on the MicroPython VM over a
    folder shaped like the Pico's flash: stale modules go, /data stays."""
    from tooling import micropython
    from usher_tools.deploy.mpremote import PRUNE

    root = tmp_path / "flash"
    files = {
        "main.py": b"x",
        "usher/app.mpy": b"new",
        "usher/core/record.mpy": b"new",
        "usher/oldmodule.mpy": b"stale",
        "usher/app.py": b"stale source that would shadow app.mpy",
        "usher/games/gone/__init__.mpy": b"stale",
        "data/g0001.log": b"a game",
        "data/profile.txt": b"oled\n",
    }
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    keep = ["usher/app.mpy", "usher/core/record.mpy"]
    script = PRUNE % (str(root / "usher"), keep, len(str(root)) + 1)
    proc = micropython(["-c", script])
    assert proc.returncode == 0, proc.stdout + proc.stderr
    left = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
    assert left == ["data/g0001.log", "data/profile.txt", "main.py", "usher/app.mpy", "usher/core/record.mpy"]
    assert not (root / "usher" / "games").exists()  # folders left empty go too
    assert "removed" in proc.stdout


def test_deploy_without_a_profile_keeps_the_picos_then_detects_then_asks(tmp_path, monkeypatch):
    from tooling import micropython
    from usher_tools.deploy.mpremote import choose_profile, probe_script

    data = tmp_path / "data"
    data.mkdir()
    out = micropython(["-c", probe_script(str(data))]).stdout  # the VM has no I2C: nothing found
    assert "PROFILE" not in out and out.startswith("I2C ?"), out
    (data / "profile.txt").write_text("oled\n")
    out = micropython(["-c", probe_script(str(data))]).stdout
    assert choose_profile(out, False)[0] == "oled"  # a redeploy keeps the board
    assert choose_profile("I2C 3c\n", False)[0] == "oled"  # an SSD1306 answered
    assert choose_profile("I2C 3d 50\n", False)[0] == "oled"
    profile, why = choose_profile("I2C \n", False)
    assert profile is None and "--profile" in why  # nobody to ask: stop and say how
    import click

    monkeypatch.setattr(click, "prompt", lambda *a, **k: "lcd114")
    assert choose_profile("I2C ? ImportError\n", True)[0] == "lcd114"


def test_deploy_dry_run_says_what_it_prunes_and_how_it_picks_the_profile():
    res = CliRunner().invoke(main, ["deploy", "--dry-run"])
    assert "rm each file under :usher that this build does not have (never :data)" in res.output
    assert "else an OLED found on I2C0" in res.output
    res = CliRunner().invoke(main, ["deploy", "--dry-run", "--profile", "oled"])
    assert "profile oled -> :data/profile.txt" in res.output
