// The device: Usher's firmware on MicroPython's WebAssembly port, one app
// tick per call, the screen drawn into a canvas as the panel shows it.
//
// The VM side is webdev.py on top of wasmdev.py (the `machine` stand-in,
// lockstep clock, USB serial over fixed buffers, storage, the app loop one
// tick per call). The Python functions are looked up once per
// power-on: every lookup of a Python object from JavaScript takes a slot in
// the port's proxy table.
//
// Pixels: after each tick the page reads webdev's status bytes straight from
// the VM's memory; when the driver pushed a region, that region is converted
// from the driver's own frame buffer: GS4 palette indices through the
// driver's 16-entry RGB565 palette, widened to 8 bits a channel by bit
// replication as the simulator's panel model does (ST7789), or MONO_VLSB
// bits as lit or dark (SSD1306).

import { pyError } from "./util.mjs";
import { t } from "./words.mjs";

// the firmware's tick, usher.app.TICK_MS: the page's timer runs at it and the
// device's clock advances by it (read in the VM); a test holds the two equal
export const TICK_MS = 20;
const HEAP = 192 * 1024; // the first heap area (the port adds areas as it needs them)
const PYSTACK = 4096;
const DATA = "/data"; // where usher.boot keeps games and settings on the Pico

// status bytes (webdev.py)
const F_REGION = 1;
const F_FLASH = 2;
const F_LIGHT = 4;

// The firmware as `usher web` packs it: "USHR", a little-endian u32 with the
// length of a JSON header ({files: [[path, size], ...], ...}), the header,
// then every file's bytes one after the other.
/** @typedef {{head: {fw: string, files: [string, number][]}, files: [string, Uint8Array][]}} Pack */
/**
 * @param {string} url
 * @returns {Promise<Pack>}
 */
export async function loadPack(url) {
  const res = await fetch(url);
  if (!res.ok) throw new Error(t("cannot load %s: %s", url, res.status));
  const buf = new Uint8Array(await res.arrayBuffer());
  const magic = String.fromCharCode(buf[0], buf[1], buf[2], buf[3]);
  if (magic !== "USHR") throw new Error(t("%s is not a firmware pack", url));
  const n = buf[4] | (buf[5] << 8) | (buf[6] << 16) | (buf[7] << 24);
  const head = JSON.parse(new TextDecoder().decode(buf.subarray(8, 8 + n)));
  let at = 8 + n;
  const files = [];
  for (const [path, size] of head.files) {
    files.push([path, buf.subarray(at, at + size)]);
    at += size;
  }
  return { head, files };
}

export class Device {
  // runtime: MicroPython's loadMicroPython; pack: loadPack's result;
  // canvas: where the screen goes; hooks: onLight(level 0..100, on),
  // onOutput(text) (the VM's stdout, REPL noise).
  /**
   * @param {{runtime: typeof import("./mp/micropython.mjs").loadMicroPython, pack: Pack, profile: string,
   *   canvas: HTMLCanvasElement, hooks?: {onLight?: (level: number, on: boolean) => void, onOutput?: (text: string) => void}}} options
   */
  constructor({ runtime, pack, profile, canvas, hooks }) {
    this.runtime = runtime;
    this.pack = pack;
    this.profile = profile;
    this.canvas = canvas;
    this.ctx = canvas.getContext("2d", { alpha: false });
    this.hooks = hooks || {};
    this.vm = null;
    this.off = true;
    this.keys = []; // [{name, gpio, logical}], sorted by name
    this.idle = 0; // input levels with no key pressed (all active low)
    this.flashDirty = false;
    this.frames = 0; // regions drawn since power-on
    this.ticks = 0;
    this.error = "";
  }

  // Power on: a fresh VM, the firmware in its file system, the flash's files
  // in /data, the board built and the app started (its first frame drawn).
  /** @param {{files: [string, Uint8Array][], uid: string, seed: number, ticks0: number, epoch: number}} settings */
  async powerOn({ files, uid, seed, ticks0, epoch }) {
    const say = (text) => this.hooks.onOutput && this.hooks.onOutput(text);
    const mp = await this.runtime({ heapsize: HEAP, pystack: PYSTACK, stdout: say, stderr: say, linebuffer: true });
    const FS = mp.FS;
    for (const [path, bytes] of this.pack.files) {
      const dir = path.slice(0, path.lastIndexOf("/"));
      if (dir) FS.mkdirTree(dir);
      FS.writeFile(path, bytes);
    }
    FS.mkdirTree(DATA);
    for (const [name, bytes] of files) FS.writeFile(DATA + "/" + name, bytes);
    const webdev = mp.pyimport("webdev");
    const wasmdev = mp.pyimport("wasmdev");
    const fn = {
      setup: webdev.setup,
      boot: webdev.boot,
      addresses: webdev.addresses,
      step: wasmdev.step,
      keys: wasmdev.keys,
      feed: wasmdev.serial_feed,
      take: wasmdev.serial_take,
      armCut: wasmdev.arm_cut,
      setLevels: wasmdev.set_levels,
    };
    fn.setup(ticks0, epoch, uid);
    const err = fn.boot(this.profile, DATA, seed);
    if (err) throw new Error(t("the firmware did not start: %s", err));
    const [frame, pal, status, w, h, mono] = fn.addresses().split(" ").map(Number);
    this.vm = { mp, FS, M: mp._module, fn, frame, pal, status };
    this.width = w;
    this.height = h;
    this.mono = mono === 1;
    this.keys = fn.keys().split(";").map((part) => {
      const [name, gpio, logical] = part.split(" ");
      return { name, gpio: Number(gpio), logical };
    });
    this.idle = 0;
    for (const k of this.keys) this.idle |= 1 << k.gpio;
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
    }
    this.img = this.ctx.createImageData(w, h);
    this.px = new Uint32Array(this.img.data.buffer);
    this.off = false;
    this.ticks = 0;
    this.frames = 0;
    this.saved = new Map(files.map(([n, b]) => [n, b]));
    this.look(); // the first frame, and the flash the app may have written while it started
  }

  // The levels of the input pins with these keys held (a set of key names).
  /** @param {Set<string>} held */
  levels(held) {
    let v = this.idle;
    for (const k of this.keys) if (held.has(k.name)) v &= ~(1 << k.gpio);
    return v;
  }

  // Input levels between two ticks, as the pins change (their edge
  // interrupts fire): a key pressed and released before the next tick still
  // reaches the firmware, through the edge its key latches.
  /** @param {number} levels */
  edge(levels) {
    if (!this.off) this.vm.fn.setLevels(levels);
  }

  // One 20 ms tick of the app with these input levels. Returns what the page
  // should know: {drawn, flash, cut, error}.
  /** @param {number} levels */
  step(levels) {
    const out = { drawn: false, flash: false, cut: false, error: "" };
    if (this.off) return out;
    let r;
    try {
      r = this.vm.fn.step(levels, 1);
    } catch (e) {
      r = "error: " + pyError(e);
    }
    this.ticks += 1;
    if (typeof r !== "number") {
      if (r === "power cut") out.cut = true;
      else out.error = this.error = String(r);
      this.off = true;
      this.blank();
      return out;
    }
    const seen = this.look();
    out.drawn = seen.drawn;
    out.flash = this.flashDirty;
    return out;
  }

  // Read webdev's status: draw a pushed region, note a flash write and a
  // backlight change; then clear the flags.
  look() {
    const { M, status } = this.vm;
    const H = M.HEAPU8; // taken afresh: the VM's memory may have grown
    const flags = H[status];
    const seen = { drawn: false };
    if (flags & F_REGION) {
      const u16 = (i) => H[status + i] | (H[status + i + 1] << 8);
      this.paint(u16(1), u16(3), u16(5), u16(7));
      seen.drawn = true;
    }
    if (flags & F_FLASH) this.flashDirty = true;
    if (flags & F_LIGHT && this.hooks.onLight) this.hooks.onLight(H[status + 9], H[status + 10] === 1);
    H[status] = 0;
    return seen;
  }

  /**
   * @param {number} x0
   * @param {number} y0
   * @param {number} x1
   * @param {number} y1
   */
  paint(x0, y0, x1, y1) {
    const { M, frame, pal, status } = this.vm;
    const H = M.HEAPU8;
    const W = this.width;
    const px = this.px;
    if (this.mono) {
      const LIT = 0xffffffff;
      const DARK = 0xff000000;
      for (let y = y0; y < y1; y++) {
        const row = frame + (y >> 3) * W;
        const bit = y & 7;
        for (let x = x0; x < x1; x++) px[y * W + x] = (H[row + x] >> bit) & 1 ? LIT : DARK;
      }
    } else {
      // the driver's palette, big-endian RGB565 as it goes on the bus; an IPS
      // panel shows true colours only when the driver sent INVON
      const flip = H[status + 11] ? 0 : 0xffff;
      const lut = new Uint32Array(16);
      for (let i = 0; i < 16; i++) {
        const v = ((H[pal + 2 * i] << 8) | H[pal + 2 * i + 1]) ^ flip;
        const r = (v >> 11) & 31;
        const g = (v >> 5) & 63;
        const b = v & 31;
        lut[i] = (0xff000000 | (((b << 3) | (b >> 2)) << 16) | (((g << 2) | (g >> 4)) << 8) | ((r << 3) | (r >> 2))) >>> 0;
      }
      for (let y = y0; y < y1; y++) {
        let i = y * W + x0;
        for (let x = x0; x < x1; x++, i++) {
          const b = H[frame + (i >> 1)];
          px[i] = lut[i & 1 ? b & 15 : b >> 4];
        }
      }
    }
    this.ctx.putImageData(this.img, 0, 0, x0, y0, x1 - x0, y1 - y0);
    this.frames += 1;
  }

  blank() {
    this.px && this.px.fill(0xff000000);
    this.img && this.ctx.putImageData(this.img, 0, 0);
  }

  // The flash's files that changed since the last call: Map name -> bytes,
  // or null for a file that is gone. Only after a tick that wrote.
  /** @returns {Map<string, Uint8Array | null>} */
  flashChanges() {
    const changes = new Map();
    if (!this.vm) return changes;
    this.flashDirty = false;
    const FS = this.vm.FS;
    const now = new Map();
    for (const name of FS.readdir(DATA)) {
      if (name === "." || name === "..") continue;
      now.set(name, FS.readFile(DATA + "/" + name));
    }
    for (const [name, bytes] of now) {
      const old = this.saved.get(name);
      if (!old || !same(old, bytes)) changes.set(name, bytes);
    }
    for (const name of this.saved.keys()) if (!now.has(name)) changes.set(name, null);
    this.saved = now;
    return changes;
  }

  // The USB serial: bytes in (a Uint8Array), bytes out since the last call.
  /** @param {Uint8Array} bytes */
  serialWrite(bytes) {
    if (this.off) return 0;
    let hex = "";
    for (const b of bytes) hex += (b < 16 ? "0" : "") + b.toString(16);
    return this.vm.fn.feed(hex);
  }

  serialRead() {
    if (this.off) return null;
    const hex = this.vm.fn.take();
    if (!hex) return null;
    const out = new Uint8Array(hex.length / 2);
    for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
    return out;
  }

  // The storage's next N flash writes land, the one after is cut (as the
  // simulator's `powercut after-writes N`).
  /**
   * @param {number} n
   * @param {boolean} torn
   */
  armCut(n, torn) {
    if (!this.off) this.vm.fn.armCut(n, torn ? 1 : 0);
  }

  // Off: the VM is dropped (what it wrote is in flashChanges() first).
  powerOff() {
    this.off = true;
    this.vm = null;
    this.blank();
  }
}

/**
 * @param {Uint8Array} a
 * @param {Uint8Array} b
 */
function same(a, b) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
