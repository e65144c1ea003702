"""A Showtime turn in German on the simulator (real firmware, real framebuf),
pixel for pixel against its golden picture on both panels: the seat choice
of a person.

Regenerate after a deliberate change of look with `UPDATE_GOLDEN=1` (then
look at the pictures before committing)."""

import pytest

from host.sim.test_shell_session import GERMAN, golden_of

# Home in German (test_shell_session's steps), then a two-player game: the
# device draws the poster and who starts; Anna and Ben each seat a person
# (the seat the cursor offers, not their genre); then the next one's person,
# Gloria, picked: the seat choice, its footer saying whom and where
TURN = GERMAN + (
    "ok\nok\n"  # New game; Showtime
    "prev 2\nok\n"  # two players (the picker starts on four)
    "ok 2\n"  # the seats: Anna, Ben
    "ok\nwait 300\n"  # Start: the poster and the start player drawn
    "ok\nwait 200\n"  # the splash: the turns
    "ok\nok\nprev\n"  # Bea on the seat offered; not her genre
    "next\nok\nok\nprev\n"  # Benny on the seat offered; not his genre
    "next\nok\nwait 100\n"  # Gloria: where does she sit?
    "shot showtime-turn-de\n"
)


@pytest.mark.parametrize("profile", ["lcd114", "oled"])
def test_golden_showtime_turn_in_german(profile, tmp_path):
    off, path = golden_of(profile, tmp_path, TURN, "showtime-turn-de")
    assert off == 0, "%d pixels differ from %s" % (off, path)
