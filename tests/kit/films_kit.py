"""Helpers for the Films tests: games built only through legal actions, written
as short scripts, one action a clause:

    "0 bid 3; 1 bid 6; 0 director; 1 tickets2 director"

`P bid N`, `P protect I J..`, `P turn I HALF` (a Scriptwriter), `P hit I`, `P swap I HALF [UNDER]`,
`P swap -` (no swap), `P game` (P has the VIP), and `P HALF [UNDER]` places a card.
Ana is player 0, Bo player 1."""

import json

from portable import eq, raises
from usher.core.errors import RuleError
from usher.games.catalog import load_game

G = load_game("films")
PLAYERS = [{"name": "Ana", "colour": 0}, {"name": "Bo", "colour": 1}]


def setup(rounds=8, best_of=1, bids="private"):
    return G.make_setup(PLAYERS, {"rounds": rounds, "best_of": best_of, "bids": bids}, {})


def start(vip=0, rounds=8, best_of=1, bids="private"):
    """A game in its first round, waiting for the bids."""
    s = G.new(setup(rounds, best_of, bids))
    return G.apply(s, {"t": "game", "vip": vip})


def action(text):
    w = text.split()
    p = int(w[0])
    verb = w[1]
    if verb == "bid":
        return {"t": "bid", "p": p, "weeks": int(w[2])}
    if verb == "game":
        return {"t": "game", "vip": p}
    if verb == "protect":
        return {"t": "protect", "p": p, "pos": [int(x) for x in w[2:]]}
    if verb == "hit":
        return {"t": "hit", "p": p, "pos": int(w[2])}
    if verb == "turn":
        return {"t": "script", "p": p, "pos": int(w[2]), "half": w[3]}
    if verb == "swap":
        if w[2] == "-":
            return {"t": "swap", "p": p, "out": None}
        a = {"t": "swap", "p": p, "out": int(w[2]), "half": w[3]}
    else:
        a = {"t": "place", "p": p, "half": verb}
        w = [w[0], "place", "-"] + w[1:]  # the under, if any, at index 4
    if len(w) > 4:
        a["under"] = w[4]
    return a


def play(s, script):
    """Apply every clause of `script` in turn."""
    for clause in script.split(";"):
        if clause.strip():
            s = G.apply(s, action(clause))
    return s


def refused(s, clause, msg):
    """The clause is refused with exactly `msg` and the state is unchanged."""
    before = json.dumps(s)
    a = action(clause) if isinstance(clause, str) else clause
    e = raises(RuleError, G.apply, s, a)
    eq(str(e), msg)
    eq(json.dumps(s), before)
    return True  # so a test can say `assert refused(...)`


def quiet(s, rounds=1, first=0):
    """Rounds where nothing happens: `first` bids 1, the other 2, both place
    Tickets 1 (which never repeats and has no effect)."""
    other = 1 - first
    for _ in range(rounds):
        s = play(s, "%d bid 1; %d bid 2; %d tickets1; %d tickets1" % (first, other, first, other))
    return s


def tops(s, p):
    """p's row as top halves, left to right."""
    return [c[0] for c in G.public_view(s)["rows"][p]]


def guarded(s, p):
    """Which of p's cards are protected."""
    return [c[2] for c in G.public_view(s)["rows"][p]]


def kinds(s):
    """Each player's tickets by kind, as {kind: tickets} without the zeros."""
    from usher.games.films.score import KINDS

    out = []
    for b in G.breakdown(s):
        out.append({KINDS[k]: b[k] for k in range(len(KINDS)) if b[k]})
    return out


def expected(s):
    """[(kind, who)] of expects()."""
    return [(e.kind, e.who) for e in G.expects(s)]
