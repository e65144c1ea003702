"""Helpers for JSON-like state: states are plain dicts, lists, ints and strings."""

import json


def clone(value):
    """Deep copy of a JSON-like value (MicroPython has no `copy` module)."""
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list):
        return [clone(v) for v in value]
    return value


def dumps(value) -> str:
    return json.dumps(value, separators=(",", ":"))


def loads(text):
    return json.loads(text)


def need(action: dict, key: str, kind=int):
    """Read a field of an action, or refuse it with a short message."""
    from usher.core.errors import RuleError

    if key not in action:
        raise RuleError("missing " + key)
    value = action[key]
    # bool is an int subclass on CPython; never accept it as a number
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise RuleError("bad " + key)
    if kind is not int and not isinstance(value, kind):
        raise RuleError("bad " + key)
    return value
