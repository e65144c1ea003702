"""The game menu's undo question says who and what ("Undo Anna's hire for
1,000?", "Undo both bids of round 3?"), for every kind of action of every
title: each hand-written record of tests/records is replayed, and after
each action the question the device would ask is compared with one built
here from the action, the record's header (names, prices, musicals,
cities) and the rules' own tables (the Films halves, the Showtime cast).
The kinds an undo may ask about are read from the record docs
(firmware/RECORD*.md), so a new kind of action without its words fails.
A bid's number (weeks, ZE) is never in a question: one alone is secret."""

import json
import os
import re

from tooling import ROOT, TESTS
from usher.core.errors import RuleError
from usher.core.record import UNDO
from usher.games.catalog import load_game

RECORDS = os.path.join(TESTS, "records")
DOCS = {
    "showtime": "RECORD-showtime.md",
    "showbiz": "RECORD-showbiz.md",
    "show_manager": "RECORD-show_manager.md",
    "films": "RECORD-films.md",
}


class Told:
    """What the game menu hands a game's `ask`: the match, as far as it reads it."""

    def __init__(self, game, setup, actions, state):
        self.game = game
        self.setup = setup
        self.recent = actions[-16:]  # as Match keeps them (RECENT)
        self.state = state

    def last_action(self):
        return self.recent[-1]


def record(name):
    with open(os.path.join(RECORDS, name)) as f:
        objs = [json.loads(ln) for ln in f if ln.startswith("{")]
    return objs[0], objs[1:]


def steps(name):
    """(game, setup, actions in force, state before the last, state after it)
    after each action of a record; an undo takes its actions back."""
    head, lines = record(name)
    game = load_game(head["game"])
    setup = head["setup"]
    done = []
    states = [game.new(setup)]
    for a in lines:
        if a["t"] == UNDO:
            n = a.get("n", 1)
            del done[-n:]
            del states[-n:]
            continue
        try:
            states.append(game.apply(states[-1], a))
        except RuleError:  # a record of a refusal (dice_bad_face.rec): it ends there
            return
        done.append(a)
        yield game, setup, list(done), states[-2], states[-1]


def doc_kinds(title):
    """The action kinds of a title's record doc (its Actions table)."""
    with open(os.path.join(ROOT, "firmware", DOCS[title])) as f:
        text = f.read()
    table = text[text.index("## Actions") :]
    table = table[: table.index("\n## ", 4)]
    kinds = set()
    for ln in table.splitlines():
        m = re.match(r'\| `(?:\{"t": ")?([a-z_]+)', ln)
        if m and m.group(1) not in ("action",):
            kinds.add(m.group(1))
    assert kinds, title
    return kinds


def names(setup):
    return [p["name"] for p in setup["players"]]


def money(n):
    return "{:,}".format(n)


def records_of(title):
    out = sorted(f for f in os.listdir(RECORDS) if f.startswith(title + "_") and f.endswith(".rec"))
    if title == "show_manager":
        return out
    return [f for f in out if not f.startswith("show_manager")]


def no_number(q, unit):
    """No number in the question but the round and how many bids: never a
    bid's ZE or weeks (a Films round revealed is no secret any more)."""
    nums = set(int(x) for x in re.findall(r"\d+", q))
    allowed = {a["rd"] for a in unit if "rd" in a} | {len(unit)}
    assert nums <= allowed, (q, unit)


# -- Showbiz -----------------------------------------------------------------------
SHOWBIZ_DRAWS = {
    "row": "the year's taste",
    "forecast": "the forecast",
    "trend": "the taste roll",
    "end": "the end roll",
}


def showbiz_says(setup, unit, before, after):
    a = unit[-1]
    who = names(setup)
    t = a["t"]
    if t == "bid":
        if len(unit) == 1:
            return "Undo %s's bid of round %d?" % (who[a["p"]], a["rd"])
        many = "both" if len(unit) == 2 else "the %d" % len(unit)
        return "Undo %s bids of round %d?" % (many, a["rd"])
    if t == "agent":
        return "Undo %s as general agent?" % who[a["p"]]
    if t == "pool":
        return "Undo the %d artists into the pool?" % len(a["add"])
    if t in SHOWBIZ_DRAWS:
        return "Undo %s?" % SHOWBIZ_DRAWS[t]
    if t == "pick":
        return "Undo %s's pick: %s?" % (who[a["p"]], a["art"].capitalize())
    if t == "claims":
        return "Undo the claims of %s?" % ", ".join(who[q] for q in a["ps"]) if a["ps"] else 'Undo "Nobody claims"?'
    if t == "contract":
        kind = before["kinds"][before["neg"]["art"]]  # the artist in negotiation
        return "Undo %s's contract: %s, %d years?" % (who[a["p"]], kind.capitalize(), a["yrs"])
    assert t == "break", a
    return "Undo %s's broken contract, column %d?" % (who[a["p"]], a["col"])


# -- Show Manager ------------------------------------------------------------------
def show_manager_says(setup, unit, before, after):
    a = unit[-1]
    c = setup["components"]
    who = names(setup)[a["p"]]
    t = a["t"]
    if t == "hire":
        cost = c["hire"][a["pos"]]
        return "Undo %s's hire for %s?" % (who, money(cost)) if cost else "Undo %s's free hire?" % who
    if t == "refresh":
        return "Undo %s's refresh for %s?" % (who, money(c["refresh"]))
    title = c["titles"][a["title"]][0]
    if t == "loan":
        return "Undo %s's loan of %s on %s?" % (who, money(a["amount"] * c["per_point"]), title)
    assert t == "produce", a
    city = a.get("city")
    if city is None:
        city = before["at"][a["title"]]  # a later production goes to the musical's city
    return "Undo %s's %s in %s?" % (who, title, c["cities"][city][0])


# -- Films -------------------------------------------------------------------------
def films_says(setup, unit, before, after):
    from usher.games.films.rows import HALVES, LABELS

    def half(h):
        return LABELS[HALVES.index(h)]

    a = unit[-1]
    who = names(setup)
    t = a["t"]
    if t == "game":
        return "Undo the new game, the VIP to %s?" % who[a["vip"]]
    me = who[a["p"]]
    if t == "bid":
        if len(unit) > 1:
            rounds = [b for b in unit if b["t"] == "bid"]
            assert len(rounds) == 2, unit  # a revealed round: both bids, whatever came between
            return "Undo both bids of round %d?" % load_game("films").public_view(after)["round"]
        return "Undo %s's bid?" % me
    if t == "protect":
        n = len(a["pos"])
        return "Undo %s's %d card%s left of the Studio?" % (me, n, "" if n == 1 else "s")
    if t == "script":
        return "Undo %s's Scriptwriter: %s on top?" % (me, half(a["half"]))
    if t == "place":
        return "Undo %s's %s?" % (me, half(a["half"]))
    if t == "hit":
        return "Undo %s's Shooting Problems on %s's card %d?" % (me, who[1 - a["p"]], a["pos"] + 1)
    assert t == "swap", a
    if a.get("out") is None:
        return "Undo %s's Editor: no swap?" % me
    return "Undo %s's Editor: %s in?" % (me, half(a["half"]))


SAYS = {"showbiz": showbiz_says, "show_manager": show_manager_says, "films": films_says}


def check_title(title):
    import importlib

    ask = importlib.import_module("usher.ui.%s.undo" % title).ask
    seen = set()
    for rec in records_of(title):
        for game, setup, done, before, after in steps(rec):
            n = max(1, min(game.undo_depth(done[-16:]), len(done)))
            unit = done[-n:]
            q = ask(Told(game, setup, done, after))
            assert q == SAYS[title](setup, unit, before, after), (rec, len(done), unit[-1])
            if unit[-1]["t"] == "bid" and (title == "showbiz" or len(unit) == 1):
                no_number(q, unit)
            seen.add(unit[-1]["t"])
    assert seen == doc_kinds(title), (seen, doc_kinds(title))


def test_showbiz_asks_who_and_what_for_every_kind_of_action():
    check_title("showbiz")


def test_show_manager_asks_who_and_what_and_the_price_never_anyone_s_money():
    check_title("show_manager")


def test_films_asks_who_and_what_and_a_revealed_round_as_both_bids():
    check_title("films")


def test_showtime_asks_whose_person_where_or_the_discard_or_the_poster():
    from usher.games.showtime import cast
    from usher.ui.showtime.menu import ask, undo_span

    seen = set()
    for rec in records_of("showtime"):
        for _game, setup, done, _before, _after in steps(rec):
            n = undo_span(done[-16:], setup)
            if not n:
                continue
            a = done[-n]
            who = names(setup)[a["p"]]
            want = "Undo %s's %s in row %d, seat %d?" % (who, cast.name(a["card"]), a["row"], a["seat"])
            assert " ".join(ask(a, setup)) == want, (rec, a)
            seen.add(a["t"])
    # the kinds no record holds as a person's move (a discard, an entered
    # poster): the record doc's own examples
    with open(os.path.join(ROOT, "firmware", DOCS["showtime"])) as f:
        examples = [json.loads(m) for m in re.findall(r"\| `(\{.*?\})` \|", f.read())]
    setup = record("showtime_4p.rec")[0]["setup"]
    for a in examples:
        if a["t"] == "discard":
            want = "Undo %s's discard of %s?" % (names(setup)[a["p"]], cast.name(a["card"]))
        elif a["t"] == "poster":
            want = "Undo the poster %s?" % a["genre"]
        else:
            continue
        assert " ".join(ask(a, setup)) == want, a
        seen.add(a["t"])
    # "first" is the device's own draw, taken back with the move before it
    assert seen == doc_kinds("showtime") - {"first"}, seen


def test_dice_asks_what_was_rolled_or_drawn():
    from usher.ui.dice.play import ask

    seen = set()
    for rec in records_of("dice"):
        for game, setup, done, _before, _after in steps(rec):
            a = done[-1]
            q = ask(Told(game, setup, done, _after))
            if a["t"] == "roll":
                want = "Undo the roll: %s?" % " ".join(str(f) for f in a["faces"])
            elif a["t"] == "draw":
                want = "Undo the draw from the %s bag: %s?" % (a["bag"], a["item"])
            else:
                want = "Undo the refill of the %s bag?" % a["bag"]
            assert q == want, (rec, a)
            seen.add(a["t"])
    with open(os.path.join(ROOT, "firmware", "RECORD.md")) as f:
        kinds = set(re.findall(r'`\{"t": "([a-z]+)", "(?:n|bag)"', f.read())) - {UNDO}
    assert seen == kinds, (seen, kinds)
