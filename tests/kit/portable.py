"""Helpers for tests that run unchanged on CPython (pytest) and MicroPython
(tests/mp_runner.py): plain asserts, no fixtures, no pytest imports."""


def raises(exc, fn, *args, **kwargs):
    """Call fn and return the exception it raised; fail if it raised none."""
    try:
        fn(*args, **kwargs)
    except exc as e:
        return e
    raise AssertionError("did not raise %s" % exc.__name__)


def eq(a, b):
    assert a == b, (a, b)


def on_micropython():
    import sys

    return sys.implementation.name == "micropython"


def micropython_only(why):
    """Skip the calling test on CPython, saying `why` (pytest reports a skip,
    not a pass): for what only the MicroPython VM can show. On MicroPython
    it returns and the test goes on."""
    if not on_micropython():
        import pytest

        pytest.skip("MicroPython only: " + why)
