"""Every firmware module imports on the rp2 port (v1.28.0 RPI_PICO on an
emulated RP2040): a module that only works on the unix port or CPython is a
bug. They are imported from usher.uf2, where the port's own mpy-cross froze
them, not from .mpy files on LittleFS: the same port and bytecode, and an
import a tenth of the emulated time (the files path runs in the shell
session, the deploy and the full games)."""

import json

from pico_board import need_pico
from usher_tools.emulator.board import Pico, PicoConfig
from usher_tools.emulator.flash import write_files
from usher_tools.paths import firmware_files

from host.pico.test_pico_uf2 import need_uf2

IMPORT_ALL = """
import gc, sys
bad = []
frozen = 0
for name in %s:
    try:
        m = __import__(name)
        for part in name.split('.')[1:]:
            m = getattr(m, part)
        if not m.__file__.endswith('.py'):  # frozen keeps the source's name; a deployed one is .mpy
            bad.append([name, 'not frozen: ' + m.__file__])
        else:
            frozen += 1
    except Exception as e:
        bad.append([name, repr(e)])
    for k in [k for k in sys.modules if k.startswith('usher')]:
        del sys.modules[k]
    gc.collect()
print('BAD', bad)
print('FROZEN', frozen)
import os
print('PORT', sys.implementation._machine, os.uname().release)
from usher.about import chip
print('CHIP', chip())
"""


def modules() -> list:
    out = []
    for rel in firmware_files():
        if rel == "main.py" or not rel.startswith("usher/"):
            continue
        mod = rel[:-3].replace("/", ".")
        out.append(mod[: -len(".__init__")] if mod.endswith(".__init__") else mod)
    return out


def test_every_firmware_module_imports_on_the_rp2_port(tmp_path):
    need_pico()
    uf2 = need_uf2()
    flash = str(tmp_path / "flash.img")
    write_files(flash, {"data/profile.txt": b"lcd114\n"})
    names = modules()
    assert len(names) > 100
    with Pico(PicoConfig(profile="lcd114", flash=flash, uf2=uf2)) as pico:
        pico.boot()  # Usher runs from the image; the raw REPL breaks in as mpremote would
        out = pico.raw_exec(IMPORT_ALL % json.dumps(names), most_ms=120_000)
    assert "BAD []" in out, out[-3000:]
    assert "FROZEN %d" % len(names) in out, out[-500:]
    assert "PORT Raspberry Pi Pico with RP2040 1.28.0" in out, out[-500:]
    assert "CHIP RP2040\n" in out.replace("\r", ""), out[-500:]  # what Settings -> About names
