"""Dice and random draws: pick what to roll or draw, see it big. Every
outcome is an action in the record, like any game's move. Each page shows
its own latest outcome (the rules keep one per kind: usher.games.dice.game)."""

from usher.games.dice.game import last_of, page_of
from usher.ui import theme
from usher.ui.screen import Screen, title_bar, title_h
from usher.words import N_, t

# label, the action OK submits (None: refill both bags), the kind of outcome shown
MODES: list = [
    (N_("1 die"), {"t": "roll", "n": 1}, "roll1"),
    (N_("2 dice"), {"t": "roll", "n": 2}, "roll2"),
    (N_("Taste bag"), {"t": "draw", "bag": "taste"}, "draw:taste"),
    (N_("Artist bag"), {"t": "draw", "bag": "artists"}, "draw:artists"),
    (N_("Refill bags"), None, "refill"),
]
COLOUR_INK = {"yellow": 11, "red": 8, "blue": 9, "green": 10, "black": 2, "white": 1}
WAIT = {"roll": N_("OK to roll"), "draw": N_("OK to draw")}  # a page before its first outcome
# the default bags' names and pieces (usher.games.dice.game), said where they are shown
SAID = (N_("taste"), N_("artists"), N_("yellow"), N_("red"), N_("blue"), N_("green"), N_("black"), N_("white"))


class DiceScreen(Screen):
    title = "Dice & draws"

    def __init__(self, mode: int = 0, match=None) -> None:
        Screen.__init__(self)
        self.mode = mode
        self.m = match  # the session shown: one with nothing rolled is not kept

    def on_close(self) -> None:
        """Left (to Home, abandoned, or for a new session): a session with
        nothing recorded is deleted, not listed in Saved games."""
        m = self.m
        self.m = None
        if m is not None and m.count == 0:
            try:
                self.app.library.delete(m.name)
            except OSError:
                pass  # a full or failing flash: it stays, as before

    def on_event(self, ev: str) -> None:
        app = self.app
        if ev in ("next", "prev"):
            self.mode = (self.mode + (1 if ev == "next" else -1)) % len(MODES)
            self.part = True
        elif ev == "ok":
            action = MODES[self.mode][1]
            if action is None:  # every piece of both bags back in: asked first
                from usher.ui.dialogs import Confirm

                app.push(Confirm(t("Refill both bags?"), lambda: refill(app), detail=t("Every piece goes back in.")))
            elif app.submit(dict(action)):
                self.part = True
        elif ev in ("back", "back_long"):
            menu(app)

    def focus(self, p):
        return 0, title_h(p)  # "< 1 die >": prev/next turn the title

    def draw(self, p, full: bool) -> None:
        state = self.app.match.state
        if full:
            p.clear()
        label, action, page = MODES[self.mode]
        last = last_of(state, page)
        # the number of the outcome this page shows, among the rolls and draws
        # (a game saved before outcomes carried it: none)
        no = last.get("no") if last is not None else None
        y = title_bar(p, "< %s >" % t(label), "#%d" % no if no else "")
        p.fill_rect(0, y, p.w, p.h - y, theme.BG)
        room = p.h - y - p.line_h("small") - 2  # between the title and the footer line
        big = "huge" if p.font("huge") is not None and p.line_h("huge") <= room else "big"
        mid = y + max(0, (room - p.line_h(big)) // 2)
        if last is None:
            p.center(t("OK to refill") if action is None else t(WAIT[action["t"]]), mid, theme.DIM)
        elif last["t"] == "roll":
            faces = last["faces"]
            s = " ".join(str(f) for f in faces)
            p.center(s, mid, theme.ACCENT, big)
            if len(faces) > 1:
                p.center(t("total %d") % last["total"], p.h - p.line_h("small") - 2, theme.FG, "small")
        elif last["t"] == "draw":
            item = last["item"]
            ink = COLOUR_INK.get(item, theme.FG) if not p.mono else theme.FG
            p.center(t(item).upper(), y + max(0, (room - p.line_h("big")) // 2), ink, "big")
            p.center(t("%d left in bag") % last["left"], p.h - p.line_h("small") - 2, theme.FG, "small")
        else:
            p.center(t("Bags refilled"), mid, theme.GOOD)


def menu(app) -> None:
    """The game menu, with "New session" after "Save & leave" once something
    is recorded: bags full again, this session kept in Saved games (Dice &
    draws resumes the newest)."""
    from usher.ui.ingame import GameMenu

    gm = GameMenu(scores=(t("Results"), lambda: results(app)), ask=ask)
    app.push(gm)  # its rows are made as it opens
    items = gm.items
    for i in range(len(items)):
        if items[i][0] == t("Save & leave") and app.match.count:
            items.insert(i + 1, (t("New session"), lambda: new_session(app)))
            break


def new_session(app) -> None:
    """Asked first: the session left stays in Saved games."""
    from usher.ui.dialogs import Confirm

    def yes() -> None:
        g = app.match.game
        if app.start_match(g, g.make_setup([], {}, {})):
            app.play()

    app.push(Confirm(t("New dice session?"), yes, detail=t("Bags full again; this one stays in Saved games.")))


def refill(app) -> None:
    app.submit({"t": "refill", "bag": "taste"}) and app.submit({"t": "refill", "bag": "artists"})


def describe(r: dict) -> tuple:
    """(label, value) of one outcome for the results table."""
    if r["t"] == "roll":
        faces = r["faces"]
        if len(faces) == 1:
            return t("1 die"), faces[0]
        return t("%d dice: %s") % (len(faces), " ".join(str(f) for f in faces)), r["total"]
    if r["t"] == "draw":
        return "%s: %s" % (t(label_of(page_of(r))), t(r["item"])), t("%d left") % r["left"]
    return t("%s refilled") % t(r["bag"]), ""


def ask(match) -> str:
    """The undo question: what was rolled or drawn ("Undo the roll: 3 5?")."""
    r = match.last_action()
    if r.get("t") == "roll":
        return t("Undo the roll: %s?") % " ".join(str(f) for f in r["faces"])
    if r.get("t") == "draw":
        return t("Undo the draw from the %s bag: %s?") % (t(r["bag"]), t(r["item"]))
    return t("Undo the refill of the %s bag?") % t(str(r.get("bag")))


def label_of(page: str) -> str:
    for m in MODES:
        if m[2] == page:
            return m[0]
    return page


def results(app) -> None:
    """The latest outcomes, newest first: a dice game has no players to score."""
    from usher.ui.dialogs import Table

    rows = []
    for r in reversed(app.match.state["history"]):
        label, value = describe(r)
        rows.append((None, label, value))
    if not rows:
        rows.append((None, t("nothing rolled yet"), ""))
    app.push(Table(t("Results"), rows))


def open(app) -> None:
    last = app.match.state["last"]
    mode = 0
    if last is not None:  # resumed: the page of the latest outcome
        page = page_of(last)
        for i, m in enumerate(MODES):
            if m[2] == page:
                mode = i
    app.push(DiceScreen(mode, app.match))
