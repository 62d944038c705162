//! Finished hands scored and settled: every 筆 of thousands of seeded games goes through the
//! scorer; the nets sum to zero (000 計分: 四家相加為 0) and each winner receives.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use twmj_core::game::{legal_actions, settle_hand, Action, Match, SplitMix64, State, Table};
use twmj_core::scoring::Variant;
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
