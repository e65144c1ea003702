"""Films: the reducers, one per action of firmware/RECORD-films.md. Each one
mutates a private copy of the state (Game.apply makes it) and raises
RuleError before changing anything it refuses.

State (plain JSON, halves as indices into rows.HALVES):
  ph    game (waiting for a `game`) bid place over (the match is over)
  R bo open   rounds a game, best of, bids typed openly
  g     games begun, wins  games won, past  tickets of each finished game
  rd    round, vip  VIP holder, rv  holder when the round began
  rows  two rows of [top, under, round, flags], room  Studio room left (0: none)
  bids  this round's weeks (-1 not yet), ord  [chooser, other], pl  placed so far
  fx    the effect owed: ["hit" | "swap", player] or None
  sc    who used a Scriptwriter this round, in order
  last  the latest reveal [weeks 0, weeks 1, chooser, 0 no tie | 1 VIP passed | 2 locked]
"""

from usher.core.data import need
from usher.core.errors import RuleError
from usher.games.films.rows import (
    EDITOR,
    MAX_WEEKS,
    PRESS,
    SHOOT,
    TOOK,
    USED,
    can_swap,
    check_fit,
    half,
    is_studio,
    locked,
    movable,
    name,
    protect_error,
    protected,
    ready_writer,
    script_error,
    studio_at,
    studio_room,
    targets,
    turn_error,
)
from usher.games.films.score import tickets


def _player(s: dict, a: dict, key: str = "p") -> int:
    p = need(a, key)
    if p != 0 and p != 1:
        raise RuleError("no such player")
    return p


def _pos(a: dict, key: str, row: list) -> int:
    i = need(a, key)
    if not 0 <= i < len(row):
        raise RuleError("no such card")
    return i


def _under(a: dict) -> int:
    u = a.get("under")
    return -1 if u is None else half(u)


def _owed(s: dict, a: dict, kind: str) -> int:
    p = _player(s, a)
    fx = s["fx"]
    if fx is None or fx[0] != kind:
        raise RuleError("no %s due", kind)
    if fx[1] != p:
        raise RuleError("finish the effect first")
    return p


# -- the flow ------------------------------------------------------------------
def _enter(s: dict, p: int, i: int) -> None:
    """The immediate effect of the top that just came up at position i."""
    c = s["rows"][p][i]
    h = c[0]
    if h == SHOOT:
        if targets(s["rows"][1 - p]):
            s["fx"] = ["hit", p]
    elif h == EDITOR:
        if can_swap(s):
            s["fx"] = ["swap", p]
    elif h == PRESS:
        if s["vip"] != p:  # the other player's lock goes with the ticket
            for d in s["rows"][1 - p]:
                d[3] &= USED
            s["vip"] = p
        c[3] |= TOOK
    elif is_studio(h):
        s["room"][p] = studio_room(h)


def _advance(s: dict) -> None:
    """Once both cards are placed and no effect is owed, the round ends."""
    if s["fx"] is not None or s["ph"] != "place" or s["pl"] < 2:
        return
    if s["rd"] >= s["R"]:
        _game_over(s)
        return
    s["rd"] += 1
    s["bids"] = [-1, -1]
    s["ord"] = []
    s["pl"] = 0
    s["sc"] = []
    s["rv"] = s["vip"]
    s["ph"] = "bid"


def _game_over(s: dict) -> None:
    t = [tickets(s, 0), tickets(s, 1)]
    s["past"].append(t)
    w = 0 if t[0] > t[1] else 1 if t[1] > t[0] else s["vip"]
    s["wins"][w] += 1
    s["room"] = [0, 0]
    s["ph"] = "over" if s["bo"] == 1 or max(s["wins"]) * 2 > s["bo"] else "game"


def _leave(s: dict, p: int, h: int) -> None:
    """A top leaves p's row: a Studio takes its room with it (the cards
    behind it are unprotected by their position alone)."""
    if is_studio(h):
        s["room"][p] = 0


# -- actions -------------------------------------------------------------------
def _a_game(s: dict, a: dict) -> None:
    if s["ph"] != "game":
        raise RuleError("a game is in play")
    v = _player(s, a, "vip")
    s["g"] += 1
    s["rd"] = 1
    s["vip"] = v
    s["rv"] = v
    s["rows"] = [[], []]
    s["room"] = [0, 0]
    s["bids"] = [-1, -1]
    s["ord"] = []
    s["pl"] = 0
    s["fx"] = None
    s["sc"] = []
    s["last"] = None
    s["ph"] = "bid"


def _a_bid(s: dict, a: dict) -> None:
    if s["ph"] != "bid":
        raise RuleError("not the bidding")
    p = _player(s, a)
    if s["bids"][p] >= 0:
        raise RuleError("already bid")
    w = a.get("weeks")
    if isinstance(w, bool) or not isinstance(w, int) or not 0 <= w <= MAX_WEEKS:
        raise RuleError("weeks 0-%d", MAX_WEEKS)
    s["bids"][p] = w
    if s["bids"][1 - p] >= 0:
        _reveal(s)


def _reveal(s: dict) -> None:
    """The lower number chooses first; on a tie the VIP holder does and hands
    the ticket over unless it is locked. Every Studio window shuts until the
    next bids (rows.protect_error); the room left stays."""
    b = s["bids"]
    tie = 0
    if b[0] == b[1]:
        ch = s["vip"]
        if locked(s):
            tie = 2
        else:
            tie = 1
            s["vip"] = 1 - ch
    else:
        ch = 0 if b[0] < b[1] else 1
    s["last"] = [b[0], b[1], ch, tie]
    s["ord"] = [ch, 1 - ch]
    s["pl"] = 0
    s["ph"] = "place"


def _a_place(s: dict, a: dict) -> None:
    if s["ph"] != "place":
        raise RuleError("not the placing")
    p = _player(s, a)
    who = s["ord"][s["pl"]]
    if p != who:
        raise RuleError("%s places now", name(s, who))
    h = half(a.get("half"))
    u = _under(a)
    row = s["rows"][p]
    check_fit(row, h, u)
    card = [h, u, s["rd"], 0]
    if is_studio(h):
        row.insert(0, card)
        i = 0
    else:
        row.append(card)
        i = len(row) - 1
    s["pl"] += 1
    _enter(s, p, i)
    _advance(s)


def _a_protect(s: dict, a: dict) -> None:
    p = _player(s, a)
    err = protect_error(s, p)
    if err:
        raise err
    room = s["room"][p]
    pos = need(a, "pos", list)
    row = s["rows"][p]
    ok = movable(row)
    if not pos:
        raise RuleError("bad pos")
    for i in pos:
        if isinstance(i, bool) or not isinstance(i, int) or pos.count(i) > 1:
            raise RuleError("bad pos")
        if not 0 <= i < len(row):
            raise RuleError("no such card")
        if i not in ok:
            raise RuleError("not a card that can move")
    if len(pos) > room:
        raise RuleError("room for %d more", room)
    cards = [row[i] for i in pos]
    for i in sorted(pos, reverse=True):
        del row[i]
    k = studio_at(row)
    for c in cards:  # each goes directly left of the Studio
        row.insert(k, c)
        k += 1
    s["room"][p] = room - len(pos)


def _a_script(s: dict, a: dict) -> None:
    p = _player(s, a)
    err = script_error(s, p)
    if err:
        raise err
    row = s["rows"][p]
    i = _pos(a, "pos", row)
    h = half(a.get("half"))
    err = turn_error(row, i, h)
    if err:
        raise err
    row[ready_writer(s, p)][3] |= USED
    c = row[i]
    _leave(s, p, c[0])
    c[1] = c[0]
    c[0] = h
    c[3] &= USED  # a Press Officer turned away no longer holds the lock
    s["sc"].append(p)
    if is_studio(h):
        del row[i]
        row.insert(0, c)
        i = 0
    _enter(s, p, i)


def _a_hit(s: dict, a: dict) -> None:
    p = _owed(s, a, "hit")
    o = 1 - p
    row = s["rows"][o]
    i = _pos(a, "pos", row)
    if protected(row, i):
        raise RuleError("that card is protected")
    c = row.pop(i)
    _leave(s, o, c[0])
    s["fx"] = None
    _advance(s)


def _a_swap(s: dict, a: dict) -> None:
    p = _owed(s, a, "swap")
    if "out" not in a:
        raise RuleError("missing out")
    if a["out"] is None:
        s["fx"] = None
        _advance(s)
        return
    row = s["rows"][p]
    i = _pos(a, "out", row)
    h = half(a.get("half"))
    u = _under(a)
    check_fit(row, h, u, i)
    _leave(s, p, row[i][0])
    card = [h, u, s["rd"], 0]
    if is_studio(h):
        del row[i]
        row.insert(0, card)
        i = 0
    else:
        row[i] = card
    s["fx"] = None
    _enter(s, p, i)
    _advance(s)


ACTIONS = {
    "game": _a_game,
    "bid": _a_bid,
    "place": _a_place,
    "protect": _a_protect,
    "script": _a_script,
    "hit": _a_hit,
    "swap": _a_swap,
}
