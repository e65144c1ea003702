// Putting Usher on a Pico from the page: the release's usher-VERSION.uf2
// (release.json at the site's root: {version, uf2, sha256, size}) as a
// download, and in browsers with the File System Access API "Write to the
// Pico": the person picks the RPI-RP2 drive a Pico shows while BOOTSEL is
// held, the page checks its INFO_UF2.TXT (an RP2040 boot drive), writes the
// file, and takes the drive vanishing at the close (the Pico restarts as
// soon as it has the whole file) as the success it is.

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
    if (typeof r.uf2 !== "string" || !/^[0-9a-f]{64}$/.test(r.sha256) || !(r.size > 0)) return null;
    return r;
  } catch {
    return null;
  }
}

export async function sha256hex(bytes) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Whether a folder is a Pico's boot drive: its INFO_UF2.TXT names the RP2 boot ROM.
export async function bootDrive(dir) {
  let text;
  try {
    const f = await (await dir.getFileHandle("INFO_UF2.TXT")).getFile();
    text = await f.text();
  } catch {
    return "";
  }
  return /RPI-RP2|RP2040|RP2350|Board-ID:\s*RP/i.test(text) ? text : "";
}

// Write `bytes` as `name` onto the drive. Returns one line for the page.
export async function writeToDrive(dir, name, bytes) {
  if (!(await bootDrive(dir)))
    throw new Error("that folder is not a Pico's boot drive (no INFO_UF2.TXT of an RP2040): hold BOOTSEL while you plug the Pico in, then pick the RPI-RP2 drive");
  let w;
  try {
    const h = await dir.getFileHandle(name, { create: true });
    w = await h.createWritable();
    await w.write(bytes);
  } catch (e) {
    throw new Error("the drive refused the file: " + String((e && e.message) || e).split("\n")[0]);
  }
  try {
    await w.close();
  } catch {
    // the Pico took the whole file and restarted: its drive went away mid-close
    return "written: the Pico restarts with Usher (its drive went away, as it should)";
  }
  return "written: the Pico restarts with Usher in a moment";
}
