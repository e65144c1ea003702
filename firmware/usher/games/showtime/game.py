"""Showtime (Pegasus Spiele 2018) as a reducer. Action fields: firmware/RECORD-showtime.md.

Three screenings. Each starts with a poster (genre); then, from the start
player clockwise, everyone seats four persons. A full cinema (or, in
Director's Cut, four turns each) is scored at once: every seat's stars, then
every person's effects, person by person from row 1 back, left to right, each
moving its owner's figure on the red carpet immediately.

Our readings where the rulebook is silent:
- a figure never goes behind the start: totals are clamped at 0;
- the carpet space and tickets are derived from the exact total, so a loss
  across a lap boundary hands the ticket back;
- a Linda/Louis may sit between two lone Linda/Louis (no pair existed yet);
- equal totals with equal arrival (nobody moved yet) fall back to seat order.
"""

from usher.core.data import need
from usher.core.errors import N_, RuleError
from usher.core.game import Expect, Game, seated
from usher.games.catalog import counts, entry
from usher.games.showtime import cast
from usher.games.showtime.settings import CARDS, GENRES, check_genres, check_stars, defaults

SCREENINGS = 3
TURNS = 4  # persons each player seats per screening
CUT_SIZE = 12  # Director's Cut: the persons everyone keeps
GENRE_BONUS = 2
LAP = 20  # spaces on the red carpet
ROW = cast.SEATS_PER_ROW

# phases
POSTER = "poster"
FIRST = "first"
PLACE = "place"
OVER = "over"

# a scoring step is a list in this order (compact state; see step_dict)
STEP_FIELDS = ("phase", "row", "seat", "card", "owner", "points", "reason")


# -- the red carpet ------------------------------------------------------------
def tickets(laps: int) -> list:
    """Ticket values held after `laps` full laps: 20, swapped for 40, then 60,
    then a 20 beside the 60. Past that (the rulebook stops) we keep adding
    so the tickets still sum to the laps."""
    out: list = []
    while laps > 3:
        out.append(60)
        laps -= 3
    if laps:
        out.append(20 * laps)
    return out


def carpet(total: int) -> tuple:
    """(space, tickets) for an exact total. Space 0 is the start, which is also
    where a figure stands after reaching 20 (it counts on from space 1)."""
    return total % LAP, tickets(total // LAP)


def step_dict(step: list) -> dict:
    return {STEP_FIELDS[k]: step[k] for k in range(len(STEP_FIELDS))}


# -- setup ---------------------------------------------------------------------
def _check_options(options, n: int) -> dict:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError("bad options")
    first = options.get("first")
    if first == "draw":
        first = None
    if first is not None and (isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n):
        raise RuleError("bad start player")
    posters = options.get("posters", "draw")
    if posters not in ("draw", "enter"):
        raise RuleError("posters: draw or enter")
    cut = options.get("cut")
    if cut is not None:
        if not isinstance(cut, list) or len(cut) != CUT_SIZE:
            raise RuleError("Director's Cut needs 12 cards")
        seen = []
        for c in cut:
            if isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= CARDS or c in seen:
                raise RuleError("cut: cards 1-16, each once")
            seen.append(c)
        seen.sort()
        cut = seen
    return {"first": first, "posters": posters, "cut": cut}


def _check_stars(stars, n: int) -> list:
    if stars is None:
        return defaults()["stars"][:n]  # the device settings' (every record stores its own)
    return check_stars(stars, n)


def check_setup(players, options, components) -> dict:
    players = seated(players, *counts("showtime"))
    n = len(players)
    if components is None:
        components = {}
    if not isinstance(components, dict):
        raise RuleError("bad components")
    return {
        "players": players,
        "options": _check_options(options, n),
        "components": {
            "stars": _check_stars(components.get("stars"), n),
            "genres": check_genres(components.get("genres")),
        },
    }


# -- the auditorium ------------------------------------------------------------
def to_move(state: dict) -> int:
    return (state["start"] + state["turn"]) % len(state["players"])


def _index(state: dict, row, seat) -> int:
    for v in (row, seat):
        if isinstance(v, bool) or not isinstance(v, int):
            raise RuleError("no such seat")
    if not 1 <= row <= len(state["players"]) or not 1 <= seat <= ROW:
        raise RuleError("no such seat")
    return (row - 1) * ROW + seat - 1


def move_targets(seats: list, card: int, i: int) -> list:
    """Where the person on seat i may be sent when Ken or Sophie takes it."""
    if card == cast.KEN:
        return [j for j in range(len(seats)) if seats[j] is None]
    if card == cast.SOPHIE:
        return [j for j in cast.side_indexes(i) if seats[j] is None]
    return []


# a seat's refusals: texts, not RuleErrors, so that testing every seat
# (the turn's cursor, iter_places) makes no object (a RuleError a refused
# seat cost ~1 s on the Pico's resume of a game); N_ marks them for the words
FREE_NO_MOVE = N_("seat is free: no move")
PAIR_FULL = N_("Linda/Louis pair full")
KEN_KEN = N_("Ken can't move Ken")
KEN_MAN = N_("Ken needs a man's seat")
SAY_HIM = N_("say where to move him")
TARGET_TAKEN = N_("move target not free")
NONE_BESIDE = N_("no free seat beside")
SAY_WHERE = N_("say where to move")
SIDE_SEAT = N_("move to a free side seat")
TAKEN = N_("seat taken")


def why_not(seats: list, card: int, i: int, j: int) -> str:
    """Why `card` may not take seat i (sending its occupant to seat j, -1 for
    none), in English (a screen says it through usher.words.t); "" when it
    may. Never raises, so UIs can test seats cheaply."""
    occ = seats[i]
    if occ is None:
        if j >= 0:
            return FREE_NO_MOVE
        if cast.is_pair_card(card) and cast.pair_blocked(seats, i):
            return PAIR_FULL
        return ""
    other = occ[1]
    if card == cast.KEN:
        if other == cast.KEN:
            return KEN_KEN
        if not cast.is_male(other):
            return KEN_MAN
        if j < 0:
            return SAY_HIM
        if seats[j] is not None:
            return TARGET_TAKEN
    elif card == cast.SOPHIE:
        sides = move_targets(seats, card, i)
        if not sides:
            return NONE_BESIDE
        if j < 0:
            return SAY_WHERE
        if j not in sides:
            return SIDE_SEAT
    else:
        return TAKEN
    if cast.is_pair_card(other):
        trial = list(seats)
        trial[i] = [-1, card]
        trial[j] = occ
        if cast.pair_blocked(trial, j):
            return PAIR_FULL
    return ""


def _card_error(state: dict, p: int, card):
    """Why `card` may not be played by p (a RuleError), None when it may."""
    if isinstance(card, bool) or not isinstance(card, int) or not 1 <= card <= CARDS:
        return RuleError("card 1-16")
    cut = state["cut"]
    if cut is not None and card not in cut:
        return RuleError("not in Director's Cut")
    if card in state["used"][p]:
        return RuleError("person %d already played", card)
    return None


def _pair_seat_left(seats: list) -> bool:
    for i in range(len(seats)):
        if seats[i] is None and not cast.pair_blocked(seats, i):
            return True
    return False


def can_discard(state: dict, p: int, card: int) -> bool:
    """Director's Cut only: the player has nothing left but Linda/Louis and
    none of them has a legal seat (all four cards of the last screening are
    in hand, so the device knows the hand exactly then)."""
    cut = state["cut"]
    if cut is None or state["phase"] != PLACE or to_move(state) != p:
        return False
    if not cast.is_pair_card(card) or _card_error(state, p, card):
        return False
    for c in cut:
        if c not in state["used"][p] and not cast.is_pair_card(c):
            return False
    return not _pair_seat_left(state["seats"])


def iter_places(state: dict):
    """Every legal place action for the player to move, one at a time (the
    device walks them without building the whole list). Without a genre
    table each carries "genre": False for the caller to set."""
    if state["phase"] != PLACE:
        return
    p = to_move(state)
    seats = state["seats"]
    cards = state["cut"] if state["cut"] is not None else range(1, CARDS + 1)
    for card in cards:
        if card in state["used"][p]:
            continue
        for i in range(len(seats)):
            if seats[i] is None:
                if not why_not(seats, card, i, -1):
                    yield _place_action(state, p, card, i, -1)
            elif card == cast.KEN or card == cast.SOPHIE:
                for j in move_targets(seats, card, i):
                    if not why_not(seats, card, i, j):
                        yield _place_action(state, p, card, i, j)


def _place_action(state: dict, p: int, card: int, i: int, j: int) -> dict:
    a = {"t": "place", "p": p, "card": card, "row": i // ROW + 1, "seat": i % ROW + 1}
    if j >= 0:
        a["to"] = [j // ROW + 1, j % ROW + 1]
    if state["genres"] is None:
        a["genre"] = False
    return a


# -- moves on the carpet ---------------------------------------------------------
def move(state: dict, p: int, points: int) -> None:
    """Move a figure at once. A figure that does not move keeps its place in
    the queue on its space; one that lands goes behind those already there."""
    old = state["total"][p]
    new = old + points
    if new < 0:
        new = 0
    if new != old:
        state["total"][p] = new
        state["moves"] += 1
        state["arrive"][p] = state["moves"]


def leader(state: dict) -> int:
    """Most points; on a tie the figure further back (arrived later)."""
    total = state["total"]
    arrive = state["arrive"]
    best = 0
    for p in range(1, len(total)):
        if total[p] > total[best] or (total[p] == total[best] and arrive[p] > arrive[best]):
            best = p
    return best


def score_screening(state: dict) -> None:
    """Seats first, then effects, each person in seat order, moving at once."""
    seats = state["seats"]
    stars = state["stars"]
    steps = []
    for i in range(len(seats)):
        v = seats[i]
        if v:
            pts = stars[i // ROW][i % ROW]
            steps.append(["seat", i // ROW + 1, i % ROW + 1, v[1], v[0], pts, "seat %+d" % pts])
            move(state, v[0], pts)
    for i in range(len(seats)):
        v = seats[i]
        if v:
            parts = cast.received(seats, i)
            pts = 0
            for part in parts:
                pts += part[1]
            steps.append(["effect", i // ROW + 1, i % ROW + 1, v[1], v[0], pts, cast.reason(parts)])
            move(state, v[0], pts)
    state["steps"] = steps


class Showtime(Game):
    # a snapshot every 8 actions, and once a screening's first turn is
    # ready (its scoring, the slowest step on a Pico, then never replayed
    # again): an undo or a power-on replays a few placements, not the game
    snap_every = 8

    def snap_after(self, state: dict) -> bool:
        return state["phase"] == PLACE and state["turn"] == 0

    def make_setup(self, players: list, options: dict, components: dict) -> dict:
        return check_setup(players, options, components)

    def new(self, setup: dict) -> dict:
        s = check_setup(setup.get("players"), setup.get("options"), setup.get("components"))
        n = len(s["players"])
        first = s["options"]["first"]
        return {
            "players": s["players"],
            "stars": s["components"]["stars"],
            "genres": s["components"]["genres"],
            "cut": s["options"]["cut"],
            "screening": 0,
            "posters": [],
            "phase": POSTER,
            "start": -1 if first is None else first,
            "turn": 0,
            "seats": [None] * (n * ROW),
            "used": [[] for _ in range(n)],
            "total": [0] * n,
            "arrive": [0] * n,
            "moves": 0,
            "steps": [],
            "after": [],  # totals after each screening, for the score sheet
            "last": None,
        }

    def roll(self, state: dict, action: dict, rng) -> dict:
        """The device draws a poster or the start player unless the action says."""
        out = dict(action)
        t = action.get("t")
        if t == "poster" and "genre" not in action and state["phase"] == POSTER:
            left = [g for g in GENRES if g not in state["posters"]]
            out["genre"] = left[rng.below(len(left))]
        elif t == "first" and "p" not in action and state["phase"] == FIRST:
            out["p"] = rng.below(len(state["players"]))
        return out

    def step(self, state: dict, action: dict) -> None:
        t = action["t"]
        if state["phase"] == OVER:
            raise RuleError("game over")
        if t == "place":
            self._place(state, action)
        elif t == "poster":
            self._poster(state, action)
        elif t == "first":
            self._first(state, action)
        elif t == "discard":
            self._discard(state, action)
        else:
            raise RuleError("unknown action")

    # -- actions -------------------------------------------------------------
    def _poster(self, state: dict, a: dict) -> None:
        if state["phase"] != POSTER:
            raise RuleError("no poster now")
        genre = need(a, "genre", str)
        if genre not in GENRES:
            raise RuleError("no such genre")
        if genre in state["posters"]:
            raise RuleError("poster already shown")
        state["posters"].append(genre)
        state["screening"] += 1
        state["seats"] = [None] * len(state["seats"])
        state["turn"] = 0
        state["steps"] = []
        state["last"] = None
        state["phase"] = FIRST if state["start"] < 0 else PLACE

    def _first(self, state: dict, a: dict) -> None:
        if state["phase"] != FIRST:
            raise RuleError("no start player draw now")
        p = need(a, "p")
        if not 0 <= p < len(state["players"]):
            raise RuleError("no such player")
        state["start"] = p
        state["phase"] = PLACE

    def _turn(self, state: dict, a: dict) -> int:
        if state["phase"] != PLACE:
            if state["phase"] == POSTER:
                raise RuleError("not time to place: poster due")
            raise RuleError("not time to place: start player due")
        p = need(a, "p")
        if p != to_move(state):
            raise RuleError("not your turn")
        return p

    def _place(self, state: dict, a: dict) -> None:
        p = self._turn(state, a)
        card = need(a, "card")
        err = _card_error(state, p, card)
        if err:
            raise err
        row = need(a, "row")
        seat = need(a, "seat")
        i = _index(state, row, seat)
        seats = state["seats"]
        j = -1
        if "to" in a:
            to = a["to"]
            if not isinstance(to, list) or len(to) != 2:
                raise RuleError("bad to")
            j = _index(state, to[0], to[1])
        elif seats[i] is not None:
            cands = move_targets(seats, card, i)
            if len(cands) == 1:  # only one place to go: no need to say it
                j = cands[0]
        err = why_not(seats, card, i, j)
        if err:
            raise RuleError(err)
        match = self._genre(state, card, a)
        if j >= 0:
            seats[j] = seats[i]
        seats[i] = [p, card]
        state["used"][p].append(card)
        bonus = GENRE_BONUS if match else 0
        move(state, p, bonus)
        state["last"] = {"t": "place", "p": p, "card": card, "row": row, "seat": seat, "bonus": bonus}
        if j >= 0:
            state["last"]["to"] = [j // ROW + 1, j % ROW + 1]
        self._advance(state)

    def _genre(self, state: dict, card: int, a: dict) -> bool:
        """Whether the poster is the person's favourite: from the table when
        the setup has one, else the players' answer."""
        table = state["genres"]
        if table is None:
            return need(a, "genre", bool)
        match = state["posters"][-1] in table[card - 1]
        if "genre" in a and a["genre"] is not match:
            raise RuleError("genre answer contradicts table")
        return match

    def _discard(self, state: dict, a: dict) -> None:
        if state["cut"] is None:
            raise RuleError("only in Director's Cut")
        p = self._turn(state, a)
        card = need(a, "card")
        err = _card_error(state, p, card)
        if err:
            raise err
        if not can_discard(state, p, card):
            raise RuleError("discard only when stuck")
        state["used"][p].append(card)
        state["last"] = {"t": "discard", "p": p, "card": card}
        self._advance(state)

    def _advance(self, state: dict) -> None:
        state["turn"] += 1
        if state["turn"] < TURNS * len(state["players"]):
            return
        score_screening(state)
        state["after"].append(list(state["total"]))
        if state["screening"] >= SCREENINGS:
            state["phase"] = OVER
        else:
            state["start"] = leader(state)
            state["phase"] = POSTER

    # -- what next, and views ---------------------------------------------------
    def expects(self, state: dict) -> list:
        phase = state["phase"]
        if phase == POSTER:
            return [Expect([], "poster", hint="screening %d" % (state["screening"] + 1))]
        if phase == FIRST:
            return [Expect([], "first")]
        if phase == PLACE:
            p = to_move(state)
            out = [Expect([p], "place")]
            cut = state["cut"] or []
            for c in (cast.LINDA, cast.LOUIS):
                if c in cut and can_discard(state, p, c):
                    out.append(Expect([p], "discard", hint=cast.name(c)))
            return out
        return []

    def public_view(self, state: dict) -> dict:
        n = len(state["players"])
        seats = state["seats"]
        queue = []
        for p in range(n):
            space, held = carpet(state["total"][p])
            ahead = 0  # figures on the same space that arrived earlier
            for q in range(n):
                if q != p and state["total"][q] % LAP == space:
                    if (state["arrive"][q], q) < (state["arrive"][p], p):
                        ahead += 1
            queue.append({"space": space, "tickets": held, "pos": ahead})
        return {
            "screening": state["screening"],
            "poster": state["posters"][-1] if state["posters"] else None,
            "phase": state["phase"],
            "rows": [seats[r * ROW : (r + 1) * ROW] for r in range(n)],
            "totals": list(state["total"]),
            "carpet": queue,
            "next": to_move(state) if state["phase"] == PLACE else None,
            "start": state["start"],
            "last": state["last"],
            "steps": state["steps"],
        }

    # -- results -------------------------------------------------------------
    def is_over(self, state: dict) -> bool:
        return state["phase"] == OVER

    def scores(self, state: dict) -> list:
        return list(state["total"])

    def tiebreak(self, state: dict) -> list:
        """On equal points the figure further forward (arrived earlier) wins."""
        return [-a for a in state["arrive"]]


GAME = Showtime(entry("showtime"))


def score_sheet(state: dict) -> dict:
    """Each player's total after every screening, for the laptop's score sheet."""
    names = [p["name"] for p in state["players"]]
    rows = [["screening %d" % (i + 1)] + list(t) for i, t in enumerate(state.get("after", []))]
    return {"title": "Showtime: enjoyment after each screening", "columns": ["after"] + names, "rows": rows}
