//! The written record: every line JSON written by the library, the `seed` line, overrides kept
//! in order, the per-seat record read back as the seat saw it, and older records without a
//! later field still replaying. Scripted deals: seat 0 deals (dice 1 1 1).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::kongs::four_ankans;
use crate::settlement::win_after;
use twmj_core::game::{
    legal_actions, read_log, read_seen_log, replay, seen, write_log, write_seen_log, Action, Deal,
    Event, Match, SeenEvent, SeenHand, State,
};
use twmj_core::scoring::{Value, Variant};
use twmj_core::Error;

#[allow(clippy::wildcard_imports)]
use crate::common::game::*;

// ---------------------------------------------------------------- records

/// Plays `seed` under `v` with random legal actions (kongs preferred, wins taken).
fn random_hand(v: &Variant, seed: u64) -> State {
    let mut st = State::from_seed(seed, v);
    let mut rng = twmj_core::game::SplitMix64::new(seed.wrapping_add(77));
    while !st.is_over() {
        let seat = st.pending().trailing_zeros() as u8;
        let acts = legal_actions(&st, seat);
        let a = acts
            .iter()
            .copied()
            .find(|a| {
                matches!(
                    a,
                    Action::Win | Action::Ankan(_) | Action::Kakan(_) | Action::Minkan
                )
            })
            .unwrap_or_else(|| acts[rng.below(acts.len())]);
        act(&mut st, seat, a);
    }
    st
}

#[test]
fn every_line_is_json_written_by_the_library() {
    // docs/log-format.md §1: one JSON object per line, fields in the documented order.
    for v in [trad(), Variant::american(), Variant::three_player()] {
        for seed in 0..5 {
            let st = random_hand(&v, seed);
            for line in write_log(st.log()).lines() {
                let parsed: serde_json::Value = serde_json::from_str(line).unwrap();
                assert!(parsed.is_object(), "{line}");
                assert!(line.starts_with(r#"{"type":""#), "{line}");
            }
        }
    }
    // The end line's fields in order, the discard count and the shown count (胡絕張) last.
    let st = win_after(&Variant::hk16(), 7);
    let text = write_log(st.log());
    let end = text.lines().last().unwrap();
    assert!(
        end.starts_with(r#"{"type":"end","dealer":0,"east":0,"wins":[{"seat":1,"kind":"discard","from":0,"tile":"7z","#),
        "{end}"
    );
    assert!(
        end.ends_with(r#""first_turn":null,"discards":7,"shown":0}]}"#),
        "{end}"
    );
}

#[test]
fn a_seeded_hand_is_written_from_its_seed() {
    // docs/log-format.md §3.2: a hand dealt from a seed starts with its seed line, expanded
    // under the record's variant when read (three players, the dice's walls).
    for v in [Variant::taiwan(), trad(), Variant::three_player()] {
        let st = random_hand(&v, 42);
        let text = write_log(st.log());
        let first = text.lines().next().unwrap();
        assert_eq!(
            first, r#"{"type":"seed","seed":42,"dealer":0,"door_from_dice":false}"#,
            "{}",
            v.preset
        );
        let back = read_log(&text).unwrap();
        assert_eq!(back, st.log(), "{}", v.preset);
        let again = replay(&back).unwrap();
        assert_eq!(again.result(), st.result(), "{}", v.preset);
    }
    // A scripted deal, and a seeded deal changed after dealing, are written whole.
    let st = four_ankans(&trad());
    assert!(write_log(st.log()).starts_with(r#"{"type":"deal""#));
    let mut d = Deal::from_seed(7, 0, false, &twmj_core::TAIWAN);
    d.hands.swap(1, 2);
    let st = State::from_deal(d, &twmj_core::TAIWAN).unwrap();
    assert!(write_log(st.log()).starts_with(r#"{"type":"deal""#));
    // A match's deal (any u64 seed): the seed line keeps the 假莊 argument.
    let mut m = Match::new(9, 0, &trad());
    let d = m.deal();
    let origin = d.origin.unwrap();
    let st = State::from_deal(d, &trad()).unwrap();
    let text = write_log(st.log());
    assert!(text.starts_with(&format!(
        r#"{{"type":"seed","seed":{},"dealer":{},"door_from_dice":false}}"#,
        origin.seed, origin.dealer
    )));
    assert_eq!(read_log(&text).unwrap(), st.log());
    // Any u64 seed, above 2⁶³ too.
    let st = State::from_seed(u64::MAX, &twmj_core::TAIWAN);
    let text = write_log(st.log());
    assert!(text.starts_with(r#"{"type":"seed","seed":18446744073709551615,"#));
    assert_eq!(read_log(&text).unwrap(), st.log());
}

#[test]
fn overrides_keep_their_order() {
    // A rules line read back gives the overrides in the order written, so the read-back log
    // equals the played one (not sorted by key).
    let v = with(
        &trad(),
        &[
            ("wall_reserve", text("kong_one")),
            ("special_draw.four_winds", Value::Bool(true)),
            ("base_money", Value::Int(600)),
        ],
    );
    let st = random_hand(&v, 3);
    let text = write_log(st.log());
    assert!(
        text.contains(r#""overrides":{"wall_reserve":"kong_one","special_draw.four_winds":true,"base_money":600}"#),
        "{text}"
    );
    let back = read_log(&text).unwrap();
    assert_eq!(back, st.log());
    let Some(Event::Rules(r)) = back.get(1) else {
        panic!("no rules line")
    };
    let keys: Vec<&str> = r
        .variant
        .overrides
        .iter()
        .map(|(k, _)| k.as_str())
        .collect();
    assert_eq!(
        keys,
        ["wall_reserve", "special_draw.four_winds", "base_money"]
    );
}

#[test]
fn a_per_seat_record_reads_back_as_the_seat_saw_it() {
    // docs/log-format.md §8: other seats' dealt tiles, draws, 暗槓 and 換三張 picks hidden; the
    // record reads back (read_seen_log) to exactly that view and writes out the same again.
    for v in [Variant::taiwan(), Variant::american(), trad()] {
        for seed in 0..4 {
            let st = random_hand(&v, seed);
            for seat in 0..4u8 {
                let text = write_seen_log(st.log(), seat);
                let back = read_seen_log(&text).unwrap();
                let want: Vec<SeenEvent> = st.log().iter().map(|e| seen(e, seat)).collect();
                assert_eq!(back, want, "{} seed {seed} seat {seat}", v.preset);
                let again: String = back
                    .iter()
                    .map(|e| twmj_core::game::seen_to_json(e) + "\n")
                    .collect();
                assert_eq!(again, text);
                // Only the seat's own hand is shown; the rest are counts.
                let Some(SeenEvent::Deal { hands, .. }) = back.first() else {
                    panic!("no deal")
                };
                for (s, h) in hands.iter().enumerate() {
                    match h {
                        SeenHand::Shown(p) => {
                            assert_eq!(s, usize::from(seat));
                            assert!(!p.is_empty());
                        }
                        SeenHand::Hidden(n) => {
                            assert_ne!(s, usize::from(seat));
                            assert!(*n == 16 || *n == 17);
                        }
                    }
                }
                // The full reader refuses it and says where to go.
                if seat == 1 {
                    let e = read_log(&text).unwrap_err().to_string();
                    assert!(e.contains("line 1") && e.contains("read_seen_log"), "{e}");
                }
            }
        }
    }
    // A full record reads through read_seen_log too, every event whole.
    let st = random_hand(&Variant::taiwan(), 11);
    let back = read_seen_log(&write_log(st.log())).unwrap();
    let whole: Vec<SeenEvent> = st.log().iter().cloned().map(SeenEvent::Open).collect();
    assert_eq!(back, whole);
}

#[test]
fn a_bad_line_names_its_line_and_field() {
    // docs/log-format.md §6: the line (1-based) and the path of the field in it.
    let st = random_hand(&Variant::hk16(), 5);
    let text = write_log(st.log());
    let lines: Vec<&str> = text.lines().collect();
    let end = lines.len() - 1;
    let bad = |i: usize, line: &str| {
        let mut l: Vec<&str> = lines.clone();
        l[i] = line;
        read_log(&l.join("\n")).unwrap_err()
    };
    let draw = lines
        .iter()
        .position(|l| l.starts_with(r#"{"type":"draw""#))
        .unwrap();
    for (i, line, key, message) in [
        (draw, "{\"type\":\"draw\",\"seat\":1,", "", "bad JSON: "),
        (draw, "[1,2]", "", "an event is a JSON object"),
        (draw, r#"{"seat":1}"#, "type", "missing"),
        (
            draw,
            r#"{"type":"nap"}"#,
            "type",
            "unknown event type 'nap'",
        ),
        (
            draw,
            r#"{"type":"draw","seat":1,"replacement":false}"#,
            "tile",
            "missing",
        ),
        (
            draw,
            r#"{"type":"draw","seat":"one","tile":"5m","replacement":false}"#,
            "seat",
            "invalid type: string \"one\"",
        ),
        (
            draw,
            r#"{"type":"draw","seat":4,"tile":"5m","replacement":false}"#,
            "seat",
            "must be a number 0–3",
        ),
        (
            draw,
            r#"{"type":"draw","seat":1,"seat":2,"tile":"5m","replacement":false}"#,
            "",
            "duplicate field `seat`",
        ),
        (
            end,
            r#"{"type":"end","dealer":0,"east":0,"wins":[{"seat":1,"kind":"self_draw"}]}"#,
            "wins[0].tile",
            "missing",
        ),
        (
            end,
            r#"{"type":"end","dealer":0,"east":0,"wins":[],"fees":[[0,"x"]]}"#,
            "fees[0][1]",
            "invalid type: string \"x\"",
        ),
        (
            end,
            r#"{"type":"end","dealer":0,"east":0,"wins":[],"false_win":{"seat":9,"tai":1}}"#,
            "false_win.seat",
            "must be a number 0–3",
        ),
    ] {
        let e = bad(i, line);
        assert_eq!(e.kind(), "record_error", "{line}: {e}");
        assert_eq!(e.line(), Some(i + 1), "{line}: {e}");
        let want = if key.is_empty() {
            format!("record[{i}]")
        } else {
            format!("record[{i}].{key}")
        };
        assert_eq!(e.field().as_deref(), Some(want.as_str()), "{line}: {e}");
        let Error::Record { message: m, .. } = &e else {
            panic!("{e:?}")
        };
        assert!(m.starts_with(message), "{line}: {m}");
    }
}

#[test]
fn the_result_view_is_the_end_line() {
    // `Game.result()` (the report's view) and the record's end line are written by separate
    // code from the same result: every field they share agrees, under every preset.
    let mut wins = 0;
    for v in twmj_core::scoring::PRESETS
        .iter()
        .map(|p| Variant::preset(p).unwrap())
    {
        for seed in 0..12 {
            let bots = [twmj_core::game::Bot::Efficiency; 4];
            let (st, _) = twmj_core::game::play_hand(seed, &v, bots).unwrap();
            let view = serde_json::to_value(twmj_core::game::report::ResultView::of(
                st.result().unwrap(),
            ))
            .unwrap();
            let log = write_log(st.log());
            let end: serde_json::Value = serde_json::from_str(log.lines().last().unwrap()).unwrap();
            assert_eq!(end["type"], "end");
            assert_eq!(view["dealer"], end["dealer"]);
            assert_eq!(view["east"], end["east"]);
            assert_eq!(
                view["draw_reason"],
                end.get("draw").cloned().unwrap_or_default()
            );
            let (vw, ew) = (
                view["wins"].as_array().unwrap(),
                end["wins"].as_array().unwrap(),
            );
            assert_eq!(vw.len(), ew.len());
            assert_eq!(view["draw"], vw.is_empty() && view["false_win"].is_null());
            for (a, b) in vw.iter().zip(ew) {
                wins += 1;
                assert_eq!(a["hand"], b["concealed"]);
                assert_eq!(a["from"], b.get("from").cloned().unwrap_or_default());
                for k in [
                    "seat",
                    "kind",
                    "tile",
                    "melds",
                    "flowers",
                    "replacement",
                    "last_tile",
                    "declaration",
                    "first_turn",
                    "discards",
                    "shown",
                ] {
                    assert_eq!(a[k], b.get(k).cloned().unwrap_or_default(), "{k}");
                }
            }
        }
    }
    assert!(wins > 20, "the hands include wins ({wins})");
}
