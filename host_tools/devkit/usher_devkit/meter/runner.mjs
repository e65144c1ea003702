// The 32-bit heap meter's Node side: loads the MicroPython WebAssembly port
// (32-bit), puts files into its virtual FS, and drives the device
// (usher_tools/wasm/vm/wasmdev.py, with the meter's extras: vm/meterdev.py)
// one call per step, reading gc.mem_alloc() between calls, after the
// collection that runs when a call returns to JS.
//
//     node runner.mjs JOB.json      (or the job on stdin)
//
// The job (JSON) and the result (one JSON line on stdout) are described in
// usher_tools/wasm/__init__.py, which writes and reads them.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const job = JSON.parse(fs.readFileSync(process.argv[2] || 0, "utf8"));
const { loadMicroPython } = await import(pathToFileURL(job.micropython).href);

const OUT_MAX = 1 << 16;
let output = "";
function say(text) {
  output += text + "\n";
  if (output.length > OUT_MAX) output = output.slice(-OUT_MAX / 2);
}

// A host folder into the VM's file system (only files ending in one of
// `exts`, if given).
function copyIn(FS, host, vm, exts) {
  FS.mkdirTree(vm);
  for (const name of fs.readdirSync(host).sort()) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const h = path.join(host, name);
    const v = vm === "/" ? "/" + name : vm + "/" + name;
    if (fs.statSync(h).isDirectory()) copyIn(FS, h, v, exts);
    else if (!exts || exts.some((e) => name.endsWith(e))) FS.writeFile(v, fs.readFileSync(h));
  }
}

function readTree(FS, vm, prefix, out) {
  let names;
  try {
    names = FS.readdir(vm);
  } catch {
    return out;
  }
  for (const name of names.sort()) {
    if (name === "." || name === "..") continue;
    const v = vm + "/" + name;
    const rel = prefix ? prefix + "/" + name : name;
    if (FS.isDir(FS.stat(v).mode)) readTree(FS, v, rel, out);
    else out[rel] = Buffer.from(FS.readFile(v)).toString("base64");
  }
  return out;
}

function writeTree(FS, files) {
  for (const rel of Object.keys(files)) {
    const v = "/" + rel;
    FS.mkdirTree(path.posix.dirname(v));
    FS.writeFile(v, Buffer.from(files[rel], "base64"));
  }
}

// The device-side functions the host calls. Each is looked up once: every
// lookup of a Python object from JS takes a slot in the port's proxy table,
// which lives in the Python heap and is only given back when V8's garbage
// collector finalizes the JS side, at times no run can repeat.
// The device (wasmdev, the product's), the meter's extras (meterdev) and the
// kit's test side (vmtests).
const DEV = ["setup", "boot", "keys", "serial_feed", "serial_take", "arm_cut"];
const METER = ["step", "recoveries"];
const KIT = ["test_import", "test_run", "last_raw", "test_cleanup", "import_modules"];

// A fresh VM (a power-on): files in, sys.path set, the harness imported and
// set up. Returns the VM, its functions and the heap the harness holds.
async function newVM(files, ms = 0) {
  const mp = await loadMicroPython({
    heapsize: job.heap || 192 * 1024,
    pystack: job.pystack || 4096,
    stdout: say,
    stderr: say,
  });
  for (const [host, vm, exts] of job.mounts || []) copyIn(mp.FS, host, vm, exts);
  if (files) writeTree(mp.FS, files);
  const alloc = mp.pyimport("gc").mem_alloc;
  const m0 = alloc();
  if ((job.path || []).length || job.cwd) {
    const cwd = job.cwd ? "import uos\nuos.chdir(" + JSON.stringify(job.cwd) + ")\n" : "";
    mp.runPython(cwd + "import sys\nsys.path[:0] = " + JSON.stringify(job.path || []) + "\n");
  }
  const mod = mp.pyimport("wasmdev");
  const meter = mp.pyimport("meterdev");
  const kit = mp.pyimport("vmtests");
  const dev = {};
  for (const name of DEV) dev[name] = mod[name];
  for (const name of METER) dev[name] = meter[name];
  for (const name of KIT) dev[name] = kit[name];
  // ticks start again at each power-on, as the Pico's do; the clock goes on
  dev.setup(job.ticks0 || 0, job.epoch ? job.epoch + Math.floor(ms / 1000) : 0);
  const m1 = alloc();
  return { mp, dev, alloc, m0, m1, harness: m1 - m0 };
}

function pyError(e) {
  if (e && e.name === "PythonError") return e.type + ": " + String(e.message).trim().split("\n").slice(-1)[0];
  return String(e && e.message ? e.message : e).split("\n")[0];
}

// ---------------------------------------------------------------- portable tests

async function runTests() {
  const files = [];
  for (const file of job.files) {
    const vm = await newVM(null);
    const r = { file, passed: 0, failed: 0, tests: [], peak: vm.alloc(), alloc_peak: 0, harness_heap: vm.harness };
    const t0 = performance.now();
    const names = vm.dev.test_import(file);
    r.import_heap = vm.alloc();
    r.peak = Math.max(r.peak, r.import_heap);
    if (names.startsWith("!")) {
      r.failed += 1;
      r.error = "import: " + names.slice(1);
    } else {
      for (const name of names ? names.split(";") : []) {
        const before = vm.alloc();
        const err = vm.dev.test_run(name);
        const raw = vm.dev.last_raw(); // read as the test ended, its garbage still in
        const after = vm.alloc(); // the collection ran when test_run returned
        vm.dev.test_cleanup();
        const t = { name, ok: err === "", after, raw: raw };
        if (err) t.error = err;
        r.tests.push(t);
        if (err) r.failed += 1;
        else r.passed += 1;
        r.peak = Math.max(r.peak, before, after);
        r.alloc_peak = Math.max(r.alloc_peak, raw);
      }
    }
    r.wall_s = (performance.now() - t0) / 1000;
    r.output = output;
    output = "";
    files.push(r);
  }
  return { files };
}

// ---------------------------------------------------------------- modules imported

async function runImport() {
  const out = [];
  for (const mods of job.imports) {
    const vm = await newVM(null);
    const before = vm.alloc();
    const err = vm.dev.import_modules(mods.join(";"));
    out.push({ modules: mods, heap: vm.alloc() - before, error: err || "" });
  }
  return { imports: out, output };
}

// ---------------------------------------------------------------- the app, press by press

async function runApp() {
  const TICK = job.tick_ms; // usher.app.TICK_MS, written into the job by the meter
  if (!(TICK > 0)) throw new Error("the job names no tick_ms");
  const dataDir = job.data_dir || "/data"; // the Pico's: usher.boot's root
  let vm = null;
  let keys = {}; // physical name -> [gpio, logical]
  let order = [];
  let idle = 0;
  let held = new Set();
  const res = {
    profile: job.profile,
    peak: 0, // live heap after collection, the most at any tick
    alloc_peak: 0, // heap before collection at the end of a tick: bounds the peak within ticks
    harness_heap: 0,
    boots: 0,
    ticks: 0,
    presses: 0,
    press_peaks: [], // [key, peak live heap over the press's ticks]
    shots: {}, // shot name -> live heap then
    serial: "",
    error: "",
    recoveries: 0,
    power_cuts: 0, // armed cuts that happened (a write was cut)
  };
  let serialHex = "";
  let serialMark = 0; // where `expect` looks from (in serial characters)
  let files = job.flash || null;
  let pressPeak = -1;
  let vt = 0; // virtual ms since the first power-on

  function live() {
    const v = vm.alloc();
    if (v > res.peak) res.peak = v;
    if (pressPeak >= 0 && v > pressPeak) pressPeak = v;
    return v;
  }

  function levels() {
    let v = idle;
    for (const k of held) v &= ~(1 << keys[k][0]);
    return v;
  }

  function drain() {
    const hex = vm.dev.serial_take();
    if (hex) {
      serialHex += hex;
      if (serialHex.length > 4 * OUT_MAX) {
        const cut = serialHex.length - 2 * OUT_MAX;
        serialHex = serialHex.slice(cut);
        serialMark = Math.max(0, serialMark - cut);
      }
    }
  }

  async function boot() {
    vm = await newVM(files, vt);
    res.harness_heap = vm.harness;
    res.boots += 1;
    const err = vm.dev.boot(job.profile_module, dataDir, job.seed || 0);
    live();
    if (err) throw new Error("boot: " + err);
    keys = {};
    idle = 0;
    for (const part of vm.dev.keys().split(";")) {
      const [name, gpio, logical] = part.split(" ");
      keys[name] = [Number(gpio), logical];
      idle |= 1 << Number(gpio);
    }
    order = Object.keys(keys).sort();
    held = new Set();
    drain();
  }

  function powerOff() {
    if (vm) {
      res.recoveries += vm.dev.recoveries();
      files = readTree(vm.mp.FS, dataDir, dataDir.slice(1), {});
    }
    vm = null;
  }

  function runFor(ms) {
    let t = 0;
    while (t < ms) {
      t += TICK;
      vt += TICK;
      if (!vm) continue; // the board is off: time passes all the same
      const r = vm.dev.step(levels(), 1);
      res.ticks += 1;
      if (typeof r === "number") {
        if (r > res.alloc_peak) res.alloc_peak = r;
        live();
        drain();
      } else if (r === "power cut") {
        res.power_cuts += 1;
        powerOff(); // and the rest of `ms` passes with the board off
      } else {
        throw new Error("tick: " + r);
      }
    }
  }

  function resolve(name) {
    if (keys[name]) return name;
    const low = name.toLowerCase();
    for (const k of order) if (k.toLowerCase() === low) return k;
    for (const k of order) if (keys[k][1] === name) return k;
    throw new Error("no key " + JSON.stringify(name) + " (keys: " + order.join(", ") + ")");
  }

  function serialText(from) {
    return Buffer.from(serialHex.slice(from * 2), "hex").toString("latin1");
  }

  await boot();
  let line = 0;
  try {
    for (const op of job.ops) {
      line = op[op.length - 1];
      const cmd = op[0];
      if (cmd === "tap") {
        const [, name, hold, gap, times] = op;
        if (!vm) throw new Error("the board is off (restart it first)");
        const key = resolve(name);
        for (let i = 0; i < times; i++) {
          pressPeak = 0;
          held.add(key);
          runFor(hold);
          held.delete(key);
          runFor(gap);
          res.press_peaks.push([key, pressPeak]);
          res.presses += 1;
          pressPeak = -1;
        }
      } else if (cmd === "wait") {
        runFor(op[1]);
      } else if (cmd === "shot") {
        res.shots[op[1]] = vm ? live() : 0;
      } else if (cmd === "serial") {
        if (vm) vm.dev.serial_feed(op[1]);
      } else if (cmd === "expect") {
        const want = op[1];
        let waited = 0;
        for (;;) {
          const seen = serialText(serialMark);
          const i = seen.indexOf(want);
          if (i >= 0) {
            serialMark += i + want.length;
            break;
          }
          if (waited >= op[2] || !vm) throw new Error("expected " + JSON.stringify(want) + " on the serial");
          runFor(TICK);
          waited += TICK;
        }
      } else if (cmd === "cut") {
        if (!vm) throw new Error("the board is off");
        vm.dev.arm_cut(op[1], op[2] ? 1 : 0);
      } else if (cmd === "off") {
        powerOff();
      } else if (cmd === "restart") {
        powerOff();
        await boot();
      } else {
        throw new Error("unknown op " + cmd);
      }
    }
  } catch (e) {
    res.error = "line " + line + ": " + pyError(e);
  }
  powerOff();
  res.flash = files;
  res.serial = serialText(0).slice(-4000);
  res.firmware_peak = res.peak - res.harness_heap;
  res.output = output;
  return res;
}

let result;
try {
  if (job.task === "tests") result = await runTests();
  else if (job.task === "import") result = await runImport();
  else if (job.task === "app") result = await runApp();
  else throw new Error("unknown task " + job.task);
} catch (e) {
  result = { fatal: pyError(e), output };
}
process.stdout.write(JSON.stringify(result) + "\n");
