"""Re-scoring a complete record's bytes, as `usher sync`, `usher import`
and the web page's VM do: the device log replayed with the firmware's own
rules (replay.py), and what the laptop found compared with what the device
said of the game. One function, one set of messages."""

from usher_tools.history.parsing import ScoreError, read_log
from usher_tools.history.replay import score_record
from usher_tools.history.status import INVALID, MISMATCH, OK


def rescore(data: bytes, view=None) -> tuple:
    """(result, status, problem) of a complete device log. `view` is what
    the device's list said of it (None: nothing to compare, a file brought
    by `usher import`). A record that cannot be replayed is INVALID, with
    the line and why; one the device described otherwise is MISMATCH."""
    try:
        rec, tail = read_log(data)
        if tail:
            no = len(rec.records) + 2
            raise ScoreError("line %d: damaged line (%d bytes after action %d)" % (no, len(tail), len(rec.records)))
        result = score_record(rec.header, rec.records, where=rec.where, header_text=rec.header_text)
    except ScoreError as e:
        return {}, INVALID, str(e)
    except Exception as e:  # a rules module that crashes is a finding too, never a reason to drop it
        return {}, INVALID, "replay failed: %r" % (e,)
    problem = compare(result, view) if view is not None else ""
    return result, (MISMATCH if problem else OK), problem


def compare(result: dict, view: dict) -> str:
    """What the laptop's replay and the device's list disagree on ('' if nothing)."""
    if view.get("game") not in (None, result["game"]):
        return "device says game %s, record says %s" % (view.get("game"), result["game"])
    if bool(view.get("finished")) != result["finished"]:
        return "device says %s, replay says %s" % (
            "finished" if view.get("finished") else "unfinished",
            "finished" if result["finished"] else "unfinished",
        )
    if result["finished"] and "standings" in view:
        mine = [[p["name"], p["score"], p["rank"]] for p in result["players"]]
        if mine != view["standings"]:
            return "device standings %s, replay %s" % (view["standings"], mine)
    return ""
