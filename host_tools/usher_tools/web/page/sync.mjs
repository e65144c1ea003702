// The page's sync, as `usher sync` does it (host_tools/usher_tools/link/sync.py):
// hello, the list, and for each game skip it (the history holds it whole),
// resume it from the bytes held (offset and CRC), or pull it whole; games
// without secrets in batches, a game that needs its owner's press alone.
// Each whole record is re-scored with the firmware's own rules (scorer.mjs)
// and kept in the history (history.mjs); what a cut leaves is kept as a
// partial transfer, resumed by the next sync, never shown as whole.

import { gidOf, startsWith } from "./history.mjs";
import { LinkError } from "./link.mjs";
import { t } from "./words.mjs";

const BATCH_GAMES = 16;
const BATCH_BYTES = 256 * 1024;
const RETRIES = 3;
const EMPTY = new Uint8Array(0);

function plan(view, row) {
  const p = { view, name: view.name, row, have: EMPTY, action: "new" };
  if (!row) return p;
  const same = row.game === view.game && row.created === (view.created || 0);
  const held = row.held && row.held.length > row.data.length && startsWith(row.held, row.data) ? row.held : row.data;
  if (same && row.complete && row.data.length === view.size) p.action = "same";
  else if (same && held.length <= view.size) {
    p.have = held;
    p.action = row.complete ? "update" : "resume";
  } else p.action = "replace";
  return p;
}

function batches(plans) {
  const out = [];
  let cur = [];
  let size = 0;
  for (const p of plans) {
    const need = p.view.size - p.have.length;
    if (cur.length && (cur.length >= BATCH_GAMES || size + need > BATCH_BYTES)) {
      out.push(cur);
      cur = [];
      size = 0;
    }
    cur.push(p);
    size += need;
  }
  if (cur.length) out.push(cur);
  return out;
}

// ui: {say(text), pending(text), note(entry)}. Returns {device, fw, games: [entry]}.
// A LinkError after the hello carries what this sync kept before it stopped:
// device, fw, games (the entries so far) and partial ([{name, size, of}]: the
// games kept in part, which the next sync resumes).
export async function sync(link, history, scorer, ui) {
  const info = await link.hello();
  const device = info.device;
  const report = [];
  const partial = new Map(); // name -> {name, size, of}: bytes kept of a game not yet whole
  try {
    return await syncGames(link, history, scorer, ui, info, report, partial);
  } catch (e) {
    if (e instanceof LinkError) Object.assign(e, { device, fw: info.fw, games: report, partial: [...partial.values()] });
    throw e;
  }
}

async function syncGames(link, history, scorer, ui, info, report, partial) {
  const device = info.device;
  const views = await link.list();
  const note = (p, action, extra) => {
    const e = Object.assign({ name: p.name, game: p.view.game, action }, extra || {});
    report.push(e);
    ui.note && ui.note(e);
  };
  const plans = [];
  for (const v of views) plans.push(plan(v, await history.latest(device, gidOf(v))));
  for (const p of plans) if (p.action === "same") note(p, "same", { status: p.row.status });
  const todo = plans.filter((p) => p.action !== "same");
  const finish = async (p, s) => {
    const data = s.data;
    const view = Object.assign({}, p.view, { size: data.length });
    ui.say(t("Checking %s with the firmware's own rules\u2026", p.name));
    const scored = await scorer.rescore(data, view);
    const kept = await history.saveComplete(device, view, data, scored);
    p.have = data;
    p.done = true;
    partial.delete(p.name);
    const what = { new: "new", update: "updated", resume: "resumed", replace: "replaced" }[p.action];
    const extra = { status: scored.status };
    if (scored.problem) extra.problem = scored.problem;
    if (s.start) extra.from = s.start;
    if (kept) extra.note = kept;
    note(p, kept ? "kept both" : what, extra);
  };
  const keepPart = async (p, data) => {
    await history.savePartial(device, p.view, data);
    partial.set(p.name, { name: p.name, size: data.length, of: p.view.size });
  };
  const keep = async (plansOf) => {
    for (const p of plansOf) {
      const s = link.pulling[p.name];
      if (s && !s.complete && !p.done && s.size > p.have.length) await keepPart(p, s.data);
    }
  };

  const pullSome = async (group) => {
    let left = group;
    for (let round = 0; round < RETRIES && left.length; round++) {
      let got;
      ui.say(
        left.length === 1
          ? left[0].have.length
            ? t("Bringing %s from byte %d\u2026", left[0].name, left[0].have.length)
            : t("Bringing %s\u2026", left[0].name)
          : t("Bringing %d games\u2026", left.length),
      );
      try {
        got = await link.pull(
          left.map((p) => [p.name, p.have]),
          {
            onPending: (text) => {
              if (left.length === 1) left[0].ask = text; // the device's own words for the game, kept to name it
              ui.pending(text);
            },
            onComplete: (s) => finish(group.find((p) => p.name === s.name), s),
          },
        );
      } catch (e) {
        if (!(e instanceof LinkError)) throw e;
        if (e.code === "press" && left.length > 1) {
          for (const p of left) await pullSome([p]);
          return;
        }
        // the game not brought, with its list entry and the device's question, to name it
        if (e.code === "denied" && left.length === 1) {
          note(left[0], "skipped", { why: "denied", problem: t("refused on the device (Back was pressed)"), view: left[0].view, ask: left[0].ask || "" });
          return;
        }
        if (e.code === "nopress" && left.length === 1) {
          note(left[0], "skipped", { why: "timeout", problem: e.message, view: left[0].view, ask: left[0].ask || "" });
          return;
        }
        await keep(left);
        throw e;
      }
      const again = [];
      for (const p of left) {
        const s = got[p.name];
        if (s.complete) continue;
        if (s.error === "nogame") {
          note(p, "gone", { problem: t("deleted on the device during the sync") });
          continue;
        }
        if (s.error === "changed") {
          p.have = EMPTY;
          p.action = "replace";
        } else if (s.size > p.have.length) {
          p.have = s.data;
          await keepPart(p, p.have);
        }
        again.push(p);
      }
      left = again;
    }
    for (const p of left) note(p, "failed", { why: "failed", problem: t("the transfer kept failing: sync again"), view: p.view });
  };

  for (const group of batches(todo.filter((p) => !p.view.secret && !p.view.broken))) await pullSome(group);
  for (const p of todo) if (p.view.secret || p.view.broken) await pullSome([p]);
  return { device, fw: info.fw, games: report, notSynced: report.filter((g) => g.action === "skipped" || g.action === "failed") };
}
