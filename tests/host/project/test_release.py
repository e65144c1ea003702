"""The release: one version from one place; the boot ROM in the
project; the rp2 build stopping in one line where its sources cannot be had;
the workflows linted by actionlint; and `make dist`'s step on a fresh clone
of this repository (the UF2 already built), its wheel installed into a fresh
venv away from the repository."""

import hashlib
import json
import os
import re
import subprocess
import sys
import zipfile

import pytest
from tooling import ROOT, tool
from usher_tools.emulator import board as emulator
from usher_tools.release import uf2_name, wheel_name
from usher_tools.rp2 import build
from usher_tools.version import usher_version

HOST_TOOLS = os.path.join(ROOT, "host_tools")
WORKFLOWS = os.path.join(ROOT, ".github", "workflows")


def firmware_version() -> str:
    with open(os.path.join(ROOT, "firmware", "usher", "__init__.py")) as f:
        m = re.search(r'^VERSION = "([^"]+)"$', f.read(), re.M)
    assert m
    return m.group(1)


# ---- one version --------------------------------------------------------------


def test_one_version_from_the_firmware():
    version = firmware_version()
    proc = subprocess.run([sys.executable, "-m", "usher_tools.cli", "--version"], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.strip() == "usher " + version, proc.stdout + proc.stderr
    assert usher_version() == version
    assert uf2_name() == "usher-%s.uf2" % version and wheel_name() == "usher_tools-%s-py3-none-any.whl" % version
    assert uf2_name(chip="rp2350") == "usher-pico2-%s.uf2" % version  # the Pico 2's
    with open(os.path.join(HOST_TOOLS, "pyproject.toml")) as f:
        pyproject = f.read()
    # the wheel's version is read from the firmware, never written twice
    project = pyproject.split("\n[project]\n", 1)[1].split("\n[", 1)[0]
    assert not re.search(r"^version\s*=", project, re.M), "a second version in host_tools/pyproject.toml"
    assert 'dynamic = ["version"]' in pyproject
    assert 'version = {attr = "usher_tools.firmware.usher.VERSION"}' in pyproject


# ---- the boot ROM --------------------------------------------------------------


def test_the_boot_rom_is_in_the_project_with_its_licence_and_its_sum():
    path = emulator.bootrom_path()
    folder = os.path.dirname(path)
    assert folder == os.path.join(HOST_TOOLS, "usher_tools", "emulator", "bootrom"), path
    data = open(path, "rb").read()
    assert len(data) == 16384 and hashlib.sha256(data).hexdigest() == emulator.BOOTROM_SHA256
    licence = open(os.path.join(folder, "LICENSE.TXT")).read()
    assert "Raspberry Pi (Trading) Ltd" in licence and "Redistributions in binary form" in licence
    note = open(os.path.join(folder, "README.md")).read()
    assert emulator.BOOTROM_SHA256 in note and "pico-bootrom" in note and "BSD-3" in note and "16,384" in note
    tracked = subprocess.run(["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True).stdout.split()
    assert len(tracked) == 3, tracked  # a clone has it


def test_a_damaged_boot_rom_is_refused(tmp_path, monkeypatch):
    bad = tmp_path / "bootrom-B1.bin"
    data = bytearray(open(emulator.BOOTROM, "rb").read())
    data[100] ^= 1
    bad.write_bytes(bytes(data))
    monkeypatch.setattr(emulator, "BOOTROM", str(bad))
    with pytest.raises(FileNotFoundError, match="missing or damaged"):
        emulator.bootrom_path()


# ---- the rp2 build without ../shared and without the network -------------------


def hidden(tmp_path, path: str | None = None) -> dict:
    """No tarball, no reachable repositories, a build folder of its own."""
    env = dict(
        os.environ,
        USHER_RP2_TARBALL=str(tmp_path / "no-shared" / "rp2-src-v1.28.0.tgz"),
        USHER_RP2_GIT="file://" + str(tmp_path / "no-network"),
        USHER_RP2_BUILD=str(tmp_path / "rp2"),
    )
    if path is not None:
        env["PATH"] = path
    return env


def one_line_failure(proc) -> str:
    out = proc.stdout + proc.stderr
    assert proc.returncode != 0, out
    assert "Traceback" not in out, out
    lines = [x for x in proc.stderr.splitlines() if x.strip()]
    assert len(lines) == 1, proc.stderr
    return lines[0]


@pytest.mark.parametrize(
    "args", [["usher_tools.rp2.build", "--uf2"], ["usher_tools.rp2.build"], ["usher_tools.release", "--build"]]
)
def test_the_rp2_build_without_shared_nor_network_stops_in_one_line(tmp_path, args):
    cmd = [sys.executable, "-m"] + args
    proc = subprocess.run(cmd, cwd=HOST_TOOLS, env=hidden(tmp_path), capture_output=True, text=True, timeout=120)
    line = one_line_failure(proc)
    if build.toolchain_missing():  # this machine lacks the compiler: that is what is missing first
        assert "gcc-arm-none-eabi" in line, line
        return
    assert "cannot get MicroPython v1.28.0" in line, line
    assert "network" in line and "rp2-src-v1.28.0.tgz" in line and "USHER_RP2_TARBALL" in line, line
    # make test's firmware step: the same, said, and the Pico tests skip
    proc = subprocess.run(
        [sys.executable, "-m", "usher_tools.rp2.build", "--if-toolchain", "--uf2"],
        cwd=HOST_TOOLS,
        env=hidden(tmp_path),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0 and "not built" in proc.stdout and "Traceback" not in proc.stderr, proc.stdout


def test_the_rp2_build_without_a_compiler_cmake_or_git_says_which(tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    proc = subprocess.run(
        [sys.executable, "-m", "usher_tools.rp2.build", "--uf2"],
        cwd=HOST_TOOLS,
        env=hidden(tmp_path, path=str(empty)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    line = one_line_failure(proc)
    assert "arm-none-eabi-gcc, cmake" in line and "libnewlib-arm-none-eabi" in line, line
    # git missing where the sources must be cloned: one line too
    with pytest.raises(build.Missing) as e:
        build.fetch(["/nonexistent/git", "clone", "x"], "MicroPython")
    assert "git not found" in str(e.value.code) and "\n" not in str(e.value.code)


# ---- the workflows ---------------------------------------------------------------


def test_actionlint_passes_on_the_workflows_and_catches_a_broken_one(tmp_path):
    proc = subprocess.run([tool("actionlint")], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: push\njobs:\n  x:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ matrix.nope }}\n"
    )
    proc = subprocess.run([tool("actionlint"), str(broken)], capture_output=True, text=True)
    assert proc.returncode != 0, proc.stdout


def test_the_workflows_test_every_push_and_publish_a_tag():
    ci = open(os.path.join(WORKFLOWS, "ci.yml")).read()
    assert "push:" in ci and "pull_request:" in ci and "bash .ci/run" in ci
    rel = open(os.path.join(WORKFLOWS, "release.yml")).read()
    assert '- "v*"' in rel and "bash .ci/run" in rel and "make dist" in rel
    assert rel.index("run: bash .ci/run") < rel.index("run: make dist") < rel.index("action-gh-release")
    for f in (
        "build/dist/usher-${{ env.VERSION }}.uf2\n",
        "build/dist/usher-${{ env.VERSION }}.uf2.sha256\n",
        "build/dist/usher-pico2-${{ env.VERSION }}.uf2\n",
        "build/dist/usher-pico2-${{ env.VERSION }}.uf2.sha256\n",
        "build/dist/usher_tools-${{ env.VERSION }}-py3-none-any.whl",
    ):
        assert f in rel, f
    assert 'sha256sum -c "usher-pico2-$VERSION.uf2.sha256"' in rel
    assert "actions/upload-pages-artifact" in rel and "path: build/dist/site" in rel and "actions/deploy-pages" in rel
    assert "pages: write" in rel and "id-token: write" in rel and "contents: write" in rel
    # nothing is attached before the wheel installed and ran on Windows and macOS
    publish = rel.split("\n  publish:\n", 1)[1].split("\n\n  ", 1)[0]
    assert "needs: [dist, install]" in publish and "action-gh-release" in publish
    assert "action-gh-release" not in rel.split("\n  publish:\n", 1)[0]
    with open(os.path.join(ROOT, "Makefile")) as f:
        assert "$(BIN)/actionlint" in f.read().split("\ncheck:", 1)[1].split("\n\n", 1)[0]


# ---- make dist on a fresh clone, the wheel in a fresh venv ------------------------


def sha_line(path) -> list:
    return open(path).read().split()


@pytest.mark.long  # needs the Pico 2's file, which make test-long builds (make test builds the Pico's only)
def test_make_dist_on_a_fresh_clone_and_the_wheel_in_a_fresh_venv(tmp_path):
    from host.cli.test_flash_check import built_pico2, built_uf2

    uf2 = built_uf2()
    pico2 = built_pico2()
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", ROOT, str(clone)], check=True, capture_output=True)
    # what make setup installs there (the page's WebAssembly MicroPython)
    os.symlink(os.path.join(ROOT, ".node", "node_modules"), clone / ".node" / "node_modules")
    env = dict(os.environ, PYTHONPATH=str(clone / "host_tools"))
    where = subprocess.run(
        [sys.executable, "-c", "import usher_tools.paths as p; print(p.ROOT)"],
        cwd=clone / "host_tools",
        env=env,
        capture_output=True,
        text=True,
    )
    assert where.stdout.strip() == str(clone), where.stdout + where.stderr
    # the emulator's boot ROM, from a clone with no ../shared beside it
    assert not (tmp_path / "shared").exists()
    rom = subprocess.run(
        [sys.executable, "-c", "from usher_tools.emulator.board import bootrom_path; print(bootrom_path())"],
        cwd=clone / "host_tools",
        env=env,
        capture_output=True,
        text=True,
    )
    assert rom.stdout.strip().startswith(str(clone / "host_tools")), rom.stdout + rom.stderr
    # make dist's step after the firmware build, on the clone
    proc = subprocess.run(
        [sys.executable, "-m", "usher_tools.release", "--uf2", uf2, "--pico2", pico2],
        cwd=clone / "host_tools",
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    version = firmware_version()
    dist = clone / "build" / "dist"
    name, whl = "usher-%s.uf2" % version, "usher_tools-%s-py3-none-any.whl" % version
    name2 = "usher-pico2-%s.uf2" % version
    assert sorted(os.listdir(dist)) == sorted([name, name + ".sha256", name2, name2 + ".sha256", whl, "site"])
    site = dist / "site"
    files = []
    for n, src, chip, board in ((name, uf2, "rp2040", "Pico"), (name2, pico2, "rp2350", "Pico 2")):
        data = (dist / n).read_bytes()
        assert data == open(src, "rb").read()
        digest = hashlib.sha256(data).hexdigest()
        assert sha_line(dist / (n + ".sha256")) == [digest, n]
        assert (site / n).read_bytes() == data  # byte-identical to the one beside it
        assert sha_line(site / (n + ".sha256")) == [digest, n]
        files.append({"chip": chip, "board": board, "uf2": n, "sha256": digest, "size": len(data)})
    # the RP2040 file at the top, as before the Pico 2 (a reader of then offers it still); both in "files"
    top = {k: files[0][k] for k in ("uf2", "sha256", "size")}
    assert json.loads((site / "release.json").read_text()) == dict(version=version, files=files, **top)
    for page in ("index.html", "firmware.pack", "mp/micropython.wasm"):
        assert (site / page).is_file(), page
    # the wheel carries the firmware (the link resolved) and the boot ROM, not the devkit
    with zipfile.ZipFile(dist / whl) as z:
        inside = set(z.namelist())
        meta = z.read("usher_tools-%s.dist-info/METADATA" % version).decode()
    assert "\nVersion: %s\n" % version in meta
    fw = subprocess.run(["git", "ls-files", "firmware"], cwd=clone, capture_output=True, text=True).stdout.split()
    want = {"usher_tools/" + f for f in fw if f.endswith(".py")}
    assert want and want <= inside, sorted(want - inside)[:5]
    rom = "usher_tools/emulator/bootrom/"
    assert {rom + "bootrom-B1.bin", rom + "LICENSE.TXT"} <= inside
    assert not [n for n in inside if n.startswith("usher_devkit")]

    # a fresh venv away from the repository: the wheel installed, its
    # dependencies (not the repository's usher_tools) from this venv's
    venv = tmp_path / "away" / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
    vpy = str(venv / "bin" / "python")
    site_dir = subprocess.run(
        [vpy, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], capture_output=True, text=True
    ).stdout.strip()
    ours = subprocess.run(
        [sys.executable, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True,
        text=True,
    ).stdout.strip()
    with open(os.path.join(site_dir, "deps-from-the-project-venv.pth"), "w") as f:
        f.write(ours + "\n")
    pip = [vpy, "-m", "pip", "-q", "--disable-pip-version-check"]
    proc = subprocess.run(pip + ["install", "--no-deps", "--no-index", str(dist / whl)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    proc = subprocess.run(pip + ["check"], capture_output=True, text=True)  # every dependency it declares is there
    assert proc.returncode == 0, proc.stdout + proc.stderr
    away = tmp_path / "away"
    home = dict(os.environ, HOME=str(away), XDG_DATA_HOME=str(away / "data"))
    home.pop("PYTHONPATH", None)
    usher = str(venv / "bin" / "usher")
    proc = subprocess.run([usher, "--version"], cwd=away, env=home, capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.strip() == "usher " + version, proc.stdout + proc.stderr
    proc = subprocess.run(
        [vpy, "-c", "import usher_tools.paths as p; print(p.FIRMWARE); print(p.ROOT)"],
        cwd=away,
        env=home,
        capture_output=True,
        text=True,
    )
    firmware, root = proc.stdout.split()
    assert firmware.startswith(site_dir) and not root.startswith(ROOT), proc.stdout
    record = os.path.join(ROOT, "tests", "records", "dice_two_players.rec")
    proc = subprocess.run([usher, "score", "--json", record], cwd=away, env=home, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    result = json.loads(proc.stdout)
    assert result["game"] == "dice" and len(result["players"]) == 2, result


def test_usher_web_out_with_uf2_writes_the_release_into_the_site(tmp_path):
    from click.testing import CliRunner
    from usher_tools.cli import main
    from usher_tools.pico.uf2 import RP2350_ARM_S

    from host.cli.test_flash_check import STOCK_PAYLOAD, USHER_PAYLOAD, make_uf2

    version = firmware_version()
    res = CliRunner().invoke(main, ["web", "--uf2", os.path.join(ROOT, "README.md")])
    assert res.exit_code == 2 and "--out" in res.output, res.output  # a usage error
    stock = tmp_path / "micropython.uf2"
    stock.write_bytes(make_uf2(STOCK_PAYLOAD))
    site = tmp_path / "site"
    res = CliRunner().invoke(main, ["web", "--out", str(site), "--uf2", str(stock)])
    assert res.exit_code == 1 and "not Usher" in res.output, res.output
    offered = json.loads((site / "release.json").read_text()) if (site / "release.json").exists() else {}
    assert offered.get("uf2") is None and not list(site.glob("*.uf2")), offered  # the page offers nothing
    image = tmp_path / "built.uf2"
    data = make_uf2(USHER_PAYLOAD)
    image.write_bytes(data)
    res = CliRunner().invoke(main, ["web", "--out", str(site), "--uf2", str(image)])
    assert res.exit_code == 0, res.output
    name = "usher-%s.uf2" % version
    assert (site / name).read_bytes() == data and (site / "index.html").is_file()
    info = json.loads((site / "release.json").read_text())
    digest = hashlib.sha256(data).hexdigest()
    one = {"chip": "rp2040", "board": "Pico", "uf2": name, "sha256": digest, "size": len(data)}
    assert info == {"version": version, "uf2": name, "sha256": digest, "size": len(data), "files": [one]}
    assert sha_line(site / (name + ".sha256")) == [info["sha256"], name]
    assert name in res.output
    # a Pico 2 file alone: the site must offer the Pico's too (release.json's top describes it)
    pico2 = tmp_path / "built-pico2.uf2"
    pico2.write_bytes(make_uf2(USHER_PAYLOAD, family=RP2350_ARM_S, e10=True))
    alone = tmp_path / "site2"
    res = CliRunner().invoke(main, ["web", "--out", str(alone), "--uf2", str(pico2)])
    assert res.exit_code == 1 and "without the Pico's (RP2040) file" in res.output, res.output
    offered = json.loads((alone / "release.json").read_text())  # the page's own: no release
    assert not list(alone.glob("*.uf2")) and offered.get("uf2") is None and "files" not in offered, offered


def test_the_site_lists_the_file_of_each_chip(tmp_path):
    from usher_tools.pico.uf2 import RP2350_ARM_S
    from usher_tools.release import ReleaseError, write_site_release

    from host.cli.test_flash_check import USHER_PAYLOAD, make_uf2

    version = firmware_version()
    a, b = tmp_path / "a.uf2", tmp_path / "b.uf2"
    a.write_bytes(make_uf2(USHER_PAYLOAD))
    b.write_bytes(make_uf2(USHER_PAYLOAD, family=RP2350_ARM_S, e10=True))
    info = write_site_release(str(tmp_path / "site"), str(a), str(b))
    assert [(f["chip"], f["board"], f["uf2"]) for f in info["files"]] == [
        ("rp2040", "Pico", "usher-%s.uf2" % version),
        ("rp2350", "Pico 2", "usher-pico2-%s.uf2" % version),
    ]
    assert info["uf2"] == "usher-%s.uf2" % version and info["sha256"] == info["files"][0]["sha256"]
    assert json.loads((tmp_path / "site" / "release.json").read_text()) == info
    with pytest.raises(ReleaseError, match="two files for one chip"):
        write_site_release(str(tmp_path / "site3"), str(a), str(a))
