// BG Stats from the page: the laptop's own BG Stats module
// (usher_tools.history.bgstats) run in the page's re-scoring VM
// (web/vm/webplays.py), so a play's push link and the import file are
// the bytes `usher export --format bgstats-links` / `bgstats` gives for the
// same games. A QR code of each link (qrcode-generator, pinned in .node and
// copied in by `usher web`) for the phone that has BG Stats.

import qrcode from "./qrcode.mjs";

const pad = (n) => String(n).padStart(2, "0");
export const EPOCH_2000 = 946684800;

// "YYYY-MM-DD HH:MM:SS" in this computer's zone, as the laptop's play_date
/** @param {number} seconds */
export function localDate(seconds) {
  const d = new Date(seconds * 1000);
  return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate()) + " " + pad(d.getHours()) + ":" + pad(d.getMinutes()) + ":" + pad(d.getSeconds());
}

// A row dated by the first sync that brought it (history.mjs syncedAt): its device's clock was not set.
export const datedFromSync = (row) => (row.view && row.view.clock === "unset") || Number(row.created || 0) < EPOCH_2000;

// The rows BG Stats takes: whole, finished, and the replay agreeing with the device.
export function eligible(rows) {
  return rows.filter((r) => r.complete && r.result && r.result.finished && r.status === "ok");
}

// The parts of a person's own BG Stats export that the file takes from it
// (bgstats.py's like_of reads and checks them), so a large export fits the
// checking VM's heap: not its plays, and of each player, game and location
// only the plain values (bgstats.py never takes a list or an object from it:
// a game's copies and tags stay out).
const isObject = (o) => !!o && typeof o === "object" && !Array.isArray(o);
const plainValues = (o) => (isObject(o) ? Object.fromEntries(Object.entries(o).filter(([, v]) => v === null || typeof v !== "object")) : o);

export function exportParts(e) {
  if (!isObject(e)) return e;
  const plain = (list) => (Array.isArray(list) ? list.map(plainValues) : list);
  return { players: plain(e.players), games: plain(e.games), locations: plain(e.locations), userInfo: e.userInfo };
}

// {players, games, me} of a chosen export, or {error}: why it is not one.
export function likeSummary(scorer, like) {
  return scorer.call("webplays", "like", { like });
}

// {plays, links, file} for these history rows (oldest first, as the laptop's ids go);
// `like`: exportParts of the person's own export (`usher export --like`), or null.
export async function bgstats(scorer, rows, like = null) {
  rows = eligible(rows)
    .slice()
    .sort((a, b) => a.syncedAt - b.syncedAt || a.created - b.created || (a.name < b.name ? -1 : 1));
  const args = [];
  const files = rows.map((r, i) => ["/tmp/bg" + i + ".log", r.data]);
  rows.forEach((r, i) =>
    args.push({
      device: r.device,
      gid: r.gid,
      name: r.name,
      created: r.created,
      copy: r.copy,
      game: r.game,
      path: "/tmp/bg" + i + ".log",
      result: r.result,
      date: localDate(datedFromSync(r) ? r.syncedAt : r.created),
      dated_by: datedFromSync(r) ? "the sync" : "",
    }),
  );
  const out = await scorer.call("webplays", "plays", { rows: args, like }, files);
  out.rows = rows;
  return out;
}

// A canvas holding the QR code of `text` (byte mode, error correction L),
// 4 modules of quiet zone, `scale` pixels a module; null if it does not fit.
/** @param {string} text */
export function qrCanvas(text, scale = 3) {
  let qr;
  try {
    qr = qrcode(0, "L");
    qr.addData(text, "Byte");
    qr.make();
  } catch {
    return null;
  }
  const n = qr.getModuleCount();
  const size = (n + 8) * scale;
  const c = document.createElement("canvas");
  c.width = c.height = size;
  c.className = "qr";
  const g = c.getContext("2d");
  g.fillStyle = "#fff";
  g.fillRect(0, 0, size, size);
  g.fillStyle = "#000";
  for (let r = 0; r < n; r++) for (let k = 0; k < n; k++) if (qr.isDark(r, k)) g.fillRect((k + 4) * scale, (r + 4) * scale, scale, scale);
  return c;
}
