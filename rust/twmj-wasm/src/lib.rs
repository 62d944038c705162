//! twmj-wasm: twmj-core for JavaScript (the npm package `twmj`, built into `js/` by
//! `scripts/build-wasm.sh`). The hand-written wrapper `js/src/index.js` gives the camelCase API
//! and the `Error` subclasses; this crate is the thin layer under it:
//!
//! - [`Rules`]: a validated variant (a preset plus overrides), held by the wrapper's `Variant`.
//! - [`call`]: every question as one JSON request → one JSON answer (`input.rs` reads the
//!   request, `answer.rs` writes the answer in the HTTP service's shape).
//! - the fast paths ([`waits_io`], [`shanten_io`], [`is_win_io`]): one hand written by the
//!   wrapper straight into a fixed input area of the module's memory, the answer read back
//!   from a fixed output area, with no allocation and no JSON.
//! - the batches ([`waits_batch`], [`shanten_batch`]) over a flat N×34 `Uint8Array`.
//!
//! Every export returns its error as data (a JSON text the wrapper turns into the error's
//! class) and never panics on input: a panic in WebAssembly is a trap that no `catch_unwind`
//! can stop, so none of the input paths may reach one (the Node fuzz test calls every export
//! with random input). Should one happen anyway, the panic hook keeps its message for
//! [`last_panic`] and the wrapper raises `InternalError` with it.

// wasm-bindgen fixes how exported functions take their arguments (owned, by value).
#![allow(clippy::needless_pass_by_value)]

mod answer;
mod input;
mod strings;

use std::cell::RefCell;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU8, Ordering};

use serde_json::{json, Value};
use twmj_core::decompose::Block;
use twmj_core::game::report::Vocabulary;
use twmj_core::game::{self, Action, Snapshot};
use twmj_core::hand::Form;
use twmj_core::rules::{specs, PRESETS, TAI};
use twmj_core::scoring::{self, Claim, ContextArgs, Scored, Value as Setting, Variant};
use twmj_core::vocab::Int;
use twmj_core::{Error, Hand, Tiles, WaitReport, KINDS};
use wasm_bindgen::prelude::*;

use input::{get, Result};

/// A validated rule set: a preset with overrides applied in order, checked as a whole.
#[wasm_bindgen]
pub struct Rules(Variant);

/// An error as the JSON text the wrapper throws from (`answer::error`).
fn fail(e: &Error) -> String {
    answer::error(e).to_string()
}

fn overrides_into(mut v: Variant, overrides: &str) -> Result<Variant> {
    let map = match serde_json::from_str::<Value>(overrides) {
        Ok(Value::Object(m)) => m,
        Ok(Value::Null) => serde_json::Map::new(),
        _ => {
            return Err(Error::variant(
                "overrides",
                "overrides must be an object of setting keys and values",
            ))
        }
    };
    for (key, val) in &map {
        let value = match val {
            Value::Bool(b) => Setting::Bool(*b),
            Value::String(s) => Setting::Text(s.clone()),
            Value::Number(n) => match n.as_i64() {
                Some(i) => Setting::Int(i),
                None => match n.as_f64() {
                    Some(f) if f.fract() == 0.0 && f.abs() < 9.0e18 => Setting::Int(f as i64),
                    _ => return Err(bad_setting(key, "要整數、true/false 或文字")),
                },
            },
            _ => return Err(bad_setting(key, "要整數、true/false 或文字")),
        };
        v.set(key, &value)?;
    }
    v.check()?;
    Ok(v)
}

fn bad_setting(key: &str, why: &str) -> Error {
    Error::variant(key, "the value is not an integer, true/false or text").coded(
        twmj_core::Code::BadSettingValue,
        &[("key", &key), ("why", &why)],
    )
}

/// A variant written as `{preset, overrides}` (compare's `variants[i]`, a snapshot's).
fn variant_of(v: &Value, field: &str) -> Result<Variant> {
    let Value::Object(m) = v else {
        return Err(Error::variant(field, "a variant is {preset, overrides}"));
    };
    let preset = match get(m, "preset") {
        None => twmj_core::TAIWAN.preset,
        Some(Value::String(s)) => s.as_str(),
        Some(_) => return Err(Error::variant(field, "preset must be a string")),
    };
    let overrides = get(m, "overrides").map_or_else(|| "{}".to_owned(), Value::to_string);
    overrides_into(Variant::preset(preset)?, &overrides)
}

#[wasm_bindgen]
impl Rules {
    /// `preset` with `overrides` (a JSON object text) set in order, then checked.
    #[wasm_bindgen(constructor)]
    pub fn new(preset: &str, overrides: &str) -> std::result::Result<Rules, String> {
        Variant::preset(preset)
            .and_then(|v| overrides_into(v, overrides))
            .map(Rules)
            .map_err(|e| fail(&e))
    }

    /// The default rules (the preset `Variant()` starts from in Python).
    #[wasm_bindgen(js_name = byDefault)]
    pub fn by_default() -> Rules {
        Rules(twmj_core::TAIWAN.clone())
    }

    /// These rules with more overrides on top.
    #[wasm_bindgen(js_name = withOverrides)]
    pub fn with_overrides(&self, overrides: &str) -> std::result::Result<Rules, String> {
        overrides_into(self.0.clone(), overrides)
            .map(Rules)
            .map_err(|e| fail(&e))
    }

    /// The preset, overrides, tiles in play and every setting, as JSON.
    pub fn describe(&self) -> String {
        answer::variant(&self.0).to_string()
    }
}

/// Everything the wrapper reads once at start, from the core: the version, the vocabulary
/// (with the error codes and their classes), the error kinds, the presets, the settings
/// registry, the tai keys, the action space, the tiles with their names and the shape bits
/// of the fast path.
#[wasm_bindgen]
pub fn meta() -> std::result::Result<String, String> {
    let specs = specs().map_err(|e| fail(&e))?;
    let kinds: Vec<Value> = twmj_core::ERROR_KINDS
        .iter()
        .map(|k| json!({"code": k.code, "class": k.class, "doc": k.doc, "name": k.name}))
        .collect();
    let tiles: Vec<Value> = (0..KINDS)
        .filter_map(twmj_core::Tile::new)
        .map(|t| json!({"code": t.code(), "name": t.name()}))
        .collect();
    let flowers: Vec<Value> = (0..8)
        .filter_map(twmj_core::Flower::new)
        .map(|f| json!({"code": f.code(), "name": f.name()}))
        .collect();
    let shape_bits: Vec<Value> = twmj_core::Shape::ALL
        .iter()
        .map(|&s| json!([s as u8, s.key()]))
        .collect();
    let presets: Vec<Value> = PRESETS
        .iter()
        .filter_map(|p| Variant::preset(p).ok())
        .map(|v| answer::variant(&v))
        .collect();
    Ok(json!({
        "version": env!("CARGO_PKG_VERSION"),
        "vocabulary": Vocabulary::new(),
        "error_kinds": kinds,
        "presets": presets,
        "settings": specs,
        "tai_keys": TAI.keys().collect::<Vec<_>>(),
        "actions": Action::names(),
        "tiles": tiles,
        "flowers": flowers,
        "shape_bits": shape_bits,
        "copies": twmj_core::tile::COPIES,
        "default_preset": twmj_core::TAIWAN.preset,
        "kinds": KINDS,
    })
    .to_string())
}

/// Runs one question: `op` names it, `req` is its JSON request, `rules` the variant.
#[wasm_bindgen]
pub fn call(op: &str, req: &str, rules: &Rules) -> std::result::Result<String, String> {
    answer_of(op, req, &rules.0).map_err(|e| fail(&e))
}

/// An answer as JSON text.
fn text<T: serde::Serialize>(value: &T) -> Result<String> {
    serde_json::to_string(value).map_err(|e| Error::internal(format!("an answer as JSON: {e}")))
}

fn answer_of(op: &str, req: &str, rules: &Variant) -> Result<String> {
    let r = input::request(req)?;
    match op {
        "parse" => {
            let notation = input::text(&r, "text", |m| Error::hand(m).at("text"))?.unwrap_or("");
            text(&answer::tiles(&rules.parse(notation)?))
        }
        "format" => {
            let v = get(&r, "tiles").unwrap_or(&Value::Null);
            let t = input::tiles(v, "tiles", &twmj_core::TAIWAN)?;
            text(&twmj_core::notation::format(&t.counts, t.flowers))
        }
        "tile_name" => {
            let t = input::text(&r, "tile", |m| Error::hand(m).at("tile"))?.unwrap_or("");
            text(&twmj_core::notation::tile_name(t)?)
        }
        "waits" => {
            let h = input::hand(&r, Form::Waiting, rules)?;
            let v = input::visible(&r, rules)?;
            let report = twmj_core::wait_report(h, v, rules).map_err(|e| e.at("hand"))?;
            text(&answer::wait_report(&report, rules)?)
        }
        "shanten" => {
            let h = input::hand(&r, Form::Any, rules)?;
            text(&twmj_core::shanten(&h, rules))
        }
        "is_win" => {
            let h = input::hand(&r, Form::Full, rules)?;
            text(&twmj_core::is_win(&h, rules))
        }
        "analyze" => {
            let h = input::hand(&r, Form::Full, rules)?;
            let v = input::visible(&r, rules)?;
            let a = twmj_core::analyze(&h, &v, rules).map_err(|e| e.at("hand"))?;
            text(&answer::analysis(&a))
        }
        "score" => text(&answer::score(&claim(&r, rules)?.score(rules)?)),
        "compare" => {
            let Some(Value::Array(vs)) = get(&r, "variants") else {
                return Err(Error::variant("variants", "variants must be a list"));
            };
            let variants = vs
                .iter()
                .enumerate()
                .map(|(i, v)| variant_of(v, &format!("variants[{i}]")))
                .collect::<Result<Vec<_>>>()?;
            // Each variant checks its own tile set when it scores.
            let c = claim(&r, &twmj_core::TAIWAN)?.compare(&variants)?;
            text(&answer::compared(&c))
        }
        "wait_values" => {
            let h = input::hand(&r, Form::Waiting, rules)?;
            let ctx = input::context(&r)?;
            text(&answer::wait_values(&scoring::priced_waits(
                &h, &ctx, rules,
            )?))
        }
        "winners" => {
            let bad = |f: &str, m: String| Error::context(f, m);
            let seats = twmj_core::vocab::SEATS;
            let discarder = input::int(
                get(&r, "discarder").unwrap_or(&Value::Null),
                "discarder",
                &bad,
            )?
            .seat("discarder", seats)?;
            let Some(Value::Array(able)) = get(&r, "able") else {
                return Err(Error::context("able", "able must be a list of seats"));
            };
            let able = able
                .iter()
                .map(|s| input::int(s, "able", &bad)?.seat("able", seats))
                .collect::<Result<Vec<_>>>()?;
            text(&scoring::winning_seats(discarder, &able, rules.multi_win)?)
        }
        "legal" => text(&legal(&r, rules)?),
        "replay" => text(&replay(&r, rules)?),
        _ => Err(Error::internal(format!("no such question: {op}"))),
    }
}

/// The win a score request states.
fn claim(r: &serde_json::Map<String, Value>, rules: &Variant) -> Result<Claim> {
    let h = get(r, "hand").ok_or_else(|| Error::hand("hand is required").at("hand"))?;
    let tiles = input::tiles(h, "hand", rules)?;
    let melds = input::melds(get(r, "melds"), None)?;
    let win_tile = input::text(r, "win_tile", |m| Error::hand(m).at("win_tile"))?.unwrap_or("");
    let ctx = input::context(r)?;
    Claim::hand(tiles, melds, win_tile, ctx, input::flag(r, "why_not")?)
}

/// `legal`: a snapshot (the `/v1/legal` schema's, its variant the call's `rules` when
/// `has_variant`) or a record → the decisions.
fn legal(r: &serde_json::Map<String, Value>, rules: &Variant) -> Result<Value> {
    match (get(r, "snapshot"), get(r, "record")) {
        (Some(snap), None) => {
            let Value::Object(m) = snap else {
                return Err(Error::context("snapshot", "snapshot must be an object"));
            };
            let melds = input::melds(get(m, "melds"), Some("snapshot"))?;
            let variant = input::flag(r, "has_variant")?.then_some(rules);
            let mut doc = m.clone();
            doc.remove("melds");
            let snapshot = Snapshot::from_json(&Value::Object(doc), melds, variant)?;
            let acts = snapshot.legal_actions().map_err(|e| e.under("snapshot"))?;
            let seat = snapshot_seat(m);
            let d = answer::decision(seat, &acts);
            Ok(json!({"actions": d["actions"], "mask": d["mask"], "decisions": [d]}))
        }
        (None, Some(Value::String(record))) => {
            let state = game::replay_record(record)?;
            let decisions: Vec<Value> = answer::seats(state.pending())
                .into_iter()
                .map(|s| answer::decision(s, &game::legal_actions(&state, s)))
                .collect();
            let first = decisions
                .first()
                .cloned()
                .unwrap_or_else(|| answer::decision(0, &[]));
            Ok(json!({"actions": first["actions"], "mask": first["mask"], "decisions": decisions}))
        }
        (None, Some(_)) => Err(Error::context("record", "record must be a string")),
        _ => Err(Error::context(
            "snapshot",
            "give exactly one of snapshot and record",
        )),
    }
}

/// The snapshot's seat (the core has read and checked it).
fn snapshot_seat(m: &serde_json::Map<String, Value>) -> u8 {
    m.get("seat")
        .and_then(Value::as_u64)
        .and_then(|s| u8::try_from(s).ok())
        .unwrap_or(0)
}

/// `replay`: a record checked move by move; a finished hand scored and settled under the
/// call's rules when `has_variant`, else the record's own, at the `streak` / `round_wind`
/// given or the record's.
fn replay(
    r: &serde_json::Map<String, Value>,
    rules: &Variant,
) -> Result<twmj_core::game::report::ReplayAnswer> {
    let Some(Value::String(record)) = get(r, "record") else {
        return Err(Error::context("record", "record must be a string"));
    };
    let state = game::replay_record(record)?;
    let events = game::record_lines(record).count();
    if state.result().is_none() {
        return Ok(answer::replay(&state, events, None));
    }
    let bad = |f: &str, m: String| Error::context(f, m);
    let streak = get(r, "streak")
        .map(|v| input::int(v, "streak", &bad))
        .transpose()?;
    let round_wind = get(r, "round_wind")
        .map(|v| input::int(v, "round_wind", &bad))
        .transpose()?;
    let variant = input::flag(r, "has_variant")?.then_some(rules);
    let settled = state.settle(variant, streak.as_ref(), round_wind.as_ref())?;
    Ok(answer::replay(&state, events, Some(&settled)))
}

// ---- The fast paths: fixed input and output areas in the module's memory. ----

/// The most bytes of notation the fast path takes; a longer text goes through [`call`].
const IN_LEN: usize = 256;
/// The output area: status, shanten, ready, the waits (3 bytes each), the accepts (2 each).
const OUT_LEN: usize = 4 + 3 * KINDS + 1 + 2 * KINDS;

/// Written by the wrapper (a hand's notation as UTF-8, or its 34 counts), read here. Atomics
/// make the area shared memory that code outside Rust may write between calls, in safe Rust
/// (on wasm32 without threads a relaxed atomic access is a plain load or store).
static IO_IN: [AtomicU8; IN_LEN] = [const { AtomicU8::new(0) }; IN_LEN];
static IO_OUT: [AtomicU8; OUT_LEN] = [const { AtomicU8::new(0) }; OUT_LEN];

/// The input area's address in the module's memory.
#[wasm_bindgen]
pub fn io_in() -> usize {
    IO_IN.as_ptr() as usize
}

/// The output area's address.
#[wasm_bindgen]
pub fn io_out() -> usize {
    IO_OUT.as_ptr() as usize
}

/// The input area's size: a longer notation text takes the JSON path.
#[wasm_bindgen]
pub fn io_in_len() -> usize {
    IN_LEN
}

fn put(i: usize, v: u8) {
    if let Some(cell) = IO_OUT.get(i) {
        cell.store(v, Ordering::Relaxed);
    }
}

/// The first `len` bytes of the input area: notation (`text`) read under `rules`, or counts.
/// `None` when the general path should answer (it then names any fault).
fn fast_tiles(len: usize, text: bool, rules: &Variant) -> Option<Tiles> {
    if !text {
        // Counts: exactly 34 bytes (any other length is the general path's error), read
        // straight into the counts without filling a text buffer first.
        if len != KINDS {
            return None;
        }
        let mut buf = [0u8; KINDS];
        for (b, cell) in buf.iter_mut().zip(IO_IN.iter()) {
            *b = cell.load(Ordering::Relaxed);
        }
        let counts = twmj_core::notation::counts_from_bytes(&buf).ok()?;
        return Some(Tiles { counts, flowers: 0 });
    }
    let mut buf = [0u8; IN_LEN];
    let n = len.min(IN_LEN);
    for (b, cell) in buf.iter_mut().zip(IO_IN.iter()).take(n) {
        *b = cell.load(Ordering::Relaxed);
    }
    let s = std::str::from_utf8(buf.get(..n)?).ok()?;
    rules.parse(s).ok()
}

/// The waits of one hand (notation or counts, no melds, nothing visible) written to the output
/// area; 1 when written, 0 when the wrapper must ask [`call`] (an error, or a hand the fast
/// path does not read), which answers the same question in full.
#[wasm_bindgen]
pub fn waits_io(len: usize, text: bool, rules: &Rules) -> u8 {
    let rules = &rules.0;
    let report = if !text && len == KINDS {
        // Counts, the common call: read straight into the counts and handed to the core's
        // report, which checks them itself (34 counts of at most 4, 16 − 3k tiles); only a
        // hand it declines goes through `fast_tiles`' full reading.
        let mut c = [0u8; KINDS];
        for (b, cell) in c.iter_mut().zip(IO_IN.iter()) {
            *b = cell.load(Ordering::Relaxed);
        }
        match WaitReport::of_counts(&c, rules) {
            Some(r) => Some(r),
            None => report_of(fast_tiles(len, text, rules), rules),
        }
    } else {
        report_of(fast_tiles(len, text, rules), rules)
    };
    let Some(report) = report else {
        return 0;
    };
    let waits = report.waits();
    let n = waits.len();
    put(0, 1);
    put(1, report.shanten(rules) as u8);
    put(2, u8::from(report.ready()));
    put(3, n as u8);
    // One pass over the waits (each step of the list's iterator decodes a group's words):
    // written as they come, their kinds and copies kept for the accepts.
    let mut kinds = [0u8; KINDS];
    let mut left = [0u8; KINDS];
    let mut at = 4;
    for (i, w) in waits.iter().enumerate() {
        // A special shape's wait is named by its own shape, which the shape byte has no bit
        // for: the full answer ([`call`]) names it.
        if w.special.is_some() {
            return 0;
        }
        let kind = w.tile.index() as u8;
        put(at, kind);
        put(at + 1, w.shapes.0);
        put(at + 2, w.remaining);
        if let (Some(k), Some(l)) = (kinds.get_mut(i), left.get_mut(i)) {
            *k = kind;
            *l = w.remaining;
        }
        at += 3;
    }
    if report.ready() {
        // A ready hand's accepting kinds are its waits with their unseen copies
        // (`WaitReport::accepts`): written from the waits, without the list the core makes.
        put(at, n as u8);
        at += 1;
        for (&k, &l) in kinds.iter().zip(&left).take(n) {
            put(at, k);
            put(at + 1, l);
            at += 2;
        }
        return 1;
    }
    let Ok(accepts) = report.accepts(rules) else {
        return 0;
    };
    put(at, accepts.len() as u8);
    at += 1;
    for a in accepts.as_ref() {
        put(at, a.tile.index() as u8);
        put(at + 1, a.remaining);
        at += 2;
    }
    1
}

/// The wait report of tiles read by [`fast_tiles`]: the core's report of counts alone, else
/// the full reading (a variant that reads more than the counts); `None` on any fault.
fn report_of(tiles: Option<Tiles>, rules: &Variant) -> Option<WaitReport> {
    let tiles = tiles?;
    if let Some(r) = WaitReport::of_tiles(&tiles, rules) {
        return Some(r);
    }
    let h = rules.hand(tiles, Vec::new(), Form::Waiting).ok()?;
    twmj_core::wait_report(h, [0; KINDS], rules).ok()
}

/// The hand of the input area for `form` under `rules`, or `None` (the general path answers).
fn fast_hand(len: usize, text: bool, form: Form, rules: &Variant) -> Option<Hand> {
    let tiles = fast_tiles(len, text, rules)?;
    rules.hand(tiles, Vec::new(), form).ok()
}

/// Shanten of the hand in the input area; 127 when [`call`] must answer.
#[wasm_bindgen]
pub fn shanten_io(len: usize, text: bool, rules: &Rules) -> i8 {
    fast_hand(len, text, Form::Any, &rules.0).map_or(i8::MAX, |h| twmj_core::shanten(&h, &rules.0))
}

/// 1 when the hand in the input area is a win, 0 when not, 2 when [`call`] must answer.
#[wasm_bindgen]
pub fn is_win_io(len: usize, text: bool, rules: &Rules) -> u8 {
    fast_hand(len, text, Form::Full, &rules.0)
        .map_or(2, |h| u8::from(twmj_core::is_win(&h, &rules.0)))
}

// ---- The score's fast path: texts and numbers in, numbers out. ----

/// The texts of a score question, in this order, in the input area one after another: the
/// hand's notation, the winning tile and the context's text fields.
const SCORE_TEXTS: [&str; 7] = [
    "hand",
    "win_tile",
    "seat_wind",
    "round_wind",
    "win",
    "declared",
    "flowers",
];
/// The context's integer fields, in this order in the argument area after the texts' lengths.
const SCORE_INTS: [&str; 6] = [
    "winner",
    "dealer",
    "streak",
    "from_seat",
    "discards",
    "shown",
];
/// The argument area: each text's byte length (−1 when absent), each integer, a bit per integer
/// given, a bit per flag set (`last_tile`, `first_turn`, `first_eight`), and 1 when a context
/// is given at all.
const ARGS_LEN: usize = SCORE_TEXTS.len() + SCORE_INTS.len() + 3;
/// The number area a score is written to (as `i32`s): room for every item of a hand and more.
const NUM_LEN: usize = 512;

static IO_ARGS: [AtomicI32; ARGS_LEN] = [const { AtomicI32::new(0) }; ARGS_LEN];
static IO_NUM: [AtomicI32; NUM_LEN] = [const { AtomicI32::new(0) }; NUM_LEN];

/// The argument area's address (`i32`s).
#[wasm_bindgen]
pub fn io_args() -> usize {
    IO_ARGS.as_ptr() as usize
}

/// The number area's address (`i32`s).
#[wasm_bindgen]
pub fn io_num() -> usize {
    IO_NUM.as_ptr() as usize
}

/// The texts of the string table from number `from` on, as a JSON array (the wrapper reads
/// them when an answer names a text it has not seen).
#[wasm_bindgen]
pub fn strings_since(from: usize) -> String {
    strings::since(from)
}

fn arg(i: usize) -> i32 {
    IO_ARGS.get(i).map_or(0, |a| a.load(Ordering::Relaxed))
}

/// Writes numbers into the number area as `i32`s, which JavaScript reads as the small integers
/// `JSON.parse` makes of the JSON path's numbers; `None` once the area is full or for a number
/// outside `i32` (the JSON path then answers, with the number as it is).
struct Numbers {
    at: usize,
}

impl Numbers {
    fn put(&mut self, v: impl TryInto<i32>) -> Option<()> {
        IO_NUM
            .get(self.at)?
            .store(v.try_into().ok()?, Ordering::Relaxed);
        self.at += 1;
        Some(())
    }

    fn text(&mut self, t: &str) -> Option<()> {
        self.put(strings::id(t)?)
    }

    fn name(&mut self, t: &'static str) -> Option<()> {
        self.put(strings::static_id(t)?)
    }
}

thread_local! {
    /// Each block's text number + 1 (0 until first written): a decomposition's blocks are
    /// numbered without making their text again.
    static BLOCK_IDS: RefCell<[u32; 3 * KINDS]> = const { RefCell::new([0; 3 * KINDS]) };
}

fn block_id(b: Block) -> Option<u32> {
    let slot = match b {
        Block::Sequence(t) => t.index(),
        Block::Triplet(t) => KINDS + t.index(),
        Block::Pair(t) => 2 * KINDS + t.index(),
    };
    BLOCK_IDS.with(|ids| {
        let mut ids = ids.try_borrow_mut().ok()?;
        let known = *ids.get(slot)?;
        if known != 0 {
            return Some(known - 1);
        }
        let id = strings::id(&b.code())?;
        *ids.get_mut(slot)? = id + 1;
        Some(id)
    })
}

/// The score's answer (the core's `ScoreAnswer`'s fields, in its order) as numbers: texts by their
/// number in the string table, lists by their length and then their entries.
fn write_score(scored: &Scored) -> Option<()> {
    let (s, st) = (&scored.score, &scored.settlement);
    if !s.why_not.is_empty() {
        return None;
    }
    let mut n = Numbers { at: 1 };
    n.name(s.variant)?;
    n.put(s.overrides.len())?;
    for (k, v) in &s.overrides {
        n.text(k)?;
        n.text(v)?;
    }
    n.put(s.total_tai)?;
    for items in [&s.items[..], &s.dealer_items[..]] {
        n.put(items.len())?;
        for i in items {
            match &i.name {
                std::borrow::Cow::Borrowed(t) => {
                    let (key, name) = strings::item_ids(i.item, i.key, t)?;
                    n.put(key)?;
                    n.put(name)?;
                }
                std::borrow::Cow::Owned(t) => {
                    n.name(i.key)?;
                    n.text(t)?;
                }
            }
            n.put(i.tai)?;
        }
    }
    n.put(s.dealer_tai)?;
    n.put(s.decomposition.len())?;
    for &b in s.decomposition.iter() {
        n.put(block_id(b)?)?;
    }
    n.put(s.melds.len())?;
    for m in &s.melds {
        n.name(m.kind.name())?;
        n.text(&m.code())?;
    }
    match s.win_block {
        Some((_, shape)) => n.name(shape.key())?,
        None => n.put(-1)?,
    }
    n.put(u8::from(scored.allowed))?;
    n.put(s.winner)?;
    n.put(st.lines.len())?;
    for l in &st.lines {
        n.put(l.bill)?;
        n.put(l.payer)?;
        n.put(l.payee)?;
        for v in [
            l.base_tai,
            l.hand_tai,
            l.dealer_tai,
            l.total_tai,
            l.multiple,
        ] {
            n.put(v)?;
        }
        n.put(l.money)?;
    }
    for &v in st.net_tai.iter().chain(&st.net_money) {
        n.put(v)?;
    }
    // The string table's size last, so the wrapper learns every text the answer names.
    IO_NUM
        .first()?
        .store(i32::try_from(strings::len()).ok()?, Ordering::Relaxed);
    Some(())
}

/// Scores one win given as the score question's texts (the input area) and the context's
/// numbers (the argument area), with no melds and no `why_not`, and writes the answer to the
/// number area; 1 when written, 0 when the wrapper must ask [`call`] (an error, or an answer
/// the area does not hold), which answers the same question in full. The same core calls as
/// [`call`]'s `score`, from the same values.
#[wasm_bindgen]
pub fn score_io(rules: &Rules) -> u8 {
    u8::from(score_fast(&rules.0).is_some())
}

fn score_fast(rules: &Variant) -> Option<()> {
    let mut buf = [0u8; IN_LEN];
    let mut texts: [Option<&str>; SCORE_TEXTS.len()] = [None; SCORE_TEXTS.len()];
    let mut lens = [0usize; SCORE_TEXTS.len()];
    let mut total = 0usize;
    for (i, len) in lens.iter_mut().enumerate() {
        if let Ok(n) = usize::try_from(arg(i)) {
            *len = n;
            total += n;
        }
    }
    if total > IN_LEN {
        return None;
    }
    for (b, cell) in buf.iter_mut().zip(IO_IN.iter()).take(total) {
        *b = cell.load(Ordering::Relaxed);
    }
    // One UTF-8 check of all the texts; each is then a slice of it on its own character
    // boundaries (the wrapper writes whole texts one after another).
    let all = std::str::from_utf8(buf.get(..total)?).ok()?;
    let mut at = 0;
    for (i, t) in texts.iter_mut().enumerate() {
        if arg(i) >= 0 {
            *t = Some(all.get(at..at + lens[i])?);
            at += lens[i];
        }
    }
    let given = arg(SCORE_TEXTS.len() + SCORE_INTS.len());
    let flags = arg(SCORE_TEXTS.len() + SCORE_INTS.len() + 1);
    let has_context = arg(SCORE_TEXTS.len() + SCORE_INTS.len() + 2) != 0;
    let int =
        |i: usize| (given >> i & 1 == 1).then(|| Int::from(i128::from(arg(SCORE_TEXTS.len() + i))));
    let ctx = if has_context {
        ContextArgs {
            winner: int(0),
            dealer: int(1),
            streak: int(2),
            seat_wind: texts[2],
            round_wind: texts[3],
            win: texts[4],
            from_seat: int(3),
            last_tile: flags & 1 != 0,
            declared: texts[5],
            first_turn: flags & 2 != 0,
            flowers: texts[6],
            dice: None,
            discards: int(4),
            shown: int(5),
            first_eight: flags & 4 != 0,
        }
        .read()
        .ok()?
    } else {
        scoring::Context::default()
    };
    let tiles = rules.parse(texts[0]?).ok()?;
    let claim = Claim::hand(tiles, Vec::new(), texts[1]?, ctx, false).ok()?;
    write_score(&claim.score(rules).ok()?)
}

// ---- Batches over a flat N×34 array. ----

fn rows_of(counts: &[u8]) -> Result<usize> {
    if counts.len() % KINDS != 0 {
        return Err(Error::hand(format!(
            "counts must hold N×34 bytes, one row of 34 counts per hand; got {}",
            counts.len()
        ))
        .at("counts"));
    }
    Ok(counts.len() / KINDS)
}

fn hands_of(counts: &[u8], form: Form, rules: &Variant) -> Result<Vec<Hand>> {
    counts
        .chunks_exact(KINDS)
        .enumerate()
        .map(|(r, row)| {
            let mut c = [0u8; KINDS];
            c.copy_from_slice(row);
            rules
                .hand(
                    Tiles {
                        counts: c,
                        flowers: 0,
                    },
                    Vec::new(),
                    form,
                )
                .map_err(|e| e.in_row(r))
        })
        .collect()
}

/// The wait bitmask (bit i = tile kind i) of each 34-count row (16 − 3k tiles); the default
/// rules take the core's batch path, a variant reads each row as `waits` would.
#[wasm_bindgen]
pub fn waits_batch(
    counts: &[u8],
    rules: &Rules,
    default: bool,
) -> std::result::Result<Vec<u64>, String> {
    waits_batch_of(counts, &rules.0, default).map_err(|e| fail(&e))
}

fn waits_batch_of(counts: &[u8], rules: &Variant, default: bool) -> Result<Vec<u64>> {
    let rows = rows_of(counts)?;
    if default {
        let mut out = vec![0u64; rows];
        if !twmj_core::batch::wait_masks(counts, rules.hand_size, &mut out) {
            for (r, row) in counts.chunks_exact(KINDS).enumerate() {
                Form::Waiting.check_row(row, r, rules.hand_size)?;
            }
        }
        return Ok(out);
    }
    hands_of(counts, Form::Waiting, rules)?
        .iter()
        .map(|h| {
            let w = twmj_core::waits(h, &[0; KINDS], rules)?;
            Ok(w.iter().fold(0u64, |m, w| m | 1 << w.tile.index()))
        })
        .collect()
}

/// Shanten of each 34-count row (16 − 3k or 17 − 3k tiles) under `rules`.
#[wasm_bindgen]
pub fn shanten_batch(counts: &[u8], rules: &Rules) -> std::result::Result<Vec<i8>, String> {
    let run = || -> Result<Vec<i8>> {
        rows_of(counts)?;
        Ok(hands_of(counts, Form::Any, &rules.0)?
            .iter()
            .map(|h| twmj_core::shanten(h, &rules.0))
            .collect())
    };
    run().map_err(|e| fail(&e))
}

// ---- Panics: never on input; if one happens, its message for the wrapper. ----

thread_local! {
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installs the hook that keeps a panic's message (the wrapper calls it once at start).
#[wasm_bindgen]
pub fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string();
        LAST_PANIC.with(|l| {
            if let Ok(mut slot) = l.try_borrow_mut() {
                *slot = Some(text);
            }
        });
    }));
}

/// The core's wait tables, computed at compile time (build.rs); empty outside WebAssembly.
static WAIT_TABLES: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/wait_tables.bin"));

/// Puts the wait tables the module ships in use (the wrapper calls it once at start), so the
/// first `waits` does not build them (issue 27 item 5: first use ≤ 300 ms). True when they
/// are in use; false when this build ships none (they are then built on first need).
#[wasm_bindgen]
pub fn install_tables() -> bool {
    let ok = twmj_core::tables::install_wait_tables(WAIT_TABLES);
    if ok {
        TABLES_SHIPPED.store(true, Ordering::Relaxed);
    }
    ok
}

static TABLES_SHIPPED: AtomicBool = AtomicBool::new(false);

/// Whether the wait tables in use are the ones the module ships ([`install_tables`]), not
/// built at run time: the probe of js/test/fast.test.mjs.
#[wasm_bindgen]
pub fn tables_shipped() -> bool {
    TABLES_SHIPPED.load(Ordering::Relaxed)
}

/// The message of the last panic (a bug in twmj), taken; empty when none.
#[wasm_bindgen]
pub fn last_panic() -> String {
    LAST_PANIC.with(|l| {
        l.try_borrow_mut()
            .ok()
            .and_then(|mut s| s.take())
            .unwrap_or_default()
    })
}

/// A `HandError` at `field` for an argument the wrapper cannot hand to the core at all (a
/// batch that is not a `Uint8Array`), as JSON: the core decides its class and code.
#[wasm_bindgen]
pub fn input_error(field: &str, message: &str) -> String {
    fail(&Error::hand(message).at(field))
}

/// A `VariantError` at `field` for a variant argument that is neither a `Variant` nor a
/// preset name, as JSON.
#[wasm_bindgen]
pub fn variant_error(field: &str, message: &str) -> String {
    fail(&Error::variant(field, message))
}

/// Panics on purpose: the tests' way to check that a trap reaches JavaScript as
/// `InternalError` with the panic's message (as Python's `twmj._core._panic`). Not public API.
#[wasm_bindgen]
pub fn panic_for_tests(message: &str) {
    panic!("{message}")
}

/// The version of the crate (the workspace's, the Python package's).
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_owned()
}
