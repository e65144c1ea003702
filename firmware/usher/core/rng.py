"""A seedable generator that gives the same numbers on CPython and MicroPython.

MicroPython's `random` lacks shuffle and differs from CPython's, so games never
use it: they take an `Rng` (or anything with `below(n)`) and write each outcome
into the record as a fact.
"""

_MASK = 0xFFFFFFFF


class Rng:
    """xorshift32: small state, 32-bit arithmetic only, identical everywhere."""

    def __init__(self, seed: int = 1) -> None:
        seed = seed & _MASK
        self.state = seed or 0x9E3779B9  # xorshift must not start at zero

    def next32(self) -> int:
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def below(self, n: int) -> int:
        """Uniform in 0..n-1, by rejection so no face is favoured."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (_MASK + 1) - ((_MASK + 1) % n)
        while True:
            x = self.next32()
            if x < limit:
                return x % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def die(rng: Rng, sides: int = 6) -> int:
    return rng.below(sides) + 1


def throw(rng: Rng, count: int = 2, sides: int = 6) -> list:
    return [die(rng, sides) for _ in range(count)]


class Bag:
    """Counted items drawn without replacement, e.g. a bag of taste pieces.

    `kinds` keeps the order of the items so that draws are the same on both
    runtimes (MicroPython dicts do not keep insertion order).
    """

    def __init__(self, kinds: list, counts: list) -> None:
        if len(kinds) != len(counts):
            raise ValueError("kinds and counts differ in length")
        self.kinds = list(kinds)
        self.counts = list(counts)
        self.full = list(counts)

    def total(self) -> int:
        return sum(self.counts)

    def count(self, kind: str) -> int:
        return self.counts[self.kinds.index(kind)]

    def take(self, kind: str) -> None:
        """Remove a named item (an outcome drawn elsewhere, e.g. a real bag)."""
        i = self.kinds.index(kind)
        if self.counts[i] <= 0:
            raise ValueError("none left: " + kind)
        self.counts[i] -= 1

    def put(self, kind: str) -> None:
        i = self.kinds.index(kind)
        if self.counts[i] >= self.full[i]:
            raise ValueError("bag overfull: " + kind)
        self.counts[i] += 1

    def draw(self, rng: Rng) -> str:
        total = self.total()
        if total == 0:
            raise ValueError("bag is empty")
        pick = rng.below(total)
        for i in range(len(self.kinds)):
            if pick < self.counts[i]:
                self.counts[i] -= 1
                return self.kinds[i]
            pick -= self.counts[i]
        raise ValueError("unreachable")  # pragma: no cover

    def draw_many(self, rng: Rng, n: int) -> list:
        return [self.draw(rng) for _ in range(n)]
