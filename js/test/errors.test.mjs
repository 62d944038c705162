// Errors as in Python (python/twmj/errors.py): one class per kind, with the core's fine code,
// kind, field, position, rule, line and Chinese message; the classes and codes come from the
// core's list (VOCABULARY.errors, ERROR_KINDS), never from this file.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

const twmj = await import("../pkg/index.js");

function refusal(fn) {
  try {
    fn();
  } catch (e) {
    return e;
  }
  assert.fail("no error");
}

/** The class the core names for a fine code (the class of its usual kind). */
const classFor = (code) => twmj.VOCABULARY.errors.find((e) => e.code === code).class;
/** The class of an error kind: an error's class follows its kind, as in Python (a record line
 * that fails on an unknown action is a RecordError whose fine code stays `unknown_action`). */
const classOfKind = (kind) => twmj.ERROR_KINDS.find((k) => k.code === kind).class;

function check(e, code, field) {
  assert.ok(e instanceof twmj.TwmjError, String(e));
  assert.ok(e instanceof Error);
  assert.equal(e.code, code);
  assert.equal(e.constructor.name, classFor(code));
  assert.equal(e.name, classFor(code));
  assert.equal(e.field, field);
  assert.ok(e.kind && twmj.ERROR_KINDS.some((k) => k.code === e.kind));
  assert.ok(typeof e.messageZh === "string" && e.messageZh.length > 0);
  assert.ok(e.message.length > 0);
}

test("every class the core names exists, each a TwmjError", () => {
  for (const k of twmj.ERROR_KINDS) {
    assert.equal(typeof twmj[k.class], "function", k.class);
    assert.ok(new twmj[k.class]("x") instanceof twmj.TwmjError);
  }
  assert.deepEqual([...twmj.ERROR_CODES], twmj.VOCABULARY.errors.map((e) => e.code));
});

test("a fifth copy in notation: TileError at its position (hand)", () => {
  const e = refusal(() => twmj.waits("1m1m1m1m1m"));
  check(e, "fifth_copy", "hand");
  assert.equal(e.position, 8);
  assert.ok(e.messageZh.includes("一萬"));
  check(refusal(() => twmj.waits("12x")), "unknown_symbol", "hand");
});

test("a wrong tile count: HandError", () => {
  check(refusal(() => twmj.waits("123m")), "wrong_tile_count", "hand");
  check(refusal(() => twmj.waits(new Uint8Array(3))), twmj.ERROR_CODES.find((c) => c === refusal(() => twmj.waits(new Uint8Array(3))).code), "hand");
  check(refusal(() => twmj.waits("3345m123p", { melds: [["chi", "135s"]] })), "not_a_run", "melds[0].tiles");
});

test("a bad setting: VariantError at overrides.<key>", () => {
  const e = refusal(() => new twmj.Variant("american", { min_tai: -5 }));
  assert.equal(e.field, "overrides.min_tai");
  assert.ok(e instanceof twmj.VariantError);
  assert.equal(e.constructor.name, classFor(e.code));
  const u = refusal(() => new twmj.Variant("nope"));
  assert.ok(u instanceof twmj.VariantError);
});

test("a bad context: ContextError at context.<field>", () => {
  const e = refusal(() => twmj.score("123456789m234p56p77s", "7p", { context: { winner: 9 } }));
  check(e, "seat_out_of_range", "context.winner");
  const w = refusal(() => twmj.score("123456789m234p56p77s", "7p", { context: { seatWind: "Q" } }));
  check(w, "not_a_wind", "context.seat_wind");
});

test("a bad record line: RecordError naming its line", () => {
  const record = readFileSync(new URL("./fixtures/win.jsonl", import.meta.url), "utf8").split("\n");
  record[4] = '{"type":"act","seat":0,"action":"discard 9z"}';
  const e = refusal(() => twmj.replay(record.join("\n")));
  assert.ok(e instanceof twmj.RecordError, String(e));
  assert.equal(e.kind, "record_error");
  assert.equal(e.line, 5);
  assert.ok(e.field.startsWith("record[4]"), e.field);
  assert.equal(e.constructor.name, classOfKind(e.kind));
});

test("an illegal action in a record names its rule", () => {
  const record = readFileSync(new URL("./fixtures/win.jsonl", import.meta.url), "utf8").trim().split("\n");
  // The first discard, made by another seat than the one to play.
  const i = record.findIndex((l) => l.includes('"action":"discard'));
  const line = JSON.parse(record[i]);
  line.seat = (line.seat + 1) % 4;
  record[i] = JSON.stringify(line);
  const e = refusal(() => twmj.replay(record.join("\n")));
  assert.ok(e instanceof twmj.TwmjError);
  assert.equal(e.line, i + 1);
});

test("a batch that is not a Uint8Array, or not N×34: HandError at counts", () => {
  check(refusal(() => twmj.waitsBatch([1, 2, 3])), refusal(() => twmj.waitsBatch([1, 2, 3])).code, "counts");
  assert.ok(refusal(() => twmj.waitsBatch(new Uint8Array(35))) instanceof twmj.HandError);
  const bad = new Uint8Array(68);
  bad.set(twmj.counts("2223456m123456789p"));
  bad.set(twmj.counts("2223456m123456789p"), 34);
  bad[34] = 5;
  const e = refusal(() => twmj.waitsBatch(bad));
  assert.ok(e.field.startsWith("counts[1]"), e.field);
});

test("an argument of the wrong type is a structured error, never a TypeError", () => {
  for (const v of [null, 5, {}, [null], Symbol("x"), () => 1, 10n, NaN]) {
    const e = refusal(() => twmj.waits(v));
    assert.ok(e instanceof twmj.TwmjError, `${String(v)}: ${e}`);
    assert.equal(e.field, "hand");
  }
});

test("a trap (a bug in twmj) is an InternalError with the panic's message, and stops the instance", async () => {
  const { execFileSync } = await import("node:child_process");
  const script = `
const t = await import(${JSON.stringify(new URL("../pkg/index.js", import.meta.url).href)});
const seen = [];
for (const f of [() => t._panic("boom at the test"), () => t.waits("2223456m123456789p"), () => t.score("123456789m234p56p77s", "7p"), () => new t.Variant("taiwan")]) {
  try { f(); seen.push("answered"); } catch (e) { seen.push([e.name, e instanceof t.TwmjError, e.code === e.kind, e.message.includes("boom at the test")]); }
}
console.log(JSON.stringify(seen));`;
  const seen = JSON.parse(execFileSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" }));
  const internal = twmj.ERROR_KINDS.find((k) => k.class === "InternalError").class;
  for (const s of seen) assert.deepEqual(s, [internal, true, true, true]);
});
