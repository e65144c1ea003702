"""`usher` commands on the laptop's history: games, show, stats, report, export."""

import os
import sys

import click

from usher_tools.cli.common import (
    UsherError,
    db_option,
    err,
    history,
    json_option,
    one_game,
    out,
    out_option,
    print_json,
    table,
    write_out,
)


def _date(row: dict) -> str:
    from usher_tools.history.export import play_date

    return play_date(row)[:16]


def _result(row: dict) -> str:
    res = row["result"]
    if not row["complete"]:
        return "%d of %d bytes" % (len(row["data"]), row["size"])
    if not res:
        return ""
    if not res.get("finished"):
        return "unfinished"
    w = res.get("winner")
    text = "won by " + (", ".join(w) if isinstance(w, list) else str(w)) if w else "finished"
    from usher_tools.history.plays import summary

    more = summary(row)
    return text + (" (%s)" % more if more else "")


@click.command()
@db_option
@json_option
def games(db_path, as_json) -> None:  # type: ignore[no-untyped-def]
    """List the games in the history."""
    from usher_tools.history.export import game_json

    with history(db_path) as h:
        rows = h.all()
    if as_json:
        print_json([game_json(r) for r in rows])
        return
    if not rows:
        err.print("no games yet: run usher sync")
        return
    out.print(
        table(
            None,
            ["id", "device", "name", "game", "date", "players", "result", "status"],
            [
                [
                    r["id"],
                    r["device"][:8],
                    r["name"],
                    r["game"],
                    _date(r),
                    ", ".join(r["players"]),
                    _result(r),
                    r["status"],
                ]
                for r in rows
            ],
        )
    )


@click.command()
@db_option
@json_option
@click.option("--raw", is_flag=True, help="Every record as stored (undos and undone moves included), not the sheet.")
@click.argument("game")
def show(db_path, as_json, raw, game) -> None:  # type: ignore[no-untyped-def]
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
    from usher_tools.history.export import dated_from_sync

    note = "  (the date of the sync: the device's clock was not set)" if dated_from_sync(row) else ""
    if row["device_view"].get("imported"):  # brought by usher import, not by a sync
        import time

        at = time.strftime("%Y-%m-%d %H:%M", time.localtime(row["device_view"]["imported"]))
        unset = ", dated by it: the device's clock was not set" if dated_from_sync(row) else ""
        note = "  (imported %s%s)" % (at, unset)
    out.print("[bold]%s[/bold]  %s  %s%s" % (data.get("title", row["game"]), row["name"], _date(row), note))
    out.print("device %s, game %s, players: %s" % (row["device"], row["gid"], ", ".join(row["players"])))
    out.print("status: %s%s" % (row["status"], (" - " + row["problem"]) if row["problem"] else ""))
    if "error" in data:
        out.print("[red]cannot replay: %s[/red]" % data["error"])
        sys.exit(1)
    if raw:
        acts = [[a["n"], a["action"] + ("  (undone)" if a["undone"] else "")] for a in data["actions"]]
        out.print(table("Records", ["#", "action"], acts))
    else:
        out.print("")
        for line in text_lines(data["story"]):
            out.print(line, markup=False)
        if data["undone"]:
            out.print("(%d records are undos or undone moves: usher show --raw lists them all)" % data["undone"])
    from usher_tools.history import games

    laptop = games.of(row["game"])
    if laptop.count_lines is not None and row["game"] in data:  # no score to stand by (dice): what it holds
        out.print("")
        for line in laptop.count_lines(data[row["game"]]):
            out.print(line, markup=False)
        return
    sheet = data.get("sheet")
    if sheet:
        out.print(table(sheet.get("title", "Score sheet"), [str(c) for c in sheet["columns"]], sheet["rows"]))
        for note in sheet.get("notes", []):
            out.print(str(note))
    st = [[s["rank"], s["name"], s["score"]] for s in data["standings"]]
    out.print(table("Standings" if data["finished"] else "Standings so far", ["rank", "player", "score"], st))
    for line in data.get("ties", []):  # why a tie went the way it did
        out.print(line, markup=False)


@click.command()
@db_option
@json_option
def stats(db_path, as_json) -> None:  # type: ignore[no-untyped-def]
    """Plays, wins, average and best scores per title and per player."""
    from usher_tools.history.stats import stats as compute

    with history(db_path) as h:
        s = compute(h.all())
    if as_json:
        print_json(s)
        return
    if s["titles"]:
        # a Films match counts each game as a play, in tickets; its matches are counted beside
        t = [
            [x["title"], x["plays"], x.get("matches", ""), x["unit"], x["average"], x["best"], x["best_by"]]
            for x in s["titles"]
        ]
        out.print(table("Per title (finished games)", ["title", "plays", "matches", "in", "avg", "best", "by"], t))
        p = [
            [
                x["player"],
                x["title"],
                x["plays"],
                x["wins"],
                "%d of %d" % (x["match_wins"], x["matches"]) if x.get("matches") else "",
                x["unit"],
                x["average"],
                x["best"],
            ]
            for x in s["players"]
        ]
        cols = ["player", "title", "plays", "wins", "matches won", "in", "avg", "best"]
        out.print(table("Per player", cols, p))
    else:
        out.print("no finished games in the history yet")
    left = s["left_out"]
    if any(left.values()):
        out.print(
            "left out: %d unfinished, %d flagged, %d not fully synced"
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
def report(db_path, dest, game) -> None:  # type: ignore[no-untyped-def]
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
    out.print(dest)


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
@out_option("File (default: stdout); with --qr a folder for the PNG files.")
def export(db_path, fmt, qr, dest) -> None:  # type: ignore[no-untyped-def]
    """Every game in the history as CSV (one row a player), JSON, or BG Stats
    plays (finished games; a Films match is a play a game).

    \b
    bgstats        the BG Stats import file (its own backup shape: players,
                   locations, games, plays). Copy it to the phone and open it
                   with BG Stats (its import of a backup/JSON file). The same
                   plays imported again merge: their uuids do not change.
    bgstats-links  one link a play, a line each. Open a link on the phone
                   with BG Stats installed: the app shows the play to save.
                   --qr draws each link as a QR code to scan with the phone.

    playDate is the laptop's local time; a game whose device clock was not
    set is dated by its sync (or import), and its BG Stats comment says so."""
    from usher_tools.history import export as ex

    if qr and fmt != "bgstats-links":
        raise click.UsageError("--qr draws BG Stats links: use it with --format bgstats-links")
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
        text, left = ex.to_bgstats(rows)
    else:
        text, left = ex.to_bgstats_links(rows)
    if not qr:
        write_out(dest, text)
    for label in left:
        err.print("[yellow]left out of BG Stats: %s[/yellow]" % label)


def _export_qr(rows: list, dest: str) -> list:
    """The links and their QR codes: on stdout, or into the folder `dest`
    (NN-game.png a play, and links.txt)."""
    import shutil

    from usher_tools.history import export as ex

    pairs, left = ex.bgstats_links(rows)
    if dest != "-":
        if os.path.exists(dest) and not os.path.isdir(dest):
            raise UsherError("cannot write QR codes into %s: it is a file, not a folder" % dest)
        try:
            os.makedirs(dest, exist_ok=True)
        except OSError as e:
            raise UsherError("cannot make folder %s: %s" % (dest, e.strerror or e)) from None
        write_out(os.path.join(dest, "links.txt"), "".join(link + "\n" for _, link in pairs))
    cols = shutil.get_terminal_size().columns
    for n, (play, link) in enumerate(pairs, 1):
        code = ex.qr_code(link)
        if code is None:
            click.echo(ex.too_long(play, link), err=True)
            if dest == "-":
                sys.stdout.write(link + "\n\n")
            continue
        if dest == "-":
            sys.stdout.write(link + "\n" + ex.qr_text(code) + "\n")
            if sys.stdout.isatty() and ex.qr_width(code) > cols:
                click.echo(
                    "the QR code of %s is %d columns wide, the terminal %d: widen it, or write PNG files with -o DIR"
                    % (play["id"], ex.qr_width(code), cols),
                    err=True,
                )
            continue
        path = os.path.join(dest, ex.qr_file_name(n, play))
        try:
            code.save(path, kind="png", scale=4, border=4)
        except OSError as e:
            raise UsherError("cannot write %s: %s" % (path, e.strerror or e)) from None
        out.print(path, markup=False, highlight=False)
    sys.stdout.flush()
    return left


COMMANDS = [games, show, stats, report, export]
