"""A seeded player that plays Show Manager through the screens only (button
events on the fake display), for the whole-game tests and the simulator's
planner. Apart from the kit so the other UI tests don't carry it on the
VM's small heap."""

from show_manager_ui_kit import choose, labels, press, set_value, top

# Role entries, drawn evenly from the 72 of the worked four-player example
# (tests/records/show_manager_4p.rec): four miscasts (0), five provincial
# actors (1), then mostly 4-6. A flatter spread (0-9 alike) costs about 1.5
# presses more a role: the roles screen starts each role at 5.
TALENTS = "0000" + "11111" + "2" + "33333" + "4" * 15 + "5" * 22 + "6" * 20


class Player:
    """Plays a game through the screens, choosing with a seeded generator
    among what each screen offers: a loan now and then, a show half the
    times one is possible (always when the hand is full), a refresh now and
    then, a hire from a space it can pay (the free card half the time). It
    browses the city pages, peeks at a player's money and takes a move back
    now and then, between turns. Counts the presses of each turn from its
    first press to the move that ends it (browsing, peeks and undos left
    out): `hires` for turns that are a hire only, `shows` for turns that are
    a production (and its hire), as (presses, roles)."""

    def __init__(self, app, seed=1, browse_odds=25, peek_odds=40, undo_odds=120):
        from usher.core.rng import Rng

        self.app = app
        self.r = Rng(seed)
        self.odds = (browse_odds, peek_odds, undo_odds)
        self.hires = []
        self.shows = []
        self.refusals = 0
        self.peeks = 0
        self.undos = 0
        self.loans = 0
        self.browsed = 0
        # [player, presses at its start, presses left out, actions so far, disturbed]
        self.turn: list | None = None
        self.seen = 0  # actions in force at the last look

    # -- one look at the screen ---------------------------------------------------
    def one(self):
        app = self.app
        r = self.r
        if app.toast_msg:
            self.refusals += 1  # the next press clears it and does what it says too
        name = top(app)
        scr = app.top()
        if name == "Main":
            if scr.page or app.match.is_over():
                press(app, "ok")
            else:
                self.step()
        elif name == "Menu":  # a musical, a premiere's city, a production to borrow on
            if scr.title == "Put on a show" and r.below(3):
                press(app, "ok")  # the cursor's choice: the musical that takes most cards
            else:
                self.menu(r.below(len(scr.items)))
        elif name == "Entries":
            for _ in range(len(scr.values)):
                set_value(app, int(TALENTS[r.below(len(TALENTS))]))
                press(app, "ok")
        elif name == "LoanPicker":
            if r.below(2):
                set_value(app, 1 + r.below(scr.hi))
            press(app, "ok")
        else:  # the summary, the standings: OK goes on
            press(app, "ok")
        self.track()

    def step(self):
        """On the turn page: a browse, a peek or an undo now and then at the
        start of a turn; else the turn's next step."""
        app = self.app
        r = self.r
        s = app.match.state
        q = s["turn"]
        if self.turn is None or self.turn[0] != q:
            self.turn = [q, app.presses, 0, [], bool(s["did"])]  # met half-way (after an undo): not counted
        fresh = not s["did"]
        if fresh and not self.turn[3]:
            if r.below(self.odds[0]) == 0:
                return self.aside(self.browse, self.turn)
            if r.below(self.odds[1]) == 0:
                return self.aside(self.peek, self.turn)
            if r.below(self.odds[2]) == 0 and app.match.can_undo():
                self.turn[4] = True
                return self.undo()
        kinds = [lb.split(" ")[0] for lb in labels(app)]
        money = s["money"][q]  # the player knows her own money
        if "Borrow\x7f" in kinds and r.below(4) == 0:
            self.loans += 1
            return choose(app, "Borrow")
        if "Put" in kinds and ("Hire" not in kinds or r.below(2)):
            return choose(app, "Put on a show")
        if "Refresh" in kinds and money >= s["refresh"] + 3000 and r.below(10) == 0:
            return choose(app, "Refresh")
        spaces = [i for i, c in enumerate(s["hire"]) if c <= money]
        pos = 0 if r.below(2) else spaces[r.below(len(spaces))]
        choose(app, "Hire free card" if pos == 0 else labels(app)[kinds.index("Hire") + pos])

    def aside(self, fn, turn):
        """Presses that belong to no turn (browsing, peeking), left out of `turn`."""
        n0 = self.app.presses
        fn()
        turn[2] += self.app.presses - n0

    def browse(self):
        app = self.app
        self.browsed += 1
        press(app, "prev" if self.r.below(2) else "next")
        while not app.top().page:
            press(app, "next")
        for _ in range(self.r.below(5)):
            press(app, "next")
        if app.top().page:
            press(app, "ok")

    def peek(self):
        app = self.app
        self.peeks += 1
        press(app, "back")
        choose(app, "Peek my money")
        self.menu(self.r.below(len(app.top().items)))
        for want in ("PassTo", "Secret", "PassBack"):
            assert top(app) == want, (want, top(app))
            press(app, "ok")
        assert top(app) == "Main", top(app)

    def undo(self):
        app = self.app
        self.undos += 1
        press(app, "back")
        choose(app, "Undo last")
        assert top(app) == "Confirm", top(app)
        press(app, "ok")
        assert top(app) == "Main", top(app)

    def menu(self, i):
        app = self.app
        while app.top().sel != i:
            press(app, "next")
        press(app, "ok")

    # -- counting --------------------------------------------------------------------
    def track(self):
        """Note the moves made since the last look; when a turn ends, its presses."""
        m = self.app.match
        n = len(m.inforce)
        t = self.turn
        if n < self.seen:  # an undo: the turn it reaches is not counted
            if t is not None:
                t[4] = True
        elif n > self.seen and t is not None:
            t[3] += [a["t"] for a in m.recent[len(m.recent) - (n - self.seen) :]]
            last = m.last_action()
            if last["t"] == "hire" or m.state["turn"] != t[0]:
                self.close(t, last)
        self.seen = n

    def close(self, t, last):
        self.turn = None
        if t[4]:
            return
        presses = self.app.presses - t[1] - t[2]
        kinds = t[3]
        if kinds == ["hire"]:
            self.hires.append(presses)
        elif kinds in (["produce", "hire"], ["produce"]):
            for a in reversed(self.app.match.recent):
                if a["t"] == "produce":
                    self.shows.append((presses, len(a["roles"])))
                    break

    def play(self, until=None, max_presses=40000):
        """Until the game is over and its standings are on screen (or `until(app)`)."""
        app = self.app
        while app.presses < max_presses:
            if app.match.is_over() and top(app) == "Table":
                return True
            if until is not None and until(app):
                return True
            self.one()
        raise AssertionError("no end after %d presses: %s" % (max_presses, top(app)))

    def excess(self):
        """Presses of each production turn beyond 3 a role."""
        return [n - 3 * k for n, k in self.shows]


def digest(actions):
    """A fingerprint of a game's moves (their times left out), one move at a time."""
    from usher.core.crc import crc32
    from usher.core.data import dumps

    h = 0
    for a in actions:
        keys = sorted([k for k in a if k != "at"])
        h = crc32(("%d " % h + dumps([[k, a[k]] for k in keys])).encode())
    return h
