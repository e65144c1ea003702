// Usher in a browser: the page around the device (device.mjs). It drives
// the device's key pins from the keyboard and the on-screen keys, runs one
// app tick every 20 ms, keeps the flash in IndexedDB (flash.mjs), and hands
// the records over through the device's own link (link.mjs).
//
// The page adds no view of the device's state: everything a player sees of
// a game is on the device's screen, drawn by the firmware (its private
// views included). The page's own text is about the page.
//
// window.usher is the page's handle for the tests and the bench
// (tests/host/web/test_web_page.py, devkit/usher_devkit/bench/web.py): lockstep ticks
// instead of the clock, a board with given files and seed, the canvas's
// pixels, timings.

import { Device, loadPack, TICK_MS } from "./device.mjs";
import { Flash, MemoryFlash } from "./flash.mjs";
import { Link, pullAll } from "./link.mjs";
import { DeviceTransport } from "./transport.mjs";
import { saveFile, setupPico } from "./pico.mjs";
import { b64 } from "./util.mjs";
import { lang, setLang, t } from "./words.mjs";

const STARTED = performance.now();
const runtime = import("./mp/micropython.mjs").then((m) => m.loadMicroPython);
const pack = loadPack("firmware.pack");
const flashOpen = Flash.open().catch(() => new MemoryFlash());

const TICKS0 = (1 << 30) - 10000; // ticks_ms() at power-on: it wraps 10 s later, as on a Pico left on for 12 days
const PROFILES = ["lcd114", "oled"];
const MAX_SCALE = { lcd114: 4, oled: 6 };
const CATCH_UP = 5; // ticks at most per timer call (a throttled tab's clock just runs slow)

// On-screen keys per board (physical key names of the profile) and the keyboard.
const BOARDS = {
  lcd114: {
    left: { cls: "joystick", keys: [["up", "\u25b2"], ["left", "\u25c0"], ["press", "\u25cf"], ["right", "\u25b6"], ["down", "\u25bc"]] },
    right: { cls: "ab", keys: [["A", "A"], ["B", "B"]], round: true },
    keyboard: {
      ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right",
      Enter: "A", " ": "press", Backspace: "B", Escape: "B",
    },
  },
  oled: {
    below: { cls: "row", keys: [["prev", "\u25c0 " + t("prev")], ["next", t("next") + " \u25b6"], ["ok", "OK"], ["back", t("back")]] },
    keyboard: {
      ArrowUp: "prev", ArrowLeft: "prev", ArrowDown: "next", ArrowRight: "next",
      Enter: "ok", Backspace: "back", Escape: "back",
    },
  },
};
// each key's name for a screen reader
const KEY_NAMES = {
  up: t("up"), down: t("down"), left: t("left"), right: t("right"), press: t("press"),
  prev: t("prev"), next: t("next"), back: t("back"),
};

/** @param {string} id */
const $ = (id) => document.getElementById(id);
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id));
// the board buttons: one per profile
const profileButtons = () => /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#profiles button"));
const canvas = /** @type {HTMLCanvasElement} */ ($("screen"));
const first = /** @type {HTMLImageElement} */ ($("first")); // the power-on screen of a blank board (usher web draws it), until the VM's own
const PANELS = { lcd114: [240, 135], oled: [128, 64] };
// the page's Usher version in its header: the firmware it runs (the pack's)
pack.then((p) => ($("version").textContent = p.head.fw)).catch(() => {});

const page = {
  profile: "",
  /** @type {Device | null} */
  device: null,
  /** @type {Flash | null} */
  flash: null,
  uid: "",
  /** @type {((value?: unknown) => void) | null} */
  lock: null, // releases this tab's hold on the board
  held: new Map(), // key name -> Set of sources holding it (a keyboard key, a pointer)
  tapped: new Set(), // keys pressed since the last tick
  lockstep: false, // the tests drive the ticks
  clock: 0, // performance.now() of the last tick the timer ran
  vt: 0, // ms of device time since the first power-on (the clock goes on across power-ons)
  boot: null, // power-on settings: seed, ticks0, epoch
  /** @type {DeviceTransport | null} */
  transport: null, // the link to this page's device, while one is open
  pending: null, // the last key event, until the screen answers it
  stats: { firstScreenMs: 0, phases: {}, work: [], latency: [], boots: 0, errors: [] },
  starting: null,
};

function say(text) {
  $("status").textContent = text;
}

function fail(text) {
  page.stats.errors.push(text);
  say(text);
  console.error("usher: " + text);
}

// ---------------------------------------------------------------- power

async function powerOn(settings) {
  const t0 = performance.now();
  const [loadMicroPython, fw] = await Promise.all([runtime, pack]);
  page.stats.phases.runtime = page.stats.phases.runtime || performance.now() - STARTED;
  const { uid, files } = await page.flash.load(page.profile);
  page.uid = uid;
  const dev = new Device({
    runtime: loadMicroPython,
    pack: fw,
    profile: page.profile,
    canvas,
    hooks: { onLight: light, onOutput: (text) => console.log("usher device: " + text) },
  });
  const s = settings || {};
  page.boot = {
    seed: s.seed || 1 + (crypto.getRandomValues(new Uint32Array(1))[0] % 0x3ffffffe),
    ticks0: s.ticks0 === undefined ? TICKS0 : s.ticks0,
    epoch: s.epoch || Math.floor(Date.now() / 1000),
  };
  page.vt = 0;
  await bootDevice(dev, files);
  page.stats.phases.boot = performance.now() - t0;
  return dev;
}

async function bootDevice(dev, files) {
  const b = page.boot;
  light(100, true);
  files = inLang(files);
  await dev.powerOn({ files, uid: page.uid, seed: b.seed, ticks0: b.ticks0, epoch: b.epoch + Math.floor(page.vt / 1000) });
  page.device = dev;
  page.stats.boots += 1;
  if (!page.stats.firstScreenMs) page.stats.firstScreenMs = performance.now();
  first.hidden = true; // the device's own screen from now on
  fit();
  save();
}

// The device speaks the page's language: its setting "lang" (Settings ->
// Language, in settings.json on its flash) is set to it before each
// power-on, kept in the flash as if set on the device. A settings file the
// firmware cannot read is left as it is, for the firmware to set aside.
/** @param {[string, Uint8Array][]} files */
function inLang(files) {
  const want = lang();
  const at = files.findIndex(([name]) => name === "settings.json");
  let s = {};
  if (at >= 0) {
    try {
      s = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(files[at][1]));
    } catch {
      return files;
    }
    if (!s || typeof s !== "object" || Array.isArray(s)) return files;
  }
  if ((s.lang || "en") === want) return files;
  s.lang = want;
  const bytes = new TextEncoder().encode(JSON.stringify(s));
  page.flash.save(page.profile, new Map([["settings.json", bytes]])).catch((e) => fail(t("the flash could not be saved: %s", e)));
  return at >= 0 ? files.map((f, i) => /** @type {[string, Uint8Array]} */ (i === at ? [f[0], bytes] : f)) : [...files, ["settings.json", bytes]];
}

// The board as it looks before its VM runs: its keys, its panel's size and
// scale, the power-on screen on the glass. At once, before anything loads.
function dress(profile) {
  for (const b of profileButtons()) b.setAttribute("aria-pressed", String(b.dataset.profile === profile));
  $("board").dataset.profile = profile;
  buildKeys(profile);
  const [w, h] = PANELS[profile];
  if (canvas.width !== w || canvas.height !== h) {
    canvas.width = w;
    canvas.height = h;
  }
  first.width = w;
  first.height = h;
  first.src = "first-" + profile + ".png";
  first.hidden = false;
  page.profile = profile;
  fit();
}

// Switch to a board: the other one's flash is saved and its VM dropped.
async function start(profile, settings) {
  if (page.starting) await page.starting.catch(() => {});
  page.starting = (async () => {
    await stop();
    page.profile = profile;
    try {
      localStorage.setItem("usher-profile", profile);
    } catch {
      // private mode: the choice is not remembered
    }
    dress(profile);
    if (!(await takeBoard(profile))) {
      say(t("This board is running in another tab of this browser: close that tab, or pick the other board."));
      return;
    }
    say(t("Starting the device\u2026"));
    await powerOn(settings);
    page.clock = performance.now();
    say(page.flash.kept ? "" : t("This browser keeps no storage for this page: the games go when the page closes."));
  })();
  try {
    await page.starting;
  } catch (e) {
    fail(t("the device did not start: %s", e && e.message ? e.message : e));
  }
}

async function stop() {
  if (page.device) {
    save();
    page.device.powerOff();
    page.device = null;
    await page.flash.flushed();
  }
  releaseAll();
  if (page.lock) page.lock();
  page.lock = null;
}

// One tab at a time runs a board: two would write the same flash.
async function takeBoard(profile) {
  if (!navigator.locks) return true;
  return new Promise((resolve) => {
    navigator.locks.request("usher-web-" + profile, { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolve(false);
        return null;
      }
      resolve(true);
      return new Promise((free) => (page.lock = free));
    });
  });
}

function save() {
  const dev = page.device;
  if (dev && (dev.flashDirty || dev.off)) page.flash.save(page.profile, dev.flashChanges()).catch((e) => fail(t("the flash could not be saved: %s", e)));
}

// The backlight (LCD) or the OLED's contrast and power, as the glass shows it.
function light(level, on) {
  canvas.classList.toggle("off", !on || level === 0);
  canvas.style.filter = on && level < 100 ? "brightness(" + (0.3 + (0.7 * level) / 100).toFixed(3) + ")" : "";
}

// ---------------------------------------------------------------- ticks

function tick() {
  const dev = page.device;
  page.vt += TICK_MS;
  if (!dev || dev.off) return;
  const t0 = performance.now();
  const held = new Set(page.held.keys());
  const gone = [...page.tapped].filter((k) => !held.has(k));
  page.tapped.clear();
  if (gone.length) dev.edge(dev.levels(new Set([...held, ...gone]))); // down and up again since the last tick
  const r = dev.step(dev.levels(held));
  if (page.transport) page.transport.pump();
  if (r.drawn) {
    const now = performance.now();
    page.stats.work.push(now - t0);
    if (page.pending !== null && now - page.pending < 1000) page.stats.latency.push(now - page.pending);
    page.pending = null;
  }
  if (r.flash || r.cut) save();
  if (r.cut) {
    dev.powerOff();
    say(t("The power went (a test's power cut)."));
  } else if (r.error) {
    fail(t("the device stopped: %s", r.error));
  }
}

function onTimer() {
  if (page.lockstep || !page.device || page.device.off) return;
  const now = performance.now();
  let n = Math.floor((now - page.clock) / TICK_MS);
  if (n <= 0) return;
  if (n > CATCH_UP) {
    n = CATCH_UP;
    page.clock = now;
  } else {
    page.clock += n * TICK_MS;
  }
  for (let i = 0; i < n; i++) tick();
}

setInterval(onTimer, TICK_MS);

// ---------------------------------------------------------------- keys

function press(key, source, at) {
  let s = page.held.get(key);
  if (!s) page.held.set(key, (s = new Set()));
  s.add(source);
  page.tapped.add(key);
  page.pending = at === undefined ? performance.now() : at;
  mark(key, true);
}

function release(key, source, at) {
  const s = page.held.get(key);
  if (!s) return;
  s.delete(source);
  if (!s.size) {
    page.held.delete(key);
    page.pending = at === undefined ? performance.now() : at;
    mark(key, false);
  }
}

function releaseAll() {
  for (const key of page.held.keys()) mark(key, false);
  page.held.clear();
  page.tapped.clear();
}

function mark(key, down) {
  const el = document.querySelector('.key[data-key="' + key + '"]');
  if (el) el.classList.toggle("down-now", down);
}

function buildKeys(profile) {
  const board = BOARDS[profile];
  for (const side of ["left", "right", "below"]) {
    const box = $("keys-" + side);
    box.replaceChildren();
    const spec = board[side];
    if (!spec) continue;
    const group = document.createElement("div");
    if (spec.cls) group.className = spec.cls;
    for (const [key, label] of spec.keys) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "key " + key + (spec.round ? " round" : "");
      b.dataset.key = key;
      b.textContent = label;
      b.setAttribute("aria-label", KEY_NAMES[key] || key);
      b.tabIndex = -1; // the keyboard drives the device itself; no focus ring wandering over the keys
      b.addEventListener("pointerdown", (e) => {
        e.preventDefault();
        b.setPointerCapture(e.pointerId);
        press(key, "p" + e.pointerId, e.timeStamp);
      });
      const up = (e) => release(key, "p" + e.pointerId, e.timeStamp);
      b.addEventListener("pointerup", up);
      b.addEventListener("pointercancel", up);
      b.addEventListener("lostpointercapture", up);
      b.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a long press
      group.appendChild(b);
    }
    box.appendChild(group);
  }
}

function keyFor(e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  const target = e.target;
  if (target && target.closest && target.closest("button:not(.key)") && (e.key === "Enter" || e.key === " ")) return null; // a page button
  return BOARDS[page.profile] ? BOARDS[page.profile].keyboard[e.key] || null : null;
}

window.addEventListener("keydown", (e) => {
  const key = keyFor(e);
  if (!key) return;
  e.preventDefault();
  if (!e.repeat) press(key, "k" + e.key, e.timeStamp); // the firmware repeats a held key itself
});
window.addEventListener("keyup", (e) => {
  const key = BOARDS[page.profile] && BOARDS[page.profile].keyboard[e.key];
  if (!key) return;
  e.preventDefault();
  release(key, "k" + e.key, e.timeStamp);
});
window.addEventListener("blur", releaseAll);

// ---------------------------------------------------------------- scale

// A whole number of device pixels per panel pixel, as large as fits.
function fit() {
  const dpr = window.devicePixelRatio || 1;
  const W = canvas.width;
  const H = canvas.height;
  const board = $("board");
  const main = document.querySelector("main");
  const side = ["keys-left", "keys-right"].reduce((n, id) => n + ($(id).offsetWidth ? $(id).offsetWidth + 18 : 0), 0);
  const narrow = window.innerWidth <= 640;
  const availW = main.clientWidth - 32 - 44 - 18 - (narrow ? 0 : side);
  const availH = Math.max(200, window.innerHeight - 260);
  let k = Math.floor((Math.min(availW, (availH * W) / H) * dpr) / W);
  k = Math.max(Math.ceil(dpr), Math.min(k, MAX_SCALE[page.profile] * Math.ceil(dpr)));
  canvas.style.width = (W * k) / dpr + "px";
  canvas.style.height = (H * k) / dpr + "px";
  first.style.width = canvas.style.width;
  first.style.height = canvas.style.height;
  board.dataset.scale = String(k);
}

window.addEventListener("resize", fit);

// ---------------------------------------------------------------- buttons

async function download() {
  const dev = page.device;
  if (page.transport || !dev || dev.off) return;
  const link = new Link((page.transport = new DeviceTransport(dev)));
  button("download").disabled = true;
  try {
    say(t("Asking the device for its records\u2026"));
    const r = await pullAll(link, say);
    for (let i = 0; i < r.records.length; i++) {
      if (i) await new Promise((ok) => setTimeout(ok, 150));
      saveFile(r.records[i][0], r.records[i][1]);
    }
    let text = r.records.length === 1 ? t("1 record downloaded") : t("%d records downloaded", r.records.length);
    if (r.refused) text += t("; %d refused on the device", r.refused);
    if (r.failed) text += t("; %d did not arrive whole (try again)", r.failed);
    say(text + (r.records.length ? t(". usher import FILE\u2026 puts them into your history.") : "."));
    page.stats.download = { names: r.records.map((x) => x[0]), refused: r.refused, failed: r.failed };
  } catch (e) {
    say(t("Download failed: %s", e && e.message ? e.message : e));
    page.stats.download = { error: String(e && e.message) };
  } finally {
    page.transport = null;
    button("download").disabled = false;
  }
}

// the device on this page, never the person's own Pico (index.html's label)
const RESET = t("Erase the simulated device");
let resetArmed = 0;
async function reset() {
  const b = $("reset");
  if (!resetArmed) {
    b.classList.add("armed");
    b.textContent = t("Erase every game on the simulated device? Click again");
    resetArmed = setTimeout(() => {
      b.classList.remove("armed");
      b.textContent = RESET;
      resetArmed = 0;
    }, 4000);
    return;
  }
  clearTimeout(resetArmed);
  resetArmed = 0;
  b.classList.remove("armed");
  b.textContent = RESET;
  const profile = page.profile;
  await stop();
  await page.flash.wipe(profile);
  await start(profile, page.lockstep ? page.boot : null);
  say(t("A blank board: no games, default settings."));
}

// a page button gives the keyboard back to the device once clicked (Enter is OK there)
document.addEventListener("click", (e) => {
  const target = e.target;
  const b = target instanceof Element && target.closest("button:not(.key)");
  if (b instanceof HTMLElement) b.blur();
});
$("download").addEventListener("click", download);
$("reset").addEventListener("click", reset);
for (const b of profileButtons()) {
  b.addEventListener("click", () => {
    if (b.dataset.profile !== page.profile) start(b.dataset.profile);
  });
}
// English / Deutsch: the page is loaded again in the one picked (words.mjs),
// its device powered off first (its flash saved) and on again in it
for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (document.querySelectorAll("#langs button"))) {
  b.setAttribute("aria-pressed", String(b.dataset.lang === lang()));
  b.addEventListener("click", async () => {
    if (!setLang(b.dataset.lang)) return;
    await stop();
    location.reload();
  });
}

// ---------------------------------------------------------------- for the tests

const test = {
  // A board in lockstep: its flash replaced by `files` ({name: base64}, none:
  // blank), powered on with this seed and clock; the timer stops ticking.
  async boot({ profile = "lcd114", seed = 1, ticks0 = TICKS0, epoch = 1767225600, files = {} } = {}) {
    page.lockstep = true;
    await stop();
    const list = Object.keys(files).map((n) => /** @type {[string, Uint8Array]} */ ([n, Uint8Array.from(atob(files[n]), (c) => c.charCodeAt(0))]));
    await page.flash.replace(profile, list);
    await start(profile, { seed, ticks0, epoch });
    return page.device ? page.device.keys.map((k) => k.name + " " + k.logical) : [];
  },
  // Let `ms` of device time pass, a tick every 20 ms (the board may be off).
  run(ms) {
    for (let done = 0; done < ms; done += TICK_MS) tick();
    return { off: !page.device || page.device.off, ticks: page.device ? page.device.ticks : 0 };
  },
  armCut(n, torn) {
    page.device.armCut(n, torn);
  },
  // Power on again (after a power cut): the flash as the cut left it.
  async restart() {
    const dev = page.device;
    if (dev && !dev.off) {
      save();
      dev.powerOff();
    }
    await page.flash.flushed();
    const { files } = await page.flash.load(page.profile);
    await bootDevice(new Device({ runtime: await runtime, pack: await pack, profile: page.profile, canvas, hooks: { onLight: light, onOutput: (text) => console.log("usher device: " + text) } }), files);
    return true;
  },
  live() {
    page.lockstep = false;
    page.clock = performance.now();
  },
  // The canvas as the page shows it: {w, h, rgba (base64)}.
  frame() {
    const d = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    return { w: d.width, h: d.height, rgba: b64(new Uint8Array(d.data.buffer)) };
  },
  stats() {
    const dev = page.device;
    return Object.assign({}, page.stats, {
      profile: page.profile,
      on: !!dev && !dev.off,
      frames: dev ? dev.frames : 0,
      ticks: dev ? dev.ticks : 0,
      scale: Number($("board").dataset.scale || 0),
      filter: canvas.style.filter,
    });
  },
  async flushed() {
    await page.flash.flushed();
    return true;
  },
};

function chosen() {
  const asked = new URLSearchParams(location.search).get("profile");
  let profile = PROFILES.includes(asked) ? asked : null;
  if (!profile) {
    try {
      profile = localStorage.getItem("usher-profile");
    } catch {
      profile = null;
    }
  }
  return PROFILES.includes(profile) ? profile : "lcd114";
}

dress(chosen()); // the page opens on the device, its power-on screen on the glass

const ready = (async () => {
  page.flash = await flashOpen;
  await start(chosen());
  return page.stats.firstScreenMs;
})();

// Sync, the games kept, BG Stats and the firmware (pico.mjs): a real Pico
// over Web Serial, or this page's own device through the same sync.
const pico = setupPico({
  // a transport to this page's device, pumped by the tick loop; null when off
  pageDevice() {
    const dev = page.device;
    if (page.transport || !dev || dev.off) return null;
    const tr = (page.transport = new DeviceTransport(dev));
    tr.close = async () => {
      if (page.transport === tr) page.transport = null;
    };
    return tr;
  },
});

window.usher = { ready, test, pico };
