"""`usher show`: a game told as a score sheet a person reads, round by
round, who did what, in words and numbers.

The actions in force are replayed one by one (the device's own rules
modules) and each game's teller (`tell` in its module of
usher_tools.history.games) turns (state before, action, state after) into
lines, grouped in sections (Showtime's screenings, Showbiz's years). A game
without a module of its own (a new one) gets the generic teller: each action
by its fields, with the scores whenever they change. The tellers live on the
laptop, so the device never carries their words.

The words say what the table saw: a bid (Showbiz, Films) without its number
until its reveal, and, while a game with secrets is unfinished, no money
(Show Manager's costs and loans are public; what a player holds is not).
Raw fields are only in `usher show --raw` and `--json`.
"""

from usher_tools.history import games
from usher_tools.history.replay import Replay
from usher_tools.words import t


class Story:
    """Sections of lines: [{"title": str, "lines": [str, ...]}]."""

    def __init__(self, names: list, hidden: bool = False) -> None:
        self.names = names
        self.sections: list = []
        self.hidden = hidden  # an unfinished game of a title with secrets: no money, no bid before its reveal
        self.ctx: dict = {}  # what a teller keeps from one action to the next

    def section(self, title: str) -> None:
        self.sections.append({"title": title, "lines": []})

    def say(self, text: str) -> None:
        if not self.sections:
            self.section("")
        self.sections[-1]["lines"].append(text)

    def who(self, p) -> str:
        return self.names[p] if isinstance(p, int) and 0 <= p < len(self.names) else t("player %s") % p

    def scores(self, values: list) -> str:
        return ", ".join("%s %s" % (self.who(i), v) for i, v in enumerate(values))


def tell(rp: Replay) -> list:
    """The sections of a replayed game's sheet."""
    story = Story(rp.players, hidden=rp.game.holds_secrets and not rp.is_over())
    teller = games.of(rp.game.name).tell
    state = rp.game.new(rp.header["setup"])
    for k, action in enumerate(rp.in_force(), 1):
        after = rp.game.apply(state, action)
        teller(story, rp.game, state, action, after, k)
        state = after
    if not story.sections:
        story.section("")
        story.say(t("No move yet."))
    return story.sections


def text_lines(sections: list) -> list:
    """The sheet as plain lines (what `usher show` prints)."""
    out = []
    for sec in sections:
        if sec["title"]:
            out.append(sec["title"])
        out.extend("  " + line for line in sec["lines"])
        out.append("")
    return out
