"""A language's table (lines of "English|translation", usher.words)
indexed, so usher.words.t finds a text in a few probes: searching the text
itself took 3 to 5 ms a text on the Pico (str.find tries every position, and
a str's index and slice walk its UTF-8 from the start). Loaded only while a
language other than English is on."""

from array import array

SCAN = 512  # bytes read at a time while indexing; a table's lines are shorter (a test holds them)


def index(text: str) -> tuple:
    """(the text, a hash table of each line's start in its bytes + 1; 0:
    empty): one array, allocated once, kept for as long as the language or
    the game is on. A table is under 64 KB (a test holds it). Building and
    looking hash alike: (hash * 31 + length) % slots. The text's bytes are viewed anew at each look, not
    held: on the 32-bit WebAssembly port the heap kept growing by tens of
    KB a game while a view was held (measured with the heap meter, not
    understood); a copy would cost heap where the text is frozen into flash."""
    b = _bytes(text)
    n = text.count("\n") * 5 // 4 + 1
    ix = array("H", range(n))
    for h in range(n):
        ix[h] = 0
    at = 0
    size = len(b)
    while at < size:
        piece = bytes(b[at : at + SCAN])
        i = 0
        while True:
            e = piece.find(b"\n", i)
            if e < 0:
                break
            bar = piece.find(b"|", i, e)
            if bar > i:
                # the English is ASCII (a test holds it): its bytes hash as its str does
                h = (hash(piece[i:bar]) * 31 + bar - i) % n
                while ix[h]:
                    h = (h + 1) % n
                ix[h] = at + i + 1
            i = e + 1
        if i == 0:  # no line end in a whole piece: the rest is one line (the last)
            break
        at += i
    return (text, ix)


def _bytes(text: str):
    try:
        return memoryview(text)  # type: ignore[arg-type]  # MicroPython: a str has a buffer, its own bytes
    except TypeError:  # CPython: a str has no buffer
        return memoryview(text.encode())


def look(table: tuple, s: str, k: bytes):
    """The translation of `s` (`k`: its bytes) in `table`, None if it has none."""
    text, ix = table
    b = _bytes(text)
    n = len(ix)
    # the rp2 port's str hash has 8 bits: the length spreads it
    h = (hash(s) * 31 + len(s)) % n
    m = len(k)
    size = len(b)
    while True:
        a = ix[h]
        if not a:
            return None
        a -= 1
        # a "|" right after it: the whole text, not one that it begins
        if a + m < size and b[a + m] == 124 and b[a : a + m] == k:
            e = a + m + 1
            while b[e] != 10:
                e += 1
            return str(b[a + m + 1 : e], "utf-8")
        h = (h + 1) % n
