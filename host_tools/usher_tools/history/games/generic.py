"""What the laptop says of a game that has no module of its own here (a new
one), and the default of every name a game's module may leave out: a score
counted in points, each action a step of the report's chart, each action
told by its fields with the scores when they change."""

UNIT = "points"  # what a score counts
TIE_BREAK = "tie-break"  # the laptop's word for the second number the game's tiebreak() gives
AHEAD = "wins the tie-break"  # how a tie on score won by it is said ("27-27: Anna ...")
STEPS = "actions (undone ones left out)"  # the report chart's x axis
CHART_TITLE = "Score over the game"
MARK = "a mark"  # what the chart's dotted lines (chart.marks) stand for, in its legend

# what only some games have (None: the game has none)
split = None  # (header, actions) -> the games of a match (Films)
plays = None  # (Replay) -> the plays of a record, when it is more than one
summary = None  # (row, plays, say) -> what `usher games` adds to the winner, in say()'s words
start = None  # (Replay) -> the start player's name, when the game says it its own way
counts = None  # (Replay) -> what a game without a score holds, counted (dice)
count_lines = None  # (counts) -> those counts in words
figure = None  # (Replay, row) -> the report's own figure, instead of the score over the game


def match(header: dict) -> bool:
    """Whether a record is a match ranked by games won (Films' best of 3)."""
    return False


def sheet_rows(sheet: dict) -> list:
    """The rows of the game's own table (its rules' score_sheet) as `usher
    show` prints them; --json keeps them as the rules give them."""
    return sheet["rows"]


def chart_scores(game, state: dict, n: int) -> list:
    """The numbers the report's chart draws a seat: its score."""
    sc = list(game.scores(state))
    return [sc[i] if i < len(sc) else 0 for i in range(n)]


def begin(chart) -> None:
    """The chart before the first action (its ticks, its marks)."""


def step(chart, before: dict, a: dict, after: dict) -> bool:
    """Move the report's chart on for one action in force (chart.x, its
    marks and ticks); True when the scores after it are a point to draw."""
    chart.x += 1
    return True


def fields(action: dict) -> str:
    rest = ["%s %s" % (k, v) for k, v in action.items() if k not in ("t", "p", "at")]
    return ", ".join(rest)


def tell(story, game, before: dict, a: dict, after: dict, k: int) -> None:
    """The sheet's lines for one action (usher_tools.history.sheet.Story)."""
    from usher_tools.words import t  # here, not at the top: the page's VM runs this module's plays

    by = t(" by %s") % story.who(a["p"]) if "p" in a else ""
    extra = fields(a)
    story.say("%d. %s%s%s" % (k, a.get("t"), by, (": " + extra) if extra else ""))
    old, new = game.scores(before), game.scores(after)
    if new != old:
        story.say(t("   scores: %s") % story.scores(new))
