"""Every firmware module imports on the rp2 port (v1.28.0 RPI_PICO on an
emulated RP2040), as the deploy leaves it (.mpy files on LittleFS): a module
that only works on the unix port or CPython is a bug."""

import json

from pico_board import deployed, need_pico
from usher_tools.paths import firmware_files
from usher_tools.pico.device import Pico, PicoConfig

IMPORT_ALL = """
import gc, sys
bad = []
for name in %s:
    try:
        __import__(name)
    except Exception as e:
        bad.append([name, repr(e)])
    for k in [k for k in sys.modules if k.startswith('usher')]:
        del sys.modules[k]
    gc.collect()
print('BAD', bad)
import os
print('PORT', sys.implementation._machine, os.uname().release)
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
    uf2 = need_pico()
    flash = deployed(tmp_path, "lcd114")
    names = modules()
    assert len(names) > 100
    with Pico(PicoConfig(profile="lcd114", flash=flash, uf2=uf2)) as pico:
        pico.boot()  # Usher runs; the raw REPL breaks in as mpremote would
        out = pico.raw_exec(IMPORT_ALL % json.dumps(names), most_ms=120_000)
    assert "BAD []" in out, out[-3000:]
    assert "PORT Raspberry Pi Pico with RP2040 1.28.0" in out, out[-500:]
