"""What the laptop's history says of a game's record (store.py keeps it in
each row; rescore.py decides the last three; the web page's VM takes them
from here too)."""

PARTIAL = "partial"  # some bytes, transfer not finished
OK = "ok"  # complete, re-scored, agrees with the device
MISMATCH = "mismatch"  # complete, re-scored, differs from what the device said
INVALID = "invalid"  # complete, but the laptop cannot replay it
FLAGGED = (MISMATCH, INVALID)
