"""A sync over the rp2 port's own USB serial (TinyUSB CDC on an emulated
RP2040) with the real `usher` client: three games, one of them an unfinished
Showbiz game whose secrets leave only after OK on the device. Every record
lands in the history byte for byte as the device's flash holds it. Before
the sync, hostile bytes (4 KB of noise and a 3 KB line, past the link's
1,536-byte line; Ctrl-C, Ctrl-D, a raw-REPL request) change nothing on the
screen and wake no REPL (test_pico_hostile's longer run, with a move made
after them, is in make test-long)."""

import json
import os
import random
import sqlite3
import subprocess
import sys
import time

import pytest
from pico_board import deployed, need_pico
from tooling import ROOT
from usher_devkit.pico_probe import to_device_pending
from usher_tools.emulator.board import Pico, PicoConfig
from usher_tools.emulator.flash import flash_files, write_files
from usher_tools.paths import use_firmware

USHER = [sys.executable, "-m", "usher_tools.cli"]
RECORDS = os.path.join(ROOT, "tests", "records")


def device_record(name: str, keep: int = 0) -> bytes:
    """A hand-written record as the device writes it: a CRC on every line,
    no comments; `keep` actions only (0: all)."""
    use_firmware()
    from usher.core.record import encode_line

    rows = []
    with open(os.path.join(RECORDS, name)) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                rows.append(json.loads(line))
    if keep:
        rows = rows[: keep + 1]
    return b"".join(encode_line(r) for r in rows)


def drive(pico, args, env, press_on_ask=False, limit_s=600):
    proc = subprocess.Popen(USHER + args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    t0 = time.monotonic()
    start = len(pico.serial_out)
    pressed = False
    while proc.poll() is None:
        pico.pump(0.05, until_sleep=False)
        if press_on_ask and not pressed and b'"pending"' in bytes(pico.serial_out[start:]):
            pico.run_for(300)  # the ask is drawn; the person reads it and presses ok
            pico.press(pico.resolve("ok"))
            pico.run_for(100)
            pico.release(pico.resolve("ok"))
            pressed = True
        if time.monotonic() - t0 > limit_s:
            proc.kill()
            pytest.fail("%s did not finish" % args)
    out, err = proc.communicate()
    return proc.returncode, out, err, pressed


@pytest.fixture(scope="module")
def synced(tmp_path_factory):
    uf2 = need_pico()
    tmp = tmp_path_factory.mktemp("pico-sync")
    flash = deployed(tmp, "lcd114", seed=None)
    games = {
        "data/g0001.log": device_record("showtime_2p.rec"),
        "data/g0002.log": device_record("films_example.rec"),
        "data/g0003.log": device_record("showbiz_4p.rec", keep=60),  # unfinished: bids and ZE are secret
    }
    write_files(flash, games)
    env = dict(os.environ, USHER_DB=str(tmp / "history.sqlite"))
    with Pico(PicoConfig(profile="lcd114", flash=flash, uf2=uf2, live=True)) as pico:
        pico.boot()
        hostile = hostile_bytes(pico)
        got = drive(pico, ["sync", "--port", pico.pty_path, "--json"], env, press_on_ask=True)
        again = drive(pico, ["sync", "--port", pico.pty_path, "--json"], env, press_on_ask=False)
    return got, again, flash, tmp / "history.sqlite", games, hostile


def hostile_bytes(pico) -> tuple:
    """Garbage on the serial line while the game shows: (what the device
    said back, whether its screen stayed as it was)."""
    rng = random.Random(17)
    shown = pico.image().copy()
    start = len(pico.serial_out)
    for chunk in (
        bytes(rng.randrange(256) for _ in range(4096)),
        b"\n" + b"x" * 3072 + b"\n",
        b"\x03",  # Ctrl-C
        b"\x04",  # Ctrl-D
        b"\r\x03\x03\r\x01",  # what mpremote sends for the raw REPL
    ):
        pico.send_serial(chunk)
        pico.run_for(300)
    while to_device_pending(pico):
        pico.run_for(300)
    pico.run_for(1000)  # the link's quiet time: it lets go before the sync
    return bytes(pico.serial_out[start:]), bool((pico.image() == shown).all())


def test_hostile_bytes_before_the_sync_change_nothing(synced):
    said, same = synced[5]
    assert b"raw REPL" not in said and b">>>" not in said and b"Traceback" not in said, said[-500:]
    assert same, "the game's screen changed under the garbage"


def test_sync_over_the_rp2_ports_usb_brings_every_game(synced):
    (code, out, err, pressed) = synced[0]
    assert code == 0, (out[-2000:], err[-2000:])
    assert pressed, "the device never asked for the unfinished Showbiz game"


def test_each_record_in_the_history_is_byte_identical_to_the_flash(synced):
    _, _, flash, db, games, _ = synced
    on_flash = flash_files(flash)
    con = sqlite3.connect(str(db))
    rows = {n: (bytes(d), c, st) for n, d, c, st in con.execute("SELECT name, data, complete, status FROM games")}
    assert sorted(rows) == ["g0001", "g0002", "g0003"], sorted(rows)
    for path, want in games.items():
        name = path.split("/")[1][: -len(".log")]
        assert on_flash[path] == want  # the device kept what was written
        data, complete, status = rows[name]
        assert data == on_flash[path], (name, len(data), len(on_flash[path]))
        assert complete, (name, status)


def test_a_second_sync_changes_nothing(synced):
    (code, out, err, pressed) = synced[1]
    assert code == 0, (out[-2000:], err[-2000:])
    assert not pressed
