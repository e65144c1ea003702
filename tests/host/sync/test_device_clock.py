"""Dates on a real Pico: the laptop sets the device's
clock with every hello; a game begun while the clock was never set is marked
in its header and its list entry, and the history dates it from the sync and
`usher show` says so. (The device's side is in tests/portable/test_app_laptop.py.)"""

import time

from click.testing import CliRunner
from usher.core.match import Match
from usher.games.catalog import load_game
from usher_tools.cli import main
from usher_tools.history.export import play_date, when
from usher_tools.history.store import History

from host.sync import test_sync as ts

PICO_BOOT = 1609459200  # 2021-01-01: where a Pico's RTC starts after power-on


def test_every_hello_sends_the_laptops_time_and_zone():
    dev = ts.Device(games=0)
    with dev.client() as c:
        info = c.hello()
    assert info["clock"] is True
    t, tz = dev.link.clock
    assert abs(t - time.time()) < 5
    assert tz == time.localtime(t).tm_gmtoff


def test_a_game_begun_with_the_clock_unset_is_dated_from_the_sync(tmp_path):
    dev = ts.Device(games=0)
    g = load_game("dice")
    setup = g.make_setup([{"name": "Anna", "colour": 0}], {}, {})
    # the Pico's clock after power-on: a plausible date, and a wrong one
    m = Match.start(dev.storage, dev.library.new_name(), g, setup, PICO_BOOT + 600, clock_set=False)
    dev.library.add(m)
    assert m.header["clock"] == "unset"
    db = str(tmp_path / "history.sqlite")
    h = History(db)
    before = int(time.time())
    ts.sync(dev, h)
    row = h.get(ts.DEVICE_ID, m.name)
    h.close()
    assert row["device_view"]["clock"] == "unset"
    assert when(row) >= before  # the sync's time, not 2021
    assert play_date(row).startswith(time.strftime("%Y-%m-%d", time.localtime(row["synced_at"])))
    got = CliRunner().invoke(main, ["games", "--db", db])
    assert "2021-01-01" not in got.output, got.output
    got = CliRunner().invoke(main, ["show", m.name, "--db", db])
    assert got.exit_code == 0, got.output
    assert "the date of the sync: the device's clock was not set" in got.output


def test_a_game_begun_with_the_clock_set_keeps_its_own_date(tmp_path):
    dev = ts.Device(games=1)
    db = str(tmp_path / "history.sqlite")
    h = History(db)
    ts.sync(dev, h)
    row = h.get(ts.DEVICE_ID, "g0001")
    h.close()
    assert "clock" not in row["device_view"]
    assert when(row) == row["created"]
    got = CliRunner().invoke(main, ["show", "g0001", "--db", db])
    assert "clock was not set" not in got.output
