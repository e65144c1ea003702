"""The red carpet: spaces 0-19 in two lines of ten, each figure on its space
(on a shared space the one that arrived first stands in front, to the
right), and each player's total with the tickets it took. OK or Back closes;
left and right do nothing (no other page), and the title says where the
first to arrive stands ("1st at right"), not an arrow that looks like one."""

from usher.games.catalog import load_game
from usher.ui import theme
from usher.ui.screen import Screen, title_bar
from usher.ui.showtime import views as views
from usher.words import N_, t

PER_LINE = 10
ORDINAL = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))


class Carpet(Screen):
    title = N_("Red carpet")

    def on_event(self, ev: str) -> None:
        if ev in ("ok", "back", "back_long", "ok_long"):
            self.close()

    def draw(self, p, full: bool) -> None:
        state = self.app.match.state
        view = load_game("showtime").public_view(state)
        p.clear()
        lcd = p.h >= 100
        y = title_bar(p, t(self.title), t("1st at right")) + (2 if lcd else 1)
        cw = (p.w - 2) // PER_LINE
        ch = 28 if lcd else 13  # the OLED: two figures high, under its title
        s = 7 if lcd else 5  # figure size
        for space in range(2 * PER_LINE):
            x = 1 + (space % PER_LINE) * cw
            cy = y + (space // PER_LINE) * ch
            if lcd:
                p.rect(x, cy, cw - 1, ch - 1, theme.DIM)
                p.text(str(space), x + 2, cy, theme.DIM, "small")
            else:  # no room for boxes or numbers: a floor line, bold at every fifth space (0, 5, 10, 15)
                p.fill_rect(x, cy + ch - (3 if space % 5 == 0 else 2), cw - 1, 2 if space % 5 == 0 else 1, theme.FG)
            figures = [q for q in range(len(view["carpet"])) if view["carpet"][q]["space"] == space]
            figures.sort(key=lambda q: view["carpet"][q]["pos"])
            # two by two, the first to arrive at the front (top right)
            for k in range(len(figures)):
                fx = x + cw - 1 - (k % 2 + 1) * (s + 1)
                fy = cy + ch - 2 - (2 - k // 2) * (s + 1)
                views.who_mark(p, fx, fy, s, figures[k])
        y += 2 * ch + (2 if lcd else 0)
        names = state["players"]
        lh = p.line_h("small") + (2 if lcd else -1)
        for q in range(len(names)):
            c = view["carpet"][q]
            held = "+".join([str(v) for v in c["tickets"]])
            if lcd:
                line = t("%s %d: space %d") % (names[q]["name"], view["totals"][q], c["space"])
                if c["pos"]:
                    line += " (%s)" % t(ORDINAL[min(c["pos"], 3)])
                if held:
                    line += t(", ticket %s") % held
                views.who_mark(p, 3, y + 3, 8, q)
                p.text(p.fit(line, p.w - 16, "small"), 15, y, theme.FG, "small")
                y += lh
            else:
                col = (q % 2) * (p.w // 2)
                row_y = y + (q // 2) * lh
                views.who_mark(p, col + 1, row_y + 3, 5, q)
                line = "%d%s" % (view["totals"][q], " t" + held if held else "")
                line = p.fit(names[q]["name"][:4] + " " + line, p.w // 2 - 9, "small")
                p.text(line, col + 8, row_y, theme.FG, "small")
