"""Breaking a Showbiz contract "at any time": the
hand-written record tests/records/showbiz_breaks.rec breaks contracts while
claims are open, between a year's scoring and its end roll, and before a
year's taste roll; `usher score` replays it, at the unchanged cost of 2 ZE a
remaining year (the current year counted). The laptop's sheet says where a
broken contract's artist goes (back in the bag, docs/RULES.md) and, at each
year's end, whose contracts ran out."""

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


def sheet_lines(record: str) -> tuple:
    from usher_tools.history.replay import Replay
    from usher_tools.history.sheet import tell, text_lines

    with open(os.path.join(TESTS, "records", record)) as f:
        recs = [json.loads(ln) for ln in f.read().splitlines() if ln.strip() and not ln.startswith("#")]
    return recs, [ln.strip() for ln in text_lines(tell(Replay(recs[0], recs[1:])))]


def test_the_laptops_sheet_says_a_broken_contracts_artist_goes_back_to_the_bag():
    # docs/RULES.md: back in the bag, then one drawn from it into the pool
    recs, text = sheet_lines("showbiz_breaks.rec")
    broken = [ln for ln in text if " breaks the " in ln]
    assert len(broken) == 3, broken
    said = "Anna breaks the red contract in column 1 for 4 ZE: red goes back in the bag, yellow is drawn into the pool."
    assert said in text, broken


def test_the_laptops_sheet_says_whose_contracts_ran_out_at_each_years_end():
    from usher.games.catalog import load_game

    g = load_game("showbiz")
    recs, text = sheet_lines("showbiz_4p.rec")
    names = [p["name"] for p in recs[0]["setup"]["players"]]
    s = g.new(recs[0]["setup"])
    want = []
    for a in recs[1:]:
        t = g.apply(s, a)
        if a["t"] != "agent" and t["year"] != s["year"]:
            out = []
            for q in range(len(names)):
                arts = list(s["art"][q])
                if a["t"] == "contract" and a["p"] == q:
                    arts[a["col"] - 1] = s["neg"]["art"]
                gone = [s["kinds"][c] for i, c in enumerate(arts) if c >= 0 and t["art"][q][i] < 0]
                if gone:
                    out.append("%s's %s" % (names[q], ", ".join(gone)))
            want.append("Back in the bag: %s." % "; ".join(out) if out else "No contract ends.")
        s = t
    assert len(want) >= 9, want
    got = [ln for ln in text if ln.startswith("Back in the bag: ") or ln == "No contract ends."]
    assert got == want, (got, want)
