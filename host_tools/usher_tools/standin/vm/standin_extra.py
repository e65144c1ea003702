"""The rarely used parts of the `machine` stand-in, loaded on first use (by
standin_machine.Machine.__getattr__), so a profile that does not touch them
does not pay their bytecode in the heap. It is handed the machine and
imports nothing of the stand-in's: no circle."""


def part(m, name: str):
    """`name` of machine `m`, kept on it so the next look-up finds it at once."""
    if name == "Signal":
        v = _signal(m)
    elif name == "SoftSPI":
        v = _soft_spi(m.SPI)
    elif name == "SoftI2C":
        v = _soft_i2c(m.I2C)
    elif name == "soft_reset":
        v = m.reset
    elif name == "disable_irq":
        v = disable_irq
    elif name == "enable_irq":
        v = enable_irq
    else:
        raise AttributeError(name)
    setattr(m, name, v)
    return v


def _signal(m):
    class Signal:
        def __init__(self, pin, *args, invert=False, **kw) -> None:
            self.pin = pin if isinstance(pin, m.Pin) else m.Pin(pin, *args, **kw)
            self.invert = 1 if invert else 0

        def value(self, v=None):
            if v is None:
                return self.pin.value() ^ self.invert
            self.pin.value((1 if v else 0) ^ self.invert)
            return None

        def __call__(self, v=None):
            return self.value(v)

        def on(self) -> None:
            self.value(1)

        def off(self) -> None:
            self.value(0)

    return Signal


def _soft_spi(spi):
    class SoftSPI(spi):
        def __init__(self, baudrate=500000, **kw) -> None:
            super().__init__(255, baudrate, **kw)

    return SoftSPI


def _soft_i2c(i2c):
    class SoftI2C(i2c):
        def __init__(self, scl=None, sda=None, *, freq=400000, timeout=50000) -> None:
            super().__init__(255, scl=scl, sda=sda, freq=freq)

    return SoftI2C


def disable_irq() -> int:
    return 0


def enable_irq(state: int = 0) -> None:
    pass
