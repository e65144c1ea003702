"""Showtime played as a person plays it, through the device's own screens.

The planner (usher_devkit.planners.showtime) counts the presses to the move
worth most now, which is where the seat cursor starts, and random legal
players count the shorter way round a list: neither is how a person at the
table uses the device. This walk is:

- the choice: a person holds four cards (16 shuffled, one drawn a turn) and
  picks one by its name, any of the four; the seat by what the printed
  hall shows, a seat with more stars more likely (weighted by its stars),
  not the one the cursor offers; where Ken's or Sophie's displaced person
  goes, any; the genre answer from the printed card;
- the presses: read off the screen one at a time, as a person reads the
  cursor: the person list the shorter way round (its counter "9/14" shows
  where the cursor is) or, with `rows` (the LCD's up/down), the fewest
  presses over the persons laid out in rows of four by number (1-4, 5-8,
  ...), where Down from 1 is 5; the genre question's no is a left press;
  the seat first to the row (up/down)
  and then along it (left/right), never round the back of the hall. With
  `rows=False` only prev/next exist (the OLED, and the LCD before up/down
  meant rows).

Each press goes to the app (a fake display: nothing drawn but the scene
changes, so a walk of many games stays quick); the record the device
writes is the game that was played. `walk_games` gives the figures."""

import random
import statistics

from usher_tools.paths import use_firmware

GENRES = ("fantasy", "scifi", "romance", "comedy")
CAP = 60  # presses towards one choice before the walk calls the screen broken


class Person:
    def __init__(self, n: int = 4, seed: int = 1, rows: bool = True, mono: bool = False) -> None:
        use_firmware()
        from usher_devkit.planners import use_kit

        use_kit()
        from fakes import FakeClock, FakeHardware, MemStorage
        from usher.app import App

        self.n = n
        self.rows = rows
        self.r = random.Random(seed)
        self.genres = []
        for card in range(1, 17):  # the genres printed on the cards
            self.genres.append(self.r.sample(GENRES, 2 if card >= 13 else 1))
        self.decks = []
        for _ in range(n):
            deck = list(range(1, 17))
            self.r.shuffle(deck)
            self.decks.append(deck)
        self.hands = [d[:4] for d in self.decks]
        self.drawn = [4] * n
        self.app = App(FakeHardware(mono), FakeClock(), MemStorage(), seed=7)
        self.app.start()
        self.settle()
        self.placements: list = []  # presses per placement
        self.parts: list = []  # per placement: person, seat, target, genre question

    # -- the device ---------------------------------------------------------------
    def top(self):
        return self.app.top()

    def name(self) -> str:
        return type(self.top()).__name__

    def settle(self) -> None:
        for _ in range(8):  # Loading makes its move in its draws
            self.app.render()
            if self.name() != "Loading":
                break

    def press(self, ev: str) -> int:
        self.app.handle(ev)
        if self.name() == "Loading":
            self.settle()
        else:
            t = self.top()
            t.dirty = t.part = False  # nothing to see: the fake panel is not looked at
        self.app.after_frame()  # as the loop's tick once the frame is out: the move's record written
        return 1

    # -- the game -----------------------------------------------------------------------
    def setup(self) -> None:
        for ev in ["ok", "ok"] + ["prev"] * (4 - self.n) + ["ok"] + ["ok"] * self.n:
            self.press(ev)  # New game, Showtime, players, the roster's names
        while self.name() != "Between":  # the setup menu: its first row starts
            self.press("ok")
        self.app.render()

    def play(self) -> "Person":
        self.setup()
        while True:
            name = self.name()
            if name == "Play":
                self.turn()
                continue
            assert name == "Between", name
            scr = self.top()
            if scr.mode == 0:  # a scoring replay: skipped to the summary
                self.press("back")
            elif scr.mode == 1 and self.app.match.state["phase"] == "over":
                return self
            else:  # the summary, the splash
                self.press("ok")
            self.app.render()

    def choose(self, s: dict, p: int) -> tuple:
        from usher.ui.showtime import pick

        cards = [c for c in self.hands[p] if pick.seats_for(s, c)]
        if not cards:  # none of the four has a seat: any that has
            cards = [c for c in pick.hand(s, p) if pick.seats_for(s, c)]
        card = self.r.choice(cards)
        offer = pick.seats_for(s, card)
        stars = s["stars"]
        weights = [stars[i // 4][i % 4] for i in offer]
        seat = self.r.choices(offer, weights)[0]
        to = -1
        if s["seats"][seat] is not None:
            to = self.r.choice(pick.targets(s, card, seat))
        return card, seat, to

    def turn(self) -> None:
        from usher.games.showtime.game import to_move

        scr = self.top()
        s = self.app.match.state
        p = to_move(s)
        card, seat, to = self.choose(s, p)
        before = len(self.app.match.inforce)
        part = [self.to_person(scr, card) + self.press("ok"), 0, 0, 0]
        part[1] = self.to_seat(scr, 1, seat) + self.press("ok")
        if self.top() is scr and scr.mode == 2:  # where the displaced person goes
            part[2] = self.to_seat(scr, 2, to) + self.press("ok")
        if self.top() is scr and scr.mode == 4:  # the genre question
            part[3] = self.press("ok" if s["posters"][-1] in self.genres[card - 1] else "prev")  # OK yes, left no
        if self.name() == "Loading":
            self.settle()
        assert len(self.app.match.inforce) == before + 1, "the placement was not made"
        a = self.app.match.last_action()
        assert (a["card"], (a["row"] - 1) * 4 + a["seat"] - 1) == (card, seat), (a, card, seat)
        self.placements.append(sum(part))
        self.parts.append(part)
        hand = self.hands[p]
        hand.remove(card) if card in hand else None
        if self.drawn[p] < 16:
            hand.append(self.decks[p][self.drawn[p]])
            self.drawn[p] += 1

    def to_person(self, scr, card: int) -> int:
        n = 0
        items = scr.lists[0]
        while scr.sel() != card:
            if self.rows:  # the persons in rows of four by number (1-4, 5-8, ...): the fewest presses
                n += self.press(self.first_key(items, scr.at[0], items.index(card)))
            else:
                f = (items.index(card) - scr.at[0]) % len(items)
                n += self.press("prev" if f > len(items) - f else "next")
            assert n < CAP, "the person cursor never reached %d" % card
        return n

    @staticmethod
    def first_key(items: list, at: int, to: int) -> str:
        """The first key of the fewest presses from person `at` to `to` (list
        indexes): the rows of four by number are laid out as the person
        sees them, so Down from 1 is 5 (or the nearest one left in that row)."""
        from usher.ui.showtime import pick

        n = len(items)
        keys = ("next", "prev", "down", "up")
        first = {at: ""}
        todo = [at]
        while todo:
            i = todo.pop(0)
            for k in keys:
                j = (
                    (i + 1) % n
                    if k == "next"
                    else (i - 1) % n
                    if k == "prev"
                    else pick.jump(items, i, 1 if k == "down" else -1)
                )
                if j not in first:
                    first[j] = first[i] or k
                    todo.append(j)
        return first[to]

    def to_seat(self, scr, m: int, seat: int) -> int:
        n = 0
        while scr.sel() != seat:
            cur = scr.sel()
            if self.rows and cur // 4 != seat // 4:
                n += self.press("down" if seat // 4 > cur // 4 else "up")
            else:
                n += self.press("next" if seat > cur else "prev")
            assert n < CAP, "the seat cursor never reached %d" % seat
        return n


def walk_games(games: int = 6, rows: bool = True, n: int = 4, mono: bool = False) -> dict:
    """Presses per placement over `games` whole games of n persons-like players."""
    allp: list = []
    parts: list = []
    for seed in range(1, games + 1):
        w = Person(n, seed, rows, mono).play()
        allp += w.placements
        parts += w.parts
    return {
        "games": games,
        "placements": len(allp),
        "median": statistics.median(allp),
        "min": min(allp),
        "max": max(allp),
        "mean": round(statistics.mean(allp), 2),
        "mean_parts": [round(statistics.mean([x[k] for x in parts]), 2) for k in range(4)],
    }


if __name__ == "__main__":
    import sys

    rows = "--no-rows" not in sys.argv
    print(walk_games(rows=rows))
