"""What the shared Films screen shows: the round page (both rows as short
labels, the VIP and its lock, the round, the hands, the match score, the
last reveal and the next step), a page per row with the cards' full names,
and the tickets by kind. Everything here is drawn from the game's public
view, so no pending bid can reach the shared screen from this module."""

from usher.games.films.game import GAME
from usher.games.films.rows import HALVES, LABELS
from usher.games.films.score import KIND_LABELS, breakdown
from usher.ui import theme
from usher.ui.screen import title_bar
from usher.words import N_, said, t

# a label of two letters a half, for the rows on the round page
SHORT = (
    N_("T1"),
    N_("T2"),
    N_("Aw"),
    N_("Sc"),
    N_("Po"),
    N_("BR"),
    N_("SP"),
    N_("S2"),
    N_("S3"),
    N_("Di"),
    N_("Co"),
    N_("Pr"),
    N_("Ld"),
    N_("Ed"),
    N_("PO"),
    N_("SW"),
)
# the halves' names (usher.games.films.rows.LABELS) and the kinds of tickets
# (usher.games.films.score.KIND_LABELS), said where they are shown
SAID = (
    N_("Tickets 1"),
    N_("Tickets 2"),
    N_("Award"),
    N_("Script"),
    N_("Movie Poster"),
    N_("Bad Review"),
    N_("Shooting Problems"),
    N_("Studio 2"),
    N_("Studio 3"),
    N_("Director"),
    N_("Prod. Coordinator"),
    N_("Producer"),
    N_("Leading Actor"),
    N_("Editor"),
    N_("Press Officer"),
    N_("Scriptwriter"),
    N_("Tickets"),
    N_("Coordinator"),
    N_("Lead"),
    N_("VIP Ticket"),
)
GAP = 4  # pixels between two cards of a row


def name(state: dict, q: int) -> str:
    return str(state["players"][q].get("name", "P%d" % (q + 1)))


def label(h: int) -> str:
    """A half's name in the running language."""
    return t(LABELS[h])


def refusal(e) -> str:
    """A refusal of the row's checks (usher.games.films.rows) in the running
    language, the halves named in it too."""
    e.vals = tuple([t(v) if v in LABELS else v for v in e.vals])
    return said(e)


def ink(p, q: int) -> int:
    return theme.player(q) if not p.mono else theme.FG


def lock(p, x: int, y: int, s: int, c: int) -> None:
    """A padlock s pixels tall: the VIP Ticket is locked (a Press Officer)."""
    h = s // 2
    p.rect(x + 1, y, s - 2, h + 1, c)
    p.fill_rect(x, y + h, s, s - h, c)


def reveal_text(state: dict, last: list, short: bool = False) -> list:
    """The reveal in words: "Ana 4, Bo 7" and who chooses; a tie says who
    held the VIP and whether it passed or stayed (locked)."""
    w0, w1, ch, tie = last
    a = name(state, ch)
    b = name(state, 1 - ch)
    if not tie:
        lines = ["%s %d, %s %d" % (name(state, 0), w0, name(state, 1), w1), t("%s chooses") % a]
    elif tie == 1:
        lines = [t("Tie %d: %s has the VIP") % (w0, a), t("%s chooses, the VIP goes to %s") % (a, b)]
    else:
        lines = [t("Tie %d: %s has the VIP") % (w0, a), t("locked: %s chooses, keeps it") % a]
    if short:
        if not tie:
            return [lines[0] + ": " + lines[1]]
        if tie == 1:
            return [t("Tie %d: %s chooses, VIP to %s") % (w0, a, b)]
        return [t("Tie %d: %s chooses, VIP locked") % (w0, a)]
    return lines


def step_text(state: dict, pv: dict) -> tuple:
    """(what stands, the OK hint) for the step the game waits for."""
    ph = pv["phase"]
    if ph == "over" or (ph == "game" and pv["game"]):
        past = pv["past"][-1]
        w = 0 if past[0] > past[1] else 1 if past[1] > past[0] else pv["vip"]
        if pv["best_of"] > 1:
            won = pv["wins"]
            what = (t("%s wins the match %d-%d") if ph == "over" else t("%s leads %d-%d")) % (
                name(state, w),
                max(won),
                min(won),
            )
            if ph != "over" and won[0] == won[1]:
                what = t("Games %d-%d") % (won[0], won[1])
            return what, t("OK: tickets") if ph == "over" else t("OK: next game")
        return t("%s wins %d-%d") % (name(state, w), past[w], past[1 - w]), t("OK: tickets")
    if ph == "game":
        return t("Who has the VIP?"), t("OK: choose")
    fx = pv["effect"]
    if fx is not None:
        if fx[0] == "hit":
            return t("%s's Shooting Problems") % name(state, fx[1]), t("OK: hit a card")
        return t("%s's Editor") % name(state, fx[1]), t("OK: swap?")
    if ph == "place":
        return reveal_text(state, pv["last"], True)[0], t("OK: %s places") % name(state, pv["placer"])
    got = pv["have_bid"]
    if not got:
        return "", t("OK: bids")
    q = got[0]
    if "bids" in pv:  # open bids: typed on this screen anyway
        return t("%s bid %d") % (name(state, q), pv["bids"][q]), t("OK: %s's bid") % name(state, 1 - q)
    return t("%s has bid") % name(state, q), t("OK: pass to %s") % name(state, 1 - q)


def draw_cards(p, x: int, y: int, cards: list, room: int, size: str = "small") -> int:
    """A row left to right in short labels, wrapped when it is long: a card
    left of the Studio underlined, a used Scriptwriter dim, the Studio's room
    left after it. Returns the y below the last line."""
    lh = p.line_h(size)
    x0 = x
    for c in cards:
        h = HALVES.index(c[0])
        s = t(SHORT[h])
        more = "+%d" % room if room and h in (7, 8) else ""
        w = p.text_w(s + more, size)
        if x > x0 and x + w > p.w - 2:
            x = x0
            y += lh + 3
        p.text(s, x, y, theme.DIM if c[4] else theme.FG, size)
        if c[2]:
            p.hline(x, y + lh, p.text_w(s, size), theme.ACCENT)
        if more:
            p.text(more, x + p.text_w(s, size), y, theme.ACCENT, size)
        x += w + GAP
    if not cards:
        p.text(t("no cards"), x, y, theme.DIM, size)
    return y + lh + 3


def draw_player(p, y: int, state: dict, pv: dict, q: int) -> int:
    """Name, the VIP (a lock when locked), tickets now and cards in hand."""
    lh = p.line_h("body")
    s = lh - 4
    p.swatch(2, y + 2, s, q)
    x = 6 + s
    x += p.text(name(state, q)[:10], x, y, ink(p, q)) + 4
    if pv["vip"] == q:
        x += p.text(t("VIP"), x, y, theme.ACCENT) + 2
        if pv["locked"]:
            lock(p, x, y + 3, lh - 6, theme.ACCENT)
    tk = pv["tickets"][q]
    hand = pv["hand"][q]
    info = t("%d tk, hand %d") % (tk, hand) if not p.mono else t("%dt h%d") % (tk, hand)
    if pv["phase"] not in ("bid", "place"):
        info = t("%d tk") % tk
    p.right(info, p.w - 2, y + lh - p.line_h("small"), theme.DIM, "small")
    return y + lh + (0 if p.mono else 1)


def draw_now(p, state: dict) -> None:
    pv = GAME.public_view(state)
    p.clear()
    title = t("Round %d/%d") % (pv["round"], pv["rounds"]) if pv["round"] else "Films"
    right = ""
    if pv["best_of"] > 1:
        right = t("games %d-%d") % (pv["wins"][0], pv["wins"][1])
    y = title_bar(p, title, right) + (0 if p.mono else 1)
    cards = p.h >= 100  # the OLED shows the rows on their own pages
    for q in (0, 1):
        y = draw_player(p, y, state, pv, q)
        if cards:
            y = draw_cards(p, 6, y, pv["rows"][q], pv["room"][q], "body")
    what, hint = step_text(state, pv)
    hy = p.h - p.line_h("small") - 1
    if what and y + p.line_h("body") <= hy:
        p.text(p.fit(what, p.w - 4), 2, y, theme.FG)
    p.text(p.fit(hint, p.w - 4, "small"), 2, hy, theme.ACCENT, "small")


def row_text(cards: list, room: int) -> str:
    out = []
    for c in cards:
        s = label(HALVES.index(c[0]))
        if c[2]:
            s = "[" + s + "]"
        elif c[0] in ("studio2", "studio3") and room:
            s += " (+%d)" % room
        elif c[4]:
            s += t(" (used)")
        out.append(s)
    return ", ".join(out) if out else t("no cards")


def draw_row_page(p, state: dict, q: int, right: str) -> None:
    pv = GAME.public_view(state)
    p.clear()
    y = title_bar(p, t("%s: %d tickets") % (name(state, q), pv["tickets"][q]), right) + 2
    lp = p.line_h("body") + 1
    cards = pv["rows"][q]
    for ln in p.wrap(row_text(cards, pv["room"][q]), p.w - 4, "body"):
        if y + lp > p.h:
            break
        p.text(ln, 2, y, theme.FG)
        y += lp
    if [c for c in cards if c[2]] and y + p.line_h("small") <= p.h:
        p.text(t("[ ]: left of the Studio"), 2, p.h - p.line_h("small") - 1, theme.DIM, "small")


def ticket_rows(state: dict) -> list:
    """[label, player 0, player 1] for each kind either player scores, then the total."""
    b = breakdown(state)
    rows = []
    for k in range(len(KIND_LABELS)):
        if b[0][k] or b[1][k]:
            rows.append([t(KIND_LABELS[k]), b[0][k], b[1][k]])
    rows.append([t("Total"), sum(b[0]), sum(b[1])])
    return rows


def draw_table(p, y: int, state: dict, rows: list, first: int) -> None:
    """Rows of [label, value 0, value 1] under the players' names."""
    lh = p.line_h("body") + 2
    cw = max(p.text_w("-00"), p.text_w(name(state, 0)[:4]), p.text_w(name(state, 1)[:4])) + 6
    for q in (0, 1):
        p.right(name(state, q)[:4], p.w - 2 - (1 - q) * cw, y, ink(p, q))
    y += lh
    for r in rows[first:]:
        if y + lh - 2 > p.h:
            break
        last = r is rows[-1]
        p.text(p.fit(r[0], p.w - 2 * cw - 4), 2, y, theme.ACCENT if last else theme.FG)
        for q in (0, 1):
            p.right(str(r[1 + q]), p.w - 2 - (1 - q) * cw, y, theme.ACCENT if last else theme.FG)
        y += lh


def pages(p) -> int:
    """The round, each row in full, the tickets by kind; on the LCD, whose
    round page shows the rows in two-letter labels, then what they mean."""
    return 5 if p.h >= 100 else 4


def draw_legend(p, right: str) -> None:
    """Every two-letter label and its half, in two columns."""
    p.clear()
    y = title_bar(p, t("Labels"), right) + 1
    lh = p.line_h("small") + 2
    n = (len(SHORT) + 1) // 2
    cw = p.w // 2
    lw = p.text_w("SW", "small") + 2  # the widest label, then the name whole ("Shooting Problems")
    for i in range(len(SHORT)):
        x = (i // n) * cw + 1
        yy = y + (i % n) * lh
        p.text(t(SHORT[i]), x, yy, theme.ACCENT, "small")
        edge = cw if i < n else p.w - 1
        p.text(p.fit(label(i), edge - x - lw, "small"), x + lw, yy, theme.FG, "small")


def draw_page(p, state: dict, page: int) -> None:
    right = "%d/%d" % (page + 1, pages(p))
    if page == 0:
        draw_now(p, state)
    elif page == 4:
        draw_legend(p, right)
    elif page == 3:
        p.clear()
        y = title_bar(p, t("Tickets now"), right)
        draw_table(p, y + 1, state, ticket_rows(state), 0)
    else:
        draw_row_page(p, state, page - 1, right)
