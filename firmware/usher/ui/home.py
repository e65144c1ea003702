"""Home: resume, new game, saved games, dice, settings, sync."""

from usher.games.catalog import home_rows, tie_word
from usher.games.catalog import title as title_of
from usher.ui.dialogs import Confirm, Message, Table
from usher.ui.widgets import Menu
from usher.words import N_, t


class Home(Menu):
    rests = True  # the app drops other screens' modules when Home is on top again

    def __init__(self) -> None:
        Menu.__init__(self, "Usher", [], on_back=lambda: None)

    def on_open(self) -> None:
        app = self.app
        items = []
        last = app.library.last()
        if last:
            e = app.library.find(last)
            label = t("Resume %s") % title_of(e["game"]) if e else t("Resume")
            game = e["game"] if e else ""
            items.append((label, lambda: resume(app, last, game)))
        items.append((t("New game"), lambda: new_game(app)))
        for row, own in home_rows():  # not `game`: the Resume row's lambda reads that name
            items.append((t(row), quick_row(app, own)))
        items.append((t("Saved games"), lambda: app.push(SavedGames())))
        items.append((t("Settings"), lambda: settings(app)))
        items.append((t("Sync"), lambda: app.push(SyncInfo())))
        self.items = items
        self.sel = 0
        self.dirty = True


def resume(app, name: str, game: str = "") -> None:
    app.resume(name, game)


def new_game(app) -> None:
    from usher.ui.newgame import choose_game

    choose_game(app)


def settings(app) -> None:
    from usher.ui.settings_ui import SettingsMenu

    app.push(SettingsMenu())


def quick_row(app, game: str):
    return lambda: quick(app, game)


def quick(app, game: str) -> None:
    """A game with a Home row of its own (dice): its latest session still in
    play, as it was left; a new one, with no players, only when there is
    none (or when its game menu is asked)."""
    name = app.library.latest(game)
    if name:
        resume(app, name, game)
        return
    from usher.games.catalog import load_game

    g = load_game(game)
    if app.start_match(g, g.make_setup([], {}, {})):
        app.play()


def called(e: dict) -> str:
    """A saved game's name on the device: its title and number, "Dice #7"
    (the laptop's g0007), the same in the list and on its own menu."""
    return "%s #%s" % (title_of(e["game"]), e["name"].lstrip("g0") or "0")


LEGEND = N_("> play *over x quit")  # the marks, said once on top of the list


class SavedGames(Menu):
    """Newest first, one row a game: its mark (> unfinished, * over, x
    abandoned), title, number (g0007: #7, as the laptop names it), day
    (month-day, when the clock was set) and players."""

    def __init__(self) -> None:
        Menu.__init__(self, t("Saved games"), [])
        self.opened = False

    def on_open(self) -> None:
        from usher.ui.describe import date_text

        app = self.app
        items = [(t(LEGEND), lambda: None)]
        for e in app.library.games():
            mark = "*" if e.get("finished") else ("x" if e.get("abandoned") else ">")
            label = mark + " " + called(e)
            day = date_text(e, app.tz)
            if day[:1].isdigit():
                label += " " + day[5:]
            if e["players"]:
                label += " " + ",".join(n[:3] for n in e["players"])
            items.append((label, self.pick(e)))
        if len(items) == 1:
            items = [(t("(no games yet)"), lambda: None)]
        elif not self.opened:
            self.sel = 1  # the cursor starts on the newest game, under the marks
        self.opened = True
        self.items = items
        self.dirty = True

    def pick(self, e: dict):
        app = self.app

        def act() -> None:
            app.push(GameActions(e))

        return act


class GameActions(Menu):
    def __init__(self, e: dict) -> None:
        self.e = e
        Menu.__init__(self, called(e), [])

    def on_open(self) -> None:
        app = self.app
        e = self.e
        items = []
        if not e.get("finished") and not e.get("abandoned") and e["game"] != "?":
            items.append((t("Resume"), lambda: resume(app, e["name"], e["game"])))
        if e.get("standings"):
            items.append((t("Final scores"), self.scores))
        items.append((t("Delete"), self.delete))
        self.items = items
        self.dirty = True

    def scores(self) -> None:
        """A place the game's tie-break decided (equal scores, a better
        rank) says so, the game being over: "43, more money"."""
        st = self.e["standings"]
        won = t(tie_word(self.e["game"]))
        rows = []
        for s in st:
            v = str(s["score"])
            if [o for o in st if o["score"] == s["score"] and o["rank"] > s["rank"]]:
                v += ", " + won
            rows.append((s["player"], "%d. %s" % (s["rank"], s["name"]), v))
        self.app.push(Table(t("Final scores"), rows))

    def delete(self) -> None:
        from usher.ui.describe import game_text

        app = self.app
        name = self.e["name"]

        def yes() -> None:
            try:
                app.library.delete(name)
            except OSError:
                app.toast(t("Flash error"))
            app.home()

        # which game, exactly: title, day, players, finished or not
        detail = game_text(self.e, app.tz) + t(". Gone for good.")
        app.push(Confirm(t("Delete %s?") % called(self.e), yes, detail=detail))


class SyncInfo(Message):
    def __init__(self) -> None:
        Message.__init__(self, t("Sync"), [])

    def on_open(self) -> None:
        n = self.app.library.count()
        self.lines = [
            t("%d games on device") % n,
            t("Plug USB into laptop,"),
            t("run: usher sync"),
            "id " + self.app.device_id()[:12],
        ]
