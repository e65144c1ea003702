"""The emulated flash takes the chip's own time when asked (USHER_FLASH_TIME):
rp2040js erases and programs the flash in no time at all, where the Pico's
chip takes 45 ms a 4 KB sector erase (typical), so a press that appends to a
record looked 45 ms faster than it is."""

import math
import re

from usher_tools.emulator.board import FLASH_TYPICAL_US, flash_us

from host.pico.test_pico_board import boot
from host.pico.test_pico_uf2 import need_uf2

WRITE = (
    "import time\n"
    "t = time.ticks_us()\n"
    "with open('/data/t.bin', 'wb') as f:\n"
    "    f.write(b'x' * 9000)\n"
    "print('US', time.ticks_diff(time.ticks_us(), t))\n"
)


def test_the_flash_time_comes_from_the_environment(monkeypatch):
    monkeypatch.delenv("USHER_FLASH_TIME", raising=False)
    assert flash_us() == [45_000, 400] == list(FLASH_TYPICAL_US)  # the chip's, unless told
    monkeypatch.setenv("USHER_FLASH_TIME", "none")
    assert flash_us() is None  # rp2040js's own: no time
    monkeypatch.setenv("USHER_FLASH_TIME", "1000,20")
    assert flash_us() == [1000, 20]


def test_a_file_write_takes_the_chips_time_when_asked(tmp_path, monkeypatch):
    uf2 = need_uf2()
    took = {}
    for v in ("none", "20000,300"):
        monkeypatch.setenv("USHER_FLASH_TIME", v)
        files = {"data/profile.txt": b"lcd114\n"}
        with boot(str(tmp_path / ("f%s.img" % len(took))), "lcd114", uf2, files) as pico:
            n = len(pico.flash_log)
            out = pico.raw_exec(WRITE)
            us = int(re.search(r"US (\d+)", out).group(1))  # type: ignore[union-attr]
            ops = [(f["kind"], f["length"]) for f in pico.flash_log[n:]]
        took[v] = (us, ops)
    (fast, ops), (slow, ops_timed) = took["none"], took["20000,300"]
    assert ops == ops_timed and any(k == "erase" for k, _ in ops), ops
    owed = sum(math.ceil(n / 4096) * 20_000 if k == "erase" else math.ceil(n / 256) * 300 for k, n in ops)
    # the difference is the chip's time, to within the timer's reads between runs of instructions
    assert abs((slow - fast) - owed) < 1_000, (fast, slow, owed, ops)
