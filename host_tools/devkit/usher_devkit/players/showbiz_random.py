"""Random legal Showbiz play on the laptop, with the firmware's own rules: for
the property tests and the seeded record tests/records/showbiz_4p.rec.

`legal_actions(state, rng)` lists every legal action (draws and dice rolled
with `rng`); `random_action(state, rng)` picks one the way a table might,
breaks rare; `lacking(state)` counts the artists still to be signed.
"""

from usher_tools.paths import use_firmware

use_firmware()

from usher.games.showbiz.game import GAME  # noqa: E402
from usher.games.showbiz.rules import (  # noqa: E402
    COLS,
    MAX_YEARS,
    break_cost,
    breakers,
    claimers,
    free_cols,
    pending_bidders,
)

BREAK_ODDS = 12  # random play breaks a contract about once in this many picks
MAX_SUBSETS = 5  # claimers up to this many: every subset; more: a sample


def _subsets(items: list) -> list:
    out: list = [[]]
    for q in items:
        out = out + [s + [q] for s in out]
    return out


def legal_actions(state: dict, rng, breaks: bool = True) -> list:
    """A list of complete legal actions. Draws and dice are chosen with `rng`
    (one outcome each), so every action in the list is accepted by apply().
    `breaks=False` leaves out the breaks that are allowed in every phase."""
    out = _steps(state, rng)
    if breaks:
        out += _breaks(state, rng)
    return out


def _breaks(s: dict, rng) -> list:
    out = []
    for p in breakers(s):
        for col in range(COLS):
            if s["art"][p][col] >= 0 and s["ze"][p] >= break_cost(s, p, col):
                dev = dict(s)
                dev["draws"] = "device"
                out.append(GAME.roll(dev, {"t": "break", "p": p, "col": col + 1}, rng))
    return out


def _steps(state: dict, rng) -> list:
    s = state
    ph = s["ph"]
    kinds = s["kinds"]
    if ph == "over":
        return []
    if ph in ("agent", "row", "forecast", "pool", "trend", "end"):
        dev = dict(s)
        dev["draws"] = "device"  # fill the outcomes whatever the mode
        return [GAME.roll(dev, {"t": ph}, rng)]
    if ph == "pick":
        out = []
        for c in range(len(kinds)):
            if s["pool"][c]:
                out.append({"t": "pick", "p": s["turn"], "art": kinds[c]})
        return out
    if ph == "claims":
        ok = claimers(s)
        if len(ok) <= MAX_SUBSETS:
            groups = _subsets(ok)
        else:
            pick = [q for q in ok if rng.below(2)]
            groups = [[], list(ok), pick] + [[q] for q in ok]
        return [{"t": "claims", "ps": g} for g in groups]
    if ph == "bid":
        rd = s["neg"]["rd"]
        out = []
        for q in pending_bidders(s):
            for z in range(s["ze"][q] + 1):
                out.append({"t": "bid", "p": q, "rd": rd, "ze": z})
        return out
    # contract
    w = s["neg"]["win"]
    out = []
    for col in range(COLS):
        if s["art"][w][col] < 0:
            for y in range(1, MAX_YEARS + 1):
                out.append({"t": "contract", "p": w, "col": col + 1, "yrs": y})
    return out


def random_action(state: dict, rng) -> dict:
    """One legal action chosen at random, cheaper than listing them all where
    the list would be long (bids, breaks)."""
    s = state
    ph = s["ph"]
    if ph == "bid":
        q = pending_bidders(s)[rng.below(len(pending_bidders(s)))]
        return {"t": "bid", "p": q, "rd": s["neg"]["rd"], "ze": rng.below(s["ze"][q] + 1)}
    # breaks only while a pick is awaited (and rarely): random games then
    # play as they did before breaks were allowed in every phase
    acts = legal_actions(s, rng, breaks=ph == "pick")
    if ph == "pick":
        # breaks outnumber picks; keep them rare so random games look like games
        picks = [a for a in acts if a["t"] == "pick"]
        if len(picks) < len(acts) and rng.below(BREAK_ODDS) == 0:
            acts = [a for a in acts if a["t"] == "break"]
        else:
            acts = picks
    return acts[rng.below(len(acts))]


def lacking(state: dict) -> int:
    """Free columns over all boards: how many artists are still to be signed."""
    return sum(free_cols(state, p) for p in range(len(state["ze"])))
