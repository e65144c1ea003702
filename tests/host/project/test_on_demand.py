"""A game's main screen lets go of the code it loads on demand when a
laptop's link needs the heap (Screen.spare, a module's ON_DEMAND). Safe only
if nothing that stays imports any of it at its top: a module still held
would be imported a second time later (twice the RAM, and a class that is
not itself). Read from the syntax trees."""

import ast
import os

from tooling import ROOT, modules

FIRMWARE = os.path.join(ROOT, "firmware")


def top_imports(path: str, name: str) -> set:
    """Modules the file imports in its own body (not inside a function)."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out = set()
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.If, ast.Try)):  # a guarded import is still the module's
            todo += node.body + getattr(node, "orelse", []) + [h for x in getattr(node, "handlers", []) for h in x.body]
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                parts = package.split(".")
                mod = ".".join(parts[: len(parts) - node.level + 1] + ([mod] if mod else []))
            out.add(mod)
            out |= {mod + "." + a.name for a in node.names}
    return out


def closure(start: str, mods: dict) -> set:
    """`start` and every usher module it imports at a top, at any depth (with
    the packages each lies in, which an import runs)."""
    seen: set = set()
    todo = [start]
    while todo:
        m = todo.pop()
        if m in seen or m not in mods:
            continue
        seen.add(m)
        for dep in top_imports(mods[m], m):
            parts = dep.split(".")
            todo += [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
    return seen


def on_demand_lists(mods: dict) -> dict:
    """Module name -> its ON_DEMAND tuple, for every module that has one."""
    out = {}
    for name, path in mods.items():
        for node in ast.parse(open(path, encoding="utf-8").read()).body:
            if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "ON_DEMAND" for t in node.targets):
                out[name] = ast.literal_eval(node.value)
    return out


def test_a_games_on_demand_code_is_imported_at_no_top_that_stays():
    mods = modules(FIRMWARE)
    lists = on_demand_lists(mods)
    assert "usher.ui.showbiz.play" in lists, sorted(lists)
    for owner, names in lists.items():
        assert names and all(n in mods for n in names), (owner, [n for n in names if n not in mods])
        staying = closure(owner, mods) | closure("usher.app", mods) | closure("usher.link.serve", mods)
        assert not staying & set(names), (owner, sorted(staying & set(names)))


def test_the_check_sees_a_top_import():
    """The checker itself: play's own top imports are found, and one of them
    put in a made-up ON_DEMAND would be caught."""
    mods = modules(FIRMWARE)
    got = closure("usher.ui.showbiz.play", mods)
    assert {"usher.ui.showbiz.views", "usher.ui.showbiz.draw", "usher.ui.screen"} <= got, sorted(got)
    assert "usher.ui.showbiz.turn" not in got
    assert os.path.isdir(os.path.join(ROOT, "firmware", "usher"))
