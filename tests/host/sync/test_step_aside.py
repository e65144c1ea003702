"""`usher deploy` first asks a running Usher to step aside (op "repl"), as
its app ignores mpremote's Ctrl-C. A request that goes unanswered is sent
again (the emulated Pico lost the first one after a blank board's first
boot, and the deploy then hung on mpremote); a board at its REPL is left
after one try."""

import time

from usher_tools.link.client import step_aside

from host.sync import test_sync as ts


class LosesFirstRequest(ts.LinkedPort):
    """The device misses the first line the laptop sends."""

    def __init__(self, link, dev):
        super().__init__(link, dev)
        self.lost = 0

    def write(self, data):
        if not self.lost:
            self.lost = 1
            self.requests.append(bytes(data))
            return len(data)
        return super().write(data)


class ReplPort:
    """MicroPython's REPL on the port: each line echoed, a SyntaxError, the prompt."""

    port = "repl"

    def __init__(self):
        self.out = bytearray()
        self.writes = 0

    def write(self, data):
        self.writes += 1
        self.out += (
            bytes(data).rstrip(b"\n") + b"\r\nTraceback (most recent call last):\r\nSyntaxError: invalid syntax\r\n>>> "
        )
        return len(data)

    def flush(self):
        pass

    @property
    def in_waiting(self):
        return len(self.out)

    def read(self, n=1):
        got = bytes(self.out[:n])
        del self.out[:n]
        return got

    def close(self):
        pass


class SilentPort(ReplPort):
    def write(self, data):
        self.writes += 1
        return len(data)


def test_usher_steps_aside_at_the_first_request():
    dev = ts.Device(games=0)
    assert step_aside(dev.port, timeout=0.5)
    assert dev.link.to_repl and len(dev.port.requests) == 1


def test_a_lost_request_is_sent_again_and_usher_steps_aside():
    dev = ts.Device(games=0)
    port = LosesFirstRequest(dev.link, dev.serial)
    assert step_aside(port, timeout=0.3)
    assert dev.link.to_repl and len(port.requests) == 2


def test_a_board_at_its_repl_is_left_after_one_try():
    port = ReplPort()
    t0 = time.monotonic()
    assert step_aside(port, timeout=0.3, tries=3) is False
    assert port.writes == 1 and time.monotonic() - t0 < 0.6


def test_a_silent_port_gets_every_try_then_false():
    port = SilentPort()
    assert step_aside(port, timeout=0.1, tries=3) is False
    assert port.writes == 3
