"""A hand-written record of tests/records folded through its game's rules,
line by line (the record never held whole: the VM's heap is the Pico's)."""

import json

from portable import eq


def record_path(name):
    i = __file__.rfind("/")
    return (__file__[:i] if i >= 0 else ".") + "/../records/" + name


def fold(game, name, stop=None, at=None):
    """The state after the record `name` (a game of `game`); `at(k, state)`
    sees the state after action k (1-based); `stop` ends after action k."""
    state = None
    k = 0
    with open(record_path(name)) as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            obj = json.loads(line)
            if state is None:
                eq(obj["game"], game.name)
                state = game.new(obj["setup"])
                continue
            state = game.apply(state, obj)
            k += 1
            if at is not None:
                at(k, state)
            if k == stop:
                break
    return state
