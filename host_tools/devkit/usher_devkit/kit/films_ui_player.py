"""A seeded player that plays Films matches through the screens only (button
events on the fake display), for the whole-match tests, the simulator's
scripted match and the bench. Apart from the kit so the other UI tests
don't carry it on the VM's small heap."""

from films_ui_kit import go_to, press, set_number, top

WEEKS = 10  # bids of 0-9 weeks: ties are common, as with films_sim


class Player:
    """Looks at the screen on top and presses what a player would, choosing
    with a seeded generator: bids of 0-9 weeks, a half uniformly among the
    16 for each card (a repeating one then asks the question), the other
    side or the under half among those the picker offers plainly, a hit on
    any target, an Editor that swaps two times in three, a Scriptwriter used
    half the time, Studio moves half the time, the VIP to either player.

    Counts presses per private bid ("pass to" to the number entered), per
    open bid (the shared screen's presses, halved) and per placement: from
    the first press on the "... places" picker to the last press before the
    next step (its questions, its hit or swap, the Studio moves it made
    possible included)."""

    def __init__(self, app, seed=1, browse=8):
        from usher.core.rng import Rng

        self.app = app
        self.r = Rng(seed)
        self.browse = browse  # one time in `browse` the round page's other pages are looked at
        self.bids = []
        self.places = []
        self.refusals = 0
        self.unit = None  # [kind, presses so far] of the bid or placement being entered
        self.want = 0
        self.half_first = True

    # -- counting ----------------------------------------------------------------------
    def close(self):
        u = self.unit
        if u is not None:
            (self.bids if u[0] == "bid" else self.places).append(u[1])
        self.unit = None

    def count(self, kind, n=1):
        if self.unit is None or self.unit[0] != kind:
            self.close()
            self.unit = [kind, 0]
        self.unit[1] += n

    # -- playing -----------------------------------------------------------------------
    def one(self):
        app = self.app
        r = self.r
        if app.toast_msg:
            self.refusals += 1  # the next press clears it and does what it says too
        name = top(app)
        scr = app.top()
        n0 = app.presses
        if name == "Halves" and scr.group < 0 and scr.title.endswith(" places"):
            self.close()  # a new placement starts
            self.unit = ["place", 0]
            self.half_first = True
        elif name not in ("Halves", "Menu", "Target", "Behind", "Pass", "SecretNumber"):
            self.close()
        if name == "Main":
            if scr.page or r.below(self.browse):
                press(app, "ok")
            else:
                press(app, "next")
        elif name == "Pass":
            self.close()
            self.want = r.below(WEEKS)
            from usher.ui.films.bids import START

            press(app, "ok" if self.want == START else "next" if self.want > START else "prev")
            self.unit = ["bid", app.presses - n0]
            return
        elif name == "SecretNumber":
            set_number(app, self.want)
            press(app, "ok")
            self.count("bid", app.presses - n0)
            self.close()
            return
        elif name == "OpenBids":
            set_number_open(app, r.below(WEEKS))
            press(app, "ok")
            self.bids.append(app.presses - n0)
            return
        elif name == "Halves":
            self.halves(scr)
        elif name == "Menu":
            self.menu(scr)
        elif name == "Target":
            for _ in range(r.below(len(scr.ok))):
                press(app, "next")
            press(app, "ok")
        elif name == "Behind":
            self.behind(scr)
        elif name == "End":
            if len(scr.rows) > 3 and r.below(3) == 0:
                press(app, "next")
            press(app, "ok")
        else:  # the reveal, a notice: OK goes on
            press(app, "ok")
        if self.unit is not None and self.unit[0] == "place":
            self.unit[1] += app.presses - n0

    def halves(self, scr):
        """A half: on a card's first picker any of the 16 (a repeating one
        asks the question); on the others one the picker offers plainly."""
        r = self.r
        if scr.group >= 0:  # opened at its halves (back from a question): start again
            press(self.app, "back")
            return
        first = self.half_first and scr.title.endswith(" places") or scr.title.startswith("In for ")
        if first:
            h = r.below(16)
        else:
            ok = [h for h in range(16) if scr.bright(h)]
            if not ok:
                press(self.app, "back")  # nothing fits: back to the question
                return
            h = ok[r.below(len(ok))]
        self.half_first = False
        groups = ((0, 1, 2, 3, 4, 5), (6, 7, 8), (9, 10, 11, 12, 13, 14, 15))
        g = [i for i in range(3) if h in groups[i]][0]
        go_to(self.app, g)
        go_to(self.app, groups[g].index(h))

    def menu(self, scr):
        r = self.r
        t = scr.title
        n = len(scr.items)
        if t.endswith("already there"):
            go_to(self.app, 1 if r.below(3) == 0 else 0)
        elif t.endswith("Editor: swap?"):
            go_to(self.app, 0 if r.below(3) == 0 or n == 1 else 1 + r.below(n - 1))
            self.half_first = True
        elif t.endswith("Scriptwriter?"):
            go_to(self.app, 0 if r.below(2) or n == 1 else 1 + r.below(n - 1))
        else:  # who has the VIP, and any other choice
            go_to(self.app, r.below(n))

    def behind(self, scr):
        r = self.r
        if r.below(2):
            go_to(self.app, 0)
            return
        k = 1 + r.below(min(scr.room, len(scr.pos)))
        picks: list = []
        while len(picks) < k:
            i = 1 + r.below(len(scr.pos))
            if i not in picks:
                picks.append(i)
        for i in picks:
            go_to(self.app, i)
        go_to(self.app, 0)

    def play(self, until=None, max_presses=30000):
        """Until the match is over and its last tickets are shown (their OK
        would lead Home), or `until(app)` says stop."""
        app = self.app
        while app.presses < max_presses:
            if app.match.is_over() and top(app) in ("Main", "End"):
                self.close()
                return True
            if until is not None and until(app):
                self.close()
                return True
            self.one()
        raise AssertionError("no end after %d presses: %s" % (max_presses, top(app)))


def set_number_open(app, value):
    scr = app.top()
    q = scr.who[scr.cur]
    while scr.val[q] < value:
        press(app, "next")
    while scr.val[q] > value:
        press(app, "prev")


def digest(actions):
    """A fingerprint of a match's moves (their times left out), one move at a
    time, keys in sorted order."""
    from usher.core.crc import crc32
    from usher.core.data import dumps

    h = 0
    for a in actions:
        keys = sorted([k for k in a if k != "at"])
        h = crc32(("%d " % h + dumps([[k, a[k]] for k in keys])).encode())
    return h
