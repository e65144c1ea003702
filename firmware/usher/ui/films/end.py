"""The end of a game: each player's tickets by kind (the rulebook's list),
the VIP Ticket, the winner; in a match the score in games and then "next
game: who has the VIP?". Also that question before the first game, if the
setup did not answer it. Loaded when a game ends."""

from usher.ui import theme
from usher.ui.films.views import draw_table, name, ticket_rows
from usher.ui.screen import RowScreen, title_bar
from usher.ui.widgets import Menu
from usher.words import t


class End(RowScreen):
    """prev/next scroll the kinds; OK goes on."""

    def __init__(self, state: dict, then) -> None:
        rows = ticket_rows(state)
        if state["bo"] > 1:
            for g in range(len(state["past"])):
                k = state["past"][g]
                rows.append([t("Game %d") % (g + 1), k[0], k[1]])
            rows.append([t("Games won"), state["wins"][0], state["wins"][1]])
        RowScreen.__init__(self, rows)
        self.state = state
        self.then = then
        k = state["past"][-1]
        w = 0 if k[0] > k[1] else 1 if k[1] > k[0] else state["vip"]
        self.title = (t("%s wins (VIP)") if k[0] == k[1] else t("%s wins")) % name(state, w)
        if state["bo"] > 1:
            self.title = t("Game %d: %s") % (len(state["past"]), self.title)

    def on_event(self, ev: str) -> None:
        if self.scroll(ev):
            return
        if ev == "ok":
            self.then()
        elif ev in ("back", "back_long"):
            self.close()

    def draw(self, p, full: bool) -> None:
        st = self.state
        p.clear()
        y = title_bar(p, self.title)
        p.text(t("VIP: %s") % name(st, st["vip"]), 2, y + 1, theme.ACCENT, "small")
        draw_table(p, y + 1, st, self.rows, self.first)


def game_over(app, act) -> None:
    """Just after a game's last placement: its tickets, then (in a match
    still running) who has the VIP for the next game."""

    def then() -> None:
        if app.match.state["ph"] == "game":
            app.pop()
            vip_menu(app, act)
        else:
            app.home()  # the match is over: OK leads Home

    app.push(End(app.match.state, then))


def start_or_final(app, act) -> None:
    """OK on the round page between games (or before the first), or once
    the match is over."""
    st = app.match.state
    if st["ph"] == "game":
        vip_menu(app, act)
    else:
        app.push(End(st, app.home))  # the match is over: OK leads Home


def vip_menu(app, act) -> None:
    st = app.match.state
    title = t("Who has the VIP?") if not st["past"] else t("Game %d: who has the VIP?") % (len(st["past"]) + 1)

    def one(q: int):
        return lambda: act(app, {"t": "game", "vip": q})

    app.push(Menu(title, [(name(st, q), one(q)) for q in (0, 1)], marks=[0, 1]))
