"""The host's two packages: the product (`usher_tools`: the CLI, the link and
sync, the history and what reads it, deploy and build, sim, web, the
emulated Pico) imports nothing from the development kit (`usher_devkit`) or
from tests/, and names no file under tests/; no circles among its modules
(imports inside functions included, read from the syntax trees as
test_layers.py reads the firmware's); its wheel ships the firmware it scores
with and no benchmark."""

import ast
import os
import shutil
import subprocess
import sys
import zipfile

import pytest
from tooling import ROOT

PRODUCT = os.path.join(ROOT, "host_tools", "usher_tools")
KIT = os.path.join(ROOT, "host_tools", "devkit", "usher_devkit")
TESTS = os.path.join(ROOT, "tests")


def py_files(base: str, skip=("firmware", "__pycache__")) -> list:
    out = []
    for folder, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if d not in skip)
        out += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".py")]
    return out


def bare_names(base: str) -> set:
    """Module names as a folder put on sys.path would offer them."""
    return {os.path.basename(p)[:-3] for p in py_files(base)} - {"__init__", "__main__"}


# what the product runs inside a VM: the vm/ folders (they import the VM's own modules)
ON_A_VM = ("sim/vm", "wasm/vm", "web/vm", "emulator/vm", "standin/vm")


def product_files() -> list:
    return [p for p in py_files(PRODUCT) if not os.path.relpath(p, PRODUCT).startswith(ON_A_VM)]


def imports_of(path: str) -> list:
    tree = ast.parse(open(path, encoding="utf-8").read())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level:
            out.append((node.lineno, node.module or ""))
    return out


def kit_or_test_imports(paths: list) -> list:
    # the kit's and the tests' modules, by package and by the bare names their folders offer
    banned = bare_names(TESTS) | bare_names(os.path.join(KIT, "kit"))
    bad = []
    for path in paths:
        for line, name in imports_of(path):
            top = name.split(".")[0]
            if top == "usher_devkit" or top in banned:
                bad.append("%s:%d imports %s" % (os.path.relpath(path, ROOT), line, name))
    return bad


def test_the_product_imports_nothing_from_the_kit_or_the_tests():
    assert kit_or_test_imports(product_files()) == []


def test_the_check_sees_a_kit_import(tmp_path):
    f = tmp_path / "bad.py"
    f.write_text("def f():\n    from usher_devkit.bench import pico\n    import fakes\n")
    assert len(kit_or_test_imports([str(f)])) == 2


VM_ONLY = {"micropython", "machine", "vfs", "uctypes", "js", "rp2"}  # modules only a MicroPython VM has


def vm_code_outside_vm_folders(base: str) -> list:
    """Files of `base` that import a VM-only module but lie in no vm/ folder,
    and any file or folder named device (the word names the board, not code)."""
    bad = []
    for path in py_files(base):
        rel = os.path.relpath(path, base)
        parts = rel.split(os.sep)
        if "device" in parts or "device.py" in parts:
            bad.append(rel + ": named device")
        if "vm" in parts[:-1]:
            continue
        bad += ["%s:%d imports %s" % (rel, n, m) for n, m in imports_of(path) if m.split(".")[0] in VM_ONLY]
    return bad


def test_what_runs_in_a_vm_lives_in_a_vm_folder(tmp_path):
    assert vm_code_outside_vm_folders(PRODUCT) == []
    assert all(os.path.isdir(os.path.join(PRODUCT, d)) for d in ON_A_VM)
    (tmp_path / "device").mkdir()
    (tmp_path / "device" / "boot.py").write_text("def f():\n    import machine\n")
    assert len(vm_code_outside_vm_folders(str(tmp_path))) == 2


def runner_functions(paths: list) -> list:
    """Functions named test_* (a test runner's protocol) in the given files."""
    bad = []
    for path in paths:
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("test_"):
                bad.append("%s:%d %s" % (os.path.relpath(path, ROOT), node.lineno, node.name))
    return bad


def test_the_product_carries_no_test_machinery_not_even_in_a_vm(tmp_path):
    # the meter's portable-test protocol is the kit's (usher_devkit/meter/vm)
    assert runner_functions(py_files(PRODUCT)) == []
    f = tmp_path / "dev.py"
    f.write_text("def test_import(path):\n    return path\n")
    assert len(runner_functions([str(f)])) == 1


def module_names(base: str, package: str) -> dict:
    """Module name -> source path, for every .py of `package` under `base`."""
    out = {}
    for path in py_files(os.path.join(base, package)):
        name = os.path.relpath(path, base)[:-3].replace(os.sep, ".")
        out[name[: -len(".__init__")] if name.endswith(".__init__") else name] = path
    return out


def import_graph(base: str, package: str) -> dict:
    """{module: modules of the package it imports}, wherever the import
    stands (in a function too), relative imports, `__import__` and
    `importlib.import_module` with a literal name. `from P import m` is an
    arrow to the module P.m when there is one, else to P."""
    mods = module_names(base, package)

    def resolve(n: str):  # type: ignore[no-untyped-def]
        while n and n not in mods:
            n = n.rpartition(".")[0]
        return n or None

    edges: dict = {m: set() for m in mods}
    for m, path in mods.items():
        tree = ast.parse(open(path, encoding="utf-8").read())
        pkg = m if path.endswith("__init__.py") else m.rpartition(".")[0]
        names = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names += [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                mod = node.module or ""
                if node.level:
                    parts = pkg.split(".")
                    mod = ".".join(parts[: len(parts) - node.level + 1] + ([mod] if mod else []))
                subs = [mod + "." + a.name for a in node.names if mod + "." + a.name in mods]
                names += subs if len(subs) == len(node.names) else subs + [mod]
            elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                f = node.func
                called = getattr(f, "id", None) or getattr(f, "attr", None)
                if called in ("__import__", "import_module") and isinstance(node.args[0].value, str):
                    names.append(node.args[0].value)
        for n in names:
            if n == package or n.startswith(package + "."):
                t = resolve(n)
                if t and t != m:
                    edges[m].add(t)
    return edges


def test_no_import_circles_among_the_product_s_modules():
    from host.project.test_layers import circles

    edges = import_graph(os.path.dirname(PRODUCT), "usher_tools")
    assert len(edges) > 60 and "usher_tools.history.games.films" in edges
    assert edges["usher_tools.history.plays"] >= {"usher_tools.history.games", "usher_tools.history.replay"}
    assert circles(edges) == []


def test_the_circle_check_sees_a_circle_made_inside_functions(tmp_path):
    """The check itself can fail: a planted circle of three modules, two of
    its arrows inside functions (one by importlib with a literal name, one
    relative), beside a package whose __init__ names its own modules."""
    pkg = tmp_path / "usher_tools"
    (pkg / "history" / "games").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "history" / "__init__.py").write_text("")
    (pkg / "history" / "games" / "__init__.py").write_text("from usher_tools.history.games import films\n")
    (pkg / "history" / "games" / "films.py").write_text("from usher_tools.history.games import generic\n")
    (pkg / "history" / "games" / "generic.py").write_text("")
    (pkg / "history" / "export.py").write_text("from usher_tools.history.plays import plays\n")
    (pkg / "history" / "plays.py").write_text("def plays():\n    from . import report\n")
    (pkg / "history" / "report.py").write_text(
        "import json\n\ndef row():\n    import importlib\n    importlib.import_module('usher_tools.history.export')\n"
    )
    from host.project.test_layers import circles

    edges = import_graph(str(tmp_path), "usher_tools")
    assert circles(edges) == [["usher_tools.history.export", "usher_tools.history.plays", "usher_tools.history.report"]]
    (pkg / "history" / "report.py").write_text("import json\n")
    assert circles(import_graph(str(tmp_path), "usher_tools")) == []


def test_the_product_names_no_file_under_tests():
    bad = []
    for path in product_files():
        tree = ast.parse(open(path, encoding="utf-8").read())
        docs = {
            id(n.body[0].value)
            for n in ast.walk(tree)
            if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and n.body
            and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                if node.value == "tests" or node.value.startswith(("tests/", "../tests")):
                    bad.append("%s:%d %r" % (os.path.relpath(path, ROOT), node.lineno, node.value))
    assert bad == []


def test_the_product_finds_the_firmware_in_its_own_package():
    from usher_tools import paths

    assert os.path.dirname(os.path.join(PRODUCT, "firmware")) == os.path.dirname(paths.__file__)
    assert os.path.samefile(paths.FIRMWARE, os.path.join(ROOT, "firmware"))


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    # from a copy (links followed, as an sdist has them): setuptools writes build/ beside the source
    src = tmp_path_factory.mktemp("src") / "host_tools"
    shutil.copytree(
        os.path.join(ROOT, "host_tools"),
        src,
        ignore=shutil.ignore_patterns("devkit", "build", "*.egg-info", "__pycache__"),
    )
    out = tmp_path_factory.mktemp("wheel")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(out), str(src)],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    (name,) = [n for n in os.listdir(out) if n.endswith(".whl")]
    return zipfile.ZipFile(os.path.join(out, name))


def test_the_products_wheel_ships_the_firmware_and_no_benchmark(wheel):
    names = wheel.namelist()
    assert not [n for n in names if "usher_devkit" in n or "bench" in os.path.basename(n)], names
    fw = sorted(n[len("usher_tools/firmware/") :] for n in names if n.startswith("usher_tools/firmware/"))
    from usher_tools.paths import firmware_files

    assert [f for f in firmware_files() if f not in fw] == []
    assert "usher_tools/cli/__init__.py" in names and "usher_tools/emulator/board.mjs" in names
    assert "usher_tools/standin/vm/standin_machine.py" in names  # the simulator and the page build the board on it
    assert "usher_tools/history/games/films.py" in names  # the laptop's module of each game


def test_the_installed_product_scores_with_the_firmware_it_carries(wheel, tmp_path):
    """Installed from its wheel, away from the repository: `usher score`
    works, reading the rules from the package's own copy of the firmware."""
    target = tmp_path / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), wheel.filename],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    env = dict(os.environ, PYTHONPATH=str(target))
    where = subprocess.run(
        [sys.executable, "-c", "from usher_tools import paths; print(paths.FIRMWARE)"],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(tmp_path),
    )
    assert where.stdout.strip() == str(target / "usher_tools" / "firmware"), where.stdout + where.stderr
    record = os.path.join(TESTS, "records", "showtime_4p.rec")
    score = subprocess.run(
        [sys.executable, "-m", "usher_tools.cli", "score", record],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(tmp_path),
    )
    assert score.returncode == 0 and "winner: Anna" in score.stdout, score.stdout[-1500:] + score.stderr[-1500:]
