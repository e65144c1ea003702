"""The commit a bench run measures, and whether the tree differs from it:
docs/BENCH.md names it, and the full games' figures carry it so the bench
leaves out any measured at another commit."""

import subprocess

from usher_tools.paths import ROOT


def _git(*args: str) -> str:
    try:
        out = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=60)
        return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def revision() -> dict:
    """{"commit": short hash or "?", "dirty": tracked files differ from it}."""
    commit = _git("rev-parse", "--short", "HEAD") or "?"
    dirty = bool(_git("status", "--porcelain", "--untracked-files=no"))
    return {"commit": commit, "dirty": dirty}
