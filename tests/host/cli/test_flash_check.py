"""`usher flash` copies only a UF2 for the RP2040 that holds Usher (issue 29,
item 4): anything else is refused in one line, exit 1, and nothing reaches
the drive. The UF2s here are written block by block by the test itself; the
real images (build/usher.uf2 and the stock MicroPython) are checked too when
they are built."""

import os
import struct

import pytest
from click.testing import CliRunner
from tooling import ROOT
from usher_tools.cli import main
from usher_tools.pico import uf2 as uf2mod

SAMD21 = 0x68ED2B88


def make_uf2(payload: bytes, family: int = uf2mod.RP2040, flags: int = uf2mod.FLAG_FAMILY_ID) -> bytes:
    """payload as 256-byte UF2 blocks from 0x10000000, as picotool writes them."""
    chunks = [payload[i : i + 256] for i in range(0, len(payload), 256)] or [b""]
    out = b""
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
    d = tmp_path / "RPI-RP2"
    d.mkdir()
    (d / "INFO_UF2.TXT").write_text("UF2 Bootloader v3.0\nModel: Raspberry Pi RP2\nBoard-ID: RPI-RP2\n")
    return d


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
    from usher_tools.pico.build import USHER_UF2

    need_pico()
    if not os.path.exists(USHER_UF2):
        if os.environ.get("USHER_REQUIRE_PICO") == "1":
            pytest.fail("no build/usher.uf2 (make uf2)")
        pytest.skip("no build/usher.uf2: make uf2")
    return USHER_UF2


def test_the_built_image_holds_usher_and_the_stock_one_does_not():
    from usher_tools.pico.build import STOCK_UF2

    info = uf2mod.check(built_uf2())
    assert info["blocks"] > 1000, info
    with pytest.raises(uf2mod.Uf2Error, match="not Usher"):
        uf2mod.check(STOCK_UF2)
