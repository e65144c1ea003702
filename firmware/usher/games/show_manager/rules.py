"""Show Manager rules as functions over a plain state: a turn's steps in their
fixed order (loan, production, refreshes, hire), the hand limit, the city
rankings. The Game class that wraps them is usher.games.show_manager.game; actions
and state are described in firmware/RECORD-show_manager.md.

State layout (plain JSON, musicals and cities as indices, players by seat):
  titles  [[name, roles]] x4, cities  [[name, [6 points]]], touring  values
  per musical, hire/refresh/loan_max/per_point/max_talent  from the header
  money   per player (secret), hand  cards per player,
  left    per player, unplaced chips per musical
  chips   every chip placed, in placement order: [owner (-1 touring),
          musical, value as produced, value now (lower after a loan)]
  at      per musical, its city (-1 before its premiere)
  rank    per musical, chip indices top to bottom in its city
  turn    whose turn (-1 once the game is over), did  the steps taken this
          turn (LOAN | SHOW | REFRESH bits)
"""

from usher.core.data import need
from usher.core.errors import RuleError
from usher.games.show_manager.setup import MUSICALS, PLACES

LOAN = 1
SHOW = 2
REFRESH = 4


def fresh(setup: dict) -> dict:
    """The state at the start, from a checked setup."""
    c = setup["components"]
    n = len(setup["players"])
    k = 2 if n <= 3 else 1
    return {
        "players": setup["players"],
        "titles": c["titles"],
        "cities": c["cities"],
        "touring": c["touring"],
        "hire": c["hire"],
        "refresh": c["refresh"],
        "loan_max": c["loan_max"],
        "per_point": c["per_point"],
        "max_talent": c["max_talent"],
        "money": [c["money"]] * n,
        "hand": [0] * n,
        "left": [[k] * MUSICALS for _ in range(n)],
        "chips": [],
        "at": [-1] * MUSICALS,
        "rank": [[] for _ in range(MUSICALS)],
        "turn": setup["options"]["first"],
        "did": 0,
    }


# -- what the state says -------------------------------------------------------
def title(s: dict, t: int) -> str:
    return s["titles"][t][0][:16]


def city_name(s: dict, c: int) -> str:
    return s["cities"][c][0][:16]


def value(talents: list) -> int:
    """Talents summed, plus one a role when nobody is miscast (no 0)."""
    v = sum(talents)
    if 0 not in talents:
        v += len(talents)
    return v


def hand_limit(s: dict, p: int) -> int:
    """The most cards the player's biggest remaining musical could clear:
    its roles + 2, or + 1 with a single chip left. A hire or refresh needs
    the hand below it."""
    left = s["left"][p]
    big = 0
    for t in range(MUSICALS):
        if left[t] and s["titles"][t][1] > big:
            big = s["titles"][t][1]
    return big + (1 if sum(left) == 1 else 2)


def keep_max(s: dict, p: int) -> int:
    """Cards a production may leave in hand: 1 after the last chip, else 2."""
    return 1 if sum(s["left"][p]) == 1 else 2


def chip_of(s: dict, p: int, t: int, copy: int) -> int:
    """Index in `chips` of the player's `copy`-th placed chip of musical t, or -1."""
    k = 0
    for i, ch in enumerate(s["chips"]):
        if ch[0] == p and ch[1] == t:
            if k == copy:
                return i
            k += 1
    return -1


def borrowed(s: dict, p: int, t: int) -> bool:
    """Whether the player has borrowed against musical t (either chip)."""
    for ch in s["chips"]:
        if ch[0] == p and ch[1] == t and ch[3] < ch[2]:
            return True
    return False


def loanable(s: dict, p: int) -> list:
    """[musical, copy, most that may be borrowed] for each production the
    player may borrow against now, whatever steps the turn has taken."""
    out = []
    for t in range(MUSICALS):
        if borrowed(s, p, t) or len(s["rank"][t]) >= PLACES:
            continue
        k = 0
        for ch in s["chips"]:
            if ch[0] == p and ch[1] == t:
                most = min(s["loan_max"], ch[3])
                if most >= 1:
                    out.append([t, k, most])
                k += 1
    return out


def producible(s: dict, p: int) -> list:
    """The musicals the player's hand can put on now (a chip left, enough
    cards, no more than the allowed cards left over)."""
    h = s["hand"][p]
    most = keep_max(s, p)
    return [t for t in range(MUSICALS) if s["left"][p][t] and 0 <= h - s["titles"][t][1] <= most]


def scores(s: dict) -> list:
    """City points as the chips stand: each place earns its chip's owner the
    place's points; touring chips earn nothing."""
    pts = [0] * len(s["players"])
    for t in range(MUSICALS):
        c = s["at"][t]
        if c < 0:
            continue
        col = s["cities"][c][1]
        for i, ci in enumerate(s["rank"][t]):
            owner = s["chips"][ci][0]
            if owner >= 0:
                pts[owner] += col[i]
    return pts


# -- changes -------------------------------------------------------------------
def _place(s: dict, t: int, ci: int) -> None:
    """Rank chip `ci` in its musical's city: beneath every chip of equal or higher value."""
    row = s["rank"][t]
    v = s["chips"][ci][3]
    i = 0
    while i < len(row) and s["chips"][row[i]][3] >= v:
        i += 1
    row.insert(i, ci)


def _next(s: dict) -> None:
    """The turn passes clockwise to the next player with a chip left; with
    none left the game is over."""
    s["did"] = 0
    n = len(s["players"])
    for i in range(1, n + 1):
        q = (s["turn"] + i) % n
        if sum(s["left"][q]):
            s["turn"] = q
            return
    s["turn"] = -1


def _num(v) -> int:
    """A whole number field as it is, anything else as -1 (always out of range)."""
    if isinstance(v, bool) or not isinstance(v, int):
        return -1
    return v


def _mover(s: dict, a: dict) -> int:
    p = need(a, "p")
    if s["turn"] < 0:  # nobody's turn: the table's first row cannot apply
        raise RuleError("the game is over")
    if p != s["turn"]:
        raise RuleError("not your turn")
    return p


def _musical(s: dict, a: dict) -> int:
    t = _num(a.get("title"))
    if not 0 <= t < MUSICALS:
        raise RuleError("no such musical")
    return t


def _city(s: dict, v) -> int:
    c = _num(v)
    if not 0 <= c < len(s["cities"]):
        raise RuleError("no such city")
    return c


def _pay(s: dict, p: int, cost: int) -> None:
    if s["money"][p] < cost:
        raise RuleError("not enough money")  # never an amount


def _room(s: dict, p: int) -> None:
    if s["hand"][p] >= hand_limit(s, p):
        raise RuleError("hand full: put on a show first")


# -- actions -------------------------------------------------------------------
def _a_loan(s: dict, a: dict) -> None:
    p = _mover(s, a)
    if s["did"] & LOAN:
        raise RuleError("one loan a turn")
    if s["did"]:
        raise RuleError("borrow first in a turn")
    t = _musical(s, a)
    copy = a.get("copy")
    copy = 0 if copy is None else _num(copy)
    ci = chip_of(s, p, t, copy) if copy >= 0 else -1
    if ci < 0:
        raise RuleError("no such production")
    if borrowed(s, p, t):
        raise RuleError("already borrowed on %s", title(s, t))
    amount = _num(a.get("amount"))
    if not 1 <= amount <= s["loan_max"]:
        raise RuleError("borrow 1-%d", s["loan_max"])
    chip = s["chips"][ci]
    if amount > chip[3]:
        raise RuleError("worth only %d", chip[3])
    if len(s["rank"][t]) >= PLACES:
        raise RuleError("%d shows stand: no loan", PLACES)
    s["money"][p] += amount * s["per_point"]
    chip[3] -= amount
    s["rank"][t].remove(ci)
    _place(s, t, ci)
    s["did"] |= LOAN


def _a_produce(s: dict, a: dict) -> None:
    p = _mover(s, a)
    if s["did"] & REFRESH:
        raise RuleError("no show after a refresh")
    if s["did"] & SHOW:
        raise RuleError("one show a turn")
    t = _musical(s, a)
    if not s["left"][p][t]:
        raise RuleError("all %s chips placed", title(s, t))
    roles = s["titles"][t][1]
    talents = a.get("roles")
    if not isinstance(talents, list) or len(talents) != roles:
        raise RuleError("%s has %d roles", title(s, t), roles)
    top = s["max_talent"]
    for x in talents:
        if not 0 <= _num(x) <= top:
            raise RuleError("talent 0-%d", top)
    h = s["hand"][p]
    if h < roles:
        if h == 1:
            raise RuleError("only %d card in hand", h)
        raise RuleError("only %d cards in hand", h)
    most = keep_max(s, p)
    if h - roles > most:
        raise RuleError("would keep %d cards (max %d)", h - roles, most)
    c = a.get("city")
    at = s["at"][t]
    if at < 0:
        if c is None:
            raise RuleError("choose a city")
        c = _city(s, c)
        if c in s["at"]:
            raise RuleError("%s shows %s", city_name(s, c), title(s, s["at"].index(c)))
    elif c is not None and _city(s, c) != at:
        raise RuleError("%s plays in %s", title(s, t), city_name(s, at))
    chips = s["chips"]
    if at < 0:  # the premiere: the touring chips come first, higher above lower
        s["at"][t] = c
        for v in sorted(s["touring"][t], reverse=True):
            chips.append([-1, t, v, v])
            _place(s, t, len(chips) - 1)
    v = value(talents)
    chips.append([p, t, v, v])
    _place(s, t, len(chips) - 1)
    s["hand"][p] = h - roles
    s["left"][p][t] -= 1
    s["did"] |= SHOW
    if not sum(s["left"][p]):  # the last production ends the turn, no hire
        _next(s)


def _a_refresh(s: dict, a: dict) -> None:
    p = _mover(s, a)
    _pay(s, p, s["refresh"])
    _room(s, p)
    s["money"][p] -= s["refresh"]
    s["did"] |= REFRESH


def _a_hire(s: dict, a: dict) -> None:
    p = _mover(s, a)
    pos = _num(a.get("pos"))
    costs = s["hire"]
    if not 0 <= pos < len(costs):
        raise RuleError("space 0-%d", len(costs) - 1)
    _pay(s, p, costs[pos])
    _room(s, p)
    s["money"][p] -= costs[pos]
    s["hand"][p] += 1
    _next(s)


ACTIONS = {
    "loan": _a_loan,
    "produce": _a_produce,
    "refresh": _a_refresh,
    "hire": _a_hire,
}
