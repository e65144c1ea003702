"""The firmware's layers, read from its syntax trees (imports at any depth,
relative ones, and __import__ with a literal name): core <- games <- ui <-
app, board on its own; no circles; the core touches no hardware, clock or
I/O and names no game."""

import ast
import os

from tooling import ROOT, modules

FIRMWARE = os.path.join(ROOT, "firmware")
# modules of the Python/MicroPython library the core may not import: hardware, clock, I/O, chance
CORE_BANNED = ("machine", "framebuf", "time", "utime", "os", "select", "sys", "micropython", "random", "io")
# what each layer may import (besides itself); "top" is the app level: usher.app, usher.link.*, ...
# "memory" is usher.memory alone: forgetting modules and collecting, which the
# screens, the link and the app share; it touches sys, so it is not core, and
# it imports nothing of Usher's; "words" is usher.words and its tables: the
# language's texts, which the screens and the app say (it lets go of a table
# through memory)
ALLOWED = {
    "core": {"core"},
    "games": {"core", "games"},
    "memory": set(),
    "words": {"memory", "words"},
    "ui": {"core", "games", "ui", "memory", "words"},
    "board": {"board"},
    "top": {"core", "games", "ui", "board", "memory", "words", "top"},
}


def imported_names(path: str, name: str) -> list:
    """Every module name the file imports, wherever the import stands."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    package = name if path.endswith("__init__.py") else name.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - node.level + 1]
                mod = ".".join(parts + ([mod] if mod else []))
            out.append(mod)
            out += [mod + "." + a.name for a in node.names]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", None) == "__import__":
            arg = node.args[0] if node.args else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                out.append(arg.value)
    return out


def graph(base: str) -> tuple:
    """(edges between firmware modules, foreign imports per module)."""
    mods = modules(base)

    def resolve(n: str):
        while n and n not in mods:
            n = n.rpartition(".")[0]
        return n or None

    edges = {m: set() for m in mods}
    foreign = {m: set() for m in mods}
    for m, path in mods.items():
        for n in imported_names(path, m):
            if n == "usher" or n.startswith("usher."):
                t = resolve(n)
                if t and t != m and t != "usher":
                    edges[m].add(t)
            else:
                foreign[m].add(n.split(".")[0])
    return edges, foreign


def layer(m: str) -> str:
    if m == "usher.memory":
        return "memory"
    parts = m.split(".")
    if len(parts) >= 2 and parts[1] in ("core", "games", "ui", "board", "words"):
        return parts[1]
    return "top"


def broken_arrows(edges: dict) -> list:
    out = []
    for m, targets in sorted(edges.items()):
        for t in sorted(targets):
            if t.startswith(m + "."):
                continue  # a package's __init__ may name its own modules
            if layer(t) not in ALLOWED[layer(m)]:
                out.append("%s -> %s" % (m, t))
            elif layer(m) != "top" and layer(t) == "top":
                out.append("%s -> %s" % (m, t))
    return out


def circles(edges: dict) -> list:
    """Strongly connected components of more than one module (Tarjan)."""
    index, low, stack, on, found = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_every_arrow_points_down_the_layers():
    edges, _ = graph(FIRMWARE)
    assert len(edges) > 50
    assert broken_arrows(edges) == []


def test_no_import_circles_among_firmware_modules():
    edges, _ = graph(FIRMWARE)
    assert circles(edges) == []


def test_the_core_touches_no_hardware_clock_or_io():
    _, foreign = graph(FIRMWARE)
    for m, names in foreign.items():
        if layer(m) == "core":
            assert not (names & set(CORE_BANNED)), (m, names & set(CORE_BANNED))


def test_the_core_names_no_game():
    import re

    from usher.games.catalog import names

    core = os.path.join(FIRMWARE, "usher", "core")
    for f in os.listdir(core):
        if f.endswith(".py"):
            text = open(os.path.join(core, f), encoding="utf-8").read().lower()
            for game in names():
                assert not re.search(r"\b%s\b" % game, text), (f, game)


def test_the_check_sees_circles_and_wrong_arrows_even_inside_functions(tmp_path):
    """The checker itself can fail: a small tree with an import inside a
    function forming a circle, a __import__ upwards and a relative import."""
    pkg = tmp_path / "usher"
    for d in ("core", "games", "ui", "board"):
        (pkg / d).mkdir(parents=True)
        (pkg / d / "__init__.py").write_text("")
    (pkg / "__init__.py").write_text("")
    (pkg / "core" / "a.py").write_text("def f():\n    from usher.core import b\n")
    (pkg / "core" / "b.py").write_text("from . import a\n")
    (pkg / "games" / "g.py").write_text("def f():\n    __import__('usher.ui.s')\n")
    (pkg / "ui" / "s.py").write_text("import usher.app\n")
    (pkg / "board" / "d.py").write_text("from ..ui import s\n")
    (pkg / "app.py").write_text("import time\n")
    (pkg / "core" / "t.py").write_text("def f():\n    import time\n")
    edges, foreign = graph(str(tmp_path))
    assert circles(edges) == [["usher.core.a", "usher.core.b"]]
    assert broken_arrows(edges) == [
        "usher.board.d -> usher.ui",
        "usher.board.d -> usher.ui.s",
        "usher.games.g -> usher.ui.s",
        "usher.ui.s -> usher.app",
    ]
    assert "time" in foreign["usher.core.t"]


def test_a_game_imports_nothing_of_another_game():
    """A game is its two packages (usher.games.<game>, usher.ui.<game>): one
    game's code never loads another's (dice's draws keep their own bags)."""
    from usher.games.catalog import names

    edges, _ = graph(FIRMWARE)
    games = names()

    def game_of(m: str) -> str:
        parts = m.split(".")
        return parts[2] if len(parts) >= 3 and parts[1] in ("games", "ui") and parts[2] in games else ""

    crossed = [
        "%s -> %s" % (m, t)
        for m, targets in sorted(edges.items())
        for t in sorted(targets)
        if game_of(m) and game_of(t) and game_of(m) != game_of(t)
    ]
    assert crossed == []
