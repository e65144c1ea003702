"""English and German on the rp2 port: what the device's second language
costs. usher.uf2 (its German table frozen in, read from flash) with
Settings -> Language set before power-on: the heap at Home and the least
free in the shell session on both boards, the least free in the long session
(English from `make pico-games`' run of this commit, German played here), and
the German tables' share of the firmware area (the shell's and each game's).
Only the running language's tables are looked at (usher.words), and only the
open game's, so German should cost next to nothing."""

import os
import tempfile

from usher_devkit.bench import pico
from usher_devkit.bench.render import fig

TABLE = "English and German, usher.uf2"
NAMES = {"en": "English", "de": "Deutsch"}


def long_session_en(commit: str) -> dict:
    """The long session on usher.uf2 (LCD) as `make pico-games` left it, if of this commit."""
    for g in pico._load(pico.GAMES_OUT):
        if (g["game"], g["profile"], g["kind"]) == ("long_session", "lcd114", "frozen") and g.get("commit") == commit:
            return g
    return {}


def german_bytes() -> int:
    """The German tables' armv6m bytecode (usher/words/de.py, de_<game>.py)."""
    from usher_tools.deploy import build as build_mod

    with tempfile.TemporaryDirectory() as out:
        rows = build_mod.build(out)
    return sum(n for rel, n, _ in rows if rel == "usher/words/de.mpy" or rel.startswith("usher/words/de_"))


def figures() -> list:
    from usher_tools.rp2.build import USHER_UF2

    if not os.path.exists(USHER_UF2):
        return [fig(TABLE, "not measured", "no usher.uf2 (make uf2)")]
    figs = []
    for profile in ("lcd114", "oled"):
        on = {"deploy": "frozen", "board": profile}
        for lang in ("en", "de"):
            r = pico.session(profile, True, lang)
            least, _ = pico.heap_figures(r)
            figs.append(fig(TABLE, "heap free at Home, %s" % NAMES[lang], r["home_heap"][1], "bytes", **on))
            figs.append(fig(TABLE, "least free, shell session, %s" % NAMES[lang], least, "bytes", **on))
    on = {"deploy": "frozen", "board": "lcd114"}
    en = long_session_en(pico._commit())
    figs.append(fig(TABLE, "least free, long session, English", en.get("least_free", "-"), "bytes" if en else "", **on))
    de = pico.full_game("long_session", "lcd114", True, "de")
    least, _ = pico.heap_figures(de)
    figs.append(fig(TABLE, "least free, long session, Deutsch", least, "bytes", **on))
    # a game played in German leaves the record it would in English
    figs.append(fig(TABLE, "long session as planned, Deutsch", "yes" if de.get("as_planned") else "no", **on))
    # German's searches in its tables, within the bound every press keeps
    ms, key, screen = pico.worst_press(de)
    over = len([1 for _, t, _, _ in de.get("press_times", ()) if t > pico.BOUND_MS])
    figs.append(fig(TABLE, "worst press, long session, Deutsch", round(ms), "ms", **on))
    figs.append(fig(TABLE, "worst press, on", "%s on %s" % (key, screen), **on))
    figs.append(fig(TABLE, "presses over %d ms, Deutsch" % pico.BOUND_MS, over, "", "0", over == 0, **on))
    h = pico.headroom()
    de_bytes = int(german_bytes() * h["ratio"])
    figs.append(fig(TABLE, "German tables, frozen (about)", de_bytes, "bytes"))
    figs.append(fig(TABLE, "firmware area left, with them", h["left"], "bytes"))
    figs.append(fig(TABLE, "firmware area left, English alone (about)", h["left"] + de_bytes, "bytes"))
    return figs
