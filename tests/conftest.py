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

# `usher` speaks the system's language (usher_tools.words): the tests read its
# English unless a test asks for another, whatever this machine's LANG is
os.environ["LANGUAGE"] = "en"

# The longest modules first (wall seconds measured on the two-core machine,
# make test): pytest-xdist's loadscope, with --no-loadscope-reorder (the
# Makefile's), hands modules out in collection order,
# so the long ones start at once and the short ones fill in around them
# rather than one long module running alone at the end.
LONGEST_FIRST = (
    "tests/host/pico/test_pico_uf2.py",  # 62
    "tests/host/web/test_web_serial.py",  # 62 (much of it the page's own timeouts)
    "tests/host/pico/test_pico_board.py",  # 52
    "tests/host/vm/test_memory_loops.py",  # 50
    "tests/host/pico/test_pico_session.py",  # 47
    "tests/host/pico/test_pico_sync.py",  # 31
    "tests/host/vm/test_micropython_vm.py",  # 30
    "tests/host/vm/test_wasm_meter.py",  # 26
    "tests/host/pico/test_pico_press_games.py",  # 26
    "tests/host/sync/test_sync_e2e.py",  # 23
    "tests/host/web/test_web_page.py",  # 23
    "tests/host/games/test_showbiz_props.py",  # 23
    "tests/host/pico/test_pico_modules.py",  # 22
    "tests/host/project/test_wheel_platforms.py",  # 85 when PyPI is asked: make test asks it before
)


def pytest_collection_modifyitems(session, config, items):
    rank = {path: i for i, path in enumerate(LONGEST_FIRST)}

    def key(item):
        path = os.path.relpath(str(item.path), ROOT).replace(os.sep, "/")
        return rank.get(path, len(rank))

    items.sort(key=key)  # stable: the order within a module and among the rest is kept
