"""Compile the firmware with mpy-cross for the RP2040 (armv6m) and size it."""

import os
import subprocess

from usher_tools.paths import FIRMWARE, firmware_files, tool

# No line-number tables in the bytecode: 6-8% less heap for code on the Pico.
# Tracebacks still name every function; the CPython test run has the lines.
# main.py stays source: MicroPython only runs main.py/boot.py as text at boot.
KEEP_SOURCE = {"main.py"}


def compile_one(rel: str, out_dir: str) -> tuple:
    """(output path, error text or '')."""
    src = os.path.join(FIRMWARE, rel)
    dst = os.path.join(out_dir, rel[:-3] + ".mpy")
    os.makedirs(os.path.dirname(dst), exist_ok=True)
    # written aside and moved into place: two test workers may build into the
    # same folder at once, and a half-written .mpy must never be read
    tmp = "%s.%d.tmp" % (dst, os.getpid())
    proc = subprocess.run(
        [tool("mpy-cross"), "-march=armv6m", "-O1", "-X", "no-source-lines", "-s", rel, "-o", tmp, src],
        capture_output=True,
        text=True,
    )
    if proc.returncode:
        if os.path.exists(tmp):
            os.remove(tmp)
        return dst, proc.stderr.strip() or proc.stdout.strip()
    os.replace(tmp, dst)
    return dst, ""


def build(out_dir: str) -> list:
    """Compile every module; return [(rel, size or -1, error)]."""
    rows = []
    for rel in firmware_files():
        if rel in KEEP_SOURCE:
            continue
        dst, err = compile_one(rel, out_dir)
        rows.append((rel, os.path.getsize(dst) if not err else -1, err))
    return rows


def deploy_plan(out_dir: str) -> list:
    """(local file, path on the Pico) for every file deploy copies."""
    plan = []
    for rel in firmware_files():
        if rel in KEEP_SOURCE:
            plan.append((os.path.join(FIRMWARE, rel), rel))
        else:
            mpy = rel[:-3] + ".mpy"
            plan.append((os.path.join(out_dir, mpy), mpy))
    return plan
