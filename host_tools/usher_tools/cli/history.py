"""`usher` commands on the laptop's history: games, show, stats, report, export."""

import os
import sys

import click
from rich.text import Text

from usher_tools.cli.common import (
    UsherError,
    db_option,
    err,
    history,
    json_option,
    known_width,
    lay_out,
    one_game,
    out,
    out_option,
    print_json,
    say,
    table,
    text_width,
    write_out,
)
from usher_tools.words import N_, date_short, number, t

# words the history keeps in English (a score's unit, what brought a game), said at the table
KEPT_WORDS = (N_("points"), N_("tickets"), N_("sync"), N_("import"))


def said(n):
    """A figure of a table in the language's form (4,5 in German); none stays none."""
    return None if n is None else number(n)


def _date(row: dict) -> str:
    from usher_tools.history.export import when

    return date_short(when(row))


def _result(row: dict) -> str:
    res = row["result"]
    if not row["complete"]:
        return t("%s of %s bytes") % (number(len(row["data"])), number(row["size"]))
    if not res:
        return ""
    if not res.get("finished"):
        return t("unfinished")
    w = res.get("winner")
    text = t("won by ") + (", ".join(w) if isinstance(w, list) else str(w)) if w else t("finished")
    from usher_tools.history.plays import summary

    more = summary(row, t)
    return text + (" (%s)" % more if more else "")


def fit(width: int, flexible: list) -> list:
    """Widths of a table's wrapping columns, given the room `width` the
    others leave and what each needs on one line: all they need if it fits,
    else the room shared, the narrower ones first served whole."""
    widths = [0] * len(flexible)
    room = max(width, 2 * len(flexible))
    todo = sorted(range(len(flexible)), key=lambda i: flexible[i])
    while todo:
        share = room // len(todo)
        i = todo.pop(0)
        widths[i] = max(1, min(flexible[i], share))
        room -= widths[i]
    return widths


def games_table(rows: list, width: int):
    """The games, laid out for a terminal `width` columns wide: id, game,
    title and date whole on one line (the date on two when the terminal is
    narrow), the players and the result wrapped to the room left."""
    from rich import box
    from rich.cells import cell_len
    from rich.table import Table

    from usher_tools.history.games import title_of
    from usher_tools.history.status import OK, PARTIAL

    several = len({r["device"] for r in rows}) > 1  # one device (the usual): its id says nothing
    cells = []
    for r in rows:
        result = _result(r)
        if r["status"] not in (OK, PARTIAL):  # flagged: the laptop's replay disagrees or fails
            result = "%s%s: usher show %s" % (result + "; " if result else "", t(r["status"]), r["id"])
        game = "%s:%s" % (r["device"][:8], r["name"]) if several else r["name"]
        cells.append([str(r["id"]), game, title_of(r["game"]), _date(r), ", ".join(r["players"]), result])
    heads = [t("id"), t("game"), t("title"), t("date"), t("players"), t("result")]
    natural = [max([len(h)] + [cell_len(c[i]) for c in cells]) for i, h in enumerate(heads)]
    gaps = 3 * (len(heads) - 1)  # a space, the rule, a space between two columns; no edges
    date_w = natural[3]
    if width - gaps - sum(natural[:4]) < 24:
        date_w = max(len(heads[3]), 10)  # "2026-12-04" above "22:02" (04.12.2026 in German)
    room = width - gaps - sum(natural[:3]) - date_w
    players_w, result_w = fit(room, natural[4:])
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column(Text(heads[0]), justify="right", no_wrap=True)
    table.add_column(Text(heads[1]), no_wrap=True)
    table.add_column(Text(heads[2]), no_wrap=True)
    table.add_column(Text(heads[3]), width=date_w, overflow="fold")
    table.add_column(Text(heads[4]), width=players_w, overflow="fold")
    table.add_column(Text(heads[5]), width=result_w, overflow="fold")
    for c in cells:
        table.add_row(*[Text(v) for v in c])
    return table


@click.command()
@db_option
@json_option
def games(db_path, as_json) -> None:
    """List the games in the history."""
    from usher_tools.history.export import game_json

    with history(db_path) as h:
        rows = h.all()
    if as_json:
        print_json([game_json(r) for r in rows])
        return
    if not rows:
        err.print(t("no games yet: run usher sync"))
        return
    lay_out(games_table(rows, text_width()))


@click.command()
@db_option
@json_option
@click.option("--raw", is_flag=True, help="Every record as stored (undos and undone moves included), not the sheet.")
@click.argument("game")
def show(db_path, as_json, raw, game) -> None:
    """The score sheet of GAME (an id, a name, a uid, or DEVICE:NAME): round
    by round, who did what, in words and numbers; the game's own table when
    its rules provide one; the standings. The words keep what the table keeps
    hidden: no money of an unfinished game, no bid before its reveal. --raw
    lists the records themselves (--json carries them too)."""
    from usher_tools.history.report import show_data
    from usher_tools.history.sheet import text_lines

    with history(db_path) as h:
        row = one_game(h, game)
    data = show_data(row)
    if as_json:
        print_json(data)
        return
    from usher_tools.history.export import dated_from_sync, first_by

    notes = []
    if row["device_view"].get("imported"):  # brought by usher import, not by a sync
        notes.append(t("imported ") + date_short(row["device_view"]["imported"]))
    if dated_from_sync(row):
        # an older history kept only each game's last sync: the earliest it holds may not be the first
        which = t("the first %s that brought it") if row.get("first_by") else t("the earliest %s this history kept")
        notes.append(t("dated by %s: the device's clock was not set") % (which % t(first_by(row))))
    note = "  (%s)" % ", ".join(notes) if notes else ""
    # every line is text, never markup (players' names: `Zoe [red]`), wrapped at words to the terminal
    head = Text.assemble((str(data.get("title", row["game"])), "bold"), "  %s  %s%s" % (row["name"], _date(row), note))
    lay_out(head)
    say(t("device %s, game %s, players: %s") % (row["device"], row["gid"], ", ".join(row["players"])), indent=2)
    say(t("status: %s%s") % (t(row["status"]), (" - " + row["problem"]) if row["problem"] else ""), indent=2)
    if "error" in data:
        lay_out(Text(t("cannot replay: %s") % data["error"], "red"))
        sys.exit(1)
    if raw:
        acts = [[a["n"], a["action"] + (t("  (undone)") if a["undone"] else "")] for a in data["actions"]]
        lay_out(table("Records", ["#", "action"], acts, words=True))
    else:
        out.print("")
        for line in text_lines(data["story"]):
            say(line, indent=2)
        if data["undone"]:
            say(t("(%d records are undos or undone moves: usher show --raw lists them all)") % data["undone"])
    from usher_tools.history import games

    laptop = games.of(row["game"])
    if laptop.count_lines is not None and row["game"] in data:  # no score to stand by (dice): what it holds
        out.print("")
        for line in laptop.count_lines(data[row["game"]]):
            say(line, indent=2)
        return
    sheet = data.get("sheet")
    if sheet and sheet["rows"]:  # no row yet (a Showtime before its first screening): no empty table
        rows = laptop.sheet_rows(sheet)
        lay_out(table(sheet.get("title", t("Score sheet")), [str(c) for c in sheet["columns"]], rows))
        for note in sheet.get("notes", []):
            say(str(note), indent=2)
    st = [[s["rank"], s["name"], s["score"]] for s in data["standings"]]
    lay_out(table("Standings" if data["finished"] else "Standings so far", ["rank", "player", "score"], st, words=True))
    for line in data.get("ties", []):  # why a tie went the way it did
        say(line, indent=2)


@click.command()
@db_option
@json_option
def stats(db_path, as_json) -> None:
    """Plays, wins, average and best scores per title and per player."""
    from usher_tools.history.stats import stats as compute

    with history(db_path) as h:
        s = compute(h.all())
    if as_json:
        print_json(s)
        return
    if s["titles"]:
        # a Films match counts each game as a play, in tickets; its matches are counted beside
        per_title = [
            [x["title"], x["plays"], x.get("matches", ""), t(x["unit"]), said(x["average"]), x["best"], x["best_by"]]
            for x in s["titles"]
        ]
        lay_out(
            table(
                "Per title (finished games)",
                ["title", "plays", "matches", "in", "avg", "best", "by"],
                per_title,
                words=True,
            )
        )
        p = [
            [
                x["player"],
                x["title"],
                x["plays"],
                x["wins"],
                t("%d of %d") % (x["match_wins"], x["matches"]) if x.get("matches") else "",
                t(x["unit"]),
                said(x["average"]),
                x["best"],
            ]
            for x in s["players"]
        ]
        lay_out(
            table("Per player", ["player", "title", "plays", "wins", "matches won", "in", "avg", "best"], p, words=True)
        )
    else:
        out.print(t("no finished games in the history yet"))
    left = s["left_out"]
    if any(left.values()):
        say(
            t("left out: %d unfinished, %d flagged, %d not fully synced")
            % (left["unfinished"], left["flagged"], left["partial"])
        )


@click.command()
@db_option
@click.option(
    "-o",
    "--out",
    "dest",
    type=click.Path(),
    default=None,
    help="Picture file: .png, .jpg, .svg or .pdf (default: NAME.png).",
)
@click.argument("game")
def report(db_path, dest, game) -> None:
    """A picture of GAME: the score over the game and the final standings."""
    from usher_tools.history.parsing import ScoreError
    from usher_tools.history.report import FORMATS, render_png

    if dest is not None and os.path.splitext(dest)[1].lower() not in FORMATS:
        raise UsherError("report writes %s: not %r" % (", ".join(sorted(FORMATS)), os.path.basename(dest)))
    with history(db_path) as h:
        row = one_game(h, game)
    dest = dest or os.path.join(os.getcwd(), row["name"] + ".png")
    try:
        render_png(row, dest)
    except ScoreError as e:
        raise UsherError("cannot replay %s: %s" % (row["name"], e)) from None
    except OSError as e:
        raise UsherError("cannot write %s: %s" % (dest, e.strerror or e)) from None
    out.print(dest, markup=False, highlight=False)


@click.command()
@db_option
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["csv", "json", "bgstats", "bgstats-links"]),
    default="csv",
    show_default=True,
    help="csv: a row a player; json: every game; bgstats: the BG Stats import file;"
    " bgstats-links: one BG Stats link a play.",
)
@click.option(
    "--qr",
    is_flag=True,
    help="With bgstats-links: each link also as a QR code, in the terminal, or as PNG files in the folder -o DIR.",
)
@click.option(
    "--like",
    "like",
    type=click.Path(dir_okay=False),
    default=None,
    help="With bgstats: your own BG Stats export (JSON); the players, games and location you already have keep"
    " theirs, so the import adds plays to them.",
)
@out_option("File (default: stdout); with --qr a folder for the PNG files.")
def export(db_path, fmt, qr, like, dest) -> None:
    """Every game in the history as CSV (one row a player), JSON, or BG Stats
    plays (finished games; a Films match is a play a game).

    \b
    bgstats        the BG Stats import file (its own backup shape: players,
                   locations, games, plays), for many plays at once. Copy it
                   to the phone and open it with BG Stats, which adds its
                   plays (never restore it as a backup: a restore replaces
                   what the app holds). The same plays imported again merge:
                   their uuids do not change. --like EXPORT.json (your own
                   BG Stats export) gives the players, games and location you
                   already have their ids and uuids, so no second Anna.
    bgstats-links  one link a play, a line each, for a night's plays. Open
                   a link on the phone with BG Stats installed: the app shows
                   the play to save, matching its players to yours.
                   --qr draws each link as a QR code to scan with the phone.

    playDate is the laptop's local time; a game whose device clock was not
    set is dated by the first sync (or import) that brought it, and its BG
    Stats comment says so."""
    from usher_tools.history import export as ex

    if qr and fmt != "bgstats-links":
        raise click.UsageError("--qr draws BG Stats links: use it with --format bgstats-links")
    if like is not None and fmt != "bgstats":
        raise click.UsageError("--like shapes the BG Stats file: use it with --format bgstats")
    mine = None
    if like is not None:
        try:
            mine = ex.read_like(like)
        except ValueError as e:
            raise UsherError(str(e)) from None
    with history(db_path) as h:
        rows = h.all()
    left: list = []
    if qr:
        left = _export_qr(rows, dest)
    elif fmt == "csv":
        text = ex.to_csv(rows)
    elif fmt == "json":
        text = ex.to_json(rows) + "\n"
    elif fmt == "bgstats":
        text, left = ex.to_bgstats(rows, mine)
    else:
        text, left = ex.to_bgstats_links(rows)
    if not qr:
        write_out(dest, text)
    for label in left:  # its problem may quote a player's name: text, never markup
        err.print(Text("left out of BG Stats: %s" % label, "yellow"))


def _export_qr(rows: list, dest: str) -> list:
    """The QR codes of the links: in the terminal, each under a caption
    naming its game, when it fits the terminal's width (else one line says
    so and points to -o DIR), or as PNG files in the folder `dest`
    (GAME-title.png a play, and links.txt)."""
    import collections

    from usher_tools.history import export as ex

    found, left = ex.bgstats_links(rows)
    if dest != "-":
        if os.path.exists(dest) and not os.path.isdir(dest):
            raise UsherError("cannot write QR codes into %s: it is a file, not a folder" % dest)
        try:
            os.makedirs(dest, exist_ok=True)
        except OSError as e:
            raise UsherError("cannot make folder %s: %s" % (dest, e.strerror or e)) from None
        write_out(os.path.join(dest, "links.txt"), "".join(link + "\n" for _, link, _ in found))
    cols = known_width()  # None: a file or a pipe, where a code of any width goes whole
    names = collections.Counter(r["name"] for r in rows)
    for play, link, row in found:
        code = ex.qr_code(link)
        if code is None:
            click.echo(ex.too_long(play, link), err=True)
            if dest == "-":
                sys.stdout.write(link + "\n\n")
            continue
        if dest == "-":
            say(qr_caption(row, play))
            width = ex.qr_width(code)
            if cols is None or width <= cols:
                sys.stdout.write(ex.qr_text(code) + "\n")
            else:
                # a version-20 code is over 100 columns: no use drawn wrapped or cut
                say("  its QR code is %d columns wide, the terminal %d: widen it, or -o DIR for PNGs" % (width, cols))
                sys.stdout.write("\n")
            sys.stdout.flush()
            continue
        path = os.path.join(dest, ex.qr_file_name(row, play, names[row["name"]] > 1))
        try:
            code.save(path, kind="png", scale=4, border=4)
        except OSError as e:
            raise UsherError("cannot write %s: %s" % (path, e.strerror or e)) from None
        out.print(path, markup=False, highlight=False)
    sys.stdout.flush()
    return left


def qr_caption(row: dict, play: dict) -> str:
    """What a QR code in the terminal is of: "g0004  Showtime  2026-12-04
    22:02", for a game of a Films match "g0003  Films, game 2 of the match"."""
    part = play["id"].rsplit("#g", 1)[1] if "#g" in play["id"] else ""
    title = play["title"] + (", game %s of the match" % part if part else "")
    return "%s  %s  %s" % (row["name"], title, str(play["date"])[:16])


COMMANDS = [games, show, stats, report, export]
