"""The emulated Pico as a board comes (as a person buys and wires it): usher.uf2
finds an OLED strapped to 0x3D; an idle screen dims and sleeps (a files deploy: the
backlight's PWM duty as the chip's PWM slice holds it, the SSD1306's
commands as the harness decodes them) and the first press only wakes it;
each of Settings -> Board's fixes changes the bytes the panel gets, and
they survive an update (they live in /data, which a UF2 copy keeps)."""

import numpy as np
from pico_board import deployed, need_pico, tap
from usher_devkit.pico_probe import backlight_duty, link_call, spi_hz
from usher_tools.emulator.board import Pico, PicoConfig
from usher_tools.emulator.flash import write_files

from host.pico.test_pico_uf2 import need_uf2, newer

# Settings "idle" is in minutes (2, 5, 10 on the screen); here a twentieth of
# one, so the chip idles seconds, not minutes, of its emulated time (the
# portable tests take the real minutes on the VM: test_idle.py)
IDLE = b'{"idle": 0.05}'
SEC = 1000


def quiet(pico, ms):
    """Nobody touches it for `ms`: emulated in one-second exchanges (the
    app's 20 ms ticks run on the chip all the same)."""
    end = pico.vt + ms
    while pico.vt < end - 1e-9:
        pico.step(min(1_000_000, (end - pico.vt) * 1000))


def boot(flash, profile, uf2, files=None, held=(), **cfg):
    if files:
        write_files(flash, files)
    pico = Pico(PicoConfig(profile=profile, flash=flash, uf2=uf2, pty=False, **cfg))
    for k in held:
        pico.held.add(k)  # down from power-on
    pico.boot()
    return pico


def test_usher_uf2_finds_an_oled_answering_at_0x3d(tmp_path):
    uf2 = need_uf2()
    # no profile saved: the board is found by asking the OLED's bus, at either address
    with boot(str(tmp_path / "f.img"), "oled", uf2, oled_addr=0x3D) as pico:
        assert pico.panel.address == 0x3D and pico.panel.on and pico.panel.pixels > 0
        assert pico.image().any(), "the home screen is on the OLED"
        assert not [w for w in pico.all_warnings() if "no such device" in w], pico.all_warnings()
        assert link_call(pico, "hello", proto=1).get("profile", "oled") == "oled"


def test_an_idle_lcd_dims_its_backlight_then_sleeps_and_the_first_press_only_wakes(tmp_path):
    stock = need_pico()  # a files deploy, the tighter heap
    flash = deployed(tmp_path, "lcd114")
    with boot(flash, "lcd114", stock, {"data/settings.json": IDLE}) as pico:
        assert abs(backlight_duty(pico) - 0.80) < 0.01, backlight_duty(pico)
        home = pico.image().copy()
        quiet(pico, SEC)
        assert abs(backlight_duty(pico) - 0.80) < 0.01 and not pico.panel.asleep
        quiet(pico, 2500)
        assert abs(backlight_duty(pico) - 0.05) < 0.01, backlight_duty(pico)  # dimmed
        quiet(pico, 3 * SEC)
        assert backlight_duty(pico) == 0 and pico.panel.asleep  # PWM off, SLPIN
        assert not pico.image().any()
        tap(pico, "down")
        assert not pico.panel.asleep and abs(backlight_duty(pico) - 0.80) < 0.01  # SLPOUT, lit
        assert (pico.image() == home).all(), "the press that woke it acted"
        tap(pico, "down")
        assert not (pico.image() == home).all(), "the next press acts"


def test_an_idle_oled_drops_its_contrast_then_turns_off_and_wakes_untouched(tmp_path):
    stock = need_pico()  # a files deploy, the tighter heap
    flash = deployed(tmp_path, "oled")
    with boot(flash, "oled", stock, {"data/settings.json": IDLE}) as pico:
        assert pico.panel.contrast == 80 * 255 // 100 and pico.panel.on
        home = pico.image().copy()
        quiet(pico, 3 * SEC + 500)
        assert pico.panel.contrast == 5 * 255 // 100 and pico.panel.on  # the 0x81 command
        quiet(pico, 3 * SEC)
        assert not pico.panel.on  # DISPLAY OFF (0xAE)
        tap(pico, "ok")
        assert pico.panel.on and pico.panel.contrast == 80 * 255 // 100
        assert (pico.image() == home).all(), "the press that woke it acted"


def facts(pico):
    """What the ST7789 was set up with, decoded from its bytes, and the chip's SPI clock."""
    first = pico.panel.first
    return {
        "inv": pico.panel.inv,
        "madctl": first[0x36][0],
        "row0": (first[0x2B][0] << 8) | first[0x2B][1],
        "spi_mhz": round(spi_hz(pico) / 1e6, 2),
    }


def test_board_fixes_change_the_panels_bytes_and_survive_an_update(tmp_path):
    uf2 = need_uf2()
    flash = str(tmp_path / "plain.img")
    with boot(flash, "lcd114", uf2, {"data/profile.txt": b"lcd114\n"}) as pico:
        plain = facts(pico)
        tap(pico, "down")
        moved = pico.image().copy()
    assert plain == {"inv": True, "madctl": 0x70, "row0": 53, "spi_mhz": 62.5}, plain

    # the joystick turned ("all 4"), and A held at power-on: the safe SPI rate
    # for this power-on; A's release does nothing, up now moves down the list
    flash = str(tmp_path / "swap.img")
    files = {"data/profile.txt": b"lcd114\n", "data/board.json": b'{"swap": 2}'}
    with boot(flash, "lcd114", uf2, files, held=["A"]) as pico:
        assert facts(pico)["spi_mhz"] == 31.25
        pico.release("A")
        pico.settle(idle_steps=5)
        tap(pico, "up")
        assert (pico.image() == moved).all(), "up did not step as down does unswapped"

    # colours, turned 180, a row shift and the safe rate from Settings; then an update
    flash = str(tmp_path / "fixed.img")
    opts = b'{"inv": 1, "rot": 1, "dy": -1, "slow": 1}'
    want = {"inv": False, "madctl": 0xB0, "row0": 51, "spi_mhz": 31.25}
    with boot(flash, "lcd114", uf2, {"data/profile.txt": b"lcd114\n", "data/board.json": opts}) as pico:
        assert facts(pico) == want, facts(pico)
    newer(uf2, tmp_path / "next.uf2")
    with boot(flash, "lcd114", str(tmp_path / "next.uf2")) as pico:
        assert facts(pico) == want, facts(pico)
        assert np.asarray(pico.image()).any()
