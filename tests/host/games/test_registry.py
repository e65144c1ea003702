"""Every game of the firmware's catalog has its entry in the host's one
per-game table of each package: the product's module of the game on the
laptop (usher_tools.history.games.<game>: its sheet teller, units, tie-break
words, report steps) and the development kit's registry (usher_devkit.registry), from which the full
scripted games (and so the bench and the emulated Pico's memory gate), the
32-bit meter, the manual's pictures, the memory loops and the bad-record
tests are derived; and what the registry names is there: a planner with its
full game, the memory loop's operations on the device side, the record, the
pictures in the manual, the title on the web page. A fifth game added to
the catalog fails here until it has them all."""

import ast
import os

from tooling import ROOT, TESTS
from usher_tools.paths import use_firmware

use_firmware()
from usher.games.catalog import GAMES  # noqa: E402

TITLES = {e.name: e.title for e in GAMES}


def memloop_ops() -> set:
    """The operations the device side of the memory loops knows (its OPS dict)."""
    path = os.path.join(ROOT, "host_tools", "devkit", "usher_devkit", "kit", "memloop.py")
    tree = ast.parse(open(path).read())
    out = set()
    for node in tree.body:
        if not isinstance(node, ast.Assign):
            continue
        t = node.targets[0]
        if getattr(t, "id", "") == "OPS":  # OPS = {...}
            out |= {k.value for k in node.value.keys}  # type: ignore[attr-defined]
        elif isinstance(t, ast.Subscript) and getattr(t.value, "id", "") == "OPS":  # OPS["every"] = ...
            out.add(t.slice.value)  # type: ignore[attr-defined]
    return out


def missing(names: list) -> list:
    """(game, what it lacks) for every catalog name in `names`."""
    from usher_devkit import registry
    from usher_tools.history import games

    with open(os.path.join(ROOT, "host_tools", "usher_tools", "web", "page", "index.html")) as f:
        page = f.read()
    with open(os.path.join(ROOT, "docs", "PLAYING.md")) as f:
        manual = f.read()
    ops = memloop_ops()
    out = []
    for g in names:
        if games.module(g) is None:
            out.append((g, "its module usher_tools.history.games.%s" % g))
        e = registry.GAMES.get(g)
        if e is None:
            out.append((g, "an entry in usher_devkit.registry.GAMES"))
            continue
        if not os.path.exists(os.path.join(TESTS, "records", e.record)):
            out.append((g, "its record tests/records/" + e.record))
        if not e.memory or [op for op in e.memory if op not in ops]:
            out.append((g, "its operations in kit/memloop.py's OPS"))
        if "**%s" % TITLES.get(g, g) not in manual:
            out.append((g, "its section in docs/PLAYING.md"))
        if g == "dice":
            continue  # chance only: no rules to play a full game of
        if not e.full_game or not e.meter or not hasattr(registry.planner(g), "full_plan"):
            out.append((g, "usher_devkit.planners.%s with full_plan, and its bench labels" % g))
        shots = ["screens/%s-%s-lcd114.png" % (g, s) for s in e.pictures]
        if not shots or [s for s in shots if s not in manual]:
            out.append((g, "its pictures in docs/PLAYING.md"))
        if TITLES.get(g, g) not in page:
            out.append((g, "its title in the web page's text"))
    return out


def test_every_catalog_game_has_every_entry():
    assert missing(list(TITLES)) == []


def test_the_registry_holds_only_catalog_games():
    from usher_devkit import registry

    assert [g for g in registry.GAMES if g not in TITLES] == []


def test_a_sixth_game_in_the_catalog_only_fails_here():
    lacks = [what for g, what in missing(["coin_toss"])]
    assert lacks == ["its module usher_tools.history.games.coin_toss", "an entry in usher_devkit.registry.GAMES"]


def test_the_kit_s_tables_are_the_registry_s():
    from usher_devkit import memsoak, registry
    from usher_devkit.bench import meter as bench_meter
    from usher_devkit.meter import games as meter_games
    from usher_devkit.planners import full_games
    from usher_devkit.screens import PICKS

    from host.cli.test_cli_score_bad import FILES

    played = registry.played()
    assert played == [g for g in TITLES if g != "dice"]
    assert [g for g in full_games.GAMES if g != "long_session"] == played
    assert sorted(meter_games.GAMES) == sorted(played)
    assert [g for g in played if g not in bench_meter.LABEL] == []
    assert sorted(PICKS) == sorted(played)
    assert sorted(FILES) == sorted(TITLES)
    assert set(memsoak.OPS) <= memloop_ops() and all(op in memsoak.WHAT for op in memsoak.OPS)


def test_the_bench_s_sections_and_the_page_s_titles_are_the_registry_s_and_the_catalog_s():
    from usher_devkit import bench, registry
    from usher_devkit.bench import pico
    from usher_tools import web

    played = registry.played()
    assert [(p[0], p[2]) for p in bench.PARTS if p[0] in TITLES] == [(g, TITLES[g]) for g in played]
    assert set(registry.value_screens()) <= set(pico.VALUE_SCREENS)
    assert [pico.kind_of(p.key or "ok", p.screen or "x", p.after or "x") for p in registry.presses()] == [
        p.kind for p in registry.presses()
    ]
    assert web.titles() == TITLES
