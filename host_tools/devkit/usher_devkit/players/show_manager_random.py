"""Random legal Show Manager games, played with the firmware's own rules: for
the property tests, for measuring the rules' heap on the VM, and for anyone
who wants a long record to look at.

    python -m usher_devkit.players.show_manager_random PLAYERS SEED [OUT.rec]

Every action `random_action` returns is legal in the state it is given (the
rules module accepts it); the mix of loans, shows, refreshes and hires is
tuned to look like play rather than to be uniform.
"""

import json
import sys

from usher_tools.paths import use_firmware

MAX_ACTIONS = 2000  # a random 3-player game takes about 250


def _rules():
    use_firmware()
    from usher.games.show_manager import rules as show_manager_rules

    return show_manager_rules


def _talents(s: dict, t: int, rng) -> list:
    """Role entries: mostly 1-`max_talent`, now and then a miscast (0)."""
    top = s["max_talent"]
    return [0 if rng.below(10) == 0 else 1 + rng.below(top) for _ in range(s["titles"][t][1])]


def _produce(s: dict, p: int, t: int, rng) -> dict:
    a = {"t": "produce", "p": p, "title": t, "roles": _talents(s, t, rng)}
    at = s["at"][t]
    if at < 0:
        free = [c for c in range(len(s["cities"])) if c not in s["at"]]
        a["city"] = free[rng.below(len(free))]
    else:  # a later production: the city left out, null, or named again
        k = rng.below(3)
        if k == 1:
            a["city"] = None
        elif k == 2:
            a["city"] = at
    return a


def random_action(state: dict, rng) -> dict:
    """One legal action for the player whose turn it is (the game must not be over)."""
    r = _rules()
    s = state
    p = s["turn"]
    d = s["did"]
    if not d:
        lo = r.loanable(s, p)
        if lo and rng.below(4) == 0:
            t, copy, most = lo[rng.below(len(lo))]
            return {"t": "loan", "p": p, "title": t, "copy": copy, "amount": 1 + rng.below(most)}
    full = s["hand"][p] >= r.hand_limit(s, p)
    if not d & (r.SHOW | r.REFRESH):
        ok = r.producible(s, p)
        if ok and (full or rng.below(3)):
            return _produce(s, p, ok[rng.below(len(ok))], rng)
    # full: no hire or refresh is legal, and a show always is (rule 5), so
    # falling through to a hire here would be a bug the rules module refuses
    money = s["money"][p]
    if money >= s["refresh"] and rng.below(8) == 0:
        return {"t": "refresh", "p": p}
    spaces = [i for i in range(len(s["hire"])) if s["hire"][i] <= money]
    # cheap spaces more often: space 0 half the time
    pos = 0 if rng.below(2) else spaces[rng.below(len(spaces))]
    return {"t": "hire", "p": p, "pos": pos}


def random_setup(n: int, rng, custom: bool = False) -> dict:
    """A setup for n players; with `custom`, other cities, edition, money and costs."""
    use_firmware()
    from usher.games.show_manager.game import GAME

    players = [{"name": "P%d" % i, "colour": i} for i in range(n)]
    options = {"first": rng.below(n), "edition": ("show_manager", "premiere")[rng.below(2)]}
    comps: dict = {}
    if custom:
        cities = []
        for c in range(4 + rng.below(3)):
            col = sorted([rng.below(25) for _ in range(6)], reverse=True)
            cities.append(["City %d" % c, col])
        comps = {
            "cities": cities,
            "money": 1000 * rng.below(40),
            "hire": [0, 500 * rng.below(4), 1000 * rng.below(4), 1000 * rng.below(5)],
            "refresh": 1000 * rng.below(4),
            "loan_max": 1 + rng.below(12),
            "per_point": 500 * rng.below(4),
            "max_talent": 1 + rng.below(9),
        }
    return GAME.make_setup(players, options, comps)


def play(setup: dict, rng, each=None, limit: int = MAX_ACTIONS) -> tuple:
    """(actions, final state) of a random legal game from `setup`;
    `each(before, action, after)` sees every step. Raises if it does not end."""
    use_firmware()
    from usher.games.show_manager.game import GAME

    s = GAME.new(setup)
    acts: list = []
    for _ in range(limit):
        if GAME.is_over(s):
            return acts, s
        a = random_action(s, rng)
        new = GAME.apply(s, a)
        if each is not None:
            each(s, a, new)
        acts.append(a)
        s = new
    raise AssertionError("the game did not end in %d actions" % limit)


def record_lines(setup: dict, actions: list) -> list:
    head = {"usher": 1, "game": "show_manager", "created": 0, "setup": setup}
    return [json.dumps(head, separators=(",", ":"))] + [json.dumps(a, separators=(",", ":")) for a in actions]


def record_text(n: int, seed: int) -> str:
    """The record of the random n-player game of `seed`, as the seeded
    driver writes tests/records/show_manager_<n>p_random.rec."""
    use_firmware()
    from usher.core.rng import Rng

    rng = Rng(seed)
    setup = random_setup(n, rng)
    acts, _ = play(setup, rng)
    head = [
        "# Show Manager, %d players, a random legal game (seed %d): written by" % (n, seed),
        "# python -m usher_devkit.players.show_manager_random %d %d" % (n, seed),
    ]
    return "\n".join(head + record_lines(setup, acts)) + "\n"


def main(argv: list) -> int:
    if len(argv) < 2:
        print("usage: python -m usher_devkit.players.show_manager_random PLAYERS SEED [OUT.rec]", file=sys.stderr)
        return 2
    text = record_text(int(argv[0]), int(argv[1]))
    if len(argv) > 2:
        with open(argv[2], "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
