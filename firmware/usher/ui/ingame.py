"""The in-game menu: back to the game (where the cursor starts, as in
Showtime's own menu), a game's own entries, undo, scores, save and leave,
abandon. A finished game's menu: back to the game, undo (a last move
entered wrong is seen on the final sheet), scores, the game's own score
sheet, Home (nothing is left to save or abandon)."""

from usher.ui.dialogs import Confirm, Table
from usher.ui.widgets import Menu
from usher.words import t


class GameMenu(Menu):
    def __init__(self, extra=None, scores=None, sheet=None, ask=None) -> None:
        self.extra = extra or []  # a game's own entries, (label, callback)
        # (label, callback) in place of "Scores": dice shows its results, Show
        # Manager its city points (the standings would order a tie by secret money)
        self.scores = scores
        self.sheet = sheet  # a finished game's own sheet: callback
        self.ask = ask  # match -> the undo question, who and what ("Undo Anna's hire for 1,000?")
        Menu.__init__(self, t("Game menu"), [])

    def on_open(self) -> None:
        app = self.app
        items = [(t("Back to game"), self.close)]
        scores = self.scores or (t("Scores"), lambda: show_scores(app))
        over = app.match.is_over()
        if not over:
            items += self.extra
        if app.match.can_undo():
            items.append((t("Undo last"), self.undo))
        items.append(scores)
        if over:
            if self.sheet is not None:
                items.append((t("Score sheet"), self.sheet))
            items.append((t("Home"), app.home))
        else:
            items.append((t("Save & leave"), app.home))
            items.append((t("Abandon"), self.abandon))
        self.items = items
        self.dirty = True

    def undo(self) -> None:
        app = self.app

        def yes() -> None:
            if app.undo():
                app.pop()  # back to the game, which redraws from the state
                top = app.top()
                if top is not None and hasattr(top, "reload"):
                    top.reload()

        ask = self.ask
        app.push(Confirm(ask(app.match) if ask is not None else t("Undo last move?"), yes))

    def abandon(self) -> None:
        app = self.app

        def yes() -> None:
            abandon(app)
            app.close_match()
            app.home()

        app.push(Confirm(t("Abandon game?"), yes, detail=t("Kept in Saved games, not resumed.")))


def unit(match) -> list:
    """The actions one undo takes back, oldest first."""
    r = match.recent
    return r[len(r) - max(1, min(match.game.undo_depth(r), len(r))) :]


def show_scores(app) -> None:
    st = app.match.standings()
    rows = [(s["player"], "%d. %s" % (s["rank"], s["name"]), s["score"]) for s in st]
    if not rows:
        rows = [(None, t("no players"), "")]
    app.push(Table(t("Scores"), rows))


def abandon(app) -> None:
    """The game in play stays in Saved games but is no longer resumed."""
    try:
        app.library.abandon(app.match.name)
    except OSError:
        app.toast(t("Flash error"))
