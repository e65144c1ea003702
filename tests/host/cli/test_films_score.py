"""`usher score` on the Films records: tickets as the score in a single game,
the VIP holder first on a tie; games won in a match; the tickets by kind."""

import json
import os
import subprocess

from tooling import ROOT, TESTS, tool
from usher.core.record import encode_line

RECORDS = os.path.join(TESTS, "records")


def score(path):
    p = subprocess.run([tool("usher"), "score", path, "--json"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def test_films_example_scores_ten_all_ana_first_on_the_vip():
    got = score(os.path.join(RECORDS, "films_example.rec"))
    assert got["game"] == "films" and got["finished"] is True
    assert got["players"] == [{"name": "Ana", "score": 10, "rank": 1}, {"name": "Bo", "score": 10, "rank": 2}]
    assert got["winner"] == "Ana"
    rows = {r[0]: r[1:] for r in got["sheet"]["rows"]}
    assert got["sheet"]["columns"] == ["tickets", "Ana", "Bo"]
    assert rows == {
        "Tickets": [0, 4],
        "Award": [0, 2],
        "Script": [5, 0],
        "Bad Review": [0, -1],
        "Director": [3, 0],
        "Coordinator": [1, 0],
        "Producer": [0, 2],
        "Lead": [0, 3],
        "VIP Ticket": [1, 0],
        "total": [10, 10],
    }


def test_films_match_scores_games_won():
    got = score(os.path.join(RECORDS, "films_match.rec"))
    assert got["players"] == [{"name": "Ana", "score": 2, "rank": 1}, {"name": "Bo", "score": 1, "rank": 2}]
    assert got["winner"] == "Ana"
    rows = {r[0]: r[1:] for r in got["sheet"]["rows"]}
    assert rows["games won"] == [2, 1] and rows["game 2"] == [3, 4]


def test_films_ten_rounds_level_on_tickets_vip_first():
    got = score(os.path.join(RECORDS, "films_10rounds.rec"))
    assert [(p["name"], p["score"], p["rank"]) for p in got["players"]] == [("Ana", 4, 1), ("Bo", 4, 2)]


def test_films_device_format_and_an_unfinished_game(tmp_path):
    objs = []
    for line in open(os.path.join(RECORDS, "films_example.rec"), encoding="utf-8"):
        line = line.strip()
        if line and not line.startswith("#"):
            objs.append(json.loads(line))
    dev = tmp_path / "g0001.log"
    dev.write_bytes(b"".join(encode_line(o) for o in objs))
    assert score(str(dev))["players"][0]["score"] == 10
    # stopped after round 4 (with an undo of Ana's swap, re-entered): the rows as they are
    part = tmp_path / "part.rec"
    lines = [json.dumps(o) for o in objs[:21]] + ['{"t": "undo"}', json.dumps(objs[20])]
    part.write_text("\n".join(lines) + "\n")
    got = score(str(part))
    assert got["finished"] is False and got["winner"] is None
    # Ana: Director (1 character) + Award 2 = 3; Bo: Tickets 2 + Award 2 + VIP = 5
    assert [(p["name"], p["score"]) for p in got["players"]] == [("Bo", 5), ("Ana", 3)]


def test_films_bad_action_names_the_action_and_the_rule(tmp_path):
    lines = open(os.path.join(RECORDS, "films_example.rec"), encoding="utf-8").read().splitlines()
    lines.append('{"t": "bid", "p": 0, "weeks": 3}')
    bad = tmp_path / "bad.rec"
    bad.write_text("\n".join(lines) + "\n")
    p = subprocess.run(
        [tool("usher"), "score", str(bad), "--json"], capture_output=True, text=True, cwd=ROOT, timeout=60
    )
    assert p.returncode == 1 and "action 39" in p.stderr and "the match is over" in p.stderr, p.stderr


def test_films_record_doc_example_plays():
    from usher_devkit.players.films_random import G, players

    text = open(os.path.join(ROOT, "firmware", "RECORD-films.md"), encoding="utf-8").read()
    block = text[text.index("## Example") :]
    block = block[block.index("```") + 3 :]
    block = block[: block.index("```")]
    s = G.new(G.make_setup(players(), {}, {}))
    for line in block.strip().splitlines():
        s = G.apply(s, json.loads(line))
    rows = G.public_view(s)["rows"]
    assert [c[0] for c in rows[0]] == ["director"] and [c[2] for c in rows[0]] == [False]
    assert [c[0] for c in rows[1]] == ["tickets2", "shooting"]
    assert s["vip"] == 1 and G.public_view(s)["round"] == 3
