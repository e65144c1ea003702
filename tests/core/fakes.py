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
