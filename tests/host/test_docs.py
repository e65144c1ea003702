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
