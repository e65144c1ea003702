"""Settings: the roster of names, brightness, a row per game with settings
of its own (its screens are `usher.ui.<game>.settings`), the board profile
and About (their screens are `usher.ui.about_ui`, loaded when opened)."""

from usher.games.catalog import GAMES
from usher.ui.dialogs import Confirm, save_setting
from usher.ui.textentry import TextEntry
from usher.ui.widgets import Menu, NumberPicker
from usher.words import LANGS, NAMES, lang, t, use
from usher.words import game as words_of

MAX_ROSTER = 16
IDLE = (2, 5, 10, 0)  # Settings "idle": minutes, 0 never


def idle_words(m: int) -> str:
    """The Settings row: "Dim after 5 min", or "Never dim"."""
    return t("Dim after %d min") % m if m else t("Never dim")


class SettingsMenu(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, t("Settings"), [])

    def on_open(self) -> None:
        app = self.app
        self.items = [
            (t("Players"), lambda: app.push(Roster())),
            (t("Brightness %d%%") % app.settings.get("brightness"), self.brightness),
            (idle_words(app.settings.get("idle")), self.idle),
            (t("Language: %s") % NAMES[lang()], self.language),
        ]
        for e in GAMES:  # each game's own settings screen, from its catalog entry
            if e.settings_row:
                self.items.append((t(e.settings_row), self.game_settings(e.name)))
        # the board the next power-on takes: after a change, not the one running
        self.items.append((t("Board: %s") % app.board_title(), self.device("board")))
        self.items.append((t("About"), self.device("about")))
        self.dirty = True

    def device(self, what: str):
        def act() -> None:
            # only when asked: a visit to Settings does not load these screens
            mod = __import__("usher.ui.about_ui", None, None, [what])
            self.app.push(getattr(mod, what)(self.app, self.on_open))

        return act

    def game_settings(self, name: str):
        def act() -> None:
            words_of(name)
            self.app.push(__import__("usher.ui." + name + ".settings", None, None, ["screen"]).screen())

        return act

    def idle(self) -> None:
        """OK steps to the next choice: minutes without a press before the
        screen dims (and twice that, it sleeps), or never."""
        m = self.app.settings.get("idle")
        save_setting(self.app, "idle", IDLE[(IDLE.index(m) + 1) % len(IDLE)] if m in IDLE else 5)
        self.on_open()

    def language(self) -> None:
        """OK steps to the next language; the screens say it from this one on
        (a game in play too: its next screen is drawn in it)."""
        app = self.app
        k = (LANGS.index(lang()) + 1) % len(LANGS)
        if save_setting(app, "lang", LANGS[k]):
            use(LANGS[k])
        self.title = t("Settings")
        for s in app.stack:  # Home under it, in the new words, its cursor where it was
            if s is not self and hasattr(s, "items"):
                sel = s.sel
                s.on_open()
                s.sel = min(sel, len(s.items) - 1)
        self.on_open()

    def brightness(self) -> None:
        app = self.app

        def done(v: int) -> None:
            save_setting(app, "brightness", v)
            app.apply_brightness()
            app.pop()
            self.on_open()

        app.push(NumberPicker(t("Brightness"), 10, 100, app.settings.get("brightness"), done, step=10, unit="%"))


class Roster(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, t("Players"), [])

    def on_open(self) -> None:
        names = self.app.settings.get("roster")
        self.items = [(n, self.edit(i)) for i, n in enumerate(names)]
        if len(names) < MAX_ROSTER:
            self.items.append((t("+ add name"), self.add))
        self.dirty = True

    def add(self) -> None:
        app = self.app

        def done(name: str) -> None:
            names = list(app.settings.get("roster"))
            if name in names:
                app.toast(taken(name))  # refused with the reason; still typing
                return
            names.append(name)
            save_setting(app, "roster", names)
            app.pop()
            self.on_open()

        app.push(TextEntry(t("New name"), "", done))

    def edit(self, i: int):
        def act() -> None:
            app = self.app
            names = list(app.settings.get("roster"))

            def rename() -> None:
                def done(name: str) -> None:
                    if name != names[i] and name in names:
                        app.toast(taken(name))
                        return
                    names[i] = name
                    save_setting(app, "roster", names)
                    app.pop()
                    app.pop()
                    self.on_open()

                app.push(TextEntry(t("Rename"), names[i], done))

            def remove() -> None:
                def yes() -> None:
                    del names[i]
                    save_setting(app, "roster", names)
                    app.pop()
                    self.on_open()

                app.push(Confirm(t("Remove %s?") % names[i], yes))

            app.push(Menu(names[i], [(t("Rename"), rename), (t("Remove"), remove)]))

        return act


def taken(name: str) -> str:
    return t("%s is on the list") % name[:12]
