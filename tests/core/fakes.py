"""Hand-written fakes of the board, shared by portable tests."""


class MemStorage:
    """Storage in a dict, with a hook to cut power part-way through a write."""

    def __init__(self):
        self.files = {}
        self.cut_after = -1  # bytes still allowed before the power 'fails'
        self.appends = 0

    def _spend(self, data):
        if self.cut_after < 0:
            return data, False
        if len(data) <= self.cut_after:
            self.cut_after -= len(data)
            return data, False
        part = data[: self.cut_after]
        self.cut_after = 0
        return part, True

    def exists(self, name):
        return name in self.files

    def read(self, name):
        return self.files.get(name)

    def size(self, name):
        return len(self.files[name]) if name in self.files else -1

    def lines(self, name):
        data = self.files[name]
        pos = 0
        while pos < len(data):
            end = data.find(b"\n", pos)
            end = len(data) if end < 0 else end + 1
            yield data[pos:end]
            pos = end

    def read_at(self, name, offset, n):
        return self.files[name][offset : offset + n]

    def split(self, name, offset, aside):
        data = self.files[name]
        self.files[aside] = self.files.get(aside, b"") + data[offset:]
        self.files[name] = data[:offset]

    def append(self, name, data):
        part, cut = self._spend(data)
        self.files[name] = self.files.get(name, b"") + part
        self.appends += 1
        if cut:
            raise PowerCut()

    def write(self, name, data):
        part, cut = self._spend(data)
        if cut:  # the temporary file is lost; the old file stays whole
            raise PowerCut()
        self.files[name] = part

    def remove(self, name):
        del self.files[name]

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)

    def names(self):
        out = list(self.files)
        out.sort()
        return out

    def free(self):
        return -1


class PowerCut(Exception):
    pass


class FullStorage(MemStorage):
    """Flash that fills up: writes past `room` bytes fail with ENOSPC after
    writing what fits, as a real filesystem may."""

    def __init__(self, room):
        MemStorage.__init__(self)
        self.room = room

    def _used(self):
        return sum(len(v) for v in self.files.values())

    def append(self, name, data):
        left = self.room - self._used()
        if len(data) > left:
            self.files[name] = self.files.get(name, b"") + data[: max(0, left)]
            raise OSError(28)
        MemStorage.append(self, name, data)

    def write(self, name, data):
        if len(data) - len(self.files.get(name, b"")) > self.room - self._used():
            raise OSError(28)
        MemStorage.write(self, name, data)


class FakeClock:
    """A clock the test steps; ticks wrap like MicroPython's (2**30)."""

    PERIOD = 1 << 30

    def __init__(self, start=0):
        self.ms = start % self.PERIOD
        self.secs = 1764400000

    def ticks_ms(self):
        return self.ms

    def ticks_diff(self, a, b):
        half = self.PERIOD // 2
        return ((a - b + half) % self.PERIOD) - half

    def sleep_ms(self, n):
        self.ms = (self.ms + n) % self.PERIOD

    def time(self):
        return self.secs + self.ms // 1000


_DISPLAYS = {}


def make_display(mono=False):
    """A display with the drivers' interface over a real (or stand-in)
    framebuf: records every region pushed. Like the device, which allocates
    its frame buffer once at boot, tests share one per profile: a fresh 16 KB
    block per test would fragment the 192 KB heap."""
    d = _DISPLAYS.get(mono)
    if d is None:
        d = _DISPLAYS[mono] = _new_display(mono)
    d.fill(0)
    d.pushes = []
    d.pixels_pushed = 0
    return d


def _new_display(mono):
    import framebuf

    if mono:
        w, h, fmt, size = 128, 64, framebuf.MONO_VLSB, 128 * 64 // 8
    else:
        w, h, fmt, size = 240, 135, framebuf.GS4_HMSB, 240 * 135 // 2

    class FakeDisplay(framebuf.FrameBuffer):
        def __init__(self):
            self.buf = bytearray(size)
            super().__init__(self.buf, w, h, fmt)
            self.width = w
            self.height = h
            self.mono = mono
            self.pushes = []
            self.pixels_pushed = 0

        def show(self, x=0, y=0, ww=-1, hh=-1):
            ww = w - x if ww < 0 else ww
            hh = h - y if hh < 0 else hh
            if len(self.pushes) >= 32:  # bounded: a long session must not eat the heap
                self.pushes.pop(0)
            self.pushes.append((x, y, ww, hh))
            self.pixels_pushed += ww * hh
            return ww * hh

    return FakeDisplay()


class FakeHardware:
    def __init__(self, mono=False):
        self.profile = "oled" if mono else "lcd114"
        self.display = make_display(mono)
        self.keys = {}
        self.keymap = {}
        self.backlight = None
