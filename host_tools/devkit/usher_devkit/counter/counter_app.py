"""A counter app in usher.app.run's place, for the simulator's own tests
(its draw path, pixels per press, flash, serial), with counter_lcd /
counter_oled in place of the board profiles (usher_devkit.simcounter).

A counter of blocks: next adds one (and saves the count), prev removes one,
ok toggles a marker in the bottom-right corner, back clears. Lines on the
serial come back as "echo:<line>". On boot it redraws the saved count and
says "boot count=N". Same signature as the real loop.
"""

from usher.app import TICK_MS  # the firmware's tick: the counter polls as the app does


def block(d, i: int):
    cell = 22 if d.width >= 200 else 12
    per = (d.width - 4) // cell
    return 4 + (i % per) * cell, 4 + (i // per) * cell, cell - 2, cell - 2


def paint(d, x: int, y: int, w: int, h: int, c: int) -> None:
    if d.mono:
        c = 1 if c else 0  # a mono panel: any index but 0 is lit
    d.fill_rect(x, y, w, h, c)
    d.show(x, y, w, h)


def colour(i: int) -> int:
    return 3 + i % 6  # theme indices 3..8


def say(serial, data: bytes) -> None:
    while data:
        n = serial.write(data)
        if n <= 0:
            return  # nobody reading: drop, never block
        data = data[n:]


def run(hw, clock, storage, serial=None, seed=0, ticks=-1) -> None:
    d = hw.display
    raw = storage.read("count")
    count = int(raw) if raw else 0
    paint(d, 0, 0, d.width, d.height, 0)
    for i in range(count):
        x, y, w, h = block(d, i)
        paint(d, x, y, w, h, colour(i))
    if serial is not None:
        say(serial, ("boot count=%d\n" % count).encode())
    names = sorted(hw.keys)
    down = {}
    for k in names:
        down[k] = False
    marker = False
    line = bytearray()
    n = 0
    while ticks < 0 or n < ticks:
        for k in names:
            now = bool(hw.keys[k]())
            if now and not down[k]:
                ev = hw.keymap.get(k)
                if ev == "next":
                    x, y, w, h = block(d, count)
                    paint(d, x, y, w, h, colour(count))
                    count += 1
                    storage.write("count", str(count).encode())
                elif ev == "prev" and count:
                    count -= 1
                    x, y, w, h = block(d, count)
                    paint(d, x, y, w, h, 0)
                    storage.write("count", str(count).encode())
                elif ev == "ok":
                    marker = not marker
                    paint(d, d.width - 12, d.height - 12, 10, 10, 1 if marker else 0)
                elif ev == "back":
                    for i in range(count):
                        x, y, w, h = block(d, i)
                        paint(d, x, y, w, h, 0)
                    count = 0
                    storage.write("count", b"0")
            down[k] = now
        if serial is not None:
            c = serial.read()
            while c >= 0:
                if c == 10:
                    say(serial, b"echo:" + bytes(line) + b"\n")
                    line = bytearray()
                else:
                    line.append(c)
                c = serial.read()
        clock.sleep_ms(TICK_MS)
        n += 1
