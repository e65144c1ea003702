"""A whole four-player Showtime game on the simulator (the firmware compiled,
-X heapsize=256K, lockstep): from the home menu through the setup, 48 turns,
three scoring replays and summaries, a look at the red carpet and an undo,
to the final result. The button script comes from usher_devkit.planners.showtime,
which plays the game on the host with the same rules and cursor logic; the
record read back from the virtual flash must be that game, finished."""

import pytest
from usher_devkit.planners.showtime import run_game

HEAP = 256 * 1024


# the OLED's whole game in make test-long: make test plays the LCD's
@pytest.mark.parametrize("profile", ["lcd114", pytest.param("oled", marks=pytest.mark.long)])
def test_a_whole_four_player_game_runs_on_the_simulator(tmp_path, profile):
    res = run_game(n=4, seed=1, profile=profile, shots=str(tmp_path / "shots"))
    assert res["script_error"] == "", res["stderr"]
    assert "MemoryError" not in res["stderr"], res["stderr"]
    assert res["records"] == ["data/g0001.log"]
    assert res["as_planned"], "the record on the flash is not the game the script played"
    assert res["score"]["finished"]
    assert [p["score"] for p in res["score"]["players"]] == sorted(res["planned_totals"], reverse=True)
    assert res["peak_heap"] < HEAP
    assert res["placements"] == 48
    assert res["median"] <= 6, res
    print(
        "\n%s: peak heap %d bytes, presses per placement median %s max %d mean %s, %s s"
        % (profile, res["peak_heap"], res["median"], res["max"], res["mean"], res["wall_s"])
    )
    assert (tmp_path / "shots" / "final.png").exists()


def test_players_who_take_the_best_move_now_need_five_presses_a_turn_or_fewer():
    """Over twenty planned games (random hands): the planner's players pick the
    move worth most if the screening were scored now, which is where the seat
    cursor starts; the person cursor starts on the lowest number."""
    from usher_devkit.planners.showtime import press_figures

    f = press_figures(games=20)
    print("\npresses per placement over %(placements)d turns: median %(median)s, max %(max)d, mean %(mean)s" % f)
    assert f["median"] <= 5, f
    assert f["max"] <= 20, f


def test_the_script_is_planned_the_same_way_twice():
    from usher_devkit.planners.showtime import plan_game

    a = plan_game(seed=3)
    b = plan_game(seed=3)
    assert a.lines == b.lines and a.actions == b.actions
