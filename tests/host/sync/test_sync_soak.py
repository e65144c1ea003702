"""Long runs for `make soak` (not part of `make test`): the link fuzz at a
hundred times the portable size, on CPython and on the MicroPython VM, and
syncs cut at random points that must always resume to an exact copy."""

import pytest
from tooling import KIT_PATHS, micropython, vm_firmware
from usher.core.rng import Rng
from usher_tools.history.store import History
from usher_tools.link.client import DeviceGone

from host.sync import test_sync as ts

pytestmark = pytest.mark.soak


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_link_fuzz_on_cpython(seed):
    import test_link_hostile as hostile

    seen, sent = hostile.fuzz(100_000, seed)
    assert sent > 10_000


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_link_fuzz_on_the_micropython_vm(tmp_path, seed):
    # one VM a seed: one long session each, as a device would see it
    script = tmp_path / "soak.py"
    script.write_text(
        "import sys\n"
        "sys.path.insert(0, %r)\n"
        "sys.path[:0] = %r\n"
        "import test_link_hostile as h\n"
        "print(h.fuzz(30000, %d))\n"
        "print('soak ok')\n" % (vm_firmware(), KIT_PATHS, seed)  # compiled, as the Pico runs it
    )
    proc = micropython([str(script)], timeout=1200)
    assert proc.returncode == 0 and "soak ok" in proc.stdout, proc.stdout[-2000:] + proc.stderr[-2000:]


def test_syncs_cut_at_random_points_always_resume_to_an_exact_copy(tmp_path):
    rng = Rng(2024)
    cuts = 0
    for round_ in range(30):
        dev = ts.Device(games=1 + rng.below(4), rolls=20 + rng.below(120))
        h = History(str(tmp_path / ("h%d.sqlite" % round_)))
        total = sum(len(v) for k, v in dev.storage.files.items() if k.endswith(".log"))
        for _ in range(20):
            dev.port.cut_after = dev.port.read_total + 200 + rng.below(max(1, total))
            try:
                ts.sync(dev, h)
                break
            except DeviceGone:
                cuts += 1
        dev.port.cut_after = -1
        ts.sync(dev, h)
        for e in dev.library.index["games"]:
            row = h.get(ts.DEVICE_ID, e["name"])
            assert row["data"] == dev.log(e["name"]) and row["status"] == "ok", (round_, e["name"])
        h.close()
    assert cuts > 20, cuts  # the cable really was pulled, many times
