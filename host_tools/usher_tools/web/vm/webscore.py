"""The page's re-scoring, in a MicroPython VM of its own (page/scorer.mjs):
a synced record re-scored by the laptop's own code (usher_tools.history's
rescore, replay and parsing, copied unchanged into the VM) over the
firmware's own rules, and compared with what the device said: the very
function `usher sync` and `usher import` call.

    rescore(path, view_json) -> JSON {"result", "status", "problem"}
"""

import json


def rescore(path, view_json):
    from usher_tools.history.rescore import rescore as laptops

    with open(path, "rb") as f:
        data = f.read()
    result, status, problem = laptops(data, json.loads(view_json))
    return json.dumps({"result": result, "status": status, "problem": problem})
