"""A hand-written stand-in for the USB serial, for the link tests (its own
module: every test imports fakes.py, and the VM heap is tight)."""


class FakeSerial:
    """Input bytes the device reads one at a time; output it may refuse."""

    def __init__(self):
        self.inq = bytearray()
        self.pos = 0
        self.out = bytearray()
        self.take = -1  # bytes accepted per write: -1 all, 0 none (host not reading)
        self.unprintable = 0  # bytes written that are neither printable ASCII nor newline
        self.taken = 0

    def feed(self, data):
        self.inq = self.inq[self.pos :] + data  # forget what was read: small heap
        self.pos = 0

    def read(self):
        if self.pos >= len(self.inq):
            return -1
        b = self.inq[self.pos]
        self.pos += 1
        return b

    def write(self, data):
        n = len(data) if self.take < 0 else min(self.take, len(data))
        for b in data[:n]:
            if not (b == 0x0A or 0x20 <= b < 0x7F):
                self.unprintable += 1
        self.out += data[:n]
        self.taken += n
        return n

    def unread(self):
        return len(self.inq) - self.pos


def attach(app):
    """A FakeSerial as the app's serial: the laptop's end of the cable."""
    ser = FakeSerial()
    app.serial = ser
    return ser


def link_of(app):
    """The loaded link, if any (the app's gate holds it while the host speaks)."""
    return app.gate.link if app.gate is not None else None
