"""The page's JavaScript (host_tools/usher_tools/web/page/*.mjs) under the two
gates `make check` runs on it: ESLint (.node/eslint.config.mjs) and tsc
--checkJs over its JSDoc (.node/tsconfig.page.json), both pinned in .node.
Each passes on the page, and fails naming the error on a copy of the page
with errors planted in it.

Needs the project's Node (.venv) and its npm packages (.node), which `make
setup` installs; without them these tests skip and say so, except under CI
(CI=true), where they fail."""

import json
import os
import re
import shutil
import subprocess

import pytest
from tooling import ROOT
from usher_tools.wasm.paths import NODE_DIR, node
from usher_tools.web import PAGE, PAGE_FILES

ESLINT = os.path.join(NODE_DIR, "node_modules", "eslint", "bin", "eslint.js")
TSC = os.path.join(NODE_DIR, "node_modules", "typescript", "bin", "tsc")
ESLINT_CONFIG = os.path.join(NODE_DIR, "eslint.config.mjs")
TS_CONFIG = os.path.join(NODE_DIR, "tsconfig.page.json")
PAGE_TYPES = os.path.join(NODE_DIR, "page-types")
HOW_TO_GET = "run make setup: it installs Node into .venv and ESLint and TypeScript into .node"
TS_ERROR = re.compile(r"^(?:.*/)?([\w.-]+\.mjs)\((\d+),\d+\): error (TS\d+): (.*)$", re.M)


def need_tools() -> str:
    """The node binary, once ESLint and tsc are installed; else a skip (a failure under CI)."""
    exe = shutil.which(node())
    missing = [name for name, path in (("eslint", ESLINT), ("typescript", TSC)) if not os.path.exists(path)]
    if not exe:
        missing.insert(0, "node")
    if missing:
        why = "the page's lint tools are missing (%s): %s" % (", ".join(missing), HOW_TO_GET)
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail("under CI the page must be linted: " + why)
        pytest.skip(why)
    return exe


def eslint(exe: str, cwd: str, folder: str) -> tuple:
    """(exit code, {(file name, rule, message)}): ESLint's own JSON report."""
    proc = subprocess.run(
        [exe, ESLINT, "-c", ESLINT_CONFIG, "-f", "json", folder], cwd=cwd, capture_output=True, text=True, timeout=120
    )
    assert proc.stdout.startswith("["), proc.stdout + proc.stderr  # a report, not a crash of the tool
    report = json.loads(proc.stdout)
    found = {(os.path.basename(f["filePath"]), m["ruleId"], m["message"]) for f in report for m in f["messages"]}
    return proc.returncode, found


def tsc(exe: str, config: str) -> tuple:
    """(exit code, {(file name, code, message)}, the whole output)."""
    proc = subprocess.run(
        [exe, TSC, "-p", config, "--pretty", "false"], capture_output=True, text=True, timeout=120, cwd=ROOT
    )
    out = proc.stdout + proc.stderr
    return proc.returncode, {(f, code, msg) for f, _, code, msg in TS_ERROR.findall(out)}, out


def planted(tmp_path, plants: dict) -> str:
    """A copy of the page, each file's text replaced as `plants` says: {file: (text, planted text)}."""
    page = tmp_path / "page"
    shutil.copytree(PAGE, page)
    for name, (old, new) in plants.items():
        path = page / name
        text = path.read_text()
        assert text.count(old) == 1, (name, old)  # the page changed: plant the error elsewhere
        path.write_text(text.replace(old, new))
    return str(page)


def test_eslint_passes_on_the_page():
    exe = need_tools()
    code, found = eslint(exe, ROOT, os.path.relpath(PAGE, ROOT))
    assert code == 0 and not found, sorted(found)


def test_eslint_fails_on_an_undefined_name_and_on_the_document_in_the_worker(tmp_path):
    exe = need_tools()
    planted(
        tmp_path,
        {
            "app.mjs": ("page.vt += TICK_MS;", "page.vt += TICK_MSS;"),
            # the scorer's worker has no document: browser globals are not its own
            "scorer-worker.mjs": ("const out = [];", "const out = [document.title];"),
        },
    )
    code, found = eslint(exe, str(tmp_path), "page")
    assert code != 0
    assert found == {
        ("app.mjs", "no-undef", "'TICK_MSS' is not defined."),
        ("scorer-worker.mjs", "no-undef", "'document' is not defined."),
    }, sorted(found)


def test_tsc_passes_on_the_page():
    exe = need_tools()
    code, found, out = tsc(exe, TS_CONFIG)
    assert code == 0 and not found, out


def test_tsc_fails_on_a_misspelled_property_and_a_wrong_argument(tmp_path):
    exe = need_tools()
    page = planted(
        tmp_path,
        {
            "device.mjs": ("this.ctx.putImageData(this.img, 0, 0, x0", "this.ctx.putImageDate(this.img, 0, 0, x0"),
            # util.mjs's b64 takes bytes (its JSDoc): a number is refused
            "app.mjs": ("rgba: b64(new Uint8Array(d.data.buffer))", "rgba: b64(d.data.length)"),
        },
    )
    config = tmp_path / "tsconfig.json"  # the project's flags, over the copy
    config.write_text(
        json.dumps(
            {
                "extends": TS_CONFIG,
                "compilerOptions": {"rootDirs": [page, PAGE_TYPES]},
                "include": [page + "/*.mjs", PAGE_TYPES],
            }
        )
    )
    code, found, out = tsc(exe, str(config))
    assert code != 0, out
    assert {(f, c) for f, c, _ in found} == {("device.mjs", "TS2551"), ("app.mjs", "TS2345")}, out
    messages = " ".join(m for _, _, m in found)
    assert "'putImageDate' does not exist on type 'CanvasRenderingContext2D'" in messages, out
    assert "'number' is not assignable to parameter of type 'Uint8Array" in messages, out


def test_make_check_runs_both_and_the_page_ships_every_module():
    with open(os.path.join(ROOT, "Makefile")) as f:
        check = f.read().split("\ncheck:", 1)[1].split("\n\n", 1)[0]
    assert "eslint/bin/eslint.js -c $(NODE)/eslint.config.mjs host_tools/usher_tools/web/page" in check, check
    assert "typescript/bin/tsc -p $(NODE)/tsconfig.page.json" in check, check
    # a module left out of PAGE_FILES is missing from the built page (an import that 404s)
    modules = {n for n in os.listdir(PAGE) if n.endswith(".mjs")}
    assert modules and modules <= set(PAGE_FILES), sorted(modules - set(PAGE_FILES))
