"""Copy files into the LittleFS of a Pico's 2 MiB flash image (runs on the
MicroPython unix VM, whose VfsLfs2 is the rp2 port's: 4096-byte blocks,
prog size 256), as `usher deploy` would leave them; the tests' quick way to a
deployed board. Arguments on stdin, as JSON:
{"image": PATH, "offset": BYTES, "blocks": N, "files": [[SRC, DST], ...]}"""

import json
import sys

import vfs


class Part:
    def __init__(self, path, offset, blocks):
        self.f = open(path, "r+b")
        self.base = offset
        self.blocks = blocks

    def readblocks(self, n, buf, off=0):
        self.f.seek(self.base + n * 4096 + off)
        self.f.readinto(buf)

    def writeblocks(self, n, buf, off=None):
        if off is None:
            for k in range(len(buf) // 4096):
                self.ioctl(6, n + k)
            off = 0
        self.f.seek(self.base + n * 4096 + off)
        self.f.write(buf)

    def ioctl(self, op, arg):
        if op == 4:
            return self.blocks
        if op == 5:
            return 4096
        if op == 6:
            self.f.seek(self.base + arg * 4096)
            self.f.write(b"\xff" * 4096)
            return 0
        return 0


def mkdirs(path):
    import os

    parts = path.split("/")[:-1]
    for i in range(1, len(parts) + 1):
        try:
            os.mkdir("/".join(parts[:i]))
        except OSError:
            pass


def main():
    import os

    job = json.loads(sys.stdin.read())
    dev = Part(job["image"], job["offset"], job["blocks"])
    try:
        vfs.mount(vfs.VfsLfs2(dev, progsize=256), "/pico")
    except OSError:
        vfs.VfsLfs2.mkfs(dev, progsize=256)
        vfs.mount(vfs.VfsLfs2(dev, progsize=256), "/pico")
    os.chdir("/pico")
    for src, dst in job["files"]:
        mkdirs(dst)
        with open(src, "rb") as f:
            data = f.read()
        with open(dst, "wb") as f:
            f.write(data)
    vfs.umount("/pico")
    print("ok %d" % len(job["files"]))


main()
