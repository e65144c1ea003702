"""Hand-written fakes of the board, shared by portable tests."""

BLOCK = 512  # the fake's files grow in blocks of at most this many bytes


class Files:
    """`MemStorage.files`: name -> bytes for the tests to read and write. Inside,
    an appended file is a list of the pieces appended, as a flash file grows
    block by block: rebuilding one ever longer bytes object per append would
    need an ever larger free block of the VM's heap, a cost of the fake and
    not of the device."""

    def __init__(self):
        self.raw = {}

    def __getitem__(self, name):
        got = self.raw[name]
        return b"".join(got) if isinstance(got, list) else got

    def get(self, name, default=None):
        return self[name] if name in self.raw else default

    def __setitem__(self, name, data):
        self.raw[name] = data

    def __delitem__(self, name):
        del self.raw[name]

    def __contains__(self, name):
        return name in self.raw

    def __iter__(self):
        return iter(list(self.raw))

    def __len__(self):
        return len(self.raw)

    def pop(self, name):
        data = self[name]
        del self.raw[name]
        return data

    def values(self):
        return [self[n] for n in self.raw]

    def keys(self):
        return list(self.raw)

    def items(self):
        return [(n, self[n]) for n in self.raw]

    def copy(self):
        """A plain dict of every file's bytes (for before/after comparisons)."""
        return {n: self[n] for n in self.raw}

    def __eq__(self, other):
        return self.copy() == (other.copy() if isinstance(other, Files) else other)


class MemStorage:
    """Storage in memory, with a hook to cut power part-way through a write.
    Tests may read and put plain bytes in `files`."""

    def __init__(self):
        self.files = Files()
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
        got = self.files.raw.get(name)
        if got is None:
            return -1
        return sum(len(g) for g in got) if isinstance(got, list) else len(got)

    def lines(self, name):
        got = self.files.raw[name]
        pieces = got if isinstance(got, list) else [got]
        rest = b""
        for piece in pieces:
            data = rest + piece if rest else piece
            pos = 0
            while True:
                end = data.find(b"\n", pos)
                if end < 0:
                    break
                yield data[pos : end + 1]
                pos = end + 1
            rest = data[pos:]
        if rest:
            yield rest

    def read_at(self, name, offset, n):
        got = self.files.raw[name]
        if not isinstance(got, list):
            return got[offset : offset + n]
        out = b""
        for piece in got:  # without joining the whole file
            if offset >= len(piece):
                offset -= len(piece)
                continue
            out += piece[offset : offset + n - len(out)]
            offset = 0
            if len(out) >= n:
                break
        return out

    def opened(self, name):
        """A reader over one file, as DirStorage.opened (KeyError if none)."""
        self.files.raw[name]
        storage = self

        class Opened:
            def read_at(self, offset, n):
                return storage.read_at(name, offset, n)

            def close(self):
                pass

        return Opened()

    def split(self, name, offset, aside):
        data = self.read(name)
        self.files[aside] = (self.read(aside) or b"") + data[offset:]
        self.files[name] = data[:offset]

    def append(self, name, data):
        part, cut = self._spend(data)
        got = self.files.raw.get(name)
        if not isinstance(got, list):
            got = self.files.raw[name] = [got] if got else []
        if got and len(got[-1]) + len(part) <= BLOCK:
            got[-1] = got[-1] + part  # fill the last block, as flash does
        else:
            got.append(part)
        self.appends += 1
        if cut:
            raise PowerCut()

    def write(self, name, data):
        pieces = [data] if isinstance(data, (bytes, bytearray)) else list(data)
        kept = []
        for piece in pieces:  # kept apart, as the device writes them
            part, cut = self._spend(piece)
            if cut:  # the temporary file is lost; the old file stays whole
                raise PowerCut()
            kept.append(part)
        self.files.raw[name] = kept if len(kept) > 1 else (kept[0] if kept else b"")

    def remove(self, name):
        del self.files[name]

    def rename(self, old, new):
        self.files[new] = self.files.pop(old)

    def names(self):
        out = list(self.files.raw)
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
        return sum(self.size(n) for n in self.files)

    def append(self, name, data):
        left = self.room - self._used()
        if len(data) > left:
            if left > 0:
                MemStorage.append(self, name, data[:left])
            raise OSError(28)
        MemStorage.append(self, name, data)

    def write(self, name, data):
        if not isinstance(data, (bytes, bytearray)):
            data = tuple(data)  # pieces: an iterator is read once
        size = sum(len(p) for p in data) if isinstance(data, tuple) else len(data)
        if size - max(0, self.size(name)) > self.room - self._used():
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


_DISPLAYS: dict = {}


def make_display(mono=False):
    """A display with the drivers' interface over a real (or stand-in)
    framebuf: records every region pushed. Like the device, which allocates
    its frame buffer once at boot, tests share one per profile: a fresh 16 KB
    block per test would fragment the 256 KB heap (64-bit)."""
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
            self.palette = None

        def set_palette(self, colours):
            self.palette = list(colours)

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
