"""The pictures of the games in docs/PLAYING.md, taken by the simulator during the
scripted full games (the real firmware on the VM), for both profiles.

    python -m usher_tools.screens [OUT]      (make screens; OUT: docs/screens)
"""

import os
import shutil
import sys
import tempfile

from usher_tools.paths import ROOT

OUT = os.path.join(ROOT, "docs", "screens")
# which of each game's screenshots docs/PLAYING.md shows
PICKS = {
    "showtime": ["pick", "replay", "carpet", "summary3"],
    "showbiz": ["main", "private-bid", "reveal", "year-end"],
    "show_manager": ["turn", "roles", "summary", "city"],
    "films": ["round", "halves", "target", "end"],
}


def take(out: str = OUT, profiles: tuple = ("lcd114", "oled")) -> list:
    from usher_tools import films_ui_sim, show_manager_sim, showbiz_sim, showtime_sim

    os.makedirs(out, exist_ok=True)
    made = []
    with tempfile.TemporaryDirectory() as tmp:
        for profile in profiles:
            runs = {
                "showtime": lambda d, p=profile: showtime_sim.run_game(profile=p, shots=d),
                "showbiz": lambda d, p=profile: showbiz_sim.run_game(p, shots=d),
                "show_manager": lambda d, p=profile: show_manager_sim.run_game(p, shots=d),
                "films": lambda d, p=profile: films_ui_sim.run_match(p, shots=d),
            }
            for game, run in runs.items():
                shots = os.path.join(tmp, game + "-" + profile)
                res = run(shots)
                if res["script_error"]:
                    raise RuntimeError("%s on %s: %s" % (game, profile, res["script_error"]))
                for name in PICKS[game]:
                    dst = os.path.join(out, "%s-%s-%s.png" % (game, name, profile))
                    shutil.copyfile(os.path.join(shots, name + ".png"), dst)
                    made.append(dst)
    return made


if __name__ == "__main__":
    for path in take(sys.argv[1] if len(sys.argv) > 1 else OUT):
        print(os.path.relpath(path, ROOT))
