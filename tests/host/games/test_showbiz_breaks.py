"""Breaking a Showbiz contract "at any time": the
hand-written record tests/records/showbiz_breaks.rec breaks contracts while
claims are open, between a year's scoring and its end roll, and before a
year's taste roll; `usher score` replays it, at the unchanged cost of 2 ZE a
remaining year (the current year counted)."""

import json
import os
import subprocess

from tooling import ROOT, TESTS, tool

RECORD = os.path.join(TESTS, "records", "showbiz_breaks.rec")


def lines():
    with open(RECORD) as f:
        return [json.loads(ln) for ln in f.read().splitlines() if ln.strip() and not ln.startswith("#")]


def test_usher_score_accepts_breaks_outside_a_pick():
    p = subprocess.run([tool("usher"), "score", RECORD, "--json"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout)
    assert got["finished"] and got["winner"] == "Ben"


def test_each_break_is_where_the_record_says_and_costs_two_ze_a_remaining_year():
    from usher.games.catalog import load_game

    g = load_game("showbiz")
    head, acts = lines()[0], lines()[1:]
    s = g.new(head["setup"])
    phases = []
    for a in acts:
        if a["t"] == "break":
            cost = 2 * s["yrs"][a["p"]][a["col"] - 1]
            before = s["ze"][a["p"]]
            phases.append((s["ph"], cost))
            s = g.apply(s, a)
            assert s["ze"][a["p"]] == before - cost
        else:
            s = g.apply(s, a)
    # at the end roll the year just scored is still the current one: it counts
    assert phases == [("claims", 4), ("end", 4), ("trend", 2)], phases
