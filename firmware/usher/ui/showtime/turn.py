"""Showtime's turns on the device: the auditorium, and a turn in few presses.

Pick the person (prev/next over the player's persons not yet seated, in
number order, OK; on the LCD the joystick's up/down move a row of four by
number, 1-4, 5-8, 9-12, 13-16, so any person is at most three presses
away), then the seat (the cursor visits
only seats that person may take and starts on the one that would do the
player most good if the screening were scored now; left/right seat by seat,
up/down row by row on the LCD; OK), then only the questions that apply: where
Ken's or Sophie's displaced person goes, and whether the person likes the
poster's genre (OK or right = yes, left = no, one press either way; Back
goes back to the seat, or to where the displaced person goes; skipped with
a genre table, or when an earlier answer in this game already tells, and
then the header says whether the +2 was given until the next press). Back
steps back; Back while
picking opens the game menu; long OK while picking shows the red carpet;
long OK on the seat cursor walks every seat and says why a seat is not
offered. A Linda or Louis that may only be discarded says so; OK discards.
"""

from usher.core.errors import RuleError
from usher.games.showtime import cast
from usher.games.showtime import game as st
from usher.memory import collect_for_move, unload
from usher.ui import theme
from usher.ui.showtime import pick as pick
from usher.ui.showtime import views as views
from usher.ui.showtime.scene import GameScreen
from usher.words import t

# for the type checkers only: the device never tries the import (one that
# fails costs ~2.5 ms on the Pico, at every import of this module)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

ROW = cast.SEATS_PER_ROW

# modes; the first four walk a list with prev/next
PICK = 0  # the person, among the mover's not yet seated
SEAT = 1  # the seat, among the legal ones
TARGET = 2  # where Ken's or Sophie's displaced person goes
WHY = 3  # every seat, saying why it is not offered
GENRE = 4  # does the person like the poster's genre?

OCCASIONAL = ("usher.ui.showtime.menu", "usher.ui.showtime.carpet")  # dropped once closed


class Play(GameScreen):
    title = "Showtime"
    by_rows = True  # the app hands it the joystick's up/down as such (App.handle)

    def __init__(self) -> None:
        GameScreen.__init__(self)
        self.mode = PICK
        self.lists: list = [[], [], [], []]  # per list mode: what prev/next walk
        self.at = [0, 0, 0, 0]  # per list mode: the cursor
        self.card = 0
        self.seat = -1
        self.to = -1
        self.old = -1  # highlighted cell to clear on a partial redraw
        self.touch: list = []  # further cells to repaint on a partial redraw
        self.head = False  # header to repaint on a partial redraw
        self.lay: Any = None
        # the persons' genre answers (pick.answers), read from the record once
        # and then kept up to date by this screen's own moves: reading the
        # whole record from flash costs ~45 ms a press late in a game
        self.said: dict = {}
        self.said_at = -1  # the match's record count `said` is true for
        self.back_to = SEAT  # where Back on the genre question goes: the seat, or the target
        self.note: tuple = ()  # a genre answer not asked, in the header until the next press

    def sel(self):
        m = self.mode
        return self.lists[m][self.at[m]]

    def mover(self) -> int:
        return st.to_move(self.state())

    def on_open(self) -> None:
        self.to_pick()

    def to_pick(self) -> None:
        self.mode = PICK
        self.lists[PICK] = pick.hand(self.state(), self.mover())
        self.at[PICK] = 0
        self.head = True

    def go(self, mode: int) -> None:
        """Change mode: only header, footer and highlight change."""
        self.mode = mode
        self.head = True
        self.part = True

    def event(self, ev: str) -> None:
        m = self.mode
        if self.note:  # the header says the screening again
            self.note = ()
            self.head = True
            self.part = True
        if m == GENRE:
            if ev in ("ok", "next", "prev"):
                self.place(ev != "prev")  # left: no; OK or right: yes
            elif ev in ("back", "back_long"):
                self.go(self.back_to)  # the seat (or the target) again, nothing placed
        elif ev in ("next", "prev"):
            self.at[m] = (self.at[m] + (1 if ev == "next" else -1)) % len(self.lists[m])
            self.part = True
        elif ev in ("up", "down"):  # the LCD's joystick: a row of four persons (by number), or of seats
            d = 1 if ev == "down" else -1
            items = self.lists[m]
            self.at[m] = pick.jump(items, self.at[m], d) if m == PICK else pick.row_step(items, self.at[m], d)
            self.part = True
        elif ev == "ok":
            self.choose()
        elif m == PICK:
            if ev == "ok_long":
                self.carpet()
            elif ev in ("back", "back_long"):
                self.menu()
        elif m == SEAT and ev == "ok_long":
            self.lists[WHY] = list(range(len(self.state()["seats"])))
            self.at[WHY] = self.sel()
            self.go(WHY)
        elif m == WHY:
            i = self.sel()
            if i in self.lists[SEAT]:
                self.at[SEAT] = self.lists[SEAT].index(i)
            self.go(SEAT)
        elif ev in ("back", "back_long"):
            self.go(m - 1)

    def choose(self) -> None:
        m = self.mode
        s = self.state()
        v = self.sel()
        if m == PICK:
            offer = pick.seats_for(s, v)
            if not offer:
                if not st.can_discard(s, self.mover(), v):
                    raise pick.no_seat(s, v)
                # the footer says ": discard"; undo takes it back
                self.commit({"t": "discard", "p": self.mover(), "card": v}, -1, -1)
                return
            self.card = v
            self.lists[SEAT] = offer
            self.at[SEAT] = pick.start_seat(s, self.mover(), v, offer)
            self.go(SEAT)
        elif m == TARGET:
            self.to = v
            self.back_to = TARGET
            self.ask_genre()
        else:
            err = pick.why_not_seat(s, self.card, v)
            if err:
                raise RuleError(err)
            self.at[SEAT] = self.lists[SEAT].index(v)
            self.seat = v
            self.to = -1
            self.back_to = SEAT
            if s["seats"][v] is not None:
                tgts = pick.targets(s, self.card, v)
                if len(tgts) > 1:
                    self.lists[TARGET] = tgts
                    self.at[TARGET] = pick.start_target(s, self.mover(), v, tgts)
                    self.go(TARGET)
                    return
                self.to = tgts[0]
            self.ask_genre()

    def answers(self) -> dict:
        m = self.app.match
        if self.said_at != m.count:  # an undo, or the first question here
            self.said = {}  # the old table goes before the new one is built
            self.said = pick.answers(m.iter_actions())
            self.said_at = m.count
        return self.said

    def ask_genre(self) -> None:
        s = self.state()
        known = pick.genre_known(s, self.answers() if s["genres"] is None else {}, self.card)
        if known is None:
            self.go(GENRE)
        else:
            self.place(known, told(self.card, s["posters"][-1], known))

    def place(self, likes: bool, note: tuple = ()) -> None:
        s = self.state()
        i = self.seat
        a = {"t": "place", "p": st.to_move(s), "card": self.card, "row": i // ROW + 1, "seat": i % ROW + 1}
        if self.to >= 0:
            a["to"] = [self.to // ROW + 1, self.to % ROW + 1]
        if s["genres"] is None:
            a["genre"] = likes
        self.commit(a, i, self.to, note)

    def commit(self, a: dict, i: int, j: int, note: tuple = ()) -> None:
        """Submit a move. The one that ends the screening goes through
        Loading: it scores the screening, and the replay follows."""
        s = self.state()
        if s["turn"] + 1 >= st.TURNS * len(s["players"]):
            self.swap(action=a, note=note)  # Loading submits it, the replay's scene follows
            return
        # a swept heap before the move is recorded: the new record then fills
        # the heap from the bottom instead of being scattered among garbage
        # (which late in a game leaves no hole for the flash's 1.2 KB file
        # buffer). Only here, not at every OK
        n = self.app.match.count
        collect_for_move()
        if self.app.submit(a):
            self.touch = [i, j]
            self.note = note
            if self.said_at == n:
                pick.note(self.said, s["posters"][-1], a)
                self.said_at = self.app.match.count
        self.to_pick()
        self.go(PICK)

    # -- drawing --------------------------------------------------------------------
    def focus(self, p):
        """The person in the footer while picking, else the seat under the cursor."""
        L = self.lay
        if L is None:
            return None
        m = self.mode
        if m == PICK or m == GENRE:
            return L.foot_y, L.foot_h
        c = L.cell(self.sel())
        return c[1], c[3]

    def draw(self, p, full: bool) -> None:
        m = self.mode
        s = self.state()
        if self.lent and self.app.top() is self:
            # only after they were opened: a walk of sys.modules is ~1.4 ms on the Pico, every draw
            self.lent = False
            unload(OCCASIONAL)
        if self.lay is None:
            self.lay = views.Layout(p, len(s["players"]))
        L = self.lay
        hi = -1 if m == PICK else (self.seat if m == GENRE else self.sel())
        if full:
            p.clear()
            views.draw_hall(p, L, s, hi)
        else:
            for i in self.touch + [self.old]:
                if i >= 0 and i != hi:
                    views.draw_seat(p, L, s, i)
            if hi >= 0:
                views.draw_seat(p, L, s, hi, True)
        if full or self.head:
            if m == GENRE:
                q = t("%s likes %s?") % (cast.name(self.card), views.genre_name(s["posters"][-1]))
                views.draw_head(p, L, q, ink=theme.ACCENT)
            elif self.note:  # a genre answer the players were not asked: was the +2 given?
                views.draw_head(p, L, self.note, self.mover(), s["players"][self.mover()]["name"], theme.ACCENT)
            else:
                views.draw_head(p, L, views.screening(s), self.mover(), s["players"][self.mover()]["name"])
        views.draw_foot(p, L, *self.foot(s))
        self.old = hi
        self.touch = []
        self.head = False

    def foot(self, s: dict) -> tuple:
        """The footer: (text, ink, hint)."""
        m = self.mode
        if m == GENRE:  # one press either way; Back: the seat again
            return t("< no    OK: yes >"), theme.FG, t("Back: seat")
        if m == PICK:
            card = self.sel()
            label = "%d %s" % (card, cast.name(card))
            ink = theme.FG
            if not pick.seats_for(s, card):
                discard = st.can_discard(s, self.mover(), card)
                label += t(": discard") if discard else t(": no seat")
                ink = theme.ERROR if discard else theme.DIM
            return "< %s >" % label, ink, "%d/%d" % (self.at[PICK] + 1, len(self.lists[PICK]))
        i = self.sel()
        where = views.seat_names(i)
        if m == WHY:
            err = pick.why_not_seat(s, self.card, i)
            if err:
                err = t(err)  # the rules' refusal (usher.games.showtime.game.why_not), said
                return tuple("%s: %s" % (w, err) for w in where) + (err,), theme.ERROR, ""
            v = s["seats"][i]  # offered: free, or its person moves for Ken or Sophie
            ok = t("%s moves") % cast.name(v[1]) if v else t("free")
            return tuple("%s: %s" % (w, ok) for w in where), theme.GOOD, ""
        v = s["seats"][self.seat if m == TARGET else i]
        who = cast.name(v[1]) if v else ""
        if m == TARGET:
            return tuple(t("%s to %s") % (who, w) for w in where), theme.ACCENT, ""
        name = cast.name(self.card)
        full, short = where
        if who:  # the seat in full, else short; the move said whole ("Norbert moves"), never cut
            mv = t("%s: %s (%s moves)")
            return (
                (mv % (name, full, who), mv % (name, short, who), t("%s: %s moves") % (short, who)),
                theme.ACCENT,
                t("hold OK: why"),
            )
        return (name + ": " + full, name + ": " + short), theme.ACCENT, t("hold OK: why")


def told(card: int, poster: str, likes: bool) -> tuple:
    """A genre answer the players were not asked (an earlier answer in the
    game, or the genre table, told it), said in full or short: whether the
    person's +2 was given."""
    who = cast.name(card)
    g = views.genre_name(poster)
    if likes:
        return t("%s likes %s: +2") % (who, g), "%s: +2" % who
    return t("%s: not %s, no +2") % (who, g), t("%s: no +2") % who
