"""`usher score` on every bad record the tests can make:
each is one line `invalid record: line N: ...` on stderr, exit 1, no
traceback, in bounded time; the valid controls score with exit 0.

The bad records are made from a short valid record of each game, changed in
one place, so each message can be checked for the file line it names and the
line it quotes."""

import json
import os
import subprocess
import time

import pytest
from click.testing import CliRunner
from tooling import ROOT, TESTS, tool
from usher.core.record import encode_line
from usher.games.catalog import names
from usher_devkit import registry
from usher_tools.cli import main

RECORDS = os.path.join(TESTS, "records")
# every game of the catalog: its hand-written record, and how many of its actions make the base
ACTIONS = {"dice": 3, "showtime": 8, "showbiz": 10, "show_manager": 10, "films": 10}
FILES = {g: e.record for g, e in registry.GAMES.items()}


def source(game):
    """(header, action lines) of a game's hand-written record in tests/records."""
    with open(os.path.join(RECORDS, FILES[game]), encoding="utf-8") as f:
        lines = [ln.strip() for ln in f if ln.strip() and not ln.startswith("#")]
    head = json.loads(lines[0])
    acts = [ln for ln in lines[1:] if json.loads(ln).get("t") != "undo"]
    return head, acts[: ACTIONS[game]]


def text(head, acts):
    """A record file: a comment on line 1, the header on line 2, action k on line k + 2."""
    return "# a record made by test_cli_score_bad\n" + json.dumps(head) + "\n" + "".join(a + "\n" for a in acts)


def with_setup(game, change):
    head, acts = source(game)
    head = json.loads(json.dumps(head))
    change(head["setup"])
    return text(head, acts)


def with_header(which, **kw):
    head, acts = source(which)
    head = dict(head, **kw)
    return text(head, acts)


def with_action(game, k, line):
    """Action k (1-based) replaced by `line` (a str, or bytes for raw bytes)."""
    head, acts = source(game)
    if isinstance(line, bytes):
        before = text(head, acts[: k - 1]).encode()
        after = "".join(a + "\n" for a in acts[k:]).encode()
        return before + line + b"\n" + after
    return text(head, acts[: k - 1] + [line] + acts[k:])


def undo_after_two(game, n):
    head, acts = source(game)
    return text(head, acts[:2] + [json.dumps({"t": "undo", "n": n})] + acts[2:])


def setter(path, value):
    def change(setup):
        target = setup
        for key in path[:-1]:
            target = target.setdefault(key, {})
        target[path[-1]] = value

    return change


def cases():
    """(id, file content, the line the message must name, words it must hold)."""
    out = []
    for g in FILES:
        head, acts = source(g)
        second = acts[1]
        # -- bytes that are not a record
        out.append((g + "-latin1", with_action(g, 2, second.encode()[:-2] + b'\xe9"}'), 4, "not UTF-8"))
        out.append((g + "-utf16", text(head, acts).encode("utf-16"), 1, "UTF-16"))
        out.append((g + "-binary", with_action(g, 2, b"\x00\x01\x89PNG\r\n\x1a\n\xff" + bytes(range(256)) * 8), 4, ""))
        deep = '{"t": "roll", "x": ' + "[" * 5000 + "]" * 5000 + "}"
        out.append((g + "-deep", with_action(g, 2, deep), 4, "nested"))
        out.append((g + "-deep40", with_action(g, 2, '{"t": "x", "y": ' + "[" * 40 + "]" * 40 + "}"), 4, "nested"))
        out.append((g + "-long", with_action(g, 2, '{"t": "roll", "x": "%s"}' % ("x" * 70000)), 4, "longer than"))
        out.append((g + "-nan", with_action(g, 2, '{"t": "roll", "n": NaN}'), 4, "not JSON"))
        out.append((g + "-cut", with_action(g, 2, second[: len(second) // 2]), 4, "not JSON"))
        out.append((g + "-huge", text(head, acts) + ("# filler\n" * 300000), 0, "past"))
        out.append((g + "-header-garbage", "# x\nnot json at all\n" + second + "\n", 2, "not JSON"))
        # -- headers the device would never have written
        out.append(
            (g + "-9-players", with_setup(g, setter(["players"], [{"name": "P%d" % i} for i in range(9)])), 2, "")
        )
        out.append((g + "-no-name", with_setup(g, lambda s: s["players"].__setitem__(-1, {"colour": 5})), 2, "no name"))
        out.append((g + "-empty-name", with_setup(g, lambda s: s["players"][0].update(name="")), 2, "no name"))
        out.append(
            (g + "-same-names", with_setup(g, lambda s: s["players"].__setitem__(-1, dict(s["players"][0]))), 2, "two")
        )
        out.append((g + "-long-name", with_setup(g, lambda s: s["players"][0].update(name="N" * 17)), 2, "name"))
        out.append((g + "-players-text", with_setup(g, setter(["players"], "Anna, Ben")), 2, "players"))
        out.append((g + "-no-setup", with_header(g, setup=None), 2, "setup"))
        out.append((g + "-options-list", with_setup(g, setter(["options"], [1])), 2, ""))
        out.append((g + "-components-list", with_setup(g, setter(["components"], [1])), 2, ""))
        out.append((g + "-unknown-game", with_header(g, game="chess"), 2, "unknown game"))
        out.append((g + "-format-2", with_header(g, usher=2), 2, "format"))
        out.append((g + "-uid-number", with_header(g, uid=5), 2, "uid"))
        out.append((g + "-created-text", with_header(g, created="yesterday"), 2, "created"))
        out.append((g + "-header-list", "# x\n[1, 2]\n" + second + "\n", 2, "not a JSON object"))
        # -- an undo's n, on its own line
        for n in (0, -1, "x", True, 1.5, 3.0, 3, 10**9):
            out.append(("%s-undo-%r" % (g, n), undo_after_two(g, n), 5, "undo"))
        out.append((g + "-undo-first", with_action(g, 1, '{"t": "undo"}'), 3, "nothing to undo"))
        # -- the line quoted
        out.append((g + "-unknown-action", with_action(g, 3, '{"t": "dance", "p": 0}'), 5, '{"t": "dance", "p": 0}'))
    out += [
        ("showtime-1-player", with_setup("showtime", lambda s: s["players"].__delitem__(slice(1, None))), 2, "2-4"),
        ("showtime-stars-short", with_setup("showtime", setter(["components", "stars"], [[1, 2]] * 4)), 2, "stars"),
        ("showtime-stars-text", with_setup("showtime", setter(["components", "stars"], "1221")), 2, "stars"),
        ("showtime-genres-3", with_setup("showtime", setter(["components", "genres"], [["scifi"]] * 3)), 2, "genres"),
        ("showtime-first-7", with_setup("showtime", setter(["options", "first"], 7)), 2, "start player"),
        ("showtime-cut-5", with_setup("showtime", setter(["options", "cut"], [1, 2, 3, 4, 5])), 2, "Cut"),
        ("showtime-posters", with_setup("showtime", setter(["options", "posters"], "maybe")), 2, "posters"),
        ("showbiz-1-player", with_setup("showbiz", lambda s: s["players"].__delitem__(slice(1, None))), 2, "2-8"),
        ("showbiz-year-13", with_setup("showbiz", setter(["options", "start_year"], 13)), 2, "start year"),
        ("showbiz-points-short", with_setup("showbiz", setter(["components", "points"], [0, 1, 3])), 2, "points"),
        ("showbiz-points-text", with_setup("showbiz", setter(["components", "points"], list("0136111821"[:7]))), 2, ""),
        ("showbiz-ze-text", with_setup("showbiz", setter(["components", "ze"], "15")), 2, "ZE"),
        ("showbiz-counts-text", with_setup("showbiz", setter(["components", "taste", "counts"], ["10"] * 6)), 2, ""),
        ("showbiz-option", with_setup("showbiz", setter(["options", "speed"], 2)), 2, "unknown option"),
        ("showbiz-draws", with_setup("showbiz", setter(["options", "draws"], "magic")), 2, "draws"),
        ("showbiz-public", with_setup("showbiz", setter(["options", "public_money"], "yes")), 2, "public_money"),
        ("showbiz-component", with_setup("showbiz", setter(["components", "ze"], -3)), 2, "ZE"),
        (
            "dice-bag-negative",
            with_setup("dice", setter(["components", "bags", "taste", "counts"], [-1, 1])),
            2,
            "bags",
        ),
        ("dice-bag-kinds", with_setup("dice", setter(["components", "bags", "taste", "kinds"], "rb")), 2, "bags"),
        ("dice-bags-list", with_setup("dice", setter(["components", "bags"], [])), 2, "bags"),
        ("dice-9-dice", with_action("dice", 1, '{"t": "roll", "n": 9, "faces": [1]}'), 3, "1-4 dice"),
        # "not time to place" says what is due instead
        ("showtime-place-before-poster", with_action("showtime", 1, source("showtime")[1][2]), 3, "poster due"),
        ("showtime-place-before-first", with_action("showtime", 2, source("showtime")[1][2]), 4, "start player due"),
        ("showtime-wrong-turn", with_action("showtime", 4, source("showtime")[1][4]), 6, "due: place by Dan"),
        ("showbiz-wrong-pick", with_action("showbiz", 5, '{"t":"pick","p":0,"art":"black"}'), 7, "due: pick by Dev"),
    ]
    return out


CASES = cases()


def test_at_least_80_bad_records_cover_items_3_to_5_for_each_game():
    assert len(CASES) >= 80, len(CASES)
    assert sorted(FILES) == sorted(names())  # every game of the catalog
    for g in FILES:
        assert sum(1 for c in CASES if c[0].startswith(g)) >= 30


@pytest.mark.parametrize("name,content,line,words", CASES, ids=[c[0] for c in CASES])
def test_bad_record_is_one_line_and_exit_1(tmp_path, name, content, line, words):
    path = tmp_path / "bad.rec"
    path.write_bytes(content if isinstance(content, bytes) else content.encode())
    t0 = time.monotonic()
    r = CliRunner().invoke(main, ["score", str(path)])
    assert time.monotonic() - t0 < 10
    assert isinstance(r.exception, SystemExit) and r.exit_code == 1, (r.exception, r.output)
    assert r.stdout == ""
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("invalid record: "), r.stderr
    assert "Traceback" not in r.stderr
    if line:
        assert lines[0].startswith("invalid record: line %d" % line), lines[0]
    else:
        assert lines[0].startswith("invalid record: line "), lines[0]
    assert words in lines[0], lines[0]


def test_an_action_message_names_its_file_line_and_quotes_it(tmp_path):
    head, acts = source("showtime")
    bad = '{"t": "place", "p": 1, "card": 13, "row": 1, "seat": 1, "genre": false}'
    content = text(head, acts[:4]) + "\n# a comment and a blank line before\n" + bad + "\n"
    path = tmp_path / "bad.rec"
    path.write_text(content)
    r = CliRunner().invoke(main, ["score", str(path)])
    assert r.stderr.startswith("invalid record: line 9 (action 5): " + bad + ": "), r.stderr


def controls(tmp_path):
    out = []
    for g in FILES:
        head, acts = source(g)
        out.append((g, text(head, acts).encode()))
        undo = text(head, acts[:2] + ['{"t": "undo", "n": 2}'] + acts[:2] + ['{"t": "undo"}'] + acts[1:])
        out.append((g + "-undos", undo.encode()))
        out.append((g + "-crc", b"".join(encode_line(o) for o in [head] + [json.loads(a) for a in acts])))
        out.append((g + "-bom-crlf", b"\xef\xbb\xbf" + text(head, acts).replace("\n", "\r\n").encode()))
        out.append((g + "-uid", text(dict(head, uid="3f9a0c2b71d4"), acts).encode()))
        out.append((g + "-no-format", text({k: v for k, v in head.items() if k != "usher"}, acts).encode()))
    for name in sorted(os.listdir(RECORDS)):
        if "bad" not in name and "empty" not in name:
            out.append((name, open(os.path.join(RECORDS, name), "rb").read()))
    return out


def test_valid_controls_score_with_exit_0(tmp_path):
    for name, content in controls(tmp_path):
        path = tmp_path / "ok.rec"
        path.write_bytes(content)
        r = CliRunner().invoke(main, ["score", str(path), "--json"])
        assert r.exit_code == 0, (name, r.stderr)
        assert json.loads(r.stdout)["game"] in names(), name


def usher_score(*args, timeout=30):
    return subprocess.run(
        [tool("usher"), "score"] + list(args), capture_output=True, text=True, cwd=ROOT, timeout=timeout
    )


@pytest.mark.parametrize("path", ["/dev/zero", "/dev/urandom", "/", "/no/such/record.rec"])
def test_special_files_are_refused_in_bounded_time_without_traceback(path):
    t0 = time.monotonic()
    p = usher_score(path)
    assert time.monotonic() - t0 < 20
    assert p.returncode == 1 and p.stdout == "", (p.stdout, p.stderr)
    assert len(p.stderr.splitlines()) == 1 and p.stderr.startswith("invalid record: "), p.stderr


def test_json_option_prints_the_result_and_the_default_is_a_table():
    rec = os.path.join(RECORDS, "showtime_2p.rec")
    p = usher_score(rec, "--json")
    assert p.returncode == 0, p.stderr
    got = json.loads(p.stdout)
    assert [(x["name"], x["score"]) for x in got["players"]] == [("Green", 11), ("Yellow", 10)]
    p = usher_score(rec)
    assert p.returncode == 0 and "Green" in p.stdout and "11" in p.stdout
    assert not p.stdout.lstrip().startswith("{")


def test_a_header_message_quotes_the_header_as_written(tmp_path):
    path = tmp_path / "bad.rec"
    path.write_text(with_setup("showbiz", setter(["options", "start_year"], 13)))
    r = CliRunner().invoke(main, ["score", str(path)])
    assert r.stderr.startswith('invalid record: line 2: header: start year is 1-12: {"usher": 1, "game": "showbiz"')
