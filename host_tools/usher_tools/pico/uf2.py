"""Is this file Usher, and for which Pico? The UF2 checks `usher flash` (and
the release) make before a file goes near a board.

A UF2 file is 512-byte blocks, each: magic 0x0A324655, magic 0x9E5D5157,
flags, target address, payload size, block number, number of blocks, family
id (flag 0x2000) or file size, 476 bytes of data, magic 0x0AB16F30. A boot
ROM takes the blocks whose family is its chip's:

    0xE48BFF56  RP2040 (the Pico)                          -> "rp2040"
    0xE48BFF59  RP2350, Arm secure image (the Pico 2)      -> "rp2350"
    0xE48BFF5A  RP2350, RISC-V image                        refused (below)
    0xE48BFF57  "absolute": allowed once, first, as picotool writes it

picotool puts one "absolute" block before an RP2350 image (the RP2350-E10
erratum fix: 256 bytes of 0xEF at 0x10FFFF00, numbered 0 of 2, on its own):
it is not part of the image and is left out of it here. Usher's Pico 2 file
is built for the RP2350's Arm cores; a RISC-V file is refused although the
chip could boot it (its boot ROM switches architecture), because Usher never
builds nor tests one: its frozen native code and the port differ.

Usher's image is MicroPython with the usher package frozen in: the port keeps
the names of its frozen modules as NUL-ended strings ("usher/__init__.py"),
which the stock MicroPython image and any other program lack."""

import re
import struct

BLOCK = 512
MAGIC_START0 = 0x0A324655
MAGIC_START1 = 0x9E5D5157
MAGIC_END = 0x0AB16F30
FLAG_NOT_MAIN_FLASH = 0x00000001
FLAG_FAMILY_ID = 0x00002000
FLAG_EXTENSION_TAGS = 0x00008000
RP2040 = 0xE48BFF56
ABSOLUTE = 0xE48BFF57
RP2350_ARM_S = 0xE48BFF59
RP2350_RISCV = 0xE48BFF5A
# family -> chip; the chip's name -> what a person calls the board, and the file made for it
CHIPS = {RP2040: "rp2040", RP2350_ARM_S: "rp2350"}
BOARD_NAMES = {"rp2040": "Pico", "rp2350": "Pico 2"}
CHIP_NAMES = {"rp2040": "RP2040 (Pico)", "rp2350": "RP2350 (Pico 2)"}
FILE_PREFIX = {"rp2040": "usher-", "rp2350": "usher-pico2-"}
FLASH_BASE = 0x10000000
# the flash a UF2 may address: 16 MiB on the RP2040, 32 MiB on the RP2350
FLASH_END = {"rp2040": FLASH_BASE + 16 * 1024 * 1024, "rp2350": FLASH_BASE + 32 * 1024 * 1024}
E10_BLOCK = 0x11000000 - 256  # where picotool's absolute block points
# the frozen package's first module, as the port lists it
USHER_MARK = b"usher/__init__.py\x00"
MAIN_MARK = b"main.py\x00"
FROZEN_NAME = re.compile(rb"(?<![\w/.])(usher/[\w/]+\.py|main\.py)\x00")


class Uf2Error(ValueError):
    """Not a UF2 for a Pico holding Usher; the message is one line."""


def file_name(chip: str, version: str) -> str:
    """The release's name of the file for a chip: usher-V.uf2, usher-pico2-V.uf2."""
    return "%s%s.uf2" % (FILE_PREFIX[chip], version)


def _e10_block(data: bytes, i: int) -> bool:
    """picotool's RP2350-E10 block: absolute family, 256 bytes of 0xEF, 0 of 2."""
    _, _, flags, _, size, no, count, family = struct.unpack_from("<8I", data, i)
    return (
        family == ABSOLUTE
        and flags & ~FLAG_EXTENSION_TAGS == FLAG_FAMILY_ID
        and (size, no, count) == (256, 0, 2)
        and data[i + 32 : i + 32 + 256] == b"\xef" * 256
    )


def parse(data: bytes) -> tuple:
    """(chip, [(flags, address, payload)]) of a UF2 image, every block checked;
    the E10 block is left out."""
    if not data:
        raise Uf2Error("empty file")
    if len(data) % BLOCK:
        raise Uf2Error("not a UF2 file (its size, %d bytes, is not a multiple of 512)" % len(data))
    total = len(data) // BLOCK
    for i in range(0, len(data), BLOCK):
        m0, m1 = struct.unpack_from("<2I", data, i)
        (end,) = struct.unpack_from("<I", data, i + BLOCK - 4)
        if (m0, m1, end) != (MAGIC_START0, MAGIC_START1, MAGIC_END):
            raise Uf2Error("not a UF2 file (block %d has no UF2 magic numbers)" % (i // BLOCK))
    first = 1 if total > 1 and _e10_block(data, 0) else 0
    out = []
    chip = ""
    for i in range(first * BLOCK, len(data), BLOCK):
        _, _, flags, addr, size, no, count, family = struct.unpack_from("<8I", data, i)
        if no != i // BLOCK - first or count != total - first:
            raise Uf2Error(
                "a damaged or incomplete UF2 (block %d of %d is numbered %d of %d)"
                % (i // BLOCK - first, total - first, no, count)
            )
        if flags & FLAG_NOT_MAIN_FLASH:
            continue
        if not flags & FLAG_FAMILY_ID or family not in CHIPS:
            raise Uf2Error(another_chip(family if flags & FLAG_FAMILY_ID else None))
        if chip and CHIPS[family] != chip:
            raise Uf2Error("a UF2 for two chips at once (families 0x%08X and 0x%08X)" % (RP2040, RP2350_ARM_S))
        chip = CHIPS[family]
        if size > 476 or not FLASH_BASE <= addr <= FLASH_END[chip] - size:
            raise Uf2Error("a damaged UF2 (block %d: %d bytes at 0x%08X)" % (i // BLOCK - first, size, addr))
        out.append((flags, addr, data[i + 32 : i + 32 + size]))
    if not out:
        raise Uf2Error("a UF2 with nothing for the Pico's flash")
    if first and chip != "rp2350":  # picotool writes it before RP2350 images only
        raise Uf2Error("a UF2 for the RP2040 with an RP2350 block before it (family 0x%08X)" % ABSOLUTE)
    return chip, out


def another_chip(family) -> str:
    if family == RP2350_RISCV:
        return "a UF2 for the RP2350's RISC-V cores (family 0x%08X): Usher's Pico 2 file is for its Arm cores" % family
    fam = "0x%08X" % family if family is not None else "none"
    return "a UF2 for another chip (family %s; the RP2040's is 0x%08X, the RP2350's 0x%08X)" % (
        fam,
        RP2040,
        RP2350_ARM_S,
    )


def from_bin(data: bytes, family: int = RP2040, base: int = FLASH_BASE) -> bytes:
    """A flash image as UF2 blocks of 256 bytes each (the last padded with
    zeros), numbered, with the family: what picotool's `uf2 convert` writes
    for an RP2040 binary, byte for byte (the rp2 build makes the Pico's file
    with this and has no picotool to build for it)."""
    n = (len(data) + 255) // 256
    out = bytearray()
    for i in range(n):
        chunk = data[i * 256 : (i + 1) * 256]
        out += struct.pack("<8I", MAGIC_START0, MAGIC_START1, FLAG_FAMILY_ID, base + i * 256, 256, i, n, family)
        out += chunk + bytes(476 - len(chunk))
        out += struct.pack("<I", MAGIC_END)
    return bytes(out)


def blocks(data: bytes) -> list:
    """[(flags, address, payload)] of a UF2 image, every block checked."""
    return parse(data)[1]


def image(data: bytes) -> bytes:
    """The flash contents the blocks write, from the lowest address (gaps 0xFF)."""
    return _flash(blocks(data))


def _flash(blks: list) -> bytes:
    parts = sorted((addr, payload) for _, addr, payload in blks)
    base = parts[0][0]
    flash = bytearray(b"\xff" * (parts[-1][0] + len(parts[-1][1]) - base))
    for addr, payload in parts:
        flash[addr - base : addr - base + len(payload)] = payload
    return bytes(flash)


def frozen_modules(flash: bytes) -> list:
    """The names of Usher's modules the image lists as frozen, sorted
    ("main.py", "usher/__init__.py", ...)."""
    return sorted({m.decode() for m in FROZEN_NAME.findall(flash)})


def read(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise Uf2Error("cannot read it (%s)" % (e.strerror or e)) from None


def check(path: str) -> dict:
    """{"chip" ("rp2040" or "rp2350"), "blocks", "bytes"} of a UF2 for a Pico
    that holds Usher, or Uf2Error."""
    data = read(path)
    chip, blks = parse(data)
    flash = _flash(blks)
    if USHER_MARK not in flash or MAIN_MARK not in flash:
        raise Uf2Error(
            "a UF2 for the %s, but not Usher (no usher package frozen in: take %s)"
            % (CHIP_NAMES[chip], file_name(chip, "VERSION"))
        )
    return {"chip": chip, "blocks": len(data) // BLOCK, "bytes": len(flash)}


def drive_chip(info: str) -> str:
    """The chip of a boot drive from its INFO_UF2.TXT: "rp2040" (the RP2040's
    boot ROM: "Model: Raspberry Pi RP2", "Board-ID: RPI-RP2"), "rp2350" (the
    RP2350's: "Model: Raspberry Pi RP2350", "Board-ID: RP2350"), or "" for
    any other board's."""
    board = model = ""
    for line in info.splitlines():
        key, _, value = line.partition(":")
        if key.strip().lower() == "board-id":
            board = value.strip()
        elif key.strip().lower() == "model":
            model = value.strip()
    if board.startswith("RPI-RP2") or model == "Raspberry Pi RP2":
        return "rp2040"
    if board.startswith("RP2350") or model == "Raspberry Pi RP2350":
        return "rp2350"
    return ""


def drive_name(info: str) -> str:
    """What a boot drive's INFO_UF2.TXT says it is, for a message: its
    Board-ID, else its Model, else "a drive of another kind"."""
    for key in ("board-id", "model"):
        for line in info.splitlines():
            k, _, value = line.partition(":")
            if k.strip().lower() == key and value.strip():
                return value.strip()[:60]
    return "a drive of another kind"
