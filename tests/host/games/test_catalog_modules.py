"""A game is its two packages, usher/games/<name>/ and usher/ui/<name>/
(leaving a game drops both by name), with the same module names for the
same roles in every game (docs/MAP.md, "Where a new game goes"): nothing of
a game lies outside them, and its rules package's __init__ is empty, so
that power-on and the link load its settings without its rules. And a
game's setup module that cannot be imported is said on the screen, never
played on defaults."""

import ast
import os
import sys

from usher_tools.paths import FIRMWARE, use_firmware

use_firmware()
from usher.games.catalog import GAMES, load_game  # noqa: E402

SHARED_RULES = {"__init__.py", "catalog.py", "header.py"}
GAMES_DIR = os.path.join(FIRMWARE, "usher", "games")


def test_every_rules_module_is_shared_or_in_a_catalog_game_s_package():
    found = {n for n in os.listdir(GAMES_DIR) if n != "__pycache__"} - SHARED_RULES
    assert found == {e.name for e in GAMES}, sorted(found ^ {e.name for e in GAMES})
    for e in GAMES:
        assert os.path.isdir(os.path.join(GAMES_DIR, e.name)), e.name


def test_every_game_has_its_packages_and_their_modules():
    for e in GAMES:
        rules = os.path.join(GAMES_DIR, e.name)
        assert os.path.exists(os.path.join(rules, "game.py")), e.name
        assert os.path.exists(os.path.join(rules, "settings.py")) == bool(e.settings_row), e.name
        with open(os.path.join(rules, "__init__.py")) as f:
            assert ast.parse(f.read()).body == [], e.name  # comments only: no code, no import
        ui = os.path.join(FIRMWARE, "usher", "ui", e.name)
        assert os.path.exists(os.path.join(ui, "__init__.py")), e.name
        assert os.path.exists(os.path.join(ui, "play.py")), e.name
        assert os.path.exists(os.path.join(ui, "settings.py")) == bool(e.settings_row), e.name
        if e.lo:  # started from New game: options first
            assert os.path.exists(os.path.join(ui, "setup.py")), e.name


def test_a_game_s_settings_module_gives_defaults_its_check_takes():
    for e in GAMES:
        if e.settings_row:
            mod = __import__("usher.games.%s.settings" % e.name, None, None, ["defaults", "check"])
            mod.check(mod.defaults())


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
