"""Errors a player may see on the screen."""

MAX_MSG = 40  # fits two lines of a 128x64 OLED at 8x8, or one line of a big font


class RuleError(Exception):
    """A move the rules forbid. The message is short enough for the screen.
    A message with values is a template and its values, RuleError("face
    must be 1-%d", 6): `msg` is it in English (records, the laptop), and
    the screen says it in the device's language (usher.words.said)."""

    MAX = MAX_MSG  # for usher.words.said, which may not import the core

    def __init__(self, msg: str, *vals) -> None:
        self.text = msg
        self.vals = vals
        if vals:
            msg = msg % vals
        if len(msg) > MAX_MSG:
            msg = msg[:MAX_MSG]
        super().__init__(msg)
        self.msg = msg

    def __str__(self) -> str:
        return self.msg


def N_(s: str) -> str:
    """Marks a refusal kept as a text, not raised at once (a check run for
    every seat makes no object), as one the screens say through usher.words
    (which the games may not import); it is the text itself."""
    return s


class RecordError(Exception):
    """A record that cannot be read (bad header, unknown game, wrong version)."""
