//! The records written are a public contract (docs/log-format.md): the same games are written
//! byte for byte as the writer of commit 23e288a (before the record lines became serde types)
//! wrote them. `records.golden` holds, per game, a 64-bit FNV-1a digest of everything written
//! for it — the record (`write_log`), every event on its own line (`to_json`, a deal whole)
//! and the record as each seat saw it (`write_seen_log`) — made by that commit's code; the
//! games are replayed here from their seeds. `TWMJ_BLESS=1` rewrites the file (only ever from
//! a writer known to be right). Per-seat records are also read back and written again.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::fmt::Write as _;

use twmj_core::game::{
    legal_actions, read_seen_log, seen_to_json, to_json, write_log, write_seen_log, Declaration,
    Event, FalseWin, FirstTurn, HandResult, Match, SplitMix64, State, WinKind, SEATS,
};
use twmj_core::scoring::{Value, Variant, PRESETS};

#[allow(clippy::wildcard_imports)]
use crate::common::game::*;

const GOLDEN: &str = include_str!("records.golden");
/// Seeded hands per variant.
const HANDS: u64 = 40;
/// Hands of one match per variant (連莊, dealer rotation: rules lines with streak and wind).
const MATCH_HANDS: usize = 12;

/// FNV-1a, 64 bits: fixed forever, unlike `std`'s hasher.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The presets, then variants with overrides that turn on what the presets leave off
/// (special draws, 詐胡 with its waits, the 暗槓 ask and its fee).
fn variants() -> Vec<(String, Variant)> {
    let mut out: Vec<(String, Variant)> = PRESETS
        .iter()
        .map(|p| ((*p).to_owned(), Variant::preset(p).unwrap()))
        .collect();
    let trad_all = with(
        &trad(),
        &[
            ("special_draw.four_winds", Value::Bool(true)),
            ("special_draw.four_kongs", Value::Bool(true)),
            ("false_win_waits", Value::Bool(true)),
            ("wall_reserve", text("kong_one")),
        ],
    );
    out.push(("traditional+overrides".to_owned(), trad_all));
    let imp = with(
        &Variant::preset("improved16").unwrap(),
        &[("special_shapes.ask_ankan", Value::Bool(true))],
    );
    out.push(("improved16+ask_ankan".to_owned(), imp));
    out
}

/// Plays `st` out: wins taken, kongs taken half the time, otherwise the greedy agent.
fn play(st: &mut State, rng: &mut SplitMix64, greed: usize) {
    while !st.is_over() {
        let seat = st.pending().trailing_zeros() as u8;
        let acts = legal_actions(st, seat);
        let kong = acts.iter().copied().find(|a| {
            matches!(
                a,
                twmj_core::game::Action::Ankan(_)
                    | twmj_core::game::Action::Kakan(_)
                    | twmj_core::game::Action::Minkan
            )
        });
        let a = match kong {
            Some(k) if rng.below(2) == 0 => k,
            _ => greedy_pick(st, seat, &acts, rng, greed),
        };
        st.apply(seat, a).unwrap();
    }
}

/// Every game of the golden file, labelled.
fn games() -> Vec<(String, State)> {
    let mut out = Vec::new();
    for (name, v) in variants() {
        for seed in 0..HANDS {
            let mut st = State::from_seed(seed, &v);
            let mut rng = SplitMix64::new(seed ^ 0x5eed);
            play(&mut st, &mut rng, (seed % 9) as usize);
            out.push((format!("{name} seed {seed}"), st));
        }
        let mut m = Match::new(17, 1, &v);
        let mut rng = SplitMix64::new(99);
        for i in 0..MATCH_HANDS {
            let Ok(mut st) = m.next_hand(None) else { break };
            play(&mut st, &mut rng, 7);
            m.finish_hand(&st).unwrap();
            out.push((format!("{name} match hand {i}"), st));
        }
    }
    out
}

/// End lines no random game reaches (or rarely): the game's end with the parts a scripted
/// hand has set in turn — every win kind and first turn, each declaration, a 詐胡 with the
/// seats it pays (`ready`), 詢問費, and the counts an older record lacks — picked by `i`.
fn varied(r: &HandResult, i: usize) -> Vec<Event> {
    let kinds = [
        WinKind::SelfDraw,
        WinKind::Discard { from: 3 },
        WinKind::RobbingKong { from: 2 },
        WinKind::EightFlowers,
        WinKind::SevenRobOne { from: 1 },
        WinKind::AfterRobbingFlower { from: 0 },
        WinKind::FourKongs,
    ];
    let firsts = [
        None,
        Some(FirstTurn::Heaven),
        Some(FirstTurn::Earth),
        Some(FirstTurn::Human),
    ];
    let decls = [
        Declaration::None,
        Declaration::Ready,
        Declaration::Migi,
        Declaration::HeavenReady,
    ];
    let mut a = r.clone();
    for (j, w) in a.wins.iter_mut().enumerate() {
        w.kind = kinds[(i + j) % kinds.len()];
        w.first_turn = firsts[(i + j) % firsts.len()];
        w.declaration = decls[(i / 2 + j) % decls.len()];
        if (i + j) % 3 == 0 {
            w.tile = None;
            w.shown = None;
            w.discards = None;
        }
    }
    let mut b = r.clone();
    b.wins.clear();
    b.draw = None;
    b.false_win = Some(FalseWin {
        seat: (i % SEATS) as u8,
        tai: (i % 11) as u32,
        ready: std::array::from_fn(|s| {
            (s != i % SEATS && (s + i) % 2 == 0).then_some(s as u32 * 3)
        }),
    });
    b.fees = (0..i % 3)
        .map(|k| (k as u8, ((k + i) % SEATS) as u8))
        .collect();
    vec![Event::End(Box::new(a)), Event::End(Box::new(b))]
}

/// Everything written for one game, in a fixed order.
fn written(st: &State, i: usize) -> String {
    let mut s = write_log(st.log());
    for e in st.log() {
        s.push_str(&to_json(e));
        s.push('\n');
    }
    for seat in 0..SEATS as u8 {
        s.push_str(&write_seen_log(st.log(), seat));
    }
    for e in varied(st.result().unwrap(), i) {
        s.push_str(&to_json(&e));
        s.push('\n');
    }
    s
}

/// What kinds of line, and which of their optional parts, the games write: the golden file
/// only guards what it holds.
fn shapes(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let ty = v["type"].as_str().unwrap().to_owned();
        for (k, x) in v.as_object().unwrap() {
            if !x.is_null() {
                out.insert(format!("{ty}.{k}"));
            }
        }
        for w in v["wins"].as_array().into_iter().flatten() {
            for (k, x) in w.as_object().unwrap() {
                if !x.is_null() {
                    out.insert(format!("win.{k}"));
                }
            }
        }
        if let Some(f) = v["false_win"].as_object() {
            for k in f.keys() {
                out.insert(format!("false_win.{k}"));
            }
        }
        if v["tile"] == "?" || v["action"].as_str().is_some_and(|a| a.ends_with(" ?")) {
            out.insert(format!("{ty} hidden"));
        }
    }
    out
}

#[test]
fn records_are_written_as_before() {
    let mut digests = String::new();
    let mut seen = BTreeSet::new();
    for (i, (label, st)) in games().into_iter().enumerate() {
        let text = written(&st, i);
        seen.extend(shapes(&text));
        writeln!(digests, "{label}: {:016x}", fnv(text.as_bytes())).unwrap();
    }
    if std::env::var_os("TWMJ_BLESS").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/game/records.golden");
        std::fs::write(path, &digests).unwrap();
    }
    // Every line kind and every optional field of docs/log-format.md is among the games.
    for want in [
        "seed.seed",
        "deal.hands",
        "deal.live",
        "deal.wall",
        "draw.tile",
        "draw hidden",
        "act.action",
        "act hidden",
        "claim.action",
        "rules.overrides",
        "exchange.given",
        "break.kept",
        "end.draw",
        "end.false_win",
        "false_win.ready",
        "end.fees",
        "end.ankan_fees",
        "show.hand",
        "win.from",
        "win.tile",
        "win.declaration",
        "win.first_turn",
        "win.discards",
        "win.shown",
    ] {
        assert!(seen.contains(want), "no game writes {want}: {seen:?}");
    }
    let want: Vec<&str> = GOLDEN.lines().collect();
    let got: Vec<&str> = digests.lines().collect();
    assert_eq!(got.len(), want.len(), "games");
    for (g, w) in got.iter().zip(&want) {
        // A game that plays differently (a rule fixed, the agents' choices changed) also
        // changes its digest: then re-bless with `TWMJ_BLESS=1` on a commit whose writer is
        // unchanged, and check that only the games that play differently moved.
        assert_eq!(
            g, w,
            "written differently from before, or the game plays differently"
        );
    }
}

#[test]
fn per_seat_records_read_back_and_write_again() {
    // Write → read → write gives the same text, for every seat of every game above.
    for (label, st) in games() {
        for seat in 0..SEATS as u8 {
            let text = write_seen_log(st.log(), seat);
            let back = read_seen_log(&text).unwrap_or_else(|e| panic!("{label} seat {seat}: {e}"));
            let again: String = back.iter().map(|e| seen_to_json(e) + "\n").collect();
            assert_eq!(again, text, "{label} seat {seat}");
        }
    }
}
