"""The web page in English and in German (host_tools/usher_tools/web/page/words.mjs).

Without a browser: every text the page says (each t("...") in its modules,
each element and attribute index.html marks with data-t / data-t-attr) has
its German, no German is left that the page no longer says, and each keeps
its %s / %d slots and its markup; planted texts show the check fails.

In a real headless Chromium (Debian's `chromium`; skipped without it unless
USHER_REQUIRE_BROWSER): a browser that asks for German gets the page in
German, its device too (its Language setting, its Home drawn in it); the
English / Deutsch switch changes it and a reload keeps the pick; a sync's
line, a date and a number in German, and in English under a German browser
locale; the BG Stats file byte for byte the same in both."""

import base64
import json
import os
import re
import shutil
import subprocess
import time
from html.parser import HTMLParser

import numpy as np
import pytest
from PIL import Image
from tooling import ROOT, browser_with_downloads
from usher_devkit.browser import HOW_TO_GET, drive, find_chromium
from usher_tools.wasm.paths import node
from usher_tools.web import PAGE

from host.web import test_web_serial as ws

WORDS = os.path.join(PAGE, "words.mjs")
# t("...") with a string literal first; every call of t( must be one (words.mjs defines it)
CALL = re.compile(r'(?<![\w.$])t\(\s*"((?:[^"\\\n]|\\.)*)"')
ANY_CALL = re.compile(r"(?<!function )(?<![\w.$])t\(")
SLOT = re.compile(r"%[sd]")
TAG = re.compile(r"<[^>]+>")


# -- the table and the page's texts, in step ----------------------------------------------
class Marked(HTMLParser):
    """index.html's marked texts: each data-t element's content as written
    (markup and all, spaces collapsed: words.mjs's htmlKey), each
    data-t-attr attribute's value."""

    def __init__(self, src: str) -> None:
        super().__init__(convert_charrefs=False)
        self.src = src
        self.starts = [0]
        for line in src.splitlines(keepends=True):
            self.starts.append(self.starts[-1] + len(line))
        self.open: list = []  # [tag, where its content starts, same tags open inside]
        self.texts: list = []

    def at(self) -> int:
        line, col = self.getpos()
        return self.starts[line - 1] + col

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        for name in (a.get("data-t-attr") or "").split():
            self.texts.append(a[name])
        for o in self.open:
            if o[0] == tag:
                o[2] += 1
        if "data-t" in a:
            self.open.append([tag, self.at() + len(self.get_starttag_text()), 0])

    def handle_endtag(self, tag):
        for o in reversed(self.open):
            if o[0] == tag:
                if o[2]:
                    o[2] -= 1
                else:
                    self.texts.append(re.sub(r"\s+", " ", self.src[o[1] : self.at()]).strip())
                    self.open.remove(o)
                return


def page_texts(folder: str) -> tuple:
    """(every text the page says, the calls of t() without a literal): its
    modules' lines of code (comments left out) and index.html's marks."""
    texts, loose = [], []
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".mjs"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            code = "\n".join(line for line in f.read().splitlines() if not line.lstrip().startswith("//"))
        found = [json.loads('"%s"' % m.group(1)) for m in CALL.finditer(code)]
        texts += found
        if len(ANY_CALL.findall(code)) != len(found):
            loose.append(name)
    with open(os.path.join(folder, "index.html"), encoding="utf-8") as f:
        html = f.read()
    marked = Marked(html)
    marked.feed(html)
    return texts + marked.texts, loose


def german(words: str) -> dict:
    """words.mjs's DE, as Node imports it."""
    exe = shutil.which(node())
    if not exe:
        if os.environ.get("CI", "").lower() in ("true", "1"):
            pytest.fail("under CI the page's words must be checked: node is missing (make setup)")
        pytest.skip("node is missing: make setup installs it")
    js = "const m = await import(process.argv[1]); process.stdout.write(JSON.stringify(m.DE));"
    url = "file://" + os.path.abspath(words)
    proc = subprocess.run(
        [exe, "--input-type=module", "-e", js, url], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def problems(folder: str) -> list:
    """What keeps the page's words and its German out of step (none: in step)."""
    texts, loose = page_texts(folder)
    table = german(os.path.join(folder, "words.mjs"))
    out = ["%s: t() of something other than a text" % name for name in loose]
    out += ["no German: %r" % s for s in dict.fromkeys(texts) if s not in table]
    out += ["German the page no longer says: %r" % s for s in table if s not in texts]
    for en, de in table.items():
        if SLOT.findall(en) != SLOT.findall(de):
            out.append("slots differ: %r -> %r" % (en, de))
        if sorted(TAG.findall(en)) != sorted(TAG.findall(de)):
            out.append("markup differs: %r -> %r" % (en, de))
        if not de.strip():
            out.append("empty German: %r" % en)
    return out


def test_every_text_of_the_page_has_its_german_and_no_german_is_stale():
    assert problems(PAGE) == []
    texts, _ = page_texts(PAGE)
    assert "Connect your Pico" in texts and "Usher in a browser" in texts  # index.html's marks are read
    assert "Sync stopped: %s" in texts  # and the modules' t()


def plant(tmp_path, name: str, old: str, new: str) -> str:
    page = tmp_path / "page"
    if not page.exists():
        shutil.copytree(PAGE, page)
    path = page / name
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, (name, old)
    path.write_text(text.replace(old, new), encoding="utf-8")
    return str(page)


def test_the_check_fails_on_a_text_without_german_a_stale_german_and_a_lost_slot(tmp_path):
    page = plant(tmp_path, "app.mjs", 't("A blank board: no games, default settings.")', 't("A blank board.")')
    plant(tmp_path, "index.html", "<th data-t>Date</th>", "<th data-t>When</th>")
    plant(tmp_path, "words.mjs", '"Sieg: %s"', '"Sieg"')
    plant(tmp_path, "pico.mjs", 's.textContent = t("Standings");', "s.textContent = t(STANDINGS);")
    plant(tmp_path, "words.mjs", '"<b>Aufzeichnungen herunterladen</b> gibt', '"Aufzeichnungen herunterladen gibt')
    found = problems(page)
    assert found == [
        "pico.mjs: t() of something other than a text",
        "no German: 'A blank board.'",
        "no German: 'When'",
        "German the page no longer says: 'A blank board: no games, default settings.'",
        "German the page no longer says: 'Standings'",
        "German the page no longer says: 'Date'",
        "slots differ: '%s won' -> 'Sieg'",
        found[7],
    ], found
    assert found[7].startswith('markup differs: "<b>Download records</b> hands over')


# -- in Chromium ---------------------------------------------------------------------------
GOLDEN_HOME = os.path.join(ROOT, "tests", "golden", "lcd114", "home.png")
MONTHS = "Januar Februar März April Mai Juni Juli August September Oktober November Dezember".split()


site = ws.site  # the page from the real command, as test_web_serial serves it


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    if not find_chromium():
        if os.environ.get("USHER_REQUIRE_BROWSER"):
            raise RuntimeError("browser tests: " + HOW_TO_GET)
        pytest.skip("browser tests skipped: " + HOW_TO_GET)
    with browser_with_downloads(tmp_path_factory) as b:
        yield b


def german_tab(browser, url, serial=None):
    """A tab whose browser asks for German (its Accept-Language, so
    navigator.languages, and its locale), on a blank origin: no games, no
    board, no language picked; `serial`: test_web_serial's stand-in for Web
    Serial, over this bridge."""

    def german(tab):
        ua = tab.eval("navigator.userAgent")
        tab.call("Emulation.setUserAgentOverride", {"userAgent": ua, "acceptLanguage": "de-DE,de,en"})
        tab.call("Emulation.setLocaleOverride", {"locale": "de-DE"})

    return ws.new_tab(browser, url, serial, serial=serial is not None, before=german)


def pick(tab, code):
    """The switch: the page loads again in that language."""
    tab.b.events("Page.loadEventFired", tab.session)
    tab.eval("document.getElementById('langs').scrollIntoView(), true")
    tab.click('#langs button[data-lang="%s"]' % code)
    tab.b.wait_event("Page.loadEventFired", tab.session, 30)
    tab.eval("usher.ready")
    tab.eval("usher.pico.ready")


def text(tab, selector, attr=""):
    what = "getAttribute(%s)" % json.dumps(attr) if attr else "textContent"
    return tab.eval("document.querySelector(%s).%s" % (json.dumps(selector), what))


def device_lang(tab):
    """The language setting in the page's device's flash (settings.json), once saved."""
    tab.eval("usher.test.flushed()")
    got = tab.eval(
        "import('./flash.mjs').then((m) => m.Flash.open()).then((f) => f.load('lcd114')).then((r) => {"
        " const f = r.files.find((x) => x[0] === 'settings.json'); return f ? new TextDecoder().decode(f[1]) : null; })"
    )
    return json.loads(got).get("lang", "en") if got else "en"


def home_as_golden(tab):
    """Whether the device's screen is the English Home of a blank board (the golden one)."""
    want = np.array(Image.open(GOLDEN_HOME).convert("RGB"))
    got = drive.frame(tab)
    return got.shape == want.shape and bool((drive.indices(got, "lcd114") == drive.indices(want, "lcd114")).all())


def test_a_german_browser_gets_the_page_and_its_device_in_german_and_the_switch_keeps_a_pick(browser, site):
    url, _ = site
    tab = german_tab(browser, url)
    assert tab.eval("document.title") == "Usher im Browser"
    assert tab.eval("document.documentElement.lang") == "de"
    assert text(tab, "#connect") == "Pico verbinden"
    assert text(tab, "#connect", "title").startswith("Web Serial: den Pico")
    assert text(tab, "#games-empty") == "Noch keine Spiele abgeglichen."
    assert text(tab, "#jump").startswith("Dein eigener Pico: seine Spiele abgleichen")
    assert text(tab, '#langs button[data-lang="de"]', "aria-pressed") == "true"
    assert text(tab, '.key[data-key="up"]', "aria-label") == "hoch"
    # a line the page makes: Erase asks first
    tab.eval("document.getElementById('reset').scrollIntoView({block: 'center'}), true")
    tab.click("#reset")
    assert text(tab, "#reset") == "Alle Spiele auf dem simulierten Gerät löschen? Noch einmal klicken"
    # the page's device speaks it too: its setting, and its Home is not the English one
    assert device_lang(tab) == "de"
    assert not home_as_golden(tab)
    header = tab.eval("document.querySelector('header').innerText")
    for title in ("Showtime", "Showbiz", "Show Manager", "Films"):  # games keep their names
        assert title in header, header

    # English: every word at once (a reload), the device's Home the golden English one
    pick(tab, "en")
    assert tab.eval("document.title") == "Usher in a browser"
    assert text(tab, "#connect") == "Connect your Pico"
    assert text(tab, "#reset") == "Erase the simulated device"
    assert device_lang(tab) == "en"
    assert home_as_golden(tab)
    # every text the browser finds marked in index.html (its own serialization) has its German
    # (but the status line, which the page has written over by now)
    missing = tab.eval(
        "import('./words.mjs').then((m) => [...document.querySelectorAll('[data-t]:not([role=status])')]"
        ".map((e) => m.htmlKey(e.innerHTML))"
        ".concat([...document.querySelectorAll('[data-t-attr]')].flatMap((e) =>"
        " e.getAttribute('data-t-attr').split(' ').map((a) => e.getAttribute(a)))).filter((k) => !(k in m.DE)))"
    )
    assert missing == [], missing

    # and back; a reload keeps the pick over the browser's language
    pick(tab, "de")
    assert text(tab, "#connect") == "Pico verbinden" and device_lang(tab) == "de"
    pick(tab, "en")
    tab.reload()
    tab.eval("usher.ready")
    assert text(tab, "#connect") == "Connect your Pico" and device_lang(tab) == "en"
    assert ws.close(browser, tab) == []


def test_a_sync_s_lines_dates_and_numbers_in_german_and_the_bg_stats_file_the_same_in_both(browser, site):
    url, _ = site
    bridge = ws.Bridge()
    try:
        tab = german_tab(browser, url, serial=bridge)
        # a Pico that never answers: the page's line says so in German
        ws.short_replies(tab)
        bridge.answer = lambda data: b""
        ws.click(tab, "#connect")
        said = ws.wait_text(tab, "sync-status", "abgebrochen", "geholt", timeout=20)
        silent = "keine Antwort vom Gerät: Läuft Usher darauf (und zeigt den Startbildschirm)?"
        assert said == "Abgleich abgebrochen: " + silent, said
    finally:
        bridge.close()

    # the page's own device synced: a finished Showtime game, begun at a known time
    created = 1764400000
    blobs = {"g0001.log": base64.b64encode(ws.device_log("showtime_4p.rec", created=created)).decode()}
    tab.eval("usher.test.boot(%s)" % json.dumps({"profile": "lcd114", "files": blobs}))
    tab.eval("usher.test.live()")
    ws.click(tab, "#sync-page")
    said = ws.wait_text(tab, "sync-status", "geholt", "abgebrochen", "fehlgeschlagen")
    assert re.fullmatch(r"Gerät [0-9a-f]+ \(Firmware [^)]+\): 1 Spiel geholt\.", said), said
    # a game kept in part, 1,200 of its 36,000 bytes: a number the list shows
    tab.eval(
        "import('./history.mjs').then((m) => m.History.open()).then((h) => h.savePartial('c0ffee',"
        " {name: 'g0002', game: 'showbiz', created: %d, uid: 'part', size: 36000}, new Uint8Array(1200)))"
        ".then(() => usher.pico.render()).then(() => true)" % (created + 3600)
    )

    def listed():
        return tab.eval("[...document.querySelectorAll('#games-body tr')].map((tr) => tr.innerText)")

    day = time.localtime(created)
    german_day = "%d. %s %d, %02d:%02d" % (day.tm_mday, MONTHS[day.tm_mon - 1], day.tm_year, day.tm_hour, day.tm_min)
    rows = listed()
    assert len(rows) == 2, rows
    assert rows[0].startswith("g0002 Showbiz\t") and "unvollständig: 1.200 von 36.000 Bytes (neu abgleichen)" in rows[0]
    assert rows[1].startswith("g0001 Showtime\t" + german_day + "\tAnna"), (rows[1], german_day)
    assert "\tSieg: Anna\tbeendet\t" in rows[1] and "Endstand" in rows[1] and "Zu BG Stats hinzufügen" in rows[1]
    tab.eval("document.querySelector('#games-body details').open = true, true")
    assert "1. Anna \u2013 45" in listed()[1]
    de = tab.eval("usher.pico.links()")

    # in English the same list, English numbers and dates though the browser's locale is German
    pick(tab, "en")
    rows = listed()
    assert "partial: 1,200 of 36,000 bytes (sync again)" in rows[0], rows
    assert rows[1].startswith("g0001 Showtime\t" + time.strftime("%Y-%m-%d %H:%M", day)), rows
    en = tab.eval("usher.pico.links()")
    # what goes to BG Stats keeps its own language: the same bytes either way
    assert en["file"] == de["file"] and en["links"] == de["links"] and len(en["plays"]) == 1
    assert ws.close(browser, tab) == []
