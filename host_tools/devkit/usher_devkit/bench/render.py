"""docs/BENCH.md from structured figures: a figure is a dict made by `fig()`,
and the renderer groups a section's figures into tables whose columns are
what was measured on (the deploy, the board, the game, or a part's own
`column`) and whose rows are the figures, so no label carries the board or
the game in it."""

# what a figure was measured on, outermost first: a table with too many
# columns is split into one table per value of the first that varies
DIMS = ("deploy", "board", "game", "column")
MAX_COLUMNS = 5
NONE = "-"  # a cell with no figure (nothing of that kind on that column)


def fig(table: str, figure: str, value, unit: str = "", goal: str = "", met=None, note: str = "", **on) -> dict:
    """One measured figure. `table` and `figure` are short (the row's label);
    `on` names what it was measured on (deploy=, board=, game=, column=);
    `goal` is the bound the tests check or the project set, `met` whether
    this figure meets it."""
    bad = [k for k in on if k not in DIMS]
    if bad:
        raise ValueError("a figure is measured on %s, not %s" % (", ".join(DIMS), bad))
    out = {"table": table, "figure": figure, "value": value, "unit": unit}
    out.update((k, str(v)) for k, v in on.items() if v not in (None, ""))
    if goal:
        out["goal"] = goal
        out["met"] = met
    if note:
        out["note"] = note
    return out


def cell(f: dict) -> str:
    v = f["value"]
    if isinstance(v, bool):
        text = "yes" if v else "no"
    elif isinstance(v, int):
        text = "{:,}".format(v)
    elif isinstance(v, float):
        text = "{:,.1f}".format(v) if abs(v) < 100 else "{:,.0f}".format(v)
    else:
        text = str(v)
    if f.get("goal") and f.get("met") is not None:
        text += " (met)" if f["met"] else " (**not met**)"
    return text


def _values(figs: list, dim: str) -> list:
    seen: list = []
    for f in figs:
        v = f.get(dim, "")
        if v not in seen:
            seen.append(v)
    return seen


def tables(figs: list) -> list:
    """[(title, [column labels], [(row label, [cells], goal)], [notes])] in
    the order the figures came."""
    groups: dict = {}
    for f in figs:
        groups.setdefault(f["table"], []).append(f)
    out: list = []
    for title, group in groups.items():
        out += _split(title, group)
    return out


def _split(title: str, group: list) -> list:
    varying = [d for d in DIMS if len(_values(group, d)) > 1]
    columns = []
    for f in group:
        key = tuple(f.get(d, "") for d in varying)
        if key not in columns:
            columns.append(key)
    if len(columns) > MAX_COLUMNS and len(varying) > 1:
        out = []
        for v in _values(group, varying[0]):
            out += _split(title, [f for f in group if f.get(varying[0], "") == v])
        return out
    fixed = [v for d in DIMS if d not in varying for v in _values(group, d) if v]
    caption = title + (" (%s)" % ", ".join(fixed) if fixed else "")
    labels = [", ".join(v for v in key if v) or "value" for key in columns]
    rows: list = []
    index: dict = {}
    for f in group:
        label = f["figure"] + (" (%s)" % f["unit"] if f["unit"] else "")
        if label not in index:
            index[label] = len(rows)
            rows.append((label, [NONE] * len(columns), []))
        at = columns.index(tuple(f.get(d, "") for d in varying))
        rows[index[label]][1][at] = cell(f)
        if f.get("goal") and f["goal"] not in rows[index[label]][2]:
            rows[index[label]][2].append(f["goal"])
    rows = [(label, cells, " / ".join(goals)) for label, cells, goals in rows]
    notes = []
    for f in group:
        if f.get("note") and f["note"] not in notes:
            notes.append(f["note"])
    return [(caption, labels, rows, notes)]


def markdown_table(labels: list, rows: list) -> str:
    goals = any(g for _, _, g in rows)
    head = ["figure"] + labels + (["goal"] if goals else [])
    body = [[label] + cells + ([goal or NONE] if goals else []) for label, cells, goal in rows]
    widths = [max(len(r[i]) for r in [head] + body) for i in range(len(head))]

    def line(r: list) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(head), rule] + [line(r) for r in body])


def section(heading: str, figs: list) -> str:
    out = ["## %s\n" % heading]
    for caption, labels, rows, notes in tables(figs):
        out.append("### %s\n\n%s\n" % (caption, markdown_table(labels, rows)))
        if notes:
            out.append("\n".join("- " + n for n in notes) + "\n")
    return "\n".join(out)
