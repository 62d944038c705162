// The package's answers against independently derived expectations: the rule texts' worked
// examples (tests/cases/scoring_examples.json), hand derivations from the texts, and a slow
// reference for waits written from the definition (helpers.mjs).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";

import { ROOT, complete, randomCounts, readJson, readyCounts, referenceWaits, rng } from "./helpers.mjs";

const twmj = await import("../pkg/index.js");
const { waits, score, shanten, isWin, analyze, Variant, compare, waitValues, winners, legal, replay } = twmj;

test("000 計分 範例一: 門清 自摸 不求 = 3 台, payments 6/6/11", () => {
  const s = score("123456789m234p56p77s", "7p", {
    context: { winner: 1, dealer: 0, streak: 2, seatWind: "S", win: "self_draw" },
  });
  assert.equal(s.total_tai, 3);
  assert.deepEqual(
    s.items.map((i) => [i.name, i.tai]),
    [["門清", 1], ["自摸", 1], ["不求", 1]],
  );
  assert.deepEqual(
    s.payments.map((p) => [p.payer, p.total_tai]),
    [[2, 6], [3, 6], [0, 11]],
  );
  assert.deepEqual(s.net_tai, [-11, 23, -6, -6]);
});

test("every worked example of the rule texts (tests/cases/scoring_examples.json)", () => {
  const cases = readJson("tests/cases/scoring_examples.json");
  assert.ok(cases.length >= 7);
  for (const c of cases) {
    const s = score(c.hand, c.win_tile, { melds: c.melds, context: c.context, variant: c.variant });
    assert.equal(s.total_tai, c.total_tai, c.source);
    assert.deepEqual(s.items.map((i) => [i.name, i.tai]), c.items, c.source);
    assert.deepEqual(s.payments.map((p) => [p.payer, p.total_tai]), c.payments, c.source);
    assert.deepEqual(s.net_tai, c.net_tai, c.source);
    if (c.net_money) assert.deepEqual(s.net_money, c.net_money, c.source);
  }
});

test("waits of 000 平胡的認定's hand: 1m 3m 4m 6m 7m with their shapes and copies", () => {
  // 222 345 6m: 1m/4m/7m complete a run (兩面 with 23/56 …), 3m and 6m pair the lone tile.
  const w = waits("2223456m123456789p");
  assert.equal(w.tenpai, true);
  assert.equal(w.shanten, 0);
  assert.deepEqual(
    w.waits.map((x) => [x.tile, x.shapes, x.remaining]),
    [
      ["1m", ["ryanmen"], 4],
      ["3m", ["tanki"], 3],
      ["4m", ["ryanmen"], 3],
      ["6m", ["tanki"], 3],
      ["7m", ["ryanmen"], 4],
    ],
  );
  assert.equal(w.waits[0].name, "一萬");
  // 範例一's hand before its winning tile: 23p waits on 1p/4p (123p 456p, or 234p with
  // 56p waiting on 4p/7p): 1p 4p 7p, each by 兩面.
  assert.deepEqual(
    waits("123456789m234p56p77s").waits.map((x) => [x.tile, x.shapes]),
    [["1p", ["ryanmen"]], ["4p", ["ryanmen"]], ["7p", ["ryanmen"]]],
  );
});

test("waits agree with the slow reference on 400 random hands, as text and as counts", () => {
  const rand = rng(27);
  let ready = 0;
  for (let i = 0; i < 400; i++) {
    // Half random 16-tile hands, half a random complete hand less one tile (ready).
    const c = i % 2 === 0 ? randomCounts(rand, 16) : readyCounts(rand);
    const expected = referenceWaits(c).map((k) => twmj.TILES[k]);
    const fromCounts = waits(c);
    const fromText = waits(twmj.format(c));
    assert.deepEqual(fromCounts.waits.map((w) => w.tile), expected, twmj.format(c));
    assert.deepEqual(fromText, fromCounts);
    assert.equal(fromCounts.tenpai, expected.length > 0);
    if (expected.length) ready++;
  }
  assert.ok(ready > 0);
});

test("a 17-tile hand made complete by a wait is a win; shanten −1", () => {
  const rand = rng(5);
  for (let i = 0; i < 200; i++) {
    const c = randomCounts(rand, 17);
    assert.equal(isWin(c), complete(c), twmj.format(c));
    assert.equal(shanten(c) === -1, complete(c));
  }
  assert.equal(isWin("2223456m123456789p1m"), true);
  assert.equal(shanten("2223456m123456789p"), 0);
  // Seven lone honours with k = 3 implied melds: a pair (1 tile) and two sets (2 each) = 5
  // tiles, so shanten 4.
  assert.equal(shanten("1234567z"), 4);
});

test("special shapes count only under a preset whose text admits them (003 improved16)", () => {
  const lig = "11m33m55p77p99s22z44z666z";
  assert.equal(isWin(lig), false);
  assert.equal(isWin(lig, { variant: new Variant("improved16") }), true);
  assert.equal(isWin(lig, { variant: "improved16" }), true);
  assert.deepEqual(
    waits("19m19p19s1234567z234m", { variant: "improved16" }).waits.map((w) => w.tile),
    ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"],
  );
});

test("melds and visible tiles: remaining counts the melds and what is seen", () => {
  const w = waits("3345m123p", { melds: [["pon", "555s"], { kind: "chi", tiles: "789s" }, ["ankan", "東東東東"]], visible: "3m6m6m" });
  // 3345m: 3m (pair 33 + 345? no: 33 pair, 45 waits 3m/6m) — 3m and 6m by 兩面, 3m also 單吊? The
  // text's reading: every shape the tile takes. 3m held 2, 1 visible → 1 left; 6m 2 visible → 2.
  const byTile = Object.fromEntries(w.waits.map((x) => [x.tile, x.remaining]));
  assert.deepEqual(Object.keys(byTile), ["3m", "6m"]);
  assert.equal(byTile["3m"], 1);
  assert.equal(byTile["6m"], 2);
});

test("analyze: the best discard of a 17-tile hand leaves it ready", () => {
  const a = analyze("2223456m123456789p9s");
  assert.equal(a.shanten, 0);
  assert.equal(a.discards[0].tile, "9s");
  assert.deepEqual(a.discards[0].waits.map((w) => w.tile), ["1m", "3m", "4m", "6m", "7m"]);
});

test("variants: presets, overrides, tile sets from the core", () => {
  assert.deepEqual(Object.keys(twmj.PRESETS).sort(), Object.keys(twmj.PRESET_NAMES).sort());
  assert.equal(twmj.PRESETS.taiwan.tiles.length, 34);
  // 004: three players play without 二萬–八萬.
  assert.ok(!twmj.PRESETS.three_player.tiles.includes("5m"));
  const am = new Variant("american", { min_tai: 0, "tai.ping_hu": 3 });
  assert.equal(am.settings.min_tai, 0);
  assert.equal(am.settings["tai.ping_hu"], 3);
  assert.deepEqual(am.withOverrides({ min_tai: 2 }).settings.min_tai, 2);
  assert.ok(twmj.SETTINGS.some((s) => s.key === "min_tai" && s.name));
  assert.ok(twmj.TAI_KEYS.includes("tai.ping_hu"));
  assert.equal(twmj.ACTIONS.length, twmj.LIMITS.actions ?? twmj.ACTIONS.length);
  assert.equal(twmj.WIN_KINDS.self_draw, "自摸");
  assert.equal(twmj.version, readFileSync(join(ROOT, "pyproject.toml"), "utf8").match(/^version = "(.+)"/m)[1]);
});

test("compare, waitValues, winners", () => {
  const ctx = { winner: 1, dealer: 0, streak: 2, seatWind: "S", win: "self_draw" };
  const c = compare("123456789m234p56p77s", "7p", ["taiwan", new Variant("american")], { context: ctx });
  assert.equal(c.scores.length, 2);
  assert.equal(c.scores[0].total_tai, 3);
  const v = waitValues("2223456m456789p", { melds: [["chi", "123p"]], context: ctx });
  assert.deepEqual(v.map((x) => x.tile), ["1m", "3m", "4m", "6m", "7m"]);
  assert.ok(v.every((x) => x.on_self_draw.total_tai >= 1));
  // 000 多家同時胡: of two able seats the first in turn from the discarder wins (攔胡).
  assert.deepEqual(winners(2, [0, 3]), [3]);
});

test("legal: a snapshot's offer (000: 碰 and 明槓 from any seat, 吃 only from 上家)", () => {
  const l = legal({ seat: 0, hand: "555m 123p456p789p 1123s", drawable: 40, decision: { offer: { from: 2, discard: "5m" } } });
  assert.deepEqual([...l.actions].sort(), ["minkan", "pass", "pon"]);
  assert.equal(l.mask.length, twmj.ACTIONS.length);
  assert.deepEqual(
    l.mask.flatMap((on, i) => (on ? [twmj.ACTIONS[i]] : [])).sort(),
    ["minkan", "pass", "pon"],
  );
});

test("replay: a finished record is settled (000 放槍: the discarder alone pays)", () => {
  const record = readFileSync(new URL("./fixtures/win.jsonl", import.meta.url), "utf8");
  const r = replay(record);
  assert.equal(r.over, true);
  assert.equal(r.events, record.trim().split("\n").length);
  assert.deepEqual(r.wins.map((w) => [w.seat, w.kind, w.from]), [[3, "discard", 1]]);
  assert.equal(r.net_tai.reduce((a, b) => a + b, 0), 0);
  assert.deepEqual(r.net_tai.map((n, s) => (s === 1 || s === 3 ? 0 : n)), [0, 0, 0, 0]);
  assert.equal(r.net_tai[3], r.scores[0].payments[0].total_tai);
  // Cut short: not over, someone to decide, and legal() names the decisions.
  const half = record.trim().split("\n").slice(0, 20).join("\n");
  const h = replay(half);
  assert.equal(h.over, false);
  assert.ok(h.pending.length >= 1);
  const l = legal(half);
  assert.equal(l.decisions[0].seat, h.pending[0]);
  assert.ok(l.actions.length >= 1);
});

test("batches: one row of waitsBatch / shantenBatch is waits / shanten of that row", () => {
  const rand = rng(11);
  const n = 300;
  const rows = new Uint8Array(n * 34);
  for (let r = 0; r < n; r++) rows.set(randomCounts(rand, r % 3 === 0 ? 13 : 16), r * 34);
  const masks = twmj.waitsBatch(rows);
  const sh = twmj.shantenBatch(rows);
  assert.ok(masks instanceof BigUint64Array && sh instanceof Int8Array);
  for (let r = 0; r < n; r++) {
    const row = rows.subarray(r * 34, r * 34 + 34);
    assert.deepEqual(twmj.maskTiles(masks[r]), waits(row).waits.map((w) => w.tile));
    assert.equal(sh[r], shanten(row));
  }
  const v = twmj.waitsBatch(rows, { variant: "improved16" });
  assert.equal(v.length, n);
});

test("notation: parse, format, names", () => {
  const t = twmj.parse("東南西北 1f 五條");
  assert.equal(t.text, "5s1234z1f");
  assert.deepEqual(t.flowers, ["1f"]);
  assert.equal(t.counts[27], 1);
  assert.equal(twmj.tileName("5p"), "五筒");
  assert.equal(twmj.format(t.counts), "5s1234z");
  assert.equal(twmj.TILE_NAMES["7z"], "中");
});

test("the fast path still reads and writes the right memory after the module's memory grows", () => {
  const before = waits("2223456m123456789p");
  // 2 M rows: 68 MB in and 16 MB out make the module's memory grow (its old buffer detached).
  const rows = new Uint8Array(2_000_000 * 34);
  const one = twmj.counts("2223456m123456789p");
  for (let r = 0; r < 2_000_000; r += 97) rows.set(one, r * 34);
  for (let r = 0; r < 2_000_000; r++) if (rows[r * 34] === 0) rows.set(one, r * 34);
  assert.equal(twmj.waitsBatch(rows).length, 2_000_000);
  assert.deepEqual(waits("2223456m123456789p"), before);
  assert.deepEqual(waits(one), before);
  assert.equal(shanten(one), 0);
});
