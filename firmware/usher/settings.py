"""Device settings: roster, component data, preferences. Stored as one JSON
file written atomically; a file that fails to parse is kept aside as
`settings.bad` and the defaults are used, with a message for the screen."""

from usher.core.data import clone, dumps, loads
from usher.games.catalog import with_settings
from usher.words import N_

NAME = "settings.json"
BAD = "settings.bad"

# the device's own settings; each game with a Settings row adds its own
# (defaults())
DEFAULTS = {
    "roster": ["Anna", "Ben", "Cleo", "Dev", "Eva", "Finn", "Gus", "Hana"],
    "brightness": 80,
    "idle": 5,  # minutes without a press before the screen dims (twice that: it sleeps); 0 never
    "lang": "en",  # what the screens say (usher.words.LANGS); records are the same in any
}


def game_defaults(name: str, then_collect: bool = True) -> dict:
    """A game's own settings as a device starts with them (its settings
    module's `defaults()`, usher/games/<game>/settings.py). Its modules go
    again at once, unless that game is in play."""
    import sys

    from usher.memory import unload

    pkg = "usher.games." + name
    playing = pkg in sys.modules
    out = __import__(pkg + ".settings", None, None, ["defaults"]).defaults()
    if not playing:
        unload((pkg,), (), then_collect)
    return out


def defaults() -> dict:
    """Every setting a device starts with: DEFAULTS, then each game's own
    under its record name (one collection after them all)."""
    from usher.memory import collect

    out = clone(DEFAULTS)
    for name in with_settings():
        out[name] = game_defaults(name, False)
    collect()
    return out


def _merge(base: dict, over: dict) -> dict:
    out = clone(base)
    for k in over:
        if k in out and isinstance(out[k], dict) and isinstance(over[k], dict):
            out[k] = _merge(out[k], over[k])
        else:
            out[k] = clone(over[k])
    return out


class Settings:
    """The file's settings over the defaults. A game's defaults are read when
    its settings are first wanted, all of them when the whole is (a change,
    the link), never at power-on: Home holds no game's code, names or data."""

    def __init__(self, storage) -> None:
        self.storage = storage
        self.note = ""
        self.stored = self._load()  # what the file holds ({}: no file, or a broken one)
        self.merged: list = []  # the games whose defaults `stored` holds merged in
        self.whole: dict | None = None  # `stored` over defaults(), once wanted

    def _load(self) -> dict:
        data = self.storage.read(NAME)
        if data is None:
            return {}
        try:
            got = loads(data.decode())
            if not isinstance(got, dict):
                raise ValueError("not an object")
            return got
        except (ValueError, UnicodeError):
            # keep the broken file for a person to look at; never delete it
            self.storage.write(BAD, data)
            self.storage.remove(NAME)
            self.note = N_("settings reset")  # said in the language on (App.start)
            return {}

    @property
    def values(self) -> dict:
        """Every setting: the file's over defaults()."""
        if self.whole is None:
            self.whole = _merge(defaults(), self.stored)
            self.stored = {}
        return self.whole

    def get(self, key: str):
        if self.whole is not None:
            return self.whole[key]
        s = self.stored
        if key in DEFAULTS:  # the device's own: no game's defaults needed
            if key not in s:
                s[key] = clone(DEFAULTS[key])
        elif key not in self.merged and key in with_settings():  # one game's: its defaults alone
            mine = game_defaults(key)
            if key in s:
                mine = _merge(mine, s[key]) if isinstance(s[key], dict) else s[key]
            s[key] = mine
            self.merged.append(key)
        elif key not in self.merged:
            return self.values[key]
        return s[key]

    def set(self, key: str, value) -> None:
        self.values[key] = value
        self.save()

    def replace(self, values: dict) -> None:
        self.whole = _merge(defaults(), values)
        self.save()

    def save(self) -> None:
        self.storage.write(NAME, dumps(self.values).encode())
