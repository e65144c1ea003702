"""Show Manager's turn menu in German, pixel for pixel, on both panels (the
simulator: the real firmware on the MicroPython VM): Settings -> Language to
Deutsch, a new four-player game, three free hires each, and Anna's turn opens
on her menu: a show to put on, the refresh and the four hires, the cursor on
the free card. Its golden picture is tests/golden/PROFILE/show_manager-turn-de.png
(written on the first run; look at it before committing it)."""

import pytest

from host.sim.test_shell_session import GERMAN, golden_of

# from Home in German (its cursor on New game): Show Manager, four players, a
# name a seat, Start; twelve free hires (each OK also ends a turn told, the
# next press's); next and prev: the turn told goes, the cursor back on the free card
TURN = GERMAN.replace("shot home-de\n", "") + "ok\nnext 2\nok\nok\nok 4\nok\nok 12\nnext\nprev\n"


@pytest.mark.parametrize("profile", ["lcd114", "oled"])
def test_golden_show_manager_turn_in_german(profile, tmp_path):
    off, path = golden_of(profile, tmp_path, TURN + "shot show_manager-turn-de\n", "show_manager-turn-de")
    assert off == 0, "%d pixels differ from %s" % (off, path)
