"""No leaks: each operation a person or a laptop makes,
repeated 20 times on the MicroPython VM (compiled firmware, 64-bit), and the
heap in use at Home after a collection must come back within 2 KB.

Driven by devkit/usher_devkit/kit/memloop.py (the app stepped by its own tick(),
a real folder as its flash holding 50 saved games, a fake USB serial; back at
Home each time with the link dropped). The figure compared is the heap after
the first run: MicroPython interns the names of the code it loads once per
boot and for good, and its table of names grows by doubling (a first
Showbiz game, or the first use of every title and the link, adds ~4 and
~19 KB on the 64-bit VM). That is paid once and bounded (see `every`:
every operation in turn, again and again, adds nothing), not a leak; the
first run's cost is printed and in `make bench`.

`make soak` runs each operation 100 times and every operation in turn 20 times."""

import os

import pytest
from usher_devkit import memsoak

KB2 = 2048
SOAK = bool(os.environ.get("USHER_SOAK"))
OPS = [op for op in memsoak.OPS if op != "every"]


def check(r: dict) -> None:
    assert r["recoveries"] == 0, r
    after = r["after"]
    assert after[-1] - r["first"] <= KB2, (r["op"], r["first"], after)
    assert max(after) - r["first"] <= KB2, (r["op"], r["first"], after)  # not on the way either
    print(
        "\n%s: at Home %d after the first run (%+d), %+d after %d more; peak %d"
        % (r["op"], r["first"], r["first_cost"], r["growth"], len(after), r["peak"])
    )


@pytest.mark.parametrize("op", OPS)
def test_twenty_repeats_leave_the_heap_at_home_as_they_found_it(op):
    check(memsoak.run(op, 20))


def test_every_operation_in_turn_adds_nothing_once_each_has_run():
    check(memsoak.run("every", 3))


@pytest.mark.soak
@pytest.mark.parametrize("op", OPS)
def test_a_hundred_repeats(op):
    check(memsoak.run(op, 100, timeout=3600))


@pytest.mark.soak
def test_every_operation_in_turn_twenty_times():
    check(memsoak.run("every", 20, timeout=3600))
