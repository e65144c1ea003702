"""`usher import FILE...`: game records from files into the laptop's history
(what the web page's "Download records" hands over, or any device log).

A file named `usher-DEVICE-NAME.log` (as the page names them) is stored as
game NAME of device DEVICE; any other file as its own name, of the device
given with --device. Each record is re-scored with the firmware's own rules,
as `usher sync` does, and stored through the history's save API; importing
the same file again, or a longer copy of the same game, updates it.

A record written by hand (`#` comments, no CRCs), as `usher score` reads
it, is imported when the rules replay it, in the device's form (a CRC a
line, comments left out); else the file is named with the line and why."""

import os
import re
import time

import click

from usher_tools.cli.common import UsherError, db_option, history, out
from usher_tools.history.games import title_of
from usher_tools.history.parsing import ScoreError
from usher_tools.words import t

NAMED = re.compile(r"^usher-([0-9a-fA-F]{4,64})-([A-Za-z0-9_]{1,32})\.log$")
DEFAULT_DEVICE = "import"


def where_from(path: str, device: str | None) -> tuple:
    """(device, game name) for a file."""
    base = os.path.basename(path)
    m = NAMED.match(base)
    if m:
        return device or m.group(1).lower(), m.group(2)
    stem = base.rsplit(".", 1)[0] if "." in base else base
    return device or DEFAULT_DEVICE, stem


class NotImported(ScoreError):
    """A hand-written record the firmware's rules refuse: nothing of a
    device's to keep, so it is not stored (the message names the line)."""


def device_form(data: bytes) -> tuple:
    """(bytes as the device would store them, what was changed or '') of a
    record file. A device log (its header line carries a CRC) is kept byte
    for byte. A hand-written record, as `usher score` reads it (`#` comments,
    blank lines, lines without CRCs), must replay with the firmware's rules
    (else a ScoreError saying exactly where and why); it is then stored as
    the device writes a record, a CRC on every line, its comments left out:
    the history, `show` and `report` read device logs only."""
    from usher_tools.history.parsing import parse_bytes, read_log
    from usher_tools.history.replay import score_record

    try:
        read_log(data)
        return data, ""
    except ScoreError:
        pass  # not a device log: perhaps hand-written
    rec = parse_bytes(data)  # ScoreError: not a record at all, with the line and why
    assert rec.header is not None
    try:
        if not isinstance(rec.header.get("setup"), dict) or "game" not in rec.header:
            raise ScoreError('line %d: header: needs "game" and "setup" (RECORD.md)' % rec.header_line)
        score_record(rec.header, rec.records, rec.where, rec.header_line, rec.header_text)
    except ScoreError as e:
        raise NotImported(str(e)) from None
    from usher_tools.paths import use_firmware

    use_firmware()
    from usher.core.record import encode_line

    header = dict(rec.header)
    header.setdefault("usher", 1)
    out = b"".join(encode_line(o) for o in [header] + rec.records)
    dropped = sum(1 for ln in data.splitlines() if ln.strip().startswith(b"#"))
    what = t("hand-written: stored with a CRC a line")
    if dropped:
        what += (t(", %d comment line left out") if dropped == 1 else t(", %d comment lines left out")) % dropped
    return out, what


def read_record(name: str, data: bytes) -> tuple:
    """(view, result, status, problem) of a record's bytes: the view as the
    device's list would give it, the laptop's own re-scoring (the same as
    `usher sync`'s: usher_tools.history.rescore). ScoreError if the bytes are
    not a device record at all (no header)."""
    from usher_tools.history.parsing import parse_log
    from usher_tools.history.rescore import rescore

    header, records, tail = parse_log(data)  # ScoreError: not a record
    setup = header.get("setup") if isinstance(header.get("setup"), dict) else {}
    players = [p.get("name", "?") for p in setup.get("players", []) if isinstance(p, dict)]
    view = {"name": name, "game": header.get("game", ""), "created": header.get("created", 0), "players": players}
    view["size"] = len(data)
    view["imported"] = int(time.time())  # brought by `usher import`, not by a sync: `usher show` says so
    if header.get("clock") == "unset":
        view["clock"] = "unset"
    result, status, problem = rescore(data)  # nothing the device said to compare with
    if result:
        view["finished"] = result["finished"]
        if result["finished"]:
            view["standings"] = [[p["name"], p["score"], p["rank"]] for p in result["players"]]
    return view, result, status, problem


def not_a_record(path: str, data: bytes) -> str:
    """Why a file is plainly no game record, in a person's words ('' when it
    may be one): a firmware file, or text whose first line is no record's
    header (a record begins with `{`, RECORD.md). A binary file is said by
    parsing, in one short line."""
    from usher_tools.history.parsing import binary, quote

    if data[:4] == b"UF2\n" and data[4:8] == b"WQ]\x9e":  # UF2's two magic numbers (pico/uf2.py)
        return t("%s is a firmware file (UF2), not a game record: usher flash puts it on a Pico") % path
    if binary(data):
        return ""
    for no, raw in enumerate(data.lstrip(b"\xef\xbb\xbf").splitlines()[:1000], 1):
        line = raw.decode("utf-8", "replace").strip()
        if line and not line.startswith("#"):
            if line.startswith("{"):
                return ""
            return t("%s: not a game record (line %d is no record's header: %s)") % (path, no, quote(line))
    return ""  # blank lines and comments only, so far: parsing says what is missing


@click.command("import")
@db_option
@click.option(
    "--device",
    default=None,
    help="Device id to file the games under (default: from usher-DEVICE-NAME.log, else %r)." % DEFAULT_DEVICE,
)
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
def import_(db_path, device, files) -> None:
    """Put game record FILES into the history (as the web page downloads them,
    or written by hand as `usher score` reads them)."""
    bad = []
    good = []
    # every file read and checked first: when none is a record, no history is made
    for path in files:
        dev, name = where_from(path, device)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            bad.append(t("cannot read %s: %s") % (path, e.strerror or e))
            continue
        why = not_a_record(path, data)
        if why:
            bad.append(why)
            continue
        try:
            data, changed = device_form(data)
            view, result, status, problem = read_record(name, data)
        except NotImported as e:
            bad.append(t("%s: hand-written record not imported: %s") % (path, e))
            continue
        except ScoreError as e:
            bad.append(t("%s: not a game record (%s)") % (path, e))
            continue
        good.append((dev, name, data, changed, view, result, status, problem))
    if good:
        with history(db_path, create=True) as h:
            for dev, name, data, changed, view, result, status, problem in good:
                old = h.get(dev, name)
                if old is not None and old["data"] == data and old["complete"]:
                    what = "same"
                else:
                    h.save_complete(dev, view, data, result, status, problem)
                    what = "new" if old is None else "updated"
                row = h.get(dev, name)
                line = "%s  %s:%s  %s  %s%s%s" % (
                    t(what),
                    dev[:8],
                    name,
                    title_of(view["game"]),
                    t(row["status"]),
                    (" - " + problem) if problem else "",
                    (" (%s)" % changed) if changed else "",
                )
                out.print(line, markup=False)
    if bad:
        raise UsherError("\n".join(bad))


COMMANDS = [import_]
