// The re-scoring VM's worker (scorer.mjs): MicroPython's WebAssembly port
// with the firmware pack's files (the firmware at the root, webscore.py,
// webplays.py and the laptop's modules in /lib), one request at a time.

import { loadPack } from "./device.mjs";
import { pyError } from "./util.mjs";

const HEAP = 2 * 1024 * 1024;
const REC = "/tmp/rec.log";
let started = null;

async function start() {
  const { loadMicroPython } = await import("./mp/micropython.mjs");
  const pack = await loadPack("firmware.pack");
  const out = [];
  const mp = await loadMicroPython({ heapsize: HEAP, stdout: (t) => out.push(t), stderr: (t) => out.push(t), linebuffer: true });
  for (const [path, bytes] of pack.files) {
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (dir) mp.FS.mkdirTree(dir);
    mp.FS.writeFile(path, bytes);
  }
  mp.FS.mkdirTree("/tmp");
  mp.runPython("import sys\nif '/lib' not in sys.path: sys.path.append('/lib')");
  return { mp, rescore: mp.pyimport("webscore").rescore };
}

let queue = Promise.resolve();

self.onmessage = (e) => {
  const m = e.data;
  queue = queue.then(async () => {
    try {
      if (!started) started = start();
      const vm = await started;
      let result;
      if (m.op === "rescore") {
        vm.mp.FS.writeFile(REC, m.bytes);
        result = JSON.parse(vm.rescore(REC, JSON.stringify(m.view)));
      } else if (m.op === "call") {
        for (const [path, bytes] of m.files) vm.mp.FS.writeFile(path, bytes);
        result = JSON.parse(vm.mp.pyimport(m.module)[m.fn](JSON.stringify(m.args)));
      } else throw new Error("no such request: " + m.op);
      self.postMessage({ id: m.id, result });
    } catch (err) {
      self.postMessage({ id: m.id, error: pyError(err) });
    }
  });
};
