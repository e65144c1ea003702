"""Showbiz's device settings, their defaults (`defaults()`: read by
usher.settings when wanted) and their check (who draws, whether money is
public): by the sync link before it asks for a press to take pushed
settings, and by the rules at setup (usher.games.showbiz.rules takes DRAWS
from here). Small on purpose: the settings and the link load it without the
rules."""

from usher.core.errors import RuleError

DRAWS = ("device", "entered")


def defaults() -> dict:
    """The settings a device starts with: money hidden, the device draws."""
    return {"public_money": False, "draws": "device"}


def check(values: dict) -> None:
    """RuleError with the reason if a game could not start with these defaults."""
    if values.get("draws") not in DRAWS:
        raise RuleError("draws: device or entered")
    if not isinstance(values.get("public_money"), bool):
        raise RuleError("public_money: true or false")
