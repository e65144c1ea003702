"""Usher in a browser (`usher web`), in a real headless Chromium.

The page is served by the real command (`usher web --port 0`) and driven
over the DevTools protocol (usher_devkit.browser: Chromium's
--remote-debugging-pipe, standard library only). The simulator's scripted
shell session is played on it with real key events (LCD) and mouse presses
on the on-screen keys (OLED), in lockstep, and each golden screen is
compared palette index for palette index; a game resumes after a reload
(the flash is in IndexedDB), live presses and touches move the screen, the
records come out through the device's own link (a game with secrets only
after OK on the device) and go into the history with `usher import`.
Every test ends with the page's console free of errors.

Needs Debian's `chromium` package (`apt-get install chromium`); without
it these tests skip, unless USHER_REQUIRE_BROWSER is set (CI sets it).

docs/SIMULATOR.md's (and the README's) picture of the page is taken here: `UPDATE_GOLDEN=1` (or a
missing docs/screens/web-page.png) writes it again."""

import base64
import json
import os
import re
import shutil
import subprocess
import sys
import time

import numpy as np
import pytest
from PIL import Image
from tooling import ROOT, browser_with_downloads, tool, usher_web
from usher.core.record import encode_line
from usher_devkit.browser import HOW_TO_GET, drive, find_chromium
from usher_tools.history.parsing import parse_record
from usher_tools.web import WebError, serve

if not find_chromium():
    if os.environ.get("USHER_REQUIRE_BROWSER"):
        raise RuntimeError("browser tests: " + HOW_TO_GET)
    pytest.skip("browser tests skipped: " + HOW_TO_GET, allow_module_level=True)

SESSION = os.path.join(ROOT, "tests", "sim", "shell_session.txt")
GOLDEN = os.path.join(ROOT, "tests", "golden")
RECORDS = os.path.join(ROOT, "tests", "records")
PICTURE = os.path.join(ROOT, "docs", "screens", "web-page.png")
SHOTS = ["home", "settings", "brightness", "saved-empty", "dice-1", "taste-draw", "game-menu", "scores", "home-resume"]
FIRST_SCREEN_MS = 1000


@pytest.fixture(scope="module")
def url():
    """The page from the real command, on a free port of 127.0.0.1."""
    with usher_web() as (address, _):
        yield address


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    with browser_with_downloads(tmp_path_factory) as b:
        yield b


@pytest.fixture
def tab(browser):
    """A fresh tab; its console must be free of errors when the test ends."""
    t = browser.tab()
    yield t
    t.collect()
    errors = list(t.errors)
    close(browser, t)
    assert not errors, errors


def close(browser, tab):
    """Unload the page first: its hold on the board is gone before the next test's page asks."""
    tab.goto("about:blank")
    browser.call("Target.closeTarget", {"targetId": tab.target})


def open_page(tab, url, profile="lcd114"):
    tab.goto(url + "?profile=" + profile)
    return tab.eval("usher.ready")


def wait_for(tab, expression, timeout=15.0):
    deadline = time.monotonic() + timeout
    while True:
        value = tab.eval(expression)
        if value:
            return value
        if time.monotonic() > deadline:
            stats = tab.eval("usher.test.stats()")
            raise AssertionError("still not %s after %.0f s: %s" % (expression, timeout, stats))
        time.sleep(0.05)


def wait_frame(tab, ok, timeout=10.0):
    """The canvas once `ok(frame)` holds (the page runs on its own clock)."""
    deadline = time.monotonic() + timeout
    while True:
        f = drive.frame(tab)
        if ok(f):
            return f
        if time.monotonic() > deadline:
            raise AssertionError("the screen did not change as expected: %s" % tab.eval("usher.test.stats()"))
        time.sleep(0.05)


def status(tab):
    return tab.eval("document.getElementById('status').textContent")


def golden(profile, name):
    return np.array(Image.open(os.path.join(GOLDEN, profile, name + ".png")).convert("RGB"))


def device_log(rec, actions=None):
    """A hand-written record (tests/records) as the device stores it: every line with its CRC."""
    with open(os.path.join(RECORDS, rec)) as f:
        header, records = parse_record(f.read())
    if actions is not None:
        records = records[:actions]
    return b"".join(encode_line(o) for o in [header] + records)


# -- the command ----------------------------------------------------------------------
def test_usher_web_out_only_writes_the_static_files(tmp_path):
    out = tmp_path / "site"
    proc = subprocess.run([tool("usher"), "web", "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    for name in ("index.html", "app.mjs", "device.mjs", "firmware.pack", "mp/micropython.mjs", "mp/micropython.wasm"):
        assert (out / name).stat().st_size > 0, name
    with open(out / "firmware.pack", "rb") as f:
        head = f.read(8)
        files = json.loads(f.read(int.from_bytes(head[4:], "little")))["files"]
    names = [n for n, _ in files]
    assert head[:4] == b"USHR" and "/usher/app.mpy" in names and "/lib/webdev.mpy" in names
    # bytecode, as on the Pico; machine code is kept as source (this port rejects it)
    assert not any(n.endswith(".py") and not n.endswith(("gs4_rgb565.py", "text_native.py")) for n in names)


def test_the_server_is_for_this_machine_only(tmp_path):
    with pytest.raises(WebError):
        serve(str(tmp_path), 0, host="0.0.0.0")


# -- the shell session, golden screens --------------------------------------------------
@pytest.mark.parametrize("profile,via", [("lcd114", "keyboard"), ("oled", "buttons")])
def test_shell_session_matches_the_golden_screens(tab, url, profile, via):
    open_page(tab, url, profile)
    with open(SESSION) as f:
        shots = drive.play(tab, f.read(), profile, via=via, seed=1)
    assert shots["_presses"] == 36
    bad = []
    for name in SHOTS:
        got, want = drive.indices(shots[name], profile), drive.indices(golden(profile, name), profile)
        assert got.shape == want.shape, name
        assert (got >= 0).all(), "%s: colours outside the palette" % name
        if (got != want).any():
            bad.append("%s: %d pixels" % (name, int((got != want).sum())))
    assert not bad, bad
    stats = tab.eval("usher.test.stats()")
    assert stats["boots"] == 3 and not stats["errors"]  # the page's, the test's, and after the power cut


# -- persistence -----------------------------------------------------------------------
def test_a_game_resumes_after_a_reload_and_live_keys_and_touches_move_it(tab, url):
    first = open_page(tab, url)
    with open(SESSION) as f:
        shots = drive.play(tab, f.read(), "lcd114", via="keyboard", seed=1)
    tab.eval("usher.test.flushed()")
    # the session left its dice game in play: a power-on goes straight back into it
    tab.reload()
    again = tab.eval("usher.ready")
    assert min(first, again) < FIRST_SCREEN_MS, (first, again)
    print("\nfirst screen after load: %.0f ms, after a reload %.0f ms" % (first, again))
    resumed = drive.frame(tab)
    assert (drive.indices(resumed, "lcd114") == drive.indices(shots["resumed"], "lcd114")).all()
    # live: the page's own clock ticks; a quick key tap (down and up between
    # two ticks) reaches the firmware through the key's edge latch: one press
    tab.key("ArrowDown")
    moved = wait_frame(tab, lambda f: (f != resumed).any())
    # a quick touch on the on-screen joystick (a finger's pointer events) takes it back
    x, y = tab.center('.key[data-key="up"]')
    tab.touch(x, y, True)
    tab.touch(x, y, False)
    wait_frame(tab, lambda f: (drive.indices(f, "lcd114") == drive.indices(resumed, "lcd114")).all())
    assert (moved != resumed).any()
    stats = tab.eval("usher.test.stats()")
    assert stats["scale"] >= 1 and stats["latency"], stats


def test_one_tab_at_a_time_runs_a_board_and_the_other_board_is_a_click_away(tab, url, browser):
    open_page(tab, url)
    second = browser.tab()
    try:
        open_page(second, url)
        assert not second.eval("usher.test.stats()")["on"]
        assert "another tab" in status(second)  # two tabs would write the same flash
        second.click('#profiles button[data-profile="oled"]')
        wait_for(second, "usher.test.stats().on && usher.test.stats().profile === 'oled'")
        assert drive.frame(second).shape == (64, 128, 3)
        assert tab.eval("usher.test.stats()")["on"]
    finally:
        second.collect()
        close(browser, second)
    assert not second.errors, second.errors


def test_without_storage_the_page_still_runs_and_says_the_games_will_not_be_kept(tab, url):
    tab.call(
        "Page.addScriptToEvaluateOnNewDocument",
        {"source": "indexedDB.open = () => { throw new DOMException('refused', 'SecurityError'); };"},
    )
    open_page(tab, url)
    assert tab.eval("usher.test.stats()")["on"]
    assert "keeps no storage" in status(tab)


# -- records out, into the history -----------------------------------------------------
def test_records_come_out_through_the_link_and_into_the_history(tab, url, browser, tmp_path):
    files = {
        "g0001.log": device_log("dice_two_players.rec"),
        "g0002.log": device_log("showtime_4p.rec"),
        "g0003.log": device_log("showbiz_4p.rec", 40),  # unfinished: bids and money not yet revealed
    }
    for name in os.listdir(browser.downloads):
        os.remove(os.path.join(browser.downloads, name))
    open_page(tab, url)
    blobs = {n: base64.b64encode(b).decode() for n, b in files.items()}
    tab.eval("usher.test.boot(%s)" % json.dumps({"profile": "lcd114", "files": blobs}))
    tab.eval("usher.test.live()")
    assert tab.eval("usher.test.stats()")["on"]
    home = drive.frame(tab)

    # the Showbiz game holds secrets: the device asks, Back refuses it
    tab.click("#download")
    wait_for(tab, "document.getElementById('status').textContent.includes('Press OK')")
    asking = drive.frame(tab)
    assert (asking != home).any()  # the device's own screen says what the laptop wants
    tab.key("Escape")
    wait_for(tab, "document.getElementById('status').textContent.includes('downloaded')")
    assert "2 records downloaded; 1 refused" in status(tab)
    got = wait_downloads(browser.downloads, 2)
    assert sorted(n.rsplit("-", 1)[1] for n in got) == ["g0001.log", "g0002.log"]

    # again, and OK this time: all three, byte for byte as on the flash
    for name in got:
        os.remove(os.path.join(browser.downloads, name))
    tab.click("#download")
    wait_for(tab, "document.getElementById('status').textContent.includes('Press OK')")
    tab.key("Enter")
    wait_for(tab, "document.getElementById('status').textContent.includes('3 records downloaded')")
    got = wait_downloads(browser.downloads, 3)
    device = {n.split("-")[1] for n in got}
    assert len(device) == 1 and re.fullmatch(r"[0-9a-f]{16}", device.pop())
    paths = []
    for n in sorted(got):
        with open(os.path.join(browser.downloads, n), "rb") as f:
            assert f.read() == files[n.rsplit("-", 1)[1]], n
        paths.append(os.path.join(browser.downloads, n))

    # nothing of any record shows on the page itself (the players' names are in every header)
    text = tab.eval("document.body.innerText")
    for name in ("Anna", "Ben", "Cleo", "Dev", "Dan"):
        assert name not in text

    # the files as they are: usher score replays one, usher import files them all
    score = subprocess.run([tool("usher"), "score", paths[1], "--json"], capture_output=True, text=True, timeout=120)
    assert score.returncode == 0 and json.loads(score.stdout)["game"] == "showtime", score.stderr
    db = str(tmp_path / "history.sqlite")
    imp = subprocess.run([tool("usher"), "import", "--db", db] + paths, capture_output=True, text=True, timeout=120)
    assert imp.returncode == 0, imp.stderr
    games = subprocess.run([tool("usher"), "games", "--db", db, "--json"], capture_output=True, text=True, timeout=60)
    rows = {g["name"]: g for g in json.loads(games.stdout)}
    assert sorted(rows) == ["g0001", "g0002", "g0003"]
    assert all(g["status"] == "ok" for g in rows.values()), rows

    # reset: a blank board with a new id, nothing left to download
    tab.click("#reset")
    tab.click("#reset")
    wait_for(tab, "document.getElementById('status').textContent.includes('blank board')")
    tab.click("#download")
    wait_for(tab, "document.getElementById('status').textContent.includes('0 records downloaded')")


def wait_downloads(folder, n, timeout=15.0):
    deadline = time.monotonic() + timeout
    while True:
        names = sorted(x for x in os.listdir(folder) if x.endswith(".log"))
        if len(names) >= n:
            return names
        if time.monotonic() > deadline:
            raise AssertionError("downloads: %s" % names)
        time.sleep(0.1)


# -- the README's picture ----------------------------------------------------------------
def test_the_readme_picture_of_the_page(tab, url, tmp_path):
    """A Showtime game in play on the LCD board, the page around it."""
    open_page(tab, url)
    files = {"g0001.log": device_log("showtime_4p.rec", 30)}
    shots = drive.play(tab, "next 2\nok\nok\nok\nshot play\n", "lcd114", files=files)
    assert (drive.indices(shots["play"], "lcd114") >= 0).all()
    tab.eval("document.getElementById('status').textContent = ''")
    shot = str(tmp_path / "page.png")
    tab.screenshot(shot)
    assert Image.open(shot).size[0] >= 800
    if os.environ.get("UPDATE_GOLDEN") or not os.path.exists(PICTURE):
        shutil.copy(shot, PICTURE)
        print("\nwrote %s" % PICTURE, file=sys.stderr)


# -- what the page says and shows before the device runs --------------------------------
def test_the_first_view_names_usher_s_version_and_leads_to_the_pico(tab, url):
    """The page's Usher version and a link to the Pico's
    sync in the first view, above the simulated device; that device's erase
    button names it, and still asks before it erases."""
    from usher import VERSION

    open_page(tab, url)
    wait_for(tab, "document.getElementById('version') && document.getElementById('version').textContent")
    assert tab.eval("document.querySelector('header h1').innerText") == "Usher " + VERSION
    box = tab.eval(
        "(() => { const a = document.querySelector('header a[href=\"#pico\"]').getBoundingClientRect();"
        " return [a.bottom, innerHeight, document.getElementById('board').getBoundingClientRect().top]; })()"
    )
    assert box[0] <= min(box[1], box[2]), box
    tab.click('header a[href="#pico"]')
    seen = "(() => { const r = document.getElementById('connect').getBoundingClientRect();"
    wait_for(tab, seen + " return r.top >= 0 && r.bottom <= innerHeight; })()")  # the link brings Connect into view
    assert tab.eval("document.getElementById('reset').textContent") == "Erase the simulated device"
    tab.eval("document.getElementById('reset').scrollIntoView({block: 'center'}), true")
    tab.click("#reset")
    asked = tab.eval("document.getElementById('reset').textContent")
    assert asked == "Erase every game on the simulated device? Click again", asked
    assert tab.eval("usher.test.stats().on")  # asked, not erased


def test_the_page_names_every_game_of_the_firmware_s_catalog(tab, url):
    from usher.games.catalog import GAMES

    open_page(tab, url)
    text = tab.eval("document.querySelector('header').innerText")
    missing = [g.title for g in GAMES if g.title not in text]
    assert not missing, (missing, text)


@pytest.mark.parametrize("profile", ["lcd114", "oled"])
def test_the_first_screenshot_shows_the_device_not_a_black_panel(tab, url, profile):
    """A screenshot as soon as the page has loaded (usually before its VM has
    drawn anything): the board with its keys and on its glass the power-on
    screen of a blank board, which is the golden home screen of the scripted
    session. Lit where it is lit and dark where it is dark: once the VM has
    drawn, the glass shows the device's brightness (a filter) over it."""
    # a blank board: the games earlier tests kept in this browser would put a
    # Resume row on the home screen the VM draws (a warm page draws fast)
    tab.goto("about:blank")
    origin = "/".join(url.split("/", 3)[:3])
    tab.call("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "indexeddb"})
    tab.goto(url + "?profile=" + profile)
    shot = tab.call("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": False})["data"]
    keys = tab.eval("document.querySelectorAll('#board .key').length")
    box = tab.eval(
        "(() => { const e = document.getElementById('first').hidden ? document.getElementById('screen')"
        " : document.getElementById('first'); const r = e.getBoundingClientRect();"
        " return [r.left, r.top, r.width, r.height, devicePixelRatio]; })()"
    )
    assert keys >= 4, keys
    import io

    img = np.array(Image.open(io.BytesIO(base64.b64decode(shot))).convert("RGB"))
    want = golden(profile, "home")
    h, w = want.shape[:2]
    left, top, bw, bh, dpr = box
    k = bw * dpr / w
    assert k >= 1 and abs(bh * dpr / h - k) < 0.01, box
    ys = (top * dpr + (np.arange(h) + 0.5) * k).astype(int)
    xs = (left * dpr + (np.arange(w) + 0.5) * k).astype(int)
    got = img[ys][:, xs].astype(int)
    lit = want.max(axis=2) > 0
    off = lit != (got.max(axis=2) > 4)
    assert off.sum() == 0, "%d of %d pixels differ from the home screen" % (off.sum(), w * h)
    assert lit.sum() > w * h // 20  # and that screen is no black panel
    if not tab.eval("usher.test.stats().frames"):  # the VM has not drawn yet: the picture's own colours
        assert (np.abs(got - want.astype(int)) <= 8).all()
