"""Power-on as main.py does it (`usher.boot.boot`), on the MicroPython VM with
the firmware compiled and a hand-written `machine`: the profile written by
deploy is the one used, the app runs, and a key held at power-on (safe mode)
leaves the REPL free without starting the app."""

import json
import os

import pytest
from tooling import KIT_PATHS, micropython, vm_firmware

SCRIPT = """
import sys
sys.path.insert(0, %(fw)r)
sys.path[:0] = %(kit)r
import fake_machine
m = fake_machine.Machine()
m.held = %(held)r
m.i2c_devices = %(i2c)r
m.keep = False  # a whole app run: count the bus writes, do not keep their bytes
sys.modules["machine"] = m
from usher.boot import boot
boot(root=%(root)r, ticks=25)
import json
print("BOOTED " + json.dumps({
    "spi": sum(e[2] for e in m.entries("spi")),
    "i2c": sum(e[2] for e in m.entries("i2c")),
}))
"""


def power_on(tmp_path, profile=None, held=(), i2c=(0x3C,)):
    root = str(tmp_path / "data")
    if profile is not None:
        os.makedirs(root, exist_ok=True)
        with open(os.path.join(root, "profile.txt"), "w") as f:
            f.write(profile + "\n")
    script = tmp_path / "main_like.py"
    script.write_text(
        SCRIPT % {"fw": vm_firmware(), "kit": KIT_PATHS, "held": list(held), "root": root, "i2c": list(i2c)}
    )
    proc = micropython([str(script)], timeout=120)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-3000:]
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("BOOTED ")]
    assert line, out[-3000:]
    return json.loads(line[0][7:]), proc.stdout, root


# bytes of one whole screen: RGB565 on the ST7789, one bit a pixel on the SSD1306
FRAME = {"spi": 240 * 135 * 2, "i2c": 128 * 64 // 8}


@pytest.mark.parametrize(
    "profile, i2c, bus",
    [
        ("lcd114", (0x3C,), "spi"),
        ("oled", (0x3C,), "i2c"),
        (None, (), "spi"),
        (None, (0x3C,), "i2c"),
        (None, (0x3D,), "i2c"),  # a module strapped to the other address (some boards come so)
    ],
)
def test_power_on_uses_the_deployed_profile_and_runs_the_app(tmp_path, profile, i2c, bus):
    # a profile saved on the flash wins; without one, an OLED answering on the
    # DIY build's I2C pins makes it the OLED board, else the LCD
    seen, out, root = power_on(tmp_path, profile, i2c=i2c)
    other = "i2c" if bus == "spi" else "spi"
    # the home screen went, whole, to this profile's panel and nothing to the other
    assert seen[bus] >= FRAME[bus] and seen[other] == 0, seen
    assert "safe mode" not in out
    assert os.path.isdir(root)  # the data folder exists on a fresh flash


def test_a_key_held_at_power_on_is_safe_mode_and_the_app_never_starts(tmp_path):
    from usher.board import lcd114

    safe_pin = dict(lcd114.KEY_PINS)[lcd114.SAFE_KEY]
    seen, out, _ = power_on(tmp_path, "lcd114", held=[safe_pin])
    assert "safe mode" in out
    normal, _, _ = power_on(tmp_path / "b", "lcd114")
    # the panel's set-up clears it (one frame of black); only the app draws more
    assert seen["spi"] < FRAME["spi"] + 1024 and normal["spi"] >= 2 * FRAME["spi"], (seen, normal)
