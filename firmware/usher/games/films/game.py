"""Films (2 players): secret bids for a pool of two cards, a row of half-cards
and the VIP Ticket. The Game interface over usher.games.films.rules (the
reducers), .rows (the row) and .score (the tickets); the actions
and their fields are described in firmware/RECORD-films.md.
"""

from usher.core.errors import RuleError
from usher.core.game import Expect, Game
from usher.games.catalog import entry
from usher.games.films.rows import (
    BEST_OF,
    BIDS,
    HALVES,
    ROUNDS,
    USED,
    WRITER,
    can_protect,
    can_script,
    hand,
    locked,
    studio_at,
)
from usher.games.films.rules import ACTIONS
from usher.games.films.score import breakdown, sheet, tickets


def check_setup(players, options, components) -> dict:
    if not isinstance(players, list) or len(players) != 2:
        raise RuleError("2 players")
    out: list = []
    for pl in players:
        if not isinstance(pl, dict) or not isinstance(pl.get("name"), str):
            raise RuleError("player needs a name")
        out.append({"name": pl["name"], "colour": pl.get("colour", len(out))})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError("bad options")
    o = {"rounds": 8, "best_of": 1, "bids": "private"}
    for k in options:
        if k not in o:
            raise RuleError("unknown option %s", str(k)[:20])
        o[k] = options[k]
    for k, allowed in (("rounds", ROUNDS), ("best_of", BEST_OF)):
        v = o[k]
        if isinstance(v, bool) or not isinstance(v, int) or v not in allowed:
            raise RuleError("rounds: 8 or 10") if k == "rounds" else RuleError("best_of: 1 or 3")
    if not isinstance(o["bids"], str) or o["bids"] not in BIDS:
        raise RuleError("bids: private or open")
    if components:
        raise RuleError("Films needs no components")
    return {"players": out, "options": o, "components": {}}


class Films(Game):
    # -- setup ---------------------------------------------------------------
    def make_setup(self, players: list, options: dict, components: dict) -> dict:
        return check_setup(players, options, components)

    def new(self, setup: dict) -> dict:
        if not isinstance(setup, dict):
            raise RuleError("bad setup")
        st = check_setup(setup.get("players"), setup.get("options"), setup.get("components"))
        o = st["options"]
        return {
            "players": st["players"],
            "R": o["rounds"],
            "bo": o["best_of"],
            "open": o["bids"] == "open",
            "ph": "game",
            "g": 0,
            "wins": [0, 0],
            "past": [],
            "rd": 0,
            "vip": -1,
            "rv": -1,
            "rows": [[], []],
            "room": [0, 0],
            "bids": [-1, -1],
            "ord": [],
            "pl": 0,
            "fx": None,
            "sc": [],
            "last": None,
        }

    # -- play ----------------------------------------------------------------
    def step(self, state: dict, action: dict) -> None:
        t = action["t"]
        fn = ACTIONS.get(t)
        if fn is None:
            raise RuleError("unknown action")
        ph = state["ph"]
        if ph == "over":
            raise RuleError("the match is over")
        if t != "game":
            if ph == "game":
                raise RuleError("no game in play")
            fx = state["fx"]
            if fx is not None and t != fx[0]:
                raise RuleError("finish the effect first")
        fn(state, action)

    def undo_depth(self, actions: list) -> int:
        """A revealed round's two bids, with whatever was entered between them
        (a script and its effect, a protect), are one unit; anything else,
        an unrevealed bid too, stands alone."""
        if not actions:
            return 0
        if actions[-1].get("t") != "bid":
            return 1
        for k in range(len(actions) - 2, -1, -1):
            t = actions[k].get("t")
            if t == "bid":
                return len(actions) - k
            if t == "place" or t == "game":
                break
        return 1

    def expects(self, state: dict) -> list:
        s = state
        ph = s["ph"]
        if ph == "over":
            return []
        if ph == "game":
            return [Expect([0, 1], "game", hint="who has the VIP?")]
        fx = s["fx"]
        if fx is not None:
            return [Expect([fx[1]], fx[0], hint="Shooting Problems" if fx[0] == "hit" else "Editor")]
        if ph == "bid":
            who = [p for p in (0, 1) if s["bids"][p] < 0]
            out = [Expect(who, "bid", private=not s["open"], hint="round %d/%d" % (s["rd"], s["R"]))]
            v = s["vip"]
            writers = [p for p in (v, 1 - v) if can_script(s, p)]  # the VIP holder first
            if writers:
                out.append(Expect(writers, "script", hint="optional"))
        else:
            out = [Expect([s["ord"][s["pl"]]], "place", hint="round %d/%d" % (s["rd"], s["R"]))]
        movers = [p for p in (0, 1) if can_protect(s, p)]
        if movers:
            out.append(Expect(movers, "protect", hint="optional"))
        return out

    # -- views ---------------------------------------------------------------
    def public_view(self, state: dict) -> dict:
        s = state
        rows = []
        for p in (0, 1):
            row = s["rows"][p]
            k = studio_at(row)
            cards = []
            for i in range(len(row)):
                c = row[i]
                under = HALVES[c[1]] if c[1] >= 0 else None
                cards.append([HALVES[c[0]], under, i < k, c[2], c[0] == WRITER and c[3] & USED != 0])
            rows.append(cards)
        ph = s["ph"]
        bidding = ph == "bid"
        v = {
            "game": s["g"],
            "round": s["rd"],
            "rounds": s["R"],
            "best_of": s["bo"],
            "wins": list(s["wins"]),
            "past": [list(t) for t in s["past"]],
            "phase": ph,
            "vip": s["vip"],
            "locked": locked(s),
            "rows": rows,
            "room": list(s["room"]),
            "hand": [hand(s, 0), hand(s, 1)],
            "have_bid": [p for p in (0, 1) if bidding and s["bids"][p] >= 0],
            "order": list(s["ord"]) if ph == "place" else [],
            "placer": s["ord"][s["pl"]] if ph == "place" and s["pl"] < 2 else None,
            "effect": list(s["fx"]) if s["fx"] is not None else None,
            "scripted": list(s["sc"]),
            "last": list(s["last"]) if s["last"] is not None else None,
            "tickets": [tickets(s, 0), tickets(s, 1)],
        }
        if s["open"] and bidding:  # typed on the shared screen anyway
            v["bids"] = [b if b >= 0 else None for b in s["bids"]]
        return v

    def private_view(self, state: dict, player: int) -> dict:
        v = self.public_view(state)
        v["me"] = player
        b = state["bids"][player]
        v["my_bid"] = b if state["ph"] == "bid" and b >= 0 else None
        return v

    # -- results -------------------------------------------------------------
    def is_over(self, state: dict) -> bool:
        return state["ph"] == "over"

    def scores(self, state: dict) -> list:
        """Tickets of the rows as they are (VIP included) in a single game;
        games won in a best of three."""
        if state["bo"] == 1:
            return [tickets(state, 0), tickets(state, 1)]
        return list(state["wins"])

    def tiebreak(self, state: dict) -> list:
        """The VIP holder wins a tie on tickets."""
        if state["bo"] == 1:
            return [1 if state["vip"] == p else 0 for p in (0, 1)]
        return [0, 0]

    def breakdown(self, state: dict) -> list:
        """Per player, the tickets by kind (score.KINDS order)."""
        return breakdown(state)


GAME = Films(entry("films"))


def score_sheet(state: dict) -> dict:
    """Tickets by kind (and, in a match, each game), for the laptop's score sheet."""
    return sheet(state)
