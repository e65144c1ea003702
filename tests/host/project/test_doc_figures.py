"""Docs that cannot drift: a measured figure that README.md, docs/*.md,
hardware/README.md or host_tools/README* state is one docs/BENCH.md holds.
BENCH is one run at one commit, written by `make bench`; a figure copied out
of it goes stale at the next run unless something checks it.

A figure is a number (or a range, "10 to 20") with a unit: ms, s, µs,
minutes, bytes, B, K/KB/KiB, MB/MiB, KB/s, MB/s, presses, %; or any number
with a thousands comma. Code (fenced or inline) states none. The paragraph,
list item or table row a figure sits in names its BENCH table in quotes
('Press by kind, all full games'; a "## " section stands for its tables, a
heading without its last brackets for all that share it), and that table
holds the same value in the same unit (its row label's, column's or
caption's; s count as ms). So a figure true of another board or another
table fails too. Two ways out, for figures that are not BENCH's:
- ALLOWED below: figures that are no measurement (a bound a test sets, a
  setting, a size of the hardware or of a format), each with its reason;
- a marker `<!-- not in BENCH: why -->` in the paragraph, list item or row
  (in a table's first row: the whole table), for figures measured
  elsewhere and said so (a before-and-after, a figure timed by hand).
Both are checked to be still in use: an allowance no doc needs, or a
marker that covers no figure, fails."""

import glob
import os
import re

from tooling import ROOT

NUM = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
# longest spellings first; a unit ends where a word does
UNITS = {
    "KB/s": "KB/s",
    "MB/s": "MB/s",
    "KiB": "KB",
    "MiB": "MB",
    "KB": "KB",
    "kB": "KB",
    "MB": "MB",
    "K": "KB",
    "bytes": "bytes",
    "B": "bytes",
    "ms": "ms",
    "µs": "µs",
    "seconds": "ms",
    "second": "ms",
    "s": "ms",
    "minutes": "min",
    "minute": "min",
    "min": "min",
    "presses": "presses",
    "press": "presses",
    "%": "%",
}
FIGURE = re.compile(
    r"(?<![\w.,])(?P<nums>(?:%s)(?:\s*(?:to|-|–)\s*(?:%s))?)(?:\s?(?P<unit>%s)(?![\w/]))?"
    % (NUM, NUM, "|".join(re.escape(u) for u in UNITS))
)
MARKER = re.compile(r"<!--\s*not in BENCH:(.*?)-->")
ITEM = re.compile(r"\s*(?:[-*]|\d+\.)\s")

# figures that are no measurement, as a doc writes them; each must still be in a doc
ALLOWED = {
    "20 ms": "the app's tick, a constant of the firmware",
    "10 ms": "the buttons' debounce, a constant of the firmware",
    "150 ms": "the bound tests/host/pico/test_pico_press_games.py holds each press to",
    "30 ms": "BENCH's goal for a cursor move or a value change, median",
    "80 ms": "BENCH's goal for opening a screen, median",
    "256K": "the 64-bit VM's heap setting (tests/tooling.py HEAP)",
    "320K": "the 64-bit VM's heap for the long session",
    "200K": "the 32-bit meter's bound on a full game (tests/host/vm/test_wasm_meter.py BOUND)",
    "224K": "the 32-bit meter's bound on a portable test module (PORTABLE_BOUND)",
    "192 KB": "the heap once assumed for a Pico; the 64-bit VM's 256K derives from it",
    "40 KB": "the 32-bit meter's margin under the rp2 port's heap",
    "32 KB": "the free heap the link needs before it loads (usher.link.gate)",
    "2 KB": "the tolerance tests/host/vm/test_memory_loops.py allows the heap at Home",
    "2 MiB": "the Pico's flash",
    "640 KiB": "the stock RPI_PICO firmware area",
    "655,360 bytes": "the same area in bytes",
    "1,408 KiB": "the stock RPI_PICO filesystem",
    "4 KiB": "LittleFS's block on the Pico's flash",
    "16,200 bytes": "the LCD's 4-bit frame buffer: 240x135 pixels, two a byte",
    "64 KB": "the random bytes tests/host/pico send the link, a test input",
    "100 KB": "the long line tests/host/pico send the link, a test input",
    "2 s": "the hello timeout of usher ports, a constant of the laptop tool",
    "10 s": "how often the laptop polls while the device asks its owner, a constant",
    "400 ms": "the buttons' auto-repeat delay, a constant of the firmware",
    "600 ms": "a long press, a constant of the firmware",
    "3.5 s": "entering 50 with the auto-repeat, worked out from its constants",
    "5 minutes": "the default of Settings' Dim after",
    "10 minutes": "the longest choice of Settings' Dim after",
    "5 min": "Dim after's default, as the device writes it",
    "5 %": "the backlight when dimmed, a constant of the firmware",
}


def doc_paths(root: str) -> list:
    paths = [os.path.join(root, "README.md"), os.path.join(root, "hardware", "README.md")]
    paths += sorted(p for p in glob.glob(os.path.join(root, "docs", "*.md")) if os.path.basename(p) != "BENCH.md")
    paths += sorted(glob.glob(os.path.join(root, "host_tools", "README*")))
    return [p for p in paths if os.path.exists(p)]


def number(text: str) -> float:
    return float(text.replace(",", ""))


def figures(text: str) -> list:
    """[(the figure as written, [(unit, value), ...], where)] in a piece of
    text; a range gives each end."""
    found = []
    for m in FIGURE.finditer(text):
        unit = UNITS.get(m.group("unit") or "")
        ends = re.findall(NUM, m.group("nums"))
        if unit is None:  # a bare number: a figure only with a thousands comma
            found += [(n, [("", number(n))], m.start()) for n in ends if "," in n]
            continue
        scale = 1000.0 if m.group("unit") in ("s", "second", "seconds") else 1.0
        written = re.sub(r"\s+", " ", m.group(0))
        found.append((written, [(unit, round(number(n) * scale, 6)) for n in ends], m.start()))
    return found


def blocks(text: str) -> list:
    """[(first line number, lines, the line of the marker that covers them
    or 0)]: paragraphs, list items and table rows; a marker in a table's
    first row covers the table."""
    out: list = []
    table = 0  # in a table: the line of its first row's marker, else -1
    for i, line in enumerate(text.splitlines(), 1):
        if line.startswith("|"):
            if not table:
                table = i if MARKER.search(line) else -1
            out.append([i, [line], max(table, 0)])
            continue
        after_table, table = table, 0
        if not line.strip():
            out.append([i + 1, [], 0])
        elif ITEM.match(line) or not out or after_table:
            out.append([i, [line], 0])
        else:
            out[-1][1].append(line)
    for block in out:
        if MARKER.search("\n".join(block[1])):
            block[2] = block[0]
    return [tuple(b) for b in out if b[1]]


def unit_of(text: str) -> str:
    """The unit a BENCH label, column or caption gives its figures, the first it names."""
    hits = [
        (m.start(), unit)
        for pattern, unit in (
            (r"\bms\b", "ms"),
            (r"\bbytes\b", "bytes"),
            (r"KB/s", "KB/s"),
            (r"\bMiB\b", "MB"),
            (r"\b[Pp]resses\b", "presses"),
        )
        for m in re.finditer(pattern, text)
    ]
    return min(hits)[1] if hits else ""


def names(heading: str) -> list:
    """A BENCH heading goes by its text, and by it without its last brackets
    ("Heap, full games" for all four boards and deploys)."""
    out = [heading]
    while re.search(r"\s\([^()]*(?:\([^()]*\)[^()]*)*\)$", out[-1]):
        out.append(re.sub(r"\s\([^()]*(?:\([^()]*\)[^()]*)*\)$", "", out[-1]))
    return out


def held(bench: str) -> dict:
    """{table name: {unit: {values}}} of BENCH.md, a table by each of its
    names; a "## " section holds what its tables hold; the unit "" holds
    every number."""
    out: dict = {}
    scopes: list = []

    def add(unit: str, value: float) -> None:
        for scope in scopes:
            for name in names(scope):
                out.setdefault(name, {}).setdefault(unit, set()).add(value)

    header: list = []
    for line in bench.splitlines():
        level = len(line) - len(line.lstrip("#"))
        if level in (2, 3) and line[level : level + 1] == " ":
            scopes = scopes[:1] if level == 3 else []
            scopes.append(line[level:].strip())
            header = []
        for n in re.findall(r"(?<![\w.])(?:%s)" % NUM, line):
            add("", number(n))
        for _, pairs, _ in figures(line):
            for unit, value in pairs:
                add(unit, value)
        if not line.startswith("|") or set(line) <= set("|-: "):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not header:
            header = cells
            continue
        label = cells[0]
        nested = re.search(r"\([^()]*\((\w+)\)\)", label)  # "(ms: median / worst (presses))"
        for column, cell in zip(header[1:], cells[1:], strict=False):
            unit = unit_of(label) or unit_of(column) or unit_of(scopes[-1] if scopes else "")
            outer = re.sub(r"\([^()]*\)", " ", cell)
            for n in re.findall(r"(?<![\w.])(?:%s)" % NUM, outer):
                if unit:
                    add(unit, number(n))
            if nested:
                for n in re.findall(r"\((%s)\)" % NUM, cell):
                    add(unit_of(nested.group(1)), number(n))
    return out


def is_held(unit: str, value: float, table: dict) -> bool:
    if value in table.get(unit, ()):
        return True
    # a byte count that large is no other figure: a table's unlabelled bytes count
    return unit in ("bytes", "") and value >= 1000 and value in table.get("", ())


def prose(text: str) -> str:
    """The text without its code, fenced or inline (blanked, lines kept): an
    example's output or a command line states no measurement."""
    text = re.sub(r"^```.*?^```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.M | re.S)
    return re.sub(r"`[^`\n]+`", lambda m: " " * len(m.group(0)), text)


def unheld(text: str, bench: dict) -> list:
    """["line: figure ..."] that neither the BENCH tables its block names, ALLOWED nor a marker covers."""
    out = []
    for first, lines, marker in blocks(prose(text)):
        block = re.sub(r"\s+", " ", "\n".join(lines))
        if marker:
            continue
        cited = [name for name in bench if "'%s'" % name in block or '"%s"' % name in block]
        body = "\n".join(lines)
        for written, pairs, at in figures(body):
            n = first + body.count("\n", 0, at)
            if written in ALLOWED:
                continue
            if not cited:
                out.append("%d: %s (names no BENCH table)" % (n, written))
            elif not all(any(is_held(u, v, bench[name]) for name in cited) for u, v in pairs):
                out.append("%d: %s (not in %s)" % (n, written, ", ".join("'%s'" % c for c in cited)))
    return out


def read(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


def test_every_measured_figure_in_the_docs_is_one_bench_holds():
    bench = held(read(os.path.join(ROOT, "docs", "BENCH.md")))
    paths = doc_paths(ROOT)
    assert len(paths) >= 10, paths
    wrong = {}
    for path in paths:
        found = unheld(read(path), bench)
        if found:
            wrong[os.path.relpath(path, ROOT)] = found
    assert not wrong, "figures BENCH.md does not hold (name BENCH's table instead, or see this module's doc):\n%s" % (
        "\n".join("%s:%s" % (p, f) for p, fs in wrong.items() for f in fs)
    )


def test_every_allowance_and_marker_is_still_needed():
    texts = {os.path.relpath(p, ROOT): read(p) for p in doc_paths(ROOT)}
    written = {w for text in texts.values() for w, _, _ in figures(MARKER.sub("", prose(text)))}
    assert not set(ALLOWED) - written, "ALLOWED names figures no doc states: %s" % sorted(set(ALLOWED) - written)
    idle = []
    for name, text in texts.items():
        covered: dict = {}
        for first, lines, marker in blocks(prose(text)):
            block = "\n".join(lines)
            if MARKER.search(block) and not all(m.strip() for m in MARKER.findall(block)):
                idle.append("%s:%d, no reason" % (name, first))
            if marker:
                covered[marker] = covered.get(marker, 0) + len(figures(MARKER.sub("", block)))
        idle += ["%s:%d, no figure" % (name, at) for at, n in covered.items() if not n]
    assert not idle, "markers without a reason or without a figure to cover: %s" % idle


BENCH_PART = """
## The rp2 port

### Press by kind, all full games

| figure                                      | frozen, lcd114 | frozen, oled   |
|---------------------------------------------|----------------|----------------|
| cursor move (ms: median / worst (presses))  | 19 / 50 (1075) | 28 / 52 (1078) |
| heap free at boot (bytes)                   | 240,608        | 240,608        |

### Sync of 100 games (302 KB)

| figure        | pty |
|---------------|-----|
| raw copy (ms) | 9   |
"""
KIND = "Press by kind, all full games"


def test_the_check_holds_a_figure_to_the_bench_table_its_block_names():
    bench = held(BENCH_PART)
    assert bench[KIND]["ms"] == {19, 50, 28, 52} and bench[KIND]["presses"] == {1075, 1078}, bench[KIND]
    assert bench["Sync of 100 games"]["ms"] == {9} and bench["Sync of 100 games"]["KB"] == {302}
    assert bench["The rp2 port"]["ms"] == {19, 50, 28, 52, 9}
    good = (
        "- The OLED's cursor takes 28 ms (19 to 50 on the LCD), 240,608\nbytes free (BENCH, 'Press by kind,\nall full"
        " games'); a raw copy 0.009 s, 302 KB ('Sync of 100 games'), `-X heapsize=999K`.\n\n```\n24 ms\n```\n"
    )
    assert unheld(good, bench) == []
    bad = (
        "- The cursor takes about 24 ms,\nor 1075 ms, 1,076 presses; 240 KB free, 101,888 left, 2 s\n"
        "at 10 to 52 ms, 9 ms ('%s').\n- 28 ms, no table named\n" % KIND
    )
    found = unheld(bad, bench)
    assert [f.split(" (")[0] for f in found] == [
        "1: 24 ms", "2: 1075 ms", "2: 1,076 presses", "2: 240 KB", "2: 101,888", "3: 10 to 52 ms", "3: 9 ms", "4: 28 ms"
    ], found  # fmt: skip
    assert found[-1].endswith("(names no BENCH table)") and found[0].endswith("(not in '%s')" % KIND), found
    marked = "- before and after: 73 -> 40 ms <!-- not in BENCH: before and after -->\n- 73 ms ('%s')\n" % KIND
    assert unheld(marked, bench) == ["2: 73 ms (not in '%s')" % KIND]
    tables = (
        "| a | b <!-- not in BENCH: timed by hand --> |\n|---|---|\n| x | 7 min |\n\n"
        "| a | b |\n|---|---|\n| y | 28 ms ('%s') |\n| z | 28 ms |\n" % KIND
    )
    assert unheld(tables, bench) == ["8: 28 ms (names no BENCH table)"]
