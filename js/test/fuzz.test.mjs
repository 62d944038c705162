// Fuzzing every export from Node (issue 27 item 3): random strings, lengths, counts, melds,
// contexts, overrides, snapshots and records. Every call answers or throws a twmj error of a
// class the core names; none traps (a trap would surface as InternalError), none throws a
// string or a TypeError, none hangs; and a known question still gets its known answer after
// each batch of faults (no state left broken).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { randomCounts, rng } from "./helpers.mjs";

const twmj = await import("../pkg/index.js");
// The module under the wrapper (the same instance), for the fast paths' raw exports: their
// input and argument areas filled with random bytes must never trap either.
const raw = await import("../pkg/wasm/twmj_wasm.js");
const wasm = raw.initSync();
const RULES = [raw.Rules.byDefault(), new raw.Rules("hk16", "{}"), new raw.Rules("american", '{"min_tai": 0}')];

const CALLS = 100_000;
const rand = rng(2027);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const int = (n) => Math.floor(rand() * n);

const ALPHABET = [..."0123456789mpszf 東南西北白發中春夏秋冬梅蘭菊竹萬筒條一二三四五六七八九x\u0000\uffff🀄é-_,"];
function text(max = 24) {
  let s = "";
  const n = int(max);
  for (let i = 0; i < n; i++) s += pick(ALPHABET);
  return s;
}
function notation() {
  // Mostly well-formed tiles, sometimes broken.
  if (rand() < 0.3) return text();
  return twmj.format(randomCounts(rand, pick([1, 4, 7, 10, 13, 14, 16, 17, 17, 16])));
}
const SCALARS = [null, undefined, 0, -1, 1, 3, 4, 9, 255, 256, 2 ** 31, 2 ** 53, -(2 ** 60), 1.5, NaN, Infinity, "", "E", "東", "self_draw", "x", true, false, [], {}, [null], 10n, 10n ** 40n];
function value(depth = 0) {
  const r = rand();
  if (depth > 3 || r < 0.5) return pick(SCALARS);
  if (r < 0.6) return text(8);
  if (r < 0.8) return Array.from({ length: int(5) }, () => value(depth + 1));
  const o = {};
  for (let i = 0; i < int(5); i++) o[pick(["hand", "seat", "kind", "tiles", "from", "discard", "offer", "turn", text(4)])] = value(depth + 1);
  return o;
}
function bytes() {
  const n = pick([0, 1, 33, 34, 35, 68, int(300)]);
  const b = new Uint8Array(n);
  for (let i = 0; i < n; i++) b[i] = rand() < 0.8 ? int(5) : int(256);
  return b;
}
function hand() {
  const r = rand();
  if (r < 0.5) return notation();
  if (r < 0.7) return randomCounts(rand, pick([13, 16, 17]));
  if (r < 0.85) return bytes();
  return value();
}
const KINDS = [...Object.keys(twmj.MELD_KINDS), ...Object.values(twmj.MELD_KINDS), "x", ""];
function melds() {
  if (rand() < 0.5) return undefined;
  if (rand() < 0.1) return value();
  return Array.from({ length: int(6) }, () =>
    rand() < 0.5 ? [pick(KINDS), notation().slice(0, 6)] : { kind: pick(KINDS), tiles: rand() < 0.8 ? text(6) : value() },
  );
}
const CONTEXT_KEYS = ["winner", "dealer", "streak", "seatWind", "round_wind", "win", "fromSeat", "lastTile", "declared", "firstTurn", "flowers", "dice", "discards", "shown", "firstEight", "other"];
function context() {
  if (rand() < 0.2) return value();
  const c = {};
  for (let i = 0; i < int(6); i++) {
    const k = pick(CONTEXT_KEYS);
    c[k] = rand() < 0.5 ? pick([...SCALARS, ...Object.keys(twmj.WIN_KINDS), ...Object.keys(twmj.DECLARATIONS), "S", "N", [1, 2, 3], [7, 1]]) : value();
  }
  return c;
}
function overrides() {
  const o = {};
  for (let i = 0; i < int(4); i++) {
    const s = pick(twmj.SETTINGS);
    o[rand() < 0.9 ? s.key : text(6)] = rand() < 0.5 && s.choices ? pick(s.choices) : pick([...SCALARS, s.minimum, s.maximum, (s.maximum ?? 0) + 1]);
  }
  return o;
}
function variant() {
  const r = rand();
  if (r < 0.5) return undefined;
  if (r < 0.8) return pick(Object.keys(twmj.PRESETS));
  if (r < 0.9) return text(6);
  return value();
}
// JSON text of a random value (a BigInt written as its digits, as JSON has no other way).
const json = (v) => JSON.stringify(v, (_, x) => (typeof x === "bigint" ? Number(x) : x)) ?? "null";
const RECORD = readFileSync(new URL("./fixtures/win.jsonl", import.meta.url), "utf8").trim().split("\n");
function record() {
  const lines = RECORD.slice(0, int(RECORD.length + 1));
  for (let i = 0; i < int(4); i++) {
    const at = int(lines.length + 1);
    const r = rand();
    if (r < 0.3) lines.splice(at, 1);
    else if (r < 0.6 && lines[at]?.startsWith('{"type"')) {
      const o = JSON.parse(lines[at]);
      o[pick(Object.keys(o).concat(["seat", "tile", "action", "kind"]))] = value();
      lines[at] = json(o);
    } else if (r < 0.8) lines.splice(at, 0, text(40));
    else lines.splice(at, 0, json(value()));
  }
  return lines.join("\n");
}
function snapshot() {
  const s = { seat: int(5), hand: notation(), drawable: int(80), decision: rand() < 0.5 ? { offer: { from: int(5), discard: notation().slice(0, 2) } } : { turn: value() } };
  for (let i = 0; i < int(4); i++) s[pick(["melds", "flowers", "variant", "overrides", "discards", "seat", "dealer", "decision", text(5)])] = rand() < 0.5 ? value() : pick([melds(), variant(), overrides()]);
  return rand() < 0.1 ? value() : s;
}
const opts = () => (rand() < 0.05 ? value() : { melds: melds(), variant: variant(), visible: rand() < 0.2 ? hand() : undefined });

const CALLERS = [
  () => twmj.parse(rand() < 0.9 ? text() : value(), { variant: variant() }),
  () => twmj.counts(text()),
  () => twmj.format(rand() < 0.5 ? text() : hand()),
  () => twmj.tileName(rand() < 0.7 ? text(3) : value()),
  () => twmj.waits(hand(), rand() < 0.6 ? undefined : opts()),
  () => twmj.waits(hand()),
  () => twmj.shanten(hand(), rand() < 0.6 ? undefined : opts()),
  () => twmj.isWin(hand(), rand() < 0.6 ? undefined : opts()),
  () => twmj.analyze(hand(), opts()),
  () => twmj.score(hand(), rand() < 0.8 ? notation().slice(0, 2) : value(), { melds: melds(), context: context(), variant: variant(), whyNot: rand() < 0.3 }),
  () => twmj.compare(hand(), notation().slice(0, 2), rand() < 0.8 ? Array.from({ length: int(4) }, variant) : value(), { context: context() }),
  () => twmj.waitValues(hand(), { melds: melds(), context: context(), variant: variant() }),
  () => twmj.winners(pick(SCALARS), rand() < 0.8 ? [int(5), int(5)] : value(), { variant: variant() }),
  () => twmj.legal(rand() < 0.6 ? snapshot() : record()),
  () => twmj.replay(rand() < 0.9 ? record() : value(), { variant: variant(), streak: rand() < 0.3 ? pick(SCALARS) : undefined, roundWind: rand() < 0.3 ? pick(SCALARS) : undefined }),
  () => twmj.waitsBatch(rand() < 0.9 ? bytes() : value(), { variant: variant() }),
  () => twmj.shantenBatch(rand() < 0.9 ? bytes() : value(), { variant: variant() }),
  () => new twmj.Variant(rand() < 0.8 ? pick(Object.keys(twmj.PRESETS)) : value(), rand() < 0.9 ? overrides() : value()),
  () => new twmj.Variant("taiwan").withOverrides(overrides()),
  () => twmj.maskTiles(rand() < 0.5 ? int(2 ** 30) : 0),
  () => {
    // Random bytes in the input area (sometimes a score question's texts), random integers
    // in the argument area, then every fast-path export; each answers 0/1 (or its "ask the
    // JSON path" value) and the string table stays readable.
    const mem = new Uint8Array(wasm.memory.buffer);
    const args = new Int32Array(wasm.memory.buffer, raw.io_args(), 16);
    const b = rand() < 0.5 ? new TextEncoder().encode(notation() + pick(twmj.TILES) + pick(["S", "E", "self_draw", ""])) : bytes();
    mem.set(b.subarray(0, raw.io_in_len()), raw.io_in());
    for (let i = 0; i < args.length; i++) args[i] = rand() < 0.7 ? int(20) - 2 : (rand() * 2 ** 32) | 0;
    const r = pick(RULES);
    assert.ok([0, 1].includes(raw.score_io(r)));
    assert.ok([0, 1].includes(raw.waits_io(int(300), rand() < 0.5, r)));
    assert.ok(raw.shanten_io(int(300), rand() < 0.5, r) <= 127);
    assert.ok([0, 1, 2].includes(raw.is_win_io(int(300), rand() < 0.5, r)));
    assert.ok(Array.isArray(JSON.parse(raw.strings_since(rand() < 0.5 ? int(400) : 2 ** 31))));
  },
];

test(`fuzz: ${CALLS} calls over every export answer or throw a twmj error, no trap, no hang`, () => {
  const started = performance.now();
  const classes = new Map();
  let slowest = 0;
  for (let i = 0; i < CALLS; i++) {
    const which = i % CALLERS.length;
    const t = performance.now();
    try {
      CALLERS[which]();
    } catch (e) {
      assert.ok(e instanceof twmj.TwmjError, `call ${which} threw ${typeof e} ${e?.name}: ${e?.message ?? e}`);
      assert.notEqual(e.name, "InternalError", `call ${which}: ${e.message}`);
      assert.ok(twmj.ERROR_CODES.includes(e.code) || twmj.ERROR_KINDS.some((k) => k.code === e.code), e.code);
      classes.set(e.name, (classes.get(e.name) ?? 0) + 1);
    }
    slowest = Math.max(slowest, performance.now() - t);
    if (i % 5000 === 0) {
      assert.equal(twmj.score("123456789m234p56p77s", "7p", { context: { winner: 1, dealer: 0, streak: 2, seatWind: "S" } }).total_tai, 3);
      assert.deepEqual(twmj.waits("2223456m123456789p").waits.map((w) => w.tile), ["1m", "3m", "4m", "6m", "7m"]);
    }
  }
  // Every coarse class was met; no single call ran long (the first calls build the tables).
  for (const c of ["TileError", "HandError", "VariantError", "ContextError", "RecordError"]) assert.ok(classes.get(c) > 0, c);
  assert.ok(slowest < 15_000, `slowest call ${slowest} ms`);
  console.log(`fuzz: ${CALLS} calls in ${((performance.now() - started) / 1000).toFixed(1)} s; errors by class ${JSON.stringify(Object.fromEntries(classes))}`);
});
