"""Device settings: roster, component data, preferences. Stored as one JSON
file written atomically; a file that fails to parse is kept aside as
`settings.bad` and the defaults are used, with a message for the screen."""

from usher.core.data import clone, dumps, loads
from usher.games.catalog import settings_defaults

NAME = "settings.json"
BAD = "settings.bad"

DEFAULTS = {
    "roster": ["Anna", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana"],
    "brightness": 80,
    "idle": 5,  # minutes without a press before the screen dims (twice that: it sleeps); 0 never
}
DEFAULTS.update(settings_defaults())  # each game's own, from its catalog line


def _merge(base: dict, over: dict) -> dict:
    out = clone(base)
    for k in over:
        if k in out and isinstance(out[k], dict) and isinstance(over[k], dict):
            out[k] = _merge(out[k], over[k])
        else:
            out[k] = clone(over[k])
    return out


class Settings:
    def __init__(self, storage) -> None:
        self.storage = storage
        self.note = ""
        self.values = self._load()

    def _load(self) -> dict:
        data = self.storage.read(NAME)
        if data is None:
            return clone(DEFAULTS)
        try:
            got = loads(data.decode())
            if not isinstance(got, dict):
                raise ValueError("not an object")
            return _merge(DEFAULTS, got)
        except (ValueError, UnicodeError):
            # keep the broken file for a person to look at; never delete it
            self.storage.write(BAD, data)
            self.storage.remove(NAME)
            self.note = "settings reset"
            return clone(DEFAULTS)

    def get(self, key: str):
        return self.values[key]

    def set(self, key: str, value) -> None:
        self.values[key] = value
        self.save()

    def replace(self, values: dict) -> None:
        self.values = _merge(DEFAULTS, values)
        self.save()

    def save(self) -> None:
        self.storage.write(NAME, dumps(self.values).encode())
