//! Every answer's JSON shape, in one place: the keys and nesting of the HTTP service's
//! answers (`python/twmj/data.py`: `waits_data`, `analysis_data`, `score_data`,
//! `replay_data`), so one question has one answer on every surface. Where the core derives a
//! serde shape (the vocabulary, a finished hand's [`ResultView`]) it is serialised as it
//! stands; the rest (waits, analysis, scores, settings) the core keeps as Rust types without
//! serde, and their conversion is written here, once (issue 34 moves them into the core).

use serde::Serialize;
use serde_json::{json, Map, Value};
use twmj_core::game::report::ResultView;
use twmj_core::game::{Action, Settled, State};
use twmj_core::hand::Meld;
use twmj_core::notation::Tiles;
use twmj_core::rules::Spec;
use twmj_core::scoring::{Compared, PricedWait, Scored, Value as Setting, Variant};
use twmj_core::waits::WaitList;
use twmj_core::{Accept, Analysis, Error, WaitReport};

/// A setting's value as JSON.
pub fn setting(v: &Setting) -> Value {
    match v {
        Setting::Int(i) => json!(i),
        Setting::Bool(b) => json!(b),
        Setting::Text(s) => json!(s),
    }
}

/// One wait: the tile, its Chinese name, its shapes, the copies left.
#[derive(Serialize)]
pub struct WaitOut {
    tile: String,
    name: String,
    shapes: Vec<&'static str>,
    remaining: u8,
}

/// A kind that lowers the shanten, with its unseen copies.
#[derive(Serialize)]
pub struct AcceptOut {
    tile: String,
    remaining: u8,
}

pub fn waits(list: &WaitList) -> Vec<WaitOut> {
    list.iter()
        .map(|w| WaitOut {
            tile: w.tile.code(),
            name: w.tile.name(),
            shapes: w.shape_keys().collect(),
            remaining: w.remaining,
        })
        .collect()
}

pub fn accepts(list: &[Accept]) -> Vec<AcceptOut> {
    list.iter()
        .map(|a| AcceptOut {
            tile: a.tile.code(),
            remaining: a.remaining,
        })
        .collect()
}

/// `POST /v1/waits`'s answer.
#[derive(Serialize)]
pub struct WaitsOut {
    shanten: i8,
    tenpai: bool,
    waits: Vec<WaitOut>,
    accepts: Vec<AcceptOut>,
}

pub fn wait_report(r: &WaitReport, rules: &Variant) -> Result<WaitsOut, Error> {
    Ok(WaitsOut {
        shanten: r.shanten(rules),
        tenpai: r.ready(),
        waits: waits(r.waits()),
        accepts: accepts(&r.accepts(rules)?),
    })
}

#[derive(Serialize)]
pub struct DiscardOut {
    tile: String,
    shanten: i8,
    accepted: u32,
    accepts: Vec<AcceptOut>,
    waits: Vec<WaitOut>,
}

/// `POST /v1/analyze`'s answer.
#[derive(Serialize)]
pub struct AnalysisOut {
    shanten: i8,
    discards: Vec<DiscardOut>,
}

pub fn analysis(a: &Analysis) -> AnalysisOut {
    AnalysisOut {
        shanten: a.shanten,
        discards: a
            .discards
            .iter()
            .map(|d| DiscardOut {
                tile: d.tile.code(),
                shanten: d.shanten,
                accepted: d.accepted(),
                accepts: accepts(&d.accepts),
                waits: waits(&d.waits),
            })
            .collect(),
    }
}

/// A counted tai item: its key, its name as the variant's table writes it, its tai.
#[derive(Serialize)]
pub struct ItemOut<'a> {
    key: &'static str,
    name: &'a str,
    tai: u32,
}

#[derive(Serialize)]
pub struct MeldOut {
    kind: &'static str,
    tiles: String,
}

pub fn meld(m: Meld) -> MeldOut {
    MeldOut {
        kind: m.kind.name(),
        tiles: m.code(),
    }
}

#[derive(Serialize)]
pub struct PaymentOut {
    payer: u8,
    payee: u8,
    base_tai: u32,
    hand_tai: u32,
    dealer_tai: u32,
    total_tai: u32,
    money: u64,
}

#[derive(Serialize)]
pub struct NotAppliedOut<'a> {
    key: &'static str,
    name: &'static str,
    reason: &'a str,
    reason_zh: &'a str,
}

/// `POST /v1/score`'s answer.
#[derive(Serialize)]
pub struct ScoreOut<'a> {
    variant: &'static str,
    overrides: &'a [(String, String)],
    total_tai: u32,
    items: Vec<ItemOut<'a>>,
    dealer_items: Vec<ItemOut<'a>>,
    dealer_tai: u32,
    decomposition: Vec<String>,
    melds: Vec<MeldOut>,
    win_shape: Option<&'static str>,
    allowed: bool,
    payments: Vec<PaymentOut>,
    net_tai: [i64; 4],
    net_money: [i64; 4],
    why_not: Vec<NotAppliedOut<'a>>,
}

pub fn score(scored: &Scored) -> ScoreOut<'_> {
    let (s, st) = (&scored.score, &scored.settlement);
    ScoreOut {
        variant: s.variant,
        overrides: &s.overrides,
        total_tai: s.total_tai,
        items: s
            .items
            .iter()
            .map(|i| ItemOut {
                key: i.key,
                name: &i.name,
                tai: i.tai,
            })
            .collect(),
        dealer_items: s
            .dealer_items
            .iter()
            .map(|i| ItemOut {
                key: i.key,
                name: &i.name,
                tai: i.tai,
            })
            .collect(),
        dealer_tai: s.dealer_tai,
        decomposition: s.decomposition.iter().map(|b| b.code()).collect(),
        melds: s.melds.iter().copied().map(meld).collect(),
        win_shape: s.win_block.map(|(_, shape)| shape.key()),
        allowed: scored.allowed,
        payments: st
            .lines
            .iter()
            .map(|l| PaymentOut {
                payer: l.payer,
                payee: l.payee,
                base_tai: l.base_tai,
                hand_tai: l.hand_tai,
                dealer_tai: l.dealer_tai,
                total_tai: l.total_tai,
                money: l.money,
            })
            .collect(),
        net_tai: st.net_tai,
        net_money: st.net_money,
        why_not: s
            .why_not
            .iter()
            .map(|n| NotAppliedOut {
                key: n.key,
                name: n.item.name(),
                reason: &n.reason,
                reason_zh: &n.reason_zh,
            })
            .collect(),
    }
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
    scores: Vec<ScoreOut<'a>>,
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
pub struct WaitValueOut<'a> {
    tile: String,
    single_wait: bool,
    on_discard: ScoreOut<'a>,
    on_self_draw: ScoreOut<'a>,
}

/// `POST /v1/wait_values`'s answer: each wait with its two scored wins.
pub fn wait_values(values: &[PricedWait]) -> Vec<WaitValueOut<'_>> {
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

/// `POST /v1/replay`'s answer (`replay_data`).
pub fn replay(state: &State, events: usize, settled: Option<&Settled>) -> Result<Value, Error> {
    let (Some(result), Some(settled)) = (state.result(), settled) else {
        return Ok(json!({
            "events": events,
            "over": false,
            "pending": seats(state.pending()),
            "draw": null,
            "draw_reason": null,
            "false_win": null,
            "wins": [],
            "scores": [],
            "net_tai": [0, 0, 0, 0],
            "fees": [],
            "ankan_fees": [],
        }));
    };
    // The core's serde view of the finished hand; the answer keeps the fields the HTTP
    // answer keeps.
    let view = serde_json::to_value(ResultView::of(result))
        .map_err(|e| Error::internal(format!("the result view: {e}")))?;
    let pick = |v: &Value, keys: &[&str]| -> Value {
        let mut m = Map::new();
        for k in keys {
            m.insert((*k).to_owned(), v.get(*k).cloned().unwrap_or(Value::Null));
        }
        Value::Object(m)
    };
    let wins: Vec<Value> = view["wins"]
        .as_array()
        .map(|ws| {
            ws.iter()
                .map(|w| {
                    pick(
                        w,
                        &["seat", "kind", "from", "tile", "hand", "melds", "flowers"],
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let false_win = match &view["false_win"] {
        Value::Null => Value::Null,
        fw => json!({
            "seat": fw["seat"],
            "tai": fw["tai"],
            "ready": fw["ready"].as_array().map(|r| r.iter().map(|p| json!({
                "seat": p[0], "tai": p[1],
            })).collect::<Vec<_>>()).unwrap_or_default(),
        }),
    };
    let ankan_fees: Vec<Value> = view["ankan_fees"]
        .as_array()
        .map(|r| {
            r.iter()
                .map(|p| json!({"seat": p[0], "tile": p[1]}))
                .collect()
        })
        .unwrap_or_default();
    Ok(json!({
        "events": events,
        "over": true,
        "pending": [],
        "draw": view["draw"],
        "draw_reason": view["draw_reason"],
        "false_win": false_win,
        "wins": wins,
        "scores": settled.bills.iter().map(score).map(|s| serde_json::to_value(s).unwrap_or(Value::Null)).collect::<Vec<_>>(),
        "net_tai": settled.settlement.net_tai,
        "fees": view["fees"],
        "ankan_fees": ankan_fees,
    }))
}

/// One entry of the settings registry (`GET /v1/settings`' shape).
pub fn spec(s: &Spec) -> Value {
    let mut defaults = Map::new();
    for (p, v) in &s.defaults {
        defaults.insert((*p).to_owned(), setting(v));
    }
    json!({
        "key": s.key,
        "name": s.name,
        "type": s.json_type,
        "minimum": s.minimum,
        "maximum": s.maximum,
        "choices": s.choices.as_ref().map(|c| c.iter().map(setting).collect::<Vec<_>>()),
        "choice_names": s.choice_names,
        "layer": s.layer.key(),
        "layer_name": s.layer.name(),
        "doc": s.doc,
        "doc_zh": s.doc_zh,
        "defaults": defaults,
        "requires": s.requires.iter().map(|(when, key, value)| json!({
            "when": setting(when), "key": key, "value": setting(value),
        })).collect::<Vec<_>>(),
    })
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
