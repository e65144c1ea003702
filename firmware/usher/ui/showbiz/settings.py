"""Showbiz's device settings: whether ZE (the game's money) are public, who draws."""

from usher.core.data import clone
from usher.ui.dialogs import save_setting
from usher.ui.widgets import Menu
from usher.words import t


class ShowbizDefaults(Menu):
    def __init__(self) -> None:
        Menu.__init__(self, "Showbiz", [])

    def on_open(self) -> None:
        sb = self.app.settings.get("showbiz")
        self.items = [
            (t("ZE: public") if sb["public_money"] else t("ZE: private"), self.flip("public_money")),
            (t("Draws: device") if sb["draws"] == "device" else t("Draws: entered"), self.flip("draws")),
        ]
        self.dirty = True

    def flip(self, key: str):
        def act() -> None:
            sb = clone(self.app.settings.get("showbiz"))
            if key == "draws":
                sb["draws"] = "entered" if sb["draws"] == "device" else "device"
            else:
                sb[key] = not sb[key]
            save_setting(self.app, "showbiz", sb)
            self.on_open()

        return act


def screen() -> Menu:
    return ShowbizDefaults()
