"""The link's requests that change what the device holds (set_roster,
set_settings, delete): the checks of what the laptop sends and the words the
owner is asked with. Loaded by usher.link.serve for one such request (or the
change it was allowed) and let go after it, so a sync's pulls never carry them."""

from usher.link.ops import is_int
from usher.words import LANGS, NAMES, t

MAX_NAME = 16  # characters in a player's name
MAX_ROSTER = 16


# -- the requests (Link.service's answers; `link` is the usher.link.serve.Link) -----
def set_roster(link, rid: int, req: dict) -> None:
    roster = req.get("roster", [])
    why = roster_problem(roster)
    if why:
        link._error(rid, "arg", why)
        return
    link._ask(rid, "set_roster", roster, t("Set the players to: %s?") % ", ".join(roster))


def set_settings(link, rid: int, req: dict) -> None:
    values = req.get("settings", {})
    why = settings_problem(values, link.settings.values, link.playing[1])
    if why:
        link._error(rid, "arg", why)
        return
    link._ask(rid, "set_settings", values, t("Change settings: %s?") % settings_text(values))


def delete(link, rid: int, req: dict) -> None:
    from usher.ui.describe import game_text

    name = req.get("name")
    e = link.library.find(name) if isinstance(name, str) else None
    if e is None:
        link._error(rid, "nogame")
    elif name == link.playing[0]:
        link._error(rid, "inplay", link._inplay(name))
    else:
        link._ask(rid, "delete", name, t("Delete %s for good? %s.") % (name, game_text(e, link.tz)))


# -- the checks ------------------------------------------------------------------


def undrawable(s: str) -> str:
    """The first character of s the text fonts cannot draw ('' if none): a
    name holding one is refused, never drawn wrongly (usher.ui.fonts.NAME_RANGES)."""
    from usher.ui.fonts import NAME_RANGES

    for ch in s:
        o = ord(ch)
        i = 0
        while i < len(NAME_RANGES) and not NAME_RANGES[i] <= o <= NAME_RANGES[i + 1]:
            i += 2
        if i >= len(NAME_RANGES):
            return ch
    return ""


def name_problem(name) -> str:
    """Why a player's name cannot go on the device ('' if it can)."""
    if not isinstance(name, str) or not name.strip():
        return "a name must be text, not empty"
    if len(name) > MAX_NAME:
        return "%s: more than %d characters" % (name[:MAX_NAME], MAX_NAME)
    if name != name.strip():
        return "%s: spaces at its ends" % name.strip()
    bad = undrawable(name)
    if bad:
        # the device's fonts draw Latin-1 (accents, umlauts, sharp s): nothing else
        return "%s: the device cannot draw U+%04X (Latin-1 letters only)" % (name, ord(bad))
    return ""


def roster_problem(roster) -> str:
    """Why a roster cannot go on the device ('' if it can)."""
    if not isinstance(roster, list) or not 1 <= len(roster) <= MAX_ROSTER:
        return "roster: 1 to %d names" % MAX_ROSTER
    seen = []
    for name in roster:
        why = name_problem(name)
        if why:
            return "roster: " + why
        if name in seen:
            return "roster: %s twice" % name
        seen.append(name)
    return ""


def fits(value, like) -> bool:
    """Whether a pushed setting has the shape of its default: same JSON kind,
    known keys only. A default of None accepts anything (data not yet known:
    the game's own check says what is allowed)."""
    if like is None:
        return True
    if isinstance(like, bool) or isinstance(value, bool):
        return isinstance(like, bool) and isinstance(value, bool)
    if is_int(like):
        return is_int(value)
    if isinstance(like, str):
        return isinstance(value, str)
    if isinstance(like, list):
        return isinstance(value, list)
    if isinstance(like, dict):
        if not isinstance(value, dict):
            return False
        for k in value:
            if k not in like or not fits(value[k], like[k]):
                return False
        return True
    return False


def kind_of(like) -> str:
    if isinstance(like, bool):
        return "true or false"
    if is_int(like):
        return "a whole number"
    if isinstance(like, str):
        return "text"
    return "a list" if isinstance(like, list) else "an object"


def shape_problem(values: dict, like: dict, path: str) -> str:
    """The first key of `values` unknown to `like`, or of another JSON kind."""
    for k in values:
        where = path + str(k)[:20]
        if k not in like:
            return "unknown setting " + where
        if not fits(values[k], like[k]):
            if isinstance(like[k], dict) and isinstance(values[k], dict):
                return shape_problem(values[k], like[k], where + ".")
            return "%s: %s" % (where, kind_of(like[k]))
    return ""


BRIGHTNESS = (10, 100)  # percent: the Settings screen's range (usher.ui.settings_ui)


def settings_problem(values, current: dict, playing: str = "") -> str:
    """Why pushed settings cannot be taken ('' if they can): each is checked
    as the screens and the rules will use it, before anyone is asked to press
    (`current`: the device's settings; `playing`: the kind of game open)."""
    from usher.games.catalog import with_settings
    from usher.settings import defaults

    if not isinstance(values, dict) or not values:
        return "settings: an object with at least one key"
    why = shape_problem(values, defaults(), "")
    if why:
        return why
    if "roster" in values:
        why = roster_problem(values["roster"])
        if why:
            return why
    b = values.get("brightness", BRIGHTNESS[1])
    if not BRIGHTNESS[0] <= b <= BRIGHTNESS[1]:
        return "brightness: %d-%d (percent)" % BRIGHTNESS
    if values.get("lang", "en") not in LANGS:
        return "lang: one of " + ", ".join(LANGS)
    for game in with_settings():
        if game in values:
            why = game_settings_problem(game, merged(current.get(game) or {}, values[game]), playing)
            if why:
                return why
    return ""


def game_settings_problem(game: str, values: dict, playing: str) -> str:
    """A game's own check of its settings (usher/games/<game>/settings.py),
    loaded for the check and dropped after it unless that game is in play."""
    from usher.core.errors import RuleError

    try:
        __import__("usher.games." + game + ".settings", None, None, ["check"]).check(values)
    except RuleError as e:
        return "%s: %s" % (game, e.msg)
    finally:
        if playing != game:
            from usher.games.catalog import modules_of
            from usher.memory import unload

            unload(modules_of(game))
    return ""


def merged(base: dict, over: dict) -> dict:
    out = {}
    for k in base:
        out[k] = base[k]
    for k in over:
        if isinstance(out.get(k), dict) and isinstance(over[k], dict):
            out[k] = merged(out[k], over[k])
        else:
            out[k] = over[k]
    return out


# -- what the device asks the person ---------------------------------------------
def settings_text(values: dict) -> str:
    """What a settings push changes, setting by setting."""
    parts = []
    for k in sorted(values):
        v = values[k]
        if k == "brightness":
            parts.append(t("brightness %d%%") % v)
        elif k == "roster":
            parts.append(t("players %s") % ", ".join(v))
        elif k == "lang":
            parts.append(t("language %s") % NAMES.get(v, v))
        elif isinstance(v, dict):
            from usher.games.catalog import title

            parts.append("%s %s" % (title(k), ", ".join(sorted([str(x) for x in v]))))
        else:
            parts.append(str(k))
    return "; ".join(parts)
