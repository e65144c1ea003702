"""docs/MAP.md's "Where a new game goes" is all a new game needs on the
device: a throwaway sixth game (tests/fixtures/sixth_game, "Coin toss") is
added to a copy of the firmware through exactly the files that list names,
and played to its end on the MicroPython VM through the screens (New game,
the roster, Start, the tosses, the winner, Home, the record replayed from
flash), with the shell's machinery (New game's list, leaving a game by its
modules) taking it from the catalog alone. On the laptop it is one file in
a copy of the product, usher_tools/history/games/coin.py, and a record of
it goes through import, games, show, stats, export and report; without that
file the generic fallback says it. The kit's side of the list (its registry
entry) is held by tests/host/games/test_registry.py; with that entry alone
(tests/fixtures/sixth_game/registry_entry.txt) the bench has its section and
its kind of press, and the web page its title (and, once its laptop module
splits records into plays, that module) with no other edit."""

import json
import os
import re
import shutil
import subprocess
import sys

from tooling import FIRMWARE, KIT_PATHS, ROOT, TESTS, micropython

PRODUCT = os.path.join(ROOT, "host_tools", "usher_tools")

FIXTURE = os.path.join(TESTS, "fixtures", "sixth_game")

DRIVER = """
import sys, json
sys.path[:0] = %s
from app_kit import make_app, goto, labels, press
from usher.games.catalog import modules_of, names
from usher.core.match import Match
from usher.games.catalog import load_game
app, st = make_app()
out = {"catalog": names(), "modules": modules_of("coin")}
goto(app, "New game")
out["offered"] = labels(app)
goto(app, "Coin toss")
pk = app.top()
if hasattr(pk, "value"):
    while pk.value > 2:
        press(app, "prev")
    press(app, "ok")
steps = 0
while app.match is None and steps < 8:  # the roster's names in order, then Start
    if "Start" in labels(app):
        goto(app, "Start")
    else:
        press(app, "ok")
    steps += 1
out["players"] = len(app.match.state["players"])
tosses = 0
while app.match is not None and not app.match.is_over() and tosses < 10:
    press(app, "ok")
    tosses += 1
m = app.match
out["tosses"] = tosses
out["over"] = m.is_over()
out["standings"] = m.standings()
out["loaded"] = sorted(k for k in sys.modules if k.startswith("usher.") and "coin" in k)
press(app, "back")
goto(app, "Home")
out["after_home"] = sorted(k for k in sys.modules if k.startswith("usher.") and "coin" in k)
again = Match.resume(st, m.name, load_game)
out["replayed"] = again.is_over() and again.standings() == out["standings"]
print("RESULT " + json.dumps(out))
"""


def added_game(base: str) -> str:
    """A copy of the firmware with Coin toss added, as the list says."""
    fw = os.path.join(base, "firmware")
    shutil.copytree(FIRMWARE, fw, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(os.path.join(FIXTURE, "usher"), os.path.join(fw, "usher"), dirs_exist_ok=True)
    shutil.copyfile(os.path.join(FIXTURE, "RECORD-coin.md"), os.path.join(fw, "RECORD-coin.md"))
    cat = os.path.join(fw, "usher", "games", "catalog.py")
    text = open(cat).read()
    with open(os.path.join(FIXTURE, "catalog_line.txt")) as f:
        line = f.read()
    end = text.index("\n)\n", text.index("\nGAMES"))  # the end of the GAMES tuple
    with open(cat, "w") as f:
        f.write(text[: end + 1] + line + text[end + 1 :])
    return fw


def tree(folder: str) -> dict:
    out = {}
    for d, dirs, files in os.walk(folder):
        dirs[:] = [x for x in dirs if x != "__pycache__"]
        for f in files:
            p = os.path.join(d, f)
            out[os.path.relpath(p, folder)] = open(p, "rb").read()
    return out


def test_the_new_game_touches_only_the_files_the_map_lists(tmp_path):
    fw = added_game(str(tmp_path))
    before, after = tree(FIRMWARE), tree(fw)
    added = sorted(set(after) - set(before))
    changed = sorted(f for f in before if f in after and before[f] != after[f])
    assert added == [
        "RECORD-coin.md",
        "usher/games/coin/__init__.py",
        "usher/games/coin/game.py",
        "usher/ui/coin/__init__.py",
        "usher/ui/coin/play.py",
        "usher/ui/coin/setup.py",
    ]
    assert changed == ["usher/games/catalog.py"]
    with open(os.path.join(ROOT, "docs", "MAP.md")) as f:
        where = f.read().split("## Where a new game goes", 1)[1].split("\n## ", 1)[0]
    for named in ("firmware/usher/games/<game>/", "firmware/usher/games/catalog.py", "firmware/usher/ui/<game>/"):
        assert named in where, named
    assert "firmware/RECORD-<game>.md" in where and re.search(r"`play\.py` with `open\(app\)`", where)


def test_the_sixth_game_plays_to_its_end_on_the_micropython_vm(tmp_path):
    fw = added_game(str(tmp_path))
    proc = micropython(["-c", DRIVER % json.dumps([fw] + KIT_PATHS)], cwd=str(tmp_path))
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT ")]
    assert proc.returncode == 0 and lines, (proc.stdout + proc.stderr)[-3000:]
    out = json.loads(lines[-1][len("RESULT ") :])
    assert out["catalog"][-1] == "coin" and "Coin toss" in out["offered"]
    assert out["modules"] == ["usher.ui.coin", "usher.games.coin"], out["modules"]
    assert out["tosses"] == 2 * out["players"] and out["over"], out
    assert [s["name"] for s in out["standings"]] and out["standings"][0]["rank"] == 1
    assert "usher.games.coin.game" in out["loaded"] and out["after_home"] == [], out  # leaving drops its modules
    assert out["replayed"], out


# -- the laptop: one file in history/games/ ----------------------------------------------------
def added_laptop(base: str, with_module: bool = True) -> str:
    """A copy of the product that scores with the firmware Coin toss was
    added to, and (with_module) the game's one file on the laptop."""
    fw = added_game(base)
    top = os.path.join(base, "product")
    pkg = os.path.join(top, "usher_tools")
    shutil.copytree(PRODUCT, pkg, ignore=shutil.ignore_patterns("__pycache__", "firmware"))
    os.symlink(fw, os.path.join(pkg, "firmware"))
    if with_module:
        shutil.copyfile(os.path.join(FIXTURE, "laptop", "coin.py"), os.path.join(pkg, "history", "games", "coin.py"))
    return top


def usher(top: str, db: str, *args: str) -> str:
    env = dict(os.environ, PYTHONPATH=top, USHER_DB=db, COLUMNS="120")
    proc = subprocess.run(
        [sys.executable, "-m", "usher_tools.cli", *args], capture_output=True, text=True, env=env, cwd=top, timeout=120
    )
    assert proc.returncode == 0, (args, proc.stdout[-2000:], proc.stderr[-2000:])
    return proc.stdout


def test_on_the_laptop_the_new_game_is_one_file(tmp_path):
    top = added_laptop(str(tmp_path))
    added = sorted(set(tree(os.path.join(top, "usher_tools"))) - set(tree(PRODUCT)))
    assert added == [os.path.join("history", "games", "coin.py")]
    with open(os.path.join(ROOT, "docs", "MAP.md")) as f:
        where = f.read().split("## Where a new game goes", 1)[1].split("\n## ", 1)[0]
    assert "host_tools/usher_tools/history/games/<game>.py" in where


def test_the_laptop_imports_shows_counts_exports_and_draws_the_new_game(tmp_path):
    top = added_laptop(str(tmp_path))
    db = str(tmp_path / "history.sqlite")
    rec = os.path.join(FIXTURE, "coin.rec")
    assert "new" in usher(top, db, "import", rec)
    listed = usher(top, db, "games")
    assert "won by Anna" in listed and "mismatch" not in listed  # re-scored as the record says
    shown = usher(top, db, "show", "coin")
    for line in ("Round 1", "Anna tosses heads.", "Cleo tosses tails.", "Round 2", "Heads: Anna 2, Ben 1, Cleo 0."):
        assert line in shown, shown
    stats = json.loads(usher(top, db, "stats", "--json"))
    assert [(t["game"], t["title"], t["unit"], t["best"], t["best_by"]) for t in stats["titles"]] == [
        ("coin", "Coin toss", "heads", 2, "Anna")
    ]
    rows = usher(top, db, "export", "--format", "csv").splitlines()
    assert rows[1].split(",")[3:5] == ["coin", "Coin toss"] and ",heads," in rows[1], rows
    data = json.loads(usher(top, db, "show", "coin", "--json"))
    assert data["finished"] and [s["name"] for s in data["standings"]] == ["Anna", "Ben", "Cleo"]
    png = str(tmp_path / "coin.png")
    usher(top, db, "report", "coin", "-o", png)
    assert open(png, "rb").read(8) == b"\x89PNG\r\n\x1a\n"
    steps = subprocess.run(
        [sys.executable, "-c", STEPS, db],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=top),
        timeout=120,
    )
    assert steps.returncode == 0, steps.stderr[-2000:]
    chart = json.loads(steps.stdout)
    assert chart["xlabel"] == "tosses" and chart["xs"] == list(range(7)) and chart["series"][0][-1] == 2


STEPS = """
import json, sys
from usher_tools.history.store import History
from usher_tools.history.replay import replay_row
from usher_tools.history.report import game_steps
row = History(sys.argv[1], create=False).find("coin")[0]
print(json.dumps(game_steps(replay_row(row))))
"""


LISTS = """
import json
from usher_tools import web
from usher_devkit import bench
from usher_devkit.bench import pico
print(json.dumps({
    "titles": web.titles(),
    "modules": list(web.games_modules()),
    "parts": [list(p) for p in bench.PARTS],
    "kind": pico.kind_of("ok", "coin.play.CoinScreen", "coin.play.CoinScreen"),
}))
"""


def added_kit(base: str) -> str:
    """A copy of the product with Coin toss (its laptop module splitting a
    record into plays, as Films' does) beside a copy of the development kit
    with its registry entry: the folder to put on PYTHONPATH."""
    top = added_laptop(base)
    with open(os.path.join(top, "usher_tools", "history", "games", "coin.py"), "a") as f:
        f.write("\n\ndef plays(rp):\n    return []\n")
    kit = os.path.join(top, "usher_devkit")
    shutil.copytree(
        os.path.join(ROOT, "host_tools", "devkit", "usher_devkit"), kit, ignore=shutil.ignore_patterns("__pycache__")
    )
    reg = os.path.join(kit, "registry.py")
    text = open(reg).read()
    end = text.index("\n}\n", text.index("\nGAMES = {"))  # the end of the GAMES table
    with open(os.path.join(FIXTURE, "registry_entry.txt")) as f:
        entry = f.read()
    with open(reg, "w") as f:
        f.write(text[: end + 1] + entry + text[end + 1 :])
    return top


def test_the_bench_and_the_page_take_the_new_game_from_the_catalog_and_the_registry(tmp_path):
    top = added_kit(str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-c", LISTS],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=top),
        cwd=top,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout.splitlines()[-1])
    assert got["titles"]["coin"] == "Coin toss" and list(got["titles"])[-1] == "coin"
    assert got["modules"] == ["__init__.py", "generic.py", "films.py", "coin.py"], got["modules"]
    games = [p for p in got["parts"] if p[0] in ("films", "coin")]
    assert games == [["films", "films", "Films"], ["coin", "full_game:coin", "Coin toss"]], got["parts"]
    assert got["kind"] == "Coin toss"


def test_without_its_file_the_laptop_says_the_new_game_the_generic_way(tmp_path):
    top = added_laptop(str(tmp_path), with_module=False)
    db = str(tmp_path / "history.sqlite")
    usher(top, db, "import", os.path.join(FIXTURE, "coin.rec"))
    shown = usher(top, db, "show", "coin")
    assert "1. toss: heads True" in shown and "scores: Anna 1, Ben 0, Cleo 0" in shown, shown
    assert "tosses" not in shown
    stats = json.loads(usher(top, db, "stats", "--json"))
    assert [(t["game"], t["unit"]) for t in stats["titles"]] == [("coin", "points")]
