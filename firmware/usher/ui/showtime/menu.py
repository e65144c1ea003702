"""Showtime's game menu: undo, red carpet, scores, save and leave, abandon;
once the game is over: back to the final standings, undo, red carpet,
scores, Home.

A light screen of its own rather than usher.ui.ingame.GameMenu: the widgets
that one loads take more heap than a long game leaves free. Undo takes back
the last move a person made, with the poster and start player the device
drew after it (undoing only those would just draw them again), in place:
the turn screen under the menu shows where the game stands."""

from usher.games.showtime import cast
from usher.ui import theme
from usher.ui.screen import Screen, title_bar, title_h
from usher.words import N_, t

LIST = 0
ASK = 1  # "undo this?"
SCORES = 2
QUIT = 3  # "abandon?"
# the raw genres an undo of an entered poster names ("comedy?"), said
GENRES = (N_("fantasy"), N_("scifi"), N_("romance"), N_("comedy"))


class ShowtimeMenu(Screen):
    title = N_("Game menu")

    def __init__(self, play) -> None:
        Screen.__init__(self)
        self.play = play
        self.sel = 0
        self.old = 0  # the row the cursor left: a move redraws two rows
        self.view = LIST
        self.items: list = []

    def on_open(self) -> None:
        m = self.app.match
        if m.is_over():  # nothing to save or abandon; a last move entered wrong may still be undone
            self.items = [N_("Back to game"), N_("Red carpet"), N_("Scores"), N_("Home")]
        else:
            self.items = [N_("Back to game"), N_("Red carpet"), N_("Scores"), N_("Save & leave"), N_("Abandon")]
        if undo_span(m.recent, m.setup):
            self.items.insert(1, N_("Undo last"))

    def on_event(self, ev: str) -> None:
        app = self.app
        if self.view == LIST and ev in ("next", "prev"):
            # two rows, not the panel: a whole OLED is ~24 ms of I2C
            self.old = self.sel
            self.sel = (self.sel + (1 if ev == "next" else -1)) % len(self.items)
            self.part = True
            return
        self.dirty = True
        if self.view != LIST:
            if ev == "ok" and self.view == ASK:
                m = app.match
                self.leave(undo=undo_span(m.recent, m.setup))
            elif ev == "ok" and self.view == QUIT:
                self.leave(leave="abandon")
            elif ev in ("ok", "back", "back_long"):
                self.view = LIST
            return
        if ev in ("back", "back_long"):
            self.close()
        elif ev == "ok":
            item = self.items[self.sel]
            if item == "Undo last":
                self.view = ASK
            elif item == "Scores":
                self.view = SCORES
            elif item == "Red carpet":
                from usher.ui.showtime.carpet import Carpet

                app.push(Carpet())
            elif item == "Save & leave" or item == "Home":
                self.leave(leave="home")
            elif item == "Abandon":
                self.view = QUIT
            else:
                self.close()

    def leave(self, undo: int = 0, leave: str = "") -> None:
        """Leaving goes through Loading, which first lets go of the game's
        screens; so does an undo from between the turns. An undo from the
        turns is made here (it replays from the nearest snapshot, a few
        actions), and the turn screen under this menu shows the state it
        leaves, unless that calls for another scene (Loading loads it)."""
        app = self.app
        play = self.play  # the game screen under this menu
        if not (undo and hasattr(play, "to_pick")):
            app.pop(self)
            play.swap(undo=undo, leave=leave)
            return
        for _ in range(undo):
            if not app.undo():
                break
        app.pop(self)
        s = app.match.state
        if s["phase"] == "place" and s["turn"] > 0:
            play.to_pick()
            play.dirty = True
        else:
            play.swap()  # a screening's first turn: its splash, as after power-on

    def draw(self, p, full: bool) -> None:
        lh = p.line_h() + 2
        rows = (p.h - title_h(p)) // lh
        top = max(0, self.sel - rows + 1)
        if not full and self.view == LIST and top == max(0, self.old - rows + 1):
            y = title_h(p) + 2
            for i in (self.old, self.sel):
                self.row(p, i, y + (i - top) * lh, lh)
            return
        p.clear()
        # each view its own title: the scores are not "Game menu"
        title = t(("Undo last", "Scores", "Abandon")[self.view - 1] if self.view != LIST else self.title)
        y = title_bar(p, title) + 2
        if self.view in (ASK, QUIT):
            m = self.app.match
            if self.view == ASK:
                lines = ask(m.recent[len(m.recent) - undo_span(m.recent, m.setup)], m.setup)
            else:
                lines = (t("Abandon game?"), t("Kept in Saved games"))
            for line in lines + (t("OK = yes   Back = no"),):
                p.center(line, y, theme.FG)
                y += lh
            return
        if self.view == SCORES:
            for s in self.app.match.standings():
                p.text("%d. %s" % (s["rank"], s["name"]), 4, y, theme.FG)
                p.right(str(s["score"]), p.w - 4, y, theme.ACCENT)
                y += lh
            return
        for i in range(top, min(len(self.items), top + rows)):
            self.row(p, i, y, lh)
            y += lh

    def row(self, p, i: int, y: int, lh: int) -> None:
        bg = theme.SELECT if i == self.sel else theme.BG
        p.fill_rect(0, y, p.w, lh, bg)
        p.text(t(self.items[i]), 4, y + 1, p.ink_on(bg) if i == self.sel else theme.FG)


def ask(a: dict, setup: dict) -> tuple:
    """The undo question in two short lines, who and what: ("Undo Anna's
    Leo", "in row 1, seat 2?")."""
    k = a.get("t")
    if k == "poster":
        return (t("Undo the poster"), t(str(a.get("genre"))) + "?")
    who = setup["players"][a["p"]]["name"]
    if k == "place":
        return (t("Undo %s's %s") % (who, cast.name(a["card"])), t("in row %d, seat %d?") % (a["row"], a["seat"]))
    return (t("Undo %s's") % who, t("discard of %s?") % cast.name(a["card"]))


def auto_action(a: dict, setup: dict) -> bool:
    """A move the device made itself: a drawn poster or start player."""
    k = a.get("t")
    if k == "first":
        return True
    return k == "poster" and setup["options"].get("posters", "draw") == "draw"


def undo_span(actions: list, setup: dict) -> int:
    """How many actions one undo takes back: the last move a person made,
    with the device's own draws after it. 0 when there is no such move."""
    n = len(actions)
    k = n - 1
    while k >= 0 and auto_action(actions[k], setup):
        k -= 1
    return 0 if k < 0 else n - k
