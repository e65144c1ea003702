"""What the Showtime screens offer, without drawing anything: the persons a
player may still seat, the seats and move targets that are legal for one,
where each cursor starts, and whether the genre question still needs asking.

The screens and the scripted drivers (tests, simulator scripts) both use
these, so a driver knows which presses lead to which choice."""

from usher.core.errors import RuleError
from usher.games.showtime import cast
from usher.games.showtime import game as st
from usher.words import N_

ROW = cast.SEATS_PER_ROW


def jump(cards: list, at: int, d: int) -> int:
    """The person picker's Up (d = -1) or Down (+1): a row of the persons
    by number (1-4, 5-8, 9-12, 13-16) at a time, to the same place in the
    next row that still has someone in `cards` (numbers in order), the
    nearest there (the left one among equals) when that person is seated:
    Down from 1 Bea is 5 Hildo whoever else is seated; round the rows.
    From the first person any other is at most three presses away."""
    return row_step([c - 1 for c in cards], at, d)


def row_step(seats: list, at: int, d: int) -> int:
    """The seat cursor's Up (d = -1, towards the screen) or Down (+1): from
    seats[at] to the nearest seat of the next row along that has one in
    `seats` (seat indexes in seat order), round the rows; within that row
    the one nearest the same column, the left one among equals."""
    here = seats[at]
    rows = [i // ROW for i in seats]
    present: list = []
    for r in rows:  # the rows with a seat in the list, front first (seats are in seat order)
        if r not in present:
            present.append(r)
    if len(present) < 2:
        return at
    nxt = present[(present.index(here // ROW) + d) % len(present)]
    best = at
    gap = ROW + 1
    for k in range(len(seats)):
        if rows[k] == nxt:
            g = abs(seats[k] % ROW - here % ROW)
            if g < gap:
                best = k
                gap = g
    return best


def hand(state: dict, p: int) -> list:
    """The persons p has not seated yet this game, in card-number order."""
    cards = state["cut"] if state["cut"] is not None else range(1, st.CARDS + 1)
    used = state["used"][p]
    return [c for c in cards if c not in used]


def _free_for(seats: list, card: int, i: int) -> list:
    """Free seats the person on seat i could be sent to by Ken or Sophie."""
    return [] if seats[i] is None else st.move_targets(seats, card, i)


def targets(state: dict, card: int, i: int) -> list:
    """Legal seats for the person on seat i when `card` (Ken or Sophie) takes it."""
    seats = state["seats"]
    return [j for j in _free_for(seats, card, i) if not st.why_not(seats, card, i, j)]


def seats_for(state: dict, card: int) -> list:
    """Seat indexes `card` may take, in seat order (row 1 first, left to right)."""
    seats = state["seats"]
    out = []
    for i in range(len(seats)):
        if seats[i] is None:
            if not st.why_not(seats, card, i, -1):
                out.append(i)
        elif targets(state, card, i):
            out.append(i)
    return out


def why_not_seat(state: dict, card: int, i: int) -> str:
    """Why the seat cursor does not offer seat i to `card`; "" if it does.
    In English, the rules' words: a screen says it through usher.words.t."""
    seats = state["seats"]
    err = st.why_not(seats, card, i, -1)
    if seats[i] is None or card not in (cast.KEN, cast.SOPHIE):
        return err
    if not err.startswith("say where"):
        return err
    why = N_("no free seat to move to")
    for j in _free_for(seats, card, i):
        err = st.why_not(seats, card, i, j)
        if not err:
            return ""
        why = err
    return why


def value(state: dict, p: int, card: int, i: int, j: int = -1) -> int:
    """How good seating `card` on seat i (its occupant sent to j) is for p if
    the screening were scored now: p's points minus the others' average
    (times players - 1, to stay whole). Only orders the seat cursor."""
    seats = state["seats"]
    trial = list(seats)
    if j >= 0:
        trial[j] = seats[i]
    trial[i] = [p, card]
    stars = state["stars"]
    n = len(state["players"])
    mine = 0
    rest = 0
    for k in range(len(trial)):
        v = trial[k]
        if v:
            g = stars[k // ROW][k % ROW]
            for part in cast.received(trial, k):
                g += part[1]
            if v[0] == p:
                mine += g
            else:
                rest += g
    return mine * (n - 1) - rest


def best(items: list, key) -> int:
    """Index of the first item with the highest key (0 for an empty list)."""
    k = 0
    top = None
    for n in range(len(items)):
        v = key(items[n])
        if top is None or v > top:
            k = n
            top = v
    return k


def start_seat(state: dict, p: int, card: int, offer: list) -> int:
    """The seat cursor starts on the seat that would do p most good if the
    screening were scored now (its stars and what the neighbours give and
    take); the front-left one among equals."""

    def key(i: int) -> int:
        j = -1
        if state["seats"][i]:
            tg = targets(state, card, i)
            j = tg[start_target(state, p, i, tg)]
        return value(state, p, card, i, j)

    return best(offer, key)


def start_target(state: dict, p: int, i: int, offer: list) -> int:
    """Where to send a displaced person: the player's own to the most stars,
    anyone else's to the fewest."""
    mine = state["seats"][i][0] == p
    stars = state["stars"]

    def key(j: int) -> int:
        s = stars[j // ROW][j % ROW]
        return s if mine else -s

    return best(offer, key)


def answers(actions) -> dict:
    """Each card's genre answers so far in this game, from its record:
    card -> ([posters it liked], [posters it did not])."""
    said: dict = {}
    shown = ""
    for a in actions:
        if a.get("t") == "poster":
            shown = a.get("genre", "")
        else:
            note(said, shown, a)
    return said


def note(said: dict, poster: str, a: dict) -> None:
    """Add one move's answer, if it gave one, to `answers`' table."""
    if a.get("t") != "place" or "genre" not in a:
        return
    k = a["card"]
    if k not in said:
        said[k] = ([], [])
    into = said[k][0 if a["genre"] else 1]
    if poster not in into:
        into.append(poster)


def genre_known(state: dict, said: dict, card: int):
    """Whether `card` likes this screening's poster, as far as earlier answers
    in this game tell (`answers`; a genre is printed on the card, the same in
    every deck); None if it still has to be asked. True/False from a genre
    table."""
    poster = state["posters"][-1]
    table = state["genres"]
    if table is not None:
        return poster in table[card - 1]
    likes = 2 if card >= 13 else 1  # the Normal family likes two genres
    yes, no = said.get(card, ((), ()))
    if poster in yes:
        return True
    if poster in no or len(yes) >= likes:
        return False
    if len(no) >= len(st.GENRES) - likes:
        return True
    return None


def no_seat(state: dict, card: int) -> RuleError:
    """Why `card` has no seat at all (a Linda or Louis beside every pair)."""
    for i in range(len(state["seats"])):
        err = why_not_seat(state, card, i)
        if err and err != "seat taken":
            return RuleError(err)
    return RuleError(N_("no seat for %s"), cast.name(card))
