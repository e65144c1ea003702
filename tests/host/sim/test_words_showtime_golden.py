"""A Showtime turn in German on the simulator (real firmware, real framebuf),
pixel for pixel against its golden picture on both panels: the seat choice
of a person.

Regenerate after a deliberate change of look with `UPDATE_GOLDEN=1` (then
look at the pictures before committing)."""

import pytest
from usher_tools.sim import Sim, SimConfig
from usher_tools.sim.script import run_script

from host.sim.test_shell_session import GERMAN, as_golden

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
    cfg = SimConfig(profile=profile, flash=str(tmp_path / "flash.img"), seed=1)
    with Sim(cfg) as sim:
        result = run_script(sim, TURN, str(tmp_path / "shots"))
    assert result["error"] == "", result["error"]
    assert "MemoryError" not in result.get("serial_tail", ""), result["serial_tail"]
    as_golden(tmp_path / "shots", profile, "showtime-turn-de")
