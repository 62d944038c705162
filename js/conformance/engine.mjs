// The conformance corpus on the npm package (docs/conformance.md): reading case files, the
// package's canonical answer to each question, the comparison rule, and, run as a program,
// an engine speaking the JSON-lines protocol on stdin/stdout:
//
//   twmj conformance --engine "node js/conformance/engine.mjs"
//
// The canonical answers are taken from the package's answers (the HTTP service's shapes) as
// the document's table says; this file is the one place the Node side writes them.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

import * as twmj from "../pkg/index.js";

export const FORMAT = "twmj-conformance";
export const VERSION = 1;
export const KINDS = ["waits", "shanten", "is_win", "score", "legal", "replay"];

// ---- Reading the corpus ----

/** Every case of a case file, or of every `*.json` file of a folder, checked against the
 * format (the version this runner knows, unique ids). */
export function load(path) {
  const files = statSync(path).isDirectory()
    ? readdirSync(path).filter((f) => f.endsWith(".json")).sort().map((f) => join(path, f))
    : [path];
  const cases = [];
  const seen = new Set();
  for (const file of files) {
    const doc = JSON.parse(readFileSync(file, "utf8"));
    if (doc?.format !== FORMAT) throw new Error(`${file}: not a ${FORMAT} file`);
    if (doc.version !== VERSION) throw new Error(`${file}: version ${doc.version} (this runner reads ${VERSION})`);
    for (const c of doc.cases) {
      if (!KINDS.includes(c.kind)) throw new Error(`${file}: ${c.id}: unknown kind ${c.kind}`);
      if (("expect" in c) === ("error" in c)) throw new Error(`${file}: ${c.id}: give one of expect and error`);
      if (seen.has(c.id)) throw new Error(`${file}: duplicate id ${c.id}`);
      seen.add(c.id);
      cases.push(c);
    }
  }
  return cases;
}

/** The case's variant in full. */
export function variantOf(c) {
  const v = c.variant ?? {};
  return { preset: v.preset ?? twmj.DEFAULT_PRESET, overrides: { ...(v.overrides ?? {}) } };
}

// ---- The package's canonical answers ----

/** A variant, its errors' fields put under `prefix` (`snapshot.overrides.min_tai`). */
function variant(v) {
  return new twmj.Variant(v.preset, v.overrides);
}

/** A wind by index, key or name (`1`, `S`, `南`) as its index, as the service reads
 * `round_wind`. */
function windIndex(value) {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number") return value;
  const i = twmj.VOCABULARY.winds.findIndex((w) => w.key === value || w.name === value);
  return i >= 0 ? i : value;
}

const ANSWERS = {
  waits(v, q) {
    const r = twmj.waits(q.hand, { melds: q.melds ?? undefined, visible: q.visible ?? undefined, variant: variant(v) });
    return {
      tenpai: r.tenpai,
      shanten: r.shanten,
      waits: r.waits.map((w) => ({ tile: w.tile, remaining: w.remaining, shapes: [...w.shapes] })),
      accepts: r.accepts.map((a) => ({ tile: a.tile, remaining: a.remaining })),
    };
  },
  shanten(v, q) {
    return { shanten: twmj.shanten(q.hand, { melds: q.melds ?? undefined, variant: variant(v) }) };
  },
  is_win(v, q) {
    return { win: twmj.isWin(q.hand, { melds: q.melds ?? undefined, variant: variant(v) }) };
  },
  score(v, q) {
    // The question's `flowers` sit beside its context, as in the service's request.
    const context = { ...(q.context ?? {}) };
    if (q.flowers !== undefined) context.flowers = q.flowers;
    let s;
    try {
      s = twmj.score(q.hand, q.win_tile, { melds: q.melds ?? undefined, context, variant: variant(v) });
    } catch (e) {
      if (e instanceof twmj.TwmjError && e.field === "context.flowers") e.field = "flowers";
      throw e;
    }
    return {
      total_tai: s.total_tai,
      items: s.items.map((i) => [i.name, i.tai]),
      allowed: s.allowed,
      dealer_tai: s.dealer_tai,
      payments: s.payments.map((p) => [p.payer, p.total_tai]),
      net_tai: s.net_tai,
    };
  },
  legal(v, q) {
    const l = twmj.legal({ ...q.snapshot, variant: v.preset, overrides: v.overrides });
    return { actions: l.actions };
  },
  replay(v, q) {
    const r = twmj.replay(q.record, { variant: variant(v), streak: q.streak ?? undefined, roundWind: windIndex(q.round_wind) });
    return { over: r.over, draw: r.draw, wins: r.wins.map((w) => [w.seat, w.kind, w.from]), net_tai: r.net_tai };
  },
};

/** The package's outcome for a case: `{answer}` or `{error: {code, field}}`. */
export function ask(c) {
  return outcome(c.kind, variantOf(c), c.question);
}

export function outcome(kind, v, question) {
  if (!Object.hasOwn(ANSWERS, kind)) return { error: { code: "unsupported", field: null } };
  try {
    return { answer: ANSWERS[kind](v, question) };
  } catch (e) {
    if (e instanceof twmj.TwmjError) return { error: { code: e.code, field: e.field } };
    throw e;
  }
}

// ---- Comparison (docs/conformance.md, "Comparison") ----

const key = (v) => JSON.stringify(v, (_, x) => (x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x));
const sameMultiset = (a, b) => Array.isArray(a) && Array.isArray(b) && key(a.map(key).sort()) === key(b.map(key).sort());
const SETS = { score: ["items", "payments"], legal: ["actions"], replay: ["wins"] };

function byTile(entries) {
  if (!Array.isArray(entries) || !entries.every((e) => e && typeof e.tile === "string")) return null;
  const m = new Map(entries.map((e) => [e.tile, e]));
  return m.size === entries.length ? m : null;
}

/** null when the outcome is the case's answer, else what differs in one line. */
export function mismatch(c, got) {
  if ("error" in c) {
    if (!("error" in got)) return "answered a question the corpus refuses";
    if (got.error.code !== c.error.code || got.error.field !== c.error.field) return "refused with another code or field";
    return null;
  }
  if (!("answer" in got)) return `refused a question the corpus answers: ${JSON.stringify(got.error)}`;
  const answer = got.answer;
  for (const [name, want] of Object.entries(c.expect)) {
    if (!(name in answer)) return `${name}: missing from the answer`;
    const have = answer[name];
    if (c.kind === "waits" && (name === "waits" || name === "accepts")) {
      const w = byTile(want);
      const g = byTile(have);
      if (!w || !g) return `${name}: not a list of distinct tiles`;
      const wt = [...w.keys()].sort();
      const gt = [...g.keys()].sort();
      if (key(wt) !== key(gt)) return `${name}: tiles ${key(gt)}, expected ${key(wt)}`;
      for (const [tile, entry] of w) {
        for (const [k, value] of Object.entries(entry)) {
          const other = g.get(tile)[k];
          const same = Array.isArray(value) ? sameMultiset(value, other) : value === other;
          if (!same) return `${name}[${tile}].${k}: expected ${key(value)}, got ${key(other)}`;
        }
      }
    } else if ((SETS[c.kind] ?? []).includes(name)) {
      if (!sameMultiset(want, have)) return `${name}: expected ${key(want)}, got ${key(have)}`;
    } else if (key(want) !== key(have)) {
      return `${name}: expected ${key(want)}, got ${key(have)}`;
    }
  }
  return null;
}

// ---- The JSON-lines engine ----

/** Answers one request line of the protocol. */
export function serveLine(line) {
  let req;
  try {
    req = JSON.parse(line);
  } catch {
    return { id: null, error: { code: "unsupported", field: null } };
  }
  const out = outcome(req.kind, req.variant ?? { preset: twmj.DEFAULT_PRESET, overrides: {} }, req.question ?? {});
  return { id: req.id, ...out };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) {
    if (line.trim() === "") continue;
    process.stdout.write(`${JSON.stringify(serveLine(line))}\n`);
  }
}
