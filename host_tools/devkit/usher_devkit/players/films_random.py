"""Random legal Films play on the laptop, with the firmware's own rules: for
the property tests, the seeded records in tests/records and the bench.

`legal_actions(state)` lists every legal action (bids: a sample of the
weeks); `random_action(state, rng)` picks one the way a table might, with
ties common and the optional Scriptwriters and Studio moves now and then;
`play_match(setup, seed)` plays a whole match.
"""

from usher_tools.paths import use_firmware

use_firmware()

from usher.games.catalog import load_game  # noqa: E402
from usher.games.films.rows import (  # noqa: E402
    HALVES,
    can_protect,
    can_script,
    fit_error,
    movable,
    studio_at,
    targets,
    turns,
)

G = load_game("films")
WEEKS = (0, 1, 2, 3, 5, 8, 13, 20)  # the weeks legal_actions lists (any 0-20 is legal: films.rows.MAX_WEEKS)
MAX_ACTIONS = 2000  # a random best of three takes about 200


def placements(row: list, skip: int = -1) -> list:
    """Every (half, under) a card may enter `row` with (-1: no under given),
    the card at `skip` left out (an Editor's swap)."""
    out = []
    for h in range(len(HALVES)):
        if not fit_error(row, h, -1, skip):
            out.append((h, -1))
            continue
        for u in range(len(HALVES)):
            if u != h and not fit_error(row, h, u, skip):
                out.append((h, u))
    return out


def _card(a: dict, h: int, u: int) -> dict:
    a["half"] = HALVES[h]
    if u >= 0:
        a["under"] = HALVES[u]
    return a


def fresh(s: dict, p: int) -> bool:
    """Whether p's Studio came up this round, or the round before and the
    bids are not revealed yet (or, as near as the state tells, a Scriptwriter
    of p's turned it up in these bids): a Studio's first window, the only one
    random_action takes, so the seeded records of tests/records (written
    when a Studio had no later window) stay what this driver writes.
    legal_actions lists every window."""
    row = s["rows"][p]
    k = studio_at(row)
    if k < 0:
        return False
    c = row[k]
    return c[2] == s["rd"] or (s["ph"] == "bid" and (c[2] == s["rd"] - 1 or (p in s["sc"] and k == 0 and c[1] >= 0)))


def protects(s: dict, p: int, first: bool = False) -> list:
    """Studio moves: each movable card alone, and each pair that fits the
    room (`first`: only in the Studio's first window)."""
    if not can_protect(s, p) or (first and not fresh(s, p)):
        return []
    ok = movable(s["rows"][p])
    out = [{"t": "protect", "p": p, "pos": [i]} for i in ok]
    if s["room"][p] >= 2:
        for i in ok:
            for j in ok:
                if i != j:
                    out.append({"t": "protect", "p": p, "pos": [i, j]})
    return out


def scripts(s: dict, p: int) -> list:
    if not can_script(s, p):
        return []
    out = []
    row = s["rows"][p]
    for i in range(len(row)):
        for h in turns(row, i):
            out.append({"t": "script", "p": p, "pos": i, "half": HALVES[h]})
    return out


def legal_actions(s: dict) -> list:
    """Every action apply() accepts in `s` (the weeks of a bid: a sample)."""
    ph = s["ph"]
    if ph == "over":
        return []
    if ph == "game":
        return [{"t": "game", "vip": 0}, {"t": "game", "vip": 1}]
    fx = s["fx"]
    if fx is not None:
        p = fx[1]
        if fx[0] == "hit":
            return [{"t": "hit", "p": p, "pos": i} for i in targets(s["rows"][1 - p])]
        out = [{"t": "swap", "p": p, "out": None}]
        row = s["rows"][p]
        for i in range(len(row)):
            for h, u in placements(row, i):
                out.append(_card({"t": "swap", "p": p, "out": i}, h, u))
        return out
    out = []
    if ph == "bid":
        for p in (0, 1):
            if s["bids"][p] < 0:
                out += [{"t": "bid", "p": p, "weeks": w} for w in WEEKS]
            out += scripts(s, p)
    else:
        p = s["ord"][s["pl"]]
        out += [_card({"t": "place", "p": p}, h, u) for h, u in placements(s["rows"][p])]
    for p in (0, 1):
        out += protects(s, p)
    return out


def _pick(items: list, rng):
    return items[rng.below(len(items))]


def random_action(s: dict, rng) -> dict:
    """One legal action: the step the game waits for, or now and then an
    optional Scriptwriter (half the time it is possible) or Studio move (a
    third of the time, in a Studio's first window). Weeks 0-9, so ties are common; halves uniform, then
    the other half where the top repeats; an Editor swaps two times in three."""
    ph = s["ph"]
    if ph in ("game", "over") or s["fx"] is not None:
        acts = legal_actions(s)
        if s["fx"] is not None and s["fx"][0] == "swap" and rng.below(3):
            acts = acts[1:] or acts
        return _pick(acts, rng)
    if ph == "bid" and rng.below(2):
        v = s["vip"]
        opts = scripts(s, v) or scripts(s, 1 - v)
        if opts:
            return _pick(opts, rng)
    if rng.below(3) == 0:
        opts = protects(s, 0, True) + protects(s, 1, True)
        if opts:
            return _pick(opts, rng)
    if ph == "bid":
        p = _pick([q for q in (0, 1) if s["bids"][q] < 0], rng)
        return {"t": "bid", "p": p, "weeks": rng.below(10)}
    p = s["ord"][s["pl"]]
    row = s["rows"][p]
    h = rng.below(len(HALVES))
    unders = [u for hh, u in placements(row) if hh == h]
    if not unders:  # a second Studio: the card goes the other way up
        return _card({"t": "place", "p": p}, *_pick(placements(row), rng))
    return _card({"t": "place", "p": p}, h, _pick(unders, rng))


def players(names=("Ana", "Bo")) -> list:
    return [{"name": n, "colour": i} for i, n in enumerate(names)]


def play_match(setup: dict, seed: int, each=None) -> tuple:
    """(final state, actions) of a random match; `each(before, action, after)`
    sees every step."""
    from usher.core.rng import Rng

    r = Rng(seed)
    s = G.new(setup)
    acts: list = []
    for _ in range(MAX_ACTIONS):
        if G.is_over(s):
            return s, acts
        a = random_action(s, r)
        new = G.apply(s, a)
        if each is not None:
            each(s, a, new)
        acts.append(a)
        s = new
    raise AssertionError("match did not end")
