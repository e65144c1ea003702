"""One set of stand-ins: the firmware meets every runtime that is not a Pico
(the simulator's unix VM, the WebAssembly page and meter, the tests on
CPython) through one `machine` stand-in (host_tools/usher_tools/standin/vm),
each runtime giving it a port of its own; the app's tick is defined once, in
usher.app, and the JavaScript that keeps time by it holds the same number;
and the modules the VMs load by their bare names import no circle (the sim's
machine and its extras once did)."""

import ast
import os
import re

from tooling import ROOT

from host.project.test_layers import circles

HOST = os.path.join(ROOT, "host_tools")
STANDIN = os.path.join(HOST, "usher_tools", "standin", "vm")
APP = os.path.join(ROOT, "firmware", "usher", "app.py")

# the parts of MicroPython's `machine` a stand-in would write
MACHINE_CLASSES = {"Pin", "Signal", "SPI", "SoftSPI", "I2C", "SoftI2C", "PWM", "Timer", "WDT", "ADC", "UART", "RTC"}
MACHINE_FUNCTIONS = {"unique_id", "soft_reset", "disable_irq", "enable_irq", "time_pulse_us", "bootloader"}
TICK_NAME = re.compile(r"^_?TICK(_[A-Z]+)?$")  # TICK, TICK_MS...: a period; STALL_TICKS and the like count ticks
JS_TICK = re.compile(r"\b(?:const|let|var)\s+(_?TICK(?:_[A-Z]+)?)\s*=\s*(\d+)")


def py_files(*bases: str) -> list:
    out = []
    for base in bases:
        for folder, dirs, files in os.walk(base):
            dirs[:] = sorted(d for d in dirs if d not in ("__pycache__", "node_modules"))  # links not followed
            out += [os.path.join(folder, f) for f in sorted(files) if f.endswith(".py")]
    return out


def machine_parts(paths: list) -> dict:
    """{name: [files]} of every class or function named as a part of `machine`."""
    found: dict = {}
    for path in paths:
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if (isinstance(node, ast.ClassDef) and node.name in MACHINE_CLASSES) or (
                isinstance(node, ast.FunctionDef) and node.name in MACHINE_FUNCTIONS
            ):
                found.setdefault(node.name, []).append(os.path.relpath(path, ROOT))
    return found


def test_one_module_writes_each_part_of_machine():
    parts = machine_parts(py_files(HOST, os.path.join(ROOT, "tests"), os.path.join(ROOT, "firmware")))
    stand_in = {os.path.relpath(os.path.join(STANDIN, f), ROOT) for f in ("standin_machine.py", "standin_extra.py")}
    assert {"Pin", "SPI", "I2C", "PWM", "Signal", "unique_id"} <= set(parts), parts
    assert {n: fs for n, fs in parts.items() if len(fs) > 1 or not set(fs) <= stand_in} == {}


def test_the_check_sees_a_second_pin(tmp_path):
    f = tmp_path / "mymachine.py"
    f.write_text("class Pin:\n    pass\n\ndef make():\n    class I2C:\n        pass\n\ndef unique_id():\n    pass\n")
    assert sorted(machine_parts([str(f)])) == ["I2C", "Pin", "unique_id"]


def tick_definitions(paths: list) -> list:
    """(file, name, value) of every assignment of a number to a tick's name
    (`TICK_MS = 20`, `TICK = const(20)`)."""
    out = []
    for path in paths:
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            else:
                continue
            if isinstance(value, ast.Call) and getattr(value.func, "id", "") == "const" and value.args:
                value = value.args[0]
            if not (isinstance(value, ast.Constant) and isinstance(value.value, int)):
                continue
            for t in targets:
                if isinstance(t, ast.Name) and TICK_NAME.match(t.id):
                    out.append((os.path.relpath(path, ROOT), t.id, value.value))
    return out


def js_ticks(paths: list) -> list:
    out = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            out += [(os.path.relpath(path, ROOT), m.group(1), int(m.group(2))) for m in JS_TICK.finditer(f.read())]
    return out


def js_files() -> list:
    out = []
    for folder, dirs, files in os.walk(HOST):
        dirs[:] = sorted(d for d in dirs if d not in ("node_modules", "__pycache__"))
        out += [os.path.join(folder, f) for f in sorted(files) if f.endswith((".mjs", ".js"))]
    return out


def test_the_tick_is_usher_app_s_and_the_page_keeps_the_same():
    from usher.app import TICK_MS

    defs = tick_definitions(py_files(os.path.join(ROOT, "firmware"), HOST, os.path.join(ROOT, "tests")))
    assert defs == [(os.path.relpath(APP, ROOT), "TICK_MS", TICK_MS)]
    # the page's timer can only be a constant (it starts before the firmware
    # is loaded); the meter's runner gets the tick in its job, from usher.app
    assert js_ticks(js_files()) == [("host_tools/usher_tools/web/page/device.mjs", "TICK_MS", TICK_MS)]


def test_the_tick_checks_see_a_copy(tmp_path):
    f = tmp_path / "dev.py"
    f.write_text("from micropython import const\n_TICK_MS = const(20)\nSTALL_TICKS = 250\nTICK = 20\n")
    assert [(n, v) for _, n, v in tick_definitions([str(f)])] == [("_TICK_MS", 20), ("TICK", 20)]
    j = tmp_path / "runner.mjs"
    j.write_text("const TICK = 20;\nconst TICKS = 3;\nlet x = job.tick_ms;\n")
    assert [(n, v) for _, n, v in js_ticks([str(j)])] == [("TICK", 20)]


# the folders whose modules a VM (or the kit on CPython) imports by bare name
BARE = (
    "usher_tools/sim/vm",
    "usher_tools/wasm/vm",
    "usher_tools/web/vm",
    "usher_tools/emulator/vm",
    "usher_tools/standin/vm",
    "devkit/usher_devkit/meter/vm",
    "devkit/usher_devkit/counter",
    "devkit/usher_devkit/kit",
)


def bare_modules(folders: list) -> dict:
    """{bare name: path} of the .py files directly in `folders`; a name twice is an error."""
    out: dict = {}
    for d in folders:
        for f in sorted(os.listdir(d)):
            if f.endswith(".py") and f != "__init__.py":
                assert f[:-3] not in out, "%s in %s and %s" % (f, d, out[f[:-3]])
                out[f[:-3]] = os.path.join(d, f)
    return out


def bare_graph(mods: dict) -> dict:
    """{module: modules of `mods` it imports}, wherever the import stands
    (in a function too), `__import__` with a literal name included."""
    edges: dict = {m: set() for m in mods}
    for m, path in mods.items():
        for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and not node.level:
                names = [node.module or ""]
            elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "__import__" and node.args:
                if isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                    names = [node.args[0].value]
            for n in names:
                top = n.split(".")[0]
                if top in mods and top != m:
                    edges[m].add(top)
    return edges


def test_no_import_circle_among_the_modules_vms_load_by_name():
    mods = bare_modules([os.path.join(HOST, d) for d in BARE] + [os.path.join(ROOT, "tests", "kit")])
    edges = bare_graph(mods)
    assert "standin_machine" in edges["simlink"] and "standin_machine" in edges["wasmdev"]
    assert "standin_machine" in edges["fake_machine"]  # the kit builds on the product's, no copy
    assert circles(edges) == []


def test_the_circle_check_sees_the_machine_and_its_extras(tmp_path):
    (tmp_path / "simmachine.py").write_text("def __getattr__(name):\n    import simextra\n")
    (tmp_path / "simextra.py").write_text("from simmachine import Pin\n")
    (tmp_path / "simboot.py").write_text("__import__('simmachine')\n")
    edges = bare_graph(bare_modules([str(tmp_path)]))
    assert edges["simboot"] == {"simmachine"}
    assert circles(edges) == [["simextra", "simmachine"]]
