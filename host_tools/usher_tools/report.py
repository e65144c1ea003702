"""`usher report` and `usher show`: one game's sheet as data, and as a PNG
(score over the game and the final standings; matplotlib, Agg backend)."""

import json
import os

from usher_tools.records import Replay, read_log
from usher_tools.score import ScoreError

# what `usher report -o` writes, by the file's suffix (matplotlib's own writers)
FORMATS = {".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg", ".svg": "svg", ".pdf": "pdf"}


def replay_row(row: dict) -> Replay:
    rec, tail = read_log(row["data"])
    return Replay(rec.header, rec.records, where=rec.where, header_text=rec.header_text)


def describe(action: dict) -> str:
    """An action as a short line: its type, then its fields (time left out)."""
    if not isinstance(action, dict):
        return json.dumps(action)
    rest = {k: v for k, v in action.items() if k not in ("t", "at")}
    text = str(action.get("t", "?"))
    if rest:
        text += " " + json.dumps(rest, separators=(",", ":"), ensure_ascii=False)
    return text


def show_data(row: dict) -> dict:
    """Everything `usher show` prints, as data (also its --json output)."""
    out = {
        "id": row["id"],
        "device": row["device"],
        "name": row["name"],
        "game": row["game"],
        "created": row["created"],
        "players": row["players"],
        "status": row["status"],
        "problem": row["problem"],
        "complete": bool(row["complete"]),
    }
    try:
        rp = replay_row(row)
    except ScoreError as e:
        out["error"] = str(e)
        return out
    out["title"] = rp.game.title or rp.game.name
    out["finished"] = rp.is_over()
    out["actions"] = [
        {
            "n": i + 1,
            "action": describe(a),
            "at": a.get("at", 0) if isinstance(a, dict) else 0,
            "undone": i in rp.undone,
        }
        for i, a in enumerate(rp.records)
    ]
    out["standings"] = [{"rank": s["rank"], "name": s["name"], "score": s["score"]} for s in rp.standings()]
    out["sheet"] = rp.sheet()
    out["undone"] = len(rp.undone) + sum(1 for a in rp.records if isinstance(a, dict) and a.get("t") == "undo")
    try:
        from usher_tools.sheet import tell

        out["story"] = tell(rp)
    except Exception as e:  # a teller that trips on a record is no reason to show nothing
        out["story"] = [{"title": "", "lines": ["(no sheet in words: %s)" % type(e).__name__]}]
    return out


def render_png(row: dict, path: str) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    rp = replay_row(row)
    names = rp.players
    fig = Figure(figsize=(8, 7), dpi=100)
    FigureCanvasAgg(fig)
    title = "%s  %s  (%s)" % (rp.game.title or rp.game.name, row["name"], "finished" if rp.is_over() else "unfinished")
    fig.suptitle(title)
    ax = fig.add_subplot(2, 1, 1)
    xs = list(range(len(rp.timeline)))
    for i, name in enumerate(names):
        ax.step(xs, [t[i] if i < len(t) else 0 for t in rp.timeline], where="post", label=name)
    ax.set_xlabel("record (0 = start; undos included)")
    ax.set_ylabel("score")
    ax.set_title("Score over the game")
    if names:
        ax.legend(loc="upper left", fontsize="small")
    ax.grid(True, alpha=0.3)
    ax2 = fig.add_subplot(2, 1, 2)
    standings = rp.standings()
    labels = ["%d. %s" % (s["rank"], s["name"]) for s in standings]
    scores = [s["score"] for s in standings]
    ax2.barh(list(range(len(scores))), scores, color="#4c72b0")
    ax2.set_yticks(list(range(len(scores))), labels)
    ax2.invert_yaxis()  # the leader on top
    for y, sc in enumerate(scores):
        ax2.text(sc, y, " %s" % sc, va="center")
    ax2.set_title("Final standings" if rp.is_over() else "Standings so far")
    ax2.set_xlabel("score")
    fig.tight_layout()
    fmt = FORMATS.get(os.path.splitext(path)[1].lower(), "png")
    if fmt == "jpeg":
        # JPEG has no transparency: matplotlib's writer wants an opaque figure (via Pillow)
        fig.savefig(path, format=fmt, facecolor="white", pil_kwargs={"quality": 90})
    else:
        fig.savefig(path, format=fmt)
