"""Playing a simulator script on the page in a real browser, as a person
would press the keys: each press is a key event from the keyboard (arrows,
Enter, Escape/Backspace) or a mouse press on the page's on-screen keys, and
time runs in lockstep (the page's `usher.test.run`), so the screens are the
simulator's, tick for tick.

    with Browser() as b:
        tab = b.tab(); tab.goto(url)
        shots = play(tab, open(SESSION).read(), "lcd114", via="keyboard")
        indices(shots["home"], "lcd114")      # palette index per pixel

The script's commands and timings are the simulator's (usher_tools.sim.script,
read by usher_devkit.meter.script_ops): a press holds its key 80 ms and waits
120 ms, `long` holds it a second; `powercut after-writes N` and `restart`
cut the page's board mid-write and power it on again from its flash.
"""

import base64
import json

import numpy as np

# the keyboard key that holds each physical key of the profile
KEYBOARD = {
    "lcd114": {
        "up": "ArrowUp",
        "down": "ArrowDown",
        "left": "ArrowLeft",
        "right": "ArrowRight",
        "A": "Enter",
        "B": "Backspace",
        "press": " ",
    },
    "oled": {"prev": "ArrowUp", "next": "ArrowDown", "ok": "Enter", "back": "Backspace"},
}


class ScriptFailed(Exception):
    pass


def palette(profile: str) -> np.ndarray:
    """The colours the glass can show, by palette index (RGB888, as the page
    and the simulator widen the panel's RGB565)."""
    if profile == "oled":
        return np.array([[0, 0, 0], [255, 255, 255]], dtype=np.uint8)
    from usher_tools.paths import use_firmware
    from usher_tools.sim.panels import rgb565_to_rgb

    use_firmware()
    from usher.ui import theme

    return rgb565_to_rgb(np.array(theme.palette565(), dtype=np.uint16))


def indices(rgb: np.ndarray, profile: str) -> np.ndarray:
    """Each pixel's palette index (HxW int), -1 where a colour is not in the palette."""
    pal = palette(profile)
    out = np.full(rgb.shape[:2], -1, dtype=np.int16)
    for i in range(len(pal) - 1, -1, -1):  # the lowest index wins where two are the same colour
        out[(rgb[..., :3] == pal[i]).all(axis=2)] = i
    return out


def frame(tab) -> np.ndarray:
    """The page's canvas, RGB (HxWx3 uint8), as drawn."""
    f = tab.eval("usher.test.frame()")
    rgba = np.frombuffer(base64.b64decode(f["rgba"]), dtype=np.uint8).reshape(f["h"], f["w"], 4)
    return rgba[..., :3].copy()


class Player:
    """Presses on one page: by keyboard or by the on-screen keys (mouse)."""

    def __init__(self, tab, profile: str, keys: list, via: str = "keyboard") -> None:
        self.tab = tab
        self.profile = profile
        self.via = via
        self.keys = {}  # physical name -> logical
        for k in keys:
            name, logical = k.split(" ")
            self.keys[name] = logical
        self.order = sorted(self.keys)
        self.centers: dict = {}
        self.presses = 0

    def resolve(self, name: str) -> str:
        if name in self.keys:
            return name
        for k in self.order:
            if k.lower() == name.lower():
                return k
        for k in self.order:
            if self.keys[k] == name:
                return k
        raise ScriptFailed("no key %r on %s (keys: %s)" % (name, self.profile, ", ".join(self.order)))

    def hold(self, key: str, down: bool) -> None:
        if self.via == "keyboard":
            self.tab.key(KEYBOARD[self.profile][key], down)
            return
        if key not in self.centers:
            self.centers[key] = self.tab.center('.key[data-key="%s"]' % key)
        x, y = self.centers[key]
        self.tab.mouse(x, y, down)

    def run(self, ms: int) -> dict:
        return self.tab.eval("usher.test.run(%d)" % ms)

    def tap(self, name: str, hold_ms: int, gap_ms: int) -> None:
        key = self.resolve(name)
        self.hold(key, True)
        self.run(hold_ms)
        self.hold(key, False)
        self.run(gap_ms)
        self.presses += 1


def play(tab, text: str, profile: str, via: str = "keyboard", seed: int = 1, files: dict | None = None) -> dict:
    """Boot a board in lockstep (blank flash, or `files` {name: bytes}) and
    play a simulator script on it. Returns {shot name: RGB array}, plus
    '_presses' (how many)."""
    from usher_devkit.meter import script_ops

    blobs = {n: base64.b64encode(b).decode() for n, b in (files or {}).items()}
    keys = tab.eval("usher.test.boot(%s)" % json.dumps({"profile": profile, "seed": seed, "files": blobs}))
    if not keys:
        raise ScriptFailed("the board did not start: %s" % tab.eval("usher.test.stats()"))
    p = Player(tab, profile, keys, via)
    shots: dict = {}
    for op in script_ops(text):
        cmd, line = op[0], op[-1]
        try:
            if cmd == "tap":
                _, name, hold_ms, gap_ms, times, _ = op
                for _ in range(times):
                    p.tap(name, hold_ms, gap_ms)
            elif cmd == "wait":
                p.run(op[1])
            elif cmd == "shot":
                shots[op[1]] = frame(tab)
            elif cmd == "cut":
                tab.eval("usher.test.armCut(%d, %s)" % (op[1], "true" if op[2] else "false"))
            elif cmd == "restart":
                tab.eval("usher.test.restart()")
            else:
                raise ScriptFailed("the page does not play %r" % cmd)
        except ScriptFailed as e:
            raise ScriptFailed("line %d: %s" % (line, e)) from None
    shots["_presses"] = p.presses
    return shots
