// The page's re-scoring: a MicroPython VM of its own, in a worker
// (scorer-worker.mjs; two VMs in one page would share the port's global
// proxy tables, so the device's VM keeps the page to itself). There
// webscore.py re-scores a record with the laptop's own code
// (usher_tools.history.rescore, over replay and parsing, unchanged) and the
// firmware's own rules, as `usher sync` and `usher import` do, comparing the
// result with what the device said; webplays.py runs the laptop's BG Stats module (bgstats.mjs), so the
// page's links are the laptop's, byte for byte.

import { t } from "./words.mjs";

export class Scorer {
  constructor() {
    this.worker = null;
    this.next = 1;
    this.waiting = new Map();
  }

  post(msg) {
    if (!this.worker) {
      this.worker = new Worker(new URL("./scorer-worker.mjs", import.meta.url), { type: "module" });
      this.worker.onmessage = (e) => {
        const w = this.waiting.get(e.data.id);
        if (!w) return;
        this.waiting.delete(e.data.id);
        if (e.data.error) w.reject(new Error(e.data.error));
        else w.resolve(e.data.result);
      };
      this.worker.onerror = (e) => {
        for (const w of this.waiting.values()) w.reject(new Error(t("the checking VM stopped: %s", e.message || t("an error"))));
        this.waiting.clear();
        this.worker = null;
      };
    }
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage(Object.assign({ id }, msg));
    });
  }

  // {result, status ("ok", "mismatch", "invalid"), problem} for a whole record.
  async rescore(bytes, view) {
    try {
      return await this.post({ op: "rescore", bytes, view });
    } catch (e) {
      return { result: {}, status: "invalid", problem: t("replay failed: %s", String((e && e.message) || e).trim().split("\n").pop()) };
    }
  }

  // module.fn(JSON of args) in the VM, after writing `files` ([[path, bytes]]); its JSON result.
  call(module, fn, args, files = []) {
    return this.post({ op: "call", module, fn, args, files });
  }
}
