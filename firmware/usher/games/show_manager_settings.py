"""Show Manager's device settings checked (the cities, the edition): by the
sync link before it asks for a press to take pushed settings, with the same
rules a game's setup applies to them."""

from usher.core.errors import RuleError
from usher.games.show_manager_setup import EDITIONS, check_cities


def check(values: dict) -> None:
    """RuleError with the reason if a game could not start with these defaults."""
    check_cities(values.get("cities"))
    if values.get("edition") not in EDITIONS:
        raise RuleError("edition: " + " or ".join(EDITIONS))
