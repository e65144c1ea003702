"""The pictures of the games in docs/PLAYING.md, taken by the simulator during the
scripted full games (the real firmware on the VM), for both profiles.

    python -m usher_devkit.screens [OUT]      (make screens; OUT: docs/screens)
"""

import os
import shutil
import sys
import tempfile

from usher_tools.paths import ROOT

from usher_devkit import registry

OUT = os.path.join(ROOT, "docs", "screens")
# which of each game's screenshots docs/PLAYING.md shows
PICKS = {g: list(e.pictures) for g, e in registry.GAMES.items() if e.pictures}


def take(out: str = OUT, profiles: tuple = ("lcd114", "oled")) -> list:
    """Each title's full scripted game on the simulator (the one every
    runtime plays), its planned pictures kept."""
    from usher_devkit.planners import full_games

    os.makedirs(out, exist_ok=True)
    made = []
    with tempfile.TemporaryDirectory() as tmp:
        for profile in profiles:
            for game in PICKS:
                shots = os.path.join(tmp, game + "-" + profile)
                plan = full_games.plan(game, profile)
                res, _ = full_games.on_sim(plan["text"], profile, plan["seed"], shots)
                if res["error"]:
                    raise RuntimeError("%s on %s: %s" % (game, profile, res["error"]))
                for name in PICKS[game]:
                    dst = os.path.join(out, "%s-%s-%s.png" % (game, name, profile))
                    shutil.copyfile(os.path.join(shots, name + ".png"), dst)
                    made.append(dst)
    return made


if __name__ == "__main__":
    for path in take(sys.argv[1] if len(sys.argv) > 1 else OUT):
        print(os.path.relpath(path, ROOT))
