"""Films: the halves of the cards and what a row allows (no repeats, the
Studio and its protection, ready Scriptwriters, the VIP lock). The reducers
are in usher.games.films.rules, the tickets in usher.games.films.score.

A row is a list of cards, left to right; a card is [top, under, round, flags]:
top and under are half indices into HALVES (under -1 while unknown), round is
the round the card entered the row, flags hold USED (a Scriptwriter spent) and
TOOK (a Press Officer that took the VIP). A card is protected exactly when it
lies left of the row's Studio: cards only get there by a Studio move or by
taking a protected card's place, and when the Studio leaves they stay at the
left end with nothing to their right protecting them.
"""

from usher.core.errors import RuleError

HALVES = (
    "tickets1",
    "tickets2",
    "award",
    "script",
    "poster",
    "bad_review",
    "shooting",
    "studio2",
    "studio3",
    "director",
    "coordinator",
    "producer",
    "lead",
    "editor",
    "press",
    "scriptwriter",
)
LABELS = (
    "Tickets 1",
    "Tickets 2",
    "Award",
    "Script",
    "Movie Poster",
    "Bad Review",
    "Shooting Problems",
    "Studio 2",
    "Studio 3",
    "Director",
    "Prod. Coordinator",
    "Producer",
    "Leading Actor",
    "Editor",
    "Press Officer",
    "Scriptwriter",
)
T1, T2, AWARD, SCRIPT, POSTER, BAD, SHOOT, ST2, ST3, DIR, COORD, PROD, LEAD, EDITOR, PRESS, WRITER = range(16)
CHARACTERS = (DIR, COORD, PROD, LEAD, EDITOR, PRESS, WRITER)  # what a Director counts
USED = 1
TOOK = 2
ROUNDS = (8, 10)
BEST_OF = (1, 3)
BIDS = ("private", "open")
# a bid's weeks: the cards' numbers are not known (no public card list); the rules'
# ties mean 18 cards share few numbers, most of one digit: 0-20 holds them
# with room, and a slip of a held key stays near them (docs/DECISIONS.md)
MAX_WEEKS = 20


def is_studio(h: int) -> bool:
    return h == ST2 or h == ST3


def studio_room(h: int) -> int:
    """How many cards a Studio may take behind it: the number printed on it."""
    return 2 if h == ST2 else 3


def name(s: dict, p: int) -> str:
    return str(s["players"][p].get("name", "P%d" % (p + 1)))[:12]


def half(value) -> int:
    """A half's index from its record name, or RuleError."""
    if not isinstance(value, str) or value not in HALVES:
        raise RuleError("unknown half")
    return HALVES.index(value)


def hand(s: dict, p: int) -> int:
    """Cards in p's hand now, derived from the round: 3 until the deck runs
    out, 2 in the next to last round, 1 in the last; less the bid card while
    it is down; plus the card drawn after placing while the deck lasts."""
    ph = s["ph"]
    if ph != "bid" and ph != "place":
        return 0
    r = s["rd"]
    n = s["R"]
    h = 3 if r <= n - 2 else n + 1 - r
    if ph == "place" or s["bids"][p] >= 0:
        h -= 1
    if ph == "place" and p in s["ord"][: s["pl"]] and r <= n - 3:
        fx = s["fx"]
        if fx is None or fx[1] != p:  # the draw follows the card's effect
            h += 1
    return h


def can_swap(s: dict) -> bool:
    """An Editor swaps from the hand without the bid card: empty in the last round."""
    return s["rd"] < s["R"]


# -- the row -------------------------------------------------------------------
def studio_at(row: list) -> int:
    """Position of the row's Studio, or -1."""
    for i in range(len(row)):
        if is_studio(row[i][0]):
            return i
    return -1


def protected(row: list, i: int) -> bool:
    return i < studio_at(row)


def targets(row: list) -> list:
    """Positions Shooting Problems may take: every card not left of the Studio."""
    k = studio_at(row)
    return list(range(k if k > 0 else 0, len(row)))


def movable(row: list) -> list:
    """Positions a Studio move may take: the cards right of the Studio."""
    k = studio_at(row)
    return list(range(k + 1, len(row))) if k >= 0 else []


def repeats(row: list, h: int, skip: int = -1) -> bool:
    """Whether `h` on top would repeat a top already in the row (the card at
    `skip` left out): characters but the Lead once, one Studio a row."""
    if is_studio(h):
        for i in range(len(row)):
            if i != skip and is_studio(row[i][0]):
                return True
        return False
    if h < DIR or h == LEAD:
        return False
    for i in range(len(row)):
        if i != skip and row[i][0] == h:
            return True
    return False


def _there(h: int) -> RuleError:
    """ "X already there: turn it over", shortened to fit 40 characters."""
    lab = LABELS[h]
    if len(lab) + 28 <= 40:
        return RuleError("%s already there: turn it over", lab)
    if len(lab) + 26 <= 40:
        return RuleError("%s already there: turn over", lab)
    return RuleError("%s there: turn it over", lab)


def fit_error(row: list, h: int, u: int, skip: int = -1):
    """Why card `h` on top (other half `u`, -1 if not given) may not enter the
    row (a RuleError; None when it may): a top that repeats goes the other way up unless the
    other side repeats as well; a second Studio never goes up."""
    rep = repeats(row, h, skip)
    if is_studio(h) and rep:
        return RuleError("one Studio a row")
    if u < 0:
        return _there(h) if rep else None
    if u == h:
        return RuleError("two different halves")
    if not rep:
        return RuleError("under only when the top repeats")
    if not repeats(row, u, skip):
        return _there(h)
    return None


def check_fit(row: list, h: int, u: int, skip: int = -1) -> None:
    err = fit_error(row, h, u, skip)
    if err:
        raise err


def turn_error(row: list, i: int, h: int):
    """Why a Scriptwriter may not turn card i to show `h` (a RuleError; None when it may)."""
    c = row[i]
    if is_studio(c[0]) and i > 0:
        return RuleError("cards left of the Studio: no turning")
    if c[1] >= 0 and c[1] != h:
        return RuleError("the other side shows %s", LABELS[c[1]])
    if h == c[0]:
        return RuleError("already on top")
    if repeats(row, h, i):
        return RuleError("one Studio a row") if is_studio(h) else RuleError("%s already there", LABELS[h])
    return None


def turns(row: list, i: int) -> list:
    """Every half card i may be turned to."""
    c = row[i]
    cands = [c[1]] if c[1] >= 0 else range(len(HALVES))
    return [h for h in cands if not turn_error(row, i, h)]


# -- Scriptwriters -------------------------------------------------------------
def ready_writer(s: dict, p: int) -> int:
    """Position of p's leftmost Scriptwriter that may be used now, or -1."""
    row = s["rows"][p]
    for i in range(len(row)):
        c = row[i]
        if c[0] == WRITER and not c[3] & USED and c[2] < s["rd"]:
            return i
    return -1


def script_error(s: dict, p: int):
    """Why p may not use a Scriptwriter now, whatever it would turn (a RuleError; None when p may)."""
    if ready_writer(s, p) < 0:
        for c in s["rows"][p]:
            if c[0] == WRITER and c[3] & USED:
                return RuleError("used already")
        return RuleError("no Scriptwriter ready")
    if p in s["sc"]:
        return RuleError("used already")
    if s["ph"] != "bid":
        return RuleError("only before the reveal")
    if s["sc"] and p == s["rv"]:
        return RuleError("the VIP holder goes first")
    return None


def can_script(s: dict, p: int) -> bool:
    """Whether p may use a Scriptwriter now and has a card it could turn."""
    if s["fx"] is not None or script_error(s, p):
        return False
    row = s["rows"][p]
    for i in range(len(row)):
        if turns(row, i):
            return True
    return False


# -- the Studio's moves -----------------------------------------------------------
def protect_error(s: dict, p: int):
    """Why p may not move cards left of the Studio now (a RuleError; None when p may).

    The rulebook's Movie Studio: once it is placed, its owner may move cards
    of the row to its left, as many in all as its number, before the
    face-down cards are revealed. Usher reads that as every later reveal,
    not the next one alone: the window opens when the Studio comes up (until
    the next reveal) and again at the bids of each later round (until their
    reveal), while the Studio has room; no reveal is left after the game's
    last one (docs/RULES.md)."""
    if s["ph"] != "bid" and s["ph"] != "place":
        return RuleError("no reveal left in this game")
    row = s["rows"][p]
    k = studio_at(row)
    if k < 0:
        return RuleError("no Studio")
    if s["room"][p] <= 0:
        return RuleError("the Studio is full")
    if s["ph"] == "bid" or row[k][2] == s["rd"]:
        return None  # before this round's reveal, or the Studio came up since
    if s["rd"] >= s["R"]:
        return RuleError("no reveal left in this game")
    return RuleError("only before a reveal: at the next bids")


def can_protect(s: dict, p: int) -> bool:
    return s["fx"] is None and len(movable(s["rows"][p])) > 0 and not protect_error(s, p)


# -- the VIP -------------------------------------------------------------------
def locked(s: dict) -> bool:
    """The VIP is locked while its holder shows a Press Officer that took it."""
    v = s["vip"]
    if v < 0:
        return False
    for c in s["rows"][v]:
        if c[0] == PRESS and c[3] & TOOK:
            return True
    return False
