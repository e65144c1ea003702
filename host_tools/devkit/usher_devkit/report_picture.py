"""The picture of a report in docs/LAPTOP.md: `usher report` on a finished
Showtime of tests/records (four players, a tie the red carpet broke, three
screenings), imported into a history of its own, as a person would do it.

    python -m usher_devkit.report_picture [OUT]   (make screens; OUT: docs/screens/report-showtime.png)
"""

import os
import shutil
import subprocess
import sys
import tempfile

from usher_tools.paths import ROOT, tool

RECORD = os.path.join(ROOT, "tests", "records", "showtime_4p.rec")
OUT = os.path.join(ROOT, "docs", "screens", "report-showtime.png")


def make(out: str = OUT) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "g0012.log")  # filed as the game g0012
        shutil.copyfile(RECORD, log)
        db = os.path.join(tmp, "history.sqlite")
        imp = [tool("usher"), "import", "--db", db, "--device", "pico", log]
        subprocess.run(imp, check=True, stdout=subprocess.DEVNULL)
        subprocess.run([tool("usher"), "report", "g0012", "--db", db, "-o", out], check=True, stdout=subprocess.DEVNULL)
    return out


if __name__ == "__main__":
    print(os.path.relpath(make(sys.argv[1] if len(sys.argv) > 1 else OUT), ROOT))
