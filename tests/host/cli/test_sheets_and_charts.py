"""Score sheets and charts: what
`usher show`, `usher sync` and `usher report` say and draw, in a player's
words. Each test here failed on the code before its fix."""

import csv
import io
import json
import os

import pytest
from click.testing import CliRunner
from usher.games.catalog import load_game
from usher.games.showtime import cast
from usher_tools.cli import main
from usher_tools.history.replay import actions_in_force
from usher_tools.history.store import History

from host.cli import test_sheet as tsh


def run(*args):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def row_of(db: str, name: str) -> dict:
    h = History(db)
    try:
        return h.get("d1", name)
    finally:
        h.close()


@pytest.fixture
def db(tmp_path):
    return str(tmp_path / "history.sqlite")


# -- the sheets --------------------------------------------------------------------
def test_the_dice_counts_read_as_a_person_says_them(db):
    header, _ = tsh.load("dice_two_players.rec")
    faces = [[2], [4], [2], [5], [2], [5]]
    records = [{"t": "roll", "n": 1, "sides": 6, "faces": f} for f in faces]
    records += [{"t": "roll", "n": 2, "sides": 6, "faces": f} for f in ([3, 5], [5, 6], [3, 5], [4, 4])]
    tsh.store(db, "g0001", header, records)
    lines = tsh.show(db, "g0001").splitlines()
    assert "1d6, 6 rolls: a 2 three times, a 4 once, a 5 twice" in lines, lines
    assert "2d6, 4 rolls: an 8 three times, an 11 once" in lines, lines


def test_a_person_who_moves_is_named_with_its_owner(db):
    header, records = tsh.load("showtime_4p.rec")
    tsh.store(db, "g0001", header, records)
    _, steps = tsh.replay(header, records)
    who = tsh.names(header)
    moves = []
    for before, a, after in steps:
        to = a["t"] == "place" and (after["last"] or {}).get("to")
        if to:
            owner, card = before["seats"][(a["row"] - 1) * cast.SEATS_PER_ROW + a["seat"] - 1]
            moves.append(
                (owner, card, "; %s's %s (%d) moves to row %d, seat %d." % (who[owner], cast.name(card), card, *to))
            )
    # the record has a move whose person another player owns too: only the owner's name tells them apart
    seated = {(o, c) for before, _, _ in steps for s in before["seats"] if s for o, c in [s]}
    assert any((o2, c) in seated for o, c, _ in moves for o2 in range(len(who)) if o2 != o)
    text = tsh.show(db, "g0001")
    tsh.in_order(text, [line for _, _, line in moves])


def test_an_unfinished_showtime_before_its_first_screening_prints_no_empty_table(db):
    header, records = tsh.load("showtime_4p.rec")
    game = load_game("showtime")
    cut = next(k for k in range(1, len(records)) if game_after(game, header, records[:k])["screening"] == 1)
    cut += 6  # a few people seated, the cinema not full
    state = game_after(game, header, records[:cut])
    assert state["after"] == [] and not game.is_over(state)
    tsh.store(db, "g0001", header, records[:cut])
    text = tsh.show(db, "g0001")
    assert "seats" in text and "Standings so far" in text
    assert "enjoyment after each screening" not in text, text


def game_after(game, header: dict, records: list) -> dict:
    s = game.new(header["setup"])
    for a in actions_in_force(records):
        s = game.apply(s, a)
    return s


def test_show_manager_money_reads_the_same_in_the_table_and_the_words(db):
    header, records = tsh.load("show_manager_tie_money.rec")
    tsh.store(db, "g0001", header, records)
    game = load_game("show_manager")
    money = game_after(game, header, records)["money"]
    text = tsh.show(db, "g0001")
    said = [tsh.money(v) for v in money]
    assert all(v >= 1000 for v in money)  # thousands to separate
    assert "Money: %s." % tsh.listing(tsh.names(header), said) in text
    row = [ln for ln in text.splitlines() if ln.strip("│ ").startswith("money")]
    assert len(row) == 1 and [c.strip() for c in row[0].strip("│").split("│")] == ["money"] + said, row
    assert not any(str(v) in text for v in money)  # never unseparated


def test_sync_of_a_device_without_games_says_so_in_one_line(tmp_path):
    from usher_devkit.bench.sync import PtyDevice

    from host.sync.test_sync_e2e import finish, usher

    folder, db = str(tmp_path / "flash"), str(tmp_path / "history.sqlite")
    os.makedirs(folder)
    with PtyDevice(folder) as dev:
        code, out, err = finish(usher("sync", "--port", dev.path, db=db), timeout=60)
    assert code == 0, err
    lines = out.strip().splitlines()
    assert len(lines) == 1 and lines[0].endswith(": no games on the device"), out
    assert lines[0].startswith("Device ")


# -- the charts ----------------------------------------------------------------------
def boxes(fig, artists) -> list:
    renderer = fig.canvas.get_renderer()
    return [a.get_window_extent(renderer) for a in artists]


def overlap(a, b) -> bool:
    return a.x0 < b.x1 and b.x0 < a.x1 and a.y0 < b.y1 and b.y0 < a.y1


@pytest.fixture
def showtime_tied(tmp_path):
    """A finished four-player Showtime (45-45, the red carpet decides) and a
    two-player one tied on top (both bars the longest)."""
    from host.cli.test_cli_answers import showtime_tie

    db = str(tmp_path / "history.sqlite")
    header, records = tsh.load("showtime_4p.rec")
    tsh.store(db, "g0001", header, records)
    header, records, _ = showtime_tie()
    tsh.store(db, "g0002", header, records)
    return db


def test_screenings_are_dotted_labelled_above_the_chart_and_told_in_the_legend(showtime_tied):
    from usher_tools.history.replay import replay_row
    from usher_tools.history.report import figure, game_steps

    for name in ("g0001", "g0002"):
        row = row_of(showtime_tied, name)
        marks = game_steps(replay_row(row))["marks"]
        assert [t for _, t in marks] == ["screening 1", "screening 2", "screening 3"]
        fig = figure(row)
        fig.canvas.draw()
        ax = fig.axes[0]
        upright = [ln for ln in ax.get_lines() if len(set(ln.get_xdata())) == 1 and len(ln.get_xdata()) == 2]
        assert sorted(ln.get_xdata()[0] for ln in upright) == [x for x, _ in marks]
        assert {ln.get_linestyle() for ln in upright} == {":"}
        players = [ln for ln in ax.get_lines() if ln not in upright and ln.get_linestyle() != "None"]
        assert players and ":" not in {ln.get_linestyle() for ln in players}  # dashes: lines on one another
        assert "dashed" not in ax.get_xlabel()
        legend = ax.get_legend()
        texts = [t.get_text() for t in legend.get_texts()]
        assert texts[-1] == "a screening" and legend.get_lines()[-1].get_linestyle() == ":"
        # each label in the margin over the chart, clear of the lines, the title and the others
        labels = [t for t in fig.findobj(lambda a: hasattr(a, "get_text")) if t.get_text().startswith("screening ")]
        labels = [t for t in labels if t.get_visible()]
        assert sorted(t.get_text() for t in labels) == [t for _, t in marks]
        frame = ax.get_window_extent()
        title = boxes(fig, [ax.title])[0]
        got = boxes(fig, labels)
        for b in got:
            assert b.y0 >= frame.y1 - 1, (b, frame)  # above the plotting area: no line reaches there
            assert not overlap(b, title)
        assert not any(overlap(a, b) for i, a in enumerate(got) for b in got[i + 1 :])


def test_a_tie_note_overlaps_no_bar_and_no_words_of_the_standings(showtime_tied):
    from usher_tools.history.replay import replay_row
    from usher_tools.history.report import figure, tie_notes

    for name in ("g0001", "g0002"):
        row = row_of(showtime_tied, name)
        notes = tie_notes(replay_row(row))
        assert len(notes) == 1
        fig = figure(row)
        fig.canvas.draw()
        ax2 = fig.axes[-1]
        note = [t for t in ax2.texts if t.get_text() == notes[0]]
        assert len(note) == 1
        others = list(ax2.patches) + [t for t in ax2.texts if t is not note[0]] + ax2.get_yticklabels()
        box = boxes(fig, note)[0]
        assert ax2.get_window_extent().contains(box.x0, box.y0) and ax2.get_window_extent().contains(box.x1, box.y1)
        hit = [o for o, b in zip(others, boxes(fig, others), strict=True) if overlap(box, b)]
        assert hit == [], hit


# -- a standing before the end keeps the tie-break's secrets -------------------------
def cut_at_a_hidden_tie(record: str):
    """(header, records cut, state) at the first point of an unfinished game
    where players tied on points differ in the tie-break (ZE, money, VIP)."""
    header, records = tsh.load(record)
    game = load_game(header["game"])
    for k in range(1, len(records)):
        s = game_after(game, header, records[:k])
        if game.is_over(s):
            break
        sc, tb = game.scores(s), game.tiebreak(s)
        if any(sc[i] == sc[j] and tb[i] != tb[j] for i in range(len(sc)) for j in range(i)):
            return header, records[:k], s
    raise AssertionError("no tie told apart by the tie-break in " + record)


@pytest.mark.parametrize("record", ["showbiz_4p.rec", "show_manager_tie_money.rec", "films_example.rec"])
def test_standings_so_far_rank_by_points_alone(db, tmp_path, record):
    header, records, state = cut_at_a_hidden_tie(record)
    game = load_game(header["game"])
    who = tsh.names(header)
    sc = game.scores(state)
    rank = {who[i]: 1 + sum(1 for v in sc if v > sc[i]) for i in range(len(who))}
    tsh.store(db, "g0001", header, records)
    # usher show: the table and --json
    data = json.loads(tsh.show(db, "g0001", "--json"))
    assert {s["name"]: s["rank"] for s in data["standings"]} == rank
    assert [s["score"] for s in data["standings"]] == sorted(sc, reverse=True)
    text = tsh.show(db, "g0001")
    table = text[text.index("Standings so far") :].splitlines()
    cells = [[c.strip() for c in ln.strip("│").split("│")] for ln in table if ln.startswith("│")]
    assert {c[1]: int(c[0]) for c in cells} == rank, cells
    # usher report: the bars' labels
    from usher_tools.history.report import figure

    ax2 = figure(row_of(db, "g0001")).axes[-1]
    shown = [t.get_text().split(". ", 1) for t in ax2.get_yticklabels()]
    assert {n: int(r) for r, n in shown} == rank
    # usher export: the rank column of the unfinished game
    rows = list(csv.DictReader(io.StringIO(run("export", "--db", db, "--format", "csv").output)))
    assert {r["player"]: int(r["rank"]) for r in rows} == rank


def test_showbiz_players_level_on_points_stand_level_whoever_paid_ze_for_a_claim(db):
    """The case once told wrong: nobody has scored, one player has paid a ZE to claim."""
    header, records = tsh.load("showbiz_4p.rec")
    k = next(i for i, a in enumerate(records) if a["t"] == "claims" and a["ps"]) + 1
    tsh.store(db, "g0001", header, records[:k])
    data = json.loads(tsh.show(db, "g0001", "--json"))
    assert {s["score"] for s in data["standings"]} == {0}
    assert [s["rank"] for s in data["standings"]] == [1, 1, 1, 1]
    assert [s["name"] for s in data["standings"]] == tsh.names(header)  # in seat order, nothing told


# -- the charts: a player's name is text ------------------------------------------------
NAMES = ["$\\frac{a$", "$x^2$"]


def test_names_that_look_like_mathtext_are_drawn_as_typed(db, tmp_path):
    header, records = tsh.load("showtime_4p.rec")
    for p, name in zip(header["setup"]["players"], NAMES + ["Cleo", "Dan"], strict=True):
        p["name"] = name
    tsh.store(db, "g0001", header, records)
    out = tmp_path / "night.png"
    r = run("report", "g0001", "--db", db, "-o", str(out))
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output
    assert out.stat().st_size > 0
    from matplotlib.text import Text
    from usher_tools.history.report import figure

    fig = figure(row_of(db, "g0001"))
    fig.canvas.draw()  # a name read as mathtext fails here (ParseSyntaxException)
    texts = fig.findobj(Text)
    for name in NAMES:
        carrying = [t for t in texts if name in t.get_text()]
        # the legend, the bar's label, the tie note (the first two tie on 45)
        assert len(carrying) >= 3, [t.get_text() for t in texts]
        for t in carrying:
            assert t.get_parse_math() is False and not t.get_usetex(), t.get_text()
    legend = [t.get_text() for t in fig.axes[0].get_legend().get_texts()]
    assert legend[:2] == NAMES


def test_a_dice_charts_labels_are_drawn_as_typed(db, tmp_path):
    header, records = tsh.load("dice_two_players.rec")
    header["setup"]["players"][0]["name"] = NAMES[1]
    bags = header["setup"]["components"]["bags"]
    bags[NAMES[0]] = bags.pop("taste")
    for a in records:
        if a.get("bag") == "taste":
            a["bag"] = NAMES[0]
    tsh.store(db, "g0001", header, records)
    out = tmp_path / "dice.png"
    r = run("report", "g0001", "--db", db, "-o", str(out))
    assert r.exit_code == 0 and "Traceback" not in r.output, r.output
    from matplotlib.text import Text
    from usher_tools.history.report import figure

    fig = figure(row_of(db, "g0001"))
    fig.canvas.draw()
    carrying = [t for t in fig.findobj(Text) if NAMES[0] in t.get_text()]
    assert [t.get_text() for t in fig.axes[1].get_yticklabels()] == [NAMES[0] + ": red", NAMES[0] + ": blue"]
    assert carrying and all(t.get_parse_math() is False for t in carrying)
