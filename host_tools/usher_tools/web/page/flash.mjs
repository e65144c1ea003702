// The device's flash, kept in this browser's IndexedDB: one record per file
// of /data (key [board, name]), and per board its unique id. A tick's writes
// are saved in one transaction, so a reload (the page's power cut) finds the
// flash as it was between two ticks, never half a write.

import { req } from "./util.mjs";

const DB = "usher-web";
const FILES = "files";
const BOARDS = "boards";

/**
 * @param {IDBTransaction} tx
 * @returns {Promise<void>}
 */
function done(tx) {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("flash transaction aborted"));
  });
}

function newId() {
  const b = new Uint8Array(8);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

export class Flash {
  constructor() {
    /** @type {IDBDatabase} */
    this.db = null;
    this.queue = Promise.resolve();
    this.kept = true; // false: the browser keeps nothing (MemoryFlash)
  }

  static async open() {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => {
      r.result.createObjectStore(FILES);
      r.result.createObjectStore(BOARDS);
    };
    const f = new Flash();
    f.db = await req(r);
    return f;
  }

  // The board's id (made up the first time: a Pico's is burnt in), and its files.
  /**
   * @param {string} board
   * @returns {Promise<{uid: string, files: [string, Uint8Array][]}>}
   */
  async load(board) {
    const tx = this.db.transaction([FILES, BOARDS], "readwrite");
    const boards = tx.objectStore(BOARDS);
    let info = await req(boards.get(board));
    if (!info) {
      info = { uid: newId() };
      boards.put(info, board);
    }
    const files = [];
    const range = IDBKeyRange.bound([board, ""], [board, "\uffff"]);
    const store = tx.objectStore(FILES);
    const [keys, values] = await Promise.all([req(store.getAllKeys(range)), req(store.getAll(range))]);
    for (let i = 0; i < keys.length; i++) files.push([keys[i][1], new Uint8Array(values[i])]);
    await done(tx);
    return { uid: info.uid, files };
  }

  // Save changes (Map name -> bytes, or null for a file removed), in order.
  /**
   * @param {string} board
   * @param {Map<string, Uint8Array | null>} changes
   * @returns {Promise<void>}
   */
  save(board, changes) {
    if (!changes.size) return this.queue;
    this.queue = this.queue.then(() => {
      const tx = this.db.transaction(FILES, "readwrite");
      const store = tx.objectStore(FILES);
      for (const [name, bytes] of changes) {
        if (bytes) store.put(bytes.slice(), [board, name]);
        else store.delete([board, name]);
      }
      return done(tx);
    });
    return this.queue;
  }

  // A blank board: no files, a new id (so the laptop's history keeps the
  // old board's games apart from the new one's, whose names start again).
  /** @param {string} board */
  async wipe(board) {
    await this.queue;
    const tx = this.db.transaction([FILES, BOARDS], "readwrite");
    tx.objectStore(FILES).delete(IDBKeyRange.bound([board, ""], [board, "\uffff"]));
    tx.objectStore(BOARDS).put({ uid: newId() }, board);
    await done(tx);
  }

  // Replace the board's files (the tests put records on a blank board).
  /**
   * @param {string} board
   * @param {[string, Uint8Array][]} files
   */
  async replace(board, files) {
    await this.wipe(board);
    const changes = new Map(files);
    await this.save(board, changes);
  }

  flushed() {
    return this.queue;
  }
}

// Where the browser keeps nothing (IndexedDB refused, e.g. a private
// window): the same flash in memory, gone with the page.
export class MemoryFlash extends Flash {
  constructor() {
    super();
    /** @type {Map<string, {uid: string, files: Map<string, Uint8Array>}>} */
    this.boards = new Map();
    this.kept = false;
  }

  /** @param {string} board */
  board(board) {
    if (!this.boards.has(board)) this.boards.set(board, { uid: newId(), files: new Map() });
    return this.boards.get(board);
  }

  /** @override */
  async load(board) {
    const b = this.board(board);
    return { uid: b.uid, files: [...b.files].map(([n, bytes]) => /** @type {[string, Uint8Array]} */ ([n, bytes.slice()])) };
  }

  /** @override */
  save(board, changes) {
    const files = this.board(board).files;
    for (const [name, bytes] of changes) {
      if (bytes) files.set(name, bytes.slice());
      else files.delete(name);
    }
    return this.queue;
  }

  /** @override */
  async wipe(board) {
    this.boards.set(board, { uid: newId(), files: new Map() });
  }
}
