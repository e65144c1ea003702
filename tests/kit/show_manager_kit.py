"""Helpers for the Show Manager tests: games built only through legal actions,
and city lists written short, a musical's letter and its points ("T17", "D17")."""

import json

from portable import eq, raises
from usher.core.data import dumps
from usher.core.errors import RuleError
from usher.games.catalog import load_game

G = load_game("show_manager")
WOLF, QUEENIE, LEAR, BALLET = 0, 1, 2, 3
NAMES = "ABCDEFGH"


def players(n):
    return [{"name": NAMES[i], "colour": i} for i in range(n)]


def setup(n=4, first=0, **components):
    return G.make_setup(players(n), {"first": first}, components)


def game(n=4, first=0, **components):
    return G.new(setup(n, first, **components))


def run(s, *actions):
    for a in actions:
        s = G.apply(s, a)
    return s


def hire(s, pos=0):
    return G.apply(s, {"t": "hire", "p": s["turn"], "pos": pos})


def hires(s, k):
    """k turns in a row, each a free hire by whoever is to play."""
    for _ in range(k):
        s = hire(s)
    return s


def free_city(s):
    return [c for c in range(len(s["cities"])) if c not in s["at"]][0]


def show(s, t, roles, city=None):
    """Put on musical t for whoever is to play; a premiere without a city
    given takes the first free one."""
    a = {"t": "produce", "p": s["turn"], "title": t, "roles": list(roles)}
    if city is None and s["at"][t] < 0:
        city = free_city(s)
    if city is not None:
        a["city"] = city
    return G.apply(s, a)


def hire_round(s, k=1):
    """k times: the player to play hires the free card, then the others play
    (play_out's policy) until it is that player's turn again."""
    p = s["turn"]
    for _ in range(k):
        s = hire(s)
        s = play_out(s, until=lambda x: x["turn"] == p)
    return s


def loan(s, t, amount, copy=0):
    return G.apply(s, {"t": "loan", "p": s["turn"], "title": t, "copy": copy, "amount": amount})


def refused(s, action, msg):
    """`action` is refused with exactly `msg`, and `s` is left as it was."""
    before = dumps(s)
    e = raises(RuleError, G.apply, s, action)
    eq(str(e), msg)
    eq(dumps(s), before)
    return True  # so a test can say `assert refused(...)`


def city_list(s, c):
    """City c top to bottom: "T17" for a touring chip, "D17" for a player's."""
    t = s["at"].index(c)
    out = []
    for ci in s["rank"][t]:
        ch = s["chips"][ci]
        out.append(("T" if ch[0] < 0 else NAMES[ch[0]]) + str(ch[3]))
    return out


def play_out(s, talent=5, until=None):
    """Finish the game with a plain policy: put on the first musical the hand
    allows (each role worth `talent`; a premiere takes the first free city),
    then hire the free card. Stops early when `until(s)` is true."""
    while not G.is_over(s):
        if until is not None and until(s):
            break
        p = s["turn"]
        from usher.games.show_manager.rules import producible

        ok = producible(s, p)
        if ok:
            t = ok[0]
            s = show(s, t, [talent] * s["titles"][t][1])
            if s["turn"] != p:
                continue
        s = hire(s)
    return s


def folder():
    i = __file__.rfind("/")
    return __file__[:i] if i >= 0 else "."


def replay(name, at=None, check=None):
    """Fold tests/records/<name> a line at a time. `at(k, state)` sees the
    state after action k (1-based). A comment `#! {action} -> message` says
    that action is refused there with that message; `check` is then called
    with the state, the action and the message (default: `refused`)."""
    state = None
    k = 0
    with open(folder() + "/../records/" + name) as f:
        for line in f:
            line = line.strip()
            if line.startswith("#!"):
                body, msg = line[2:].split(" -> ")
                (check or refused)(state, json.loads(body), msg.strip())
                continue
            if not line or line.startswith("#"):
                continue
            obj = json.loads(line)
            if state is None:
                eq(obj["game"], "show_manager")
                state = G.new(obj["setup"])
                continue
            state = G.apply(state, obj)
            k += 1
            if at is not None:
                at(k, state)
    return state
