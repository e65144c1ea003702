"""A sync cut off halfway, and a second command on a
port another one holds, as a person reads them.

A sync cut off mid-transfer (the device gone) says so in a person's words,
not the serial library's; its progress bar stays where the bytes stopped;
its last lines name what was kept (the games brought whole, and how many
bytes of the game it was in) and say to run `usher sync` again, which goes
on from there. A second `usher` on a port whose device waits for a press
for the first is told the device is busy with another laptop request (exit
code 5), and the first one's question is left alone."""

import json
import os
import re

from click.testing import CliRunner
from usher_devkit.bench.sync import PtyDevice
from usher_tools.cli import main
from usher_tools.history.store import History

from host.cli.test_nothing_lost import fake_device
from host.sync import test_sync as ts
from host.sync.test_sync_e2e import finish, logs, usher, wait_for_partial

KEPT = re.compile(
    r"^kept: (?P<whole>(g\d{4}, )*g\d{4}) whole; (?P<name>g\d{4}) (?P<got>[\d,]+) of (?P<size>[\d,]+) bytes$"
)
AGAIN = "run `usher sync` again to go on from there"


def number(text: str) -> int:
    return int(text.replace(",", ""))


def partial(db: str) -> dict:
    h = History(db)
    rows = {r["name"]: r for r in h.all()}
    h.close()
    return rows


def test_a_sync_cut_off_names_what_it_kept_and_the_next_one_goes_on_from_there(tmp_path):
    dev = ts.Device(games=2, rolls=5)
    dev.add_dice(300, seed=9)  # g0003: long enough to be cut in its middle
    sizes = {n: len(dev.log(n)) for n in ("g0001", "g0002", "g0003")}
    # the replies are base64 (4/3) and framed: about 0.7 of them lies within g0003
    dev.port.cut_after = int(sum(sizes.values()) * 1.4 * 0.7)
    db = str(tmp_path / "history.sqlite")
    with fake_device(dev):
        r = CliRunner().invoke(main, ["sync", "--db", db])
    assert r.exit_code == 4, r.output
    lines = r.stderr.strip().splitlines()
    assert lines[-3] == "Error: the device on linked went away (unplugged, or reset?)", lines
    m = KEPT.match(lines[-2])
    assert m, lines[-2]
    assert lines[-1] == AGAIN
    rows = partial(db)
    assert m["whole"] == "g0001, g0002" and all(rows[n]["complete"] for n in ("g0001", "g0002"))
    assert m["name"] == "g0003" and not rows["g0003"]["complete"]
    assert number(m["got"]) == len(rows["g0003"]["data"]) and 0 < number(m["got"]) < sizes["g0003"]
    assert number(m["size"]) == sizes["g0003"]
    # the cable back in: the next sync goes on from the bytes kept
    dev.port.cut_after = -1
    with fake_device(dev):
        r = CliRunner().invoke(main, ["sync", "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    g = {g["name"]: g for g in json.loads(r.stdout)["games"]}["g0003"]
    assert g["action"] == "resumed" and g["from"] == number(m["got"])
    assert partial(db)["g0003"]["data"] == dev.log("g0003")


def test_a_sync_for_scripts_cut_off_says_the_same_on_stderr(tmp_path):
    dev = ts.Device(games=1, rolls=300)
    dev.port.cut_after = len(dev.log("g0001"))
    db = str(tmp_path / "history.sqlite")
    with fake_device(dev):
        r = CliRunner().invoke(main, ["sync", "--db", db, "--json"])
    assert r.exit_code == 4 and r.stdout == "", r.output
    lines = r.stderr.strip().splitlines()
    assert re.match(r"^kept: g0001 [\d,]+ of [\d,]+ bytes$", lines[-2]) and lines[-1] == AGAIN, lines


def test_a_device_unplugged_mid_sync_is_said_in_a_persons_words_and_the_bar_stays_where_it_stopped(tmp_path):
    folder, db = str(tmp_path / "flash"), str(tmp_path / "history.sqlite")
    with PtyDevice(folder, ("--make", "3,5", "--grow", "g0003,600", "--slow", "16")) as dev:
        sizes = {n: len(d) for n, d in logs(folder).items()}
        proc = usher("sync", "--port", dev.path, "--timeout", "3", db=db)
        wait_for_partial(db)
        dev.kill()
        code, out, err = finish(proc)
    assert code == 4, (out, err)
    lines = err.strip().splitlines()
    assert lines[-3] == "Error: the device on %s went away (unplugged, or reset?)" % dev.path, err
    m = KEPT.match(lines[-2])
    assert m and m["whole"] == "g0001, g0002" and m["name"] == "g0003", err
    assert number(m["size"]) == sizes["g0003"] and number(m["got"]) == len(partial(db)["g0003"]["data"])
    assert lines[-1] == AGAIN
    assert "readiness" not in err and "Errno" not in err and "Exception" not in err
    # the bar ends where the bytes stopped, not on a whole "33.4/33.4 kB"
    (bar,) = [ln for ln in lines if " kB" in ln]
    got, total = (float(x) for x in re.search(r"([\d.]+)/([\d.]+) kB", bar).groups())
    assert got < total, bar


def test_a_second_usher_on_a_port_whose_device_waits_for_a_press_is_told_it_is_busy(tmp_path):
    folder, db = str(tmp_path / "flash"), str(tmp_path / "history.sqlite")
    with PtyDevice(folder, ("--make", "1,2")) as dev:
        first = usher("roster", "push", "Anna", "Ben", "--port", dev.path, "--wait", "20")
        dev.wait_log("ask: Set the players to: Anna, Ben?", timeout=15)
        code, out, err = finish(usher("sync", "--port", dev.path, db=db))
        assert code == 5, (out, err)
        assert err.strip().splitlines() == [
            "Error: the device on %s is busy with another laptop request (another usher command, perhaps waiting"
            " for a press on the device): let it finish, then try again" % dev.path
        ]
        assert not os.path.exists(db) or "g0001" not in json.dumps(partial(db))
        dev.press("yes")  # the first one's question was left alone: it goes on
        code, out, err = finish(first)
        assert code == 0, err
        assert json.load(open(os.path.join(folder, "settings.json")))["roster"] == ["Anna", "Ben"]
