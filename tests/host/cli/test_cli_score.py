"""`usher score FILE` on the hand-written dice records in tests/records/."""

import json
import os
import subprocess

from tooling import ROOT, TESTS, tool
from usher.core.record import encode_line

RECORDS = os.path.join(TESTS, "records")


def score(path):
    return subprocess.run(
        [tool("usher"), "score", path, "--json"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )


def test_valid_dice_record_scores_level_and_unfinished():
    p = score(os.path.join(RECORDS, "dice_two_players.rec"))
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout)
    # dice keeps no score and never ends: both level at rank 1, no winner
    assert got == {
        "game": "dice",
        "finished": False,
        "players": [{"name": "Anna", "score": 0, "rank": 1}, {"name": "Ben", "score": 0, "rank": 1}],
        "winner": None,
        "start": None,
    }


def test_undo_puts_the_drawn_piece_back():
    p = score(os.path.join(RECORDS, "dice_undo_restores.rec"))
    assert p.returncode == 0, p.stderr


def test_impossible_face_names_the_action_and_the_rule():
    p = score(os.path.join(RECORDS, "dice_bad_face.rec"))
    assert p.returncode == 1
    assert "action 3" in p.stderr and '"faces": [7]' in p.stderr and "face must be 1-6" in p.stderr


def test_drawing_from_an_emptied_kind_names_the_action_and_the_rule():
    p = score(os.path.join(RECORDS, "dice_empty_bag.rec"))
    assert p.returncode == 1
    assert "action 2" in p.stderr and "none left: gold" in p.stderr


def objects(path):
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(json.loads(line))
    return out


def test_device_format_with_crcs_scores_the_same(tmp_path):
    dev = tmp_path / "g0001.log"
    dev.write_bytes(b"".join(encode_line(o) for o in objects(os.path.join(RECORDS, "dice_two_players.rec"))))
    plain = score(os.path.join(RECORDS, "dice_two_players.rec"))
    withcrc = score(str(dev))
    assert withcrc.returncode == 0, withcrc.stderr
    assert json.loads(withcrc.stdout) == json.loads(plain.stdout)


def test_a_line_whose_crc_fails_is_reported_by_line(tmp_path):
    lines = [encode_line(o) for o in objects(os.path.join(RECORDS, "dice_two_players.rec"))]
    lines[2] = lines[2].replace(b'"red"', b'"rod"')  # changed after its CRC was taken
    dev = tmp_path / "g0001.log"
    dev.write_bytes(b"".join(lines))
    p = score(str(dev))
    assert p.returncode == 1 and "line 3: CRC check failed" in p.stderr


def test_fast_replay_without_undos_reaches_the_same_state_as_apply():
    from usher.core.rng import Rng
    from usher.games.catalog import load_game
    from usher_tools.history.replay import Replay

    g = load_game("dice")
    setup = g.make_setup([{"name": "Anna", "colour": 0}], {}, {})
    state = g.new(setup)
    rng = Rng(3)
    actions = []
    for i in range(60):
        a = g.roll(state, {"t": "draw", "bag": "taste"} if i % 3 else {"t": "roll", "n": 3}, rng)
        if i % 20 == 19:
            a = {"t": "refill", "bag": "taste"}
        state = g.apply(state, a)
        actions.append(a)
    header = {"usher": 1, "game": "dice", "created": 0, "setup": setup}
    assert Replay(header, actions, timeline=False).state == state  # one copy, `step`
    assert Replay(header, actions, timeline=True).state == state  # `apply` per action


def test_showtime_four_player_record_scores_to_the_hand_worked_totals():
    p = score(os.path.join(RECORDS, "showtime_4p.rec"))
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout)
    assert got["game"] == "showtime" and got["finished"]
    # totals worked out by hand in the record's comments; Anna reached 45 first
    assert [(x["name"], x["score"]) for x in got["players"]][:2] == [("Anna", 45), ("Ben", 45)]
    assert got["winner"] == "Anna"


def test_showbiz_record_scores_a_finished_game():
    p = score(os.path.join(RECORDS, "showbiz_4p.rec"))
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout)
    assert got["game"] == "showbiz" and got["finished"]
    assert [x["rank"] for x in got["players"]][0] == 1
    assert got["winner"] == got["players"][0]["name"]


def test_an_illegal_showtime_placement_names_the_action_and_the_rule(tmp_path):
    with open(os.path.join(RECORDS, "showtime_2p.rec")) as f:
        lines = [ln for ln in f.read().splitlines() if ln.strip() and not ln.startswith("#")]
    # header, poster, first player, Green's Heino on row 1 seat 1; then Yellow
    # tries the same seat with her Nina
    bad = {"t": "place", "p": 1, "card": 13, "row": 1, "seat": 1, "genre": False}
    path = tmp_path / "bad.rec"
    path.write_text("\n".join(lines[:4] + [json.dumps(bad)]) + "\n")
    p = score(str(path))
    assert p.returncode == 1
    assert "action 4" in p.stderr and "seat taken" in p.stderr, p.stderr
