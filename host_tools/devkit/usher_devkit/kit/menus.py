"""Walking the app's menus by their row labels, for the kit's drivers: the
memory loops on the VM (memloop.Driver) and the sessions planned on the
laptop (planners.session.Session). Each driver brings its own `press`."""

try:
    from typing import Any
except ImportError:  # MicroPython: annotations are never evaluated
    pass


class MenuWalker:
    app: Any = None  # the App being driven

    def press(self, *events) -> None:
        raise NotImplementedError

    def top(self) -> str:
        return type(self.app.top()).__name__

    def labels(self) -> list:
        return [it if isinstance(it, str) else it[0] for it in getattr(self.app.top(), "items", ())]

    def choose(self, label: str) -> None:
        """Move the cursor of the menu on top to the row `label` (or the first
        starting with it), the shorter way round, and press OK."""
        items = self.labels()
        hits = [i for i, s in enumerate(items) if s == label] or [i for i, s in enumerate(items) if s.startswith(label)]
        if not hits:
            raise AssertionError("no row %r on %s: %s" % (label, self.top(), items))
        n = len(items)
        d = (hits[0] - self.app.top().sel) % n
        if d <= n - d:
            self.press(*["next"] * d)
        else:
            self.press(*["prev"] * (n - d))
        self.press("ok")

    def menu_then(self, label: str, confirm: bool = False) -> None:
        """The game menu (Back, from wherever the game is), then one of its rows."""
        for _ in range(6):
            self.press("back")  # a message goes with it
            if label in self.labels():
                break
        self.choose(label)
        if confirm:
            self.press("ok")
