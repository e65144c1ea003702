"""The simulator end to end on the MicroPython VM (-X heapsize=256K): the fake
machine, the stand-in profiles' raw SPI/I2C draw path, the lockstep clock,
the file-backed LittleFS flash with power cuts, and the serial pty.

The counter (usher_devkit/counter/, usher_devkit.simcounter) stands for the
app loop and the board profiles' displays, on the profiles' own pins; it draws block i of
the counter at x = 4 + (i % per_row) * cell, y = 4 + (i // per_row) * cell,
(cell - 2) square, cell 22 on the LCD and 12 on the OLED, in theme colour
3 + i % 6; ok toggles a 10x10 foreground marker 12 px in from the
bottom-right corner; next saves the count; boot says "boot count=N".
"""

import shutil
import time

import numpy as np
import pytest
import serial
from usher.ui import theme
from usher_devkit import simcounter
from usher_tools.sim import Sim, SimConfig
from usher_tools.sim.flashfs import read_image
from usher_tools.sim.script import run_script


def widen565(rgb) -> list:  # type: ignore[no-untyped-def]
    """What an RGB888 colour looks like after the trip through RGB565."""
    r, g, b = rgb[0] >> 3, rgb[1] >> 2, rgb[2] >> 3
    return [(r << 3) | (r >> 2), (g << 2) | (g >> 4), (b << 3) | (b >> 2)]


def expected_counter(w: int, h: int, count: int, marker: bool, mono: bool):  # type: ignore[no-untyped-def]
    cell = 22 if w >= 200 else 12
    per = (w - 4) // cell
    img = np.zeros((h, w, 3), dtype=np.uint8)
    for i in range(count):
        x, y = 4 + (i % per) * cell, 4 + (i // per) * cell
        img[y : y + cell - 2, x : x + cell - 2] = 255 if mono else widen565(theme.RGB[3 + i % 6])
    if marker:
        img[h - 12 : h - 2, w - 12 : w - 2] = 255 if mono else widen565(theme.RGB[1])
    return img


def make(tmp_path, profile="lcd114", name="flash.img", counter=True, **kw) -> Sim:  # type: ignore[no-untyped-def]
    if counter:
        return Sim(simcounter.config(profile, flash=str(tmp_path / name), **kw))
    return Sim(SimConfig(profile=profile, flash=str(tmp_path / name), **kw))


@pytest.mark.parametrize("profile,size,mono", [("lcd114", (240, 135), False), ("oled", (128, 64), True)])
def test_counter_draw_path_gives_the_exact_panel_image(tmp_path, profile, size, mono):
    with make(tmp_path, profile) as sim:
        res = run_script(sim, "wait 100\nnext 3\nok\n", str(tmp_path / "shots"))
        img = sim.image()
    assert res["error"] == "" and not res["warnings"], res
    want = expected_counter(size[0], size[1], 3, True, mono)
    assert img.shape == want.shape
    diff = np.argwhere((img != want).any(axis=2))
    assert len(diff) == 0, "first differing pixels (y, x): %s" % diff[:5].tolist()


def test_pixels_pushed_per_press_are_the_regions_redrawn(tmp_path):
    with make(tmp_path, "lcd114") as sim:
        res = run_script(sim, "next 3\nok\nwait 200\n")
    # each next paints one 20x20 block, ok one 10x10 marker; boot paints the whole 240x135 screen
    assert [p["pixels"] for p in res["press_log"]] == [400, 400, 400, 100]
    assert res["presses"] == 4 and res["pixels_per_press"] == {"median": 400, "max": 400}
    assert res["boot_pixels"] == 240 * 135


def test_lockstep_runs_are_deterministic_to_the_png_byte(tmp_path):
    script = 'wait 300\nnext 2\nhold ok 500\nserial "hi"\nexpect "echo:hi"\nprev\nwait 8000\nnext 4\nshot end\n'
    pngs, runs = [], []
    for run in ("a", "b"):
        with make(tmp_path, "lcd114", name=run + ".img") as sim:
            res = run_script(sim, script, str(tmp_path / run))
        assert res["error"] == ""
        with open(res["shots"]["end"], "rb") as f:
            pngs.append(f.read())
        assert res["virtual_ms"] > 10_000 - 300  # the ticks wrapped (they start 10 s before 2**30)
        runs.append({k: res[k] for k in ("ticks", "virtual_ms", "press_log", "serial_tail", "peak_heap")})
    assert pngs[0] == pngs[1]
    assert runs[0] == runs[1]  # serial input lands at the same tick too


CLOCK_APP = """
def run(hw, clock, storage, serial=None, seed=0, ticks=-1):
    t0 = clock.ticks_ms()
    s0 = clock.time()
    for _ in range(50):
        clock.sleep_ms(20)
    t1 = clock.ticks_ms()
    line = "t0=%d t1=%d diff=%d dt=%d\\n" % (t0, t1, clock.ticks_diff(t1, t0), clock.time() - s0)
    serial.write(line.encode())
    while True:
        clock.sleep_ms(20)
"""


def test_lockstep_clock_wraps_at_2_pow_30_and_diffs_across_the_wrap(tmp_path):
    (tmp_path / "clockapp.py").write_text(CLOCK_APP)
    start = (1 << 30) - 100
    with make(tmp_path, "oled", app_module="clockapp", path=[str(tmp_path)], ticks0=start) as sim:
        res = run_script(sim, 'expect "dt=" 3000\n')
    assert res["error"] == "", res
    assert "t0=%d t1=%d diff=1000 dt=1" % (start, 900) in res["serial_tail"]


FAKE_MACHINE_APP = """
def check(serial, name, ok):
    serial.write(("%s %s\\n" % ("ok" if ok else "FAIL", name)).encode())

def run(hw, clock, storage, serial=None, seed=0, ticks=-1):
    import simboot
    m = simboot.machine
    a = m.Pin(8, m.Pin.OUT, value=1)
    b = m.Pin("GP8")
    check(serial, "one wire per gpio", b.value() == 1)
    b.off()
    check(serial, "latch shared", a() == 0)
    check(serial, "pull-up idles high", m.Pin(26, m.Pin.IN, m.Pin.PULL_UP).value() == 1)
    i2c = m.I2C(0, scl=m.Pin(5), sda=m.Pin(4))
    try:
        i2c.writeto(0x3D, b"\\x00")
        check(serial, "absent i2c device raises EIO", False)
    except OSError as e:
        check(serial, "absent i2c device raises EIO", e.args[0] == 5)
    check(serial, "i2c ack count", i2c.writevto(0x3C, [b"\\x80", b"\\xe3"]) == 2)
    pwm = m.PWM(m.Pin(13), freq=1000, duty_u16=1234)
    check(serial, "pwm readback", pwm.duty_u16() == 1234 and pwm.freq() == 1000)
    check(serial, "signal loads on first use", m.Signal(m.Pin(9, m.Pin.OUT), invert=True).value() == 1)
    seen = []
    k1 = [k for k in hw.keys if hw.keymap[k] == "prev"][0]
    fell = []
    from usher.board import oled as board

    gp = dict(board.KEY_PINS)[k1]  # the profile's prev key, active low
    m.Pin(gp).irq(lambda pin: fell.append(pin), m.Pin.IRQ_FALLING)
    while True:
        if hw.keys[k1]() and not seen:
            seen.append(1)
            check(serial, "key reads the host's level", True)
            check(serial, "falling edge interrupt", len(fell) == 1 and repr(fell[0]) == "Pin(GPIO%d)" % gp)
        clock.sleep_ms(20)
"""


def test_fake_machine_behaves_like_the_rp2_port(tmp_path):
    (tmp_path / "machineapp.py").write_text(FAKE_MACHINE_APP)
    with make(tmp_path, "oled", app_module="machineapp", path=[str(tmp_path)]) as sim:
        res = run_script(sim, "wait 100\nprev\nwait 100\n")
    out = res["serial_tail"]
    assert res["error"] == "" and "FAIL" not in out, out + res["device_stderr"]
    assert out.count("ok ") == 9, out


RESET_APP = """
import simboot

def run(hw, clock, storage, serial=None, seed=0, ticks=-1):
    n = int(storage.read("boots") or b"0") + 1
    storage.write("boots", str(n).encode())
    serial.write(("boot %d\\n" % n).encode())
    if n < 3:
        simboot.machine.reset()
    while True:
        clock.sleep_ms(20)
"""


def test_machine_reset_reboots_on_the_same_flash(tmp_path):
    (tmp_path / "resetapp.py").write_text(RESET_APP)
    with make(tmp_path, "oled", app_module="resetapp", path=[str(tmp_path)]) as sim:
        res = run_script(sim, 'expect "boot 3" 3000\n')
    assert res["error"] == "", res
    assert "boot 1\nboot 2\nboot 3\n" in res["serial_tail"]
    assert [r["reason"] for r in res["runs"]] == ["machine.reset", "machine.reset", "stop"]


@pytest.mark.parametrize("profile", ["lcd114", "oled"])
def test_real_firmware_boots_and_takes_presses_in_the_sim(tmp_path, profile):
    """The real firmware on each board profile, not the counter: it boots,
    draws, takes presses and stays within the heap, with no error run."""
    with make(tmp_path, profile, counter=False) as sim:
        res = run_script(sim, "wait 1000\nnext\nok\nwait 500\nback\nwait 500\n", str(tmp_path))
        shown = sim.image().any()
    assert res["error"] == "", res["error"] + res["serial_tail"]
    assert not [r for r in res["runs"] if str(r["reason"]).startswith("error")], res["serial_tail"]
    # clearing the controller's whole RAM at init writes off the glass: allowed, the rest is not
    assert [w for w in res["warnings"] if "outside" not in w] == [], res["warnings"]
    assert res["boot_pixels"] > 0 and shown
    assert 0 < res["peak_heap"] < 256 * 1024


def test_files_survive_a_restart(tmp_path):
    with make(tmp_path, "oled") as sim:
        res = run_script(sim, 'next 3\nrestart\nexpect "boot count=3"\nshot after\n')
        img = sim.image()
        assert res["error"] == "", res
        assert not sim.hello["formatted"]
    assert (img == expected_counter(128, 64, 3, False, True)).all()
    assert read_image(str(tmp_path / "flash.img")).files == {"data/count": b"3"}


def _flash_ops_of_one_save(tmp_path) -> int:
    with make(tmp_path, "oled", name="probe.img") as sim:
        sim.boot()
        sim.run_for(200)
        before = sim.flash_ops
        run_script(sim, "next\nwait 100\n")
        return sim.flash_ops - before


@pytest.mark.parametrize("torn", [False, True], ids=["clean", "torn"])
def test_power_cut_mid_save_leaves_littlefs_mountable_with_old_or_new_file(tmp_path, torn):
    ops = _flash_ops_of_one_save(tmp_path)
    assert ops >= 2  # a save is several flash writes, so there are cut points inside it
    base = str(tmp_path / "base.img")
    with make(tmp_path, "oled", name="base.img") as sim:
        assert run_script(sim, "next\n")["error"] == ""  # count = 1 on flash
    seen = set()
    for n in range(ops + 1):
        img = str(tmp_path / ("cut%d.img" % n))
        shutil.copy(base, img)
        with make(tmp_path, "oled", name="cut%d.img" % n) as sim:
            cut = "powercut after-writes %d%s\n" % (n, " torn" if torn else "")
            res = run_script(sim, cut + "next\nrestart\nwait 100\n")
            assert res["error"] == "", res
            assert not sim.hello["formatted"], "LittleFS did not mount after a cut at write %d" % n
            reasons = [r["reason"] for r in res["runs"]]
        image = read_image(img)
        assert image.mounted
        content = image.files["data/count"]
        assert content in (b"1", b"2"), (n, content)
        assert ("boot count=%s" % content.decode()) in res["serial_tail"]
        if n < ops:
            assert reasons[0] == "power cut", reasons
        seen.add(content)
    assert seen == {b"1", b"2"}  # the early cuts keep the old file, letting it finish gives the new


def test_pty_is_the_usb_serial_for_pyserial(tmp_path):
    with make(tmp_path, "oled", live=True) as sim:
        sim.start()
        port = serial.Serial(sim.pty_path, 115200, timeout=0)
        got = b""

        def until(text: bytes) -> bytes:
            nonlocal got
            end = time.monotonic() + 10
            while text not in got and time.monotonic() < end:
                sim.pump(0.02, until_sleep=False)
                got += port.read(256)
            return got

        assert b"boot count=0\n" in until(b"boot count=0\n")
        port.write(b"hello usher\n")
        assert b"echo:hello usher\n" in until(b"echo:hello usher\n")
        port.close()
        sim.stop()
    assert sim.runs[-1]["reason"] == "stop"


def test_device_runs_inside_the_192k_heap_and_the_limit_is_real(tmp_path):
    with make(tmp_path, "lcd114") as sim:
        res = run_script(sim, "next 5\nok\nback\n")
    assert res["heap_limit"] == "256K" and res["error"] == ""
    assert 0 < res["firmware_peak_heap"] < 256 * 1024
    assert 0 < res["sim_heap"] < 32 * 1024  # the simulator's own modules fit their allowance
    assert res["warnings"] == []
    with make(tmp_path, "lcd114", name="small.img", heap="8K") as sim:
        sim.boot()
        # uncaught, the traceback goes to the serial (the REPL's stream), as on the Pico
        assert not sim.alive and b"MemoryError" in bytes(sim.serial_out)
