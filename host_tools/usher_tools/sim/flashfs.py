"""Read a virtual flash image from the laptop: mount it read-only on the
MicroPython VM (the same LittleFS code as the device) and list its files."""

import binascii
import json
import os
import subprocess

from usher_tools.paths import tool, vm_env
from usher_tools.sim.runner import PICO_BLOCKS, VM_DIR


class FlashImage:
    def __init__(self, mounted: bool, files: dict, error: str = "") -> None:
        self.mounted = mounted
        self.files = files  # path under /flash -> bytes
        self.error = error


def read_image(path: str, blocks: int = PICO_BLOCKS, heap: str = "256K") -> FlashImage:
    """`heap`: the reading VM's own (every file is held at once, as hex)."""
    proc = subprocess.run(
        [tool("micropython"), "-X", "heapsize=" + heap, os.path.join(VM_DIR, "simdump.py")],
        input=json.dumps({"flash": os.path.abspath(path), "blocks": blocks}),
        env=vm_env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    if proc.returncode:
        raise RuntimeError("simdump failed: " + (proc.stderr or proc.stdout)[-2000:])
    info = json.loads(proc.stdout.strip().splitlines()[-1])
    files = {k: binascii.unhexlify(v) for k, v in info["files"].items()}
    return FlashImage(info["mounted"], files, info.get("error", ""))
