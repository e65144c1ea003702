"""`usher sync`: pull every new or changed game into the history, resume
transfers by offset, and re-score each record with the firmware's own rules."""

from usher_tools.history.rescore import rescore
from usher_tools.history.store import History, gid_of
from usher_tools.link.client import Client, Denied, LinkError, NoPress, Paused, PullResult, Refused
from usher_tools.words import N_, number, t

BATCH_GAMES = 16  # the protocol's most games in one pull
BATCH_BYTES = 256 * 1024  # keep a batch short enough that a checkpoint is never far behind
RETRIES = 3


class Plan:
    """For each game on the device: skip it, or pull it from some offset."""

    def __init__(self, view: dict, row) -> None:
        self.view = view
        self.name = view["name"]
        self.row = row  # the history's copy of this game (same device, same gid), if any
        self.have = b""
        self.action = "new"
        if row is None:
            return
        same = row["game"] == view.get("game") and row["created"] == view.get("created", 0)
        if same and row["complete"] and len(row["data"]) == view["size"]:
            self.action = "same"
        elif same and len(row["data"]) <= view["size"]:
            self.have = row["data"]
            self.action = "resume" if not row["complete"] else "update"
        else:
            self.action = "replace"  # the device's record differs from ours: pull it whole


class Syncer:
    def __init__(self, client: Client, history: History, ui=None, press_wait: float = 60.0) -> None:
        self.client = client
        self.history = history
        self.ui = ui or QuietUI()
        self.press_wait = press_wait
        self.device = ""
        self.report: list = []
        self.started = False  # the transfers began: a cut from here on keeps what came
        self.whole: list = []  # games brought whole by this sync, in order
        self.held: dict = {}  # name: (bytes the history holds now of a game not yet whole, its size)

    def run(self) -> dict:
        info = self.client.hello()
        self.device = info["device"]
        self.history.note_device(self.device, info["fw"])
        views = self.client.list_games()
        plans = [Plan(v, self.history.latest(self.device, gid_of(v))) for v in views]
        todo = [p for p in plans if p.action != "same"]
        for p in plans:
            if p.action == "same":
                self._note(p, "same", p.row)
        self.ui.start(sum(p.view["size"] - len(p.have) for p in todo))
        self.started = True
        free = [p for p in todo if not p.view.get("secret")]
        for batch in batches(free):
            self._pull(batch)
        for p in todo:
            if p.view.get("secret"):
                self._pull([p])
        self.ui.stop()
        missed = [g for g in self.report if g["action"] in MISSED]
        return {"device": self.device, "fw": info["fw"], "games": self.report, "not_synced": missed}

    def _pull(self, plans: list) -> None:
        left = list(plans)
        by_name = {p.name: p for p in plans}
        paused = ""
        for _ in range(RETRIES):
            if not left:
                return
            try:
                results = self.client.pull(
                    [(p.name, p.have) for p in left],
                    progress=self.ui.advance,
                    checkpoint=lambda r: self._checkpoint(plans, r),
                    on_pending=self.ui.pending,
                    press_wait=self.press_wait,
                    on_complete=lambda r: self._finish(by_name[r.name], r),
                )
            except Refused as e:
                if e.code == "press" and len(left) > 1:
                    # a game needs a press after all (it changed since the list): one at a time
                    for p in left:
                        self._pull([p])
                    return
                if isinstance(e, Denied) and len(left) == 1:
                    self._note(left[0], "skipped", None, N_("not sent: Back was pressed on the device"), why="denied")
                    return
                self._keep(plans)
                raise
            except NoPress as e:
                self._note(left[0], "skipped", None, str(e), why="timeout")  # only a single pull ever asks
                return
            except Paused as e:
                # this computer stopped usher (suspend, ^Z) and the device gave up
                # on the transfer meanwhile: keep what came and ask again
                paused = str(e)
                again = []
                for p in left:
                    r = self.client.pulling.get(p.name)
                    if r is not None and r.complete:
                        continue  # whole before the pause: already saved
                    if r is not None and r.error == "changed":
                        p.have, p.action = b"", "replace"
                    elif r is not None and len(r.data) > len(p.have):
                        p.have = bytes(r.data)  # every byte kept passed its CRC
                        self._save_partial(p, p.have)
                    again.append(p)
                left = again
                continue
            except LinkError:
                self._keep(plans)  # the device went away: keep every byte that arrived
                raise
            again = []
            for p in left:
                r = results[p.name]
                if r.complete:
                    continue  # already re-scored and saved as it arrived
                if r.error == "nogame":
                    self._note(p, "gone", None, N_("deleted on the device during sync"))
                    continue
                if r.error == "changed":
                    p.have, p.action = b"", "replace"
                elif len(r.data) > len(p.have):
                    p.have = bytes(r.data)  # keep what arrived intact; ask for the rest
                    self._save_partial(p, p.have)
                again.append(p)
            left = again
        for p in left:
            why = N_("transfer kept failing; run sync again")
            if paused:
                why = paused
            self._note(p, "failed", None, why, why="failed")

    def _keep(self, plans: list) -> None:
        for r in self.client.pulling.values():
            self._checkpoint(plans, r)

    def _checkpoint(self, plans: list, r: PullResult) -> None:
        if r.complete:
            return  # saved whole by _finish as it arrived: a partial save would overwrite it
        for p in plans:
            if p.name == r.name and len(r.data) > len(p.have):
                self._save_partial(p, bytes(r.data))

    def _save_partial(self, p: Plan, data: bytes) -> None:
        self.history.save_partial(self.device, p.view, data)
        self.held[p.name] = (len(data), p.view["size"])

    def kept(self) -> str:
        """What this sync kept, for a person when it was cut off: "kept:
        g0001, g0002 whole; g0004 4,608 of 16,251 bytes" ('' if nothing)."""
        parts = []
        if self.whole:
            parts.append(t("%s whole") % ", ".join(self.whole))
        parts += [
            t("%s %s of %s bytes") % (name, number(got), number(size))
            for name, (got, size) in sorted(self.held.items())
            if name not in self.whole and got
        ]
        return t("kept: ") + "; ".join(parts) if parts else ""

    def _finish(self, p: Plan, r: PullResult) -> None:
        data = bytes(r.data)
        view = dict(p.view)
        view["size"] = len(data)
        result, status, problem = rescore(data, view)
        row, note = self.history.save_complete(self.device, view, data, result, status, problem)
        p.have = data  # what the history holds now
        self.whole.append(p.name)
        what = {"new": "new", "update": "updated", "resume": "resumed", "replace": "replaced"}[p.action]
        if p.row is not None and p.row.finished and row["id"] != p.row["id"]:
            what = N_("kept both")
            note = note or "%s came back different from the finished game the history holds (id %d): both kept" % (
                p.name,
                p.row["id"],
            )
        self._note(p, what, row, from_byte=r.start, note=note)

    def _note(self, p: Plan, action: str, row, problem="", from_byte=0, why="", note="") -> None:
        entry = {"name": p.name, "game": p.view.get("game"), "action": action}
        if why:
            entry["why"] = why
        if note:
            entry["note"] = note
        if row is not None:
            entry["status"] = row["status"]
            entry["id"] = row["id"]
            problem = problem or row["problem"]
        if action == "resumed" or (action == "updated" and from_byte):
            entry["from"] = from_byte
        if problem:
            entry["problem"] = problem
        self.report.append(entry)
        self.ui.note(entry)


MISSED = ("skipped", "failed")  # a game the sync did not bring: the command exits non-zero


def batches(plans: list) -> list:
    out: list = []
    cur: list = []
    size = 0
    for p in plans:
        need = p.view["size"] - len(p.have)
        if cur and (len(cur) >= BATCH_GAMES or size + need > BATCH_BYTES):
            out.append(cur)
            cur, size = [], 0
        cur.append(p)
        size += need
    if cur:
        out.append(cur)
    return out


class QuietUI:
    """What the sync tells a person; the CLI passes a rich one."""

    def start(self, total: int) -> None:
        pass

    def advance(self, name: str, got: int, size: int) -> None:
        pass

    def pending(self, text: str) -> None:
        pass

    def note(self, entry: dict) -> None:
        pass

    def stop(self, whole: bool = True) -> None:
        pass
