"""`usher flash` copies only a UF2 that holds Usher, and only onto the boot
drive of the chip it is made for (a Pico's RP2040, a Pico 2's RP2350, told
by the drive's INFO_UF2.TXT): anything else is refused in one line, exit 1, and nothing reaches the drive. The UF2s here
are written block by block by the test itself; the real images
(build/usher.uf2, build/usher-pico2.uf2 and the stock MicroPython) are
checked too when they are built."""

import os
import struct

import pytest
from click.testing import CliRunner
from tooling import ROOT
from usher_devkit.pico_probe import bootsel_drive
from usher_tools.cli import main
from usher_tools.pico import uf2 as uf2mod

SAMD21 = 0x68ED2B88


def e10_block() -> bytes:
    """The block picotool writes before an RP2350 image (erratum RP2350-E10):
    absolute family, 256 bytes of 0xEF at 0x10FFFF00, numbered 0 of 2, with
    the RP2 "ignore this block" extension tag after its payload."""
    head = struct.pack(
        "<8I",
        uf2mod.MAGIC_START0,
        uf2mod.MAGIC_START1,
        uf2mod.FLAG_FAMILY_ID | uf2mod.FLAG_EXTENSION_TAGS,
        0x10FFFF00,
        256,
        0,
        2,
        uf2mod.ABSOLUTE,
    )
    data = b"\xef" * 256 + struct.pack("<I", 0x9FC7BC04)
    return head + data.ljust(476, b"\x00") + struct.pack("<I", uf2mod.MAGIC_END)


def make_uf2(
    payload: bytes, family: int = uf2mod.RP2040, flags: int = uf2mod.FLAG_FAMILY_ID, e10: bool = False
) -> bytes:
    """payload as 256-byte UF2 blocks from 0x10000000, as picotool writes them
    (e10: the RP2350-E10 block first, as picotool writes it before an RP2350 image)."""
    chunks = [payload[i : i + 256] for i in range(0, len(payload), 256)] or [b""]
    out = e10_block() if e10 else b""
    for no, chunk in enumerate(chunks):
        head = struct.pack(
            "<8I",
            uf2mod.MAGIC_START0,
            uf2mod.MAGIC_START1,
            flags,
            uf2mod.FLASH_BASE + 256 * no,
            256,
            no,
            len(chunks),
            family,
        )
        out += head + chunk.ljust(476, b"\x00") + struct.pack("<I", uf2mod.MAGIC_END)
    return out


# the frozen names as the rp2 port lists them; the name that matters straddles a block
USHER_PAYLOAD = b"\x00" * 250 + b"usher/__init__.py\x00usher/app.py\x00main.py\x00" + b"\x01" * 600
STOCK_PAYLOAD = b"\x00" * 250 + b"_boot.py\x00rp2.py\x00_boot_fat.py\x00" + b"\x01" * 600


@pytest.fixture
def drive(tmp_path):
    return bootsel_drive(tmp_path / "RPI-RP2")  # a Pico's (RP2040)


def flash(path, drive):
    res = CliRunner().invoke(main, ["flash", str(path), "--drive", str(drive)])
    copied = sorted(p.name for p in drive.iterdir() if p.name != "INFO_UF2.TXT")
    return res, copied


def refused(res, copied, why: str) -> None:
    assert res.exit_code == 1, (res.exit_code, res.output)
    lines = res.output.strip().splitlines()
    assert len(lines) == 1, res.output
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    assert "nothing copied" in lines[0] and why in lines[0], lines[0]
    assert copied == [], copied


def test_flash_refuses_a_file_that_is_not_a_uf2(drive):
    res, copied = flash(os.path.join(ROOT, "README.md"), drive)
    refused(res, copied, "not a UF2 file")


def test_flash_refuses_a_uf2_for_another_chip(drive, tmp_path):
    path = tmp_path / "samd21.uf2"
    path.write_bytes(make_uf2(USHER_PAYLOAD, family=SAMD21))
    res, copied = flash(path, drive)
    refused(res, copied, "another chip")
    path.write_bytes(make_uf2(USHER_PAYLOAD, flags=0))  # no family id at all
    res, copied = flash(path, drive)
    refused(res, copied, "another chip")


def test_flash_refuses_an_rp2040_uf2_that_is_not_usher(drive, tmp_path):
    path = tmp_path / "micropython.uf2"
    path.write_bytes(make_uf2(STOCK_PAYLOAD))
    res, copied = flash(path, drive)
    refused(res, copied, "not Usher")


def test_flash_refuses_a_cut_or_damaged_uf2(drive, tmp_path):
    whole = make_uf2(USHER_PAYLOAD)
    path = tmp_path / "usher-cut.uf2"
    path.write_bytes(whole[:-512])  # the last block lost on the way
    res, copied = flash(path, drive)
    refused(res, copied, "incomplete")
    path.write_bytes(whole[:-7])
    res, copied = flash(path, drive)
    refused(res, copied, "not a UF2 file")
    bad = bytearray(whole)
    bad[512 + 508] ^= 0xFF  # the second block's end magic
    path.write_bytes(bytes(bad))
    res, copied = flash(path, drive)
    refused(res, copied, "magic")


def test_flash_copies_a_uf2_that_holds_usher_as_it_is(drive, tmp_path):
    path = tmp_path / "usher-9.9.9.uf2"
    data = make_uf2(USHER_PAYLOAD)
    path.write_bytes(data)
    res, copied = flash(path, drive)
    assert res.exit_code == 0, res.output
    assert copied == ["usher-9.9.9.uf2"]
    assert (drive / "usher-9.9.9.uf2").read_bytes() == data
    assert "restarts into Usher" in res.output


def built_uf2() -> str:
    """build/usher.uf2 as it is (these checks read it, whatever firmware it froze)."""
    from pico_board import need_pico
    from usher_tools.rp2.build import USHER_UF2

    need_pico()
    if not os.path.exists(USHER_UF2):
        if os.environ.get("USHER_REQUIRE_PICO") == "1":
            pytest.fail("no build/usher.uf2 (make uf2)")
        pytest.skip("no build/usher.uf2: make uf2")
    return USHER_UF2


def built_pico2(fresh: bool = False) -> str:
    """build/usher-pico2.uf2 (make uf2, make test's firmware step): no
    emulator runs it, so it needs only the toolchain that builds it; skip
    without it (fail under USHER_REQUIRE_PICO=1, as CI sets). fresh: it must
    be newer than every firmware file (a run by hand would check old code)."""
    from usher_tools.paths import FIRMWARE, firmware_files
    from usher_tools.rp2.build import PICO2_UF2, toolchain_missing

    if not os.path.exists(PICO2_UF2):
        missing = toolchain_missing()
        why = "no build/usher-pico2.uf2: " + (missing if missing else "make uf2 builds it")
        if os.environ.get("USHER_REQUIRE_PICO") == "1":
            pytest.fail(why)
        pytest.skip(why)
    if fresh:
        built = os.path.getmtime(PICO2_UF2)
        newer = [f for f in firmware_files() if os.path.getmtime(os.path.join(FIRMWARE, f)) > built]
        if newer:
            pytest.fail("build/usher-pico2.uf2 is older than firmware/%s: make uf2 (make test does it)" % newer[0])
    return PICO2_UF2


def check_pico2_image(path: str) -> dict:
    """A Pico 2 file as the release carries it: its blocks for the RP2350's
    Arm cores (0xE48BFF59) but the one E10 block picotool writes first
    (0xE48BFF57), every firmware module frozen in, within the firmware area."""
    from usher_tools.paths import firmware_files

    data = open(path, "rb").read()
    families = [struct.unpack_from("<I", data, i + 28)[0] for i in range(0, len(data), 512)]
    assert families[0] == uf2mod.ABSOLUTE and families.count(uf2mod.ABSOLUTE) == 1, hex(families[0])
    assert set(families[1:]) == {uf2mod.RP2350_ARM_S}, {hex(f) for f in families[1:]}
    info = uf2mod.check(path)
    assert info["chip"] == "rp2350", info
    assert uf2mod.frozen_modules(uf2mod.image(data)) == sorted(firmware_files())
    # RPI_PICO2: 4 MiB of flash, the last 3 MiB its filesystem
    assert 300_000 < info["bytes"] < 1024 * 1024, info
    return info


@pytest.mark.long  # needs the Pico 2's file, which make test-long builds (make test builds the Pico's only)
def test_the_pico2_image_is_for_the_rp2350s_arm_cores_and_holds_usher():
    info = check_pico2_image(built_pico2(fresh=True))
    # the same manifest as usher.uf2: the same modules frozen in
    rp2040 = open(built_uf2(), "rb").read()
    assert uf2mod.frozen_modules(uf2mod.image(rp2040)) == uf2mod.frozen_modules(
        uf2mod.image(open(built_pico2(), "rb").read())
    )
    assert info["blocks"] > 1000, info


def test_the_built_image_holds_usher_and_the_stock_one_does_not():
    from usher_tools.rp2.build import STOCK_UF2

    info = uf2mod.check(built_uf2())
    assert info["blocks"] > 1000, info
    with pytest.raises(uf2mod.Uf2Error, match="not Usher"):
        uf2mod.check(STOCK_UF2)


# ---- which Pico: the chip a UF2 is for, the chip a drive is ----------------------

PICO2 = {"family": uf2mod.RP2350_ARM_S, "e10": True}  # a Pico 2 file, as picotool writes it
FILES = {"rp2040": ("usher-9.9.9.uf2", {}), "rp2350": ("usher-pico2-9.9.9.uf2", PICO2)}


def test_the_uf2_check_tells_the_chip_and_leaves_the_e10_block_out():
    for kw, chip in (({}, "rp2040"), (PICO2, "rp2350"), ({"family": uf2mod.RP2350_ARM_S}, "rp2350")):
        data = make_uf2(USHER_PAYLOAD, **kw)
        got, blks = uf2mod.parse(data)
        assert got == chip, (kw, got)
        # the E10 block (at 0x10FFFF00) is not part of the image: 4 blocks from 0x10000000
        assert [a for _, a, _ in blks] == [0x10000000 + 256 * i for i in range(4)], kw
        assert uf2mod.image(data) == USHER_PAYLOAD.ljust(1024, b"\x00")
        assert uf2mod.frozen_modules(uf2mod.image(data)) == ["main.py", "usher/__init__.py", "usher/app.py"]


@pytest.mark.parametrize(
    "data, why",
    [
        (make_uf2(USHER_PAYLOAD, family=uf2mod.RP2350_RISCV), "RISC-V"),  # the Pico 2's other cores: not ours
        (make_uf2(USHER_PAYLOAD, family=uf2mod.RP2350_RISCV, e10=True), "RISC-V"),
        (make_uf2(USHER_PAYLOAD, e10=True), "RP2350 block before it"),  # never before an RP2040 image
        (make_uf2(USHER_PAYLOAD, family=uf2mod.ABSOLUTE), "another chip"),  # only the one E10 block
        (e10_block() + e10_block(), "incomplete"),  # an E10 block alone, twice
        (make_uf2(USHER_PAYLOAD)[:1024] + make_uf2(USHER_PAYLOAD, family=uf2mod.RP2350_ARM_S)[1024:], "two chips"),
    ],
    ids=["riscv", "riscv-e10", "e10-rp2040", "absolute", "two-e10", "mixed"],
)
def test_the_uf2_check_refuses_what_no_pico_of_ours_runs(data, why):
    with pytest.raises(uf2mod.Uf2Error, match=why) as e:
        uf2mod.parse(data)
    assert "\n" not in str(e.value)


def test_the_drive_chip_is_read_from_info_uf2():
    from usher_devkit.pico_probe import INFO_UF2

    assert [uf2mod.drive_chip(INFO_UF2[c]) for c in ("rp2040", "rp2350", "samd21")] == ["rp2040", "rp2350", ""]
    assert uf2mod.drive_chip("UF2 Bootloader v1.0\r\nModel: Raspberry Pi RP2350\r\nBoard-ID: RP2350\r\n") == "rp2350"
    assert uf2mod.drive_chip("") == ""
    assert uf2mod.drive_name(INFO_UF2["samd21"]) == "SAMD21G18A-Feather-v0"


@pytest.mark.parametrize("board", ["rp2040", "rp2350", "samd21"])
@pytest.mark.parametrize("chip", ["rp2040", "rp2350"])
def test_flash_writes_the_file_made_for_the_drives_chip_and_refuses_any_other(tmp_path, chip, board):
    name, kw = FILES[chip]
    path = tmp_path / name
    data = make_uf2(USHER_PAYLOAD, **kw)
    path.write_bytes(data)
    drive = bootsel_drive(tmp_path / board.upper(), board)
    res, copied = flash(path, drive)
    if chip == board:
        assert res.exit_code == 0, res.output
        assert copied == [name] and (drive / name).read_bytes() == data
        assert res.output.strip().endswith("the %s restarts into Usher" % uf2mod.BOARD_NAMES[chip]), res.output
        return
    refused(res, copied, "is for the " + uf2mod.CHIP_NAMES[chip])  # names the file's chip
    line = res.output.strip()
    if board == "samd21":
        assert "this drive is SAMD21G18A-Feather-v0" in line and "not a Pico (RP2040) nor a Pico 2 (RP2350)" in line
    else:  # names the drive's chip and the file to take instead
        other = FILES[board][0]
        assert "this drive is an %s: take %s;" % (uf2mod.CHIP_NAMES[board], other) in line, line


def test_flash_finds_the_boot_drives_of_both_chips_and_no_other(tmp_path):
    from usher_tools.cli.flash import drives

    roots = [str(bootsel_drive(tmp_path / c.upper(), c)) for c in ("rp2040", "rp2350", "samd21")]
    (tmp_path / "USB-STICK").mkdir()
    assert drives(roots + [str(tmp_path / "USB-STICK"), str(tmp_path / "gone")]) == roots[:2]


def flash_default(drive, monkeypatch, built: dict, repository: bool = True):
    """`usher flash --drive DRIVE` with no file: `built` stands for build/."""
    from usher_tools.cli import flash as cli_flash

    monkeypatch.setattr(cli_flash, "BUILT", built)
    monkeypatch.setattr(cli_flash, "in_repository", lambda: repository)
    res = CliRunner().invoke(main, ["flash", "--drive", str(drive)])
    copied = sorted(p.name for p in drive.iterdir() if p.name != "INFO_UF2.TXT")
    return res, copied


def test_flash_without_a_file_takes_the_build_for_the_drives_chip(tmp_path, monkeypatch):
    built = {}
    for chip, (_, kw) in FILES.items():
        built[chip] = str(tmp_path / ("usher.uf2" if chip == "rp2040" else "usher-pico2.uf2"))
        with open(built[chip], "wb") as f:
            f.write(make_uf2(USHER_PAYLOAD, **kw))
    for chip in ("rp2040", "rp2350"):
        drive = bootsel_drive(tmp_path / ("drive-" + chip), chip)
        res, copied = flash_default(drive, monkeypatch, built)
        assert res.exit_code == 0, res.output
        assert copied == [os.path.basename(built[chip])], (chip, copied)
    res, copied = flash_default(bootsel_drive(tmp_path / "samd", "samd21"), monkeypatch, built)
    refused(res, copied, "not a Pico (RP2040) nor a Pico 2 (RP2350)")
    # not built yet: says how, for that chip
    os.remove(built["rp2350"])
    res, copied = flash_default(bootsel_drive(tmp_path / "fresh", "rp2350"), monkeypatch, built)
    refused(res, copied, "RP2350 (Pico 2)")
    assert "make uf2" in res.output and "usher-pico2.uf2" in res.output, res.output


def test_flash_without_a_file_outside_the_repository_says_where_the_release_is(tmp_path, monkeypatch):
    # an installed wheel: ROOT is the user's data folder, where nothing is built
    data = tmp_path / "user-data" / "usher"
    built = {"rp2040": str(data / "build" / "usher.uf2"), "rp2350": str(data / "build" / "usher-pico2.uf2")}
    for chip in ("rp2040", "rp2350"):
        drive = bootsel_drive(tmp_path / chip, chip)
        res, copied = flash_default(drive, monkeypatch, built, repository=False)
        refused(res, copied, uf2mod.CHIP_NAMES[chip])
        line = res.output.strip()
        assert "make uf2" not in line and "user-data" not in line, line
        from usher_tools.version import usher_version

        want = uf2mod.file_name(chip, usher_version())
        assert "download %s from Usher's release" % want in line, line


@pytest.mark.parametrize("size", [1, 255, 256, 257, 4096 + 17])
def test_the_builds_own_uf2_writer_writes_what_picotool_writes_for_a_pico(size):
    """The rp2 build makes the Pico's UF2 itself (uf2.from_bin, no picotool):
    the blocks must be picotool's for an RP2040, byte for byte, and give the
    binary back."""
    payload = bytes((i * 7 + 3) % 256 for i in range(size))
    made = uf2mod.from_bin(payload)
    assert made == make_uf2(payload)
    assert uf2mod.image(made)[:size] == payload
    assert uf2mod.parse(made)[0] == "rp2040"
