"""A Films placement in German on the simulator (real firmware, real
framebuf): Settings -> Language to Deutsch, a new Films game (Anna, Ben),
the bids (Anna 4, Ben 6) and their reveal, then Anna's half picker with its
three groups, compared pixel for pixel with tests/golden/PROFILE/films-place-de.png
(`UPDATE_GOLDEN=1` writes it anew; look at it before committing)."""

import pytest

from host.sim.test_shell_session import GERMAN, golden_of

# from Home, German and its cursor at the top: New game -> Films (its fourth
# row) -> Anna, Ben -> Start; OK on the round page: Anna's bid one below the
# start (prev opens it so), Ben's one above; the reveal; OK: Anna places
PLACE = "ok\nnext 3\nok\nok\nok\nok\nok\nprev\nok\nnext\nok\nok\nshot films-place-de\n"


@pytest.mark.parametrize("profile", ["lcd114", "oled"])
def test_golden_films_placement_in_german(profile, tmp_path):
    off, path = golden_of(profile, tmp_path, GERMAN.replace("shot home-de\n", "") + PLACE, "films-place-de")
    assert off == 0, "%d pixels differ from %s" % (off, path)
