// @ts-check
// The device's side of a sync protocol case (tests/fixtures/protocol_cases.json,
// as tests/host/sync/test_protocol_cases.py's `compiled` makes it concrete),
// played as a Web Serial port to the page's own client: link.mjs over
// transport.mjs's SerialTransport, and sync.mjs. Loaded into a page by
// tests/host/web/test_page_protocol_cases.py. It imports nothing (the page's
// modules are handed to `run`) and judges nothing: the Python test takes the
// outcome, the lines heard and what went wrong, and gives the verdict.

/** @typedef {{host?: object, any?: string[], send?: string}} Step */
/** @typedef {{reply: number, keepalive: number, press_wait: number}} Timing */
/**
 * @typedef {{call: string, wants?: [string, string][], op?: string, args?: object,
 *   history?: {gid: string, data: string}[], press_wait?: number}} Call
 */
/** @typedef {{name: string, first_id: number, timing: Timing, steps: Step[], calls: Call[]}} Case */
/** @typedef {{Link: any, LinkError: any, SerialTransport: any, sync: Function}} Page */

/** @param {Uint8Array} bytes */
const text = (bytes) => Array.from(bytes, (b) => String.fromCharCode(b)).join("");
/** @param {string} s */
const bytesOf = (s) => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** JSON with every object's keys sorted: equal objects, equal text. @param {any} v @returns {string} */
function canon(v) {
  if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
  if (v && typeof v === "object")
    return "{" + Object.keys(v).sort().map((k) => JSON.stringify(k) + ":" + canon(v[k])).join(",") + "}";
  return JSON.stringify(v);
}

// A Web Serial port whose far end is the transcript: the device's steps go
// out as soon as they are reached; each line the page writes must be the next
// host step, or the port fails (as if unplugged) and the case ends.
class ScriptedPort {
  /** @param {Step[]} steps */
  constructor(steps) {
    this.steps = steps;
    this.at = 0;
    /** @type {string[]} */
    this.heard = [];
    /** @type {string[]} */
    this.wrong = [];
    this.partial = "";
    /** @type {ReadableStream<Uint8Array> | null} */
    this.readable = null;
    /** @type {WritableStream<Uint8Array> | null} */
    this.writable = null;
    /** @type {ReadableStreamDefaultController<Uint8Array> | null} */
    this.ctl = null;
  }

  getInfo() {
    return { usbVendorId: 0x2e8a };
  }

  async open() {
    this.readable = new ReadableStream({ start: (c) => void (this.ctl = c) });
    this.writable = new WritableStream({ write: (chunk) => this.hear(chunk) });
    this.play();
  }

  async setSignals() {}

  async close() {
    this.readable = null;
    this.writable = null;
  }

  play() {
    for (let s = this.steps[this.at]; s && s.send !== undefined; s = this.steps[this.at]) {
      this.ctl?.enqueue(bytesOf(s.send));
      this.at += 1;
    }
  }

  /** @param {Uint8Array} chunk */
  hear(chunk) {
    if (this.wrong.length) throw new Error("the transcript was left");
    const lines = (this.partial + text(chunk)).split("\n");
    this.partial = lines.pop() || "";
    for (const line of lines) {
      if (!line) continue; // an empty line only ends a half line: the device ignores it
      this.heard.push(line);
      const problem = this.check(line, this.steps[this.at]);
      if (problem) {
        this.wrong.push(problem);
        throw new Error(problem);
      }
      this.at += 1;
      this.play();
    }
  }

  /** The object of a host line against its step (the framing is checked in Python). @param {string} line @param {Step | undefined} step */
  check(line, step) {
    if (!step || !step.host) return "a line the device did not expect here: " + line;
    const star = line.lastIndexOf("*");
    if (!line.startsWith("@U ") || star < 0) return "not a framed host line: " + line;
    let obj;
    try {
      obj = JSON.parse(line.slice(3, star));
    } catch {
      return "not JSON: " + line;
    }
    for (const key of step.any || []) {
      if (!Number.isInteger(obj[key])) return key + " should be an integer in " + line;
      delete obj[key];
    }
    if (canon(obj) !== canon(step.host))
      return "sent " + JSON.stringify(obj) + " where the transcript says " + JSON.stringify(step.host);
    return "";
  }
}

/**
 * One call of a case on the page's client: what it returns, as the case file says it.
 * @param {any} link @param {Call} call @param {Timing} timing @param {string[]} asked @param {Page} page
 */
async function one(link, call, timing, asked, page) {
  if (call.call === "hello") return link.hello();
  if (call.call === "list") return link.list();
  if (call.call === "call") return link.call(call.op, call.args);
  if (call.call === "pull") {
    const wants = (call.wants || []).map(([name, have]) => [name, bytesOf(have)]);
    const pressMs = (call.press_wait ?? timing.press_wait) * 1000;
    const got = await link.pull(wants, { onPending: (/** @type {string} */ t) => asked.push(t), pressMs });
    /** @type {Record<string, object>} */
    const out = {};
    for (const [name, s] of Object.entries(got)) out[name] = { complete: s.complete, error: s.error, start: s.start, data: text(s.data) };
    return out;
  }
  if (call.call === "sync") {
    // a history and a re-scoring that only keep what they are given: the protocol is what is tested
    const rows = new Map((call.history || []).map((r) => [r.gid, r]));
    /** @type {Record<string, {complete: boolean, data: string}>} */
    const saved = {};
    /** @param {{name: string}} view @param {Uint8Array} bytes @param {boolean} complete */
    const save = (view, bytes, complete) => void (saved[view.name] = { complete, data: text(bytes) });
    const history = {
      /** @param {string} device @param {string} gid */
      latest: async (device, gid) => {
        const r = rows.get(gid);
        return r ? Object.assign({}, r, { data: bytesOf(r.data), held: null, result: {} }) : null;
      },
      /** @param {string} device @param {{name: string}} view @param {Uint8Array} bytes */
      savePartial: async (device, view, bytes) => save(view, bytes, false),
      /** @param {string} device @param {{name: string}} view @param {Uint8Array} bytes */
      saveComplete: async (device, view, bytes) => {
        save(view, bytes, true);
        return "";
      },
    };
    const scorer = { rescore: async () => ({ status: "ok", problem: "", result: {} }) };
    const ui = { say() {}, note() {}, pending: (/** @type {string} */ t) => asked.push(t) };
    const was = page.Link.pressMs;
    page.Link.pressMs = timing.press_wait * 1000;
    try {
      const report = await page.sync(link, history, scorer, ui);
      return { games: report.games, saved };
    } finally {
      page.Link.pressMs = was;
    }
  }
  throw new Error("no such call in the cases: " + call.call);
}

/**
 * Play one case: {outcomes: [{returns | fails, asked}], wrong, heard, left}.
 * @param {Case} c @param {Page} page
 */
export async function run(c, page) {
  const port = new ScriptedPort(c.steps);
  const t = await new page.SerialTransport(port).open();
  const link = new page.Link(t);
  link.nextId = c.first_id;
  link.keepaliveMs = c.timing.keepalive * 1000;
  const outcomes = [];
  for (const call of c.calls) {
    /** @type {string[]} */
    const asked = [];
    /** @type {{returns?: any, fails?: string, asked?: string[]}} */
    const got = {};
    try {
      got.returns = await one(link, call, c.timing, asked, page);
    } catch (e) {
      if (!(e instanceof page.LinkError)) throw e;
      const err = /** @type {{code: string, message: string}} */ (e);
      got.fails = err.code || "(no code) " + err.message;
    }
    got.asked = asked;
    outcomes.push(got);
  }
  await t.close();
  return { outcomes, wrong: port.wrong, heard: port.heard, left: c.steps.slice(port.at) };
}
