"""The clock handed to the app (runs on the MicroPython VM).

Lockstep: time stands still between sleeps; each sleep_ms is an exchange with
the host, which advances the virtual time and answers with the new ticks, so a
scripted run is deterministic and as fast as the code runs. Live: real time,
and each sleep still exchanges with the host to pick up the buttons.
Ticks wrap at 2**30 as MicroPython's do.
"""

import time

from micropython import const

_MASK = const(0x3FFFFFFF)
_HALF = const(0x20000000)


def ticks_diff(a: int, b: int) -> int:
    return ((a - b + _HALF) & _MASK) - _HALF


class LockstepClock:
    def __init__(self, link, ticks0: int, time0: int) -> None:
        self.link = link
        link.ticks = ticks0 & _MASK
        link.time = time0

    def ticks_ms(self) -> int:
        return self.link.ticks

    def ticks_diff(self, a: int, b: int) -> int:
        return ((a - b + _HALF) & _MASK) - _HALF

    def ticks_add(self, t: int, d: int) -> int:
        return (t + d) & _MASK

    def sleep_ms(self, n: int) -> None:
        self.link.sync(n if n > 0 else 0)

    def time(self) -> int:
        return self.link.time


class LiveClock:
    def __init__(self, link, epoch_known: bool = True) -> None:
        self.link = link
        self.known = epoch_known

    def ticks_ms(self) -> int:
        return time.ticks_ms()

    def ticks_diff(self, a: int, b: int) -> int:
        return ((a - b + _HALF) & _MASK) - _HALF

    def ticks_add(self, t: int, d: int) -> int:
        return (t + d) & _MASK

    def sleep_ms(self, n: int) -> None:
        if n > 0:
            time.sleep_ms(n)
        self.link.sync(n if n > 0 else 0)

    def time(self) -> int:
        return int(time.time()) if self.known else 0
