"""Dice and random draws: the first, trivial game, exercising the whole pattern.

Actions:
  {"t": "roll", "n": 1|2, "sides": 6, "faces": [..]}   faces filled by roll()
  {"t": "draw", "bag": NAME, "item": KIND}              item filled by roll()
  {"t": "refill", "bag": NAME}                          everything back in

The state keeps the latest outcome (`last`) and, for each kind of outcome
(`page_of`: one die, two dice, each bag, a refill), its own latest one
(`by`), so a screen per kind shows that kind's last result. A roll or a
draw carries its number among the rolls and draws (`no`), which its page
shows beside it.
"""

from usher.core.data import need
from usher.core.errors import RuleError
from usher.core.game import Expect, Game
from usher.core.rng import Bag, throw
from usher.games.catalog import entry

# the draws page's two bags: Showbiz's box (usher.games.showbiz.bags, which
# a test holds these to), written here so dice loads nothing of Showbiz
COLOURS = ["yellow", "red", "blue", "green", "black", "white"]
TASTE_BAG = (COLOURS, [10, 10, 10, 10, 10, 10])
ARTIST_BAG = (COLOURS, [6, 9, 12, 15, 18, 21])
MAX_DICE = 4
MAX_HISTORY = 20  # the screen shows the last few; the record keeps them all


def default_bags() -> dict:
    return {
        "taste": {"kinds": list(TASTE_BAG[0]), "counts": list(TASTE_BAG[1])},
        "artists": {"kinds": list(ARTIST_BAG[0]), "counts": list(ARTIST_BAG[1])},
    }


def counted(kinds, counts) -> bool:
    """A bag's contents: distinct names and as many whole counts, none below 0."""
    if not isinstance(kinds, list) or not isinstance(counts, list) or len(kinds) != len(counts):
        return False
    for i in range(len(kinds)):
        k, c = kinds[i], counts[i]
        if not isinstance(k, str) or kinds.index(k) != i or isinstance(c, bool) or not isinstance(c, int) or c < 0:
            return False
    return True


class Dice(Game):
    def make_setup(self, players: list, options: dict, components: dict) -> dict:
        if isinstance(components, dict) and "bags" not in components:
            components = {"bags": default_bags()}
        setup = Game.make_setup(self, players, options, components)
        bags = setup["components"].get("bags")
        if not isinstance(bags, dict):
            raise RuleError("bags: not a table")
        for spec in bags.values():
            if not isinstance(spec, dict) or not counted(spec.get("kinds"), spec.get("counts")):
                raise RuleError("bags: kinds and counts")
        return setup

    def new(self, setup: dict) -> dict:
        bags = {}
        for name, spec in setup["components"]["bags"].items():
            bags[name] = {"kinds": list(spec["kinds"]), "full": list(spec["counts"]), "counts": list(spec["counts"])}
        return {
            "players": setup["players"],
            "bags": bags,
            "last": None,
            "by": {},
            "history": [],
            "rolls": 0,
            "draws": 0,
        }

    def _bag(self, state: dict, action: dict) -> dict:
        name = need(action, "bag", str)
        if name not in state["bags"]:
            raise RuleError("no bag %s", name[:20])
        return state["bags"][name]

    def roll(self, state: dict, action: dict, rng) -> dict:
        out = dict(action)
        t = action.get("t")
        if t == "roll":
            n = need(action, "n")
            sides = action.get("sides", 6)
            if 1 <= n <= MAX_DICE and isinstance(sides, int) and 2 <= sides <= 100:
                out["faces"] = throw(rng, n, sides)
        elif t == "draw":
            spec = self._bag(state, action)
            bag = Bag(spec["kinds"], spec["counts"])
            if bag.total() > 0:
                out["item"] = bag.draw(rng)
        return out

    def step(self, state: dict, action: dict) -> None:
        t = action["t"]
        if t == "roll":
            n = need(action, "n")
            sides = action.get("sides", 6)
            if not 1 <= n <= MAX_DICE:
                raise RuleError("1-%d dice", MAX_DICE)
            faces = need(action, "faces", list)
            if len(faces) != n:
                raise RuleError("need %d faces", n)
            for f in faces:
                if not isinstance(f, int) or not 1 <= f <= sides:
                    raise RuleError("face must be 1-%d", sides)
            state["rolls"] += 1
            state["last"] = {"t": "roll", "faces": faces, "total": sum(faces), "no": state["rolls"] + state["draws"]}
        elif t == "draw":
            spec = self._bag(state, action)
            item = need(action, "item", str)
            if item not in spec["kinds"]:
                raise RuleError("no such piece")
            i = spec["kinds"].index(item)
            if spec["counts"][i] <= 0:
                raise RuleError("none left: %s", item[:20])
            spec["counts"][i] -= 1
            state["draws"] += 1
            no = state["rolls"] + state["draws"]
            state["last"] = {"t": "draw", "bag": action["bag"], "item": item, "left": sum(spec["counts"]), "no": no}
        elif t == "refill":
            spec = self._bag(state, action)
            spec["counts"] = list(spec["full"])
            state["last"] = {"t": "refill", "bag": action["bag"]}
        else:
            raise RuleError("unknown action")
        by = state.get("by")
        if by is None:  # a snapshot written before `by` existed
            by = state["by"] = {}
        by[page_of(state["last"])] = state["last"]
        state["history"].append(state["last"])
        if len(state["history"]) > MAX_HISTORY:
            state["history"].pop(0)

    def expects(self, state: dict) -> list:
        return [Expect([], "roll")]

    def public_view(self, state: dict) -> dict:
        return {"last": state["last"], "bags": {k: sum(v["counts"]) for k, v in state["bags"].items()}}


def page_of(result: dict) -> str:
    """The kind of an outcome: "roll1", "roll2"..., "draw:<bag>", "refill"."""
    t = result["t"]
    if t == "roll":
        return "roll%d" % len(result["faces"])
    if t == "draw":
        return "draw:" + result["bag"]
    return "refill"


def last_of(state: dict, page: str):
    """The latest outcome of one kind, or None (a state resumed from an old
    snapshot may lack `by`: then the recent history is searched)."""
    by = state.get("by")
    if by and page in by:
        return by[page]
    for r in reversed(state["history"]):
        if page_of(r) == page:
            return r
    return None


GAME = Dice(entry("dice"))
