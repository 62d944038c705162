//! The conformance corpus (`docs/conformance.md`) through the core: every case of
//! `conformance/cases/*.json` read with `serde_json`, its question mapped to the core's calls,
//! the answer put in the canonical shape and compared by the documented rule. A case the core
//! answers otherwise fails, naming the case id.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::{json, Map, Value};
use twmj_core::game::report::ResultView;
use twmj_core::game::{replay_record, Snapshot};
use twmj_core::hand::{Form, Meld};
use twmj_core::rules::Value as Setting;
use twmj_core::scoring::{Claim, ContextArgs};
use twmj_core::vocab::{Int, WINDS};
use twmj_core::{Error, Variant};

type Answer = Result<Value, Error>;

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../conformance/cases")
}

/// Every case of every file, checked for the format's frame (docs/conformance.md, "Files").
fn cases() -> Vec<Value> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus_dir())
        .unwrap_or_else(|e| panic!("conformance/cases: {e}"))
        .map(|e| {
            e.unwrap_or_else(|e| panic!("conformance/cases: {e}"))
                .path()
        })
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no case files");
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let doc: Value =
            serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(doc["format"], "twmj-conformance", "{}", f.display());
        assert_eq!(doc["version"], 1, "{}", f.display());
        out.extend(
            doc["cases"]
                .as_array()
                .unwrap_or_else(|| panic!("{}: cases is a list", f.display()))
                .iter()
                .cloned(),
        );
    }
    out
}

fn str_at<'a>(q: &'a Value, key: &str) -> Option<&'a str> {
    q.get(key).and_then(Value::as_str)
}

fn int(v: &Value) -> Option<Int> {
    v.as_i64().map(|n| Int::from(i128::from(n)))
}

/// The case's variant: the preset with its overrides set in order, then checked whole.
fn variant(case: &Value) -> Result<Variant, Error> {
    let v = &case["variant"];
    let mut rules = Variant::preset(str_at(v, "preset").unwrap_or("taiwan"))?;
    if let Some(overrides) = v.get("overrides").and_then(Value::as_object) {
        for (key, value) in overrides {
            let setting = match value {
                Value::Bool(b) => Setting::Bool(*b),
                Value::Number(n) => {
                    Setting::Int(n.as_i64().unwrap_or_else(|| panic!("{key}: an integer")))
                }
                Value::String(s) => Setting::Text(s.clone()),
                other => panic!("{key}: {other} is no setting value"),
            };
            rules.set(key, &setting)?;
        }
    }
    rules.check()?;
    Ok(rules)
}

/// The melds of a question, `{kind, tiles}` each; errors name `melds[i].…`.
fn melds(q: &Value) -> Result<Vec<Meld>, Error> {
    let Some(list) = q.get("melds").and_then(Value::as_array) else {
        return Ok(Vec::new());
    };
    list.iter()
        .enumerate()
        .map(|(i, m)| {
            Meld::parse(
                str_at(m, "kind").unwrap_or(""),
                str_at(m, "tiles").unwrap_or(""),
                i,
            )
        })
        .collect()
}

fn hand(q: &Value, form: Form, rules: &Variant) -> Result<twmj_core::Hand, Error> {
    let tiles = rules
        .parse(str_at(q, "hand").unwrap_or(""))
        .map_err(|e| e.at("hand"))?;
    let m = melds(q)?;
    rules.hand(tiles, m, form).map_err(|e| e.at("hand"))
}

fn waits(q: &Value, rules: &Variant) -> Answer {
    let h = hand(q, Form::Waiting, rules)?;
    let visible = match str_at(q, "visible") {
        Some(text) => {
            let counts = rules.parse(text).map_err(|e| e.at("visible"))?.counts;
            rules.check_in_play(&counts).map_err(|e| e.at("visible"))?;
            counts
        }
        None => [0; twmj_core::KINDS],
    };
    let report = twmj_core::wait_report(h, visible, rules).map_err(|e| e.at("hand"))?;
    let ws: Vec<Value> = report
        .waits()
        .into_iter()
        .map(|w| {
            let shapes: Vec<&str> = w.shapes.iter().map(twmj_core::Shape::key).collect();
            json!({"tile": w.tile.code(), "remaining": w.remaining, "shapes": shapes})
        })
        .collect();
    let accepts: Vec<Value> = report
        .accepts(rules)?
        .iter()
        .map(|a| json!({"tile": a.tile.code(), "remaining": a.remaining}))
        .collect();
    Ok(json!({
        "tenpai": report.ready(),
        "shanten": report.shanten(rules),
        "waits": ws,
        "accepts": accepts,
    }))
}

fn shanten(q: &Value, rules: &Variant) -> Answer {
    let h = hand(q, Form::Any, rules)?;
    Ok(json!({ "shanten": twmj_core::shanten(&h, rules) }))
}

fn is_win(q: &Value, rules: &Variant) -> Answer {
    let h = hand(q, Form::Full, rules)?;
    Ok(json!({ "win": twmj_core::is_win(&h, rules) }))
}

/// The context of a score question, as the service's `context` states it; the flowers sit
/// beside it (`flowers`).
fn context(q: &Value) -> Result<twmj_core::scoring::Context, Error> {
    let c = q.get("context").cloned().unwrap_or_else(|| json!({}));
    let dice = c.get("dice").and_then(Value::as_array).map(|d| {
        let n: Vec<Int> = d
            .iter()
            .map(|x| int(x).unwrap_or_else(|| panic!("a die: {x}")))
            .collect();
        [n[0].clone(), n[1].clone(), n[2].clone()]
    });
    let args = ContextArgs {
        winner: c.get("winner").and_then(int),
        dealer: c.get("dealer").and_then(int),
        streak: c.get("streak").and_then(int),
        seat_wind: str_at(&c, "seat_wind"),
        round_wind: str_at(&c, "round_wind"),
        win: str_at(&c, "win"),
        from_seat: c.get("from_seat").and_then(int),
        last_tile: c.get("last_tile").and_then(Value::as_bool).unwrap_or(false),
        declared: str_at(&c, "declared"),
        first_turn: c
            .get("first_turn")
            .and_then(Value::as_bool)
            .unwrap_or(false),
        flowers: str_at(q, "flowers"),
        dice,
        discards: c.get("discards").and_then(int),
        shown: c.get("shown").and_then(int),
        first_eight: c
            .get("first_eight")
            .and_then(Value::as_bool)
            .unwrap_or(false),
    };
    args.read()
}

fn score(q: &Value, rules: &Variant) -> Answer {
    let tiles = rules
        .parse(str_at(q, "hand").unwrap_or(""))
        .map_err(|e| e.at("hand"))?;
    let m = melds(q)?;
    let claim = Claim::hand(
        tiles,
        m,
        str_at(q, "win_tile").unwrap_or(""),
        context(q)?,
        false,
    )?;
    let s = claim.score(rules)?;
    let items: Vec<Value> = s
        .score
        .items
        .iter()
        .map(|i| json!([i.name, i.tai]))
        .collect();
    let payments: Vec<Value> = s
        .settlement
        .lines
        .iter()
        .map(|l| json!([l.payer, l.total_tai]))
        .collect();
    Ok(json!({
        "total_tai": s.score.total_tai,
        "items": items,
        "allowed": s.allowed,
        "dealer_tai": s.score.dealer_tai,
        "payments": payments,
        "net_tai": s.settlement.net_tai,
    }))
}

fn legal(q: &Value, case: &Value) -> Answer {
    let mut snap = q["snapshot"].clone();
    let rules = variant(case).map_err(|e| e.under("snapshot"))?;
    let m = melds(&snap).map_err(|e| e.under("snapshot"))?;
    if let Some(o) = snap.as_object_mut() {
        o.remove("variant");
        o.remove("overrides");
    }
    let s = Snapshot::from_json(&snap, m, Some(&rules))?;
    let actions: Vec<String> = s
        .legal_actions()
        .map_err(|e| e.under("snapshot"))?
        .iter()
        .map(|a| a.name())
        .collect();
    Ok(json!({ "actions": actions }))
}

/// A wind by index, key or name, as the service's `round_wind` reads it.
fn wind(v: &Value) -> Option<Int> {
    if let Some(n) = int(v) {
        return Some(n);
    }
    let text = v.as_str()?;
    (0i128..)
        .zip(WINDS)
        .find(|(_, w)| w.key == text || w.name == text)
        .map(|(i, _)| Int::from(i))
}

fn replay(q: &Value, rules: &Variant) -> Answer {
    let state = replay_record(str_at(q, "record").unwrap_or(""))?;
    let Some(result) = state.result() else {
        return Ok(json!({"over": false, "draw": null, "wins": [], "net_tai": [0, 0, 0, 0]}));
    };
    let streak = q.get("streak").and_then(int);
    let round_wind = q.get("round_wind").and_then(wind);
    let settled = state.settle(Some(rules), streak.as_ref(), round_wind.as_ref())?;
    let view =
        serde_json::to_value(ResultView::of(result)).unwrap_or_else(|e| panic!("a result: {e}"));
    let wins: Vec<Value> = view["wins"]
        .as_array()
        .unwrap_or_else(|| panic!("wins is a list"))
        .iter()
        .map(|w| json!([w["seat"], w["kind"], w["from"]]))
        .collect();
    Ok(json!({
        "over": true,
        "draw": view["draw"],
        "wins": wins,
        "net_tai": settled.settlement.net_tai,
    }))
}

/// The core's outcome of a case: `{"answer": …}` or `{"error": {code, field}}`.
fn ask(case: &Value) -> Value {
    let q = &case["question"];
    let kind = case["kind"]
        .as_str()
        .unwrap_or_else(|| panic!("a case has a kind"));
    let answer = if kind == "legal" {
        legal(q, case)
    } else {
        variant(case).and_then(|rules| match kind {
            "waits" => waits(q, &rules),
            "shanten" => shanten(q, &rules),
            "is_win" => is_win(q, &rules),
            "score" => score(q, &rules),
            "replay" => replay(q, &rules),
            other => panic!("unknown kind {other}"),
        })
    };
    match answer {
        Ok(a) => json!({ "answer": a }),
        Err(e) => {
            // The flowers sit beside the context in the question (the service's `flowers`).
            let field = e.field().map(|f| {
                if f == "context.flowers" {
                    "flowers".to_owned()
                } else {
                    f
                }
            });
            json!({"error": {"code": e.code(), "field": field}})
        }
    }
}

/// A list whose order carries no meaning, as a multiset of its members' JSON text.
fn multiset(v: &Value) -> Option<BTreeMap<String, usize>> {
    let mut out = BTreeMap::new();
    for x in v.as_array()? {
        *out.entry(x.to_string()).or_insert(0) += 1;
    }
    Some(out)
}

fn by_tile(v: &Value) -> Option<BTreeMap<String, &Map<String, Value>>> {
    let list = v.as_array()?;
    let map: BTreeMap<String, &Map<String, Value>> = list
        .iter()
        .filter_map(|e| Some((e.get("tile")?.as_str()?.to_owned(), e.as_object()?)))
        .collect();
    (map.len() == list.len()).then_some(map)
}

/// None when the outcome is the case's answer (docs/conformance.md, "Comparison").
fn mismatch(case: &Value, outcome: &Value) -> Option<String> {
    if let Some(want) = case.get("error") {
        return match outcome.get("error") {
            None => Some("answered a question the corpus refuses".to_owned()),
            Some(got) if got == want => None,
            Some(_) => Some("refused with another code or field".to_owned()),
        };
    }
    let Some(got) = outcome.get("answer") else {
        return Some("refused a question the corpus answers".to_owned());
    };
    let kind = case["kind"].as_str().unwrap_or("");
    let sets: &[&str] = match kind {
        "score" => &["items", "payments"],
        "legal" => &["actions"],
        "replay" => &["wins"],
        _ => &[],
    };
    for (name, want) in case["expect"].as_object()? {
        let Some(g) = got.get(name) else {
            return Some(format!("{name}: missing from the answer"));
        };
        if kind == "waits" && (name == "waits" || name == "accepts") {
            let (Some(w), Some(gm)) = (by_tile(want), by_tile(g)) else {
                return Some(format!("{name}: not a list of distinct tiles"));
            };
            if w.keys().ne(gm.keys()) {
                return Some(format!("{name}: tiles {:?}, got {:?}", w.keys(), gm.keys()));
            }
            for (tile, entry) in &w {
                for (k, value) in *entry {
                    let other = gm[tile].get(k).unwrap_or(&Value::Null);
                    let same = match (value.is_array(), other.is_array()) {
                        (true, true) => multiset(value) == multiset(other),
                        _ => value == other,
                    };
                    if !same {
                        return Some(format!("{name}[{tile}].{k}: expected {value}, got {other}"));
                    }
                }
            }
        } else if sets.contains(&name.as_str()) {
            if multiset(want) != multiset(g) {
                return Some(format!("{name}: expected {want}, got {g}"));
            }
        } else if want != g {
            return Some(format!("{name}: expected {want}, got {g}"));
        }
    }
    None
}

#[test]
fn every_case_of_the_corpus() {
    let all = cases();
    assert!(all.len() >= 300, "{} cases", all.len());
    let mut failures = Vec::new();
    for case in &all {
        let outcome = ask(case);
        if let Some(why) = mismatch(case, &outcome) {
            failures.push(format!("{}: {why}\n  got {outcome}", case["id"]));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

#[test]
fn a_wrong_answer_is_named() {
    let all = cases();
    let case = all
        .iter()
        .find(|c| c["id"] == "score/taiwan/worked-example-1")
        .unwrap_or_else(|| panic!("000 範例一 is in the corpus"));
    let mut wrong = ask(case);
    wrong["answer"]["total_tai"] = json!(4);
    assert_eq!(
        mismatch(case, &wrong).as_deref(),
        Some("total_tai: expected 3, got 4")
    );
}
