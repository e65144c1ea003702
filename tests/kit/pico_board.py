"""What the emulated-Pico tests share: the stock rp2 firmware, a deployed
flash image, and the rule that a missing toolchain skips (with how to get it)
unless USHER_REQUIRE_PICO=1 (CI) makes that a failure."""

import os
import shutil

import pytest
from usher_tools.emulator.board import bootrom_path
from usher_tools.emulator.script import AFTER_PRESS
from usher_tools.rp2.build import HOW, STOCK_UF2


def need_pico() -> str:
    """The stock RPI_PICO v1.28.0 UF2, or skip (fail under USHER_REQUIRE_PICO=1)."""
    why = ""
    if not os.path.exists(STOCK_UF2):
        why = "no %s: %s" % (os.path.relpath(STOCK_UF2), HOW)
    else:
        try:
            bootrom_path()
        except FileNotFoundError as e:
            why = str(e)
    if why:
        if os.environ.get("USHER_REQUIRE_PICO") == "1":
            pytest.fail("the emulated Pico is required here (USHER_REQUIRE_PICO=1): " + why)
        pytest.skip(why)
    return STOCK_UF2


def deployed(tmp_path, profile: str, seed: int | None = 1) -> str:
    """A flash image as `usher deploy --profile PROFILE` leaves it (plus, with
    a seed, the measuring boot.py that fixes the dice), cached per profile
    within the test session's temporary folder."""
    from usher_tools.emulator.flash import deploy_files

    base = tmp_path.parent / ("pico-deployed-%s-%s.img" % (profile, seed))
    if not base.exists():
        tmp = str(base) + ".tmp"
        deploy_files(tmp, profile, probe_seed=seed)
        os.replace(tmp, base)
    flash = str(tmp_path / "flash.img")
    shutil.copyfile(base, flash)
    return flash


def tap(pico, name: str, times: int = 1) -> None:
    """A person's press: held 80 ms, then the screen waited for."""
    for _ in range(times):
        key = pico.resolve(name)
        pico.press(key)
        pico.run_for(80)
        pico.release(key)
        pico.run_for(120)
        pico.settle(idle_steps=AFTER_PRESS)
