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
from usher_tools.pico.device import Pico, PicoConfig, press_times, run_script

# From a fresh Home: three cursor moves down to Settings, open it, a move,
# open Brightness, two value changes, and back twice (each a screen redrawn
# whole under the one that closed).
SCRIPT = "next\nnext\nnext\nok\nnext\nok\nprev\nprev\nback\nback\n"
KINDS = ["cursor", "cursor", "cursor", "open", "cursor", "open", "value", "value", "close", "close"]

# kind -> (most ms per press, most panel bytes per press), as ratios to the
# run's full-frame push time and bytes. Reached (emulated 125 MHz, files
# deploy): LCD full frame 16.9 ms / 64,800 bytes, OLED 23.5 ms / 1,026. A
# key's edge ends the app's sleep (4 ms slices) and the press counts 10 ms
# later (the debounce), so the ms bounds leave about a slice and a debounce
# above the worst reached. Before the edge wake and the machine-code text
# (0dc8c36) the LCD's cursor moves were 2.80-3.01x, its values 2.05-2.43x.
BOUNDS = {
    "lcd114": {
        "cursor": (2.2, 0.31),  # reached 1.31-1.52x (22-26 ms): two rows, 19,211 bytes (0.30)
        "value": (2.0, 0.10),  # reached 1.19-1.31x (20-22 ms): the digits, 5,995 bytes (0.09)
        "open": (8.0, 1.02),  # reached 3.32-6.46x: a new screen is whole
        "close": (5.5, 1.02),  # reached 3.89-4.34x (Home comes back after the screens it loaded are dropped)
    },
    "oled": {
        # the OLED's Home scrolls at its fourth row: that move is whole
        "cursor": (2.9, 1.02),  # reached 1.42-2.14x; 650 bytes (0.63) within a page of rows
        "value": (1.5, 0.10),  # reached 0.74-0.81x: 70 bytes (0.07)
        "open": (5.5, 1.02),  # reached 2.74-4.44x
        "close": (4.2, 1.02),  # reached 2.87-3.19x
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


@pytest.fixture(scope="module", params=["lcd114", "oled"])
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
