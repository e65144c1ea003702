"""A key pin as the rp2 port has it, for the button tests: active low, with a
falling-edge interrupt whose handler runs the moment the level drops."""


class EdgePin:
    """A hand-written active-low pin with a falling-edge interrupt, as the
    rp2 port's Pin: the handler runs when the level drops, between any two
    polls (the app may be busy drawing)."""

    IRQ_FALLING = 4

    def __init__(self):
        self.level = 1
        self.handler = None

    def irq(self, handler=None, trigger=IRQ_FALLING):
        self.handler = handler

    def value(self):
        return self.level

    def set(self, level):
        if self.level and not level and self.handler is not None:
            self.handler(self)
        self.level = level
