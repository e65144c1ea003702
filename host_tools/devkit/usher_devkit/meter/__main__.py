"""`python -m usher_devkit.meter [TITLE|shell ...] [--profile P]`: the 32-bit
peaks of the scripted games (all of them by default), one line each."""

import argparse

from usher_devkit.meter import games


def main() -> None:
    ap = argparse.ArgumentParser(prog="python -m usher_devkit.meter")
    ap.add_argument("titles", nargs="*", help="shell, %s (default: all)" % ", ".join(sorted(games.GAMES)))
    ap.add_argument("--profile", action="append", choices=games.PROFILES, help="default: both")
    a = ap.parse_args()
    titles = a.titles or ["shell"] + sorted(games.GAMES)
    for title in titles:
        for profile in a.profile or games.PROFILES:
            r = games.shell_session(profile) if title == "shell" else games.run_game(title, profile)
            ok = not r["error"] and r.get("as_planned", True) and r.get("finished", True)
            print(
                "%-9s %-7s 32-bit firmware peak %6d bytes (alloc peak %6d, meter %d), %d presses%s"
                % (
                    title,
                    profile,
                    r["firmware_peak"],
                    r["alloc_peak"] - r["harness_heap"],
                    r["harness_heap"],
                    r["presses"],
                    "" if ok else "  FAILED: %s" % (r["error"] or "not the planned game"),
                )
            )


if __name__ == "__main__":
    main()
