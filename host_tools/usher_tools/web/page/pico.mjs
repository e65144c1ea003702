// The page's half of game night to BG Stats: sync a Pico (Web Serial) or
// this page's own device through the one sync (sync.mjs), keep and check
// the games (history.mjs, scorer.mjs), list them, hand them to BG Stats
// (bgstats.mjs) or as record files to `usher import`, and put Usher on a
// Pico (uf2.mjs). Every failure is one line in #sync-status or
// #fw-status; nothing kept is ever dropped by one.

import { bgstats, datedFromSync, eligible, exportParts, likeSummary, qrCanvas } from "./bgstats.mjs";
import { History, gidOf } from "./history.mjs";
import { Link, LinkError } from "./link.mjs";
import { Scorer } from "./scorer.mjs";
import { sync } from "./sync.mjs";
import { SerialTransport, choosePort, serialSupport } from "./transport.mjs";
import { BOARD_NAMES, NOT_A_DRIVE, bootDrive, fileFor, release, sha256hex, writeToDrive } from "./uf2.mjs";
import { b64 } from "./util.mjs";
import { dateTime, num, t } from "./words.mjs";

// A file handed to the person as a download (the page's records, the BG Stats file).
/**
 * @param {string} name
 * @param {BlobPart} bytes
 */
export function saveFile(name, bytes, type = "application/octet-stream") {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
}

/** @param {string} id */
const $ = (id) => document.getElementById(id);
/** @param {string} id */
const button = (id) => /** @type {HTMLButtonElement} */ ($(id));
// each game's title by its record name: the build writes the firmware catalog's in (usher_tools/web, titles)
const TITLES = /** @type {Record<string, string>} */ ({});
const LOCK = "usher-sync"; // one sync at a time in this browser: two tabs would share a port

// A sync's LinkError after the hello, with what the sync kept (sync.mjs)
/** @typedef {LinkError & {device?: string, fw?: string, games?: any[], partial?: {name: string, size: number, of: number}[]}} SyncStop */

const ends = (text) => (/[.?!]$/.test(text) ? text : text + "."); // the device's words may end in "?" already
const broughtN = (games) => games.filter((g) => !["same", "skipped", "failed", "gone"].includes(g.action)).length;
// which device and firmware answered the hello, as `usher sync` prints them
const answered = (r) => t("Device %s (firmware %s): ", r.device, r.fw);

// A game the sync did not bring: its id and the device's own description of
// it from the question it showed ("Send g0004 to the laptop? DESCRIPTION.
// Its secrets leave the device.", firmware/usher/link/serve.py), else its list entry.
function gameWords(g) {
  const asked = /^Send \S+ to the laptop\? (.+?)\.(?: Its secrets leave the device\.)?$/.exec(g.ask || "");
  if (asked) return g.name + ", " + asked[1] + ",";
  const players = (g.view && g.view.players) || [];
  return g.name + ", " + (TITLES[g.game] || g.game) + (players.length ? " (" + players.join(", ") + ")" : "") + ",";
}

// why a game was not brought: Back on the device's question, nobody answered it, or the transfer kept failing
function why(g) {
  if (g.why === "denied") return t("refused on the device (Back was pressed)");
  if (g.why === "timeout") return t("nobody pressed OK on the device in time");
  return t("it did not arrive whole (sync again)");
}
const notBrought = (g) => t("%s not brought: %s", gameWords(g), why(g));

export function setupPico({ pageDevice }) {
  // like: the parts of the person's own BG Stats export chosen on this page (kept until it reloads)
  const st = { history: null, scorer: new Scorer(), busy: false, last: null, links: null, release: null, like: null };
  const historyOpen = History.open().then((h) => (st.history = h)).catch(() => null);

  const say = (text) => ($("sync-status").textContent = text);

  const support = serialSupport();
  $("serial-support").textContent = support;
  button("connect").disabled = !!support;

  async function withLock(fn) {
    if (!navigator.locks) return fn();
    return navigator.locks.request(LOCK, { ifAvailable: true }, (lock) => {
      if (!lock) {
        say(t("Another tab of this browser is syncing: wait for it, or close it."));
        return null;
      }
      return fn();
    });
  }

  // asking: the line while the device is asked (whom it asks)
  async function run(transportOf, asking) {
    if (st.busy) return null;
    st.busy = true;
    for (const b of ["connect", "sync-page"]) button(b).disabled = true;
    let tr = null;
    try {
      return await withLock(async () => {
        const history = await historyOpen;
        if (!history) {
          say(t("This browser keeps no storage for this page: nothing could be kept."));
          return null;
        }
        try {
          tr = await transportOf();
        } catch (e) {
          say(String((e && e.message) || e));
          return null;
        }
        if (!tr) return null;
        const link = new Link(tr);
        say(asking);
        try {
          const r = await sync(link, history, st.scorer, {
            say,
            // the device's question quoted: its words are the firmware's ("to the laptop"), whoever asks
            pending: (ask) => say(t("Press OK on the device to send the game here (Back refuses). It asks: \u201c%s\u201d", ask)),
            note: () => {},
          });
          st.last = r;
          await render();
          say(summary(r));
          return r;
        } catch (e) {
          if (!(e instanceof LinkError)) throw e;
          /** @type {SyncStop} */
          const stop = e;
          st.last = { error: e.message, code: e.code, device: stop.device, games: stop.games || [] };
          await render();
          say(stopped(stop));
          return null;
        }
      });
    } catch (e) {
      say(t("Sync failed: %s", String((e && e.message) || e).split("\n")[0]));
      return null;
    } finally {
      if (tr) await tr.close().catch(() => {});
      st.busy = false;
      button("connect").disabled = !!support;
      button("sync-page").disabled = false;
    }
  }

  function summary(r) {
    const n = (k) => r.games.filter((g) => g.action === k).length;
    let text = broughtN(r.games) === 1 ? t("1 game brought") : t("%d games brought", broughtN(r.games));
    if (n("same")) text += t(", %d already here", n("same"));
    for (const g of r.games) if (g.action === "skipped" || g.action === "failed") text += "; " + notBrought(g);
    const bad = r.games.filter((g) => g.status === "mismatch" || g.status === "invalid").length;
    if (bad) text += t("; %d flagged: the page's replay disagrees with the device", bad);
    return answered(r) + ends(text);
  }

  // A sync cut short: what it kept, and a resume promised only for a game kept in part.
  /** @param {SyncStop} e */
  function stopped(e) {
    let text = e.device ? t("sync stopped: %s", ends(e.message)) : t("Sync stopped: %s", ends(e.message));
    const whole = broughtN(e.games || []);
    if (whole) text += whole === 1 ? t(" 1 game came whole and is kept.") : t(" %d games came whole and are kept.", whole);
    const part = (e.partial || []).map((p) => t("%s (%d of %d bytes)", p.name, p.size, p.of));
    if (part.length) text += t(" %s came in part, kept: the next sync goes on from there.", part.join(" " + t("and") + " "));
    return (e.device ? answered(e) : "") + text;
  }

  async function connect() {
    return run(async () => {
      const port = await choosePort();
      if (!port) throw new Error(t("No Pico picked. Plug it in (Usher's home screen showing) and connect again."));
      return await new SerialTransport(port).open();
    }, t("Asking the Pico for its games\u2026"));
  }

  async function syncPage() {
    return run(async () => {
      const tr = pageDevice();
      if (!tr) throw new Error(t("The page's device is off or busy."));
      return tr;
    }, t("Asking the page's device for its games\u2026"));
  }

  // ------------------------------------------------------------ the list

  async function render() {
    const history = await historyOpen;
    const rows = history ? await history.all() : [];
    const body = $("games-body");
    body.replaceChildren();
    // the last sync's games it did not bring and the history holds nothing of: listed too, first
    const last = st.last || {};
    const held = new Set(rows.map((r) => r.device + "/" + r.gid));
    const missed = (last.games || []).filter((g) => g.view && (g.action === "skipped" || g.action === "failed") && !held.has(last.device + "/" + gidOf(g.view)));
    $("games").hidden = !rows.length && !missed.length;
    $("games-empty").hidden = !!rows.length || !!missed.length;
    for (const g of missed) {
      const tr = document.createElement("tr");
      tr.dataset.status = "missed";
      const v = g.view;
      const when = datedFromSync({ view: v, created: v.created }) ? t("date not known") : dateTime(v.created);
      for (const text of [g.name + " " + (TITLES[g.game] || g.game), when, (v.players || []).join(", "), "", t("not brought: %s", why(g)), ""]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
    for (const r of rows) {
      const tr = document.createElement("tr");
      tr.dataset.key = r.key;
      tr.dataset.status = r.status;
      // the device's clock, or (never set) the first sync that brought the game, as its BG Stats play says
      const when = datedFromSync(r) ? t("%s (first sync)", dateTime(r.syncedAt)) : dateTime(r.created);
      const players = (r.view.players || []).join(", ");
      let result = "";
      let state;
      if (!r.complete) state = t("partial: %d of %d bytes (sync again)", r.data.length, r.view.size);
      else if (r.status === "invalid") state = t("cannot be replayed: %s", r.problem);
      else if (r.status === "mismatch") state = t("flagged: %s", r.problem);
      else state = r.result.finished ? t("finished") : t("unfinished");
      if (r.complete && r.result.finished && r.result.winner) result = t("%s won", Array.isArray(r.result.winner) ? r.result.winner.join(" & ") : r.result.winner);
      // the game's id on the device (its own "g0004 Showbiz"): two games of one title and night told apart
      const named = r.name + " " + (TITLES[r.game] || r.game);
      const game = r.copy ? t("%s (an earlier copy, kept)", named) : named;
      for (const text of [game, when, players, result, state]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      }
      const td = document.createElement("td");
      // standings only of a finished game: an unfinished one's scores may be secrets (money)
      if (r.complete && r.result.finished && r.result.players) {
        const d = document.createElement("details");
        const s = document.createElement("summary");
        s.textContent = t("Standings");
        d.appendChild(s);
        const ol = document.createElement("ol");
        ol.className = "standings";
        for (const p of r.result.players) {
          const li = document.createElement("li");
          li.textContent = p.rank + ". " + p.name + " \u2013 " + (typeof p.score === "number" ? num(p.score) : p.score);
          ol.appendChild(li);
        }
        d.appendChild(ol);
        td.appendChild(d);
      }
      const box = document.createElement("div");
      box.className = "bg";
      td.appendChild(box);
      tr.appendChild(td);
      body.appendChild(tr);
    }
    button("bgstats-file").disabled = !eligible(rows).length;
    button("records").disabled = !rows.some((r) => r.complete);
    st.links = null;
    if (eligible(rows).length) await addLinks(rows);
  }

  async function addLinks(rows) {
    let out;
    try {
      out = await bgstats(st.scorer, rows);
    } catch (e) {
      say(t("BG Stats links could not be made: %s", String((e && e.message) || e).split("\n").pop()));
      return;
    }
    st.links = out;
    const byRow = new Map();
    out.plays.forEach((p, i) => {
      const key = rowOf(out.rows, p);
      if (!byRow.has(key)) byRow.set(key, []);
      byRow.get(key).push([p, out.links[i]]);
    });
    for (const tr of /** @type {HTMLCollectionOf<HTMLTableRowElement>} */ ($("games-body").children)) {
      const list = byRow.get(tr.dataset.key);
      if (!list) continue;
      const box = tr.querySelector(".bg");
      for (const [p, link] of list) {
        const a = document.createElement("a");
        a.href = link;
        a.className = "bglink";
        a.target = "_blank";
        a.rel = "noopener";
        a.textContent = p.id.includes("#g") ? t("Add to BG Stats (game %s)", p.id.split("#g").pop()) : t("Add to BG Stats");
        const d = document.createElement("details");
        d.className = "qrbox";
        const s = document.createElement("summary");
        s.textContent = "QR";
        d.appendChild(s);
        const c = qrCanvas(link);
        if (c) {
          c.dataset.link = link;
          d.appendChild(c);
        } else d.appendChild(document.createTextNode(t("too long for a QR code: open the link on the phone")));
        box.append(a, d);
      }
    }
  }

  function rowOf(rows, play) {
    const id = play.id.split("#g")[0];
    for (const r of rows) {
      const mine = r.device + ":" + r.gid + (r.copy ? "#" + r.copy : "");
      if (id === mine || id === r.device + ":" + r.name) return r.key;
    }
    return "";
  }

  async function bgFile() {
    const history = await historyOpen;
    let out;
    try {
      out = (!st.like && st.links) || (await bgstats(st.scorer, await history.all(), st.like));
    } catch (e) {
      return say(t("The BG Stats file could not be made: %s", String((e && e.message) || e).split("\n")[0]));
    }
    saveFile("usher-bgstats.json", new TextEncoder().encode(out.file), "application/json");
    say(t("%d plays in usher-bgstats.json: open it with BG Stats on the phone to add them (not as a backup to restore: that replaces what the app holds).", out.plays.length));
  }

  // "Use my BG Stats export": the file keeps the ids and uuids of the players,
  // games and location the person has (bgstats.py matches them, as `usher export --like`)
  async function chooseLike() {
    const f = /** @type {HTMLInputElement} */ ($("bgstats-like")).files[0];
    st.like = null;
    if (!f) return;
    let parts;
    try {
      parts = exportParts(JSON.parse(await f.text()));
    } catch {
      return say(t("%s is not a BG Stats export: not JSON", f.name));
    }
    let r;
    try {
      r = await likeSummary(st.scorer, parts);
    } catch (e) {
      // the checking VM's heap (a very large export): the laptop takes any
      return say(t("%s could not be read here (%s): usher export --like takes it on a laptop.", f.name, String((e && e.message) || e).split("\n")[0]));
    }
    if (r.error) return say(t("%s is not a BG Stats export: %s", f.name, r.error));
    st.like = parts;
    say(
      r.me
        ? t("Using %s (%d players, %d games; you are %s): the BG Stats file keeps the ones you have.", f.name, r.players, r.games, r.me)
        : t("Using %s (%d players, %d games): the BG Stats file keeps the ones you have.", f.name, r.players, r.games),
    );
  }

  async function records() {
    const history = await historyOpen;
    const rows = (await history.all()).filter((r) => r.complete);
    for (let i = 0; i < rows.length; i++) {
      if (i) await new Promise((ok) => setTimeout(ok, 150));
      saveFile("usher-" + rows[i].device + "-" + rows[i].name + (rows[i].copy ? "-" + rows[i].copy : "") + ".log", rows[i].data);
    }
    say(t("%d record files: usher import FILE\u2026 puts them into the laptop's history.", rows.length));
  }

  // ------------------------------------------------------------ firmware

  const fwSay = (text) => ($("fw-status").textContent = text);

  async function showRelease() {
    const r = (st.release = await release());
    if (!r) {
      $("fw-release").textContent = t(
        "The firmware (usher-VERSION.uf2 for a Pico, usher-pico2-VERSION.uf2 for a Pico 2) comes with a release of Usher; this page was served without one (a development checkout: make uf2 builds both).",
      );
      button("write-pico").disabled = true;
      return;
    }
    // one download per board: the Pico's (RP2040) file, the Pico 2's (RP2350)
    /** @type {(string | Node)[]} */
    const parts = ["Usher " + r.version + ": "];
    r.files.forEach((f, i) => {
      const a = document.createElement("a");
      a.href = f.uf2;
      a.download = f.uf2.split("/").pop();
      a.id = f.chip === "rp2040" ? "uf2-link" : "uf2-link-" + f.chip;
      a.textContent = t("Download %s", a.download);
      const code = document.createElement("code");
      code.textContent = f.sha256;
      parts.push(i ? "; " : "", a, t(" for a %s (%s, %d KB, sha256 ", BOARD_NAMES[f.chip], f.chip.toUpperCase(), Math.round(f.size / 1024)), code, ")");
    });
    $("fw-release").replaceChildren(...parts, ".");
    button("write-pico").disabled = !("showDirectoryPicker" in window);
    if (!("showDirectoryPicker" in window)) fwSay(t("This browser cannot write to the drive itself: download the file for your board and drag it onto its drive (RPI-RP2 or RP2350)."));
  }

  async function uf2Bytes(r) {
    const res = await fetch(r.uf2, { cache: "no-cache" });
    if (!res.ok) throw new Error(t("could not fetch %s (%s)", r.uf2, res.status));
    const bytes = new Uint8Array(await res.arrayBuffer());
    if ((await sha256hex(bytes)) !== r.sha256) throw new Error(t("the downloaded file does not match its sha256: reload the page and try again"));
    return bytes;
  }

  async function writePico(dir) {
    try {
      if (!st.release) throw new Error(t("no firmware file on this site"));
      if (!dir) {
        try {
          dir = await window.showDirectoryPicker({ id: "rpi-rp2", mode: "readwrite" });
        } catch (e) {
          if (e && e.name === "AbortError") return fwSay(t("No drive picked."));
          throw e;
        }
      }
      const info = await bootDrive(dir);
      if (!info) throw new Error(NOT_A_DRIVE());
      const file = fileFor(st.release, info); // the file made for the drive's chip
      fwSay(t("Writing Usher %s\u2026", st.release.version));
      const text = await writeToDrive(dir, file.uf2.split("/").pop(), await uf2Bytes(file));
      fwSay("Usher " + st.release.version + " " + text + ".");
      return true;
    } catch (e) {
      fwSay(t("Not written: %s", String((e && e.message) || e).split("\n")[0]));
      return false;
    }
  }

  $("connect").addEventListener("click", connect);
  $("sync-page").addEventListener("click", syncPage);
  $("bgstats-file").addEventListener("click", bgFile);
  $("bgstats-like-pick").addEventListener("click", () => $("bgstats-like").click());
  $("bgstats-like").addEventListener("change", chooseLike);
  $("records").addEventListener("click", records);
  $("write-pico").addEventListener("click", () => writePico());
  const ready = Promise.all([historyOpen.then(render), showRelease()]).catch((e) => say(String(e)));

  return {
    ready,
    connect,
    syncPage,
    writePico,
    render,
    get last() {
      return st.last;
    },
    // the page's replay of a record (base64) against a device's list entry
    rescore(data, view) {
      return st.scorer.rescore(Uint8Array.from(atob(data), (c) => c.charCodeAt(0)), view);
    },
    async links() {
      await ready;
      const history = await historyOpen;
      return bgstats(st.scorer, await history.all(), st.like);
    },
    async rows() {
      const history = await historyOpen;
      return (await history.all()).map((r) => ({ key: r.key, name: r.name, game: r.game, complete: r.complete, status: r.status, problem: r.problem, size: r.data.length, held: r.held ? r.held.length : 0, result: r.result, data: b64(r.data) }));
    },
  };
}
