// "Download records": the page asks the device for its records over the
// device's own USB link (firmware/PROTOCOL.md), as `usher sync` does: hello,
// the game list, then pull. So the device's rules hold here too: a game that
// still holds secrets (an unfinished Showbiz game: bids, money) is handed
// over only after a press of OK on the device, which shows what is asked;
// Back refuses it. The page shows nothing of any record.

const TO_DEVICE = "@U ";
const FROM_DEVICE = "@u ";
const REPLY_MS = 5000;
const PRESS_MS = 120000;
const BATCH_GAMES = 16;

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

export function crc32(bytes, crc = 0) {
  let c = ~crc >>> 0;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}

const hex8 = (n) => n.toString(16).padStart(8, "0");
const ascii = (s) => new TextEncoder().encode(s);

// JSON with everything outside printable ASCII escaped, as the protocol asks
function asciiJSON(obj) {
  return JSON.stringify(obj).replace(/[\u007f-\uffff]/g, (c) => "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0"));
}

export class LinkError extends Error {}

export class Link {
  // device: the Device (serialWrite / serialRead); the page's loop calls
  // pump() after every tick while a link is open.
  constructor(device) {
    this.device = device;
    this.buf = "";
    this.lines = [];
    this.waiters = [];
    this.nextId = 1 + Math.floor(Math.random() * (1 << 30));
  }

  pump() {
    const got = this.device.serialRead();
    if (!got) return;
    this.buf += String.fromCharCode(...got);
    let cut;
    while ((cut = this.buf.indexOf("\n")) >= 0) {
      const line = this.buf.slice(0, cut).replace(/\r$/, "");
      this.buf = this.buf.slice(cut + 1);
      const obj = this.unframe(line);
      if (obj) this.lines.push(obj);
    }
    this.wake();
  }

  unframe(line) {
    const at = line.indexOf(FROM_DEVICE);
    if (at < 0) return null; // not protocol: REPL noise
    line = line.slice(at + FROM_DEVICE.length);
    if (line.length < 9 || line[line.length - 9] !== "*") return null;
    const body = line.slice(0, -9);
    if (hex8(crc32(ascii(body))) !== line.slice(-8)) return null;
    try {
      const obj = JSON.parse(body);
      return obj && typeof obj === "object" ? obj : null;
    } catch {
      return null;
    }
  }

  wake() {
    for (const w of this.waiters.splice(0)) w();
  }

  send(op, args) {
    const id = this.nextId;
    this.nextId = (this.nextId % 0x7ffffffe) + 1;
    const body = asciiJSON(Object.assign({ id, op }, args || {}));
    this.device.serialWrite(ascii(TO_DEVICE + body + "*" + hex8(crc32(ascii(body))) + "\n"));
    return id;
  }

  // The next line about request `id` (lines of other ids are stale).
  async wait(id, ms = REPLY_MS) {
    const until = performance.now() + ms;
    for (;;) {
      while (this.lines.length) {
        const obj = this.lines.shift();
        if (obj.id === id) return obj;
        if (obj.id === null && obj.err === "memory") throw new LinkError("the device has no memory for its link now");
      }
      if (this.device.off) throw new LinkError("the device is off");
      const left = until - performance.now();
      if (left <= 0) throw new LinkError("no answer from the device");
      await new Promise((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  async call(op, args) {
    const reply = await this.wait(this.send(op, args));
    if (reply.ok !== true) throw new LinkError("the device refused " + op + ": " + reply.err);
    return reply;
  }

  async hello() {
    this.device.serialWrite(ascii("\n")); // end any half line
    const info = await this.call("hello", { proto: 1 });
    if (info.proto !== 1) throw new LinkError("the device speaks sync protocol " + info.proto);
    return info;
  }

  async list() {
    const out = [];
    let from = 0;
    while (from !== null && from !== undefined) {
      const page = await this.call("list", { from });
      if (!Array.isArray(page.games)) throw new LinkError("a list without games");
      out.push(...page.games);
      if (page.next !== null && !(page.next > from)) throw new LinkError("a list with a bad next page");
      from = page.next;
    }
    return out;
  }

  // Pull whole records: {name: Uint8Array} for those that arrived whole.
  // onPending(text) when the device asks its owner for a press.
  async pull(names, onPending) {
    const got = {};
    const state = {};
    for (const n of names) state[n] = { parts: [], size: 0, crc: 0, error: "" };
    const id = this.send("pull", { games: names.map((n) => [n, 0, ""]) });
    let asking = false;
    for (;;) {
      let msg;
      try {
        msg = await this.wait(id, asking ? PRESS_MS : REPLY_MS);
      } catch (e) {
        if (asking) {
          await this.call("cancel").catch(() => {});
          throw new LinkError("nobody pressed OK on the device");
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
        const s = state[msg.name];
        if (!s || s.error || s.done) continue;
        if (msg.err) s.error = msg.err;
        else if (msg.data !== undefined) {
          const piece = Uint8Array.from(atob(msg.data), (c) => c.charCodeAt(0));
          const crc = crc32(piece, s.crc);
          if (msg.off !== s.size || hex8(crc) !== msg.crc) s.error = "gap";
          else {
            s.parts.push(piece);
            s.size += piece.length;
            s.crc = crc;
          }
        } else if (msg.end !== undefined) {
          if (msg.end !== s.size || msg.crc !== hex8(s.crc)) s.error = "crc";
          else {
            s.done = true;
            const all = new Uint8Array(s.size);
            let at = 0;
            for (const p of s.parts) {
              all.set(p, at);
              at += p.length;
            }
            got[msg.name] = all;
          }
        }
        continue;
      }
      if (msg.ok === true && msg.done) return got;
      if (msg.err === "denied") throw new LinkError("refused on the device");
      throw new LinkError("the device refused the pull: " + msg.err);
    }
  }
}

// Every record of the device: {device, records: [[file name, bytes]], refused: n, failed: n}.
// Games without secrets come in batches; each game that needs a press, alone.
export async function pullAll(link, say) {
  const info = await link.hello();
  const games = await link.list();
  const free = games.filter((g) => !g.secret && !g.broken).map((g) => g.name);
  const asks = games.filter((g) => g.secret || g.broken).map((g) => g.name);
  const records = [];
  let refused = 0;
  let failed = 0;
  const keep = (got) => {
    for (const name of Object.keys(got).sort()) records.push(["usher-" + info.device + "-" + name + ".log", got[name]]);
  };
  for (let i = 0; i < free.length; i += BATCH_GAMES) {
    const batch = free.slice(i, i + BATCH_GAMES);
    say("Downloading " + (i + batch.length) + " of " + games.length + " records\u2026");
    const got = await link.pull(batch);
    failed += batch.length - Object.keys(got).length;
    keep(got);
  }
  for (const name of asks) {
    say("Downloading: the device asks for OK (Back refuses)\u2026");
    try {
      const got = await link.pull([name], () => say("Press OK on the device to hand over a record that holds secrets (Back refuses)."));
      failed += Object.keys(got).length ? 0 : 1;
      keep(got);
    } catch (e) {
      if (!(e instanceof LinkError)) throw e;
      refused += 1;
    }
  }
  return { device: info.device, records, refused, failed, total: games.length };
}
