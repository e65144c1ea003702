// Putting Usher on a Pico from the page: the release's files (release.json
// at the site's root: {version, uf2, sha256, size} of the Pico's file, and
// "files", one per chip: [{chip, board, uf2, sha256, size}], see
// usher_tools/release.py) as downloads, and in browsers with the File System
// Access API "Write to the Pico": the person picks the boot drive a Pico
// shows while BOOTSEL is held, the page reads its INFO_UF2.TXT (an RP2040
// Pico's RPI-RP2 drive or a Pico 2's RP2350 drive), takes the file made for
// that chip (checking the file's own UF2 family too), writes it, and takes
// the drive vanishing at the close (the board restarts as soon as it has the
// whole file) as the success it is.

import { t } from "./words.mjs";

export const CHIP_NAMES = { rp2040: "RP2040 (Pico)", rp2350: "RP2350 (Pico 2)" };
export const BOARD_NAMES = { rp2040: "Pico", rp2350: "Pico 2" };
// UF2 family id -> chip (the RP2350's: its Arm cores' secure image)
const FAMILIES = { 0xe48bff56: "rp2040", 0xe48bff59: "rp2350" };
const ABSOLUTE = 0xe48bff57; // picotool's one RP2350-E10 block before an RP2350 image

function goodFile(f) {
  return f && typeof f.uf2 === "string" && /^[0-9a-f]{64}$/.test(f.sha256) && f.size > 0;
}

/** @typedef {{chip: string, board: string, uf2: string, sha256: string, size: number}} ReleaseFile */
/** @typedef {{version: string, uf2: string, sha256: string, size: number, files: ReleaseFile[]}} Release */

/** @returns {Promise<Release | null>} */
export async function release(base = "") {
  let res;
  try {
    res = await fetch(base + "release.json", { cache: "no-cache" });
  } catch {
    return null;
  }
  if (!res.ok) return null;
  try {
    const r = await res.json();
    if (!goodFile(r)) return null;
    // a release.json from before the Pico 2 lists no files: its one file is the RP2040's
    const files = Array.isArray(r.files) ? r.files.filter((f) => goodFile(f) && CHIP_NAMES[f.chip]) : [];
    r.files = files.length ? files : [{ chip: "rp2040", board: "Pico", uf2: r.uf2, sha256: r.sha256, size: r.size }];
    return r;
  } catch {
    return null;
  }
}

/** @param {Uint8Array<ArrayBuffer>} bytes */
export async function sha256hex(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

// A boot drive's INFO_UF2.TXT, "" when the folder has none (not a boot drive).
/** @param {FileSystemDirectoryHandle} dir */
export async function bootDrive(dir) {
  try {
    const f = await (await dir.getFileHandle("INFO_UF2.TXT")).getFile();
    return (await f.text()).slice(0, 400);
  } catch {
    return "";
  }
}

/**
 * @param {string} text
 * @param {string} key
 */
function field(text, key) {
  const m = new RegExp("^\\s*" + key + "\\s*:\\s*(.*?)\\s*$", "im").exec(text);
  return m ? m[1] : "";
}

// a folder picked that is no boot drive (pico.mjs says it too)
export const NOT_A_DRIVE = () =>
  t("that folder is not a Pico's boot drive (no INFO_UF2.TXT): hold BOOTSEL while you plug the Pico in, then pick the RPI-RP2 (Pico) or RP2350 (Pico 2) drive");

// The chip of a boot drive from its INFO_UF2.TXT: the RP2040's boot ROM
// writes "Model: Raspberry Pi RP2" / "Board-ID: RPI-RP2", the RP2350's
// "Model: Raspberry Pi RP2350" / "Board-ID: RP2350"; "" for another board.
/** @param {string} text */
export function driveChip(text) {
  const board = field(text, "Board-ID");
  const model = field(text, "Model");
  if (board.startsWith("RPI-RP2") || model === "Raspberry Pi RP2") return "rp2040";
  if (board.startsWith("RP2350") || model === "Raspberry Pi RP2350") return "rp2350";
  return "";
}

/** @param {string} text */
function driveName(text) {
  return (field(text, "Board-ID") || field(text, "Model") || t("a drive of another kind")).slice(0, 60);
}

// The chip a UF2's blocks are for ("" when not one of ours, or mixed).
/** @param {Uint8Array} bytes */
export function uf2Chip(bytes) {
  if (!bytes.length || bytes.length % 512) return "";
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let chip = "";
  for (let i = 0; i < bytes.length; i += 512) {
    if (v.getUint32(i, true) !== 0x0a324655 || v.getUint32(i + 4, true) !== 0x9e5d5157) return "";
    const flags = v.getUint32(i + 8, true);
    const family = v.getUint32(i + 28, true);
    if (flags & 1) continue; // not for the flash
    if (i === 0 && family === ABSOLUTE) continue;
    const c = flags & 0x2000 ? FAMILIES[family] : "";
    if (!c || (chip && c !== chip)) return "";
    chip = c;
  }
  return chip;
}

// The release's file for the drive whose INFO_UF2.TXT is `text`, or one line
// why there is none (naming the drive and the files).
/**
 * @param {Release} r
 * @param {string} text
 */
export function fileFor(r, text) {
  const chip = driveChip(text);
  const offered = r.files.map((f) => t("%s for the %s", f.uf2.split("/").pop(), CHIP_NAMES[f.chip])).join(" " + t("and") + " ");
  if (!chip) throw new Error(t("this drive is %s (its INFO_UF2.TXT), not a Pico (RP2040) nor a Pico 2 (RP2350); this site has %s", driveName(text), offered));
  const f = r.files.find((x) => x.chip === chip);
  if (!f) throw new Error(t("this drive is an %s, and this site has only %s", CHIP_NAMES[chip], offered));
  return f;
}

// Write `bytes` as `name` onto the drive, once they are a UF2 for its chip. Returns one line for the page.
/**
 * @param {FileSystemDirectoryHandle} dir
 * @param {string} name
 * @param {Uint8Array<ArrayBuffer>} bytes
 */
export async function writeToDrive(dir, name, bytes) {
  const text = await bootDrive(dir);
  if (!text) throw new Error(NOT_A_DRIVE());
  const chip = driveChip(text);
  const made = uf2Chip(bytes);
  if (!made) throw new Error(t("%s is not a UF2 for a Pico (RP2040) nor a Pico 2 (RP2350)", name));
  if (made !== chip)
    throw new Error(
      chip
        ? t("%s is for the %s, this drive is an %s", name, CHIP_NAMES[made], CHIP_NAMES[chip])
        : t("%s is for the %s, this drive is %s (its INFO_UF2.TXT)", name, CHIP_NAMES[made], driveName(text)),
    );
  let w;
  try {
    const h = await dir.getFileHandle(name, { create: true });
    w = await h.createWritable();
    await w.write(bytes);
  } catch (e) {
    throw new Error(t("the drive refused the file: %s", String((e && e.message) || e).split("\n")[0]), { cause: e });
  }
  const board = BOARD_NAMES[chip];
  try {
    await w.close();
  } catch {
    // the board took the whole file and restarted: its drive went away mid-close
    return t("written: the %s restarts with Usher (its drive went away, as it should)", board);
  }
  return t("written: the %s restarts with Usher in a moment", board);
}
