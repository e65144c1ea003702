"""What only the tests ask of the emulated Pico (usher_tools.emulator.board.Pico),
and the boot drives they fake for `usher flash`: kept out of the product.

    to_device_pending(pico)    host bytes the device has not read yet
    spi_hz(pico)               the panel's SPI clock as the chip's SPI block is set
    backlight_duty(pico)       the backlight's PWM duty as the chip's PWM slice has it
    link_call(pico, op)        one request on Usher's sync link, its reply
    bootsel_drive(folder)      a folder that looks like a Pico held in BOOTSEL
"""

import pathlib
import struct

from usher_tools.emulator.board import Pico, PicoError

PWM_BASE = 0x40050000  # RP2040 datasheet 4.5: a slice every 0x14 bytes (CSR, DIV, CTR, CC, TOP)
SPI_BASE = (0x4003C000, 0x40040000)  # SPI0, SPI1: SSPCR0 at +0, SSPCPSR at +0x10


def to_device_pending(pico: Pico) -> int:
    """Host bytes the device has not read yet (queued in the emulator)."""
    pico._send("w", b"")
    return struct.unpack("<I", pico._frame_wait("n"))[0]


def spi_hz(pico: Pico) -> float:
    """The panel's SPI clock as the chip's SPI block is set: clk_peri /
    (prescale x (1 + serial clock rate)); clk_peri is the profile's PERI_HZ.
    -1 on a board without the bus, or one that is off."""
    bus = getattr(pico.mod, "SPI_ID", -1)
    if bus < 0 or pico.proc is None:
        return -1.0
    base = SPI_BASE[bus]
    cr0 = struct.unpack("<I", pico.read_mem(base, 4))[0]
    cpsr = struct.unpack("<I", pico.read_mem(base + 0x10, 4))[0] & 0xFF
    return pico.mod.PERI_HZ / (max(cpsr, 1) * (1 + ((cr0 >> 8) & 0xFF)))


def backlight_duty(pico: Pico) -> float:
    """The backlight pin's PWM duty, 0..1, as the chip's PWM slice has it
    (its compare level over its wrap); -1 on a board without one."""
    pin = getattr(pico.mod, "PIN_BL", -1)
    if pin < 0 or pico.proc is None:
        return -1.0
    base = PWM_BASE + ((pin >> 1) & 7) * 0x14
    cc, top = struct.unpack("<II", pico.read_mem(base + 0x0C, 8))
    level = cc >> 16 if pin & 1 else cc & 0xFFFF
    return min(1.0, level / ((top & 0xFFFF) + 1))


def link_call(pico: Pico, op: str, most_ms: float = 10_000, **args) -> dict:
    """One request on Usher's sync link (as `usher` sends it); the reply."""
    from usher_tools.link.client import LinkError, frame, unframe

    rid = 4242
    start = len(pico.serial_out)
    pico.send_serial(frame(dict({"id": rid, "op": op}, **args)))
    end = pico.vt + most_ms
    while pico.vt < end and pico.proc is not None:
        pico.run_for(20)
        for line in bytes(pico.serial_out[start:]).split(b"\n"):
            try:
                obj = unframe(line)
            except LinkError:
                continue
            if obj is not None and obj.get("id") == rid:
                return obj
    raise PicoError("no reply to %r on the link" % op)


# INFO_UF2.TXT as each boot ROM writes it: the RP2040's (B1 on: "v3.0"), the
# RP2350's (its datasheet, 5.7.6, and pico-bootrom-rp2350: MODEL and BOARD_ID
# at their defaults); a third, another maker's UF2 boot loader (Adafruit's
# for a SAMD21 Feather), for what is not a Pico
INFO_UF2 = {
    "rp2040": "UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n",
    "rp2350": "UF2 Bootloader v1.0\nModel: Raspberry Pi RP2350\nBoard-ID: RP2350\n",
    "samd21": "UF2 Bootloader v3.16.0 SFHWRO\nModel: Adafruit Feather M0\nBoard-ID: SAMD21G18A-Feather-v0\n",
}


def bootsel_drive(folder, chip: str = "rp2040") -> pathlib.Path:
    """The drive a board shows while BOOTSEL is held at power-on, as a
    folder: its INFO_UF2.TXT as the chip's boot ROM writes it (chip "rp2040":
    a Pico's RPI-RP2; "rp2350": a Pico 2's RP2350; "samd21": not a Pico). A
    UF2 copied onto an RP2040's is what the emulated board then boots
    (PicoConfig.uf2)."""
    d = pathlib.Path(folder)
    d.mkdir(parents=True, exist_ok=True)
    (d / "INFO_UF2.TXT").write_text(INFO_UF2[chip])
    return d
