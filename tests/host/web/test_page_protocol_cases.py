"""The sync protocol's examples (tests/fixtures/protocol_cases.json) played
against the page's client in a headless Chromium: link.mjs over
transport.mjs's SerialTransport, and sync.mjs, as `usher web` serves them. The
device's side is a scripted Web Serial port (tests/host/web/protocol_harness.mjs,
in the test, not the page); the cases, their framing and the verdict are
tests/host/sync/test_protocol_cases.py's, which plays the same file against
usher's client. Needs Debian's `chromium` (skips without it unless
USHER_REQUIRE_BROWSER)."""

import json
import os

import pytest
from tooling import browser_with_downloads, usher_web
from usher_devkit.browser import HOW_TO_GET, find_chromium

from host.sync import test_protocol_cases as pc

if not find_chromium():
    if os.environ.get("USHER_REQUIRE_BROWSER"):
        raise RuntimeError("browser tests: " + HOW_TO_GET)
    pytest.skip("browser tests skipped: " + HOW_TO_GET, allow_module_level=True)

HARNESS = os.path.join(os.path.dirname(__file__), "protocol_harness.mjs")


@pytest.fixture(scope="module")
def tab(tmp_path_factory):
    """A tab on the served page's origin, its modules and the harness loaded;
    not the page itself (no device booted: only the client is wanted)."""
    with usher_web() as (url, _), browser_with_downloads(tmp_path_factory) as browser:
        t = browser.tab()
        t.goto(url + "usher.css")  # any document of the origin: the modules resolve against it
        with open(HARNESS) as f:
            src = f.read()
        t.eval(
            """(async () => {
              const [link, transport, sync, harness] = await Promise.all([
                import('./link.mjs'), import('./transport.mjs'), import('./sync.mjs'),
                import(URL.createObjectURL(new Blob([%s], {type: 'text/javascript'}))),
              ]);
              window.__page = {Link: link.Link, LinkError: link.LinkError, SerialTransport: transport.SerialTransport,
                               sync: sync.sync};
              window.__harness = harness;
              return true;
            })()"""
            % json.dumps(src)
        )
        yield t


@pytest.mark.parametrize("name", pc.NAMES)
def test_the_page_s_client_agrees_with_the_case(tab, name):
    case = pc.compiled(name)
    run = tab.eval("window.__harness.run(%s, window.__page)" % json.dumps(case), timeout=120)
    problems = pc.verdict(case, run)
    assert not problems, "\n".join(problems)
    # nothing left over in the page either (a promise no one awaited that failed); the stylesheet's
    # document links no icon, so Chromium's own ask for /favicon.ico is not the page's
    tab.collect()
    errors = [e for e in tab.errors if "favicon.ico" not in e]
    tab.errors.clear()
    assert not errors, errors
