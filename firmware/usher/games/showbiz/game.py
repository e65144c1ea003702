"""Showbiz (Derek Carver, 1985): agents sign artists whose colours should match
the public's taste of the year. The Game interface over the rules in
usher.games.showbiz.rules; the actions and their fields are described in
firmware/RECORD-showbiz.md.
"""

from usher.core.errors import RuleError
from usher.core.game import Expect, Game
from usher.core.rng import Bag, die
from usher.games.catalog import entry
from usher.games.showbiz.rules import (
    ACTIONS,
    COLS,
    DRAWS,
    END_ON,
    LAST_YEAR,
    ROW,
    breakers,
    breaking,
    claimers,
    default_components,
    pending_bidders,
    pool_draw,
)


class Showbiz(Game):
    # -- setup ---------------------------------------------------------------
    def make_setup(self, players: list, options: dict, components: dict) -> dict:
        opts = {"draws": "device", "public_money": False, "start_year": 1}
        for k in options:
            if k not in opts:
                raise RuleError("unknown option %s", str(k)[:20])
            opts[k] = options[k]
        if opts["draws"] not in DRAWS:
            raise RuleError("draws: device or entered")
        if not isinstance(opts["public_money"], bool):
            raise RuleError("public_money: true or false")
        y = opts["start_year"]
        if isinstance(y, bool) or not isinstance(y, int) or not 1 <= y <= LAST_YEAR:
            raise RuleError("start year is 1-%d", LAST_YEAR)
        comp = default_components()
        for k in components:
            comp[k] = components[k]
        setup = Game.make_setup(self, players, opts, comp)
        try:
            self._check_components(setup["components"], len(players))
        except (KeyError, TypeError):
            raise RuleError("bad components")
        return setup

    def _check_components(self, comp: dict, n: int) -> None:
        t = comp["taste"]
        art = comp["artists"]
        if t["kinds"] != art["kinds"] or len(t["kinds"]) != len(t["counts"]) or len(art["kinds"]) != len(art["counts"]):
            raise RuleError("bags need the same colours")
        # two rows, plus a redrawn row after the forecast goes back
        if sum(t["counts"]) < 2 * ROW:
            raise RuleError("taste bag needs %d pieces", 2 * ROW)
        if sum(art["counts"]) < COLS * n:
            raise RuleError("artist bag needs %d pieces", COLS * n)
        if len(comp["points"]) != COLS + 1:
            raise RuleError("points: %d numbers", COLS + 1)
        for v in t["counts"] + art["counts"] + comp["points"] + [comp["ze"]]:
            if isinstance(v, bool) or not isinstance(v, int) or v < 0:
                raise RuleError("bad counts, points or ZE")

    def new(self, setup: dict) -> dict:
        n = len(setup["players"])
        comp = default_components()
        comp.update(setup.get("components", {}))
        opts = setup.get("options", {})
        y = opts.get("start_year", 1)
        k = len(comp["taste"]["kinds"])
        return {
            "players": setup["players"],
            "kinds": list(comp["taste"]["kinds"]),
            "points": list(comp["points"]),
            "draws": opts.get("draws", "device"),
            "pub": opts.get("public_money", False),
            "y0": y,
            "year": y,
            "ph": "agent",
            "ga": -1,
            "turn": -1,
            "ze": [comp["ze"]] * n,
            "store": 0,
            "gone": 0,
            "tbag": list(comp["taste"]["counts"]),
            "abag": list(comp["artists"]["counts"]),
            "row": [],
            "fc": [],
            "fdie": 0,
            "tr": None,
            "pool": [0] * k,
            "due": COLS * n,
            "art": [[-1] * COLS for _ in range(n)],
            "yrs": [[0] * COLS for _ in range(n)],
            "pts": [[] for _ in range(n)],
            "neg": None,
            "last": None,
            "brk": None,
        }

    # -- play ----------------------------------------------------------------
    def roll(self, state: dict, action: dict, rng) -> dict:
        """In "device" mode, fill the draws and dice an action leaves out."""
        if state["draws"] != "device" or not isinstance(action, dict):
            return action
        s = state
        out = dict(action)
        t = action.get("t")
        kinds = s["kinds"]
        if t == "agent" and "p" not in out:
            out["p"] = rng.below(len(s["ze"]))
        elif t in ("row", "forecast") and "row" not in out and sum(s["tbag"]) >= ROW:
            out["row"] = Bag(kinds, s["tbag"]).draw_many(rng, ROW)
        elif t == "pool" and "add" not in out:
            out["add"] = Bag(kinds, s["abag"]).draw_many(rng, pool_draw(s))
        elif t == "break" and "add" not in out:
            back = breaking(s, out)
            if back >= 0:
                counts = list(s["abag"])
                counts[back] += 1
                out["add"] = [Bag(kinds, counts).draw(rng)]
        if t in ("forecast", "trend", "end") and "die" not in out:
            out["die"] = die(rng)
        return out

    def step(self, state: dict, action: dict) -> None:
        fn = ACTIONS.get(action["t"])
        if fn is None:
            raise RuleError("unknown action")
        fn(state, action)

    def undo_depth(self, actions: list) -> int:
        """How many trailing actions one undo takes back: the bids of one round
        form a unit (revealed or not), anything else stands alone."""
        if not actions:
            return 0
        last = actions[-1]
        if last.get("t") != "bid":
            return 1
        k = 0
        for a in reversed(actions):
            if a.get("t") != "bid" or a.get("rd") != last.get("rd"):
                break
            k += 1
        return k

    def expects(self, state: dict) -> list:
        """The step the game waits for; a second entry of kind "break" lists
        who may break a contract now (always optional)."""
        out = self._step(state)
        who = breakers(state)
        if who:
            out.append(Expect(who, "break", hint="optional"))
        return out

    def _step(self, state: dict) -> list:
        s = state
        ph = s["ph"]
        ga = [s["ga"]] if s["ga"] >= 0 else []
        dev = s["draws"] == "device"
        if ph == "over":
            return []
        if ph == "agent":
            return [Expect([], "agent", hint="roll for the agent" if dev else "choose the agent")]
        if ph == "row":
            return [Expect(ga, "row", hint="draw the taste row")]
        if ph == "forecast":
            return [Expect(ga, "forecast", hint="draw forecast, roll")]
        if ph == "pool":
            return [Expect(ga, "pool", hint="draw %d artists" % pool_draw(s))]
        if ph == "trend":
            return [Expect(ga, "trend", hint="roll vs forecast %d" % s["fdie"])]
        if ph == "end":
            return [Expect(ga, "end", hint="roll: 1-%d ends" % END_ON[s["year"]])]
        if ph == "pick":
            return [Expect([s["turn"]], "pick", hint="pick an artist")]
        if ph == "claims":
            return [Expect(claimers(s), "claims", hint="who claims?")]
        if ph == "bid":
            return [Expect(pending_bidders(s), "bid", private=True, hint="round %d" % s["neg"]["rd"])]
        return [Expect([s["neg"]["win"]], "contract", hint="column and years")]

    # -- views ---------------------------------------------------------------
    def public_view(self, state: dict) -> dict:
        s = state
        kinds = s["kinds"]
        brk = s.get("brk")
        boards = []
        for p in range(len(s["ze"])):
            art = s["art"][p]
            boards.append([[kinds[art[i]], s["yrs"][p][i]] if art[i] >= 0 else None for i in range(COLS)])
        v = {
            "year": s["year"],
            "phase": s["ph"],
            "agent": s["ga"],
            "turn": s["turn"],
            "row": [kinds[c] for c in s["row"]],
            "forecast": [kinds[c] for c in s["fc"]],
            "forecast_die": s["fdie"],
            "last_roll": s["tr"],
            "pool": [[kinds[c], k] for c, k in enumerate(s["pool"]) if k],
            "boards": boards,
            "points": self.scores(s),
            "table": s["pts"],
            "storage": s["store"],
            "removed": s["gone"],
            "bags": [sum(s["tbag"]), sum(s["abag"])],
            "last_reveal": s["last"],
            # the latest broken contract [player, colour]: a state from a
            # snapshot written before it was kept has none
            "last_break": [brk[0], kinds[brk[1]]] if brk else None,
        }
        neg = s["neg"]
        if neg is not None:
            # who has bid may be shown, never how much before the reveal
            v["negotiation"] = {
                "art": kinds[neg["art"]],
                "active": neg["act"],
                "round": neg["rd"],
                "bidders": list(neg["in"]),
                "have_bid": [q for i, q in enumerate(neg["in"]) if neg["bids"][i] >= 0],
                "winner": neg["win"],
            }
        if s["pub"]:
            v["ze"] = list(s["ze"])
        return v

    def private_view(self, state: dict, player: int) -> dict:
        v = self.public_view(state)
        v["me"] = player
        v["my_ze"] = state["ze"][player]
        neg = state["neg"]
        bid = None
        if neg is not None and state["ph"] == "bid" and player in neg["in"]:
            b = neg["bids"][neg["in"].index(player)]
            bid = b if b >= 0 else None
        v["my_bid"] = bid
        return v

    # -- results -------------------------------------------------------------
    def is_over(self, state: dict) -> bool:
        return state["ph"] == "over"

    def scores(self, state: dict) -> list:
        return [sum(t) for t in state["pts"]]

    def tiebreak(self, state: dict) -> list:
        return list(state["ze"])


GAME = Showbiz(entry("showbiz"))


def score_sheet(state: dict) -> dict:
    """Points per player, year by year, for the laptop's score sheet."""
    names = [p["name"] for p in state["players"]]
    years = max([len(t) for t in state["pts"]] + [0])
    first = state["y0"]
    rows = []
    for y in range(years):
        rows.append(["year %d" % (first + y)] + [t[y] if y < len(t) else "" for t in state["pts"]])
    rows.append(["total"] + [sum(t) for t in state["pts"]])
    return {"title": "Showbiz: success points per year", "columns": ["year"] + names, "rows": rows}
