"""Files in one directory: the Pico's LittleFS volume, or a folder on a laptop.

Works on both runtimes (only `open` and `os`). Whole-file writes go to a
temporary name first and are renamed into place, so a power cut leaves either
the old file or the new one, never half of one.
"""

import os

TMP = ".tmp"
CHUNK = 512


class OpenFile:
    def __init__(self, f) -> None:
        self.f = f

    def read_at(self, offset: int, n: int) -> bytes:
        self.f.seek(offset)
        return self.f.read(n)

    def close(self) -> None:
        self.f.close()


class DirStorage:
    def __init__(self, root: str) -> None:
        self.root = root.rstrip("/") or "/"
        try:
            os.mkdir(self.root)
        except OSError:
            pass  # already there

    def _p(self, name: str) -> str:
        if "/" in name or name.startswith("."):
            raise ValueError("bad name")
        return self.root + "/" + name

    def exists(self, name: str) -> bool:
        try:
            os.stat(self._p(name))
            return True
        except OSError:
            return False

    def read(self, name: str):
        try:
            with open(self._p(name), "rb") as f:
                return f.read()
        except OSError:
            return None

    def lines(self, name: str):
        """The file's lines (with their newline; a last line may lack it),
        one at a time: a long record never has to fit in RAM."""
        # read in pieces, not with readline: MicroPython reads a file's line
        # a byte at a time, ~0.5 ms a record line on the Pico
        with open(self._p(name), "rb") as f:
            rest = b""
            while True:
                piece = f.read(512)
                if not piece:
                    if rest:
                        yield rest
                    return
                if rest:
                    piece = rest + piece
                at = 0
                while True:
                    nl = piece.find(b"\n", at) + 1
                    if not nl:
                        break
                    yield piece[at:nl]
                    at = nl
                rest = piece[at:]

    def read_at(self, name: str, offset: int, n: int) -> bytes:
        with open(self._p(name), "rb") as f:
            f.seek(offset)
            return f.read(n)

    def opened(self, name: str) -> "OpenFile":
        """The file kept open for many `read_at`s (a sync reads a game in
        chunks); OSError if it is not there. Close it when done."""
        return OpenFile(open(self._p(name), "rb"))

    def split(self, name: str, offset: int, aside: str) -> None:
        """Move the bytes from `offset` on to the end of `aside` and cut the
        file there, copying in small pieces (a torn record's recovery must
        not need the whole file in RAM). The cut file replaces the old one
        atomically; `aside` is written first, so nothing is ever lost."""
        src = self._p(name)
        tmp = src + TMP
        with open(src, "rb") as f:
            f.seek(offset)
            with open(self._p(aside), "ab") as out:
                while True:
                    piece = f.read(CHUNK)
                    if not piece:
                        break
                    out.write(piece)
            f.seek(0)
            left = offset
            with open(tmp, "wb") as out:
                while left > 0:
                    piece = f.read(min(CHUNK, left))
                    if not piece:
                        break
                    out.write(piece)
                    left -= len(piece)
        os.rename(tmp, src)

    def size(self, name: str) -> int:
        try:
            return os.stat(self._p(name))[6]
        except OSError:
            return -1

    def append(self, name: str, data: bytes) -> None:
        # an OSError (ENOSPC = 28 on a full flash) reaches the app, which says so
        with open(self._p(name), "ab") as f:
            f.write(data)

    def write(self, name: str, data) -> None:
        """Replace a file atomically; `data` is bytes, or pieces (a tuple, or
        an iterator, which may still be reading the file it replaces)."""
        tmp = self._p(name) + TMP
        try:
            with open(tmp, "wb") as f:
                for piece in (data,) if isinstance(data, (bytes, bytearray)) else data:
                    f.write(piece)
            os.rename(tmp, self._p(name))
        except OSError:
            try:
                os.remove(tmp)
            except OSError:
                pass
            raise

    def remove(self, name: str) -> None:
        os.remove(self._p(name))

    def rename(self, old: str, new: str) -> None:
        os.rename(self._p(old), self._p(new))

    def names(self) -> list:
        out = [n for n in os.listdir(self.root) if not n.endswith(TMP)]
        out.sort()
        return out

    def free(self) -> int:
        """Bytes free, or -1 where the filesystem cannot tell."""
        try:
            st = os.statvfs(self.root)
            return st[0] * st[3]
        except (OSError, AttributeError):
            return -1
