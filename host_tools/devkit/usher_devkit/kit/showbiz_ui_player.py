"""A seeded player that plays Showbiz through the screens only (button
events on the fake display), for the whole-game tests. Apart from the kit so
the other UI tests don't carry it on the VM's small heap."""

from showbiz_ui_kit import press, set_number, step, top


class Player:
    """Plays a game through the screens only, choosing among what each screen
    offers with a seeded generator: a pick among the colours, a claim now and
    then, bids of 0-3 ZE, any contract length, now and then another column or
    a broken contract. Counts presses per private bid and per selection turn
    (from the OK that opens the pick to the contract, all bids included)."""

    def __init__(self, app, seed=1, break_odds=40):
        from usher.core.rng import Rng

        self.app = app
        self.r = Rng(seed)
        self.break_odds = break_odds
        self.bids = []
        self.turns = []
        self.breaks = 0
        self.refusals = 0
        self.turn_from = -1
        self.turn_n = 0
        self.bid_from = -1

    def one(self):
        """Look at the screen on top and press what a player would."""
        app = self.app
        r = self.r
        if app.toast_msg:
            self.refusals += 1  # the next press clears it and does what it says too
        name = top(app)
        scr = app.top()
        if name == "Main":
            if scr.page:
                press(app, "ok")
            elif step(app) == "pick" and r.below(self.break_odds) == 0:
                self.try_break()
            else:
                if step(app) == "pick":
                    self.turn_from = app.presses
                    self.turn_n = len(app.match.inforce)
                press(app, "ok")
        elif name == "ChipMenu":
            self.menu(r.below(len(scr.items)))
        elif name == "Claims":
            for i in range(1, len(scr.items)):
                if r.below(3) == 0:
                    self.menu(i)
            self.menu(0)
        elif name == "PassTo":
            self.bid_from = app.presses
            press(app, "ok")
        elif name == "SecretNumber":
            set_number(app, min(scr.hi, r.below(4)))
            press(app, "ok")
        elif name == "PassBack":
            press(app, "ok")
            if self.bid_from >= 0:
                self.bids.append(app.presses - self.bid_from)
                self.bid_from = -1
        elif name == "ContractPicker":
            if len(scr.free) > 1 and r.below(10) == 0:
                press(app, "ok_long")
                self.menu(r.below(len(app.top().items)))
            set_number(app, 1 + r.below(5))
            press(app, "ok")
        else:  # Reveal, YearEnd, a Confirm, the final Table: OK goes on
            press(app, "ok")
        if self.turn_from >= 0 and len(app.match.inforce) > self.turn_n:
            last = app.match.last_action()["t"]
            # a turn ends with its contract, or with a reveal nobody won
            if last == "contract" or (last == "bid" and step(app) not in ("bid", "contract")):
                self.turns.append(app.presses - self.turn_from)
                self.turn_from = -1

    def menu(self, i):
        app = self.app
        while app.top().sel != i:
            press(app, "next")
        press(app, "ok")

    def try_break(self):
        app = self.app
        press(app, "back")
        labels_ = [it[0] for it in app.top().items]
        if "Break contract" not in labels_:
            press(app, "back")
            return
        self.menu(labels_.index("Break contract"))
        self.menu(self.r.below(len(app.top().items)))  # who
        self.menu(self.r.below(len(app.top().items)))  # which contract
        n = len(app.match.inforce)
        press(app, "ok")  # confirm: refused if the ZE fall short
        if len(app.match.inforce) > n:
            self.breaks += 1
        while top(app) != "Main":
            press(app, "back")

    def play(self, until=None, max_presses=20000):
        """Until the game is over (or `until(app)` says stop)."""
        app = self.app
        while app.presses < max_presses:
            if app.match.is_over() and top(app) == "Table":
                return True
            if until is not None and until(app):
                return True
            self.one()
        raise AssertionError("no end after %d presses: %s %s" % (max_presses, top(app), step(app)))


def digest(actions):
    """A fingerprint of a game's moves (their times left out), one move at a
    time: the whole list as one string would not fit the VM's heap. Keys in
    sorted order: MicroPython's dicts need not keep theirs."""
    from usher.core.crc import crc32
    from usher.core.data import dumps

    h = 0
    for a in actions:
        keys = sorted([k for k in a if k != "at"])
        h = crc32(("%d " % h + dumps([[k, a[k]] for k in keys])).encode())
    return h
