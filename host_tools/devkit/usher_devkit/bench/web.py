"""`make bench` figures of the web page (`usher web`), in a headless Chromium
(usher_devkit.browser; skipped with a note when there is none).

- the first screen after load: from the navigation's start to the device's
  first frame on the canvas (the runtime and the firmware fetched, the VM
  started, the flash read from IndexedDB, the app's first tick drawn), on a
  fresh browser profile (nothing cached) and then warm; the goal is 1 s;
- press to redraw: the work of the tick that handles a press and draws its
  screen (the app's tick, the pixels converted, the canvas updated), median
  over the scripted shell session's presses; and the time from a real key
  event to the new frame while the page runs on its own clock (a key held
  80 ms, as the simulator's press: the firmware's debounce and the wait
  for the next tick included).
"""

import statistics
import time

from usher_devkit.browser import HOW_TO_GET, Browser, find_chromium

LOADS = 5  # page loads for the first-screen figure (the first one cold)
PRESSES = 30  # live presses for the key-to-frame figure


def measure() -> dict:
    from usher_tools import web

    from usher_devkit.browser import drive
    from usher_devkit.meter import SESSION

    folder = web.build()
    server, url = web.start(folder, 0)
    out: dict = {}
    try:
        with Browser() as b:
            firsts = []
            for _ in range(LOADS):
                tab = b.tab()
                tab.goto(url + "?profile=lcd114")
                firsts.append(tab.eval("usher.ready"))
                b.call("Target.closeTarget", {"targetId": tab.target})
            out["first_cold"] = firsts[0]
            out["first_warm"] = statistics.median(firsts[1:])
            tab = b.tab()
            tab.goto(url + "?profile=lcd114")
            tab.eval("usher.ready")
            with open(SESSION) as f:
                drive.play(tab, f.read(), "lcd114", via="keyboard", seed=1)
            work = tab.eval("usher.test.stats()")["work"]
            out["work_median"] = statistics.median(work)
            out["work_max"] = max(work)
            out["work_n"] = len(work)
            # live: the page's own clock, a menu moved by real key events
            tab.eval("usher.test.boot({profile: 'lcd114'})")
            tab.eval("usher.test.live()")
            time.sleep(0.3)
            before = len(tab.eval("usher.test.stats()")["latency"])
            for i in range(PRESSES):
                key = "ArrowDown" if (i // 3) % 2 == 0 else "ArrowUp"
                tab.key(key, True)
                time.sleep(0.08)
                tab.key(key, False)
                time.sleep(0.25)
            lat = tab.eval("usher.test.stats()")["latency"][before:]
            out["latency_median"] = statistics.median(lat) if lat else 0
            out["latency_n"] = len(lat)
            tab.collect()
            out["errors"] = tab.errors
    finally:
        server.shutdown()
    return out


def figures() -> list:
    from usher_devkit.bench.render import fig

    t = "The page in a headless Chromium (lcd114)"
    if not find_chromium():
        return [fig(t, "not measured", "no Chromium", note=HOW_TO_GET)]
    m = measure()
    cold, warm = round(m["first_cold"]), round(m["first_warm"])
    note = "console errors: %s" % m["errors"][:2] if m["errors"] else ""
    return [
        fig(t, "first screen after load, fresh browser", cold, "ms", "at most 1000", cold <= 1000, note=note),
        fig(t, "first screen after load, warm", warm, "ms", "at most 1000", warm <= 1000),
        fig(t, "a press's tick: median of %d" % m["work_n"], m["work_median"], "ms"),
        fig(t, "a press's tick: max", m["work_max"], "ms"),
        fig(t, "key event to new frame, live: median of %d" % m["latency_n"], round(m["latency_median"]), "ms"),
    ]


if __name__ == "__main__":
    from usher_devkit.bench.render import section

    print(section("The web page", figures()))
