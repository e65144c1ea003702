"""The page's re-scoring, in a MicroPython VM of its own (page/scorer.mjs):
a synced record replayed by the laptop's own replay code
(usher_tools.history.records and .score, copied unchanged into the VM) over
the firmware's own rules, and compared with what the device said, as
`usher sync` and `usher score` do (link/sync.py's rescore and compare).

    rescore(path, view_json) -> JSON {"result", "status", "problem"}
"""

import json

OK = "ok"  # as history/store.py names them
MISMATCH = "mismatch"
INVALID = "invalid"


def compare(result, view):  # type: ignore[no-untyped-def]
    """What the replay and the device's list disagree on ('' if nothing):
    link/sync.py's compare, word for word."""
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


def rescore(path, view_json):  # type: ignore[no-untyped-def]
    from usher_tools.history.records import read_log
    from usher_tools.history.score import ScoreError, score_record

    with open(path, "rb") as f:
        data = f.read()
    view = json.loads(view_json)
    try:
        rec, tail = read_log(data)
        if tail:
            no = len(rec.records) + 2
            raise ScoreError("line %d: damaged (%d bytes after action %d)" % (no, len(tail), len(rec.records)))
        result = score_record(rec.header, rec.records, where=rec.where, header_text=rec.header_text)
    except ScoreError as e:
        return json.dumps({"result": {}, "status": INVALID, "problem": str(e)})
    except Exception as e:  # a rules module that crashes is a finding too
        return json.dumps({"result": {}, "status": INVALID, "problem": "replay failed: %r" % (e,)})
    problem = compare(result, view)
    return json.dumps({"result": result, "status": MISMATCH if problem else OK, "problem": problem})
