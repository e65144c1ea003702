// Small helpers the page's modules share, the scorer's worker among them
// (so nothing here touches the document).

// Bytes as base64 (the tests read records and frames through it).
/** @param {Uint8Array} bytes */
export function b64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

// An IndexedDB request as a promise of its result.
/**
 * @template T
 * @param {IDBRequest<T>} r
 * @returns {Promise<T>}
 */
export function req(r) {
  return new Promise((resolve, reject) => {
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}

// One line for a failure in a MicroPython VM: a Python exception's type and
// the last line of its traceback, else the error's first line.
/** @param {any} e */
export function pyError(e) {
  if (e && e.name === "PythonError") return e.type + ": " + String(e.message).trim().split("\n").pop();
  return String((e && e.message) || e).split("\n")[0];
}
