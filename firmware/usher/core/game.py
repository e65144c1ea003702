"""The interface every game implements (the list of games is
usher.games.catalog: the core names no game).

A game is a reducer: `apply(state, action)` returns a new state or raises
RuleError and leaves the given state untouched. States and actions are
JSON-like values, so a record replays identically on any runtime.

Random outcomes are facts: `roll(state, action, rng)` fills them into the action
before it is applied and recorded, so a replay never rolls again.
"""

from usher.core.data import clone
from usher.core.errors import RuleError


def seated(players, lo: int, hi: int) -> list:
    """A setup's players as the rules keep them: lo to hi of them (the
    catalog's counts), each with a name, coloured by seat unless given."""
    if not isinstance(players, list) or not lo <= len(players) <= hi:
        raise RuleError("%d-%d players" % (lo, hi))
    out: list = []
    for pl in players:
        if not isinstance(pl, dict) or not isinstance(pl.get("name"), str):
            raise RuleError("player needs a name")
        out.append({"name": pl["name"], "colour": pl.get("colour", len(out))})
    return out


class Expect:
    """What input is expected next: from whom (several players at once for
    secret bids), what kind of input, and whether it must be entered privately."""

    def __init__(self, who: list, kind: str, private: bool = False, hint: str = "") -> None:
        self.who = who
        self.kind = kind
        self.private = private
        self.hint = hint

    def __repr__(self) -> str:
        return "Expect(%r, %r, private=%r)" % (self.who, self.kind, self.private)


class Game:
    name = ""  # id written into records
    title = ""  # shown on screen
    min_players = 1
    max_players = 8
    holds_secrets = False  # whether an unfinished game's record carries secrets
    snap_every = 32  # actions in force between snapshots (usher.core.match): a replay's length

    def __init__(self, info=None) -> None:
        """`info`: the game's entry in the catalog (usher.games.catalog), the
        one place its name, title, player counts and secrecy are written."""
        if info is not None:
            self.name = info.name
            self.title = info.title
            self.min_players = info.lo
            self.max_players = info.hi
            self.holds_secrets = info.secrets

    # -- setup -------------------------------------------------------------
    def make_setup(self, players: list, options: dict, components: dict) -> dict:
        """Validate a setup and return the dict stored in the record header.

        `players` is a list of {"name": str, "colour": int}. `components` holds
        every printed value the rules use, so the record is self-contained."""
        n = len(players)
        if n < self.min_players or n > self.max_players:
            raise RuleError("%d-%d players" % (self.min_players, self.max_players))
        return {"players": clone(players), "options": clone(options), "components": clone(components)}

    def new(self, setup: dict) -> dict:
        raise NotImplementedError

    # -- play --------------------------------------------------------------
    def roll(self, state: dict, action: dict, rng) -> dict:
        """Fill random outcomes into `action` (default: none needed)."""
        return action

    def apply(self, state: dict, action: dict) -> dict:
        """Return the state after `action`; raise RuleError and change nothing."""
        if not isinstance(action, dict) or not isinstance(action.get("t"), str):
            raise RuleError("bad action")
        new = clone(state)
        self.step(new, action)
        return new

    def step(self, state: dict, action: dict) -> None:
        """Mutate a private copy of the state (called by `apply`)."""
        raise NotImplementedError

    def snap_after(self, state: dict) -> bool:
        """Whether to write a snapshot now, between the usual ones (after a
        slow step, so that no undo or power-on replays it again)."""
        return False

    def undo_depth(self, actions: list) -> int:
        """How many trailing actions one undo cancels (a bid round is one unit)."""
        return 1

    def expects(self, state: dict) -> list:
        """A list of Expect: whose input is awaited and of what kind."""
        return []

    # -- views -------------------------------------------------------------
    def public_view(self, state: dict) -> dict:
        """What the shared screen may show: never a secret."""
        return {}

    def private_view(self, state: dict, player: int) -> dict:
        """What one player may see alone (their bid, their money)."""
        return self.public_view(state)

    # -- results -----------------------------------------------------------
    def is_over(self, state: dict) -> bool:
        return False

    def scores(self, state: dict) -> list:
        """One number a player, in seat order."""
        return [0 for _ in state["players"]]

    def tiebreak(self, state: dict) -> list:
        """A second number a player: higher wins a tie on score."""
        return [0 for _ in state["players"]]

    def standings(self, state: dict) -> list:
        """[{"player", "name", "score", "rank"}], best first; ties share a rank."""
        scores = self.scores(state)
        ties = self.tiebreak(state)
        order = list(range(len(scores)))
        order.sort(key=lambda i: (-scores[i], -ties[i], i))
        out = []
        rank = 0
        prev = None
        for pos, i in enumerate(order):
            key = (scores[i], ties[i])
            if key != prev:
                rank = pos + 1
                prev = key
            out.append({"player": i, "name": state["players"][i]["name"], "score": scores[i], "rank": rank})
        return out
