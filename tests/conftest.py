import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TESTS = os.path.join(ROOT, "tests")
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)  # tooling, and the host tests' package (host.<folder>.test_x)

from tooling import TEST_PATH  # noqa: E402

for p in reversed(TEST_PATH):
    if p not in sys.path:
        sys.path.insert(0, p)

# The longest modules first (wall seconds measured on the two-core machine,
# make test): pytest-xdist's loadscope, with --no-loadscope-reorder (the
# Makefile's), hands modules out in collection order,
# so the long ones start at once and the short ones fill in around them
# rather than one long module running alone at the end.
LONGEST_FIRST = (
    "tests/host/pico/test_pico_hostile.py",  # 240
    "tests/host/pico/test_pico_uf2.py",
    "tests/host/vm/test_wasm_meter.py",  # 173
    "tests/host/pico/test_pico_modules.py",  # 134
    "tests/host/pico/test_pico_deploy.py",  # 110
    "tests/host/pico/test_pico_press_games.py",  # 100
    "tests/host/pico/test_pico_session.py",  # 89
    "tests/host/project/test_wheel_platforms.py",  # 85 when PyPI is asked (its answers are kept a day)
    "tests/host/pico/test_pico_install.py",
    "tests/host/vm/test_memory_loops.py",  # 68
    "tests/host/sim/test_showbiz_sim.py",  # 65
    "tests/host/cli/test_build_cli.py",  # 53
    "tests/host/sim/test_show_manager_sim.py",  # 49
    "tests/host/sim/test_long_session.py",  # 48
    "tests/host/pico/test_pico_press.py",  # 36
    "tests/host/pico/test_pico_sync.py",  # 35
)


def pytest_collection_modifyitems(session, config, items):
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}

    def key(item):
        path = os.path.relpath(str(item.path), ROOT).replace(os.sep, "/")
        return rank.get(path, len(rank))

    items.sort(key=key)  # stable: the order within a module and among the rest is kept
