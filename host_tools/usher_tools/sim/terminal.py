"""Live mode: the panel drawn in the terminal, keys as the board's buttons.

ANSI truecolour half blocks: each character cell shows two pixels stacked
(upper = foreground, lower = background), after down-scaling by `scale`
(box average). A two-colour panel (the OLED) at scale 2 is drawn in braille
instead: each character cell 2 x 4 pixels, every pixel kept, so its text
reads in 64 columns and 16 lines (a 128 x 64 OLED needs a terminal of 64 x
22, where averaging 2 x 2 blocks of one-pixel strokes made a grey blur).
A terminal sends no key-up, so a key press holds the button
for a short time; the terminal's auto-repeat extends the hold, so holding an
arrow key holds the button (and the firmware's own auto-repeat starts).
"""

import os
import shutil
import signal
import sys
import termios
import time
import tty

import numpy as np

from usher_tools.sim.runner import SIM_ALLOWANCE, Sim, SimError
from usher_tools.sim.script import save_png

TAP_MS = 150
LONG_MS = 1000
REPEAT_DELAY_S = 0.4  # terminals start auto-repeat later than this: sooner is a new tap
RETAP_GAP_S = 0.06
FRAME_S = 0.04

# terminal input -> (what to press: a key or button name, or a command; how long)
ARROWS = {b"\x1b[A": "up", b"\x1b[B": "down", b"\x1b[C": "right", b"\x1b[D": "left"}
CENTRE = ("press", "ctrl", "center", "centre", "mid", "select", "joy")
ARROW_FALLBACK = {"up": "prev", "left": "prev", "down": "next", "right": "next"}
EXTRA_LINES = 6  # the frame's lines besides the panel: title, key map (2), figures, status, warning


def terminal_needs(w: int, h: int, scale: int) -> tuple:
    """(columns, lines) a terminal needs to show a w x h panel at `scale`."""
    cols = -(-w // scale)
    px_rows = -(-h // scale)
    return cols, (px_rows + 1) // 2 + EXTRA_LINES


def fit_scale(w: int, h: int, cols: int, rows: int, least: int = 1) -> int:
    """The smallest down-scaling from `least` on at which the panel fits a
    terminal of cols x rows (the coarsest, 8, if none does)."""
    for scale in range(max(1, least), 9):
        need = terminal_needs(w, h, scale)
        if need[0] <= cols and need[1] <= rows:
            return scale
    return 8


def downscale(img, scale: int):
    """Box-average `scale` x `scale` blocks (edges padded by repetition)."""
    if scale <= 1:
        return img
    h, w = img.shape[:2]
    ph, pw = -h % scale, -w % scale
    if ph or pw:
        img = np.pad(img, ((0, ph), (0, pw), (0, 0)), mode="edge")
    h2, w2 = img.shape[0] // scale, img.shape[1] // scale
    return img.reshape(h2, scale, w2, scale, 3).mean(axis=(1, 3)).astype(np.uint8)


def half_blocks(img) -> list:
    """Lines of ANSI text: two pixel rows per line, colour codes only where they change."""
    h = img.shape[0]
    if h % 2:
        img = np.concatenate([img, np.zeros((1,) + img.shape[1:], dtype=img.dtype)])
    lines = []
    for y in range(0, img.shape[0], 2):
        top, bot = img[y].tolist(), img[y + 1].tolist()
        parts = []
        fg = bg = None
        for t, b in zip(top, bot, strict=True):
            if t != fg:
                parts.append("\x1b[38;2;%d;%d;%dm" % tuple(t))
                fg = t
            if b != bg:
                parts.append("\x1b[48;2;%d;%d;%dm" % tuple(b))
                bg = b
            parts.append("\u2580")
        parts.append("\x1b[0m")
        lines.append("".join(parts))
    return lines


# braille dot bits by (row, column) inside a 2 x 4 cell (Unicode's order)
DOTS = ((0x01, 0x08), (0x02, 0x10), (0x04, 0x20), (0x40, 0x80))


def braille(img) -> list:
    """Lines of ANSI text, 2 x 4 pixels a character (lit pixels as dots), no pixel lost."""
    on = img.any(axis=2)
    h, w = on.shape
    on = np.pad(on, ((0, -h % 4), (0, -w % 2)))
    cells = np.zeros((on.shape[0] // 4, on.shape[1] // 2), dtype=np.int32)
    for dy in range(4):
        for dx in range(2):
            cells |= on[dy::4, dx::2].astype(np.int32) * DOTS[dy][dx]
    flat = img.reshape(-1, img.shape[-1])
    lit = flat[flat.any(axis=1)]
    ink = "\x1b[38;2;%d;%d;%dm\x1b[48;2;0;0;0m" % (tuple(int(v) for v in lit[0]) if len(lit) else (255, 255, 255))
    return [ink + "".join(chr(0x2800 + int(c)) for c in row) + "\x1b[0m" for row in cells]


def panel_lines(img, scale: int, mono: bool = False) -> list:
    """The panel as terminal lines at `scale`: braille for a two-colour
    (`mono`) panel at 2 (the same size as half blocks, every pixel kept),
    else half blocks of box averages."""
    if scale == 2 and mono:
        return braille(img)
    return half_blocks(downscale(img, scale))


class Live:
    def __init__(self, sim: Sim, scale: int, shots_dir: str = ".") -> None:
        self.sim = sim
        self.scale = max(1, scale)
        self.shots = shots_dir
        self.release_at: dict = {}  # physical key -> monotonic time
        self.pressed_at: dict = {}
        self.retap: dict = {}  # key -> (press again at, hold ms): a tap while the last one is held
        self.status = ""
        self.last_px = -1
        self.last_frame = 0.0
        self.dirty = True
        self.shot_n = 0
        self.quit = False

    # ---- keys -------------------------------------------------------------

    def _target(self, name: str) -> str:
        """A physical key of the profile for a terminal key's name."""
        sim = self.sim
        if name == "ok":  # Enter: the joystick's press when there is one
            for k in sim.key_order:
                if k.lower() in CENTRE and sim.keymap.get(k) == "ok":
                    return k
        try:
            return sim.resolve(name)
        except SimError:
            if name in ARROW_FALLBACK:
                return sim.resolve(ARROW_FALLBACK[name])
            raise

    def keymap_lines(self) -> list:
        sim = self.sim
        rows = []
        for label, name in (("\u2191", "up"), ("\u2193", "down"), ("\u2190", "left"), ("\u2192", "right")):
            rows.append((label, name))
        rows += [("Enter", "ok"), ("Bksp/Esc", "back"), ("a", "a"), ("b", "b")]
        out = []
        for label, name in rows:
            try:
                k = self._target(name)
            except SimError:
                continue
            out.append("%s=%s(%s)" % (label, k, sim.keymap.get(k, "?")))
        n = len(sim.key_order)
        extra = ["l=long ok", "1-%d=keys in order" % n if n else "", "p=PNG", "x=pull plug", "r=restart", "q=quit"]
        return ["  ".join(out), "  ".join(e for e in extra if e)]

    def hold(self, key: str, ms: int) -> None:
        sim = self.sim
        now = time.monotonic()
        self.status = "%s (%s)" % (key, sim.keymap.get(key, "?"))
        if key in self.retap:
            self.retap[key] = (self.retap[key][0], ms)
            return
        if key not in sim.held:
            sim.press(key)
            self.pressed_at[key] = now
        elif now - self.pressed_at.get(key, now) < REPEAT_DELAY_S:
            # too soon for the terminal's auto-repeat: a second tap. Let go, press again.
            sim.release(key)
            del self.release_at[key]
            self.retap[key] = (now + RETAP_GAP_S, ms)
            return
        self.release_at[key] = now + ms / 1000.0

    def on_input(self, data: bytes) -> None:
        i = 0
        while i < len(data):
            c = data[i : i + 1]
            if c == b"\x1b":
                seq = data[i : i + 3]
                if len(seq) == 3 and seq[1:2] in (b"[", b"O"):
                    name = ARROWS.get(b"\x1b[" + seq[2:3])
                    i += 3
                    if name:
                        self._press(name, TAP_MS)
                    continue
                i += 1
                self._press("back", TAP_MS)
                continue
            i += 1
            if c in (b"\r", b"\n"):
                self._press("ok", TAP_MS)
            elif c in (b"\x7f", b"\x08"):
                self._press("back", TAP_MS)
            elif c in (b"a", b"A", b"b", b"B"):
                self._press(c.decode().lower(), TAP_MS)
            elif c in (b"l", b"L"):
                self._press("ok", LONG_MS)
            elif c.isdigit() and c != b"0":
                n = int(c) - 1
                if n < len(self.sim.key_order):
                    self.hold(self.sim.key_order[n], TAP_MS)
            elif c in (b"p", b"P"):
                self.screenshot()
            elif c in (b"r", b"R"):
                self.sim.restart()
                self.status = "restarted"
            elif c in (b"x", b"X"):
                self.sim.power_off()
                self.status = "power cut: r powers it back on"
            elif c in (b"q", b"Q", b"\x03"):
                self.quit = True
        self.dirty = True

    def _press(self, name: str, ms: int) -> None:
        if not self.sim.alive:
            self.status = "the board is off: r restarts it"
            return
        try:
            self.hold(self._target(name), ms)
        except SimError:
            self.status = "no key for %s on this profile" % name

    def tick_keys(self) -> None:
        now = time.monotonic()
        for key, t in list(self.release_at.items()):
            if now >= t:
                self.sim.release(key)
                del self.release_at[key]
        for key, (t, ms) in list(self.retap.items()):
            if now >= t and self.sim.alive:
                del self.retap[key]
                self.sim.press(key)
                self.pressed_at[key] = now
                self.release_at[key] = now + ms / 1000.0

    def screenshot(self) -> str:
        os.makedirs(self.shots, exist_ok=True)
        self.shot_n += 1
        path = os.path.join(self.shots, "usher-sim-%s-%d.png" % (self.sim.cfg.profile, self.shot_n))
        while os.path.exists(path):
            self.shot_n += 1
            path = os.path.join(self.shots, "usher-sim-%s-%d.png" % (self.sim.cfg.profile, self.shot_n))
        save_png(self.sim.image(), path)
        self.status = "saved " + path
        return path

    # ---- drawing ------------------------------------------------------------

    def frame(self) -> str:
        sim = self.sim
        img = sim.image()
        if sim.backlight is not None and sim.backlight < 1.0:
            img = (img.astype(np.float32) * sim.backlight).astype(np.uint8)
        lines = panel_lines(img, self.scale, sim.cfg.profile == "oled")
        cols, rows = shutil.get_terminal_size((80, 24))
        head = "Usher sim  %s  serial: %s" % (sim.cfg.profile, sim.pty_path or "-")
        last = sim.press_log[-1][1] if sim.press_log else 0
        run = sim.runs[-1]["reason"] if sim.runs else "-"
        state = "running" if sim.alive else "OFF (%s)" % run
        figures = "%s  px last press %d  total %d  firmware heap peak %d of %s  flash writes %d" % (
            state,
            last,
            sim.pixels_total,
            max(0, sim.peak - SIM_ALLOWANCE),
            sim.cfg.heap,
            sim.flash_ops,
        )
        warn = sim.all_warnings()
        if not sim.alive:
            self.status = self.status or sim.last_words()
        out = ["\x1b[H", head[:cols], "\x1b[K\r\n"]
        for ln in lines:
            out.append(ln + "\x1b[K\r\n")
        for ln in self.keymap_lines() + [figures, self.status, ("warning: " + warn[-1]) if warn else ""]:
            out.append(ln[:cols] + "\x1b[K\r\n")
        if len(lines) + EXTRA_LINES > rows or -(-img.shape[1] // self.scale) > cols:
            need = terminal_needs(img.shape[1], img.shape[0], self.scale)
            out.append(
                "(terminal too small: %dx%d needed at scale %d; make run SCALE=%d)\x1b[K\r\n"
                % (need[0], need[1], self.scale, fit_scale(img.shape[1], img.shape[0], cols, rows, self.scale + 1))
            )
        out.append("\x1b[J")
        return "".join(out)

    def run(self) -> None:
        sim = self.sim
        fd = sys.stdin.fileno()
        saved = termios.tcgetattr(fd)
        prev_term = signal.signal(signal.SIGTERM, lambda *a: setattr(self, "quit", True))
        write = sys.stdout.write
        try:
            tty.setraw(fd)
            write("\x1b[?1049h\x1b[?25l\x1b[2J")
            sim.start()
            while not self.quit:
                now = time.monotonic()
                waits = [FRAME_S if self.dirty else 0.25]
                waits += [max(0.0, t - now) for t in self.release_at.values()]
                waits += [max(0.0, t - now) for t, _ in self.retap.values()]
                ready = sim.pump(min(waits), until_sleep=False, extra=[fd])
                if fd in ready:
                    self.on_input(os.read(fd, 64))
                self.tick_keys()
                if sim.pixels_total != self.last_px:
                    self.last_px = sim.pixels_total
                    self.dirty = True
                now = time.monotonic()
                if now - self.last_frame > 0.5:
                    self.dirty = True  # the figures and the board's state move on their own
                if self.dirty and now - self.last_frame >= FRAME_S:
                    write(self.frame())
                    sys.stdout.flush()
                    self.last_frame = now
                    self.dirty = False
        finally:
            try:
                sim.stop(2.0)
            finally:
                write("\x1b[0m\x1b[?25h\x1b[?1049l")
                sys.stdout.flush()
                termios.tcsetattr(fd, termios.TCSADRAIN, saved)
                signal.signal(signal.SIGTERM, prev_term)


def headless(sim: Sim, stop_after_s: float = -1) -> None:
    """Live mode without a screen: the device runs in real time, the serial
    pty is there for host tools; ends on SIGINT/SIGTERM or after `stop_after_s`."""
    done = []
    prev = signal.signal(signal.SIGTERM, lambda *a: done.append(1))
    end = time.monotonic() + stop_after_s if stop_after_s >= 0 else None
    try:
        sim.start()
        while not done and sim.alive and (end is None or time.monotonic() < end):
            sim.pump(0.25, until_sleep=False)
    except KeyboardInterrupt:
        pass
    finally:
        sim.stop(2.0)
        signal.signal(signal.SIGTERM, prev)


def interactive_ok() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()
