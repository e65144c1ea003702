"""Showbiz rules as functions over a plain state: the phases of a year, the
selection turn and its negotiation, contracts, scoring. The Game class that
wraps them is usher.games.showbiz.game; actions are in firmware/RECORD-showbiz.md.

State layout (plain JSON, colours as indices into `kinds`, players by seat):
  ph    phase: agent row forecast pool pick claims bid contract end trend over
  ga    general agent, turn  active player (the one whose selection turn it is)
  ze    ZE per player (secret unless public money), store  common storage,
  gone  ZE removed as indivisible remainders
  tbag/abag  counts left in the taste / artist bag, row/fc  year and forecast
  rows, fdie  forecast die, pool  artist counts on the table, due  artists owed
  to the pool, art/yrs  per player 6 columns (colour or -1, years left),
  pts   points per player per year played, neg  the pending negotiation,
  last  the latest bid reveal, tr  the latest roll ["trend"|"end", die, limit],
  brk   the latest broken contract [player, colour] (absent from states before it)
"""

from usher.core.data import need
from usher.core.errors import N_, RuleError
from usher.games.showbiz.bags import ARTIST_BAG, TASTE_BAG
from usher.games.showbiz.settings import DRAWS  # noqa: F401  (usher.games.showbiz.game takes it from here)

COLS = 6  # columns on a contract board: artists per agent per year
ROW = 6  # pieces in a taste row
MAX_YEARS = 5  # longest contract
BREAK_COST = 2  # ZE per remaining contract year
ROUNDS = 3  # tie rounds before nobody gets the artist
LAST_YEAR = 12
END_ON = {10: 2, 11: 4}  # after these years a roll this high or lower ends the game
POINTS = [0, 1, 3, 6, 11, 18, 21]  # points for 0..6 matching colours
START_ZE = 15


def default_components() -> dict:
    return {
        "taste": {"kinds": list(TASTE_BAG[0]), "counts": list(TASTE_BAG[1])},
        "artists": {"kinds": list(ARTIST_BAG[0]), "counts": list(ARTIST_BAG[1])},
        "ze": START_ZE,
        "points": list(POINTS),
    }


def matches(board: list, row: list) -> int:
    """How many pieces of `row` find their own counterpart on `board`: each
    piece counts once, so a colour twice in the row needs it twice on the board."""
    left = list(row)
    m = 0
    for c in board:
        if c in left:
            left.remove(c)
            m += 1
    return m


def free_cols(s: dict, p: int) -> int:
    return s["art"][p].count(-1)


def _name(s: dict, p: int) -> str:
    return str(s["players"][p].get("name", "P%d" % (p + 1)))[:12]


def _player(s: dict, a: dict) -> int:
    p = need(a, "p")
    if not 0 <= p < len(s["ze"]):
        raise RuleError("no player %d", p)
    return p


def _colour(s: dict, name) -> int:
    if not isinstance(name, str) or name not in s["kinds"]:
        raise RuleError("unknown colour")
    return s["kinds"].index(name)


def _take(s: dict, bag: list, a: dict, key: str, count: int) -> list:
    """Take the pieces an action names out of `bag`, refusing what it can't give."""
    items = need(a, key, list)
    if len(items) != count:
        raise RuleError("draw exactly %d pieces", count)
    out = []
    for it in items:
        c = _colour(s, it)
        if bag[c] <= 0:
            raise RuleError("bag has no %s left", it[:16])
        bag[c] -= 1
        out.append(c)
    return out


def _die(a: dict) -> int:
    d = need(a, "die")
    if not 1 <= d <= 6:
        raise RuleError("die is 1-6")
    return d


def _phase(s: dict, ph: str) -> None:
    if s["ph"] != ph:
        raise _waiting(s["ph"])


# what the game waits for in each phase: a move the phase does not take is
# refused with it (whole texts, marked for the device's words)
WAITING = {
    "over": N_("the game is over"),
    "agent": N_("waiting for the general agent"),
    "row": N_("waiting for the taste row"),
    "forecast": N_("waiting for the forecast"),
    "pool": N_("waiting for the artist draw"),
    "pick": N_("waiting for a pick"),
    "claims": N_("waiting for the claims"),
    "bid": N_("waiting for the bids"),
    "contract": N_("waiting for the contract"),
    "end": N_("waiting for the end roll"),
    "trend": N_("waiting for the taste roll"),
}


def _waiting(ph: str) -> RuleError:
    """The refusal of a move the phase `ph` does not take."""
    text = WAITING.get(ph, WAITING["trend"])
    return RuleError(text)


def claimers(s: dict) -> list:
    """Who may claim the picked artist, in seat order from the active player's left."""
    act = s["neg"]["act"]
    n = len(s["ze"])
    out = []
    for i in range(1, n):
        q = (act + i) % n
        if free_cols(s, q) and s["ze"][q] > 0:
            out.append(q)
    return out


def pending_bidders(s: dict) -> list:
    neg = s["neg"]
    return [q for i, q in enumerate(neg["in"]) if neg["bids"][i] < 0]


# -- the flow of a year --------------------------------------------------------
def _start_year(s: dict) -> None:
    """Selection turns begin with the general agent."""
    _next_turn(s, s["ga"] - 1)


def _next_turn(s: dict, after: int) -> None:
    """The next player left of `after` who still lacks an artist is active; when
    nobody lacks one, the year ends."""
    s["neg"] = None
    n = len(s["ze"])
    for i in range(1, n + 1):
        q = (after + i) % n
        if free_cols(s, q):
            s["turn"] = q
            s["ph"] = "pick"
            return
    _year_end(s)


def _year_end(s: dict) -> None:
    n = len(s["ze"])
    for p in range(n):
        s["pts"][p].append(s["points"][matches(s["art"][p], s["row"])])
    share = s["store"] // n
    for p in range(n):
        s["ze"][p] += share
    s["gone"] += s["store"] - share * n
    s["store"] = 0
    y = s["year"]
    if y >= LAST_YEAR:
        s["ph"] = "over"
    elif y in END_ON:
        s["ph"] = "end"
    else:
        _new_year(s)


def _new_year(s: dict) -> None:
    """The year's row goes back, contracts move down a year and the expired
    ones go back to the bag (owed to the pool), the office passes clockwise."""
    for c in s["row"]:
        s["tbag"][c] += 1
    s["row"] = []
    for p in range(len(s["ze"])):
        art = s["art"][p]
        yrs = s["yrs"][p]
        for col in range(COLS):
            if art[col] >= 0:
                yrs[col] -= 1
                if yrs[col] == 0:
                    s["abag"][art[col]] += 1
                    s["due"] += 1
                    art[col] = -1
    s["ga"] = (s["ga"] + 1) % len(s["ze"])
    s["year"] += 1
    s["ph"] = "trend"


# -- actions -------------------------------------------------------------------
def _a_agent(s: dict, a: dict) -> None:
    _phase(s, "agent")
    s["ga"] = _player(s, a)
    s["ph"] = "row"


def _a_row(s: dict, a: dict) -> None:
    _phase(s, "row")
    s["row"] = _take(s, s["tbag"], a, "row", ROW)
    s["ph"] = "forecast"


def _a_forecast(s: dict, a: dict) -> None:
    _phase(s, "forecast")
    s["fc"] = _take(s, s["tbag"], a, "row", ROW)
    s["fdie"] = _die(a)
    if s["due"]:
        s["ph"] = "pool"
    else:
        _start_year(s)


def _a_pool(s: dict, a: dict) -> None:
    _phase(s, "pool")
    for c in _take(s, s["abag"], a, "add", pool_draw(s)):
        s["pool"][c] += 1
    s["due"] = 0
    _start_year(s)


def pool_draw(s: dict) -> int:
    """Artists the pool is owed, as far as the bag can give them."""
    return min(s["due"], sum(s["abag"]))


def _a_trend(s: dict, a: dict) -> None:
    _phase(s, "trend")
    d = _die(a)
    s["tr"] = ["trend", d, s["fdie"]]
    if d <= s["fdie"]:  # the forecast comes true
        s["row"] = s["fc"]
        s["ph"] = "forecast"
    else:
        for c in s["fc"]:
            s["tbag"][c] += 1
        s["ph"] = "row"
    s["fc"] = []


def _a_end(s: dict, a: dict) -> None:
    _phase(s, "end")
    d = _die(a)
    s["tr"] = ["end", d, END_ON[s["year"]]]
    if d <= END_ON[s["year"]]:
        s["ph"] = "over"
    else:
        _new_year(s)


def _a_pick(s: dict, a: dict) -> None:
    _phase(s, "pick")
    p = _player(s, a)
    if p != s["turn"]:
        raise RuleError("not your turn")
    c = _colour(s, a.get("art"))
    if s["pool"][c] <= 0:
        raise RuleError("no %s in the pool", a["art"][:16])
    s["neg"] = {"art": c, "act": p, "rd": 1, "in": [p], "bids": [-1], "win": -1}
    if claimers(s):
        s["ph"] = "claims"
    else:
        _won(s, p)


def _a_claims(s: dict, a: dict) -> None:
    _phase(s, "claims")
    ps = need(a, "ps", list)
    neg = s["neg"]
    ok = claimers(s)
    for q in ps:
        if isinstance(q, bool) or not isinstance(q, int) or not 0 <= q < len(s["ze"]):
            raise RuleError("bad player in claims")
        if q == neg["act"]:
            raise RuleError("the picker can't claim")
        if q not in ok:
            if not free_cols(s, q):
                raise RuleError("%s has six artists", _name(s, q))
            raise RuleError("%s has no ZE to claim", _name(s, q))
        if ps.count(q) > 1:
            raise RuleError("a player can claim once")
    if not ps:
        _won(s, neg["act"])
        return
    for q in ps:
        s["ze"][q] -= 1
        s["store"] += 1
    neg["in"] = [neg["act"]] + [q for q in ok if q in ps]
    neg["bids"] = [-1 for _ in neg["in"]]
    s["ph"] = "bid"


def _a_bid(s: dict, a: dict) -> None:
    _phase(s, "bid")
    p = _player(s, a)
    neg = s["neg"]
    if need(a, "rd") != neg["rd"]:
        raise RuleError("bid is for round %d", neg["rd"])
    if p not in neg["in"]:
        raise RuleError("%s is not bidding", _name(s, p))
    i = neg["in"].index(p)
    if neg["bids"][i] >= 0:
        raise RuleError("%s has already bid", _name(s, p))
    z = need(a, "ze")
    if z < 0:
        raise RuleError("bid 0 ZE or more")
    if z > s["ze"][p]:
        raise RuleError("bid above your %d ZE", s["ze"][p])
    neg["bids"][i] = z
    if min(neg["bids"]) >= 0:
        _reveal(s)


def _reveal(s: dict) -> None:
    """Every bid goes to the storage; the highest bid wins, a tie goes to the
    active player if tied, else to another round among the tied, at most three."""
    neg = s["neg"]
    top = max(neg["bids"])
    tied = []
    bids = []
    for i, q in enumerate(neg["in"]):
        b = neg["bids"][i]
        bids.append([q, b])
        s["ze"][q] -= b
        s["store"] += b
        if b == top:
            tied.append(q)
    last = {"art": s["kinds"][neg["art"]], "rd": neg["rd"], "bids": bids}
    s["last"] = last
    if len(tied) == 1 or neg["act"] in tied:
        w = tied[0] if len(tied) == 1 else neg["act"]
        last["out"] = "win"
        last["win"] = w
        _won(s, w)
    elif neg["rd"] < ROUNDS:
        last["out"] = "again"
        neg["rd"] += 1
        neg["in"] = tied
        neg["bids"] = [-1 for _ in tied]
    else:  # the artist stays in the pool
        last["out"] = "none"
        _next_turn(s, neg["act"])


def _won(s: dict, w: int) -> None:
    s["neg"]["win"] = w
    s["ph"] = "contract"


def _column(s: dict, a: dict) -> int:
    col = need(a, "col")
    if not 1 <= col <= COLS:
        raise RuleError("column is 1-%d", COLS)
    return col - 1


def _a_contract(s: dict, a: dict) -> None:
    _phase(s, "contract")
    p = _player(s, a)
    neg = s["neg"]
    if p != neg["win"]:
        raise RuleError("not your artist")
    col = _column(s, a)
    if s["art"][p][col] >= 0:
        raise RuleError("column %d is taken", col + 1)
    yrs = need(a, "yrs")
    if not 1 <= yrs <= MAX_YEARS:
        raise RuleError("contract is 1-%d years", MAX_YEARS)
    s["art"][p][col] = neg["art"]
    s["yrs"][p][col] = yrs
    s["pool"][neg["art"]] -= 1
    _next_turn(s, neg["act"])


def break_cost(s: dict, p: int, col: int) -> int:
    return BREAK_COST * s["yrs"][p][col]


def bidding(s: dict, p: int) -> bool:
    """Whether `p` is in a bid round still open: her ZE are promised, so she
    may not break a contract until the reveal (who bids is public)."""
    return s["ph"] == "bid" and p in s["neg"]["in"]


def breakers(s: dict) -> list:
    """Who may break a contract now: at any time of the game (the rulebook's
    "at any time"), by anyone holding a contract, except a player in an open
    bid round."""
    if s["ph"] == "over":
        return []
    return [p for p in range(len(s["ze"])) if free_cols(s, p) < COLS and not bidding(s, p)]


def _a_break(s: dict, a: dict) -> None:
    """Pay 2 ZE a remaining year (the rulebook's "Terminating a contract").
    Where the artist goes it does not say: as at a contract's end (the
    general agent's step 5), back to the artist bag, and one artist is drawn
    from the bag into the pool at once, so the column can be filled again
    (docs/RULES.md). Allowed in every phase of the game (see `breakers`)."""
    if s["ph"] == "over":
        raise RuleError("the game is over")
    p = _player(s, a)
    if bidding(s, p):
        raise RuleError("%s is bidding", _name(s, p))
    col = _column(s, a)
    c = s["art"][p][col]
    if c < 0:
        raise RuleError("column %d is empty", col + 1)
    cost = break_cost(s, p, col)
    if s["ze"][p] < cost:
        raise RuleError("breaking costs %d ZE", cost)
    s["ze"][p] -= cost
    s["store"] += cost
    s["art"][p][col] = -1
    s["yrs"][p][col] = 0
    s["abag"][c] += 1
    for d in _take(s, s["abag"], a, "add", 1):
        s["pool"][d] += 1
    s["brk"] = [p, c]


ACTIONS = {
    "agent": _a_agent,
    "row": _a_row,
    "forecast": _a_forecast,
    "pool": _a_pool,
    "trend": _a_trend,
    "end": _a_end,
    "pick": _a_pick,
    "claims": _a_claims,
    "bid": _a_bid,
    "contract": _a_contract,
    "break": _a_break,
}


def breaking(s: dict, a: dict) -> int:
    """The colour a break action would send back, or -1 if it names no contract."""
    p = a.get("p")
    col = a.get("col")
    n = len(s["ze"])
    if isinstance(p, int) and isinstance(col, int) and 0 <= p < n and 1 <= col <= COLS:
        return s["art"][p][col - 1]
    return -1
