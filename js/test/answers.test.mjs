// One shape per answer (issue 34): the package's answers are the core's. The JSON path
// serialises the core's answer types as they stand (WaitsAnswer, AnalysisAnswer, ScoreAnswer,
// ReplayAnswer: rust/twmj-wasm/src/answer.rs spells none of their fields), so its answer is
// the reference here. The fast paths build their answers from numbers in JavaScript: each must
// hold every field of the core's answer, at every depth; and index.d.ts must declare every
// field the core sends. Nothing here names a field: a field added to the core and to neither
// fast path nor the types fails with its path.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { JS } from "./helpers.mjs";

const twmj = await import("../pkg/index.js");

/** Every key path of an answer (`payments[].bill`), list elements merged. */
function paths(value, at = "", out = new Set()) {
  if (Array.isArray(value)) {
    for (const v of value) paths(v, `${at}[]`, out);
  } else if (value !== null && typeof value === "object" && !ArrayBuffer.isView(value)) {
    for (const [k, v] of Object.entries(value)) {
      out.add(`${at}.${k}`);
      paths(v, `${at}.${k}`, out);
    }
  }
  return out;
}

// A win whose lists each hold an element: dealer items (連莊), a payment per payer.
const HAND = "123456789m234p56p77s";
const CONTEXT = { winner: 1, dealer: 0, streak: 2, seatWind: "S", win: "discard", fromSeat: 0 };
const READY = "2223456m456789p123s";

test("the fast paths' answers hold every field of the core's answer", () => {
  const fastScore = twmj.score(HAND, "7p", { context: CONTEXT });
  // `melds: []` says "no melds" the JSON way: the core's ScoreAnswer through serde.
  const core = twmj.score(HAND, "7p", { context: CONTEXT, melds: [] });
  assert.ok(core.payments.length > 0 && core.dealer_items.length > 0 && core.items.length > 0);
  assert.deepEqual([...paths(core)].filter((p) => !paths(fastScore).has(p)), []);
  assert.deepEqual([...paths(fastScore)].filter((p) => !paths(core).has(p)), []);
  assert.deepStrictEqual(fastScore, core);
  // waits: no options is the fast path, `melds: []` the JSON path.
  const fastWaits = twmj.waits(READY);
  const coreWaits = twmj.waits(READY, { melds: [] });
  assert.ok(coreWaits.waits.length > 0 && coreWaits.accepts.length > 0);
  assert.deepEqual([...paths(coreWaits)].filter((p) => !paths(fastWaits).has(p)), []);
  assert.deepStrictEqual(fastWaits, coreWaits);
});

/** index.d.ts's interfaces: each member's type text, inline object types kept whole. */
function declarations() {
  const text = readFileSync(join(JS, "src", "index.d.ts"), "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\/\/[^\n]*/g, "");
  const interfaces = new Map();
  for (const m of text.matchAll(/export interface (\w+)[^{]*\{/g)) {
    const start = m.index + m[0].length;
    interfaces.set(m[1], members(text.slice(start, closing(text, start))));
  }
  return interfaces;
}

/** The index of the brace closing the one opened just before `start`. */
function closing(text, start) {
  let depth = 1;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "{") depth++;
    else if (text[i] === "}" && --depth === 0) return i;
  }
  throw new Error("unbalanced braces in index.d.ts");
}

/** An object type's members, `name → type text`, split at its own `;` and newlines. */
function members(body) {
  const out = new Map();
  let depth = 0;
  let cur = "";
  const flush = () => {
    const m = cur.trim().match(/^(\w+)\??\s*:\s*([\s\S]+)$/);
    if (m) out.set(m[1], m[2].trim());
    cur = "";
  };
  for (const c of body) {
    if ("{[(<".includes(c)) depth++;
    if ("}])>".includes(c)) depth--;
    if ((c === ";" || c === "\n") && depth === 0) flush();
    else cur += c;
  }
  flush();
  return out;
}

/** The members a field's type text declares for its object (or its list's elements). */
function typeOf(type, interfaces) {
  const brace = type.indexOf("{");
  if (brace >= 0) return members(type.slice(brace + 1, closing(type, brace + 1)));
  const name = [...type.matchAll(/\w+/g)].map((m) => m[0]).find((w) => interfaces.has(w));
  return name === undefined ? null : interfaces.get(name);
}

/** Each path of `answer` that `declared` (an interface's members) does not declare. */
function undeclared(answer, declared, interfaces, at) {
  if (Array.isArray(answer)) return answer.flatMap((v) => undeclared(v, declared, interfaces, `${at}[]`));
  if (answer === null || typeof answer !== "object" || ArrayBuffer.isView(answer)) return [];
  const gaps = [];
  for (const [k, v] of Object.entries(answer)) {
    if (!declared.has(k)) {
      gaps.push(`${at}.${k}`);
      continue;
    }
    const inner = typeOf(declared.get(k), interfaces);
    if (inner !== null) gaps.push(...undeclared(v, inner, interfaces, `${at}.${k}`));
  }
  return [...new Set(gaps)];
}

test("index.d.ts declares every field the core's answers send", () => {
  const interfaces = declarations();
  const record = readFileSync(new URL("./fixtures/win.jsonl", import.meta.url), "utf8");
  const replayed = twmj.replay(record);
  assert.ok(replayed.over && replayed.wins.length > 0 && replayed.scores.length > 0);
  const answers = {
    Score: twmj.score(HAND, "7p", { context: CONTEXT, melds: [], whyNot: true }),
    Waits: twmj.waits(READY, { melds: [] }),
    Analysis: twmj.analyze(`${READY}9s`),
    Compared: twmj.compare(HAND, "7p", ["taiwan", "hk16"], { context: CONTEXT }),
    Replay: replayed,
  };
  assert.ok(answers.Score.why_not.length > 0);
  for (const [name, answer] of Object.entries(answers)) {
    assert.deepEqual(undeclared(answer, interfaces.get(name), interfaces, name), [], name);
  }
  const values = twmj.waitValues(READY, { context: CONTEXT });
  assert.deepEqual(undeclared(values, interfaces.get("WaitValue"), interfaces, "WaitValue"), []);
  // The reader finds what it should: a field the types lack is named at its path.
  const lacking = structuredClone(answers.Score);
  lacking.payments[0].surcharge = 1;
  lacking.late = true;
  assert.deepEqual(undeclared(lacking, interfaces.get("Score"), interfaces, "Score"), [
    "Score.payments[].surcharge",
    "Score.late",
  ]);
});

test("index.d.ts's Setting is the core's settings entry (meta().settings)", () => {
  // SETTINGS is the core's registry as meta() sends it (the core's `Spec`, as `GET
  // /v1/settings` serves it): every field of every entry is declared by `Setting`, and every
  // member `Setting` declares is sent (none is optional), at every depth.
  const interfaces = declarations();
  const setting = interfaces.get("Setting");
  const entries = twmj.SETTINGS;
  // Some entry fills each list and each nullable field.
  assert.ok(entries.some((s) => s.requires.length > 0));
  assert.ok(entries.some((s) => s.choice_names !== null) && entries.some((s) => s.minimum !== null));
  const gaps = entries.flatMap((s) => undeclared(s, setting, interfaces, "Setting"));
  assert.deepEqual([...new Set(gaps)], []);
  const unsent = (declared, objects) => {
    const sent = new Set(objects.flatMap((o) => Object.keys(o)));
    return [...declared.keys()].filter((k) => !sent.has(k));
  };
  assert.deepEqual(unsent(setting, entries), []);
  const requires = typeOf(setting.get("requires"), interfaces);
  assert.deepEqual(unsent(requires, entries.flatMap((s) => s.requires)), []);
  for (const [key, type] of setting) {
    // A field the core sends as null admits null; a union of literals holds every value sent.
    if (entries.some((s) => s[key] === null)) assert.match(type, /\bnull\b/, key);
    const literals = [...type.matchAll(/"([^"]*)"/g)].map((m) => m[1]);
    if (literals.length > 0) {
      assert.deepEqual([...new Set(entries.map((s) => s[key]))].filter((v) => !literals.includes(v)), [], key);
    }
  }
  // The walk names a field the core gained.
  const grown = { ...structuredClone(entries.find((s) => s.requires.length > 0)), unit: "tai" };
  grown.requires[0].since = 1;
  assert.deepEqual(undeclared(grown, setting, interfaces, "Setting"), ["Setting.requires[].since", "Setting.unit"]);
});
