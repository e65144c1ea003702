// The page's history: the games synced from a Pico (or the page's own
// device), kept in IndexedDB and keyed as the laptop's history keys them
// (history/store.py): the device's id and the game's uid (a game recorded
// before uids: its name and start time). The sync (sync.mjs) writes it; the
// page's list reads it.
//
// A row: {key, device, gid, name, game, created, view (the device's list
// entry), data (the record's bytes), complete, status ("partial", "ok",
// "mismatch", "invalid"), problem, result (the page's replay), held (the
// bytes of a transfer not finished yet, when longer than data), syncedAt
// (when the first sync that brought any of the game ran: later syncs of it,
// and a copy kept beside it, keep that time, the date of a game whose
// device's clock was not set, as the laptop's first_seen), copy (0; n for a
// finished game the device later sent different, kept beside it)}. A partial
// row is never shown as a whole game.

import { req } from "./util.mjs";
import { t } from "./words.mjs";

const DB = "usher-history";
const STORE = "games";

export function gidOf(view) {
  if (typeof view.uid === "string" && view.uid) return view.uid;
  return view.name + "@" + Math.trunc(Number(view.created || 0));
}

const keyOf = (device, gid, copy = 0) => device + "/" + gid + (copy ? "#" + copy : "");

// A game's row as the history keeps it (the first copy), its sync time the
// earlier row's when there was one: the first sync that saw a game dates it.
function rowOf(device, view, bytes, earlier, state) {
  const gid = gidOf(view);
  return Object.assign(
    {
      key: keyOf(device, gid),
      device,
      gid,
      name: view.name,
      game: view.game,
      created: view.created || 0,
      view,
      data: bytes,
      held: null,
      syncedAt: (earlier && earlier.syncedAt) || Math.floor(Date.now() / 1000),
      copy: 0,
    },
    state,
  );
}

export class History {
  static async open(name = DB) {
    const r = indexedDB.open(name, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE, { keyPath: "key" });
    return new History(await req(r));
  }

  /** @param {IDBDatabase} db */
  constructor(db) {
    this.db = db;
  }

  /** @param {IDBTransactionMode} mode */
  store(mode) {
    return this.db.transaction(STORE, mode).objectStore(STORE);
  }

  // The history's current copy of a device's game (never a kept older copy).
  async latest(device, gid) {
    return (await req(this.store("readonly").get(keyOf(device, gid)))) || null;
  }

  async all() {
    const rows = await req(this.store("readonly").getAll());
    return rows.sort((a, b) => b.created - a.created || (a.name < b.name ? 1 : -1) || a.copy - b.copy);
  }

  async put(row) {
    await req(this.store("readwrite").put(row));
    return row;
  }

  // Bytes of a transfer that did not finish: kept so the next sync resumes;
  // a whole game the history holds stays whole.
  async savePartial(device, view, bytes) {
    const gid = gidOf(view);
    const row = await this.latest(device, gid);
    if (row && row.complete) {
      if (bytes.length > row.data.length) row.held = bytes;
      return this.put(row);
    }
    return this.put(rowOf(device, view, bytes, row, { complete: false, status: "partial", problem: "", result: {} }));
  }

  // A whole record, re-scored. A finished game whose record came back
  // different (not a longer copy of it) is kept beside the new one.
  async saveComplete(device, view, bytes, scored) {
    const gid = gidOf(view);
    const old = await this.latest(device, gid);
    let note = "";
    if (old && old.complete && old.result && old.result.finished && !startsWith(bytes, old.data)) {
      const rows = await this.all();
      const copy = 1 + Math.max(0, ...rows.filter((r) => r.device === device && r.gid === gid).map((r) => r.copy));
      await this.put(Object.assign({}, old, { key: keyOf(device, gid, copy), copy }));
      note = t("%s came back different from the finished game kept before: both kept", view.name);
    }
    const { status, problem, result } = scored;
    await this.put(rowOf(device, view, bytes, old, { complete: true, status, problem, result }));
    return note;
  }

  async wipe() {
    await req(this.store("readwrite").clear());
  }
}

/**
 * @param {Uint8Array} bytes
 * @param {Uint8Array} head
 */
export function startsWith(bytes, head) {
  if (head.length > bytes.length) return false;
  for (let i = 0; i < head.length; i++) if (bytes[i] !== head[i]) return false;
  return true;
}
