"""Is this file Usher for a Pico? The UF2 checks `usher flash` (and the
release) make before a file goes near a board.

A UF2 file is 512-byte blocks, each: magic 0x0A324655, magic 0x9E5D5157,
flags, target address, payload size, block number, number of blocks, family
id (flag 0x2000) or file size, 476 bytes of data, magic 0x0AB16F30. A Pico
in BOOTSEL mode takes the blocks whose family is the RP2040's (0xE48BFF56).
Usher's image is MicroPython with the usher package frozen in: the port keeps
the names of its frozen modules as NUL-ended strings ("usher/__init__.py"),
which the stock MicroPython image and any other program lack."""

import struct

BLOCK = 512
MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY_ID = 0x00002000
RP2040 = 0xE48BFF56
FLASH_BASE = 0x10000000
FLASH_END = FLASH_BASE + 16 * 1024 * 1024
# the frozen package's first module, as the port lists it
USHER_MARK = b"usher/__init__.py\x00"
MAIN_MARK = b"main.py\x00"


class Uf2Error(ValueError):
    """Not a UF2 for the RP2040 holding Usher; the message is one line."""


def blocks(data: bytes) -> list:
    """[(flags, address, payload)] of a UF2 image, every block checked."""
    if not data:
        raise Uf2Error("empty file")
    if len(data) % BLOCK:
        raise Uf2Error("not a UF2 file (its size, %d bytes, is not a multiple of 512)" % len(data))
    out = []
    total = len(data) // BLOCK
    for i in range(0, len(data), BLOCK):
        m0, m1, flags, addr, size, no, count, family = struct.unpack_from("<8I", data, i)
        (end,) = struct.unpack_from("<I", data, i + BLOCK - 4)
        if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise Uf2Error("not a UF2 file (block %d has no UF2 magic numbers)" % (i // BLOCK))
        if no != i // BLOCK or count != total:
            raise Uf2Error(
                "a damaged or incomplete UF2 (block %d of %d is numbered %d of %d)" % (i // BLOCK, total, no, count)
            )
        if flags & FLAG_NOT_MAIN_FLASH:
            continue
        if not flags & FLAG_FAMILY_ID or family != RP2040:
            fam = "0x%08X" % family if flags & FLAG_FAMILY_ID else "none"
            raise Uf2Error("a UF2 for another chip (family %s, the RP2040's is 0x%08X)" % (fam, RP2040))
        if size > 476 or not FLASH_BASE <= addr < FLASH_END - size:
            raise Uf2Error("a damaged UF2 (block %d: %d bytes at 0x%08X)" % (i // BLOCK, size, addr))
        out.append((flags, addr, data[i + 32 : i + 32 + size]))
    if not out:
        raise Uf2Error("a UF2 with nothing for the Pico's flash")
    return out


def image(data: bytes) -> bytes:
    """The flash contents the blocks write, from the lowest address (gaps 0xFF)."""
    parts = sorted((addr, payload) for _, addr, payload in blocks(data))
    base = parts[0][0]
    flash = bytearray(b"\xff" * (parts[-1][0] + len(parts[-1][1]) - base))
    for addr, payload in parts:
        flash[addr - base : addr - base + len(payload)] = payload
    return bytes(flash)


def check(path: str) -> dict:
    """{"blocks", "bytes"} of a UF2 for the RP2040 that holds Usher, or Uf2Error."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise Uf2Error("cannot read it (%s)" % (e.strerror or e)) from None
    flash = image(data)
    if USHER_MARK not in flash or MAIN_MARK not in flash:
        raise Uf2Error("a UF2 for the RP2040, but not Usher (no usher package frozen in: take usher-VERSION.uf2)")
    return {"blocks": len(data) // BLOCK, "bytes": len(flash)}
