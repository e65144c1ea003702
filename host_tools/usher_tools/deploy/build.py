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


def fresh(rel: str, out_dir: str, since: float) -> bool:
    """Whether the .mpy in out_dir is newer than its source and than `since`
    (the compiler and these flags): then compiling it again would give the
    same bytes."""
    dst = os.path.join(out_dir, rel[:-3] + ".mpy")
    try:
        made = os.path.getmtime(dst)
    except OSError:
        return False
    return made >= since and made >= os.path.getmtime(os.path.join(FIRMWARE, rel))


def build(out_dir: str) -> list:
    """Compile every module, those changed since the last build into out_dir
    only, a few at a time (each is one mpy-cross run); return [(rel, size or
    -1, error)] in the firmware's order."""
    import concurrent.futures

    since = max(os.path.getmtime(tool("mpy-cross")), os.path.getmtime(__file__))
    rels = [rel for rel in firmware_files() if rel not in KEEP_SOURCE]

    def one(rel: str) -> tuple:
        if fresh(rel, out_dir, since):
            dst, err = os.path.join(out_dir, rel[:-3] + ".mpy"), ""
        else:
            dst, err = compile_one(rel, out_dir)
        return rel, os.path.getsize(dst) if not err else -1, err

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        return list(pool.map(one, rels))


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
