"""What the terminal shows fits 80 columns, and a
player's name is text everywhere.

- `usher games`, `usher show` (every title) and the QR codes of `usher
  export --format bgstats-links --qr` laid out for a terminal of 80
  columns: every line within it, dates and titles whole (never "2026-12-…"
  nor "show_man…"), each QR code under a caption naming its game; a code
  wider than the terminal is said in a line, and the PNG files are named by
  the game, so the next sync does not shift them;
- names that are markup to rich (`Zoe [red]`, `[/x] [bold]B`) or a formula
  to a spreadsheet (`=1+2+cmd|A1`) through `games`, `show`, `stats`,
  `report` and `export --format csv`: listed as typed, no traceback, and a
  CSV cell that a spreadsheet would run is written as text (OWASP)."""

import csv
import io
import json
import os
import re

import pytest
from click.testing import CliRunner
from rich.cells import cell_len
from tooling import ROOT
from usher_tools.cli import main
from usher_tools.history.parsing import parse_bytes

RECORDS = os.path.join(ROOT, "tests", "records")
NIGHT = ["showtime_4p.rec", "show_manager_4p.rec", "films_match.rec", "showbiz_4p.rec", "dice_two_players.rec"]
NARROW = {"COLUMNS": "80"}


def run(*args, env=NARROW):
    return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)


def within(text: str, width: int = 80) -> None:
    for line in text.splitlines():
        assert cell_len(line) <= width, (cell_len(line), line)


def imported(tmp_path, records, names=None) -> str:
    """A history of `records` (tests/records), imported as page downloads of
    one device, g0001 up; `names` {old: new} renames players in the records."""
    db = str(tmp_path / "history.sqlite")
    paths = []
    for i, rec in enumerate(records, 1):
        text = open(os.path.join(RECORDS, rec), encoding="utf-8").read()
        for old, new in (names or {}).items():
            text = text.replace(json.dumps(old), json.dumps(new))
        path = tmp_path / ("usher-e6614c311b7a5c2d-g%04d.log" % i)
        path.write_text(text, encoding="utf-8")
        paths.append(str(path))
    r = run("import", "--db", db, *paths)
    assert r.exit_code == 0, r.output
    return db


@pytest.fixture
def night(tmp_path):
    return imported(tmp_path, NIGHT)


def titles():
    from usher_tools.history.games import title_of

    return [title_of(parse_bytes(open(os.path.join(RECORDS, r), "rb").read()).header["game"]) for r in NIGHT]


# -- 80 columns ------------------------------------------------------------------------
def test_games_fits_80_columns_with_whole_dates_and_titles(night):
    r = run("games", "--db", night)
    assert r.exit_code == 0
    within(r.stdout)
    games = json.loads(run("games", "--db", night, "--json").stdout)
    assert "…" not in r.stdout, r.stdout  # nothing cut
    for g, title in zip(games, titles(), strict=True):
        row = next(ln for ln in r.stdout.splitlines() if re.search(r"\b%s\b" % g["name"], ln))
        assert title in row and g["date"][:16] in row, (title, g["date"], row)


def test_games_still_fits_with_long_names_and_two_devices(tmp_path):
    long = {"Anna": "Annabelle-Marie", "Ben": "Bartholomäus", "Cleo": "Cleopatra Jones", "Dan": "Dan Düsentrieb"}
    db = imported(tmp_path, ["showtime_4p.rec", "show_manager_4p.rec"], long)
    other = tmp_path / "other"
    other.mkdir()
    path = other / "usher-aaaabbbbccccdddd-g0001.log"
    path.write_bytes(open(os.path.join(RECORDS, "films_match.rec"), "rb").read())
    assert run("import", "--db", db, str(path)).exit_code == 0
    r = run("games", "--db", db)
    within(r.stdout)
    assert "…" not in r.stdout and "Show Manager" in r.stdout and "aaaabbbb:g0001" in r.stdout, r.stdout


@pytest.mark.parametrize("name", ["g0001", "g0002", "g0003", "g0004", "g0005"])
def test_show_fits_80_columns(night, name):
    r = run("show", name, "--db", night)
    assert r.exit_code == 0, r.output
    within(r.output)
    wide = run("show", name, "--db", night, env={"COLUMNS": "1000"}).output
    # the same words, only wrapped: no sentence cut or lost
    assert set(re.findall(r"[\w,.;:()+→'-]+", r.output)) == set(re.findall(r"[\w,.;:()+→'-]+", wide))


def test_qr_codes_in_80_columns_are_captioned_and_said_too_wide_in_a_line(night):
    r = run("export", "--db", night, "--format", "bgstats-links", "--qr")
    assert r.exit_code == 0, r.output
    within(r.stdout)
    date = json.loads(run("games", "--db", night, "--json").stdout)[0]["date"][:16]
    captions = [ln for ln in r.stdout.splitlines() if ln and not ln.startswith(" ")]
    assert captions == [
        "g0001  Showtime  %s" % date,
        "g0002  Show Manager  %s" % date,
        "g0003  Films, game 1 of the match  %s" % date,
        "g0003  Films, game 2 of the match  %s" % date,
        "g0003  Films, game 3 of the match  %s" % date,
        "g0004  Showbiz  %s" % date,
    ]
    # these codes are 105-121 columns: each says so in one line, and where to get it whole
    notes = [ln for ln in r.stdout.splitlines() if ln.startswith("  ")]
    assert len(notes) == len(captions) and all("the terminal 80" in n and "-o DIR" in n for n in notes), notes
    # a terminal wide enough gets each code under its caption, within its width
    r = run("export", "--db", night, "--format", "bgstats-links", "--qr", env={"COLUMNS": "125"})
    within(r.stdout, 125)
    blocks = [b for b in r.stdout.split("\n\n") if b.strip()]
    assert [b.split("\n", 1)[0] for b in blocks] == captions
    assert all(set(b.split("\n", 1)[1]) <= set("█▀▄ \n") for b in blocks)


def test_qr_png_files_are_named_by_the_game_and_keep_their_names_after_the_next_sync(night, tmp_path):
    out = tmp_path / "qr"
    r = run("export", "--db", night, "--format", "bgstats-links", "--qr", "-o", str(out))
    assert r.exit_code == 0, r.output
    first = sorted(os.listdir(out))
    assert first == [
        "g0001-showtime.png",
        "g0002-show-manager.png",
        "g0003-films-game-1.png",
        "g0003-films-game-2.png",
        "g0003-films-game-3.png",
        "g0004-showbiz.png",
        "links.txt",
    ]
    # a game played before the others comes in: no file changes its name
    early = tmp_path / "early"
    early.mkdir()
    text = open(os.path.join(RECORDS, "showtime_2p.rec")).read().replace('"created": 0', '"created": 1700000000')
    (early / "usher-e6614c311b7a5c2d-g0009.log").write_text(text)
    assert run("import", "--db", night, str(early / "usher-e6614c311b7a5c2d-g0009.log")).exit_code == 0
    r = run("export", "--db", night, "--format", "bgstats-links", "--qr", "-o", str(out))
    assert r.exit_code == 0
    assert set(first) <= set(os.listdir(out))


# -- a player's name is text -----------------------------------------------------------
ODD = {"Anna": "Zoe [red]", "Ben": "[/x] [bold]B", "Cleo": "=1+2+cmd|A1", "Dan": "@SUM(A1)"}


@pytest.fixture
def odd(tmp_path):
    return imported(tmp_path, ["showtime_4p.rec", "show_manager_4p.rec"], ODD)


def test_names_that_are_markup_are_listed_as_typed_in_every_command(odd, tmp_path):
    for args in (["games"], ["show", "g0001"], ["show", "g0001", "--raw"], ["stats"]):
        r = run(*args, "--db", odd, env={"COLUMNS": "1000"})  # wide: each name on one line
        assert r.exit_code == 0 and "Traceback" not in r.output and "MarkupError" not in r.output, r.output
        for name in ODD.values():
            if args != ["show", "g0001", "--raw"]:
                assert name in r.output, (args, name, r.output)
    r = run("report", "g0001", "--db", odd, "-o", str(tmp_path / "night.png"))
    assert r.exit_code == 0 and os.path.getsize(tmp_path / "night.png") > 0, r.output


def test_a_name_a_spreadsheet_would_run_is_written_to_csv_as_text(odd):
    r = run("export", "--db", odd, "--format", "csv")
    assert r.exit_code == 0
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    players = {row["player"] for row in rows if row["game"] == "showtime"}  # Show Manager's are A-D
    assert players == {"Zoe [red]", "[/x] [bold]B", "'=1+2+cmd|A1", "'@SUM(A1)"}
    for row in rows:
        for key, value in row.items():
            assert not value.startswith(("=", "+", "@", "\t", "\r")), (key, value)
            assert not value.startswith("-") or re.fullmatch(r"-\d+", value), (key, value)  # a number stays one
    assert {int(row["score"]) for row in rows}  # scores are numbers still
