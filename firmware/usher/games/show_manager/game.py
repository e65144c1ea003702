"""Show Manager (Dirk Henn; Premiere, db-Spiele 1996; Queen Games 1997):
impresarios hire artistes, put on four musicals (eight with 2-3 players) and
rank them in the cities. Players enter what they did; the device keeps the
secret money, the loans and the rankings. The Game interface over the rules
in usher.games.show_manager.rules; actions, state and the readings taken where
the rulebook is silent are in firmware/RECORD-show_manager.md.
"""

from usher.core.errors import RuleError
from usher.core.game import Expect, Game
from usher.games.catalog import entry
from usher.games.show_manager import rules
from usher.games.show_manager.setup import check_setup

STEPS = ("start", "loan", "show", "show", "refresh", "refresh", "refresh", "refresh")  # by `did`


class ShowManager(Game):
    # -- setup ---------------------------------------------------------------
    def make_setup(self, players: list, options: dict, components: dict) -> dict:
        return check_setup(players, options, components)

    def new(self, setup: dict) -> dict:
        if not isinstance(setup, dict):
            raise RuleError("bad setup")
        return rules.fresh(check_setup(setup.get("players"), setup.get("options"), setup.get("components")))

    # -- play ----------------------------------------------------------------
    def step(self, state: dict, action: dict) -> None:
        fn = rules.ACTIONS.get(action["t"])
        if fn is None:
            raise RuleError("unknown action")
        fn(state, action)

    def expects(self, state: dict) -> list:
        """The player whose turn it is, once per kind of action that may come
        next, in the turn's order: loan, show, refresh, hire. Money is not
        looked at (that would tell the table): a hire the player cannot pay
        is listed and refused when entered."""
        s = state
        p = s["turn"]
        if p < 0:
            return []
        d = s["did"]
        out = []
        if not d and rules.loanable(s, p):
            out.append(Expect([p], "loan", hint="borrow"))
        if not d & (rules.SHOW | rules.REFRESH) and rules.producible(s, p):
            out.append(Expect([p], "show", hint="put on a show"))
        if s["hand"][p] < rules.hand_limit(s, p):
            out.append(Expect([p], "refresh", hint="refresh display"))
            out.append(Expect([p], "hire", hint="hire, ends the turn"))
        return out

    # -- views ---------------------------------------------------------------
    def public_view(self, state: dict) -> dict:
        """Everything a real table shows: chips, places, hands. Never money."""
        s = state
        cities = []
        for c in range(len(s["cities"])):
            t = s["at"].index(c) if c in s["at"] else -1
            row = s["rank"][t] if t >= 0 else []
            cities.append(
                {
                    "name": s["cities"][c][0],
                    "points": list(s["cities"][c][1]),
                    "title": t,
                    "chips": [[s["chips"][ci][0], s["chips"][ci][2], s["chips"][ci][3]] for ci in row],
                }
            )
        n = len(s["players"])
        return {
            "turn": s["turn"],
            "step": STEPS[s["did"]],
            "titles": [list(x) for x in s["titles"]],
            "hands": list(s["hand"]),
            "limits": [rules.hand_limit(s, p) for p in range(n)],
            "left": [list(x) for x in s["left"]],
            "cities": cities,
            "points": rules.scores(s),
            "over": s["turn"] < 0,
        }

    def private_view(self, state: dict, player: int) -> dict:
        v = self.public_view(state)
        v["me"] = player
        v["money"] = state["money"][player]
        return v

    # -- results -------------------------------------------------------------
    def is_over(self, state: dict) -> bool:
        return state["turn"] < 0

    def scores(self, state: dict) -> list:
        return rules.scores(state)

    def tiebreak(self, state: dict) -> list:
        return list(state["money"])


GAME = ShowManager(entry("show_manager"))


def score_sheet(state: dict) -> dict:
    """City points per player, city by city, for the laptop's score sheet;
    money (the tie-break) only once the game is over, as it is secret before."""
    s = state
    names = [p["name"] for p in s["players"]]
    n = len(names)
    rows = []
    for t in range(len(s["at"])):
        c = s["at"][t]
        if c < 0:
            continue
        pts = [0] * n
        for i, ci in enumerate(s["rank"][t]):
            owner = s["chips"][ci][0]
            if owner >= 0:
                pts[owner] += s["cities"][c][1][i]
        rows.append(["%s (%s)" % (s["cities"][c][0], s["titles"][t][0])] + pts)
    rows.append(["total"] + rules.scores(s))
    if s["turn"] < 0:
        rows.append(["money"] + list(s["money"]))
    return {"title": "Show Manager: city points", "columns": ["city"] + names, "rows": rows}
