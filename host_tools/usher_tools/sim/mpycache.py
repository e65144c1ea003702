"""Bytecode (.mpy) copies of a source tree for the simulator's VM.

The Pico imports the firmware as .mpy; importing source instead costs the
compiler's transient heap and keeps more in it. The simulator's own device
modules always run as .mpy so they weigh as little as possible in the 256K
heap the app shares with them; the firmware can (`--mpy`). Bytecode only
(no -march): the unix port loads it, as the RP2040 loads armv6m builds of
the same code. Stale files are rebuilt; writes are atomic, so parallel runs
share the cache safely.
"""

import os
import platform
import subprocess

from usher_tools.paths import tool


class CompileError(Exception):
    pass


# as the device build (usher_tools.deploy.build): no line-number tables, less heap
# native/viper code (the ST7789 colour loop) must be built for the VM's own CPU
VM_ARCH = {"x86_64": "x64", "AMD64": "x64", "i686": "x86", "armv7l": "armv7m"}.get(platform.machine(), "")


FLAGS = ["-O1", "-X", "no-source-lines"] + (["-march=" + VM_ARCH] if VM_ARCH else [])


def _fresh(out: str) -> None:
    """Start the cache again when the compiler flags changed."""
    import shutil

    stamp = os.path.join(out, ".flags")
    want = " ".join(FLAGS)
    try:
        with open(stamp) as f:
            if f.read() == want:
                return
    except OSError:
        pass
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out, exist_ok=True)
    with open(stamp, "w") as f:
        f.write(want)


def compile_tree(src: str, out: str, skip: tuple = ()) -> str:
    _fresh(out)
    for folder, dirs, files in os.walk(src):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if not name.endswith(".py") or name in skip:
                continue
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, src)
            dst = os.path.join(out, rel[:-3] + ".mpy")
            kept = os.path.join(out, rel)  # the source itself, for a VM with no native emitter
            have = dst if os.path.exists(dst) else kept if os.path.exists(kept) else ""
            if have and os.path.getmtime(have) >= os.path.getmtime(path):
                continue
            os.makedirs(os.path.dirname(dst), exist_ok=True)
            tmp = "%s.%d.tmp" % (dst, os.getpid())
            proc = subprocess.run(
                [tool("mpy-cross")] + FLAGS + ["-s", rel, "-o", tmp, path],
                capture_output=True,
                text=True,
            )
            said = (proc.stderr or proc.stdout).strip()
            if proc.returncode and not VM_ARCH and "invalid arch" in said:
                # viper code with no emitter for this CPU (arm64: macOS on Apple
                # silicon): the VM gets the source, rejects it with SyntaxError, and
                # the firmware takes its pure-Python path, as on the WebAssembly port
                _copy(path, kept)
                if os.path.exists(dst):
                    os.remove(dst)
                continue
            if proc.returncode:
                raise CompileError("%s: %s" % (rel, said))
            os.replace(tmp, dst)
            if os.path.exists(kept):
                os.remove(kept)
    for folder, _, files in os.walk(out):  # a module deleted from the source must not linger
        for name in files:
            rel = os.path.relpath(os.path.join(folder, name), out)
            stem = rel[:-4] if name.endswith(".mpy") else rel[:-3] if name.endswith(".py") else ""
            if stem and not os.path.exists(os.path.join(src, stem + ".py")):
                os.remove(os.path.join(folder, name))
    return out


def _copy(src: str, dst: str) -> None:
    """Atomically, as the compiled files are written."""
    import shutil

    tmp = "%s.%d.tmp" % (dst, os.getpid())
    shutil.copyfile(src, tmp)
    os.replace(tmp, dst)
