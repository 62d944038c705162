//! Every answer's JSON shape, in one place: the keys and nesting of the HTTP service's
//! answers (`python/twmj/data.py`: `waits_data`, `analysis_data`, `score_data`,
//! `replay_data`), so one question has one answer on every surface. The answers the core
//! defines (issue 34: [`WaitsAnswer`], [`AnalysisAnswer`], [`ScoreAnswer`], [`ReplayAnswer`],
//! the vocabulary) are serialised as they stand; the few left here (compare, wait values,
//! settings, tiles, decisions, errors) put the core's answers together or show core types
//! that have no serde shape.

use serde::Serialize;
use serde_json::{json, Map, Value};
use twmj_core::answer::{AnalysisAnswer, WaitsAnswer};
use twmj_core::game::report::ReplayAnswer;
use twmj_core::game::{Action, Settled, State};
use twmj_core::notation::Tiles;
use twmj_core::scoring::{Compared, PricedWait, ScoreAnswer, Scored, Value as Setting, Variant};
use twmj_core::{Analysis, Error, WaitReport};

/// A setting's value as JSON.
pub fn setting(v: &Setting) -> Value {
    match v {
        Setting::Int(i) => json!(i),
        Setting::Bool(b) => json!(b),
        Setting::Text(s) => json!(s),
    }
}

/// `POST /v1/waits`'s answer: the core's [`WaitsAnswer`].
pub fn wait_report(r: &WaitReport, rules: &Variant) -> Result<WaitsAnswer, Error> {
    WaitsAnswer::of(r, rules)
}

/// `POST /v1/analyze`'s answer: the core's [`AnalysisAnswer`].
pub fn analysis(a: &Analysis) -> AnalysisAnswer {
    AnalysisAnswer::from(a)
}

/// `POST /v1/score`'s answer: the core's [`ScoreAnswer`].
pub fn score(scored: &Scored) -> ScoreAnswer {
    ScoreAnswer::from(scored)
}

#[derive(Serialize)]
pub struct DifferingOut<'a> {
    key: &'static str,
    name: &'static str,
    tai: &'a [u32],
}

/// `POST /v1/compare`'s answer.
#[derive(Serialize)]
pub struct ComparedOut<'a> {
    scores: Vec<ScoreAnswer>,
    differing: Vec<DifferingOut<'a>>,
}

pub fn compared(c: &Compared) -> ComparedOut<'_> {
    ComparedOut {
        scores: c.scores.iter().map(score).collect(),
        differing: c
            .differing
            .iter()
            .map(|(key, name, tai)| DifferingOut { key, name, tai })
            .collect(),
    }
}

#[derive(Serialize)]
pub struct WaitValueOut {
    tile: String,
    single_wait: bool,
    on_discard: ScoreAnswer,
    on_self_draw: ScoreAnswer,
}

/// `POST /v1/wait_values`'s answer: each wait with its two scored wins.
pub fn wait_values(values: &[PricedWait]) -> Vec<WaitValueOut> {
    values
        .iter()
        .map(|w| WaitValueOut {
            tile: w.tile.code(),
            single_wait: w.single_wait,
            on_discard: score(&w.on_discard),
            on_self_draw: score(&w.on_self_draw),
        })
        .collect()
}

/// Parsed notation: canonical text, the tiles, the flowers and the 34 counts.
pub fn tiles(t: &Tiles) -> Value {
    json!({
        "text": twmj_core::notation::format(&t.counts, t.flowers),
        "tiles": t.tile_list().into_iter().map(twmj_core::Tile::code).collect::<Vec<_>>(),
        "flowers": t.flower_list().into_iter().map(twmj_core::Flower::code).collect::<Vec<_>>(),
        "counts": t.counts.to_vec(),
    })
}

/// One decision: the seat, its legal actions by name and the mask over the action space.
pub fn decision(seat: u8, actions: &[Action]) -> Value {
    json!({
        "seat": seat,
        "actions": actions.iter().map(|a| a.name()).collect::<Vec<_>>(),
        "mask": Action::mask(actions).to_vec(),
    })
}

/// The seats of a pending bitmask, in order.
pub fn seats(mask: u8) -> Vec<u8> {
    (0..8u8).filter(|s| mask >> s & 1 == 1).collect()
}

/// `POST /v1/replay`'s answer: the core's [`ReplayAnswer`] (`replay_data`).
pub fn replay(state: &State, events: usize, settled: Option<&Settled>) -> ReplayAnswer {
    ReplayAnswer::of(state, events, settled)
}

/// A variant: its preset, overrides, tile kinds in play and every setting.
pub fn variant(v: &Variant) -> Value {
    let mut settings = Map::new();
    for (k, val) in v.settings() {
        settings.insert(k, setting(&val));
    }
    json!({
        "preset": v.preset,
        "overrides": v.overrides,
        "tiles": v.tiles_in_play().map(twmj_core::Tile::code).collect::<Vec<_>>(),
        "settings": settings,
    })
}

/// An error as the wrapper turns it into an `Error` subclass: every attribute the Python
/// exception carries, and the class of its kind, as the binding picks the Python class (a
/// record line failing on an unknown action is a `RecordError` keeping the fine code
/// `unknown_action`).
pub fn error(e: &Error) -> Value {
    let class = twmj_core::ERROR_KINDS
        .iter()
        .find(|k| k.code == e.kind())
        .map(|k| k.class)
        .or_else(|| {
            twmj_core::CODES
                .iter()
                .find(|c| c.code == e.code())
                .map(|c| c.class)
        });
    json!({
        "message": e.to_string(),
        "code": e.code(),
        "kind": e.kind(),
        "class": class,
        "field": e.field(),
        "position": e.position(),
        "rule": e.rule(),
        "line": e.line(),
        "message_zh": e.message_zh(),
    })
}
