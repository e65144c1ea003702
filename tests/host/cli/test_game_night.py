"""Game night, as the players live it: a finished game of each
title synced from a device, then `usher games`, `stats`, `export` and
`report` checked against what its record says. Every expected value is built
from the record itself (its actions, and the firmware's rules replaying
them), never copied from the output. Films is scored in tickets: each game
of a best-of-three match is a play of its own, the VIP Ticket breaking a
tie, the VIP holder at a game's start its start player."""

import csv
import io
import json
import os

import pytest
from click.testing import CliRunner
from tooling import ROOT
from usher_tools.cli import main
from usher_tools.history.parsing import parse_bytes
from usher_tools.history.replay import score_record
from usher_tools.history.store import History

from host.sync import test_sync as ts

RECORDS = os.path.join(ROOT, "tests", "records")
NIGHT = [
    "showtime_4p.rec",
    "showbiz_4p.rec",
    "show_manager_4p.rec",
    "films_match.rec",  # best of three, won 2-1
    "films_example.rec",  # one game, 10-10: the VIP decides
    "show_manager_tie_money.rec",  # a tie on points that money decides
]


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def read(rec):
    return parse_bytes(open(os.path.join(RECORDS, rec), "rb").read())


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    """(db, {record file: (game name on the device, Record)}), synced from a device."""
    db = str(tmp_path_factory.mktemp("night") / "history.sqlite")
    dev = ts.Device(games=0)
    names = {}
    for i, rec in enumerate(NIGHT):
        names[rec] = ts.add_record(dev, rec, created=1764400000 + 3600 * i)
    h = History(db)
    report = ts.sync(dev, h)
    h.close()
    assert {g["action"] for g in report["games"]} == {"new"}
    return db, names


def expected(rec):
    """The result the record gives, by the firmware's rules: players by rank."""
    r = read(rec)
    return score_record(r.header, r.records)


def films_games(rec):
    """Each game of a Films record replayed on its own (a one-game record from
    its `game` action on): [(tickets by seat, winner seat, VIP at its start)]."""
    r = read(rec)
    starts = [i for i, a in enumerate(r.records) if a["t"] == "game"]
    names = [p["name"] for p in r.header["setup"]["players"]]
    out = []
    for k, i in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(r.records)
        setup = json.loads(json.dumps(r.header["setup"]))
        setup["options"]["best_of"] = 1
        res = score_record(dict(r.header, setup=setup), r.records[i:end])
        assert res["finished"]
        tickets = [next(p["score"] for p in res["players"] if p["name"] == n) for n in names]
        out.append((tickets, names.index(res["winner"]), r.records[i]["vip"]))
    return out


def seats(rec):
    return [p["name"] for p in read(rec).header["setup"]["players"]]


# -- usher games ---------------------------------------------------------------------------
def test_games_lists_each_finished_game_with_its_winner_and_films_in_tickets(night):
    db, names = night
    games = {g["name"]: g for g in json.loads(run("games", "--db", db, "--json").stdout)}
    text = run("games", "--db", db).stdout
    for rec, (name, _) in names.items():
        g = games[name]
        want = expected(rec)
        assert g["complete"] and g["finished"] and g["status"] == "ok", g
        by_name = {p["name"]: (p["score"], p["rank"]) for p in want["players"]}
        assert {p["name"]: (p["score"], p["rank"]) for p in g["players"]} == by_name
        if want["game"] != "films":
            assert len(g["plays"]) == 1 and g["plays"][0]["unit"] == "points"
    # the match: a play a game, in tickets, the VIP holder at each start as its start player
    name, _ = names["films_match.rec"]
    per = films_games("films_match.rec")
    plays = games[name]["plays"]
    ps = seats("films_match.rec")
    assert [p["part"] for p in plays] == list(range(1, len(per) + 1)) and len(per) == 3
    for play, (tickets, win, vip) in zip(plays, per, strict=True):
        assert play["unit"] == "tickets" and play["of"] == 3
        assert [q["score"] for q in play["players"]] == tickets
        assert [q["winner"] for q in play["players"]] == [s == win for s in range(2)]
        assert play["start"] == ps[vip]
        assert [q["decided"] for q in play["players"]] == (["VIP", "VIP"] if tickets[0] == tickets[1] else ["", ""])
    wins = [sum(1 for _, w, _ in per if w == s) for s in range(2)]
    line = "%d-%d; " % tuple(wins) + ", ".join("%d-%d" % tuple(t) + (" VIP" if t[0] == t[1] else "") for t, _, _ in per)
    assert games[name]["summary"] == line
    # the one-game record: a 10-10 tie, the VIP decided it
    name, _ = names["films_example.rec"]
    [(tickets, win, vip)] = films_games("films_example.rec")
    assert tickets[0] == tickets[1]
    one = games[name]["plays"]
    assert len(one) == 1 and one[0]["part"] == 0 and [q["score"] for q in one[0]["players"]] == tickets
    assert [q["decided"] for q in one[0]["players"]] == ["VIP", "VIP"]
    assert games[name]["summary"] == "%d-%d tickets, VIP decided" % tuple(tickets)
    # a tie on city points that money decided
    want = expected("show_manager_tie_money.rec")
    top = [p for p in want["players"] if p["rank"] == 1][0]
    assert [p["score"] for p in want["players"]].count(top["score"]) == 2
    name, _ = names["show_manager_tie_money.rec"]
    assert games[name]["summary"] == "%d, money decided" % top["score"]
    wide = " ".join(text.split())  # the table wraps the words in its column: all of them are there
    assert all(w in wide for w in ("won", "by", top["name"], "money", "decided)"))


# -- usher stats ---------------------------------------------------------------------------
def test_stats_count_a_game_of_a_match_as_a_play_in_tickets(night):
    db, _ = night
    s = json.loads(run("stats", "--db", db, "--json").stdout)
    titles = {t["game"]: t for t in s["titles"]}
    players = {(p["player"], p["game"]): p for p in s["players"]}
    per = films_games("films_match.rec") + films_games("films_example.rec")
    tickets = [t for tk, _, _ in per for t in tk]
    films = titles["films"]
    assert (films["plays"], films["unit"], films["matches"]) == (len(per), "tickets", 1)
    assert films["average"] == round(sum(tickets) / len(tickets), 2) and films["best"] == max(tickets)
    for seat, name in enumerate(seats("films_match.rec")):
        mine = [tk[seat] for tk, _, _ in per]
        p = players[(name, "films")]
        assert p["plays"] == len(per) and p["wins"] == sum(1 for _, w, _ in per if w == seat)
        assert p["average"] == round(sum(mine) / len(mine), 2) and p["best"] == max(mine)
        match = expected("films_match.rec")
        assert (p["matches"], p["match_wins"]) == (1, int(match["winner"] == name))
    for rec in ("showtime_4p.rec", "showbiz_4p.rec"):
        want = expected(rec)
        t = titles[want["game"]]
        scores = [p["score"] for p in want["players"]]
        assert (t["plays"], t["unit"], t["best"]) == (1, "points", max(scores))
        assert t["average"] == round(sum(scores) / len(scores), 2)
    sm = [expected(r) for r in ("show_manager_4p.rec", "show_manager_tie_money.rec")]
    allsm = [p["score"] for r in sm for p in r["players"]]
    assert titles["show_manager"]["plays"] == 2 and titles["show_manager"]["best"] == max(allsm)
    text = " ".join(run("stats", "--db", db).stdout.split())
    assert "tickets" in text


# -- usher export ----------------------------------------------------------------------------
def test_csv_has_a_row_per_player_and_play_films_in_tickets(night):
    db, names = night
    rows = list(csv.DictReader(io.StringIO(run("export", "--db", db, "--format", "csv").stdout)))
    want_rows = sum(len(seats(r)) * (len(films_games(r)) if r.startswith("films") else 1) for r in NIGHT)
    assert len(rows) == want_rows
    name, _ = names["films_match.rec"]
    mine = [r for r in rows if r["name"] == name]
    ps = seats("films_match.rec")
    got = [(r["part"], r["player"], int(r["score"]), int(r["winner"]), int(r["start"])) for r in mine]
    want = []
    for k, (tickets, win, vip) in enumerate(films_games("films_match.rec")):
        for s in range(2):
            want.append((str(k + 1), ps[s], tickets[s], int(s == win), int(s == vip)))
    assert got == want and {r["unit"] for r in mine} == {"tickets"}
    name, _ = names["showbiz_4p.rec"]
    biz = {r["player"]: (int(r["score"]), int(r["rank"])) for r in rows if r["name"] == name}
    assert biz == {p["name"]: (p["score"], p["rank"]) for p in expected("showbiz_4p.rec")["players"]}


def test_bgstats_has_one_play_a_game_of_a_match_and_the_vip_holder_starts(night):
    from urllib.parse import unquote

    from usher_tools.history.bgstats import LINK

    db, names = night
    links = run("export", "--db", db, "--format", "bgstats-links").stdout.split()
    pushed = [json.loads(unquote(x[len(LINK) :])) for x in links]
    ids = [p["sourcePlayId"] for p in pushed if p["game"]["sourceGameId"] == "films"]
    per = films_games("films_match.rec") + films_games("films_example.rec")
    assert len(ids) == len(per) == 4
    assert len(set(ids)) == 4 and [i.rsplit("#", 1)[-1] for i in ids[:3]] == ["g1", "g2", "g3"]
    # the import file: the same four plays, each player by reference
    backup = json.loads(run("export", "--db", db, "--format", "bgstats").stdout)
    title = {g["id"]: g["name"] for g in backup["games"]}
    who = {p["id"]: p["name"] for p in backup["players"]}
    films = [p for p in backup["plays"] if title[p["gameRefId"]] == "Films"]
    assert len(films) == 4 and len({p["uuid"] for p in films}) == 4
    ps = seats("films_match.rec")
    for play, (tickets, win, vip) in zip(films, per, strict=True):
        scores = play["playerScores"]
        assert [q["score"] for q in scores] == [str(t) for t in tickets]
        assert [q["winner"] for q in scores] == [s == win for s in range(2)]
        assert [q["startPlayer"] for q in scores] == [s == vip for s in range(2)]
        assert [who[q["playerRefId"]] for q in scores] == ps
    # the one-game record: the rulebook gives the VIP to a player before the
    # game (most popcorn); the device records it as the first action
    first = read("films_example.rec").records[0]
    assert first["t"] == "game" and films[3]["playerScores"][first["vip"]]["startPlayer"]


# -- usher report ------------------------------------------------------------------------------
def replayed(db, name):
    from usher_tools.history.replay import replay_row

    h = History(db)
    row = h.get(ts.DEVICE_ID, name)
    h.close()
    return row, replay_row(row)


def final_scores(rec):
    want = expected(rec)
    return [next(p["score"] for p in want["players"] if p["name"] == n) for n in seats(rec)]


def test_report_steps_are_the_games_own_and_end_where_the_record_does(night):
    from usher_tools.history.report import game_steps

    db, names = night
    # Showtime: one step a placement, each screening marked where its placements end
    r = read("showtime_4p.rec")
    _, rp = replayed(db, names["showtime_4p.rec"][0])
    st = game_steps(rp)
    placed = [a for a in r.records if a["t"] in ("place", "discard")]
    posters = [i for i, a in enumerate(r.records) if a["t"] == "poster"]
    ends = [sum(1 for a in r.records[:i] if a["t"] in ("place", "discard")) for i in posters[1:]] + [len(placed)]
    assert st["xs"][-1] == len(placed) and "placements" in st["xlabel"]
    assert st["marks"] == [(x, "screening %d" % (k + 1)) for k, x in enumerate(ends)]
    assert [s[-1] for s in st["series"]] == final_scores("showtime_4p.rec")
    # Showbiz: a step a year, as many as the score sheet's years
    _, rp = replayed(db, names["showbiz_4p.rec"][0])
    st = game_steps(rp)
    r = read("showbiz_4p.rec")
    years = [row[0] for row in score_record(r.header, r.records, sheet=True)["sheet"]["rows"] if row[0] != "total"]
    assert [t for _, t in st["ticks"]] == ["start"] + years and st["xs"][-1] == len(years)
    assert [s[-1] for s in st["series"]] == final_scores("showbiz_4p.rec")
    # Show Manager: a turn ends with a hire, or with a player's last production (RECORD-show_manager.md)
    for rec in ("show_manager_4p.rec", "show_manager_tie_money.rec"):
        _, rp = replayed(db, names[rec][0])
        st = game_steps(rp)
        hires = sum(1 for a in read(rec).records if a["t"] == "hire")
        assert st["xs"][-1] == hires + len(seats(rec)) and st["xlabel"] == "turns"
        assert [s[-1] for s in st["series"]] == final_scores(rec)
    # Films: rounds, each game marked, each game's tickets at its end
    r = read("films_match.rec")
    _, rp = replayed(db, names["films_match.rec"][0])
    st = game_steps(rp)
    rounds = r.header["setup"]["options"]["rounds"]
    per = films_games("films_match.rec")
    assert st["marks"] == [(rounds * k, "game %d" % (k + 1)) for k in range(len(per))]
    assert st["xs"][-1] == rounds * len(per)
    for k, (tickets, _, _) in enumerate(per):
        end = st["xs"].index(rounds * (k + 1))  # its last round; the next game starts after a gap
        assert [s[end] for s in st["series"]] == tickets


def test_an_undone_move_is_no_step_and_no_spike(tmp_path):
    from usher_tools.history.report import game_steps
    from usher_tools.link.sync import rescore

    r = read("films_example.rec")
    # a placement put in, undone, and the real one after it: a real slip at the table
    k = next(i for i, a in enumerate(r.records) if a["t"] == "place" and a["half"] != "award")
    slip = dict(r.records[k], half="award")  # 2 tickets more while it stood
    with_slip = r.records[:k] + [slip, {"t": "undo", "n": 1}] + r.records[k:]
    h = History(str(tmp_path / "h.sqlite"))
    from usher.core.record import encode_line

    for name, acts in (("plain", r.records), ("slip", with_slip)):
        data = b"".join(encode_line(o) for o in [r.header] + acts)
        view = {"name": name, "game": "films", "created": 1764400000, "players": seats("films_example.rec")}
        view.update(size=len(data), finished=True)
        res, status, problem = rescore(data, view)
        assert status == "ok", problem
        h.save_complete("d", view, data, res, status, problem)
    from usher_tools.history.replay import replay_row

    rp_plain, rp_slip = replay_row(h.get("d", "plain")), replay_row(h.get("d", "slip"))
    h.close()
    # record by record (what the report drew before), the slip stands for one record: a spike
    assert rp_slip.timeline[k + 1] != rp_plain.timeline[k + 1] and len(rp_slip.timeline) == len(rp_plain.timeline) + 2
    plain, slipped = game_steps(rp_plain), game_steps(rp_slip)
    assert slipped == plain and plain["xs"][-1] == r.header["setup"]["options"]["rounds"]


def test_report_standings_say_what_broke_a_tie_and_players_keep_their_colours(night, tmp_path):
    from usher.ui import theme
    from usher_tools.history.report import player_colours, standing_lines

    db, names = night
    for rec in NIGHT:
        row, rp = replayed(db, names[rec][0])
        head = read(rec).header
        want = ["#%02x%02x%02x" % theme.RGB[theme.PLAYER0 + p["colour"]] for p in head["setup"]["players"]]
        assert player_colours(rp) == want
        lines = {s["name"]: s["text"] for s in standing_lines(rp)}
        res = expected(rec)
        for p in res["players"]:
            equal = [q for q in res["players"] if q["score"] == p["score"]]
            if rec == "films_match.rec":
                per = films_games(rec)
                seat = seats(rec).index(p["name"])
                wins = sum(1 for _, w, _ in per if w == seat)
                tix = ", ".join(str(t[seat]) for t, _, _ in per)
                assert lines[p["name"]] == "%d game%s won (tickets %s)" % (wins, "" if wins == 1 else "s", tix)
            elif len(equal) > 1 and len({q["rank"] for q in equal}) > 1:
                word = {"show_manager": "money", "showtime": "red carpet", "films": "VIP", "showbiz": "ZE"}
                unit = " tickets" if res["game"] == "films" else ""
                assert lines[p["name"]] == "%d%s, %s decided" % (p["score"], unit, word[res["game"]])
            else:
                assert lines[p["name"]].split(" ")[0].rstrip(",") == str(p["score"])
        out = tmp_path / (names[rec][0] + ".png")
        r = run("report", "--db", db, names[rec][0], "-o", str(out))
        assert r.exit_code == 0 and out.stat().st_size > 10000, r.output
    tie = {s["name"]: s["text"] for s in standing_lines(replayed(db, names["show_manager_tie_money.rec"][0])[1])}
    assert sorted(tie.values()) == ["8, money decided", "8, money decided"]
    one = {s["name"]: s["text"] for s in standing_lines(replayed(db, names["films_example.rec"][0])[1])}
    assert sorted(one.values()) == ["10 tickets, VIP decided"] * 2


def test_a_films_game_starts_with_the_vip_holder_not_the_second_bidder(night):
    db, names = night
    games = {g["name"]: g for g in json.loads(run("games", "--db", db, "--json").stdout)}
    for rec in ("films_match.rec", "films_example.rec"):
        r = read(rec)
        first = r.records[0]
        assert first["t"] == "game"
        assert games[names[rec][0]]["start"] == seats(rec)[first["vip"]]
