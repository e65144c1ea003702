"""A press answers quickly on the Pico's own MicroPython (the rp2 port,
v1.28.0 RPI_PICO, on an emulated RP2040), and pushes only what it changed:
a short fixed walk over the shell's screens, each press's
emulated ms (from the moment it takes effect to the panel's last byte) and
bytes held against bounds a little above what the firmware reached.

The bounds are ratios to the same run's own full-frame push (the panel's
clear at power-on: converting and sending a whole frame), so they hold the
firmware's share of a press, whatever the laptop's speed, and a change of
the bus or the converter moves the unit with it."""

import pytest
from pico_board import deployed, need_pico
from usher_tools.emulator.board import Pico, PicoConfig
from usher_tools.emulator.script import press_times, run_script

# From a fresh Home: three cursor moves down to Settings, open it, a move,
# open Brightness, two value changes, and back twice (each a screen redrawn
# whole under the one that closed).
SCRIPT = "next\nnext\nnext\nok\nnext\nok\nprev\nprev\nback\nback\n"
KINDS = ["cursor", "cursor", "cursor", "open", "cursor", "open", "value", "value", "close", "close"]

# kind -> (most ms per press, most panel bytes per press), as ratios to the
# run's full-frame push time and bytes. Reached (emulated 125 MHz, files
# deploy): LCD full frame 16.9 ms / 64,800 bytes, OLED 23.5 ms / 1,026. A
# key's edge (and a held key read up) ends the app's sleep (4 ms slices),
# and a change from a settled level counts at once, so the ms bounds leave
# about a slice and a few ms above the worst reached. Before (0dc8c36: a
# debounce wait, no wake, Python text) the LCD's cursor moves were
# 2.80-3.01x, its values 2.05-2.43x; with the wait of 10 ms (da6f5e6)
# 1.31-1.52x and 1.19-1.31x.
BOUNDS = {
    "lcd114": {
        "cursor": (1.3, 0.31),  # reached 0.76-0.94x (13-16 ms): two rows, 19,211 bytes (0.30)
        "value": (1.1, 0.10),  # reached 0.53-0.70x (9-12 ms): the digits, 5,995 bytes (0.09)
        # a new screen is whole; the first loads Settings' code (7.5x while opening
        # Settings loaded usher.device and usher.board.saved, d3ca8a1..fe0939e)
        "open": (6.0, 1.02),  # reached 1.74-4.89x
        "close": (3.4, 1.02),  # reached 1.83-2.47x (Home comes back after the screens it loaded are dropped)
    },
    "oled": {
        # the OLED's Home scrolls at its fourth row: that move is whole
        "cursor": (1.9, 1.02),  # reached 1.03-1.63x; 650 bytes (0.63) within a page of rows
        "value": (0.6, 0.10),  # reached 0.23-0.32x: 70 bytes (0.07)
        "open": (4.0, 1.02),  # reached 1.62-3.46x (4.78x while Settings loaded usher.device)
        "close": (2.5, 1.02),  # reached 1.55-1.93x
    },
}


def full_frame(events: list, frame_bytes: int) -> tuple:
    """(ms, bytes) of the first whole-frame push in the bus events: from the
    bus write before it (the window or RAMWR command) to its last byte. The
    harness may cut one push into runs (an interrupt between two DMA
    blocks): the runs that follow each other, with no command between them,
    are one push."""
    for i, (_, n) in enumerate(events):
        if n >= 256 and i > 0:  # pixel data, after its command
            j, total = i, n
            while total < frame_bytes and j + 1 < len(events) and events[j + 1][1] >= 256:
                j += 1
                total += events[j][1]
            if total >= frame_bytes:
                return (events[j][0] - events[i - 1][0]) / 1000, total
    raise AssertionError("no full-frame push at power-on: %r" % events[:20])


@pytest.fixture(scope="module", params=["lcd114", pytest.param("oled", marks=pytest.mark.long)])
def walk(request, tmp_path_factory):
    uf2 = need_pico()
    profile = request.param
    flash = deployed(tmp_path_factory.mktemp("pico-press-" + profile), profile)
    with Pico(PicoConfig(profile=profile, flash=flash, uf2=uf2)) as pico:
        pico.boot()
        boot_events = list(pico.events)
        result = run_script(pico, SCRIPT)
        times = press_times(pico)
    w, h = pico.size
    frame = w * h * 2 if profile == "lcd114" else w * h // 8
    return profile, result, times, full_frame(boot_events, frame)


def test_every_press_of_the_walk_is_answered(walk):
    profile, result, times, _ = walk
    assert result["error"] == "", result["error"]
    answered = [n for _, _, _, n in times]
    assert answered == list(range(len(KINDS))), times  # each press pushed something


def test_each_press_answers_within_its_bound(walk):
    profile, _, times, (full_ms, full_bytes) = walk
    assert 5 < full_ms < 40, full_ms  # a whole frame: 17 ms on the LCD at 62.5 MHz, 23 on the OLED's 400 kHz
    over = []
    rows = []
    for key, ms, sent, n in times:
        kind = KINDS[n]
        most_ms, most_bytes = BOUNDS[profile][kind]
        row = (n, key, kind, ms, ms / full_ms, sent, sent / full_bytes)
        rows.append("%d %s %s: %.1f ms (%.2fx), %d bytes (%.2f)" % row)
        if ms > most_ms * full_ms or sent > most_bytes * full_bytes:
            over.append(rows[-1])
    report = "full frame %.1f ms, %d bytes\n" % (full_ms, full_bytes) + "\n".join(rows)
    print(report)
    assert not over, "over the bound:\n" + "\n".join(over) + "\n\n" + report


class _Recorded:
    """What press_times reads from a Pico: its presses, panel writes and host bytes."""

    keymap = {"A": "ok", "down": "next"}

    def __init__(self, presses, events, host):
        self.presses = presses
        self.events = events
        self.cdc_in_log = host


def test_a_press_is_timed_from_when_it_takes_effect_to_its_last_panel_byte():
    pico = _Recorded(
        [
            {"key": "down", "down_us": 1000, "up_us": 81000, "events": 0},
            {"key": "A", "down_us": 200000, "up_us": 280000, "events": 2},
        ],
        [(13000, 100), (15000, 900), (290000, 64000), (300000, 11)],
        [],
    )
    # next counts on the press, ok on its release
    assert press_times(pico) == [("down", 14.0, 1000, 0), ("A", 20.0, 64011, 1)]


def test_what_the_panel_shows_after_the_host_speaks_is_not_the_press():
    # a sync between two presses redraws (its toast): not the press's answer
    pico = _Recorded(
        [{"key": "A", "down_us": 0, "up_us": 80000, "events": 0}],
        [(95000, 64000), (4_000_000, 64000), (4_100_000, 64000)],
        [(1_000_000, 40)],
    )
    assert press_times(pico) == [("A", 15.0, 64000, 0)]
