"""Power-on on the Pico: the board and safe mode (usher.poweron, let go at
once), then the app. Kept out of usher.app so its code is not in RAM while
Usher runs; and small, as it stays while boot() runs the app."""

import sys

from usher.app import run

# a sleep goes in slices this long, after each of which `wake` may end it:
# a key's edge is polled ~2 ms after it comes, not up to a tick later
WAKE_MS = 4


class DeviceClock:
    """The Pico's clock: wrap-safe ticks and the RTC's seconds. `wake`, if
    the app sets it, is asked after each slice of a sleep whether to end it
    (a key's edge interrupt came: usher.board.buttons.Buttons.edge)."""

    def __init__(self, time_mod) -> None:
        self.t = time_mod
        self.wake = None

    def ticks_ms(self) -> int:
        return self.t.ticks_ms()

    def ticks_diff(self, a: int, b: int) -> int:
        return self.t.ticks_diff(a, b)

    def sleep_ms(self, ms: int) -> None:
        wake = self.wake
        if wake is None or ms <= 0:
            self.t.sleep_ms(ms)
            return
        while ms > 0:
            s = WAKE_MS if ms > WAKE_MS else ms
            self.t.sleep_ms(s)
            ms -= s
            if wake():
                return

    def time(self) -> int:
        return self.t.time()


def boot(root: str = "/data", ticks: int = -1) -> None:
    """Entry from main.py on the Pico (tests pass a folder and a tick count).
    The one-shot work is usher.poweron's, let go before the app runs: this
    function's frame lives as long as Usher, and so does this module."""
    import time

    from usher.memory import unload

    got = __import__("usher.poweron", None, None, ["start"]).start(root)
    unload(("usher.poweron",))
    if got is None:
        return
    del sys.modules["usher.boot"]  # this module's work is done
    # a 0x03 on the USB serial is a byte for the link, not a KeyboardInterrupt:
    # stray Ctrl-C, Ctrl-D or a raw-REPL request never stop a game in play.
    # Tools get in by asking the link (op "repl", as `usher deploy` does) or
    # by safe mode at power-on.
    intr = getattr(__import__("micropython"), "kbd_intr", None)
    if intr is not None:
        intr(-1)
    try:
        run(got[0], DeviceClock(time), got[1], got[2], seed=got[3], ticks=ticks)
    finally:
        if intr is not None:
            intr(3)
    print("Usher stepped aside: the REPL is yours (Ctrl-D starts Usher again)")
