//! 十三不搭 亮牌重洗 (003 改良式十六張 特殊流局情形: 起手十三不搭先說好可否亮牌重洗（莊家算連莊）).
//!
//! The predicate against a brute-force search over every set of held kinds; the 起手 choice
//! in scripted deals under `improved16` (`special_draw.thirteen_unconnected`): who is asked, in
//! which order, `redeal` ending the hand as a draw with no payment and the dealer keeping the
//! deal, `pass` going on; the switch off everywhere else; the rule an illegal `redeal` names;
//! snapshots; random seeds. Seat 0 deals unless said; seat s + 1 is the 下家 of seat s.
//!
//! 003 = `shared/rules/003_7c688f691808702a.txt`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::game::{act, pieces, round_trip, snapshots_agree, with};
use twmj_core::game::legality::rule;
use twmj_core::game::{
    check, legal_actions, legal_mask, read_seen_log, seen as seen_of, settle_hand, write_log,
    write_seen_log, Action, Deal, Decision, DrawReason, Match, Opening, Phase, SeenEvent,
    Situation, Snapshot, SplitMix64, State, Table, ACTION_COUNT,
};
use twmj_core::scoring::{Value, Variant};
use twmj_core::tile::{Counts, Tile, KINDS};
use twmj_core::unconnected::{is_thirteen_unconnected, unconnected_count};
use twmj_core::Error;

fn rule_of(e: Error) -> (&'static str, String) {
    match e {
        Error::Illegal { rule, message } => (rule, message),
        e => panic!("not an illegal action: {e}"),
    }
}

fn counts_of(s: &str) -> Counts {
    let mut c = [0u8; KINDS];
    for p in pieces(s) {
        if let Some(t) = p.tile() {
            c[t.index()] += 1;
        }
    }
    c
}

/// 搭, read from 003's words directly: the same kind, or the same suit one or two apart
/// (兩面, 邊張, 嵌張); honours only with themselves.
fn da(a: usize, b: usize) -> bool {
    let (x, y) = (Tile::new(a).unwrap(), Tile::new(b).unwrap());
    a == b || (!x.is_honor() && x.suit() == y.suit() && a.abs_diff(b) <= 2)
}

/// The largest set of held kinds no two of which 搭, by trying every such set (each held kind
/// left out, or taken when it 搭 with none taken so far).
fn brute(c: &Counts) -> u8 {
    fn go(held: &[usize], chosen: &mut Vec<usize>) -> u8 {
        let Some((&k, rest)) = held.split_first() else {
            return chosen.len() as u8;
        };
        let mut best = go(rest, chosen);
        if chosen.iter().all(|&a| !da(a, k)) {
            chosen.push(k);
            best = best.max(go(rest, chosen));
            chosen.pop();
        }
        best
    }
    let held: Vec<usize> = (0..KINDS).filter(|&i| c[i] > 0).collect();
    go(&held, &mut Vec::new())
}

/// A random hand of `n` tiles from the 136, drawn from `pool` kinds (4 copies each).
fn random_hand(rng: &mut SplitMix64, n: usize, pool: &[usize]) -> Counts {
    let mut bag: Vec<usize> = pool.iter().flat_map(|&k| [k; 4]).collect();
    rng.shuffle(&mut bag);
    let mut c = [0u8; KINDS];
    for &k in bag.iter().take(n) {
        c[k] += 1;
    }
    c
}

#[test]
fn the_count_is_the_largest_unconnected_set() {
    // Property: the greedy count equals the brute-force maximum, on random 16- and 17-tile
    // hands from the whole set and from sparse pools (where 13 and more are common).
    let mut rng = SplitMix64::new(2024);
    let all: Vec<usize> = (0..KINDS).collect();
    let sparse: Vec<usize> = [
        "1m", "4m", "7m", "9m", "2p", "5p", "8p", "3s", "6s", "9s", "1s",
    ]
    .iter()
    .map(|s| counts_of(s).iter().position(|&x| x > 0).unwrap())
    .chain(27..KINDS)
    .collect();
    let mut thirteen = 0;
    for i in 0..600 {
        let pool = if i % 2 == 0 { &all } else { &sparse };
        let c = random_hand(&mut rng, 16 + i % 2, pool);
        let b = brute(&c);
        assert_eq!(unconnected_count(&c), b, "{c:?}");
        assert_eq!(is_thirteen_unconnected(&c), b >= 13);
        thirteen += usize::from(b >= 13);
    }
    assert!(thirteen > 20, "{thirteen} hands of 13 or more");
}

#[test]
fn worked_hands_from_the_reading() {
    // 147 258 369 of the three suits and four winds: 13, and three free tiles.
    assert!(is_thirteen_unconnected(&counts_of(
        "147m258p369s1234z 5z5z6z"
    )));
    // The free tiles may 搭 with the 13 (4m beside 3m? no: 5m beside 4m): still 13.
    assert!(is_thirteen_unconnected(&counts_of(
        "147m258p369s1234z 5m5m5m"
    )));
    // 1m and 3m 搭 (嵌張): 1 3 7 of 萬 give two.
    assert_eq!(
        unconnected_count(&counts_of("137m258p369s1234z 1z2z3z")),
        12
    );
    assert_eq!(
        unconnected_count(&counts_of("137m258p369s1234z 5z5z5z")),
        13
    );
    // A ready 十三么 is 十三不搭 (1 and 9 are 8 apart; the honours never 搭).
    assert!(is_thirteen_unconnected(&counts_of(
        "19m19p19s1234567z 123m"
    )));
}

/// A 十三不搭 hand of 16: 147m 258p 369s and the seven honours.
const UNCONNECTED: &str = "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z5z6z7z";
/// Another: 258m 369p 147s and the seven honours.
const UNCONNECTED_2: &str = "2m5m8m 3p6p9p 1s4s7s 1z2z3z4z5z6z7z";
/// Hands that are not: 4, 3, 6 and 8 tiles that do not 搭.
const PLAIN_17: &str = "1m1m2m2m3m3m 4p4p5p5p6p6p 7s7s8s8s 9m";
const PLAIN_16: &str = "1m1m2m2m3m3m 4p4p5p5p6p6p 7s7s8s8s";
const PLAIN_B: &str = "9m9m 8p8p 9p9p 2s2s 5s5s 6s6s 1z1z 5z5z";
const PLAIN_C: &str = "2m2m 3p3p 4s4s 5m5m 6m6m 7p7p 1s1s 8m 3z";

fn improved() -> Variant {
    Variant::improved16()
}

/// A scripted hand (dice 1 1 1) under `v`, the rest of the set after `live`.
fn deal(v: &Variant, dealer: u8, hands: [&str; 4], live: &str, dead: &str) -> State {
    let d = Deal::scripted(dealer, hands, live, dead)
        .unwrap_or_else(|e| panic!("{e}"))
        .completed();
    State::from_deal(d, v).unwrap_or_else(|e| panic!("{e}"))
}

/// Seat 1 holds 十三不搭; seat 0 deals.
fn one_seat(v: &Variant) -> State {
    deal(v, 0, [PLAIN_17, UNCONNECTED, PLAIN_B, PLAIN_C], "", "")
}

#[test]
fn the_scripted_hands_are_what_they_say() {
    for (h, n) in [
        (UNCONNECTED, 16),
        (UNCONNECTED_2, 16),
        (PLAIN_17, 4),
        (PLAIN_16, 3),
        (PLAIN_B, 6),
        (PLAIN_C, 8),
    ] {
        assert_eq!(brute(&counts_of(h)), n, "{h}");
    }
}

#[test]
fn a_seat_holding_it_chooses_at_the_start() {
    let st = one_seat(&improved());
    assert_eq!(*st.phase(), Phase::Opening(Opening { seat: 1 }));
    assert_eq!(st.pending(), 0b10);
    assert_eq!(legal_actions(&st, 1), vec![Action::Redeal, Action::Pass]);
    let mask = legal_mask(&st, 1);
    assert_eq!(mask.len(), ACTION_COUNT);
    let on: Vec<usize> = (0..ACTION_COUNT).filter(|&i| mask[i]).collect();
    assert_eq!(on, vec![Action::Pass.index(), 181]);
    for s in [0, 2, 3] {
        assert!(legal_actions(&st, s).is_empty());
    }
    // Nobody plays before the choice is made; another seat may not redeal for it.
    let (r, why) = rule_of(check(&st, 0, Action::Discard(crate::common::tile("1m"))).unwrap_err());
    assert_eq!(r, rule::TURN, "{why}");
    assert!(why.contains("seat 1 is choosing"), "{why}");
    let (r, why) = rule_of(check(&st, 2, Action::Redeal).unwrap_err());
    assert_eq!(r, rule::UNCONNECTED, "{why}");
    let (r, why) = rule_of(check(&st, 1, Action::Win).unwrap_err());
    assert_eq!(r, rule::UNCONNECTED, "{why}");
    assert!(why.contains("`redeal`") && why.contains("`pass`"), "{why}");
    st.check_invariants().unwrap();
    // The snapshot of the decision gives the same choice.
    let snap = Snapshot::of(&st, 1).unwrap();
    assert_eq!(snap.decision, Decision::Opening);
    assert_eq!(snap.legal_actions().unwrap(), legal_actions(&st, 1));
}

#[test]
fn redeal_ends_the_hand_as_a_draw_the_dealer_keeping_the_deal() {
    let v = improved();
    let mut st = one_seat(&v);
    act(&mut st, 1, Action::Redeal);
    assert!(st.is_over());
    let r = st.result().unwrap();
    // 特殊流局: a draw, no win, no 詐胡, no fee; its reason named.
    assert_eq!(r.draw, Some(DrawReason::ThirteenUnconnected));
    assert!(r.is_draw() && r.wins.is_empty() && r.fees.is_empty() && r.false_win.is_none());
    let table = Table {
        streak: 0,
        round_wind: 0,
        dice: st.dice(),
    };
    let (bills, settlement) = settle_hand(r, &table, &v).unwrap();
    assert!(bills.is_empty() && settlement.lines.is_empty());
    assert_eq!(settlement.net_tai, [0; 4]);
    // 莊家算連莊: the dealer keeps the deal and the streak grows, as on any draw.
    let mut m = Match::new(1, 0, &v);
    assert!(m.dealer_keeps(r));
    m.finish(r);
    assert_eq!((m.dealer, m.streak), (0, 1));
    // The record: the redeal act, then the end naming the reason; it replays.
    let text = write_log(st.log());
    let lines: Vec<&str> = text.lines().collect();
    let n = lines.len();
    assert_eq!(lines[n - 3], r#"{"type":"act","seat":1,"action":"redeal"}"#);
    // 亮牌: the hand is shown, in the record every seat sees too.
    let show = r#"{"type":"show","seat":1,"hand":"147m258p369s1234567z"}"#;
    assert_eq!(lines[n - 2], show);
    for seat in [0, 2] {
        let seen = write_seen_log(st.log(), seat);
        assert!(seen.lines().any(|l| l == show), "{seen}");
        let back = read_seen_log(&seen).unwrap();
        let last: Vec<SeenEvent> = st.log().iter().map(|e| seen_of(e, seat)).collect();
        assert_eq!(back, last);
    }
    assert!(
        lines[n - 1].ends_with(r#""wins":[],"draw":"thirteen_unconnected"}"#),
        "{}",
        lines[n - 1]
    );
    round_trip(&st);
    // After the end, nothing more.
    let (r, _) = rule_of(check(&st, 1, Action::Redeal).unwrap_err());
    assert_eq!(r, rule::OVER);
}

#[test]
fn pass_goes_to_the_next_seat_holding_it_then_play_starts() {
    // Seat 2 deals; seats 3 and 1 hold it: seat 3 is asked first (turn order from the
    // dealer), then seat 1, then the dealer plays its 17 tiles.
    let v = improved();
    let mut st = deal(
        &v,
        2,
        [
            PLAIN_16,
            UNCONNECTED,
            "9m9m 8p8p 9p9p 2s2s 5s5s 6s6s 1z1z 5z5z 9s",
            UNCONNECTED_2,
        ],
        "",
        "",
    );
    assert_eq!(*st.phase(), Phase::Opening(Opening { seat: 3 }));
    act(&mut st, 3, Action::Pass);
    assert_eq!(*st.phase(), Phase::Opening(Opening { seat: 1 }));
    // Seat 3 has had its chance.
    let (r, why) = rule_of(check(&st, 3, Action::Redeal).unwrap_err());
    assert_eq!(r, rule::UNCONNECTED);
    assert!(why.contains("seat 1 is choosing"), "{why}");
    act(&mut st, 1, Action::Pass);
    match *st.phase() {
        Phase::Turn(t) => assert_eq!((t.seat, t.drawn), (2, None)),
        ref p => panic!("{p:?}"),
    }
    st.check_invariants().unwrap();
    // Later, 十三不搭 is no longer shown: the rule is named.
    let (r, why) = rule_of(check(&st, 1, Action::Redeal).unwrap_err());
    assert_eq!(r, rule::UNCONNECTED);
    assert!(why.contains("起手"), "{why}");
    // Play goes on as usual: the dealer discards, the hand replays.
    act(&mut st, 2, Action::Discard(crate::common::tile("9s")));
    round_trip(&st);
    // 天胡/地胡 are untouched by the passes (no discard, no call).
    assert!(!st.any_call());
}

#[test]
fn the_dealer_holding_it_chooses_first() {
    let v = improved();
    let mut st = deal(
        &v,
        0,
        [
            "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z5z6z7z 5m",
            PLAIN_16,
            PLAIN_B,
            PLAIN_C,
        ],
        "",
        "",
    );
    assert_eq!(*st.phase(), Phase::Opening(Opening { seat: 0 }));
    st.check_invariants().unwrap();
    act(&mut st, 0, Action::Redeal);
    let r = st.result().unwrap();
    assert_eq!(r.draw, Some(DrawReason::ThirteenUnconnected));
    let mut m = Match::new(1, 0, &v);
    m.finish(r);
    assert_eq!((m.dealer, m.streak), (0, 1));
    round_trip(&st);
}

#[test]
fn it_is_judged_after_the_opening_flowers() {
    // Seat 1 is dealt twelve and a flower; its replacement 7z makes thirteen.
    let v = improved();
    let seat1 = "1m4m7m 2p5p8p 3s6s9s 2z3z4z 2z2z3z 1f";
    let dealt = |replacement| deal(&v, 0, [PLAIN_17, seat1, PLAIN_B, PLAIN_C], "", replacement);
    let st = dealt("7z");
    assert_eq!(*st.phase(), Phase::Opening(Opening { seat: 1 }));
    assert_eq!(st.player(1).flowers, 1);
    // Had the replacement been a tile that 搭, no choice.
    let st = dealt("8m");
    assert!(matches!(st.phase(), Phase::Turn(t) if t.seat == 0));
}

#[test]
fn off_elsewhere_the_same_deal_plays_on() {
    let off = with(
        &improved(),
        &[("special_draw.thirteen_unconnected", Value::Bool(false))],
    );
    for v in [Variant::taiwan(), Variant::traditional(), off] {
        let st = one_seat(&v);
        assert!(
            matches!(st.phase(), Phase::Turn(t) if t.seat == st.dealer()),
            "{}",
            v.preset
        );
        let (r, why) = rule_of(check(&st, 1, Action::Redeal).unwrap_err());
        assert_eq!(r, rule::UNCONNECTED);
        assert!(
            why.contains("special_draw.thirteen_unconnected is off"),
            "{why}"
        );
        assert!(!legal_actions(&st, st.dealer()).contains(&Action::Redeal));
    }
}

#[test]
fn a_snapshot_offers_it_exactly_on_such_a_hand() {
    let v = improved();
    let situation = |dealer: u8| Situation {
        rules: twmj_core::game::Rules::new(&v, 0, 0),
        dealer,
        east: dealer,
        dice: [1, 1, 1],
        discards_total: 0,
        any_call: false,
        ankan_asks: 0,
        flower_paid: false,
    };
    let player = |h: &str| twmj_core::game::Player {
        concealed: counts_of(h),
        ..Default::default()
    };
    let snap = |seat: u8, h: &str, dealer: u8| Snapshot {
        seat,
        player: player(h),
        drawable: 80,
        decision: Decision::Opening,
        situation: Some(situation(dealer)),
    };
    assert_eq!(
        snap(1, UNCONNECTED, 0).legal_actions().unwrap(),
        vec![Action::Redeal, Action::Pass]
    );
    // Twelve that do not 搭: only pass; a redeal names how many the hand holds.
    let s = snap(1, "1m4m7m 2p5p8p 3s6s9s 1z2z3z 1z1z2z 1m", 0);
    assert_eq!(s.legal_actions().unwrap(), vec![Action::Pass]);
    let (r, why) = rule_of(s.check(Action::Redeal).unwrap_err());
    assert_eq!(r, rule::UNCONNECTED);
    assert!(
        why.contains("holds 12 tiles") && why.contains("needs 13"),
        "{why}"
    );
    // The dealer holds 17 at the start, the others 16.
    let dealer = snap(0, "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z5z6z7z 5m", 0);
    assert_eq!(dealer.legal_actions().unwrap().len(), 2);
    let e = snap(1, "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z5z6z7z 5m", 0)
        .legal_actions()
        .unwrap_err();
    assert!(e.to_string().contains("needs 16"), "{e}");
    // Without a situation the snapshot plays taiwan, which never redeals.
    let mut bare = snap(1, UNCONNECTED, 0);
    bare.situation = None;
    assert_eq!(bare.legal_actions().unwrap(), vec![Action::Pass]);
    assert!(bare.check(Action::Redeal).is_err());
    // On a turn, never.
    let mut turn = snap(0, "1m4m7m 2p5p8p 3s6s9s 1z2z3z4z5z6z7z 5m", 0);
    turn.decision = Decision::Turn(twmj_core::game::Turn {
        seat: 0,
        drawn: None,
        after_call: None,
        replacement: false,
        last_tile: false,
        rob_from: None,
    });
    assert!(!turn.legal_actions().unwrap().contains(&Action::Redeal));
    assert_eq!(
        rule_of(turn.check(Action::Redeal).unwrap_err()).0,
        rule::UNCONNECTED
    );
}

#[test]
fn random_hands_are_asked_exactly_when_a_seat_holds_it() {
    // Over seeded improved16 hands: the 起手 phase comes exactly when some seat's tiles after
    // the opening flowers are 十三不搭 by the brute force, its seats in turn order from the
    // dealer; passing every time plays on; taiwan never asks.
    let v = improved();
    let mut asked = 0;
    for seed in 0..3000 {
        let mut st = State::from_seed(seed, &v);
        let n = st.seats();
        let d = st.dealer();
        let holders: Vec<u8> = (0..n)
            .map(|k| (d + k) % n)
            .filter(|&s| brute(&st.player(s).concealed) >= 13)
            .collect();
        let mut seen = Vec::new();
        while let Phase::Opening(o) = *st.phase() {
            seen.push(o.seat);
            act(&mut st, o.seat, Action::Pass);
        }
        if !st.is_over() {
            assert_eq!(seen, holders, "seed {seed}");
        }
        asked += usize::from(!seen.is_empty());
        let plain = State::from_seed(seed, &Variant::taiwan());
        assert!(!matches!(plain.phase(), Phase::Opening(_)));
    }
    assert!(asked > 0, "no seed of 3000 dealt 十三不搭");
}

#[test]
fn the_switch_is_improved16s_and_listed() {
    assert!(Variant::KEYS.contains(&"special_draw.thirteen_unconnected"));
    for v in [
        Variant::taiwan(),
        Variant::american(),
        Variant::traditional(),
        Variant::hk16(),
        Variant::three_player(),
        Variant::two_player(),
    ] {
        assert!(!v.flow.thirteen_unconnected_draw, "{}", v.preset);
    }
    assert!(improved().flow.thirteen_unconnected_draw);
    let listed = improved()
        .settings()
        .into_iter()
        .find(|(k, _)| k == "special_draw.thirteen_unconnected")
        .map(|(_, v)| v);
    assert_eq!(listed, Some(Value::Bool(true)));
    let off = with(
        &improved(),
        &[("special_draw.thirteen_unconnected", Value::Bool(false))],
    );
    assert!(!off.flow.thirteen_unconnected_draw);
}

#[test]
fn snapshots_agree_with_the_game_under_improved16() {
    // Every decision of random improved16 hands (the 起手 choice, 註13's asks included) gives
    // the game's legal actions from the snapshot of the deciding seat.
    assert!(snapshots_agree(&improved(), 0..120, 5) > 3000);
}
