// The fast paths (issue 27 item 5) answer exactly as the JSON path does. `score` of notation
// with no melds and a context of plain values crosses as texts and numbers (`score_io`);
// the same question with `melds: []` (no melds, said the JSON way) takes the JSON path,
// which the HTTP service's shape and the conformance corpus pin. Over random wins, random
// contexts (valid and not) and every preset, both give deep-equal answers, the same JSON text
// (key order included), or errors of the same class, code, field and message.
import assert from "node:assert/strict";
import { test } from "node:test";

import { readyCounts, referenceWaits, rng } from "./helpers.mjs";

const twmj = await import("../pkg/index.js");

const rand = rng(527);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

function outcome(f) {
  try {
    return { answer: f() };
  } catch (e) {
    assert.ok(e instanceof twmj.TwmjError, `${e?.name}: ${e?.message}`);
    return { error: { name: e.name, code: e.code, field: e.field, message: e.message, position: e.position } };
  }
}

const WINDS = ["E", "S", "W", "N", "東", "南", "x", ""];
const VALUES = [undefined, null, 0, 1, 2, 3, 4, -1, 7, 1.5, 2 ** 31, "1", true, false, [], {}];
function context() {
  const r = rand();
  if (r < 0.1) return undefined;
  if (r < 0.15) return pick([null, {}, "x", [1]]);
  const c = {};
  const keys = ["winner", "dealer", "streak", "seatWind", "seat_wind", "roundWind", "win", "fromSeat", "from_seat", "lastTile", "firstTurn", "firstEight", "declared", "flowers", "discards", "shown"];
  for (let i = 0, n = Math.floor(rand() * 7); i < n; i++) {
    const k = pick(keys);
    if (/wind/i.test(k)) c[k] = rand() < 0.8 ? pick(WINDS) : pick(VALUES);
    else if (k === "win") c[k] = rand() < 0.8 ? pick([...Object.keys(twmj.WIN_KINDS), "x"]) : pick(VALUES);
    else if (k === "declared") c[k] = rand() < 0.7 ? pick([...Object.keys(twmj.DECLARATIONS), "x"]) : pick(VALUES);
    else if (k === "flowers") c[k] = rand() < 0.7 ? pick(["", "1f", "1f2f", "1f5f", "x"]) : pick(VALUES);
    else if (/last|first/i.test(k)) c[k] = rand() < 0.8 ? rand() < 0.5 : pick(VALUES);
    else c[k] = rand() < 0.8 ? Math.floor(rand() * 5) : pick(VALUES);
  }
  if (rand() < 0.03) c.other = 1;
  if (rand() < 0.03) c.dice = [1, 2, 3];
  return c;
}

test("score: the fast path and the JSON path give the same answer or the same error", () => {
  const presets = [undefined, ...Object.keys(twmj.PRESETS)];
  const variants = [...presets, new twmj.Variant("taiwan", { min_tai: 2 }), new twmj.Variant("american", { min_tai: 0 })];
  let answered = 0;
  let refused = 0;
  for (let i = 0; i < 4000; i++) {
    // Mostly wins (a ready hand and one of its waits), sometimes any tile.
    const c = readyCounts(rand);
    const w = referenceWaits(c);
    let tile = w.length && rand() < 0.9 ? w[Math.floor(rand() * w.length)] : Math.floor(rand() * 34);
    if (c[tile] >= 4) tile = c.indexOf(0);
    const full = Uint8Array.from(c);
    full[tile]++;
    const hand = twmj.format(full);
    const winTile = rand() < 0.95 ? twmj.TILES[tile] : pick(["", "x", "1z1z", "東"]);
    const options = { context: context(), variant: pick(variants) };
    if (rand() < 0.1) options.whyNot = false;
    const fast = outcome(() => twmj.score(hand, winTile, options));
    const json = outcome(() => twmj.score(hand, winTile, { ...options, melds: [] }));
    assert.deepStrictEqual(fast, json, `${hand} ${winTile} ${JSON.stringify(options)}`);
    if (fast.answer) {
      assert.equal(JSON.stringify(fast.answer), JSON.stringify(json.answer));
      answered++;
    } else refused++;
  }
  // Both kinds were met often enough to mean something.
  assert.ok(answered > 1000 && refused > 500, `${answered} answered, ${refused} refused`);
});

test("score: composite item names, overrides and later keys cross the fast path intact", () => {
  // 000 字一色 with 大四喜's winds (a composite name in some presets), under a variant with
  // overrides; the context's camelCase and snake_case spellings of one key: the later wins.
  const v = new twmj.Variant("taiwan", { min_tai: 1, "tai.concealed": 2 });
  const cases = [
    ["111222333444z55z", "5z", { winner: 0, dealer: 0, win: "self_draw" }],
    ["123456789m234p56p77s", "7p", { seat_wind: "E", seatWind: "S", winner: 1, dealer: 0, streak: 2, win: "self_draw" }],
    ["123456789m234p56p77s", "7p", { seatWind: "S", seat_wind: "E", winner: 1, dealer: 0 }],
  ];
  for (const [hand, tile, context] of cases) {
    for (const variant of [v, "hk16", "traditional"]) {
      const fast = outcome(() => twmj.score(hand, tile, { context, variant }));
      const json = outcome(() => twmj.score(hand, tile, { context, variant, melds: [] }));
      assert.deepStrictEqual(fast, json, `${hand} ${JSON.stringify(context)}`);
    }
  }
  const s = twmj.score("123456789m234p56p77s", "7p", { variant: v });
  assert.deepEqual(s.overrides, v.overrides.map(([k, x]) => [k, x]));
});

test("waits and shanten: the counts and text fast paths agree with the JSON path", () => {
  for (let i = 0; i < 3000; i++) {
    const c = readyCounts(rand);
    if (rand() < 0.3) c[Math.floor(rand() * 34)] = Math.floor(rand() * 6);
    const text = outcome(() => twmj.format(c));
    for (const hand of [c, text.answer ?? "x"]) {
      const fast = outcome(() => twmj.waits(hand));
      const json = outcome(() => twmj.waits(hand, { melds: [] }));
      assert.deepStrictEqual(fast, json);
      assert.deepStrictEqual(outcome(() => twmj.shanten(hand)), outcome(() => twmj.shanten(hand, { melds: [] })));
    }
  }
});

// Issue 27 item 5, first use: the wait tables come inside the module (computed at compile time
// by rust/twmj-wasm/build.rs), so a first `waits` reads them instead of building them; and
// those shipped tables answer as an independent search does, on random ready hands.
test("the wait tables in use are the ones the module ships, and they answer right", async () => {
  const raw = await import("../pkg/wasm/twmj_wasm.js");
  assert.equal(raw.tables_shipped(), true);
  const local = rng(2705);
  for (let i = 0; i < 300; i++) {
    const counts = readyCounts(local);
    const got = twmj.waits(counts).waits.map((w) => w.tile);
    assert.deepEqual(got, referenceWaits(counts).map((k) => twmj.TILES[k]));
  }
});

// The fast paths share their value entries between answers (js/README.md): each wait, accept
// and scored item is one frozen object per distinct value; the answer and its lists are new
// per call, and a copy of an entry is an ordinary object.
test("fast-path entries are shared frozen values; answers and lists are the caller's", () => {
  const a = twmj.waits("2223456m123456789p");
  const b = twmj.waits(twmj.counts("2223456m123456789p"));
  assert.notEqual(a, b);
  assert.notEqual(a.waits, b.waits);
  assert.ok(a.waits.length === 5 && a.waits.every((w, i) => w === b.waits[i] && Object.isFrozen(w)));
  assert.ok(a.accepts.every((x, i) => x === b.accepts[i] && Object.isFrozen(x)));
  assert.ok(!Object.isFrozen(a) && !Object.isFrozen(a.waits) && !Object.isFrozen(a.accepts));
  a.waits.push({ ...a.waits[0], remaining: 0 });
  assert.equal(twmj.waits("2223456m123456789p").waits.length, 5);
  assert.throws(() => {
    a.accepts[0].remaining = 0;
  }, TypeError);
  assert.deepStrictEqual({ ...b.waits[0] }, twmj.waits("2223456m123456789p", { melds: [] }).waits[0]);
  // A distinct value gets its own entry: the same tile with fewer copies left.
  const seen = twmj.waits("2223456m123456789p", { visible: twmj.counts("1m") });
  assert.equal(seen.waits[0].remaining, 3);
  assert.equal(b.waits[0].remaining, 4);
  const ctx = { context: { winner: 1, dealer: 0, streak: 2, seatWind: "S", win: "self_draw" } };
  const s = twmj.score("123456789m234p56p77s", "7p", ctx);
  const t = twmj.score("123456789m234p56p77s", "7p", ctx);
  assert.deepEqual(s.items.map((i) => [i.key, i.tai]).length, 3);
  assert.ok(s.items.every((x, i) => x === t.items[i] && Object.isFrozen(x)));
  assert.ok(!Object.isFrozen(s.items) && !Object.isFrozen(s.payments[0]));
  // Under another tai value the same item is another entry, as the JSON path says.
  const v = new twmj.Variant("taiwan", { "tai.concealed": 2 });
  const u = twmj.score("123456789m234p56p77s", "7p", { ...ctx, variant: v });
  assert.deepStrictEqual(u, twmj.score("123456789m234p56p77s", "7p", { ...ctx, variant: v, melds: [] }));
  assert.notDeepStrictEqual(u.items, s.items);
});

// The score's numbers cross as `i32`s: large money (base_money and tai_money at the registry's
// maximum) still answers as the JSON path does.
test("score: money at the settings' maximum crosses intact", () => {
  const v = new twmj.Variant("taiwan", { base_money: 1000000, tai_money: 1000000 });
  for (const [hand, tile, context] of [
    ["789m111222333444z5z", "5z", { winner: 0, dealer: 0, win: "self_draw", streak: 5 }],
    ["123456789m234p56p77s", "7p", { winner: 1, dealer: 0, streak: 2, seatWind: "S", win: "self_draw" }],
  ]) {
    const fast = twmj.score(hand, tile, { context, variant: v });
    assert.deepStrictEqual(fast, twmj.score(hand, tile, { context, variant: v, melds: [] }));
    assert.ok(fast.net_money[fast.winner] > 1e7);
  }
});
