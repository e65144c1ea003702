"""Pins live in the firmware's board profiles only: the simulator's wiring and
the deploy's board probe read them from usher.board.lcd114 / .oled, so a
profile that moves a pin moves them too."""

from usher.board import lcd114, oled
from usher_tools.deploy.mpremote import choose_profile, probe_script
from usher_tools.sim.profiles import PROFILES, Profile


def test_the_simulator_wires_the_lcd_as_its_profile_does():
    p = PROFILES["lcd114"]
    assert p.spi == (lcd114.SPI_ID, lcd114.PIN_SCK, lcd114.PIN_MOSI)
    assert (p.dc, p.cs, p.rst, p.bl) == (lcd114.PIN_DC, lcd114.PIN_CS, lcd114.PIN_RST, lcd114.PIN_BL)
    assert p.i2c == []


def test_the_simulator_puts_the_oled_where_its_profile_says():
    p = PROFILES["oled"]
    assert p.spi is None and (p.dc, p.cs, p.rst, p.bl) == (-1, -1, -1, -1)
    assert p.i2c == [oled.OLED_ADDR]


def test_a_pin_moved_in_the_profile_moves_in_the_simulator(monkeypatch):
    monkeypatch.setattr(lcd114, "PIN_DC", 20)
    monkeypatch.setattr(lcd114, "PIN_SCK", 14)
    p = Profile("lcd114", "usher.board.lcd114", None, 2)
    assert p.dc == 20 and p.spi == (lcd114.SPI_ID, 14, lcd114.PIN_MOSI)


def test_the_deploy_probe_scans_the_pins_the_oled_profile_names(monkeypatch):
    monkeypatch.setattr(oled, "PIN_SDA", 16)
    monkeypatch.setattr(oled, "PIN_SCL", 17)
    script = probe_script("/data")
    assert "sda=Pin(16)" in script and "scl=Pin(17)" in script
    assert "Pin(4" not in script and "Pin(5" not in script
    profile, why = choose_profile("I2C %x\n" % oled.OLED_ADDR, False)
    assert profile == "oled" and "GP16/GP17" in why
