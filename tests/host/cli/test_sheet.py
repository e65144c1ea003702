"""`usher show`, the score sheet in words, for every title.

Each test replays a record with the firmware's own rules and builds the lines
it expects from the record and the states the rules give (values, places,
cities, costs, bids, tickets), then finds them, in order, in what `usher
show` prints. An unfinished Show Manager game shows no money, an unfinished
Films (and Showbiz) game no bid before its reveal; `--raw` and `--json`
still give the raw fields."""

import json
import os
import re

import pytest
from click.testing import CliRunner
from tooling import TESTS
from usher.core.record import encode_line
from usher.games.catalog import load_game
from usher.games.films.rows import HALVES, LABELS
from usher.games.films.score import KIND_LABELS, breakdown, tickets
from usher.games.showtime import cast
from usher_tools.cli import main
from usher_tools.history.parsing import parse_bytes
from usher_tools.history.replay import actions_in_force
from usher_tools.history.store import History
from usher_tools.link.sync import rescore

RECORDS = os.path.join(TESTS, "records")
RAW_WORDS = ('"t"', "pos ", "title ", "half ", "weeks", "roles", "bad_review", "tickets2", "{")


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "history.sqlite")


def load(name: str):
    rec = parse_bytes(open(os.path.join(RECORDS, name), "rb").read())
    return rec.header, rec.records


def store(db: str, name: str, header: dict, records: list) -> None:
    """The record into the history as a sync files it (re-scored by the rules)."""
    data = b"".join(encode_line(o) for o in [header] + records)
    game = load_game(header["game"])
    state = game.new(header["setup"])
    for a in actions_in_force(records):
        state = game.apply(state, a)
    players = [p["name"] for p in header["setup"]["players"]]
    view = {"name": name, "game": header["game"], "created": 1764400000, "players": players, "size": len(data)}
    view["finished"] = game.is_over(state)
    res, status, problem = rescore(data, view)
    assert status == "ok", problem
    h = History(db)
    try:
        h.save_complete("d1", view, data, res, status, problem)
    finally:
        h.close()


def show(db: str, name: str, *flags: str) -> str:
    # a wide terminal: each sentence on one line (test_cli_layout.py checks `show` at 80 columns)
    r = CliRunner().invoke(main, ["show", name, "--db", db, *flags], catch_exceptions=False, env={"COLUMNS": "1000"})
    assert r.exit_code == 0, r.output
    return r.output


def story(db: str, name: str) -> list:
    """The sheet's lines as --json gives them."""
    data = json.loads(show(db, name, "--json"))
    return [line for sec in data["story"] for line in [sec["title"]] + sec["lines"]]


def in_order(text: str, expected: list) -> None:
    """Every expected phrase in the text, each after the one before."""
    at = 0
    for phrase in expected:
        i = text.find(phrase, at)
        assert i >= 0, "not found (in this order): %r\nafter: %r" % (phrase, text[at : at + 300])
        at = i + len(phrase)


def replay(header: dict, records: list):
    """(game, [(state before, action, state after)]) by the firmware's rules."""
    game = load_game(header["game"])
    state = game.new(header["setup"])
    steps = []
    for a in actions_in_force(records):
        after = game.apply(state, a)
        steps.append((state, a, after))
        state = after
    return game, steps


def names(header: dict) -> list:
    return [p["name"] for p in header["setup"]["players"]]


def listing(who: list, values) -> str:
    return ", ".join("%s %s" % (who[i], v) for i, v in enumerate(values))


def money(n: int) -> str:
    return "{:,}".format(n)


def nth(k: int) -> str:
    return str(k) + ("th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th"))


def no_raw_fields(text: str) -> None:
    for word in RAW_WORDS:
        assert word not in text, word


# -- Show Manager ----------------------------------------------------------------------------
def show_manager_lines(header: dict, records: list, secret: bool) -> list:
    """What the sheet must say, turn by turn, from the header and the rules' states."""
    game, steps = replay(header, records)
    who = names(header)
    comp = header["setup"]["components"]
    out = []
    for before, a, after in steps:
        p = a["p"]
        m = a.get("title")
        spent = after["money"][p] != before["money"][p]
        left = "; money now %s" % money(after["money"][p]) if spent and not secret else ""
        if a["t"] == "hire":
            cost = comp["hire"][a["pos"]]
            cards = after["hand"][p]
            paid = "for free" if cost == 0 else "for " + money(cost)
            out.append("%s hires %s: %d card%s%s." % (who[p], paid, cards, "" if cards == 1 else "s", left))
        elif a["t"] == "refresh":
            out.append("%s refreshes the display for %s%s." % (who[p], money(comp["refresh"]), left))
        elif a["t"] == "produce":
            roles = a["roles"]
            full = 0 not in roles
            value = sum(roles) + (len(roles) if full else 0)
            terms = "+".join(map(str, roles)) + (" +%d" % len(roles) if full else "")
            city = comp["cities"][after["at"][m]][0]
            place = after["rank"][m].index(len(after["chips"]) - 1) + 1
            out.append(
                "%s puts on %s in %s: %s = %d, %s" % (who[p], comp["titles"][m][0], city, terms, value, nth(place))
            )
        elif a["t"] == "loan":
            copy = a.get("copy") or 0
            mine = [i for i, ch in enumerate(after["chips"]) if ch[0] == p and ch[1] == m]
            ci = mine[copy]
            label = comp["titles"][m][0] + (" #%d" % (copy + 1) if len(mine) > 1 else "")
            out.append(
                "%s borrows %s against %s: %d \u2192 %d, now %s in %s%s."
                % (
                    who[p],
                    money(a["amount"] * comp["per_point"]),
                    label,
                    before["chips"][ci][3],
                    after["chips"][ci][3],
                    nth(after["rank"][m].index(ci) + 1),
                    comp["cities"][after["at"][m]][0],
                    left,
                )
            )
        if game.scores(after) != game.scores(before):
            out.append("Points: %s." % listing(who, game.scores(after)))
    if game.is_over(steps[-1][2]):
        out.append("Money: %s." % listing(who, [money(v) for v in steps[-1][2]["money"]]))
    return out


@pytest.mark.parametrize("record", ["show_manager_4p.rec", "show_manager_3p_random.rec"])
def test_a_finished_show_manager_game_told_turn_by_turn(db, record):
    header, records = load(record)
    store(db, "g0001", header, records)
    text = show(db, "g0001")
    expected = show_manager_lines(header, records, secret=False)
    assert any(" borrows " in e for e in expected) and any(" puts on " in e for e in expected)
    in_order(text, expected)
    no_raw_fields(text)
    assert "Round 1" in text and "The end" in text


def cut_with_odd_money(record: str, n: int):
    """The first n actions of a finished record, every player starting with
    500 marks more: every amount a player holds ends in 500, every cost in 000."""
    header, records = load(record)
    header = json.loads(json.dumps(header))
    header["setup"]["components"]["money"] += 500
    return header, records[:n]


def money_seen(header: dict, records: list) -> set:
    game, steps = replay(header, records)
    return {v for _, _, after in steps for v in after["money"]} | set(game.new(header["setup"])["money"])


def test_an_unfinished_show_manager_game_shows_no_money(db):
    header, records = cut_with_odd_money("show_manager_4p.rec", 60)
    game, steps = replay(header, records)
    assert not game.is_over(steps[-1][2]) and any(a["t"] == "loan" for _, a, _ in steps)
    store(db, "g0001", header, records)
    text = show(db, "g0001")
    in_order(text, show_manager_lines(header, records, secret=True))  # what the table sees is all there
    sheet = "\n".join(story(db, "g0001"))
    held = money_seen(header, records)
    assert all(v % 1000 == 500 for v in held)
    body = text.split("\n", 3)[3]  # below the title, device and status lines
    for v in held:
        assert money(v) not in body and str(v) not in body, v
    assert "500" not in sheet and "money" not in sheet.lower()
    # the same game, finished: the same checks would see its money
    header, records = cut_with_odd_money("show_manager_4p.rec", len(load("show_manager_4p.rec")[1]))
    store(db, "g0002", header, records)
    done = "\n".join(story(db, "g0002"))
    assert "500" in done and "Money: " in done
    in_order(done, show_manager_lines(header, records, secret=False))


def test_show_manager_raw_and_json_still_give_the_fields(db):
    header, records = load("show_manager_4p.rec")
    store(db, "g0001", header, records[:30])
    raw = show(db, "g0001", "--raw")
    produce = next(a for a in records if a["t"] == "produce")
    assert 'produce {"p":%d,"title":%d,"roles":' % (produce["p"], produce["title"]) in raw
    assert 'hire {"p":0,"pos":3}' in raw
    data = json.loads(show(db, "g0001", "--json"))
    assert data["actions"][1]["action"] == 'hire {"p":0,"pos":3}'
    assert data["story"][0]["title"] == "Round 1"


# -- Films -----------------------------------------------------------------------------------
def films_lines(header: dict, records: list) -> list:
    """The bids at each reveal, who chooses, each card by its name on the
    device, each hit, the tickets after each round, each game and the match."""
    game, steps = replay(header, records)
    who = names(header)
    out = []
    bids: dict = {}
    for before, a, after in steps:
        t = a["t"]
        if t == "game":
            out.append("%s starts with the VIP Ticket." % who[a["vip"]])
        elif t == "bid":
            bids[a["p"]] = a["weeks"]
            if len(bids) == 2:
                w0, w1 = bids[0], bids[1]
                out.append("revealed: %s %d, %s %d; " % (who[0], w0, who[1], w1))
                if w0 != w1:
                    out.append("%s chooses first." % who[0 if w0 < w1 else 1])
                else:  # the VIP holder chooses; the ticket passes unless it stays (locked)
                    v = before["vip"]
                    out.append("a tie: %s holds the VIP, " % who[v])
                    if after["vip"] == v:
                        out.append("locked: chooses first and keeps it.")
                    else:
                        out.append("chooses first and hands the VIP to %s." % who[1 - v])
                bids = {}
            else:
                out.append("%s bids, face down." % who[a["p"]])
        elif t == "place":
            out.append("%s places %s" % (who[a["p"]], LABELS[HALVES.index(a["half"])]))
        elif t == "hit":
            o = 1 - a["p"]
            gone = LABELS[before["rows"][o][a["pos"]][0]]
            out.append("%s's Shooting Problems takes %s's %s." % (who[a["p"]], who[o], gone))
        elif t == "swap" and a["out"] is not None:
            out.append("%s's Editor swaps " % who[a["p"]])
            out.append(" for %s" % LABELS[HALVES.index(a["half"])])
        elif t == "script":
            was = LABELS[before["rows"][a["p"]][a["pos"]][0]]
            out.append("%s's Scriptwriter turns %s over: %s" % (who[a["p"]], was, LABELS[HALVES.index(a["half"])]))
        if before["ph"] == "place" and after["ph"] == "bid":
            out.append(
                "Tickets after round %d: %s." % (before["rd"], listing(who, [tickets(after, q) for q in (0, 1)]))
            )
        elif before["ph"] == "place" and after["ph"] in ("game", "over"):
            got = after["past"][-1]
            won = 0 if after["wins"][0] > before["wins"][0] else 1
            out.append(": %s; %s wins" % (listing(who, got), who[won]))
            for q, kinds in enumerate(breakdown(after)):
                parts = ["%s %d" % (KIND_LABELS[i], v) for i, v in enumerate(kinds) if v]
                out.append("%s: %s = %d." % (who[q], ", ".join(parts), sum(kinds)))
            if after["bo"] > 1 and after["ph"] == "over":
                w = after["wins"]
                best = 0 if w[0] > w[1] else 1
                out.append("%s wins the match %d-%d." % (who[best], w[best], w[1 - best]))
    return out


@pytest.mark.parametrize("record", ["films_example.rec", "films_match.rec", "films_10rounds.rec"])
def test_a_finished_films_game_told_round_by_round(db, record):
    header, records = load(record)
    store(db, "g0001", header, records)
    text = show(db, "g0001")
    expected = films_lines(header, records)
    rounds = header["setup"]["options"]["rounds"]
    assert sum(1 for e in expected if e.startswith("Tickets after round")) >= rounds - 1
    in_order(text, expected)
    no_raw_fields(text)


def films_cut_at_a_first_bid(weeks: int):
    """films_example.rec up to the first bid of its fifth round, that bid made `weeks`."""
    header, records = load("films_example.rec")
    k = [i for i, a in enumerate(records) if a["t"] == "bid"][8]
    first = dict(records[k], weeks=weeks)
    return header, records[:k] + [first]


def a_bid_the_sheet_never_shows(db):
    """A legal bid (0 to the rules' most weeks) whose number the sheet of the
    game before it nowhere shows, so its showing up later can only be a leak."""
    from usher.games.films.rules import MAX_WEEKS

    header, records = films_cut_at_a_first_bid(0)
    store(db, "g0009", header, records[:-1])
    before = show(db, "g0009") + "\n".join(story(db, "g0009"))
    for w in range(MAX_WEEKS, -1, -1):
        if str(w) not in before and all(a.get("weeks") != w for a in records[:-1]):
            return w
    pytest.skip("every bid's number shows somewhere in this sheet")


def test_an_unfinished_films_game_shows_no_unrevealed_bid(db):
    w = a_bid_the_sheet_never_shows(db)
    header, records = films_cut_at_a_first_bid(w)
    store(db, "g0001", header, records)
    text = show(db, "g0001")
    in_order(text, films_lines(header, records))  # every revealed round, as in a finished game
    who = names(header)[records[-1]["p"]]
    assert text.rstrip().count("%s bids, face down." % who) >= 1
    assert str(w) not in text.split("\n", 3)[3] and str(w) not in "\n".join(story(db, "g0001"))
    assert "money" not in text.lower()
    no_raw_fields(text)
    # --raw and --json keep the raw fields, the bid included (as the sync brought it)
    assert 'bid {"p":%d,"weeks":%d}' % (records[-1]["p"], w) in show(db, "g0001", "--raw")
    acts = json.loads(show(db, "g0001", "--json"))["actions"]
    assert acts[-1]["action"] == 'bid {"p":%d,"weeks":%d}' % (records[-1]["p"], w)
    assert any('"half":"director"' in x["action"] for x in acts)


# -- Showtime and Showbiz --------------------------------------------------------------------
def test_a_finished_showtime_game_told_screening_by_screening(db):
    header, records = load("showtime_4p.rec")
    store(db, "g0001", header, records)
    game, steps = replay(header, records)
    who = names(header)
    expected = []
    for before, a, after in steps:
        if a["t"] == "poster":
            expected.append("Screening %d, poster: %s" % (after["screening"], a["genre"]))
        elif a["t"] == "place":
            c = a["card"]
            expected.append("%s seats %s (%d) in row %d, seat %d" % (who[a["p"]], cast.name(c), c, a["row"], a["seat"]))
        if len(after["after"]) > len(before["after"]):
            expected.append("After screening %d: %s." % (len(after["after"]), listing(who, after["after"][-1])))
    assert sum(1 for e in expected if e.startswith("After screening")) == 3
    text = show(db, "g0001")
    in_order(text, expected)
    no_raw_fields(text)


def round_bids(steps: list, last: dict) -> list:
    """The bid actions of the bid round `last` closes, as the record has them."""
    i = next(k for k, st in enumerate(steps) if st[1] is last)
    out = [last]
    for _, a, _ in reversed(steps[:i]):
        if a["t"] != "bid" or a["rd"] != last["rd"]:
            break
        out.append(a)
    return out


def showbiz_lines(header: dict, records: list) -> list:
    game, steps = replay(header, records)
    who = names(header)
    out = []
    for before, a, after in steps:
        if a["t"] == "bid":
            out.append("%s bids (round %d)." % (who[a["p"]], a["rd"]))
            if before["neg"]["bids"].count(-1) == 1:  # the round's last bid reveals them all
                bids = dict((r["p"], r["ze"]) for r in round_bids(steps, a))
                order = before["neg"]["in"]
                out.append("Bids revealed: %s;" % ", ".join("%s %d" % (who[q], bids[q]) for q in order))
        elif a["t"] == "contract":
            y = a["yrs"]
            art = before["kinds"][before["neg"]["art"]]
            out.append(
                "%s signs %s in column %d for %d year%s." % (who[a["p"]], art, a["col"], y, "s" if y > 1 else "")
            )
        if len(after["pts"][0]) > len(before["pts"][0]):
            out.append("Totals: %s." % listing(who, [sum(x) for x in after["pts"]]))
    return out


def test_a_finished_showbiz_game_told_year_by_year(db):
    header, records = load("showbiz_4p.rec")
    store(db, "g0001", header, records)
    text = show(db, "g0001")
    expected = showbiz_lines(header, records)
    assert any(e.startswith("Bids revealed") for e in expected) and any(" signs " in e for e in expected)
    in_order(text, expected)
    no_raw_fields(text)


def test_an_unfinished_showbiz_game_shows_no_bid_before_its_reveal(db):
    header, records = load("showbiz_4p.rec")
    game, steps = replay(header, records)
    # cut after the first bid of a round that more than one player bids in
    k = next(i for i, (b, a, _) in enumerate(steps) if a["t"] == "bid" and b["neg"]["bids"].count(-1) >= 2)
    cut = records[: k + 1]
    store(db, "g0001", header, cut)
    lines = story(db, "g0001")
    assert lines[-1] == "%s bids (round %d)." % (names(header)[cut[-1]["p"]], cut[-1]["rd"])
    assert not any(re.search(r"bids \d", line) for line in lines)  # a bid's number only in its reveal
    reveals = [line for line in lines if line.startswith("Bids revealed")]
    assert len(reveals) == sum(1 for b, a, _ in steps[:k] if a["t"] == "bid" and b["neg"]["bids"].count(-1) == 1)
    assert '"ze":%d' % cut[-1]["ze"] in show(db, "g0001", "--raw")


# -- random games: every cut told, nothing secret in an unfinished one -----------------------
def told(header: dict, records: list) -> list:
    from usher_tools.history.replay import Replay
    from usher_tools.history.sheet import tell

    return [line for sec in tell(Replay(header, records)) for line in [sec["title"]] + sec["lines"]]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_random_show_manager_games_keep_money_hidden_until_the_end(n):
    from usher.core.rng import Rng
    from usher_devkit.players import show_manager_random as smr

    rng = Rng(100 + n)
    setup = smr.random_setup(n, rng)
    setup["components"]["money"] += 500  # what a player holds ends in 500, every cost in 000
    acts, final = smr.play(setup, rng)
    header = {"usher": 1, "game": "show_manager", "created": 0, "setup": setup}
    for cut in sorted({len(acts) // 3, len(acts) // 2, len(acts) - 1} | {rng.below(len(acts)) for _ in range(3)}):
        lines = told(header, acts[:cut])
        assert not any("500" in line or "money" in line.lower() for line in lines), cut
    whole = "\n".join(told(header, acts))
    assert "Money: " + listing(names(header), [money(v) for v in final["money"]]) + "." in whole
    no_raw_fields(whole)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_films_matches_show_no_bid_before_its_reveal(seed):
    from usher_devkit.players import films_random as films_sim

    setup = films_sim.G.make_setup(films_sim.players(), {"best_of": 3, "rounds": 8 + 2 * (seed % 2)}, {})
    final, acts = films_sim.play_match(setup, seed)
    header = {"usher": 1, "game": "films", "created": 0, "setup": setup}
    game, steps = replay(header, acts)
    firsts = [k for k, (b, a, after) in enumerate(steps) if a["t"] == "bid" and after["ph"] == "bid"]
    for k in firsts[:: max(1, len(firsts) // 6)]:
        lines = told(header, acts[: k + 1])
        pending = acts[k]
        assert lines[-1] == "%s bids, face down." % names(header)[pending["p"]], k
        assert not any(re.search(r"bids \d", line) for line in lines)
    whole = "\n".join(told(header, acts))
    in_order(whole, films_lines(header, acts))
    no_raw_fields(whole)


def test_films_protect_is_told_in_the_rulebooks_words(db):
    """Films' rulebook moves cards to the left of the Studio; the sheet says so (never 'behind')."""
    header, records = load("films_example.rec")
    store(db, "g0001", header, records)
    text = show(db, "g0001")
    assert "left of the Studio (" in text
    assert "behind" not in text
