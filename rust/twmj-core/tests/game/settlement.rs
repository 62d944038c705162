//! Finished hands scored and settled: every 筆 of thousands of seeded games goes through the
//! scorer; the nets sum to zero (000 計分: 四家相加為 0) and each winner receives.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[allow(clippy::wildcard_imports)]
use crate::common::game::*;
use twmj_core::game::{
    legal_actions, read_log, replay, settle_hand, write_log, Action, ChiPos, Event, Match, Phase,
    SplitMix64, State, Table, WinKind,
};
use twmj_core::scoring::{Value, Variant};
use twmj_core::shanten_counts;

/// Plays a hand to the end: wins whenever it may; mostly discards toward the lowest shanten
/// (so many hands end in a win), sometimes a random legal action (so calls and kongs occur).
fn play(st: &mut State, rng: &mut SplitMix64) {
    while !st.is_over() {
        let seat = st.pending().trailing_zeros() as u8;
        let acts = legal_actions(st, seat);
        let c = st.player(seat).concealed;
        let shanten_after = |a: &Action| match a {
            Action::Discard(t) => {
                let mut d = c;
                d[t.index()] -= 1;
                i32::from(shanten_counts(&d))
            }
            Action::Pass => 50,
            _ => 100,
        };
        let a = if acts.contains(&Action::Win) {
            Action::Win
        } else if rng.below(4) == 0 {
            acts[rng.below(acts.len())]
        } else {
            acts.iter().copied().min_by_key(shanten_after).unwrap()
        };
        st.apply(seat, a).unwrap();
    }
}

#[test]
fn every_finished_hand_settles_to_zero() {
    let taiwan = Variant::taiwan();
    let mut rng = SplitMix64::new(11);
    let (mut wins, mut draws) = (0, 0);
    for seed in 0..1500u64 {
        let mut st = State::from_seed(seed, &twmj_core::TAIWAN);
        play(&mut st, &mut rng);
        let result = st.result().unwrap().clone();
        let table = Table {
            streak: (seed % 4) as u8,
            round_wind: (seed % 4) as u8,
            dice: [1, 2, 3],
        };
        let (bills, s) =
            settle_hand(&result, &table, &taiwan).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(s.net_tai.iter().sum::<i64>(), 0, "seed {seed}");
        assert_eq!(s.net_money.iter().sum::<i64>(), 0, "seed {seed}");
        assert_eq!(bills.len(), result.wins.len());
        if result.is_draw() {
            // 000: 流局為 0.
            assert_eq!(s.net_tai, [0; 4]);
            draws += 1;
        } else {
            for w in result.winners() {
                assert!(
                    s.net_tai[w as usize] > 0,
                    "seed {seed}: winner {w} received nothing"
                );
            }
            wins += 1;
        }
    }
    assert!(wins > 100 && draws > 0, "wins {wins}, draws {draws}");
}

#[test]
fn a_match_settles_hand_by_hand() {
    // A whole match (一將): the streak and the round wind of each hand feed the scorer, and the
    // running totals stay balanced.
    let taiwan = Variant::taiwan();
    let mut m = Match::new(5, 0, &twmj_core::TAIWAN);
    let mut rng = SplitMix64::new(3);
    let mut totals = [0i64; 4];
    let mut hands = 0;
    while !m.over && hands < 400 {
        let table = Table {
            streak: m.streak,
            round_wind: m.round_wind,
            dice: [1, 1, 1],
        };
        let mut st = State::from_deal(m.deal(), &twmj_core::TAIWAN).unwrap();
        play(&mut st, &mut rng);
        let result = st.result().unwrap().clone();
        let (_, s) = settle_hand(&result, &table, &taiwan).unwrap();
        for (t, n) in totals.iter_mut().zip(s.net_tai) {
            *t += n;
        }
        m.finish(&result);
        hands += 1;
    }
    assert!(m.over, "four rounds end the match");
    assert_eq!(totals.iter().sum::<i64>(), 0);
}

#[test]
fn the_streak_cap_is_the_variants() {
    // 000 連莊: at most 18 in a row; a house rule may lower it. With cap 2 the dealer, who keeps
    // the deal on every draw, deals at most three hands in a row.
    use twmj_core::scoring::Value;
    let capped = Variant::taiwan()
        .with_overrides(&[("streak_cap", Value::Int(2))])
        .unwrap();
    let mut m = Match::new(9, 0, &capped);
    let mut rng = SplitMix64::new(4);
    let mut run = 0;
    let mut longest = 0;
    let mut last_dealer = m.dealer;
    for _ in 0..200 {
        if m.over {
            break;
        }
        assert!(m.streak <= 2);
        let mut st = State::from_deal(m.deal(), &twmj_core::TAIWAN).unwrap();
        play(&mut st, &mut rng);
        let result = st.result().unwrap().clone();
        run = if m.dealer == last_dealer { run + 1 } else { 1 };
        longest = longest.max(run);
        last_dealer = m.dealer;
        m.finish(&result);
    }
    assert_eq!(
        longest, 3,
        "the cap binds: a dealer deals 1 + 2 hands, never more"
    );
}

/// The items of a score as `(key, tai)`, sorted.
fn items(s: &twmj_core::scoring::Score) -> Vec<(&'static str, u32)> {
    let mut v: Vec<(&'static str, u32)> = s.items.iter().map(|i| (i.key, i.tai)).collect();
    v.sort_unstable();
    v
}

// ---------------------------------------------------------------- 七隻內 (003 hk16)

/// Seat 1 waits on 中 alone and every other 中 is in a hand (seat 0 holds one). Seat 0 first
/// discards 8s; then everyone discards what they draw, seat 0 included, until seat 1 has
/// discarded `rounds` tiles; then seat 0 discards its 中 and seat 1 wins on it.
pub(crate) fn win_after(v: &Variant, rounds: usize) -> State {
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

// ---------------------------------------------------------------- 胡絕張 (003 fan list)

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

#[test]
fn a_finished_hand_settles_for_a_caller_bill_by_bill() {
    // What `Game.settle` answers: each 筆 scored and settled on its own, its lines numbered
    // by the 筆 (000 花牌與花胡: a flower win and the win after it are two 筆), and the hand's
    // settlement as a whole, as `settle_hand` gives it.
    let taiwan = Variant::taiwan();
    let mut rng = SplitMix64::new(5);
    let mut settled = 0;
    for seed in 0..200u64 {
        let mut st = State::from_seed(seed, &twmj_core::TAIWAN);
        let e = st.settle(None, None, None).unwrap_err();
        assert_eq!(
            (e.kind(), e.field().as_deref()),
            ("context_error", Some("game"))
        );
        play(&mut st, &mut rng);
        let s = st.settle(None, None, None).unwrap();
        let table = Table {
            streak: 0,
            round_wind: 0,
            dice: st.dice(),
        };
        let (bills, whole) = settle_hand(st.result().unwrap(), &table, &taiwan).unwrap();
        assert_eq!(s.settlement, whole, "seed {seed}");
        assert_eq!(s.bills.len(), bills.len(), "seed {seed}");
        for (i, (b, score)) in s.bills.iter().zip(&bills).enumerate() {
            assert_eq!(b.score.total_tai, score.total_tai);
            assert!(
                b.settlement.lines.iter().all(|l| l.bill == i),
                "seed {seed}"
            );
            // Each 筆 on its own sums to zero (000 計分: 四家相加為 0).
            assert_eq!(b.settlement.net_tai.iter().sum::<i64>(), 0);
        }
        settled += usize::from(!bills.is_empty());
        // The streak and the 圈風 as a caller gives them: too large for any table is named at
        // its own field; over the variant's cap, by the scorer.
        let huge = twmj_core::vocab::Int::from(1_i128 << 80);
        let e = st.settle(None, Some(&huge), None).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("streak"));
        let e = st.settle(None, None, Some(&huge)).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("round_wind"));
        let e = st
            .settle(None, None, Some(&twmj_core::vocab::Int::from(4_i128)))
            .unwrap_err();
        assert_eq!(e.field().as_deref(), Some("round_wind"));
    }
    assert!(settled > 20, "{settled}");
}
