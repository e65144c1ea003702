"""Errors a player may see on the screen."""

MAX_MSG = 40  # fits two lines of a 128x64 OLED at 8x8, or one line of a big font


class RuleError(Exception):
    """A move the rules forbid. The message is short enough for the screen."""

    def __init__(self, msg: str) -> None:
        if len(msg) > MAX_MSG:
            msg = msg[:MAX_MSG]
        super().__init__(msg)
        self.msg = msg

    def __str__(self) -> str:
        return self.msg


class RecordError(Exception):
    """A record that cannot be read (bad header, unknown game, wrong version)."""
