"""What a record's header must hold, checked the way the device checks a
game when it makes one (RECORD.md): format 1, a known game, an id and a date
of the right kind if present, and a setup its game's own `make_setup` takes.

The laptop asks this of every record it replays (`usher score`, sync, the
history). The device makes the same checks when it starts a game (the games'
`make_setup`; names come from its roster); this module is kept apart from
usher.core.match so a game in play never holds it in RAM.
"""

from usher.core.errors import RecordError, RuleError
from usher.core.game import Game
from usher.core.record import FORMAT
from usher.games.catalog import load_game

MAX_NAME = 16  # the roster's longest name (usher.link.checks)


def check_players(players, lo: int, hi: int) -> None:
    """Players as the device seats them: lo to hi, each a {"name": ...} from
    the roster (1-16 characters, no two alike)."""
    if not isinstance(players, list) or not lo <= len(players) <= hi:
        raise RuleError("%d-%d players" % (lo, hi))
    seen: list = []
    for p in players:
        name = p.get("name") if isinstance(p, dict) else None
        if not isinstance(name, str) or not name.strip():
            raise RuleError("player %d has no name" % (len(seen) + 1))
        if len(name) > MAX_NAME:
            raise RuleError("player %d: name over %d characters" % (len(seen) + 1, MAX_NAME))
        if name in seen:
            raise RuleError("two players named " + name)
        seen.append(name)


def open_header(header) -> Game:
    """The game that replays a record with this header; RecordError
    "header: ..." when the device would not have written it."""
    if not isinstance(header, dict):
        raise RecordError("header: not a JSON object")
    if header.get("usher") != FORMAT:
        raise RecordError("header: format %s unknown" % str(header.get("usher"))[:12])
    try:
        game = load_game(header.get("game"))  # type: ignore[arg-type]
    except RuleError as e:
        raise RecordError("header: " + e.msg)
    uid = header.get("uid")
    if uid is not None and (not isinstance(uid, str) or not 1 <= len(uid) <= 32):
        raise RecordError("header: bad uid")
    created = header.get("created", 0)
    if isinstance(created, bool) or not isinstance(created, int) or created < 0:
        raise RecordError("header: bad created")
    setup = header.get("setup")
    if not isinstance(setup, dict):
        raise RecordError("header: no setup")
    for key in ("options", "components"):
        if not isinstance(setup.get(key, {}), dict):
            raise RecordError("header: %s not a JSON object" % key)
    try:
        check_players(setup.get("players"), game.min_players, game.max_players)
        game.make_setup(setup["players"], setup.get("options", {}), setup.get("components", {}))
    except RuleError as e:
        raise RecordError("header: " + e.msg)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        raise RecordError("header: malformed setup")
    return game
