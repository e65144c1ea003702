"""The one version: firmware/usher/__init__.py's VERSION, which the device
shows, `usher --version` prints and the release names its files by."""

import os
import re

from usher_tools.paths import FIRMWARE


def usher_version() -> str:
    with open(os.path.join(FIRMWARE, "usher", "__init__.py")) as f:
        m = re.search(r'^VERSION = "([^"]+)"', f.read(), re.M)
    if not m:
        raise SystemExit("usher: no VERSION in firmware/usher/__init__.py")
    return m.group(1)
