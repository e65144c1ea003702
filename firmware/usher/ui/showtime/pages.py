"""Showtime between the turns: the scoring replay, a screening's summary (or
the final result), a new poster with its start player, and entering a
poster. The screen the state calls for when no turn is being played.

Replay: each person is highlighted in the auditorium with the points it
brings and why, in the rulebook's order (every seat first, then every
effect, row 1 first, left to right). OK or next steps forward, prev back,
Back or long OK skips to the summary; the first step's header says, until
the first press, whether the screening's last person got the genre's +2
when the players were not asked (turn.told). Summary: OK draws the next poster (at
the end: home); prev, next or long OK show the red carpet; Back opens the
menu. Splash: OK starts the turns. Entering a poster: prev/next, OK."""

from usher.games.showtime import game as st
from usher.ui import theme
from usher.ui.screen import title_bar
from usher.ui.showtime import views as views
from usher.ui.showtime.scene import GameScreen
from usher.words import N_, t

# for the type checkers only: the device never tries the import (one that
# fails costs ~2.5 ms on the Pico, at every import of this module)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

REPLAY = 0
SUMMARY = 1
SPLASH = 2
POSTER = 3  # the players enter the poster (or a draw that failed is retried)
ROW = 4
NO_EFFECT = N_("no effect")  # a scoring step's reason from the rules (usher.games.showtime.cast), said here


class Between(GameScreen):
    title = "Showtime"

    def __init__(self) -> None:
        GameScreen.__init__(self)
        self.k = 0  # REPLAY: the step shown; POSTER: the genre under the cursor
        self.old = -1
        self.lay: Any = None
        self.mode = POSTER
        self.note: tuple = ()  # the last placement's genre answer, not asked (turn.told)

    def on_open(self) -> None:
        s = self.state()
        if s["phase"] == st.PLACE:
            self.mode = SPLASH
        elif s["steps"]:  # a scored screening: shown again after a power cut too
            self.mode = REPLAY

    def posters_left(self) -> list:
        shown = self.state()["posters"]
        return [g for g in st.GENRES if g not in shown]

    def entering(self) -> bool:
        s = self.state()
        return s["phase"] == st.POSTER and self.app.match.setup["options"].get("posters") == "enter"

    def event(self, ev: str) -> None:
        m = self.mode
        s = self.state()
        self.note = ()
        if m == REPLAY:
            if ev in ("ok", "next"):
                self.k += 1
                if self.k >= len(s["steps"]):
                    self.mode = SUMMARY
                    self.dirty = True
                    return
            elif ev == "prev" and self.k > 0:
                self.k -= 1
            elif ev in ("back", "back_long", "ok_long"):
                self.mode = SUMMARY
                self.dirty = True
                return
            self.part = True
        elif ev in ("back", "back_long"):
            self.menu()
        elif m == POSTER and ev in ("next", "prev") and self.entering():
            self.k = (self.k + (1 if ev == "next" else -1)) % len(self.posters_left())
            self.dirty = True
        elif ev in ("next", "prev", "ok_long"):
            self.carpet()
        elif ev != "ok":
            return
        elif m == SPLASH:
            self.swap(turns=True)
        elif s["phase"] == st.OVER:
            self.swap(leave="home")
        elif self.entering() and m == SUMMARY:  # the players say which poster they drew
            self.mode = POSTER
            self.k = 0
            self.dirty = True
        elif self.entering():
            self.swap(genre=self.posters_left()[self.k])
        else:  # the device draws the poster (and start player), or retries
            self.swap()

    def draw(self, p, full: bool) -> None:
        m = self.mode
        s = self.state()
        if m == REPLAY:
            self.draw_replay(p, s, full)
            return
        p.clear()
        if m == SUMMARY:
            summary(p, s)
        elif m == SPLASH:
            splash(p, s)
        else:
            posters(p, s, self.posters_left(), self.k, self.entering())

    def draw_replay(self, p, s: dict, full: bool) -> None:
        if self.lay is None:
            self.lay = views.Layout(p, len(s["players"]))
        L = self.lay
        steps = s["steps"]
        step = steps[self.k]
        hi = (step[1] - 1) * ROW + step[2] - 1
        if full:
            p.clear()
            views.draw_hall(p, L, s, hi)
        else:
            if self.old >= 0 and self.old != hi:
                views.draw_seat(p, L, s, self.old)
            views.draw_seat(p, L, s, hi, True)
        self.old = hi
        half = len(steps) // 2  # a seat step and an effect step for each person
        left = (t("Seats %d/%d") if step[0] == "seat" else t("Effects %d/%d")) % (self.k % half + 1, half)
        if self.note:  # until the first press
            views.draw_head(p, L, self.note, ink=theme.ACCENT)  # the whole width: not this step's player
        else:
            views.draw_head(p, L, left, step[4], s["players"][step[4]]["name"])
        views.draw_foot(p, L, *replay_line(step))


def replay_line(step: list) -> tuple:
    """The footer of a scoring step: its points and why, and their colour."""
    pts = step[5]
    why = t("%d-star seat") % pts if step[0] == "seat" else (t(NO_EFFECT) if step[6] == NO_EFFECT else step[6])
    return "%+d  %s" % (pts, why), theme.GOOD if pts > 0 else (theme.ERROR if pts < 0 else theme.DIM)


def screening_points(state: dict) -> list:
    """What each player gained in the screening just scored: genre bonuses
    and scoring steps, as the totals moved (so the clamp at 0 is counted)."""
    after = state.get("after", [])
    if not after:
        return [0] * len(state["players"])
    before = after[-2] if len(after) >= 2 else [0] * len(after[-1])
    return [after[-1][q] - before[q] for q in range(len(before))]


def order(state: dict) -> list:
    """Players best first: points, then the figure further forward."""
    total = state["total"]
    arrive = state["arrive"]
    out = list(range(len(total)))
    out.sort(key=lambda q: (-total[q], arrive[q], q))
    return out


def _top(p, title: str) -> int:
    """A title bar on the LCD, a plain first line on the OLED: returns y below."""
    if p.h >= 100:
        return title_bar(p, title) + 2
    p.text(p.fit(title, p.w - 2), 1, 0, theme.ACCENT)
    return p.line_h() + 1


def tie_line(state: dict, short: bool) -> str:
    """Why a tie for first went the way it did, once the game is over ('' if
    none): "27-27: Anna is ahead on the red carpet" (short: "27-27, carpet: Anna")."""
    top = order(state)
    total = state["total"]
    if state["phase"] != st.OVER or len(top) < 2 or total[top[0]] != total[top[1]]:
        return ""
    name = state["players"][top[0]]["name"]
    if short:
        return t("%d-%d, carpet: %s") % (total[top[0]], total[top[1]], name)
    return t("%d-%d: %s is ahead on the red carpet") % (total[top[0]], total[top[1]], name)


def summary(p, state: dict) -> None:
    over = state["phase"] == st.OVER
    names = state["players"]
    lcd = p.h >= 100
    nxt = names[st.leader(state)]["name"]
    tie = tie_line(state, not lcd)
    if over and tie and not lcd:  # no hint line on the OLED: the title says why
        title = tie
    elif over:
        title = t("Final: %s wins") % names[order(state)[0]]["name"]
    elif lcd:
        title = t("Screening %d done") % state["screening"]
    else:  # no room for a hint line: who starts next goes in the title
        title = t("%d/3 done, %s next") % (state["screening"], nxt)
    y = _top(p, title)
    gained = screening_points(state)
    s = p.line_h() // 2 + 2
    gw = p.text_w("+00") + 8
    for q in order(state):
        views.who_mark(p, 3, y + (p.line_h() - s) // 2, s, q)
        total = str(state["total"][q])
        tw = p.text_w(total)
        p.text(p.fit(names[q]["name"], p.w - s - 10 - tw - gw), s + 7, y, views.name_ink(p, q))
        p.right("%+d" % gained[q], p.w - tw - 10, y, theme.DIM)
        p.right(total, p.w - 3, y, theme.ACCENT)
        y += p.line_h() + (3 if lcd else 0)
    if lcd:
        hint = (tie or t("OK: done")) if over else t("%s starts next. OK: poster") % nxt
        p.center(hint, p.h - p.line_h("small") - 2, theme.DIM, "small")


def splash(p, state: dict) -> None:
    y = _top(p, t("Screening %d of 3") % state["screening"])
    lcd = p.h >= 100
    big = "big" if "big" in p.fonts else "body"  # the game lends the big font's memory to its record
    room = p.h - y - p.line_h() - p.line_h("small") - 2
    if not lcd:  # the OLED: the genre under the first line, the hint at the bottom
        room = p.line_h(big) + 3
    p.center(views.genre_name(state["posters"][-1], True), y + (room - p.line_h(big)) // 2, theme.ACCENT, big)
    who = state["start"]
    name = t("%s starts") % state["players"][who]["name"]
    if lcd:
        w = p.text_w(name) + p.line_h() // 2 + 5
        views.player_tag(p, name, who, (p.w + w) // 2, y + room)
    else:  # the whole width for "Anna starts", not half of it
        s = p.line_h() // 2 + 2
        name = p.fit(name, p.w - s - 5)
        x = (p.w - p.text_w(name) - s - 3) // 2
        views.who_mark(p, x, y + room + (p.line_h() - s) // 2, s, who)
        p.text(name, x + s + 3, y + room, views.name_ink(p, who))
    p.center(t("OK: play"), p.h - p.line_h("small") - (2 if lcd else 0), theme.DIM, "small")


def posters(p, state: dict, left: list, k: int, entering: bool) -> None:
    """The players enter the poster they drew (else OK retries the device's draw)."""
    y = _top(p, t("Poster %d of 3") % (state["screening"] + (1 if state["phase"] == st.POSTER else 0)))
    if not entering:
        p.center(t("OK: draw"), y + 4, theme.FG)
        return
    lh = p.line_h() + (2 if p.h >= 100 else 0)
    for i in range(len(left)):
        bg = theme.SELECT if i == k else theme.BG
        p.fill_rect(0, y, p.w, lh, bg)
        p.text(views.genre_name(left[i]), 6, y + 1, p.ink_on(bg) if i == k else theme.FG)
        y += lh
