"""The docs stay true: every file a markdown page links to exists, every
`make` target the README names is in the Makefile, and the two set-up
commands come first."""

import glob
import os
import re

from tooling import ROOT

PAGES = ["README.md", "hardware/README.md"] + sorted(
    glob.glob(os.path.join(ROOT, "docs", "*.md")) + glob.glob(os.path.join(ROOT, "firmware", "*.md"))
)
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_every_relative_link_and_picture_exists():
    missing = []
    checked = 0
    for page in PAGES:
        path = page if os.path.isabs(page) else os.path.join(ROOT, page)
        with open(path) as f:
            text = f.read()
        for target in LINK.findall(text):
            if "://" in target or target.startswith("mailto:"):
                continue
            checked += 1
            if not os.path.exists(os.path.join(os.path.dirname(path), target)):
                missing.append("%s -> %s" % (os.path.relpath(path, ROOT), target))
    assert checked > 20 and not missing, (checked, missing)


def test_make_targets_named_in_the_readme_exist():
    with open(os.path.join(ROOT, "Makefile")) as f:
        targets = set(re.findall(r"^([a-z][a-z0-9-]*):", f.read(), re.M))
    with open(os.path.join(ROOT, "README.md")) as f:
        named = set(re.findall(r"`make ([a-z][a-z0-9-]*)", f.read()))
    assert named and not named - targets, named - targets


def test_readme_starts_with_make_run_then_make_test():
    with open(os.path.join(ROOT, "README.md")) as f:
        text = f.read()
    block = text[text.index("```") : text.index("```", text.index("```") + 3)]
    commands = [line.split("#")[0].strip() for line in block.splitlines()[1:] if line.strip()]
    assert commands[:2] == ["make run", "make test"], commands


def test_the_map_names_only_files_and_methods_that_exist():
    # docs/MAP.md is read by the next engineer before the code: a file or a
    # `Class.method` it names that is gone would send them the wrong way
    import ast

    with open(os.path.join(ROOT, "docs", "MAP.md")) as f:
        text = f.read()
    names = set(re.findall(r"`([^`\s]+)`", text))
    tree_files = {top + "/" for top in ("firmware", "host_tools", "tests", "docs", "hardware")}
    for top in ("firmware", "host_tools", "tests", "docs", "hardware"):
        for path in glob.glob(os.path.join(ROOT, top, "**", "*"), recursive=True):
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            tree_files.add(rel + ("/" if os.path.isdir(path) else ""))

    def exists(n: str) -> bool:  # a path from the root, or the end of one
        return any(f == n or f.endswith("/" + n) for f in tree_files)

    files = [n for n in names if re.fullmatch(r"[\w./-]+\.(py|md)|[\w./-]+/", n) and "<" not in n]
    missing = [n for n in files if not exists(n)]
    defined: dict = {}
    sources = glob.glob(os.path.join(ROOT, "firmware", "usher", "**", "*.py"), recursive=True)
    sources += glob.glob(os.path.join(ROOT, "host_tools", "**", "*.py"), recursive=True)
    for path in sources:
        with open(path) as f:
            tree = ast.parse(f.read())
        mod = os.path.basename(path)[:-3]
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in ast.walk(node):  # its methods and the attributes they set
                    if isinstance(item, ast.FunctionDef):
                        defined.setdefault(node.name, set()).add(item.name)
                    elif isinstance(item, ast.Attribute) and isinstance(item.ctx, ast.Store):
                        defined.setdefault(node.name, set()).add(item.attr)
            elif isinstance(node, ast.FunctionDef):
                defined.setdefault(mod, set()).add(node.name)
    methods = [n for n in names if re.fullmatch(r"[A-Z]\w+\.[a-z_]+|[a-z_]+\.[a-z_]+", n) and n != "Class.method"]
    # not files (on the device or here) nor modules
    methods = [
        n for n in methods if not exists(n) and not n.startswith("usher.") and not n.endswith((".jsonl", ".log"))
    ]
    unknown = [n for n in methods if n.split(".")[1] not in defined.get(n.split(".")[0], set())]
    assert len(files) > 10 and len(methods) > 5, (files, methods)
    assert not missing and not unknown, (missing, unknown)
    # every game of the catalog is named there
    from usher_tools.paths import use_firmware

    use_firmware()
    from usher.games.catalog import GAMES

    assert all("`%s`" % e.name in text for e in GAMES), [e.name for e in GAMES if "`%s`" % e.name not in text]
