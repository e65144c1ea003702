"""Placing a card and its effects: the half picker (16 halves in three
groups; a half that would repeat is greyed and, if chosen, asks whether to
turn the card over or whether both sides repeat), the Shooting Problems
target (a cursor over the opponent's unprotected cards) and the Editor's
swap ("No swap" first, then the card going out and the half coming in).
`act(app, action)` submits a move (usher.ui.films.play.act)."""

from usher.games.films.rows import HALVES, fit_error, is_studio, protected, targets
from usher.ui import theme
from usher.ui.films.views import GAP, SHORT, label, name, refusal
from usher.ui.screen import Screen, title_bar, title_h
from usher.ui.widgets import Menu
from usher.words import N_, t

GROUPS = ((0, 1, 2, 3, 4, 5), (6, 7, 8), (9, 10, 11, 12, 13, 14, 15))
# each group's kinds in full, on two lines (the OLED's row is 20 characters wide)
GROUP_LABELS = (
    (N_("Tickets, Award, Script,"), N_("Poster, Bad Review")),
    (N_("Shooting Problems,"), N_("Studio")),
    (N_("Characters"),),
)


class Halves(Menu):
    """Pick a half: first its group, then the half. `bright(h)` says which
    halves are drawn plainly; the others are greyed but can still be
    chosen (`on_pick` says what happens then). Back from the halves returns
    to the groups."""

    def __init__(self, title: str, bright, on_pick) -> None:
        self.bright = bright
        self.on_pick = on_pick
        self.group = -1
        self.gsel = 0
        Menu.__init__(self, title, [])
        self.show_groups()

    def show_groups(self) -> None:
        self.group = -1
        self.items = [(" ".join([t(s) for s in GROUP_LABELS[g]]), self.opener(g)) for g in range(3)]
        self.sel = self.gsel
        self.top = 0
        self.dirty = True

    def opener(self, g: int):
        def act() -> None:
            self.group = g
            self.gsel = g
            self.items = [(label(h), self.picker(h)) for h in GROUPS[g]]
            self.sel = 0
            self.top = 0
            self.dirty = True

        return act

    def picker(self, h: int):
        return lambda: self.on_pick(h)

    def on_event(self, ev: str) -> None:
        if ev == "back" and self.group >= 0:
            self.show_groups()
            return
        Menu.on_event(self, ev)

    def row_h(self, p) -> int:
        """The groups' rows take two lines (every kind named whole)."""
        if self.group < 0:
            return 2 * p.line_h("body") + (0 if p.mono else 4)
        return Menu.row_h(self, p)

    def draw_row(self, p, i: int) -> None:
        if self.group < 0:
            box = self.row_box(p, i)
            if box is not None:
                y, rh, bg = box
                ink = p.ink_on(bg) if i == self.sel else theme.FG
                lh = p.line_h("body")
                lines = GROUP_LABELS[i]
                y += (rh - lh * len(lines)) // 2
                for ln in lines:
                    p.text(t(ln), 4, y, ink)
                    y += lh
            return
        Menu.draw_row(self, p, i)
        if not self.top <= i < self.top + self.rows(p) or i >= len(self.items):
            return
        h = GROUPS[self.group][i]
        if not self.bright(h):  # greyed (and in brackets, for the mono panel)
            rh = self.row_h(p)
            y = title_h(p) + (i - self.top) * rh
            bg = theme.SELECT if i == self.sel else theme.BG
            p.fill_rect(0, y, p.w, rh, bg)
            p.text(p.fit("(%s)" % label(h), p.w - 6), 4, y + 2, theme.DIM if not p.mono else p.ink_on(bg))


def enter_card(app, q: int, title: str, skip: int, done) -> None:
    """The half a card shows on top in q's row (the card at `skip` left out:
    the Editor's swap), under rule 4: `done(top, under)` with under -1 unless
    both sides repeat."""
    row = app.match.state["rows"][q]

    def fits(h: int) -> bool:
        return not fit_error(row, h, -1, skip)

    def picked(h: int) -> None:
        if fits(h):
            done(h, -1)
        elif is_studio(h):  # a second Studio never goes up: the other side does
            other(h)
        else:
            app.push(
                Menu(
                    t("%s already there") % label(h),
                    [(t("Turn it over"), lambda: other(h)), (t("Both sides repeat"), lambda: under(h))],
                )
            )

    def other(h: int) -> None:
        def got(x: int) -> None:
            if fits(x):
                done(x, -1)
            elif not fit_error(row, x, h, skip):
                done(x, h)  # both sides repeat: this side up
            else:
                app.toast(refusal(fit_error(row, x, -1, skip)))

        app.push(Halves(t("Other side, on top"), lambda x: x != h and (fits(x) or not fit_error(row, x, h, skip)), got))

    def under(h: int) -> None:
        def got(u: int) -> None:
            err = fit_error(row, h, u, skip)
            if err:
                app.toast(refusal(err) if u != h else t("the other side"))
            else:
                done(h, u)

        app.push(Halves(t("Other side, under"), lambda u: not fit_error(row, h, u, skip), got))

    app.push(Halves(title, fits, picked))


def card(action: dict, h: int, u: int) -> dict:
    action["half"] = HALVES[h]
    if u >= 0:
        action["under"] = HALVES[u]
    return action


def placing(app, q: int, act) -> None:
    st = app.match.state
    enter_card(app, q, t("%s places") % name(st, q), -1, lambda h, u: act(app, card({"t": "place", "p": q}, h, u)))


def effect(app, kind: str, q: int, act) -> None:
    """The effect q owes: a Shooting Problems hit or an Editor's swap."""
    st = app.match.state
    if kind == "hit":
        app.push(Target(st, q, lambda i: act(app, {"t": "hit", "p": q, "pos": i})))
        return
    row = st["rows"][q]
    items = [(t("No swap"), lambda: act(app, {"t": "swap", "p": q, "out": None}))]
    for i in range(len(row)):
        lab = label(row[i][0])
        items.append(((t("Out: %s (protected)") if protected(row, i) else t("Out: %s")) % lab, swapper(app, q, i, act)))
    app.push(Menu(t("%s's Editor: swap?") % name(st, q), items))


def swapper(app, q: int, i: int, act):
    def ask() -> None:
        st = app.match.state
        lab = label(st["rows"][q][i][0])
        done = lambda h, u: act(app, card({"t": "swap", "p": q, "out": i}, h, u))
        enter_card(app, q, t("In for %s") % lab, i, done)

    return ask


class Target(Screen):
    """The opponent's row with a cursor that visits only the cards Shooting
    Problems may take; the card under it is named in full below."""

    def __init__(self, state: dict, q: int, on_hit) -> None:
        Screen.__init__(self)
        self.state = state
        self.q = q
        self.row = state["rows"][1 - q]
        self.ok = targets(self.row)
        self.cur = 0
        self.on_hit = on_hit

    def on_event(self, ev: str) -> None:
        if ev in ("next", "prev"):
            n = len(self.ok)
            self.cur = (self.cur + (1 if ev == "next" else -1)) % n
            self.dirty = True
        elif ev == "ok":
            self.on_hit(self.ok[self.cur])
        elif ev in ("back", "back_long"):
            self.close()

    def draw(self, p, full: bool) -> None:
        p.clear()
        st = self.state
        y = title_bar(p, t("%s's Shooting Problems") % name(st, self.q)) + 2
        p.text(p.fit(t("hits a card of %s:") % name(st, 1 - self.q), p.w - 4), 2, y, theme.DIM)
        y += p.line_h("body") + 4
        size = "body"
        lh = p.line_h(size)
        x = 4
        at = self.ok[self.cur]
        for i in range(len(self.row)):
            s = t(SHORT[self.row[i][0]])
            w = p.text_w(s, size)
            if x + w > p.w - 2:
                x = 4
                y += lh + 6
            if i == at:
                p.fill_rect(x - 2, y - 1, w + 4, lh + 2, theme.SELECT)
            p.text(s, x, y, theme.DIM if i not in self.ok else p.ink_on(theme.SELECT) if i == at else theme.FG, size)
            if protected(self.row, i):
                p.hline(x, y + lh, w, theme.ACCENT)
            x += w + GAP + 2
        big = "big" if p.font("big") is not None and p.h >= 100 else "body"
        hy = p.h - p.line_h(big) - 2
        p.center(p.fit(label(self.row[at][0]), p.w - 4, big), hy, theme.ACCENT, big)
