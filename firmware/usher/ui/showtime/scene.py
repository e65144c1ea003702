"""What every scene of a Showtime game shares: `GameScreen` (leaving it for
home frees the game's screens; `swap` hands over to play.Loading) and
`LentFonts`. Apart from usher.ui.showtime.play so the scenes and the loader
import it without importing each other."""

from usher.memory import unload
from usher.ui.screen import Screen

# for the type checkers only: the device never tries the import (one that
# fails costs ~2.5 ms on the Pico, at every import of this module)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# the game's own screens: everything under this package but the loader and
# this module (every scene imports it again at once: ~5 ms on the Pico)
SCREENS = ("usher.ui.showtime.",)
LOADER = ("usher.ui.showtime.play", "usher.ui.showtime.scene")


class LentFonts(dict):
    """The painter's fonts while a game has lent the big ones' memory to its
    record: asking for a size that is missing loads every font again, so the
    home screen and number pickers get theirs back after the game."""

    def __init__(self, painter, fonts: dict) -> None:
        super().__init__(fonts)
        self.painter = painter

    def get(self, size, default=None):
        if size in self:
            return self[size]
        from usher.ui.layout import fonts_for

        fb = self.painter.fb
        fonts = fonts_for(fb.width, fb.height)
        self.painter.fonts = fonts
        return fonts.get(size, default)


class GameScreen(Screen):
    """A scene of the game: leaving it for home frees the game's screens;
    `swap` hands over to Loading instead."""

    swapping = False
    lent = False  # the menu or the red carpet was opened over it: their code is dropped once closed
    loader: "Any" = None  # play.Loading, handed in by the loader itself (no circle)

    def state(self) -> dict:
        return self.app.match.state

    def on_close(self) -> None:
        if not self.swapping:
            unload(SCREENS, LOADER)

    def on_event(self, ev: str) -> None:
        self.event(ev)

    def event(self, ev: str) -> None:
        pass

    def swap(self, **kw) -> None:
        self.swapping = True
        self.app.replace(self.loader(**kw))

    def menu(self) -> None:
        from usher.ui.showtime.menu import ShowtimeMenu

        self.lent = True
        self.app.push(ShowtimeMenu(self))

    def carpet(self) -> None:
        from usher.ui.showtime.carpet import Carpet

        self.lent = True
        self.app.push(Carpet())
