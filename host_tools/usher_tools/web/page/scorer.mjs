// The page's own MicroPython VM for re-scoring (beside the device's, which
// it never touches): the firmware pack's files in its file system and
// webscore.py, which replays a record with the laptop's own replay code
// (usher_tools.history.records/score, unchanged) over the firmware's own
// rules, as `usher score` does, and compares the result with what the device
// said. It also runs the laptop's BG Stats module (bgstats.mjs), so the
// page's links are the laptop's, byte for byte.

const HEAP = 2 * 1024 * 1024;
const REC = "/tmp/rec.log";

export class Scorer {
  constructor(runtime, pack) {
    this.runtime = runtime; // a promise of loadMicroPython
    this.pack = pack; // a promise of loadPack's result
    this.vm = null;
    this.queue = Promise.resolve();
  }

  async start() {
    if (this.vm) return this.vm;
    const [loadMicroPython, pack] = await Promise.all([this.runtime, this.pack]);
    const out = [];
    const mp = await loadMicroPython({ heapsize: HEAP, stdout: (t) => out.push(t), stderr: (t) => out.push(t), linebuffer: true });
    for (const [path, bytes] of pack.files) {
      const dir = path.slice(0, path.lastIndexOf("/"));
      if (dir) mp.FS.mkdirTree(dir);
      mp.FS.writeFile(path, bytes);
    }
    mp.FS.mkdirTree("/tmp");
    mp.runPython("import sys\nif '/lib' not in sys.path: sys.path.append('/lib')");
    const webscore = mp.pyimport("webscore");
    this.vm = { mp, rescore: webscore.rescore, out };
    return this.vm;
  }

  // One call at a time: the VM is single-threaded and shares /tmp.
  run(fn) {
    const next = this.queue.then(fn, fn);
    this.queue = next.catch(() => {});
    return next;
  }

  // {result, status ("ok", "mismatch", "invalid"), problem} for a whole record.
  rescore(bytes, view) {
    return this.run(async () => {
      const vm = await this.start();
      vm.mp.FS.writeFile(REC, bytes);
      try {
        return JSON.parse(vm.rescore(REC, JSON.stringify(view)));
      } catch (e) {
        return { result: {}, status: "invalid", problem: "replay failed: " + String((e && e.message) || e).trim().split("\n").pop() };
      }
    });
  }

  // Python source run in the VM with `args` (JSON) bound; returns its JSON result.
  call(module, fn, args) {
    return this.run(async () => {
      const vm = await this.start();
      const f = vm.mp.pyimport(module)[fn];
      return JSON.parse(f(JSON.stringify(args)));
    });
  }
}
