"""The virtual flash (runs on the MicroPython VM): a block device in a file on
the laptop, for `vfs.VfsLfs2`, with the rp2 port's geometry and interface
(4096-byte erase blocks, LittleFS prog size 256, extended readblocks/
writeblocks with an offset and ioctl 6 = erase). The file lives outside the
heap; only a 256-byte erase pattern is held here.

A power cut: `arm(n)` lets n more flash writes (programs or erases) through;
the next one is dropped (or lands half written when `torn`), the host is told
and kills this process. Everything written before is already in the file, as
it would be on the chip.
"""

import simlink
from micropython import const

BLOCK = const(4096)
_ERASE = const(256)


class FileFlash:
    def __init__(self, path: str, blocks: int, link) -> None:
        self.f = open(path, "r+b")
        self.blocks = blocks
        self.link = link
        self.ops = 0  # programs + erases since boot
        self.left = -1  # writes still allowed before the power cut; -1 = no cut armed
        self.torn = False
        self.ff = None

    def arm(self, n: int, torn: bool = False) -> None:
        self.left = n
        self.torn = torn

    def _spend(self, buf=None) -> None:
        if self.left < 0:
            return
        if self.left == 0:
            if self.torn and buf is not None:
                self.f.write(memoryview(buf)[: len(buf) // 2])
            self.link.halt(simlink.CUT)
        self.left -= 1

    def readblocks(self, n: int, buf, off: int = 0) -> None:
        self.f.seek(n * BLOCK + off)
        self.f.readinto(buf)

    def writeblocks(self, n: int, buf, off=None) -> None:
        if off is None:  # the simple interface: whole blocks, erased first
            for k in range(len(buf) // BLOCK):
                self._erase(n + k)
            off = 0
        self.f.seek(n * BLOCK + off)
        self._spend(buf)
        self.f.write(buf)
        self.ops += 1

    def _erase(self, n: int) -> None:
        if self.ff is None:
            self.ff = b"\xff" * _ERASE
        self.f.seek(n * BLOCK)
        self._spend()
        for _ in range(BLOCK // _ERASE):
            self.f.write(self.ff)
        self.ops += 1

    def ioctl(self, op: int, arg: int):
        if op == 4:
            return self.blocks
        if op == 5:
            return BLOCK
        if op == 6:
            self._erase(arg)
            return 0
        if op in (1, 2, 3):
            return 0
        return None
