"""The words the device shows, in the language Settings chose (Settings ->
Language, the setting "lang"). English is the code's own: `t("New game")`
gives the text as written while the language is English, and the running
language's table (usher.words.<code>: its TEXT, loaded only while that
language is on, and let go when it is not) otherwise. A text the table lacks shows in
English; a test keeps the tables and the code's texts in step.

Only what the device says goes through here: player names, game titles and
records are never translated, so a game is the same game in either language.
A text with a value in it is a template, the value put in after: t("Seat %d
of %d") % (2, 4).

A game's own words are a table of their own (usher.words.<code>_<game>),
loaded while that game's screens are (game(name), which the app calls where
it opens them): only one game's words are ever loaded, and a search reads
that game's table and the shell's, never the other games'."""

LANGS = ("en", "de")
# each language by its own name, as a person who reads it looks for it
NAMES = {"en": "English", "de": "Deutsch"}

# the language, its table (None: English, the code's own), the game whose
# words are loaded ("" none), their table (None: none, or English), the
# search (usher.words.index.look; loaded with a language other than English)
_on: list = ["en", None, "", None, None]


def use(code: str) -> str:
    """Show the device in `code` from the next drawn text on (an unknown
    code: English); returns the language now on."""
    if code not in LANGS:
        code = "en"
    if code == _on[0]:
        return code
    old = _on[0]
    playing = _on[2]
    game("")
    _on[0] = code
    _on[1] = None
    _on[4] = None
    if old != "en":
        from usher.memory import unload

        unload(("usher.words." + old, "usher.words.index"))
    if code != "en":
        _on[1] = _load("usher.words." + code)
    game(playing)
    return code


def game(name: str) -> None:
    """Load game `name`'s words in the running language ("": none), letting
    the last game's go. A game without a table of its own speaks English."""
    if name == _on[2]:
        return
    _on[2] = name
    _on[3] = None
    if name and _on[0] != "en":
        try:
            _on[3] = _load("usher.words.%s_%s" % (_on[0], name))
        except ImportError:  # its screens not translated yet: English, as a missing text is
            pass


def lang() -> str:
    return _on[0]


def _load(name: str) -> tuple:
    """Table `name` (a module whose TEXT is lines of "English|translation")
    indexed (usher.words.index), the module itself let go: its TEXT is held
    by the index."""
    from usher.memory import unload
    from usher.words.index import index, look

    _on[4] = look
    table = index(__import__(name, None, None, ["TEXT"]).TEXT)
    unload((name,), then_collect=False)
    return table


def t(s: str) -> str:
    w = _on[1]
    if w is None:
        return s
    # the game's own table first, then the shell's
    look = _on[4]
    k = s.encode()
    g = _on[3]
    if g is not None:
        got = look(g, s, k)
        if got is not None:
            return got
    got = look(w, s, k)
    return s if got is None else got


def N_(s: str) -> str:
    """Marks a text in a table as one to translate where it is shown (t()
    then), for the test that keeps the tables whole; it is the text itself."""
    return s


def said(e) -> str:
    """A refusal (usher.core.errors.RuleError) in the running language: its
    template translated, then its values put in; cut to the screen's
    length as the English is."""
    text = getattr(e, "text", None)
    if text is None or _on[1] is None:
        return str(e)
    s = t(text)
    vals = e.vals
    if vals:
        try:
            s = s % vals
        except (TypeError, ValueError):  # a table whose slots went wrong: the English, not a crash
            return str(e)
    return s[: e.MAX]
