//! Follow-ups to the game flow: 四槓胡 in play (001, 003 改良式), the winner's discard count for
//! 七隻內 (003 hk16), snapshot legality at three and two seats, and the written record (serde
//! writer, `seed` line, per-seat records read back, overrides kept in order).
//! Scripted deals: seat 0 deals (dice 1 1 1); seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use twmj_core::game::{
    legal_actions, read_log, read_seen_log, replay, seen, settle_hand, write_log, write_seen_log,
    Action, ChiPos, Deal, Event, HandResult, Match, Phase, SeenEvent, SeenHand, State, WinKind,
};
use twmj_core::scoring::{Value, Variant};

mod common;
#[allow(clippy::wildcard_imports)]
use common::game::*;

/// The items of a score as `(key, tai)`, sorted.
fn items(s: &twmj_core::scoring::Score) -> Vec<(&'static str, u32)> {
    let mut v: Vec<(&'static str, u32)> = s.items.iter().map(|i| (i.key, i.tai)).collect();
    v.sort_unstable();
    v
}

fn flag(v: &Variant, key: &str) -> Value {
    v.settings()
        .into_iter()
        .find(|(k, _)| k == key)
        .map_or_else(|| panic!("no setting {key}"), |(_, x)| x)
}

// ---------------------------------------------------------------- 四槓胡

/// The dealer's 17 tiles hold four kongs, 東 among them: seat 0 makes them one after another.
const FOUR: [&str; 4] = ["1z1z1z1z 9m9m9m9m 1p1p1p1p 9p9p9p9p 8s", "", "", ""];

fn four_ankans(v: &Variant) -> State {
    let mut st = table(v, FOUR, "", "", None);
    for k in ["1z", "9m", "1p", "9p"] {
        act(&mut st, 0, Action::Ankan(t(k)));
    }
    st
}

#[test]
fn four_kongs_win_settings_per_preset() {
    // 001 台數表 四槓牌 (即以胡牌計算 … 莊家不再繼續連莊), 003 改良式 6台 四槓胡 (自摸第四槓三家各付
    // 六台; silent on 連莊); every other table has no 四槓胡 that ends the hand.
    let row = |v: &Variant| (flag(v, "four_kongs_win"), flag(v, "four_kongs_pass_deal"));
    let on_off = |a: bool, b: bool| (Value::Bool(a), Value::Bool(b));
    assert_eq!(row(&trad()), on_off(true, true));
    assert_eq!(row(&Variant::improved16()), on_off(true, false));
    for v in [
        Variant::taiwan(),
        Variant::american(),
        Variant::hk16(),
        Variant::three_player(),
        Variant::two_player(),
    ] {
        assert_eq!(row(&v), on_off(false, false), "{}", v.preset);
    }
    assert!(Variant::KEYS.contains(&"four_kongs_win"));
    assert!(Variant::KEYS.contains(&"four_kongs_pass_deal"));
    let v = with(&Variant::taiwan(), &[("four_kongs_win", Value::Bool(true))]);
    assert!(v.flow.four_kongs_win);
    let e = Variant::taiwan()
        .with_overrides(&[("four_kongs_win", Value::Int(1))])
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some("variant setting 'four_kongs_win': 1 is not true or false")
    );
}

#[test]
fn four_kongs_win_ends_the_hand_at_the_fourth_kong() {
    // 001 特殊胡牌 四槓胡: 同一玩家自行完成四次槓者 … 即算自摸胡牌該局結束.
    let st = four_ankans(&trad());
    let r = st.result().expect("the fourth kong ends the hand");
    assert_eq!(r.wins.len(), 1);
    let w = &r.wins[0];
    assert_eq!((w.seat, w.kind, w.tile), (0, WinKind::FourKongs, None));
    assert_eq!(w.melds.len(), 4);
    // The hand is not complete: four concealed tiles, and no replacement after the fourth kong.
    assert_eq!(w.concealed.iter().sum::<u8>(), 4);
    let n = st.log().len();
    assert!(matches!(
        st.log()[n - 2],
        Event::Act {
            seat: 0,
            action: Action::Ankan(k)
        } if k == t("9p")
    ));
    assert!(r.draw.is_none() && r.false_win.is_none());
    round_trip(&st);
    assert!(write_log(st.log()).contains(r#""kind":"four_kongs""#));
}

#[test]
fn four_kongs_scored_as_a_self_draw_without_its_tai() {
    // 001 台數表 四槓牌 8; 特殊胡牌 四槓胡 不得加算自摸台; 圈風牌/門風牌 持有一刻(或槓)即有一台 (東 in
    // the 東 round, the dealer sitting 東); 莊家 1 on every line; 一底 (3 台) + 台 from each of three.
    let st = four_ankans(&trad());
    let (bills, s) = settle_hand(st.result().unwrap(), &table_of(&st), &trad()).unwrap();
    assert_eq!(bills.len(), 1);
    let b = &bills[0];
    assert_eq!(
        items(b),
        vec![("four_kongs", 8), ("round_wind", 1), ("seat_wind", 1)]
    );
    assert_eq!((b.total_tai, b.dealer_tai), (10, 1));
    assert_eq!(b.payers, vec![1, 2, 3]);
    assert_eq!(s.net_tai, [42, -14, -14, -14]);
}

#[test]
fn four_kongs_with_a_minkan_is_paid_by_all_three() {
    // 001 特殊胡牌 四槓胡: 不分明槓暗槓，即算自摸胡牌 — the discarder of the fourth kong's tile does
    // not pay alone.
    // (000 明槓 only from the 下家 or 對家: seat 2, across, discards the tile.)
    let cores = ["1z1z1z1z 9m9m9m9m 1p1p1p1p 5p5p5p 8s", "", "5p", ""];
    let mut st = table(&trad(), cores, "2s 3s", "", None);
    for k in ["1z", "9m", "1p"] {
        act(&mut st, 0, Action::Ankan(t(k)));
    }
    discard(&mut st, "8s");
    tsumogiri(&mut st); // seat 1
    assert_eq!(turn(&st), 2);
    act(&mut st, 2, Action::Discard(t("5p")));
    while let Phase::Offer(o) = *st.phase() {
        let s = o.pending().trailing_zeros() as u8;
        act(
            &mut st,
            s,
            if s == 0 { Action::Minkan } else { Action::Pass },
        );
    }
    let r = st.result().expect("the 明槓 is the fourth kong");
    assert_eq!((r.wins[0].seat, r.wins[0].kind), (0, WinKind::FourKongs));
    let (bills, _) = settle_hand(r, &table_of(&st), &trad()).unwrap();
    assert_eq!(bills[0].payers, vec![1, 2, 3]);
    assert!(items(&bills[0]).contains(&("four_kongs", 8)));
    assert!(!items(&bills[0]).iter().any(|(k, _)| *k == "self_draw"));
    round_trip(&st);
}

#[test]
fn four_kongs_with_a_kakan_once_nobody_robs_it() {
    // 001 特殊胡牌 四槓胡 (不分明槓暗槓) and 搶槓 (加槓時可視為將牌捨出來胡牌): the 加槓 stands only
    // once nobody robs it; then it is the fourth kong and ends the hand.
    let cores = ["1z1z1z1z 9m9m9m9m 1p1p1p1p 5p5p 8s", "", "5p", ""];
    let mut st = table(&trad(), cores, "2s 3s 4s 6s 7s 5p", "", None);
    for k in ["1z", "9m", "1p"] {
        act(&mut st, 0, Action::Ankan(t(k)));
    }
    discard(&mut st, "8s");
    tsumogiri(&mut st); // seat 1
    act(&mut st, 2, Action::Discard(t("5p")));
    while let Phase::Offer(o) = *st.phase() {
        let s = o.pending().trailing_zeros() as u8;
        act(&mut st, s, if s == 0 { Action::Pon } else { Action::Pass });
    }
    let d = legal_actions(&st, 0)
        .into_iter()
        .find(|a| matches!(a, Action::Discard(_)))
        .unwrap();
    act(&mut st, 0, d);
    pass_all(&mut st);
    for _ in 0..3 {
        tsumogiri(&mut st); // seats 1, 2, 3
    }
    assert_eq!((turn(&st), drawn(&st)), (0, t("5p")));
    act(&mut st, 0, Action::Kakan(t("5p")));
    pass_all(&mut st);
    let r = st.result().expect("the 加槓 is the fourth kong");
    assert_eq!((r.wins[0].seat, r.wins[0].kind), (0, WinKind::FourKongs));
    round_trip(&st);
}

#[test]
fn four_kongs_off_plays_on() {
    // 000 has no 四槓胡: the fourth kong takes its replacement and the turn goes on.
    let st = four_ankans(&Variant::taiwan());
    assert!(!st.is_over());
    assert_eq!((st.kongs(), turn(&st)), (4, 0));
    let off = with(&trad(), &[("four_kongs_win", Value::Bool(false))]);
    let st = four_ankans(&off);
    assert!(!st.is_over());
}

#[test]
fn improved16_four_kongs_counts_alone_with_the_dealer() {
    // 003 改良式 6台 四槓胡: 除莊連拉外不另計手牌台數，自摸第四槓三家各付六台.
    let v = Variant::improved16();
    let st = four_ankans(&v);
    let r = st
        .result()
        .expect("improved16 ends the hand at the fourth kong");
    assert_eq!(r.wins[0].kind, WinKind::FourKongs);
    let (bills, _) = settle_hand(r, &table_of(&st), &v).unwrap();
    assert_eq!(items(&bills[0]), vec![("four_kongs", 6)]);
    assert_eq!((bills[0].total_tai, bills[0].dealer_tai), (6, 1));
    assert_eq!(bills[0].payers, vec![1, 2, 3]);
}

/// The 四槓胡 of `st` as if the match's dealer had made it, with `kind`.
fn dealer_won(m: &Match, st: &State, kind: WinKind) -> HandResult {
    let mut r = st.result().unwrap().clone();
    r.dealer = m.dealer;
    r.wins[0].seat = m.dealer;
    r.wins[0].kind = kind;
    r
}

#[test]
fn four_kongs_passes_the_deal_in_traditional_only() {
    // 001 台數表 四槓牌: 這一局就結束，莊家不再繼續連莊 — even when the dealer made the kongs
    // (莊家胡牌即可連莊 otherwise). 003 is silent: the dealer's win keeps the deal.
    let st = four_ankans(&trad());
    let mut m = Match::new(5, 0, &trad());
    m.deal();
    let dealer = m.dealer;
    assert!(!m.dealer_keeps(&dealer_won(&m, &st, WinKind::FourKongs)));
    assert!(m.dealer_keeps(&dealer_won(&m, &st, WinKind::SelfDraw)));
    m.finish(&dealer_won(&m, &st, WinKind::FourKongs));
    assert_eq!((m.streak, m.dealer), (0, (dealer + 1) % 4));
    let st = four_ankans(&Variant::improved16());
    let mut m = Match::new(5, 0, &Variant::improved16());
    m.deal();
    assert!(m.dealer_keeps(&dealer_won(&m, &st, WinKind::FourKongs)));
}

// ---------------------------------------------------------------- 七隻內 (003 hk16)

/// Seat 1 waits on 中 alone and every other 中 is in a hand (seat 0 holds one). Seat 0 first
/// discards 8s; then everyone discards what they draw, seat 0 included, until seat 1 has
/// discarded `rounds` tiles; then seat 0 discards its 中 and seat 1 wins on it.
fn win_after(v: &Variant, rounds: usize) -> State {
    let cores = [
        "8s 7z",
        "1m2m3m 4m5m6m 7m8m9m 1p2p3p 4p5p6p 7z",
        "7z 3s6s9s 3s6s9s",
        "7z 2s5s8s 2s5s8s",
    ];
    let mut st = table(v, cores, "", "", None);
    discard(&mut st, "8s");
    for _ in 0..4 * rounds - 1 {
        assert!(!st.is_over(), "the hand ended early");
        tsumogiri(&mut st);
    }
    assert_eq!(turn(&st), 0);
    assert_eq!(st.player(1).discards.len(), rounds);
    act(&mut st, 0, Action::Discard(t("7z")));
    while let Phase::Offer(o) = *st.phase() {
        let s = o.pending().trailing_zeros() as u8;
        act(&mut st, s, if s == 1 { Action::Win } else { Action::Pass });
    }
    st
}

#[test]
fn within_seven_counts_the_winners_discards() {
    // 003 hk16 七隻內 20番: 打出七隻牌之內(上或碰皆計)胡出 — seven discards count, eight do not.
    let v = Variant::hk16();
    for (rounds, counted) in [(7, true), (8, false)] {
        let st = win_after(&v, rounds);
        let r = st.result().expect("seat 1 wins on 中");
        assert_eq!(r.wins.len(), 1);
        let w = &r.wins[0];
        assert_eq!((w.seat, w.kind), (1, WinKind::Discard { from: 0 }));
        assert_eq!(w.discards, Some(rounds as u8));
        let (bills, _) = settle_hand(r, &table_of(&st), &v).unwrap();
        let has = items(&bills[0]).contains(&("within_seven", 20));
        assert_eq!(has, counted, "{rounds} discards: {:?}", items(&bills[0]));
        // The count is written and read back.
        let text = write_log(st.log());
        assert!(text.contains(&format!(r#""discards":{rounds}"#)), "{text}");
        round_trip(&st);
    }
}

#[test]
fn a_record_without_the_discard_count_still_replays() {
    // Backward compatibility: an end line written before the count was kept has no
    // `discards`; it reads as unknown and replays against the engine's count.
    let st = win_after(&Variant::hk16(), 7);
    let text = write_log(st.log()).replace(r#","discards":7"#, "");
    assert!(!text.contains("discards"));
    let back = read_log(&text).unwrap();
    let Some(Event::End(r)) = back.last() else {
        panic!("no end line")
    };
    assert_eq!(r.wins[0].discards, None);
    let again = replay(&back).unwrap();
    assert_eq!(again.result(), st.result());
    assert_eq!(again.result().unwrap().wins[0].discards, Some(7));
}

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

// ---------------------------------------------------------------- snapshots at 3 and 2 seats

#[test]
fn snapshot_legality_at_three_and_two_seats_agrees_with_the_game() {
    // 004 三人麻將 (no 吃, 116 tiles, 北 empty) and 兩人麻將 (萬子 and 字牌, no flowers): the
    // snapshot plays the variant's seats, as the game does.
    // 004 兩人麻將 13 張版 (hand_size 13: 13 tiles, the dealer 14) as well.
    let two13 = with(&Variant::two_player(), &[("hand_size", Value::Int(13))]);
    for v in [Variant::three_player(), Variant::two_player(), two13] {
        let n = snapshots_agree(&v, 0..150, 31);
        assert!(n > 3000, "{}: {n} decisions", v.preset);
    }
    // Chi allowed at three seats: the 上家 of seat 0 is seat 2.
    let v = with(
        &Variant::three_player(),
        &[("chi_allowed", Value::Bool(true))],
    );
    assert!(snapshots_agree(&v, 0..60, 31) > 1000);
}

#[test]
fn snapshot_refuses_an_empty_seat() {
    // 004: with three players seat 3 is empty (北), with two seats 2 and 3: they have nothing to
    // decide, and an offer cannot come from them.
    use twmj_core::game::{Decision, OfferKind, Situation, Snapshot};
    let st = State::from_seed(1, &Variant::three_player());
    let sit = Situation {
        rules: st.rules().clone(),
        dealer: 0,
        east: 0,
        dice: [1, 1, 1],
        discards_total: 0,
        any_call: false,
        ankan_asks: 0,
    };
    let mut player = st.player(1).clone();
    while player.hand_size() > 16 {
        let i = player.concealed.iter().position(|&c| c > 0).unwrap();
        player.concealed[i] -= 1;
    }
    let offer = |seat: u8, from: u8| Snapshot {
        seat,
        player: player.clone(),
        drawable: 40,
        decision: Decision::Offer {
            from,
            kind: OfferKind::Discard {
                tile: t("1z"),
                last: false,
            },
        },
        situation: Some(sit.clone()),
    };
    assert!(offer(1, 0).legal_actions().is_ok());
    let e = offer(3, 0).legal_actions().unwrap_err().to_string();
    assert!(e.contains("seat 3") && e.contains("0–2"), "{e}");
    let e = offer(1, 3).legal_actions().unwrap_err().to_string();
    assert!(e.contains("seat 3"), "{e}");
    let mut two = sit.clone();
    two.rules = twmj_core::game::Rules::new(&Variant::two_player(), 0, 0);
    let mut s = offer(1, 0);
    s.situation = Some(two.clone());
    assert!(s.legal_actions().is_ok());
    let mut s = offer(2, 0);
    s.situation = Some(two);
    assert!(s.legal_actions().is_err());
}

/// Seat 1 becomes ready on 5p alone (46p 嵌張) at its third draw; the four 5p are the
/// dealer's, seat 2's, seat 3's and the wall's last draw here. Seat 3 吃s seat 2's 5p (567p)
/// and throws its own 5p a turn later; the dealer draws the last 5p and throws it.
fn last_of_kind_hand(v: &Variant) -> State {
    let cores = [
        "5p 1m4m7m 2m5m8m 3m6m9m 8p9p 2s5s8s 5z6z",
        "1m2m3m 4m5m6m 7m8m9m 1p2p3p 4p 9s9s 1z",
        "5p 1m4m7m 2m5m8m 3m6m9m 8p9p 3s6s9s 5z",
        "5p 6p7p 1s 1m4m7m 2m5m8m 3m6m9m 8p 2s5s",
    ];
    let live = "2z 3z 4z 5z 6z 7z 2z 6p 3z 4z 5p";
    let mut st = table(v, cores, live, "", None);
    discard(&mut st, "5p"); // the dealer
    tsumogiri(&mut st); // seat 1: 2z
    act(&mut st, 2, Action::Discard(t("5p")));
    act(&mut st, 3, Action::Chi(ChiPos::Low));
    pass_all(&mut st);
    assert_eq!(turn(&st), 3);
    discard(&mut st, "1s"); // seat 3, after its 吃 (not the 5p it took: 食替)
    for _ in 0..2 {
        tsumogiri(&mut st); // the dealer 4z, seat 1 5z
    }
    tsumogiri(&mut st); // seat 2: 6z
    assert_eq!((turn(&st), drawn(&st)), (3, t("7z")));
    discard(&mut st, "5p"); // seat 3's own 5p
    tsumogiri(&mut st); // the dealer: 2z
    assert_eq!((turn(&st), drawn(&st)), (1, t("6p")));
    discard(&mut st, "1z"); // seat 1 is ready on 5p
    tsumogiri(&mut st); // seat 2: 3z
    tsumogiri(&mut st); // seat 3: 4z
    assert_eq!((turn(&st), drawn(&st)), (0, t("5p")));
    act(&mut st, 0, Action::Discard(t("5p")));
    act(&mut st, 1, Action::Win);
    pass_all(&mut st);
    st
}

#[test]
fn last_of_kind_counts_the_table() {
    // 003 fan list 胡絕張 6: 牌池，桌面已亮明的三張牌所剩的第四張牌. Shown before the win: the
    // dealer's first 5p in its river, seat 2's 5p in seat 3's 吃 (claimed: counted once, in
    // the meld, not in seat 2's river), seat 3's own 5p in its river — 3; the winning 5p, the
    // dealer's second, is the fourth and not counted.
    let v = with(
        &Variant::taiwan(),
        &[("tai.fan_last_of_kind", Value::Int(6))],
    );
    let st = last_of_kind_hand(&v);
    let r = st.result().unwrap();
    assert_eq!(r.winners(), vec![1]);
    let w = &r.wins[0];
    assert_eq!(
        (w.kind, w.tile),
        (WinKind::Discard { from: 0 }, Some(t("5p")))
    );
    assert_eq!(w.shown, Some(3));
    let (bills, _) = settle_hand(r, &table_of(&st), &v).unwrap();
    assert!(
        items(&bills[0]).contains(&("fan_last_of_kind", 6)),
        "{:?}",
        items(&bills[0])
    );
    // The count is written and read back, and a record without it (older) still replays.
    let text = write_log(st.log());
    assert!(text.contains(r#""shown":3"#), "{text}");
    round_trip(&st);
    let old = text.replace(r#","shown":3"#, "");
    assert_eq!(
        replay(&read_log(&old).unwrap()).unwrap().result(),
        st.result()
    );
    // Without the table's count (shown None) only the winner's own melds are seen: none.
    let mut blind = r.clone();
    blind.wins[0].shown = None;
    let (bills, _) = settle_hand(&blind, &table_of(&st), &v).unwrap();
    assert!(!items(&bills[0])
        .iter()
        .any(|(k, _)| *k == "fan_last_of_kind"));
    // The presets do not count it; the same hand under taiwan records the count all the same.
    let st = last_of_kind_hand(&Variant::taiwan());
    let r = st.result().unwrap();
    assert_eq!(r.wins[0].shown, Some(3));
    let (bills, _) = settle_hand(r, &table_of(&st), &Variant::taiwan()).unwrap();
    assert!(!items(&bills[0])
        .iter()
        .any(|(k, _)| *k == "fan_last_of_kind"));
}
