"""A Showbiz reveal in German on the simulator (real firmware, real framebuf,
256K heap), pixel for pixel against its golden picture on both panels:
Settings -> Language to Deutsch, a three-player game, the agent's steps, a
pick both others claim, three private bids, the reveal. Regenerate with
`UPDATE_GOLDEN=1` (then look at the pictures before committing)."""

import pytest

from host.sim.test_shell_session import GERMAN, golden_of

# after the shell's German script (Settings -> Language to Deutsch, the cursor on New game)
REVEAL = """
# New game -> Showbiz, three players, a name a seat, Start (the setup's first row)
ok
next
ok
prev
ok
ok
ok
ok
ok
# the general agent drawn, the taste row, the forecast and its die, the artists
ok
ok
ok
ok
# the pick: the first colour; both others claim it
ok
ok
next
ok
next
ok
prev 2
ok
# the bids, each passed to its bidder and back: the picker 3, the claimers 1 and 2
ok
next 2
ok
ok
ok
ok
ok
ok
next
ok
ok
shot showbiz-reveal-de
"""


@pytest.mark.parametrize("profile", ["lcd114", "oled"])
def test_golden_showbiz_reveal_in_german(profile, tmp_path):
    off, path = golden_of(profile, tmp_path, GERMAN.replace("shot home-de\n", "") + REVEAL, "showbiz-reveal-de")
    assert off == 0, "%d pixels differ from %s" % (off, path)
