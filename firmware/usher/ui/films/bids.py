"""The bids of a round and their reveal. Private bids: "pass to Ana", her
weeks, "pass to Bo" (which blanks the screen), his weeks, then the reveal;
on a "pass to" screen prev/next already open the number with one step
taken, so a bid near the start value costs two or three presses. Open bids:
both numbers on one shared screen. The reveal says who chooses first and
where the VIP Ticket goes on a tie."""

from usher.games.films.rows import MAX_WEEKS as MAX
from usher.ui import theme
from usher.ui.films.views import ink, name, reveal_text
from usher.ui.private import PassBack, PassTo, SecretNumber
from usher.ui.screen import Screen, title_bar
from usher.words import t

START = 5  # where a bid picker starts: in the middle of the one-digit weeks most cards show


class Pass(PassTo):
    """Pass the device to a bidder: OK opens the number, prev/next open it
    one step away from the start; back returns to the round page."""

    def on_event(self, ev: str) -> None:
        if ev == "ok":
            self.then(0)
        elif ev == "next" or ev == "prev":
            self.then(1 if ev == "next" else -1)
        elif ev in ("back", "back_long"):
            self.close()


def ask(app, act) -> None:
    """The next bid the round waits for."""
    from usher.games.films.game import GAME

    st = app.match.state
    who = GAME.expects(st)[0].who
    if st["open"]:
        app.push(OpenBids(st, who, act))
        return
    q = who[0]

    def enter(step: int) -> None:
        app.replace(SecretNumber(t("%s: weeks") % name(st, q), 0, MAX, START + step, done, on_cancel=cancel))

    def done(w: int) -> None:
        act(app, {"t": "bid", "p": q, "weeks": w})

    def cancel() -> None:
        app.replace(PassBack(lambda: app.pop()))  # nothing of the number stays

    app.push(Pass(name(st, q), q, enter))


class OpenBids(Screen):
    """Both bids on the shared screen (the cards are turned at the table):
    prev/next change the number under the cursor, OK goes on to the next
    one, and OK on the last enters both; back steps back."""

    def __init__(self, state: dict, who: list, act) -> None:
        Screen.__init__(self)
        self.state = state
        self.who = who  # the players still to bid, in seat order
        self.val = [START, START]
        self.cur = 0
        self.act = act

    def on_event(self, ev: str) -> None:
        q = self.who[self.cur]
        if ev in ("next", "prev"):
            v = self.val[q] + (1 if ev == "next" else -1)
            if 0 <= v <= MAX:
                self.val[q] = v
                self.dirty = True
        elif ev == "ok":
            if self.cur + 1 < len(self.who):
                self.cur += 1
                self.dirty = True
                return
            app = self.app
            for p in self.who[:-1]:  # all but the last bid: recorded without chaining on
                if not app.submit({"t": "bid", "p": p, "weeks": self.val[p]}):
                    return
            last = self.who[-1]
            self.act(app, {"t": "bid", "p": last, "weeks": self.val[last]})
        elif ev in ("back", "back_long"):
            if self.cur:
                self.cur -= 1
                self.dirty = True
            else:
                self.close()

    def draw(self, p, full: bool) -> None:
        st = self.state
        p.clear()
        y = title_bar(p, t("Bids, round %d") % st["rd"]) + 2
        big = "big" if p.font("big") is not None else "body"
        cw = p.w // 2
        for q in (0, 1):
            x = q * cw
            p.center(name(st, q), y, ink(p, q), "body", x, cw)
            b = st["bids"][q]
            mine = q in self.who
            v = self.val[q] if mine else b
            yy = y + p.line_h("body") + 4
            at = mine and self.who[self.cur] == q
            if at:
                p.fill_rect(x + 8, yy - 2, cw - 16, p.line_h(big) + 4, theme.SELECT)
            p.center(str(v), yy, p.ink_on(theme.SELECT) if at else theme.FG, big, x, cw)
        last = self.cur + 1 == len(self.who)
        hint = t("OK: reveal") if last else t("OK: next")
        p.text(hint, 2, p.h - p.line_h("small") - 1, theme.ACCENT, "small")


class Reveal(Screen):
    """Both bids at once, who chooses first and what became of the VIP."""

    def __init__(self, state: dict, then) -> None:
        Screen.__init__(self)
        self.state = state
        self.then = then

    def on_event(self, ev: str) -> None:
        if ev == "ok":
            self.then()
        elif ev in ("back", "back_long"):
            self.close()

    def draw(self, p, full: bool) -> None:
        st = self.state
        p.clear()
        y = title_bar(p, t("Round %d: bids") % st["rd"]) + 3
        lines = reveal_text(st, st["last"])
        big = "big" if p.font("big") is not None and not p.mono else "body"
        rows = [(ln, big, theme.FG) for ln in p.wrap(lines[0], p.w - 4, big)]
        rows += [(ln, "body", theme.ACCENT) for ln in p.wrap(lines[1], p.w - 4, "body")]
        hint = p.h - p.line_h("small") - 1
        for ln, size, c in rows:
            p.center(ln, y, c, size)
            y += p.line_h(size) + 1
        if y <= hint:  # the OLED has no room for it under a tie
            p.text(t("OK: %s places") % name(st, st["last"][2]), 2, hint, theme.DIM, "small")
