"""The rarely used parts of the fake machine, loaded on first use
(simmachine's module __getattr__), so a profile that does not touch them
does not pay their bytecode in the heap."""

import simmachine
from simmachine import I2C, SPI, Pin


class Signal:
    def __init__(self, pin, *args, invert=False, **kw) -> None:
        self.pin = pin if isinstance(pin, Pin) else Pin(pin, *args, **kw)
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


class SoftSPI(SPI):
    def __init__(self, baudrate=500000, **kw) -> None:
        super().__init__(255, baudrate, **kw)


class SoftI2C(I2C):
    def __init__(self, scl=None, sda=None, *, freq=400000, timeout=50000) -> None:
        super().__init__(255, scl=scl, sda=sda, freq=freq)


soft_reset = simmachine.reset


def disable_irq() -> int:
    return 0


def enable_irq(state: int = 0) -> None:
    pass
