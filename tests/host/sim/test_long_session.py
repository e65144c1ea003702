"""The long session on the simulator, both profiles, at
320K (the rp2 port's 240 KB free at boot, on the 64-bit VM): six cycles of (a new game with
moves, Save & leave, a laptop's hello and list, a settings pull), the titles
in turn, then a whole 4-player Showbiz game with a full sync in its middle
(from files, not a ROMFS: every game, the unfinished Showbiz ones allowed on
the device with a press), then a sync at Home. No "Low memory", no reload,
no refusal; the last game on the flash is the game played; the heap at Home
stops growing once each title and the link have run once.

`make soak` plays eighteen cycles."""

import pytest
from usher_devkit.planners.session import run_long, summary

KB2 = 2048


def check(r: dict, cycles: int) -> None:
    assert r["error"] == "", (r["error"], r["device_stderr"][-800:])
    assert r["reloads"] == 0, r["serial_tail"][-800:]
    assert r["refused"] == [], r["refused"]
    assert r["records"] == r["planned_records"], (r["records"], r["planned_records"])
    assert r["as_planned"], "the record on the flash is not the game played on the laptop"
    assert r["last_score"]["finished"]
    m = r["marks"]
    # from the fourth cycle on, every title and the link have run: no more growth
    homes = [m["cycle%d" % i] for i in range(3, cycles + 1)] + [m["home-end"], m["home-synced"]]
    assert max(homes) - m["cycle3"] <= KB2, summary(r)
    # the mid-game sync pulled every game: the saved ones, and the game in play after a press
    ends = [a for lines in r["answers"].values() for a in lines if "end" in a]
    assert len(ends) == 2 * (cycles + 1), len(ends)
    assert 0 < r["firmware_peak_heap"] < 320 * 1024
    print("\n%s: %s" % (r["profile"], summary(r)))


# the OLED's in make test-long: the sessions differ only in the panel drawn
@pytest.mark.long  # a minute a board: make test's long run is test_pico_session's
@pytest.mark.parametrize("profile", ["lcd114", "oled"])
def test_the_long_session_runs_without_a_reload(profile, tmp_path):
    check(run_long(profile, 6, shots=str(tmp_path)), 6)


@pytest.mark.soak
@pytest.mark.parametrize("profile", ["lcd114", "oled"])
def test_the_long_session_eighteen_cycles(profile):
    check(run_long(profile, 18), 18)


@pytest.mark.long
def test_the_session_is_planned_the_same_way_twice():
    from usher_devkit.planners.session import long_session

    a = long_session("oled", 2)
    b = long_session("oled", 2)
    assert a.lines == b.lines and a.played == b.played
