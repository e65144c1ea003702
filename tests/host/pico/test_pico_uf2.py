"""usher.uf2 (MicroPython v1.28.0 RPI_PICO with Usher frozen in) on an
emulated RP2040: it boots to the home screen on both boards with the same
golden screens; an update (a newer image written over the firmware area, as
a UF2 copy does) keeps every game; a Pico that had Usher deployed as files
is taken over with no game lost, and the stale /usher folder is not
imported in place of the frozen code."""

import os

import numpy as np
import pytest
from pico_board import need_pico, tap
from PIL import Image
from usher_devkit.pico_probe import link_call
from usher_tools.emulator.board import Pico, PicoConfig
from usher_tools.emulator.flash import PROBE_BOOT, deploy_files, flash_files, write_files
from usher_tools.emulator.script import run_script
from usher_tools.paths import FIRMWARE, firmware_files
from usher_tools.rp2.build import USHER_UF2
from usher_tools.version import usher_version

from host.sim.test_shell_session import GOLDEN, SCRIPT, SHOTS


def need_uf2() -> str:
    need_pico()
    if not os.path.exists(USHER_UF2):
        if os.environ.get("USHER_REQUIRE_PICO") == "1":
            pytest.fail("no build/usher.uf2 (make uf2)")
        pytest.skip("no build/usher.uf2: make uf2")
    built = os.path.getmtime(USHER_UF2)
    newer = [f for f in firmware_files() if os.path.getmtime(os.path.join(FIRMWARE, f)) > built]
    if newer:  # make test rebuilds it; a test run by hand would test old code
        pytest.fail("build/usher.uf2 is older than firmware/%s: make uf2 (make test does it)" % newer[0])
    return USHER_UF2


def probe_boot(seed: int = 1) -> bytes:
    with open(PROBE_BOOT) as f:
        return f.read().replace("SEED = -1", "SEED = %d" % seed).encode()


def newer(uf2: str, path) -> str:
    """Image N+1: the same firmware with another version string, as the next
    release would differ (UF2 blocks carry no checksum of their payload)."""
    data = bytearray(open(uf2, "rb").read())
    old = usher_version().encode()
    new = old[:-1] + (b"9" if old[-1:] != b"9" else b"8")
    # in the blocks' payloads (256 bytes at 32 of each 512), where the string
    # may lie across two blocks
    blocks = range(0, len(data), 512)
    flash = bytearray(b"".join(data[i + 32 : i + 288] for i in blocks))
    assert flash.count(old) >= 1
    flash = flash.replace(old, new)
    for k, i in enumerate(blocks):
        data[i + 32 : i + 288] = flash[k * 256 : k * 256 + 256]
    path.write_bytes(bytes(data))
    return new.decode()


# make test runs the frozen image on the OLED and the files deploy on the LCD
# (test_pico_session); each other pairing in make test-long
@pytest.fixture(scope="module", params=[pytest.param("lcd114", marks=pytest.mark.long), "oled"])
def session(request, tmp_path_factory):
    uf2 = need_uf2()
    tmp = tmp_path_factory.mktemp("uf2-" + request.param)
    flash = str(tmp / "flash.img")
    write_files(flash, {"boot.py": probe_boot(), "data/profile.txt": (request.param + "\n").encode()})
    with Pico(PicoConfig(profile=request.param, flash=flash, uf2=uf2)) as pico:
        pico.sample_heap = True
        with open(SCRIPT) as f:
            result = run_script(pico, f.read(), str(tmp / "shots"))
        result["heap_log"] = pico.heap_log
        result["boot_heap"] = pico.boot_heap
    return request.param, result, tmp / "shots"


@pytest.mark.parametrize("name", SHOTS)
def test_the_frozen_image_shows_the_golden_screens(session, name):
    profile, result, shots = session
    assert result["error"] == "", result["error"]
    got = np.array(Image.open(shots / (name + ".png")).convert("RGB"))
    want = np.array(Image.open(os.path.join(GOLDEN, profile, name + ".png")).convert("RGB"))
    assert got.shape == want.shape and not (got != want).any(axis=2).any(), name


def test_the_frozen_image_keeps_half_its_heap_free(session):
    profile, result, _ = session
    free = [f for _, _, f in result["heap_log"] if f >= 0]
    boot = result["boot_heap"][1]
    assert boot > 200_000 and len(free) >= 25, (boot, len(free))
    assert min(free) >= boot / 2, (min(free), boot)


def test_an_update_keeps_the_game_and_a_files_deploy_is_taken_over(tmp_path):
    uf2 = need_uf2()
    flash = str(tmp_path / "flash.img")
    # a Pico that had Usher deployed as files, with a dice game in play, and
    # a stale marker in its /usher that the frozen code must win over
    deploy_files(flash, "lcd114")
    stale = b'"""stale"""\nVERSION = "stale"\n'
    write_files(flash, {"usher/__init__.py": stale})
    with Pico(PicoConfig(profile="lcd114", flash=flash)) as pico:
        from usher_tools.rp2.build import STOCK_UF2

        pico.cfg.uf2 = STOCK_UF2
        pico.boot()
        tap(pico, "next")
        tap(pico, "ok", times=3)  # Dice & draws, a game, two rolls
        before = pico.image().copy()
        pico.power_off()
    logs = [n for n in flash_files(flash) if n.endswith(".log")]
    assert len(logs) == 1
    record = flash_files(flash)[logs[0]]
    # the UF2 copied over the files deploy: the firmware area only
    with Pico(PicoConfig(profile="lcd114", flash=flash, uf2=uf2)) as pico:
        pico.boot()
        assert (pico.image() == before).all(), "the game in play did not come back where it was"
        hello = link_call(pico, "hello", proto=1)
        assert hello.get("fw") == usher_version(), hello  # the frozen package, not the stale /usher
        tap(pico, "ok")  # one more roll on the frozen code
        pico.power_off()
    assert flash_files(flash)[logs[0]].startswith(record)
    # image N+1 over image N: every game still there, the game resumes
    version = newer(uf2, tmp_path / "usher-next.uf2")
    with Pico(PicoConfig(profile="lcd114", flash=flash, uf2=str(tmp_path / "usher-next.uf2"))) as pico:
        pico.boot()
        hello = link_call(pico, "hello", proto=1)
        assert hello.get("fw") == version, hello
        after = pico.image().copy()
        pico.power_off()
    files = flash_files(flash)
    assert files[logs[0]].count(b"\n") == record.count(b"\n") + 1
    assert not (after == 0).all()


@pytest.mark.long  # needs the Pico 2's file, which make test-long builds (make test builds the Pico's only)
def test_make_dist_names_the_image_by_the_devices_version_with_its_sha256():
    import hashlib
    import subprocess
    import sys

    from tooling import ROOT
    from usher_tools.rp2.build import PICO2_UF2

    from host.cli.test_flash_check import built_pico2, check_pico2_image

    need_uf2()
    built_pico2(fresh=True)
    proc = subprocess.run(
        [sys.executable, "-m", "usher_tools.release"], capture_output=True, text=True, cwd=ROOT
    )  # make dist, on the images found up to date
    assert proc.returncode == 0, proc.stdout[-1500:] + proc.stderr[-1500:]
    dist = os.path.join(ROOT, "build", "dist")
    for name, built in (("usher-%s.uf2", USHER_UF2), ("usher-pico2-%s.uf2", PICO2_UF2)):
        name = name % usher_version()
        path = os.path.join(dist, name)
        data = open(path, "rb").read()
        assert data == open(built, "rb").read()
        line = open(path + ".sha256").read().split()
        assert line == [hashlib.sha256(data).hexdigest(), name]
        assert open(os.path.join(dist, "site", name), "rb").read() == data
    # the Pico 2's file as released: the RP2350's Arm family, the E10 block first, Usher frozen in
    check_pico2_image(os.path.join(dist, "usher-pico2-%s.uf2" % usher_version()))
    # and the rest of the release beside it (test_release.py checks each on a fresh clone)
    assert os.path.exists(os.path.join(dist, "usher_tools-%s-py3-none-any.whl" % usher_version()))
    assert os.path.exists(os.path.join(dist, "site", "release.json"))


def test_the_firmware_area_has_room_for_a_fifth_game():
    # RPI_PICO keeps 640 KiB for the firmware; if usher.uf2 ever leaves less
    # than a game the size of the largest, it is time to make room: the
    # port's modules Usher never imports (~48 KB, hardware/README.md), or a
    # board definition of our own (a larger firmware area; the filesystem's
    # 1,408 KiB hold a season of records). It held two until the games'
    # German tables (~22 KB) came
    from usher_devkit.bench.pico import headroom

    need_uf2()
    h = headroom()
    assert 300_000 < h["used"] < 655_360, h
    assert 1.0 < h["ratio"] < 1.3, h  # freezing costs about a tenth more than the .mpy files
    assert h["largest"] == max(h["per_game"], key=lambda k: h["per_game"][k])
    assert h["left"] >= h["game_bytes"], h
