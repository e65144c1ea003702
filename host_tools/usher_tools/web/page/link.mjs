// The page's half of the USB sync protocol (firmware/PROTOCOL.md), spoken
// as `usher sync` speaks it (host_tools/usher_tools/link/client.py): one
// client for the page's own WebAssembly device and for a real Pico over Web
// Serial; the transport is the only difference (transport.mjs).
//
// hello carries the computer's time and zone (a Pico has no clock battery);
// list pages through the games; pull resumes a game from the bytes already
// held (offset and CRC); while the device waits for its owner's press the
// page sends a poll every 10 s (the device withdraws a question after a
// minute without a byte). A game that still holds secrets (an unfinished
// Showbiz game: bids, money) comes only after OK on the device, which shows
// what is asked; Back refuses it. Nothing else is ever asked of the device.

import { t } from "./words.mjs";

const TO_DEVICE = "@U ";
const FROM_DEVICE = "@u ";
export const PROTO = 1;
const REPLY_MS = 5000;
export const KEEPALIVE_MS = 10000; // a poll this often while a question waits for a press
const PRESS_MS = 120000;
const MAX_BUF = 1 << 20; // a stream with no newline is not a device of ours
const REPL = /(^|\n)(>>>|raw REPL)/; // MicroPython's prompt: a Pico at its REPL, not running Usher

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes, crc = 0) {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

export const hex8 = (n) => n.toString(16).padStart(8, "0");
const ascii = (s) => new TextEncoder().encode(s);

// JSON with everything outside printable ASCII escaped, as the protocol asks
function asciiJSON(obj) {
  return JSON.stringify(obj).replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

// Every failure is one of these, with a line a person can act on.
export class LinkError extends Error {
  constructor(message, code = "") {
    super(message);
    this.code = code; // the device's err, or: gone, silent, noprotocol, plain, nopress, timeout
  }
}

// what to do about a refusal the device gives no words for
function hint(code) {
  if (code === "memory")
    return t("a game open on the device leaves too little memory for the link: leave the game (Back, then Save & leave) and sync again");
  if (code === "busy") return t("the device is already asking something: answer it on the device first");
  return "";
}

// `what`: the request's op, or the page's words for it
function refused(reply, what) {
  const code = String(reply.err);
  const why = reply.why || hint(code);
  return new LinkError(t("the device refused %s: %s", what, code) + (why ? " (" + why + ")" : ""), code);
}

export class Link {
  // transport: {write(bytes) -> maybe a promise, closed: bool, reason: text};
  // it hands the device's bytes to feed() and calls gone() when it closes.
  constructor(transport) {
    this.t = transport;
    this.buf = "";
    this.lines = [];
    this.waiters = [];
    this.noise = ""; // the last non-protocol text (a REPL's prompt says: no Usher here)
    this.damaged = 0;
    this.info = null;
    this.pulling = {}; // name -> the pull's state, for a caller to keep what came
    this.nextId = 1 + Math.floor(Math.random() * (1 << 30));
    this.keepaliveMs = KEEPALIVE_MS;
    this.polls = 0;
    transport.link = this;
  }

  feed(bytes) {
    if (!bytes || !bytes.length) return;
    let s = "";
    for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    this.buf += s;
    let cut;
    while ((cut = this.buf.indexOf("\n")) >= 0) {
      const line = this.buf.slice(0, cut).replace(/\r$/, "");
      this.buf = this.buf.slice(cut + 1);
      const obj = this.unframe(line);
      if (obj) this.lines.push(obj);
    }
    if (this.buf.length > MAX_BUF) {
      this.buf = "";
      this.broken = new LinkError(t("the device sends a stream without line endings: that is not Usher's sync"), "noprotocol");
    }
    this.wake();
  }

  gone() {
    this.wake();
  }

  unframe(line) {
    const at = line.indexOf(FROM_DEVICE);
    if (at < 0) {
      if (line.trim()) this.noise = (this.noise + "\n" + line).slice(-400);
      return null; // not protocol: REPL noise
    }
    line = line.slice(at + FROM_DEVICE.length);
    const body = line.slice(0, -9);
    if (line.length < 9 || line[line.length - 9] !== "*" || hex8(crc32(ascii(body))) !== line.slice(-8)) {
      this.damaged += 1;
      return null;
    }
    try {
      const obj = JSON.parse(body);
      if (obj && typeof obj === "object" && !Array.isArray(obj)) return obj;
    } catch {
      // damaged: counted below
    }
    this.damaged += 1;
    return null;
  }

  wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  async send(op, args) {
    const id = this.nextId;
    this.nextId = (this.nextId % 0x7ffffffe) + 1;
    const body = asciiJSON(Object.assign({ id, op }, args || {}));
    await this.write(TO_DEVICE + body + "*" + hex8(crc32(ascii(body))) + "\n");
    return id;
  }

  async write(text) {
    if (this.t.closed) throw this.goneError();
    try {
      await this.t.write(ascii(text));
    } catch {
      throw this.goneError();
    }
  }

  goneError() {
    return new LinkError(this.t.reason || t("the device went away (unplugged?)"), "gone");
  }

  atRepl() {
    return REPL.test(this.noise) || /(^|\n)>>> ?$/.test(this.buf);
  }

  // Why a device did not answer, in words: a REPL's prompt means a Pico
  // without Usher (or in safe mode), other bytes a program that is not ours.
  silence() {
    const n = this.noise;
    if (this.atRepl() || /MicroPython v\d|Type "help\(\)"/.test(n))
      return new LinkError(
        t("this Pico runs MicroPython but not Usher (or Usher is in safe mode): put Usher on it (below), then sync"),
        "plain",
      );
    // bytes with no line end yet (a device that streams data of its own) are an answer too
    if (n || this.damaged || this.buf.trim())
      return new LinkError(t("the device sends data, but not in Usher's sync protocol: is this an Usher Pico?"), "noprotocol");
    return new LinkError(t("no answer from the device: is Usher running on it (its home screen showing)?"), "silent");
  }

  // The next line about request `id` (lines of other ids are stale).
  async wait(id, ms = Link.replyMs, strict = true) {
    const until = performance.now() + ms;
    for (;;) {
      while (this.lines.length) {
        const obj = this.lines.shift();
        if (obj.id === id) return obj;
        if (obj.id === null && obj.err === "memory") throw refused(obj, t("the request"));
        if (strict && obj.id === null && obj.ok === false)
          throw new LinkError(t("the device could not read the page's request (%s)", obj.err), String(obj.err));
      }
      if (this.broken) throw this.broken;
      if (this.t.closed) throw this.goneError();
      if (!this.info && this.atRepl()) throw this.silence(); // a REPL answered the hello: no Usher there
      const left = until - performance.now();
      if (left <= 0) throw new LinkError(t("no answer from the device"), "timeout");
      /** @type {Promise<void>} */
      const woken = new Promise((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      await woken;
    }
  }

  async call(op, args, ms) {
    const reply = await this.wait(await this.send(op, args), ms);
    if (reply.ok !== true) throw refused(reply, op);
    return reply;
  }

  // The reply to a question on the device's screen: up to `ms` for the
  // person, with a poll every KEEPALIVE_MS so the device keeps asking.
  async waitPress(id, ms = PRESS_MS) {
    const until = performance.now() + ms;
    for (;;) {
      const left = until - performance.now();
      try {
        return await this.wait(id, Math.max(0, Math.min(this.keepaliveMs, left)));
      } catch (e) {
        if (!(e instanceof LinkError) || e.code !== "timeout" || left <= this.keepaliveMs) throw e;
        await this.send("poll", { of: id }); // its reply has its own id: wait() passes over it
        this.polls += 1;
      }
    }
  }

  async hello() {
    await this.write("\n"); // end any half line a previous host left
    this.lines = [];
    const now = Date.now();
    const tz = -new Date(now).getTimezoneOffset() * 60;
    let info;
    try {
      info = await this.wait(await this.send("hello", { proto: PROTO, time: Math.floor(now / 1000), tz }), Link.replyMs, false);
    } catch (e) {
      if (e instanceof LinkError && e.code === "timeout") throw this.silence();
      throw e;
    }
    if (info.ok !== true) throw refused(info, "hello");
    for (const key of ["device", "fw", "proto", "games"])
      if (!(key in info)) throw new LinkError(t("the device's hello lacks %s: is this an Usher Pico?", key), "noprotocol");
    if (info.proto !== PROTO) {
      const update = info.proto > PROTO ? t("this page (reload it)") : t("the Pico's firmware (below)");
      throw new LinkError(t("the device speaks sync protocol %s, this page %s: update %s", info.proto, PROTO, update), "proto");
    }
    this.info = info;
    return info;
  }

  async list() {
    const out = [];
    let from = 0;
    while (from !== null && from !== undefined) {
      const page = await this.call("list", { from });
      if (!Array.isArray(page.games)) throw new LinkError(t("a list without games"), "noprotocol");
      out.push(...page.games);
      if (page.next !== null && page.next !== undefined && !(Number.isInteger(page.next) && page.next > from))
        throw new LinkError(t("a list with a bad next page"), "noprotocol");
      from = page.next;
    }
    return out;
  }

  // Pull a batch: wants [[name, bytes already held]]. Returns {name: state}
  // with state {data (Uint8Array), start, size, crc, complete, error}.
  // onPending(text) when the device asks its owner for a press;
  // onComplete(state) as soon as a game is whole.
  /**
   * @param {[string, Uint8Array][]} wants
   * @param {{onPending?: (text: string) => void, onComplete?: (state: any) => unknown, pressMs?: number}} [options]
   */
  async pull(wants, { onPending, onComplete, pressMs = Link.pressMs } = {}) {
    const results = {};
    const items = [];
    for (const [name, have] of wants) {
      const s = { name, parts: [have], size: have.length, crc: crc32(have), start: have.length, complete: false, error: "" };
      Object.defineProperty(s, "data", { get: () => join(s.parts, s.size) });
      results[name] = s;
      items.push([name, s.start, s.start ? hex8(s.crc) : ""]);
    }
    this.pulling = results;
    const id = await this.send("pull", { games: items });
    let asking = false;
    for (;;) {
      let msg;
      try {
        msg = asking ? await this.waitPress(id, pressMs) : await this.wait(id);
      } catch (e) {
        if (asking && e instanceof LinkError && e.code === "timeout") {
          await this.call("cancel", {}, 2000).catch(() => {});
          throw new LinkError(t("nobody pressed OK on the device"), "nopress");
        }
        throw e;
      }
      asking = false;
      if (msg.pending) {
        asking = true;
        onPending && onPending(String(msg.ask || ""));
        continue;
      }
      if (msg.name !== undefined) {
        const s = results[msg.name];
        if (!s) throw new LinkError(t("the device sent a game it was not asked for"), "noprotocol");
        if (s.error || s.complete) continue; // after a gap nothing more of it is trusted this time
        if (msg.err) s.error = String(msg.err);
        else if (msg.data !== undefined) {
          let piece;
          try {
            piece = Uint8Array.from(atob(msg.data), (c) => c.charCodeAt(0));
          } catch {
            s.error = "gap";
            continue;
          }
          const crc = crc32(piece, s.crc);
          if (msg.off !== s.size) s.error = "gap";
          else if (hex8(crc) !== msg.crc) s.error = "crc";
          else {
            s.parts.push(piece);
            s.size += piece.length;
            s.crc = crc;
          }
        } else if (msg.end !== undefined) {
          if (msg.end !== s.size || msg.crc !== hex8(s.crc)) s.error = "crc";
          else {
            s.complete = true;
            onComplete && (await onComplete(s));
          }
        }
        continue;
      }
      if (msg.ok === true && msg.done) return results;
      if (msg.err === "denied") throw new LinkError(t("refused on the device (Back was pressed)"), "denied");
      if (msg.err === "timeout") throw new LinkError(t("nobody pressed OK on the device: after a minute it withdrew the question"), "nopress");
      throw refused(msg, t("the pull"));
    }
  }
}

// how long a question on the device waits for its owner (a test shortens it)
Link.pressMs = PRESS_MS;
Link.replyMs = REPLY_MS; // a test of what a silent device is told may wait less

function join(parts, size) {
  if (parts.length === 1) return parts[0];
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  parts.splice(0, parts.length, all);
  return all;
}

// Every record of the device as files, without keeping anything (the
// page's "Download records"): {device, records: [[file name, bytes]],
// refused, failed, total}. Games without secrets in batches of 16; each game
// that needs a press, alone.
export async function pullAll(link, say) {
  const info = await link.hello();
  const games = await link.list();
  const free = games.filter((g) => !g.secret && !g.broken).map((g) => g.name);
  const asks = games.filter((g) => g.secret || g.broken).map((g) => g.name);
  const records = [];
  let refusedN = 0;
  let failed = 0;
  const keep = (got) => {
    for (const name of Object.keys(got).sort())
      if (got[name].complete) records.push(["usher-" + info.device + "-" + name + ".log", got[name].data]);
      else failed += 1;
  };
  for (let i = 0; i < free.length; i += 16) {
    const batch = free.slice(i, i + 16);
    say(t("Downloading %d of %d records\u2026", i + batch.length, games.length));
    keep(await link.pull(batch.map((n) => [n, new Uint8Array(0)])));
  }
  for (const name of asks) {
    say(t("Downloading: the device asks for OK (Back refuses)\u2026"));
    try {
      keep(
        await link.pull([[name, new Uint8Array(0)]], {
          onPending: () => say(t("Press OK on the device to hand over a record that holds secrets (Back refuses).")),
        }),
      );
    } catch (e) {
      if (!(e instanceof LinkError) || e.code === "gone") throw e;
      refusedN += 1;
    }
  }
  return { device: info.device, records, refused: refusedN, failed, total: games.length };
}
