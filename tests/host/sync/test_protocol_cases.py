"""The sync protocol's examples (tests/fixtures/protocol_cases.json), played
against usher's client (link/client.py, link/sync.py) by a scripted port: the
device's side of each transcript. The page's client plays the same file in
Chromium (tests/host/web/test_page_protocol_cases.py, which takes the file's
reading, the framing and the verdict from here): one set of cases, two
clients that must agree with it."""

import json
import os
import time
import zlib

import pytest
from tooling import ROOT
from usher_tools.history.store import Row
from usher_tools.link import client as client_mod
from usher_tools.link import sync as sync_mod
from usher_tools.link.client import Client, LinkError
from usher_tools.link.sync import QuietUI, Syncer

from host.sync.test_step_aside import ReplPort

CASES_FILE = os.path.join(ROOT, "tests", "fixtures", "protocol_cases.json")


def load() -> dict:
    with open(CASES_FILE) as f:
        return json.load(f)


DOC = load()
NAMES = [c["name"] for c in DOC["cases"]]


# -- the file, made concrete for a harness ----------------------------------------
def frame_device(obj) -> str:
    """A device line as the firmware frames it (usher/link/wire.py): every
    character outside printable ASCII escaped (ensure_ascii escapes DEL too)."""
    body = json.dumps(obj, separators=(",", ":"), ensure_ascii=True)
    return "@u " + body + "*%08x\n" % zlib.crc32(body.encode())


def compiled(name: str) -> dict:
    """A case with nothing left to work out: each device step as the text
    that goes on the wire, each `have` as the bytes held (text), the timing
    filled in. Both harnesses play this."""
    case = next(c for c in DOC["cases"] if c["name"] == name)
    files = DOC["files"]

    def held(name_, have):
        return have if isinstance(have, str) else files.get(name_, "")[:have]

    steps = []
    for s in case["transcript"]:
        if "host" in s:
            steps.append({"host": s["host"], "any": s.get("any", [])})
        else:
            steps.append({"send": s["raw"] if "raw" in s else frame_device(s["device"])})
    calls = []
    for c in case["calls"]:
        c = dict(c)
        if "wants" in c:
            c["wants"] = [[n, held(n, h)] for n, h in c["wants"]]
        if "history" in c:
            c["history"] = [dict(r, data=held(r["name"], r["data"])) for r in c["history"]]
        calls.append(c)
    return {
        "name": name,
        "first_id": case.get("first_id", DOC["first_id"]),
        "timing": dict(DOC["timing"], **case.get("timing", {})),
        "steps": steps,
        "calls": calls,
    }


def read_host_line(line: bytes) -> tuple:
    """(problem, object) of a host line without its newline: the problem ''
    when it is framed as PROTOCOL.md says."""
    bad = [b for b in line if not 0x20 <= b <= 0x7E]
    if bad:
        return "byte 0x%02x sent in %r (only 0x20..0x7e and the newline)" % (bad[0], line), None
    if not line.startswith(b"@U ") or len(line) < 12 or line[-9:-8] != b"*":
        return "not a framed host line: %r" % line, None
    body = line[3:-9]
    if b"%08x" % zlib.crc32(body) != line[-8:]:
        return "the line's CRC is wrong: %r" % line, None
    try:
        obj = json.loads(body)
    except ValueError:
        return "not JSON: %r" % line, None
    if not isinstance(obj, dict):
        return "not a JSON object: %r" % line, None
    return "", obj


def host_line_problem(line: bytes, step) -> str:
    """'' when `line` is the host line `step` asks for; else what is wrong."""
    problem, obj = read_host_line(line)
    if problem:
        return problem
    if step is None or "host" not in step:
        return "a line the device did not expect here: %r" % line
    for key in step["any"]:
        if not isinstance(obj.get(key), int) or isinstance(obj.get(key), bool):
            return "%s should be an integer in %r" % (key, line)
    rest = {k: v for k, v in obj.items() if k not in step["any"]}
    if rest != step["host"]:
        return "sent %s where the transcript says %s" % (json.dumps(rest), json.dumps(step["host"]))
    return ""


def matches(expected, got) -> bool:
    """Dicts on the expected keys only, lists item by item, the rest equal."""
    if isinstance(expected, dict):
        return isinstance(got, dict) and all(k in got and matches(v, got[k]) for k, v in expected.items())
    if isinstance(expected, list):
        return isinstance(got, list) and len(got) == len(expected) and all(map(matches, expected, got))
    return expected == got and type(expected) is type(got)


def verdict(case: dict, run: dict) -> list:
    """What the client did that the case does not allow ([] when it agrees):
    `run` is {outcomes: [per call {returns | fails, asked}], wrong: [...],
    heard: [host lines], left: steps not played}."""
    out = list(run["wrong"])
    if run["left"]:
        out.append("the transcript was not played to its end: next %s" % json.dumps(run["left"][0]))
    # the framing of every line, again here: the page's harness only compares the objects
    out += [p for p in (read_host_line(line.encode("latin-1"))[0] for line in run["heard"]) if p]
    for i, (call, got) in enumerate(zip(case["calls"], run["outcomes"], strict=False)):
        want = call["expect"]
        if "fails" in want and got.get("fails") != want["fails"]:
            out.append("call %d (%s) should fail %s: %s" % (i, call["call"], want["fails"], _short(got)))
        if "returns" in want and ("returns" not in got or not matches(want["returns"], got["returns"])):
            out.append("call %d (%s) should return %s: %s" % (i, call["call"], _short(want["returns"]), _short(got)))
        if got.get("asked", []) != want.get("asked", []):
            out.append("call %d (%s) was told the device asks %s" % (i, call["call"], got.get("asked")))
    if len(run["outcomes"]) != len(case["calls"]):
        out.append("%d of %d calls ran" % (len(run["outcomes"]), len(case["calls"])))
    return out


def _short(v) -> str:
    text = json.dumps(v)
    return text if len(text) < 600 else text[:600] + "..."


# -- usher's client on a scripted port ------------------------------------------------
class TranscriptPort(ReplPort):
    """The device's side of a transcript, as pyserial would show it: the
    device's steps are queued as soon as they are reached; each line the
    client writes must be the next host step. A wrong line ends the case (the
    port fails, as if unplugged)."""

    def __init__(self, steps: list) -> None:
        super().__init__()
        self.port = "transcript"
        self.steps = steps
        self.at = 0
        self.heard: list = []
        self.wrong: list = []
        self.partial = b""
        self._play()

    def _play(self) -> None:
        while self.at < len(self.steps) and "send" in self.steps[self.at]:
            self.out += self.steps[self.at]["send"].encode("latin-1")
            self.at += 1

    def write(self, data):
        if self.wrong:
            raise OSError(5, "the transcript was left")
        *lines, self.partial = (self.partial + bytes(data)).split(b"\n")
        for line in lines:
            if not line:
                continue  # an empty line only ends a half line: the device ignores it
            self.heard.append(line.decode("latin-1"))
            step = self.steps[self.at] if self.at < len(self.steps) else None
            problem = host_line_problem(line, step)
            if problem:
                self.wrong.append(problem)
                raise OSError(5, problem)
            self.at += 1
            self._play()
        return len(data)

    def read(self, n=1):
        if not self.out:
            time.sleep(0.005)  # as pyserial's read waits a little: the client does not spin
        return super().read(n)

    def reset_input_buffer(self) -> None:
        self.out.clear()


class History:
    """Only what a sync needs of the history: the rows given, and the last
    copy saved of each game."""

    def __init__(self, rows: list) -> None:
        self.rows = {r["gid"]: r for r in rows}
        self.saved: dict = {}

    def note_device(self, device: str, fw: str) -> None:
        pass

    def latest(self, device: str, gid: str):
        r = self.rows.get(gid)
        if r is None:
            return None
        return Row(
            dict(r, data=r["data"].encode("latin-1"), id=1, copy=0, result={}, device_view={}, status="", problem="")
        )

    def _save(self, view: dict, data: bytes, complete: bool) -> Row:
        self.saved[view["name"]] = {"complete": complete, "data": data.decode("latin-1")}
        return Row(id=2, status="ok" if complete else "partial", problem="", result={}, device_view=view)

    def save_partial(self, device: str, view: dict, data: bytes) -> tuple:
        return self._save(view, data, False), ""

    def save_complete(self, device: str, view: dict, data: bytes, result: dict, status: str, problem: str) -> tuple:
        return self._save(view, data, True), ""


class Asked(QuietUI):
    def __init__(self, asked: list) -> None:
        self.asked = asked

    def pending(self, text: str) -> None:
        self.asked.append(text)


def run_client(case: dict, monkeypatch) -> dict:
    timing = case["timing"]
    monkeypatch.setattr(client_mod, "KEEPALIVE", timing["keepalive"])
    # the re-scoring is the history's business, not the protocol's
    monkeypatch.setattr(sync_mod, "rescore", lambda data, view: ({}, "ok", ""))
    port = TranscriptPort(case["steps"])
    client = Client(port, timeout=timing["reply"])
    client.next_id = case["first_id"]
    outcomes = []
    for call in case["calls"]:
        asked: list = []
        got: dict = {}
        try:
            got["returns"] = one_call(client, call, timing, asked)
        except LinkError as e:
            got["fails"] = e.code or "(no code) " + str(e)
        got["asked"] = asked
        outcomes.append(got)
    return {"outcomes": outcomes, "wrong": port.wrong, "heard": port.heard, "left": case["steps"][port.at :]}


def one_call(client: Client, call: dict, timing: dict, asked: list):
    kind = call["call"]
    if kind == "hello":
        return client.hello()
    if kind == "list":
        return client.list_games()
    if kind == "call":
        return client.call(call["op"], **call["args"])
    if kind == "pull":
        wants = [(name, have.encode("latin-1")) for name, have in call["wants"]]
        press_wait = call.get("press_wait", timing["press_wait"])
        got = client.pull(wants, on_pending=asked.append, press_wait=press_wait)
        return {
            name: {"complete": r.complete, "error": r.error, "start": r.start, "data": bytes(r.data).decode("latin-1")}
            for name, r in got.items()
        }
    if kind == "sync":
        history = History(call["history"])
        report = Syncer(client, history, Asked(asked), press_wait=timing["press_wait"]).run()
        return {"games": report["games"], "saved": history.saved}
    raise AssertionError("no such call in the cases: %s" % kind)


@pytest.mark.parametrize("name", NAMES)
def test_usher_s_client_agrees_with_the_case(name, monkeypatch):
    case = compiled(name)
    problems = verdict(case, run_client(case, monkeypatch))
    assert not problems, "\n".join(problems)


def test_the_cases_cover_what_the_protocol_shows():
    # the brief of the file: each of these is in it, for both clients
    names = set(NAMES)
    assert {"hello", "list", "pull_resumed", "refused_on_the_device", "pause_for_a_press"} <= names
    assert {"damaged_line_then_resumed", "request_not_read", "sync_resumes_and_asks"} <= names
    ops = {s["host"]["op"] for c in DOC["cases"] for s in c["transcript"] if "host" in s}
    assert {"hello", "list", "pull", "poll", "cancel"} <= ops
