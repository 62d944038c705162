// twmj for JavaScript: the camelCase API over the WebAssembly build of twmj-core.
//
// Every answer is plain data in the shape the HTTP service answers (python/twmj/data.py:
// the same keys, `total_tai`, `net_tai` …), so one question has one answer on every surface;
// functions and their options are camelCase. Every failure is an instance of a `TwmjError`
// subclass (errors.js, generated from the core's list) with `code`, `kind`, `field`,
// `position`, `rule`, `line` and `messageZh`; never a thrown string.
//
// Loading: the module instantiates the .wasm beside it with top-level await: from the file
// in Node (no fetch of file: URLs there), by `fetch` elsewhere (browsers; bundlers see the
// `new URL(…, import.meta.url)` and ship the file).

import initWasm, * as raw from "./wasm/twmj_wasm.js";
import { TwmjError, classOf } from "./errors.js";

export * from "./errors.js";

const WASM_URL = new URL("./wasm/twmj_wasm_bg.wasm", import.meta.url);

async function load() {
  const isNode = typeof process === "object" && process !== null && Boolean(process.versions?.node);
  if (isNode && WASM_URL.protocol === "file:") {
    const fs = await import(/* webpackIgnore: true */ /* @vite-ignore */ "node:fs");
    return raw.initSync({ module: fs.readFileSync(WASM_URL) });
  }
  return initWasm({ module_or_path: WASM_URL });
}

const wasm = await load();
raw.install_panic_hook();
// The wait tables computed at compile time (rust/twmj-wasm/build.rs): the first `waits`
// reads them rather than building them (issue 27 item 5, first use).
raw.install_tables();

// ---- Errors ----

/** The error of a JSON error record from the module (answer::error in the crate). */
function errorFrom(data) {
  const Cls = classOf(data.class);
  return new Cls(data.message, {
    code: data.code,
    kind: data.kind,
    field: data.field,
    position: data.position,
    rule: data.rule,
    line: data.line,
    messageZh: data.message_zh,
  });
}

/** What a failed call of the module threw, as a twmj error: an error record (JSON text), or a
 * trap (a bug in twmj: `InternalError` with the panic's message). */
function rethrow(e) {
  if (typeof e === "string") {
    let data;
    try {
      data = JSON.parse(e);
    } catch {
      data = null;
    }
    if (data && typeof data === "object") return errorFrom(data);
  }
  if (e instanceof TwmjError) return e;
  if (trapped !== null) return stopped();
  let panic = "";
  try {
    panic = raw.last_panic();
  } catch {
    panic = "";
  }
  const detail = panic || (e instanceof Error ? e.message : String(e));
  // A trap leaves the instance's stack and borrows as they were mid-call: nothing it answers
  // afterwards can be trusted, so every later call refuses (`stopped`).
  trapped = detail;
  return internal(`internal error in twmj (please report it): ${detail}`);
}

/** What the instance's last trap left: the panic's message, or null while none happened. */
let trapped = null;

function internal(message) {
  const Cls = classOf("InternalError");
  return new Cls(message, { code: META.internal_code, kind: META.internal_code });
}

function stopped() {
  return internal(`twmj stopped after an internal error (please report it): ${trapped}; load the package again`);
}

/** Refuses every call once the instance has trapped. */
function live() {
  if (trapped !== null) throw stopped();
}

/** A `HandError` at `field` for an argument the module cannot be handed at all; the core
 * chooses its class and code. */
function inputError(field, message) {
  return rethrow(raw.input_error(field, message));
}

// ---- What the core says once: names, tiles, presets, settings, vocabulary ----

let META;
try {
  META = JSON.parse(raw.meta());
} catch (e) {
  throw rethrow(e);
}
META.internal_code = META.error_kinds.find((k) => k.class === "InternalError")?.code ?? "internal";

const byKey = (list) => Object.freeze(Object.fromEntries(list.map((t) => [t.key, t.name])));
const deepFreeze = (o) => {
  if (o && typeof o === "object" && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
};

/** The package's version: the workspace's, which the Python package shares. */
export const version = raw.version();
/** Every term of the core with its key and Chinese name (as `twmj.VOCABULARY`). */
export const VOCABULARY = deepFreeze(META.vocabulary);
export const WIN_KINDS = byKey(VOCABULARY.win_kinds);
export const DECLARATIONS = byKey(VOCABULARY.declarations);
export const SHAPE_NAMES = byKey(VOCABULARY.shapes);
export const MELD_KINDS = byKey(VOCABULARY.meld_kinds);
export const PRESET_NAMES = byKey(VOCABULARY.presets);
export const DRAW_REASONS = byKey(VOCABULARY.draw_reasons);
export const WINDS = byKey(VOCABULARY.winds);
export const LIMITS = Object.freeze(Object.fromEntries(VOCABULARY.limits.map((t) => [t.key, t.value])));
export const ERROR_CODES = Object.freeze(VOCABULARY.errors.map((e) => e.code));
/** The coarse error kinds with their classes. */
export const ERROR_KINDS = deepFreeze(META.error_kinds);
/** The 34 tile kinds in index order (`1m` … `7z`) and their Chinese names. */
export const TILES = Object.freeze(META.tiles.map((t) => t.code));
export const TILE_NAMES = Object.freeze(Object.fromEntries(META.tiles.map((t) => [t.code, t.name])));
export const FLOWERS = Object.freeze(META.flowers.map((t) => t.code));
export const FLOWER_NAMES = Object.freeze(Object.fromEntries(META.flowers.map((t) => [t.code, t.name])));
export const COPIES = META.copies;
/** Every action name by index: the fixed action space a `legal` mask indexes. */
export const ACTIONS = Object.freeze(META.actions);
/** The settings registry (as `GET /v1/settings`). */
export const SETTINGS = deepFreeze(META.settings);
export const TAI_KEYS = Object.freeze(META.tai_keys);
export const DEFAULT_PRESET = META.default_preset;
/** Each preset: its name, tile kinds in play and every setting. */
export const PRESETS = deepFreeze(Object.fromEntries(META.presets.map((p) => [p.preset, p])));

// ---- Variants ----

const rulesOf = new WeakMap();
const DEFAULT_RULES = raw.Rules.byDefault();

/** A rule set: a preset with house-rule overrides (`new Variant("american", {min_tai: 0})`),
 * checked as a whole when made (a bad key or value is a `VariantError` at `overrides.<key>`). */
export class Variant {
  constructor(preset = DEFAULT_PRESET, overrides = {}) {
    live();
    let rules;
    try {
      rules = new raw.Rules(String(preset), toJson(overrides ?? {}));
    } catch (e) {
      throw rethrow(e);
    }
    rulesOf.set(this, rules);
    const d = JSON.parse(rules.describe());
    /** The preset this variant starts from. */
    this.preset = d.preset;
    /** The overrides applied, in order, as `[key, value]` text. */
    this.overrides = deepFreeze(d.overrides);
    /** The tile kinds in play, in index order. */
    this.tiles = deepFreeze(d.tiles);
    /** Every setting's value. */
    this.settings = deepFreeze(d.settings);
    this._given = deepFreeze(sanitize(overrides ?? {}));
    Object.freeze(this);
  }

  /** This variant with more overrides on top. */
  withOverrides(overrides) {
    const merged = { ...this._given, ...sanitize(overrides ?? {}) };
    return new Variant(this.preset, merged);
  }

  /** `{preset, overrides}` as given (what a request's `variant` and `overrides` hold). */
  toJSON() {
    return { preset: this.preset, overrides: this._given };
  }
}

const presetCache = new Map();

/** The rules handle of a `variant` option: a `Variant`, a preset name, or nothing. */
function rules(variant, field = "variant") {
  if (variant === undefined || variant === null) return DEFAULT_RULES;
  if (variant instanceof Variant) return rulesOf.get(variant);
  if (typeof variant === "string") {
    let v = presetCache.get(variant);
    if (!v) {
      v = new Variant(variant);
      presetCache.set(variant, v);
    }
    return rulesOf.get(v);
  }
  throw rethrow(raw.variant_error(field, `${field} must be a Variant or a preset name`));
}

/** A variant option as `{preset, overrides}` data (compare's list). */
function variantData(v) {
  if (v instanceof Variant) return v.toJSON();
  if (typeof v === "string") return { preset: v, overrides: {} };
  return v;
}

// ---- Input to JSON ----

const MAX_DEPTH = 32;

/** A value as JSON data: typed arrays become arrays, BigInt a number, `undefined` dropped,
 * and anything JSON cannot hold (a function, a symbol, a cycle, nesting past 32 levels)
 * `[null]`, a value no field of the core accepts, so the core names the field. */
function sanitize(v, depth = 0) {
  if (v === null || typeof v === "string" || typeof v === "boolean") return v;
  if (typeof v === "number") return Number.isFinite(v) ? v : [null];
  if (typeof v === "bigint") return Number(v);
  if (depth > MAX_DEPTH || typeof v !== "object") return [null];
  if (ArrayBuffer.isView(v)) return Array.from(v, (x) => (typeof x === "bigint" ? Number(x) : x));
  if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : sanitize(x, depth + 1)));
  if (v instanceof Variant) return v.toJSON();
  const out = {};
  for (const [k, x] of Object.entries(v)) {
    if (x !== undefined && typeof x !== "function" && typeof x !== "symbol") out[k] = sanitize(x, depth + 1);
  }
  return out;
}

/** A request as JSON text. Plain data (strings, numbers, arrays, objects) is written as it
 * stands; anything else (a typed array, a BigInt, a non-finite number, a cycle) goes through
 * `sanitize`. */
function toJson(v) {
  if (plainData(v, 0)) return JSON.stringify(v);
  return JSON.stringify(sanitize(v));
}

function plainData(v, depth) {
  switch (typeof v) {
    case "string":
    case "boolean":
    case "undefined":
      return true;
    case "number":
      return Number.isFinite(v);
    case "object":
      if (v === null) return true;
      if (depth > MAX_DEPTH || ArrayBuffer.isView(v) || v instanceof Variant) return false;
      if (Array.isArray(v)) {
        for (let i = 0; i < v.length; i++) if (!plainData(v[i], depth + 1)) return false;
        return true;
      }
      for (const k in v) if (!plainData(v[k], depth + 1)) return false;
      return true;
    default:
      return false;
  }
}

const snake = (k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** An object's keys in the core's spelling (`fromSeat` → `from_seat`; snake keys kept). */
function snakeKeys(o) {
  if (!o || typeof o !== "object" || Array.isArray(o) || ArrayBuffer.isView(o)) return o;
  let camel = false;
  for (const k in o) if (/[A-Z]/.test(k)) camel = true;
  if (!camel) return o;
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [snake(k), v]));
}

function snakeDeep(o, depth = 0) {
  if (depth > MAX_DEPTH || !o || typeof o !== "object" || ArrayBuffer.isView(o) || o instanceof Variant) return o;
  if (Array.isArray(o)) return o.map((x) => snakeDeep(x, depth + 1));
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [snake(k), snakeDeep(v, depth + 1)]));
}

/** No options: one shared empty object, read only (no object made per call). */
const NO_OPTIONS = Object.freeze({});

/** The options argument: an object, or nothing. */
function opts(o, name = "options") {
  if (o === undefined || o === null) return NO_OPTIONS;
  if (typeof o !== "object" || Array.isArray(o)) throw inputError(name, `${name} must be an object`);
  return o;
}

/** One question through the JSON path. */
function ask(op, req, rulesHandle = DEFAULT_RULES) {
  live();
  let text;
  try {
    text = raw.call(op, toJson(req), rulesHandle);
  } catch (e) {
    throw rethrow(e);
  }
  return JSON.parse(text);
}

// ---- The fast path: one hand through the module's fixed input and output areas ----

const IO_IN = raw.io_in();
const IO_OUT = raw.io_out();
const IO_IN_LEN = raw.io_in_len();
const encoder = new TextEncoder();
// Views of the module's memory, made again when it grows (a grown memory has a new buffer).
let mem8 = new Uint8Array(wasm.memory.buffer);
let mem32 = new Int32Array(wasm.memory.buffer);
let inView = mem8.subarray(IO_IN, IO_IN + IO_IN_LEN);
function memory() {
  // A grown memory detaches the old buffer (its views then have length 0): a cheap test,
  // where reading `wasm.memory.buffer` on every call is not.
  if (mem8.length === 0) {
    mem8 = new Uint8Array(wasm.memory.buffer);
    mem32 = new Int32Array(wasm.memory.buffer);
    inView = mem8.subarray(IO_IN, IO_IN + IO_IN_LEN);
  }
  return mem8;
}

/** Writes a hand into the input area: its length, or -1 when it does not fit there (the
 * JSON path answers). `isText` is set for notation. */
let isText = false;
function put(hand) {
  const m = memory();
  if (typeof hand === "string") {
    const n = hand.length;
    if (n > IO_IN_LEN) return -1;
    // ASCII notation (the common case) byte by byte; anything else through the encoder.
    let i = 0;
    for (; i < n; i++) {
      const c = hand.charCodeAt(i);
      if (c > 127) break;
      m[IO_IN + i] = c;
    }
    isText = true;
    if (i === n) return n;
    const r = encoder.encodeInto(hand, inView);
    if (r.read !== n) return -1;
    return r.written;
  }
  if (hand instanceof Uint8Array && hand.length <= IO_IN_LEN) {
    m.set(hand, IO_IN);
    isText = false;
    return hand.length;
  }
  return -1;
}

// The lists the answers are read through, by number. Private and left unfrozen: V8 reads an
// element of a frozen array more slowly, which cost the waits answer up to half its time
// (benches/README.md, issue 27 item 5); the values they hold are the exported ones.
// Shapes by the bits the fast path writes: one frozen list per combination.
const SHAPES_OF = Array.from({ length: 256 }, (_, bits) =>
  Object.freeze(META.shape_bits.filter(([b]) => (bits >> b) & 1).map(([, key]) => key)),
);
// Each tile kind's code and Chinese name by index (where TILE_NAMES is read by the code).
const TILE_AT = Array.from(TILES);
const NAME_AT = TILES.map((code) => TILE_NAMES[code]);

// The fast path's wait and accept entries, one frozen object per distinct value, made on first
// need and shared by every answer that holds it (no object made per entry per call; documented
// as frozen in index.d.ts and the README). By (kind × 256 + shape bits) × 5 + copies left, and
// kind × 5 + copies left.
const COPIES_MAX = 5;
const WAIT_AT = new Array(34 * 256 * COPIES_MAX).fill(undefined);
const ACCEPT_AT = new Array(34 * COPIES_MAX).fill(undefined);

function waitEntry(kind, bits, left) {
  const i = (kind * 256 + bits) * COPIES_MAX + left;
  const w = WAIT_AT[i];
  if (w !== undefined) return w;
  return (WAIT_AT[i] = Object.freeze({ tile: TILE_AT[kind], name: NAME_AT[kind], shapes: SHAPES_OF[bits], remaining: left }));
}

function acceptEntry(kind, left) {
  const i = kind * COPIES_MAX + left;
  const a = ACCEPT_AT[i];
  if (a !== undefined) return a;
  return (ACCEPT_AT[i] = Object.freeze({ tile: TILE_AT[kind], remaining: left }));
}

function readWaits() {
  const m = memory();
  let at = IO_OUT + 1;
  const shanten = (m[at++] << 24) >> 24;
  const tenpai = m[at++] === 1;
  const n = m[at++];
  const waits = new Array(n);
  for (let i = 0; i < n; i++, at += 3) waits[i] = waitEntry(m[at], m[at + 1], m[at + 2]);
  const k = m[at++];
  const accepts = new Array(k);
  for (let i = 0; i < k; i++, at += 2) accepts[i] = acceptEntry(m[at], m[at + 1]);
  return { shanten, tenpai, waits, accepts };
}

function plain(o) {
  return o.melds === undefined && o.visible === undefined;
}

// ---- Notation ----

/** Reads notation: canonical `text`, the `tiles`, the `flowers` and the 34 `counts`. Under a
 * variant a tile its set lacks is a `HandError` at its position. */
export function parse(text, options) {
  const o = opts(options);
  const t = ask("parse", { text }, rules(o.variant));
  t.counts = Uint8Array.from(t.counts);
  return t;
}

/** The 34 counts of a hand (the fast path's input). */
export function counts(text, options) {
  return parse(text, options).counts;
}

/** Canonical notation of notation or 34 counts. */
export function format(tiles) {
  return ask("format", { tiles });
}

/** The Chinese name of one tile (`5p` → `五筒`). */
export function tileName(tile) {
  return ask("tile_name", { tile });
}

// ---- Hands ----

/** The fast path of one hand: `hand` written into the module's buffer (`put`), then the
 * module's export `io(length, isText, rules)` asked (called on the instance itself: `r` is a
 * `Rules` the wrapper made, so wasm-bindgen's class check in its glue has nothing to add);
 * `undefined` when the hand cannot be written there (the JSON path then answers, naming what
 * is wrong). */
function fast(io, hand, r) {
  live();
  const len = put(hand);
  if (len < 0) return undefined;
  try {
    return io(len, isText, r.__wbg_ptr);
  } catch (e) {
    throw rethrow(e);
  }
}

/** What a 16 − 3k hand waits on: `{shanten, tenpai, waits, accepts}`. */
export function waits(hand, options) {
  if (options === undefined) {
    // The common call (no options: the default rules, nothing else in view) straight to the
    // fast path.
    if (fast(wasm.waits_io, hand, DEFAULT_RULES) === 1) return readWaits();
    return ask("waits", { hand: hand, melds: undefined, visible: undefined }, DEFAULT_RULES);
  }
  const o = opts(options);
  const r = rules(o.variant);
  if (plain(o) && fast(wasm.waits_io, hand, r) === 1) return readWaits();
  return ask("waits", { hand: hand, melds: o.melds, visible: o.visible }, r);
}

/** Shanten (向聽) of a 16 − 3k or 17 − 3k hand: 0 ready, −1 complete. */
export function shanten(hand, options) {
  const o = opts(options);
  const r = rules(o.variant);
  if (o.melds === undefined) {
    const s = fast(wasm.shanten_io, hand, r);
    if (s !== undefined && s !== 127) return s;
  }
  return ask("shanten", { hand: hand, melds: o.melds }, r);
}

/** True when a 17 − 3k hand is a win (five sets and a pair, or a special shape its variant
 * admits). */
export function isWin(hand, options) {
  const o = opts(options);
  const r = rules(o.variant);
  if (o.melds === undefined) {
    const w = fast(wasm.is_win_io, hand, r);
    if (w !== undefined && w !== 2) return w === 1;
  }
  return ask("is_win", { hand: hand, melds: o.melds }, r);
}

/** Discard analysis of a 17 − 3k hand, best discard first. */
export function analyze(hand, options) {
  const o = opts(options);
  return ask("analyze", { hand: hand, melds: o.melds, visible: o.visible }, rules(o.variant));
}

// ---- Scoring ----

// ---- The score's fast path: texts and numbers in, numbers out (score_io in the crate) ----

const IO_ARGS = raw.io_args() >> 2;
const IO_NUM = raw.io_num() >> 2;
// The crate's order of the question's texts and the context's integers and flags
// (SCORE_TEXTS, SCORE_INTS in rust/twmj-wasm/src/lib.rs), by the context key that fills each.
const N_TEXTS = 7;
const N_INTS = 6;
const ARG_LEN = N_TEXTS + N_INTS + 3;
const GIVEN = N_TEXTS + N_INTS;
const FLAGS = GIVEN + 1;
/** The slot of a context key: its kind (0 text, 1 integer, 2 flag) × 16 + its index in that
 * kind's list, for the key in either spelling; -1 for any other key. */
function contextSlot(k) {
  switch (k) {
    case "seat_wind":
    case "seatWind":
      return 2;
    case "round_wind":
    case "roundWind":
      return 3;
    case "win":
      return 4;
    case "declared":
      return 5;
    case "flowers":
      return 6;
    case "winner":
      return 16;
    case "dealer":
      return 17;
    case "streak":
      return 18;
    case "from_seat":
    case "fromSeat":
      return 19;
    case "discards":
      return 20;
    case "shown":
      return 21;
    case "last_tile":
    case "lastTile":
      return 32;
    case "first_turn":
    case "firstTurn":
      return 33;
    case "first_eight":
    case "firstEight":
      return 34;
    default:
      return -1;
  }
}
// The context's texts of the call being written (reused: no array made per call).
const ctxTexts = new Array(N_TEXTS).fill(undefined);
// The string table's texts (strings.rs in the crate), read as answers name them.
const STRINGS = [];

/** Writes `s` into the input area at byte `at`: its byte length, or -1 when it does not fit. */
function putText(m, s, at) {
  const n = s.length;
  if (at + n > IO_IN_LEN) return -1;
  let i = 0;
  for (; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c > 127) break;
    m[IO_IN + at + i] = c;
  }
  if (i === n) return n;
  const r = encoder.encodeInto(s, inView.subarray(at));
  return r.read === n ? r.written : -1;
}

/** The score question in the input and argument areas, or false when it is not one the fast
 * path takes (the JSON path then answers it, naming any fault): notation and a winning tile
 * as text, no melds, no `whyNot`, a context of plain integers, texts and booleans (no dice). */
function putScore(hand, winTile, o) {
  if (typeof hand !== "string" || typeof winTile !== "string") return false;
  if (o.melds !== undefined && o.melds !== null) return false;
  const why = o.whyNot ?? o.why_not;
  if (why !== undefined && why !== false) return false;
  const m = memory();
  const a = mem32;
  const base = IO_ARGS;
  for (let i = 0; i < N_TEXTS; i++) a[base + i] = -1;
  for (let i = N_TEXTS; i < ARG_LEN; i++) a[base + i] = 0;
  let at = putText(m, hand, 0);
  if (at < 0) return false;
  a[base] = at;
  const w = putText(m, winTile, at);
  if (w < 0) return false;
  a[base + 1] = w;
  at += w;
  const ctx = o.context;
  if (ctx === undefined || ctx === null) return true;
  if (typeof ctx !== "object" || Array.isArray(ctx) || ArrayBuffer.isView(ctx)) return false;
  a[base + ARG_LEN - 1] = 1;
  // Later keys win, as in the JSON path (`snakeKeys`).
  const texts = ctxTexts;
  // Seven slots by hand: a loop the compiler keeps inline, where `fill` is a builtin's call.
  for (let i = 0; i < N_TEXTS; i++) texts[i] = undefined;
  let given = 0;
  let flags = 0;
  for (const k in ctx) {
    if (!Object.prototype.hasOwnProperty.call(ctx, k)) continue;
    const slot = contextSlot(k);
    if (slot < 0) return false;
    const v = ctx[k];
    const i = slot & 15;
    if (slot < 16) {
      if (v === undefined || v === null) texts[i] = undefined;
      else if (typeof v === "string") texts[i] = v;
      else return false;
    } else if (slot < 32) {
      if (v === undefined || v === null) given &= ~(1 << i);
      else if (typeof v === "number" && Number.isInteger(v) && v <= 0x7fffffff && v >= -0x80000000) {
        a[base + N_TEXTS + i] = v;
        given |= 1 << i;
      } else return false;
    } else if (v === true) flags |= 1 << i;
    else if (v === false || v === undefined || v === null) flags &= ~(1 << i);
    else return false;
  }
  a[base + GIVEN] = given;
  a[base + FLAGS] = flags;
  for (let i = 2; i < N_TEXTS; i++) {
    if (texts[i] === undefined) continue;
    const n = putText(m, texts[i], at);
    if (n < 0) return false;
    a[base + i] = n;
    at += n;
  }
  return true;
}

// The score's items, one frozen `{key, name, tai}` per distinct item and tai, made on first need
// and shared by every answer that holds it (as the waits' entries): by the name's number in the
// string table, then the tai (0 to ITEM_TAI − 1; any other tai gets an object of its own).
const ITEM_TAI = 256;
const ITEM_AT = [];

function itemEntry(key, name, tai) {
  if (tai >= 0 && tai < ITEM_TAI) {
    let byTai = ITEM_AT[name];
    if (byTai === undefined) {
      while (ITEM_AT.length <= name) ITEM_AT.push(undefined);
      byTai = ITEM_AT[name] = new Array(ITEM_TAI).fill(undefined);
    }
    const o = byTai[tai];
    if (o !== undefined && o.key === STRINGS[key]) return o;
    return (byTai[tai] = Object.freeze({ key: STRINGS[key], name: STRINGS[name], tai }));
  }
  return Object.freeze({ key: STRINGS[key], name: STRINGS[name], tai });
}

/** The answer `score_io` wrote, as the JSON path's plain object (the core's ScoreAnswer's
 * keys, in its order). Its numbers are `i32`s in the number area: small integers, as
 * `JSON.parse` holds them (a number outside `i32` makes the module answer 0: the JSON path). */
function readScore() {
  memory(); // the call may have grown the module's memory
  const f = mem32;
  let at = IO_NUM;
  const known = f[at++];
  if (known > STRINGS.length) {
    for (const t of JSON.parse(raw.strings_since(STRINGS.length))) STRINGS.push(t);
  }
  const S = STRINGS;
  const variant = S[f[at++]];
  const nOver = f[at++];
  const overrides = new Array(nOver);
  for (let i = 0; i < nOver; i++, at += 2) overrides[i] = [S[f[at]], S[f[at + 1]]];
  const total_tai = f[at++];
  const nItems = f[at++];
  // Lists of the length the module wrote (no growth by `push`).
  const items = new Array(nItems);
  for (let i = 0; i < nItems; i++, at += 3) items[i] = itemEntry(f[at], f[at + 1], f[at + 2]);
  const nDealer = f[at++];
  const dealer_items = new Array(nDealer);
  for (let i = 0; i < nDealer; i++, at += 3) dealer_items[i] = itemEntry(f[at], f[at + 1], f[at + 2]);
  const dealer_tai = f[at++];
  const nBlocks = f[at++];
  const decomposition = new Array(nBlocks);
  for (let i = 0; i < nBlocks; i++) decomposition[i] = S[f[at++]];
  const nMelds = f[at++];
  const melds = new Array(nMelds);
  for (let i = 0; i < nMelds; i++, at += 2) melds[i] = { kind: S[f[at]], tiles: S[f[at + 1]] };
  const shape = f[at++];
  const allowed = f[at++] === 1;
  const winner = f[at++];
  const nPay = f[at++];
  const payments = new Array(nPay);
  for (let i = 0; i < nPay; i++, at += 9) {
    payments[i] = {
      bill: f[at],
      payer: f[at + 1],
      payee: f[at + 2],
      base_tai: f[at + 3],
      hand_tai: f[at + 4],
      dealer_tai: f[at + 5],
      total_tai: f[at + 6],
      multiple: f[at + 7],
      money: f[at + 8],
    };
  }
  const net_tai = [f[at], f[at + 1], f[at + 2], f[at + 3]];
  const net_money = [f[at + 4], f[at + 5], f[at + 6], f[at + 7]];
  return {
    variant,
    overrides,
    total_tai,
    items,
    dealer_items,
    dealer_tai,
    decomposition,
    melds,
    win_shape: shape < 0 ? null : S[shape],
    allowed,
    winner,
    payments,
    net_tai,
    net_money,
    why_not: [],
  };
}

/** Scores a win (max tai over every decomposition) and settles it. */
export function score(hand, winTile, options) {
  const o = opts(options);
  const r = rules(o.variant);
  live();
  if (putScore(hand, winTile, o)) {
    let done;
    try {
      done = wasm.score_io(r.__wbg_ptr);
    } catch (e) {
      throw rethrow(e);
    }
    if (done === 1) return readScore();
  }
  return ask(
    "score",
    { hand: hand, win_tile: winTile, melds: o.melds, context: snakeKeys(o.context), why_not: o.whyNot ?? o.why_not },
    r,
  );
}

/** One win under several variants: `{scores, differing}`. */
export function compare(hand, winTile, variants, options) {
  const o = opts(options);
  const vs = Array.isArray(variants) ? variants.map(variantData) : variants;
  return ask("compare", {
    hand: hand,
    win_tile: winTile,
    variants: vs,
    melds: o.melds,
    context: snakeKeys(o.context),
    why_not: o.whyNot ?? o.why_not,
  });
}

/** Each wait of a ready hand with what winning on it is worth, on a discard and by self-draw. */
export function waitValues(hand, options) {
  const o = opts(options);
  return ask("wait_values", { hand: hand, melds: o.melds, context: snakeKeys(o.context) }, rules(o.variant));
}

/** The seats that win one discarded tile, of the seats able to win it (攔胡, 一砲三響). */
export function winners(discarder, able, options) {
  const o = opts(options);
  return ask("winners", { discarder, able }, rules(o.variant));
}

// ---- Play ----

/** The legal actions at a decision point: a `snapshot` object (the `/v1/legal` schema's;
 * its `variant` a `Variant` or preset name, `overrides` beside it) or a game `record` (JSON
 * lines). `{actions, mask, decisions}`. */
export function legal(input) {
  if (typeof input === "string") return ask("legal", { record: input });
  if (!input || typeof input !== "object" || Array.isArray(input)) {
    throw inputError("snapshot", "legal takes a snapshot object or a record string");
  }
  const snap = snakeDeep(input);
  const { variant, overrides, ...rest } = snap;
  let r = DEFAULT_RULES;
  const hasVariant = variant !== undefined && variant !== null;
  if (hasVariant) {
    let v;
    try {
      if (variant instanceof Variant) {
        v = overrides && Object.keys(overrides).length ? variant.withOverrides(overrides) : variant;
      } else if (typeof variant === "string") {
        v = new Variant(variant, overrides ?? {});
      } else {
        throw rethrow(raw.variant_error("variant", "variant must be a Variant or a preset name"));
      }
    } catch (e) {
      // As the service names them: under `snapshot` (`snapshot.overrides.min_tai`).
      if (e instanceof TwmjError) e.field = e.field ? `snapshot.${e.field}` : "snapshot";
      throw e;
    }
    r = rulesOf.get(v);
  }
  return ask("legal", { snapshot: rest, has_variant: hasVariant }, r);
}

/** Replays a JSON-lines record, checking every move; a finished hand is scored and settled
 * under `variant` (else the record's own rules) at `streak` / `roundWind` (else the record's). */
export function replay(record, options) {
  const o = opts(options);
  const hasVariant = o.variant !== undefined && o.variant !== null;
  return ask(
    "replay",
    { record, streak: o.streak, round_wind: o.roundWind ?? o.round_wind, has_variant: hasVariant },
    rules(o.variant),
  );
}

// ---- Batches ----

function rows(countsArg) {
  live();
  if (!(countsArg instanceof Uint8Array)) {
    throw inputError("counts", "counts must be a Uint8Array of N×34 tile counts");
  }
  return countsArg;
}

/** The wait bitmask (bit i = tile kind i, `TILES[i]`) of each row of a flat N×34 `Uint8Array`. */
export function waitsBatch(countsArg, options) {
  const o = opts(options);
  const c = rows(countsArg);
  try {
    return raw.waits_batch(c, rules(o.variant), o.variant === undefined || o.variant === null);
  } catch (e) {
    throw rethrow(e);
  }
}

/** The shanten of each row of a flat N×34 `Uint8Array`. */
export function shantenBatch(countsArg, options) {
  const o = opts(options);
  const c = rows(countsArg);
  try {
    return raw.shanten_batch(c, rules(o.variant));
  } catch (e) {
    throw rethrow(e);
  }
}

/** The tiles of a wait bitmask, in order. */
export function maskTiles(mask) {
  const out = [];
  const m = BigInt(mask);
  for (let i = 0; i < TILES.length; i++) if ((m >> BigInt(i)) & 1n) out.push(TILES[i]);
  return out;
}

/** Panics inside the module on purpose: the tests' way to check that a trap becomes
 * `InternalError` and stops the instance. Not public API. */
export function _panic(message) {
  try {
    raw.panic_for_tests(String(message));
  } catch (e) {
    throw rethrow(e);
  }
}
