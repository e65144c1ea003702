"""List a virtual flash image's files (runs on the MicroPython VM):

    echo '{"flash": PATH, "blocks": N}' | micropython simdump.py

Mounts the image read-only with the same LittleFS the device uses and prints
one JSON object: {"mounted": bool, "files": {path: hex of the content}}.
The arguments come on stdin: argv strings of 256 bytes kill this VM.
"""

import binascii
import json
import os
import sys

import vfs


class ReadOnlyFlash:
    def __init__(self, path: str, blocks: int) -> None:
        self.f = open(path, "rb")
        self.blocks = blocks

    def readblocks(self, n: int, buf, off: int = 0) -> None:
        self.f.seek(n * 4096 + off)
        self.f.readinto(buf)

    def writeblocks(self, n: int, buf, off=None) -> None:
        raise OSError(30)  # EROFS: looking must not change the evidence

    def ioctl(self, op: int, arg: int):
        if op == 4:
            return self.blocks
        if op == 5:
            return 4096
        if op == 6:
            raise OSError(30)
        return 0


def walk(top: str, out: dict) -> None:
    for entry in os.ilistdir(top):
        name, kind = entry[0], entry[1]
        path = top + "/" + name
        if kind == 0x4000:
            walk(path, out)
        else:
            with open(path, "rb") as f:
                out[path[len("/flash/") :]] = binascii.hexlify(f.read()).decode()


def main() -> None:
    cfg = json.loads(sys.stdin.read())
    dev = ReadOnlyFlash(cfg["flash"], cfg["blocks"])
    try:
        vfs.mount(vfs.VfsLfs2(dev, progsize=256), "/flash", readonly=True)
    except OSError as e:
        print(json.dumps({"mounted": False, "error": repr(e), "files": {}}))
        return
    files: dict = {}
    walk("/flash", files)
    print(json.dumps({"mounted": True, "files": files}))


main()
