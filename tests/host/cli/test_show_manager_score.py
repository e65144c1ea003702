"""`usher score` on the Show Manager records in tests/records/: the worked
four-player example, the ties, an unfinished game, and a bad header."""

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


def scored(name):
    p = score(os.path.join(RECORDS, name))
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def objects(path):
    out = []
    for line in open(path, encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            out.append(json.loads(line))
    return out


def test_four_player_example_standings():
    got = scored("show_manager_4p.rec")
    assert got["start"] == "A" and got["sheet"]["columns"] == ["city", "A", "B", "C", "D"]
    assert {k: got[k] for k in ("game", "finished", "players", "winner")} == {
        "game": "show_manager",
        "finished": True,
        "players": [
            {"name": "C", "score": 41, "rank": 1},
            {"name": "A", "score": 41, "rank": 2},
            {"name": "B", "score": 23, "rank": 3},
            {"name": "D", "score": 23, "rank": 4},
        ],
        "winner": "C",
    }


def test_tie_on_points_decided_by_money():
    got = scored("show_manager_tie_money.rec")
    assert got["players"] == [{"name": "B", "score": 8, "rank": 1}, {"name": "A", "score": 8, "rank": 2}]
    assert got["winner"] == "B"


def test_tie_on_points_and_money_shares_first_place():
    got = scored("show_manager_tie_shared.rec")
    assert got["players"] == [{"name": "A", "score": 8, "rank": 1}, {"name": "B", "score": 8, "rank": 1}]
    assert got["winner"] == ["A", "B"]


def test_unfinished_game_scores_as_it_stands_without_a_winner():
    got = scored("show_manager_touring_tie.rec")
    assert got["finished"] is False and got["winner"] is None
    # A's 17 is second in Koeln (14 points); the others are level on points and money
    assert got["players"] == [
        {"name": "A", "score": 14, "rank": 1},
        {"name": "B", "score": 0, "rank": 2},
        {"name": "C", "score": 0, "rank": 2},
        {"name": "D", "score": 0, "rank": 2},
    ]


def test_device_format_with_crcs_scores_the_same(tmp_path):
    dev = tmp_path / "g0001.log"
    dev.write_bytes(b"".join(encode_line(o) for o in objects(os.path.join(RECORDS, "show_manager_4p.rec"))))
    assert json.loads(score(str(dev)).stdout) == scored("show_manager_4p.rec")


def test_undo_after_the_end_and_the_game_goes_on(tmp_path):
    objs = objects(os.path.join(RECORDS, "show_manager_4p.rec"))
    last = objs[-1]
    path = tmp_path / "undo.rec"
    path.write_text("\n".join(json.dumps(o) for o in objs + [{"t": "undo"}]) + "\n")
    got = json.loads(score(str(path)).stdout)
    assert got["finished"] is False and got["winner"] is None
    path.write_text("\n".join(json.dumps(o) for o in objs + [{"t": "undo"}, last]) + "\n")
    assert json.loads(score(str(path)).stdout) == scored("show_manager_4p.rec")


def test_a_bad_header_is_refused_as_at_replay(tmp_path):
    objs = objects(os.path.join(RECORDS, "show_manager_4p.rec"))
    objs[0]["setup"]["components"]["cities"] = objs[0]["setup"]["components"]["cities"][:3]
    path = tmp_path / "bad.rec"
    path.write_text("\n".join(json.dumps(o) for o in objs) + "\n")
    p = score(str(path))
    assert p.returncode == 1 and "at least 4 cities" in p.stderr


def test_a_refused_action_names_the_action_and_the_rule(tmp_path):
    objs = objects(os.path.join(RECORDS, "show_manager_4p.rec"))
    objs.insert(2, {"t": "refresh", "p": 0})  # A pays 2,000 twice; fine. Then B's turn is taken by A:
    objs.insert(4, {"t": "hire", "p": 0, "pos": 0})
    path = tmp_path / "bad.rec"
    path.write_text("\n".join(json.dumps(o) for o in objs) + "\n")
    p = score(str(path))
    assert p.returncode == 1 and "action 4" in p.stderr and "not your turn" in p.stderr
