"""The catalog names each game's modules exactly (leaving a game drops them
by name), so the list must be the files: a helper added without its line in
the catalog would stay in RAM after the game. And a game's setup module that
cannot be imported is said on the screen, never played on defaults."""

import glob
import os
import sys

from usher_tools.paths import FIRMWARE, use_firmware

use_firmware()
from usher.games.catalog import GAMES, HELPERS, NAME, load_game  # noqa: E402

SHARED_RULES = {"__init__.py", "catalog.py", "header.py"}


def test_every_rules_module_is_a_game_or_a_helper_the_catalog_names():
    games = os.path.join(FIRMWARE, "usher", "games")
    found = {os.path.basename(p) for p in glob.glob(os.path.join(games, "*.py"))} - SHARED_RULES
    named = set()
    for e in GAMES:
        named.add(e[NAME] + ".py")
        named |= {"%s_%s.py" % (e[NAME], h) for h in e[HELPERS]}
    assert found == named, (sorted(found - named), sorted(named - found))


def test_every_game_has_its_screens_package_and_setup():
    for e in GAMES:
        ui = os.path.join(FIRMWARE, "usher", "ui", e[NAME])
        assert os.path.exists(os.path.join(ui, "__init__.py")), e[NAME]
        assert os.path.exists(os.path.join(ui, "play.py")), e[NAME]
        if e[NAME] != "dice":  # started from New game: options first
            assert os.path.exists(os.path.join(ui, "setup.py")), e[NAME]


class ToastApp:
    def __init__(self):
        self.said = []
        self.match = None

    def toast(self, msg):
        self.said.append(msg)


def test_a_setup_module_that_fails_to_import_is_said_and_nothing_starts(monkeypatch):
    from usher.ui import newgame

    monkeypatch.setitem(sys.modules, "usher.ui.films.setup", None)  # importing it raises ImportError
    app = ToastApp()
    newgame.options(app, load_game("films"), [{"name": "Ann", "colour": 0}, {"name": "Bob", "colour": 1}])
    assert app.said == ["Not installed: Films"]
    assert app.match is None
