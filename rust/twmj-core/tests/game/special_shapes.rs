//! The special shapes in play (003 改良式十六張): under `improved16` the game accepts a
//! 瀝咕瀝咕 self-draw (註八) and a 十三么 win on a discard (註13), and a 十三么 ready on the
//! one kind it lacks robs an 暗槓 of that kind (註13 特殊規定: 搶暗槓胡多一台); under `taiwan`
//! the same deals give no win. Seat 0 deals; seat s + 1 is the 下家 of seat s.
//!
//! 003 = `shared/rules/003_7c688f691808702a.txt`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use twmj_core::game::legality::rule;
use twmj_core::game::{
    check, legal_actions, replay, settle_hand, Action, Deal, Decision, FalseWin, HandResult,
    OfferKind, Phase, Snapshot, State, Table, WinKind,
};
use twmj_core::scoring::{Item, Value, Variant};
use twmj_core::tile::Tile;
use twmj_core::Error;

use crate::common::game::{act, pass_all, t, tsumogiri};

/// Where the scripted hands sit: the first hand of the match, dice 1 1 1.
const TABLE: Table = Table {
    streak: 0,
    round_wind: 0,
    dice: [1, 1, 1],
};

/// The scripted hand, at the dealer's turn: the 十三么 hands here are also 十三不搭 (the 13
/// orphans never 搭), so under improved16 their seats first pass the 起手 redeal (003 改良式
/// 特殊流局情形; `unconnected.rs`).
fn start(hands: [&str; 4], live: &str, dead: &str, v: &Variant) -> State {
    let scripted = Deal::scripted(0, hands, live, dead).unwrap().completed();
    let mut st = State::from_deal(scripted, v).unwrap();
    while let Phase::Opening(o) = *st.phase() {
        act(&mut st, o.seat, Action::Pass);
    }
    st
}

fn turn(st: &State) -> (u8, Option<Tile>) {
    match st.phase() {
        Phase::Turn(x) => (x.seat, x.drawn),
        p => panic!("not a turn: {p:?}"),
    }
}

fn rule_of(e: Error) -> &'static str {
    match e {
        Error::Illegal { rule, .. } => rule,
        e => panic!("not an illegal action: {e}"),
    }
}

/// The scored items of the hand's only 筆, as (item, tai).
fn items(st: &State, v: &Variant) -> Vec<(Item, u32)> {
    let (bills, _) = settle_hand(st.result().unwrap(), &TABLE, v).unwrap();
    assert_eq!(bills.len(), 1);
    bills[0].items.iter().map(|i| (i.item, i.tai)).collect()
}

fn replays(st: &State) {
    let again = replay(st.log()).unwrap();
    assert_eq!(again.result(), st.result());
}

// ---------------------------------------------------------------------------------------
// 瀝咕瀝咕 self-draw (003 註八).

/// Seat 1 holds eight pairs; after one round it draws 1m: seven pairs and 111m.
const LIG_GU_DEAL: [&str; 4] = [
    "258m 258p 258s 47s 357z 69m 1z",
    "11m 33m 55p 77p 99s 22z 44z 66z",
    "47m 1369p 136s 28m 137z 4p 9m",
    "47m 1369p 136s 28m 137z 4p 9m",
];
const LIG_GU_LIVE: &str = "3z 5m 5s 8m 1m 3m";

fn lig_gu_to_the_draw(v: &Variant) -> State {
    let mut st = start(LIG_GU_DEAL, LIG_GU_LIVE, "8s 8p", v);
    act(&mut st, 0, Action::Discard(t("5z")));
    pass_all(&mut st);
    for _ in 0..4 {
        tsumogiri(&mut st);
    }
    assert_eq!(turn(&st), (1, Some(t("1m"))));
    st
}

#[test]
fn improved16_accepts_a_lig_gu_self_draw() {
    let v = Variant::improved16();
    let mut st = lig_gu_to_the_draw(&v);
    assert!(legal_actions(&st, 1).contains(&Action::Win));
    act(&mut st, 1, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.winners(), vec![1]);
    assert_eq!(r.wins[0].kind, WinKind::SelfDraw);
    // 003 註八: 8台, and on a self-draw 自摸 and 不求人 only (門清 not added).
    let it = items(&st, &v);
    assert!(it.contains(&(Item::LigGu, 8)), "{it:?}");
    assert!(it.contains(&(Item::SelfDraw, 1)), "{it:?}");
    assert!(it.iter().any(|x| x.0 == Item::ConcealedSelfDraw));
    assert!(!it.iter().any(|x| x.0 == Item::Concealed));
    replays(&st);
}

#[test]
fn taiwan_rejects_the_same_self_draw() {
    let mut st = lig_gu_to_the_draw(&Variant::taiwan());
    assert!(!legal_actions(&st, 1).contains(&Action::Win));
    let e = check(&st, 1, Action::Win).unwrap_err();
    assert_eq!(rule_of(e), rule::NOT_A_WIN);
    // Nor is the hand in 過水 for letting it go: it was no win.
    act(&mut st, 1, Action::Discard(t("1m")));
    assert!(!st.player(1).furiten);
}

// ---------------------------------------------------------------------------------------
// 十三么 on a discard (003 註13).

/// Seat 2: the orphans but 中, 東 paired, and 234m: ready on 中 only.
const ORPHANS: &str = "19m19p19s123456z 1z 234m";
const SEAT1: &str = "7m 4p 7p 4s 7s 9m 9p 9s 1m 1p 1s 6m 8m 6p 8p 6s";
const SEAT3: &str = "23456z 5m 5p 5s 7m 8s 3p 3s 4m 6m 7p 2p";

fn orphans_deal(v: &Variant) -> State {
    let dealer = "7z 258m 258p 258s 36m 36p 3s 6s 4p";
    start([dealer, SEAT1, ORPHANS, SEAT3], "8m 2s 4s 7s", "3z 4z", v)
}

#[test]
fn improved16_accepts_a_thirteen_orphans_win_on_a_discard() {
    let v = Variant::improved16();
    let mut st = orphans_deal(&v);
    act(&mut st, 0, Action::Discard(t("7z")));
    assert_eq!(legal_actions(&st, 2), vec![Action::Win, Action::Pass]);
    act(&mut st, 2, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.winners(), vec![2]);
    assert_eq!(r.wins[0].kind, WinKind::Discard { from: 0 });
    let it = items(&st, &v);
    assert!(it.contains(&(Item::ThirteenOrphans, 16)), "{it:?}");
    replays(&st);
}

#[test]
fn taiwan_rejects_the_same_discard() {
    let mut st = orphans_deal(&Variant::taiwan());
    act(&mut st, 0, Action::Discard(t("7z")));
    // No seat had a decision: the next seat has drawn.
    assert_eq!(turn(&st), (1, Some(t("8m"))));
    assert!(legal_actions(&st, 2).is_empty());
    assert!(!st.player(2).furiten);
}

// ---------------------------------------------------------------------------------------
// 搶暗槓 (003 註13 特殊規定).

/// The dealer holds all four 中 and makes an 暗槓 of them on the first turn.
fn ankan_deal(v: &Variant, seat2: &str) -> State {
    let dealer = "7777z 258m 258p 258s 36m 3p 6p";
    start([dealer, SEAT1, seat2, SEAT3], "8m 2s 4s 7s", "3z 4z", v)
}

#[test]
fn thirteen_orphans_robs_the_ankan_of_its_missing_kind() {
    let v = Variant::improved16();
    let mut st = ankan_deal(&v, ORPHANS);
    act(&mut st, 0, Action::Ankan(t("7z")));
    // The kong is offered like a 加槓, to the 十三么 only.
    let Phase::Offer(o) = *st.phase() else {
        panic!("no offer: {:?}", st.phase())
    };
    assert_eq!(o.kind, OfferKind::Ankan { tile: t("7z") });
    assert_eq!(legal_actions(&st, 2), vec![Action::Win, Action::Pass]);
    assert!(legal_actions(&st, 1).is_empty());
    assert!(legal_actions(&st, 3).is_empty());
    // 000 槓: an 暗槓 is face down; the offer (its tile) shows only to the kong's owner, the
    // seat asked sees its 胡 (the ask) and 過.
    for seat in 0..4 {
        let view = st.view(seat);
        assert_eq!(view.offer.is_some(), seat == 0, "seat {seat}");
        assert_eq!(
            view.seats[0].melds[0].tile.is_some(),
            seat == 0,
            "seat {seat}"
        );
    }
    assert_eq!(st.view(2).legal, vec![Action::Win, Action::Pass]);
    // A snapshot tells the 暗槓 ask from a 加槓 (its own offer kind) and agrees with the game.
    let snap = Snapshot::of(&st, 2).unwrap();
    assert_eq!(
        snap.decision,
        Decision::Offer {
            from: 0,
            kind: OfferKind::Ankan { tile: t("7z") }
        }
    );
    assert_eq!(
        snap.legal_actions().unwrap(),
        vec![Action::Win, Action::Pass]
    );
    act(&mut st, 2, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.wins[0].kind, WinKind::RobbingKong { from: 0 });
    assert_eq!(r.wins[0].seat, 2);
    // 003 註13: 搶暗槓胡多一台: 十三么 16 and 搶槓 1.
    let it = items(&st, &v);
    assert!(it.contains(&(Item::ThirteenOrphans, 16)), "{it:?}");
    assert!(it.contains(&(Item::RobbingKong, 1)), "{it:?}");
    replays(&st);
}

#[test]
fn a_passed_rob_lets_the_kong_stand() {
    let v = Variant::improved16();
    let mut st = ankan_deal(&v, ORPHANS);
    act(&mut st, 0, Action::Ankan(t("7z")));
    act(&mut st, 2, Action::Pass);
    // The dealer draws its replacement from the dead end; the 暗槓 stands.
    assert_eq!(turn(&st), (0, Some(t("3z"))));
    assert_eq!(st.player(0).melds.len(), 1);
    // A winning tile let go: 過水 (000 過水).
    assert!(st.player(2).furiten);
    replays(&st);
}

/// The dealer holds 5555m and, after its 暗槓, draws 4s: 123p 456p 789p 11s 234s.
fn wrong_kong_deal(v: &Variant) -> State {
    let dealer = "5555m 123p 456p 789p 11s 23s";
    let seat3 = "23456z 8m 5p 5s 7m 8s 3m 3s 4m 6m 7p 2p";
    start([dealer, SEAT1, ORPHANS, seat3], "8m 2s 6s 7z", "4s 3z", v)
}

#[test]
fn a_wrong_ask_costs_a_fee_when_the_asker_does_not_win() {
    // 003 註13: 如否，則最後未胡時得付一台詢問費給暗槓者. Seat 2 (ready for 十三么 on 中) asks
    // about the dealer's 暗槓 of 5m: not its tile; the kong stands, and the dealer wins on
    // its replacement: seat 2 owes 1 台 to the dealer.
    let v = Variant::improved16();
    let mut st = wrong_kong_deal(&v);
    act(&mut st, 0, Action::Ankan(t("5m")));
    // The same choice as when the kong is its tile: 胡 (the ask) or 過.
    assert_eq!(legal_actions(&st, 2), vec![Action::Win, Action::Pass]);
    // In a snapshot too; the same tile offered as a 加槓 is no win for the 十三么, so it has no
    // choice there, and an ask refused names no tile.
    let mut snap = Snapshot::of(&st, 2).unwrap();
    assert_eq!(
        snap.legal_actions().unwrap(),
        vec![Action::Win, Action::Pass]
    );
    snap.decision = Decision::Offer {
        from: 0,
        kind: OfferKind::Kakan { tile: t("5m") },
    };
    assert!(snap.legal_actions().unwrap().is_empty());
    let mut other = Snapshot::of(&st, 3).unwrap();
    other.decision = Decision::Offer {
        from: 0,
        kind: OfferKind::Ankan { tile: t("5m") },
    };
    let e = other.check(Action::Win).unwrap_err().to_string();
    assert!(e.contains("搶槓") && !e.contains("5m"), "{e}");
    act(&mut st, 2, Action::Win);
    assert_eq!(turn(&st), (0, Some(t("4s"))));
    // Told no: no 過水 (no winning tile was let go).
    assert!(!st.player(2).furiten);
    act(&mut st, 0, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.winners(), vec![0]);
    assert_eq!(r.fees, vec![(2, 0)]);
    let (bills, s) = settle_hand(r, &TABLE, &v).unwrap();
    let fee = s.lines.last().unwrap();
    assert_eq!((fee.payer, fee.payee, fee.total_tai), (2, 0, 1));
    assert_eq!(fee.bill, bills.len());
    assert_eq!(s.net_tai.iter().sum::<i64>(), 0);
    // The record keeps the fee.
    let text = twmj_core::game::write_log(st.log());
    assert!(text.contains(r#""fees":[[2,0]]"#), "{text}");
    let back = twmj_core::game::read_log(&text).unwrap();
    assert_eq!(back, st.log());
    replays(&st);
}

#[test]
fn a_false_win_does_not_excuse_the_fee() {
    // 003 註13 最後未胡時得付一台詢問費: a hand that ends in a 詐胡 has no winner, so the wrong
    // asker (seat 2) still owes the kong's owner (seat 0) 1 台 besides the penalty (003 詐胡的
    // 罰則 通賠三家: seat 3 pays each other seat).
    let v = Variant::improved16();
    let r = HandResult {
        dealer: 0,
        east: 0,
        wins: Vec::new(),
        draw: None,
        false_win: Some(FalseWin {
            seat: 3,
            tai: 2,
            ready: [None; 4],
        }),
        fees: vec![(2, 0)],
        ankan_fees: Vec::new(),
    };
    let (bills, s) = settle_hand(&r, &TABLE, &v).unwrap();
    assert!(bills.is_empty());
    let penalty = twmj_core::scoring::false_win(3, [2; 4], &v).unwrap();
    assert_eq!(s.lines.len(), penalty.lines.len() + 1);
    let fee = s.lines.last().unwrap();
    assert_eq!((fee.payer, fee.payee, fee.total_tai), (2, 0, 1));
    let tai = i64::from(v.tai_money);
    let mut want = penalty.net_money;
    want[2] -= tai;
    want[0] += tai;
    assert_eq!(s.net_money, want);
}

#[test]
fn no_fee_without_an_ask_or_for_the_winner() {
    let v = Variant::improved16();
    // Not asked (過): no fee.
    let mut st = wrong_kong_deal(&v);
    act(&mut st, 0, Action::Ankan(t("5m")));
    act(&mut st, 2, Action::Pass);
    act(&mut st, 0, Action::Win);
    assert!(st.result().unwrap().fees.is_empty());
    // Asked, told no, and then won: no fee (最後未胡時 only). The dealer throws away the
    // winning 4s, the others throw their draws, and the dealer then throws 中 it drew.
    let mut st = wrong_kong_deal(&v);
    act(&mut st, 0, Action::Ankan(t("5m")));
    act(&mut st, 2, Action::Win);
    act(&mut st, 0, Action::Discard(t("4s")));
    pass_all(&mut st);
    for _ in 0..3 {
        tsumogiri(&mut st);
    }
    assert_eq!(turn(&st), (0, Some(t("7z"))));
    act(&mut st, 0, Action::Discard(t("7z")));
    act(&mut st, 2, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.winners(), vec![2]);
    assert!(r.fees.is_empty());
}

#[test]
fn no_other_win_robs_an_ankan() {
    // Seat 2 is ready for five sets and a pair on 5m (46m, 嵌張); the dealer's 暗槓 holds all
    // four 5m, and only a 十三么 may rob an 暗槓: no offer, and no 過水 either.
    let v = Variant::improved16();
    let dealer = "5555m 28m 258p 258s 35z 7z 9m 6z";
    let seat2 = "46m 123p 456p 789p 123s 11z";
    let seat3 = "234z 37m 4m 8m 3p 7s 9s 6s 8s 4p 6p 6m 1m";
    let mut st = start([dealer, SEAT1, seat2, seat3], "8m 2s 4s 7s", "3z 4z", &v);
    act(&mut st, 0, Action::Ankan(t("5m")));
    assert_eq!(turn(&st), (0, Some(t("3z"))));
    assert!(legal_actions(&st, 2).is_empty());
    assert!(!st.player(2).furiten);
    // Under taiwan the 十三么 has no offer either (000 搶槓: only a 加槓).
    let mut st = ankan_deal(&Variant::taiwan(), ORPHANS);
    act(&mut st, 0, Action::Ankan(t("7z")));
    assert_eq!(turn(&st), (0, Some(t("3z"))));
    let e = check(&st, 2, Action::Win).unwrap_err();
    assert_eq!(rule_of(e), rule::ROB_KONG);
}

#[test]
fn the_rob_is_the_switch_of_improved16() {
    // 十三么 admitted but 註13's 搶暗槓 switched off: the kong stands, no offer.
    let mut v = Variant::improved16();
    v.special.ask_ankan = false;
    let mut st = ankan_deal(&v, ORPHANS);
    act(&mut st, 0, Action::Ankan(t("7z")));
    assert_eq!(turn(&st), (0, Some(t("3z"))));
    assert!(legal_actions(&st, 2).is_empty());
    // And off in every other preset.
    for p in [
        "taiwan",
        "american",
        "traditional",
        "three_player",
        "two_player",
    ] {
        assert!(!Variant::preset(p).unwrap().special.robs_ankan(), "{p}");
    }
    assert!(Variant::improved16().special.robs_ankan());
}

#[test]
fn a_robbed_ankan_collects_no_base() {
    // 003 hk16 槓牌's 暗槓 底 as a house rule on improved16 (ankan_fee 1): an 暗槓 robbed by
    // 十三么 (註13 搶暗槓) was never made, so it collects nothing; one that stands does, beside
    // the 詢問費 of a wrong ask.
    let v = Variant::improved16()
        .with_overrides(&[("ankan_fee", Value::Int(1))])
        .unwrap();
    let mut st = ankan_deal(&v, ORPHANS);
    act(&mut st, 0, Action::Ankan(t("7z")));
    act(&mut st, 2, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.wins[0].kind, WinKind::RobbingKong { from: 0 });
    assert!(r.ankan_fees.is_empty());
    replays(&st);
    let mut st = wrong_kong_deal(&v);
    act(&mut st, 0, Action::Ankan(t("5m")));
    act(&mut st, 2, Action::Win);
    act(&mut st, 0, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.fees, vec![(2, 0)]);
    assert_eq!(r.ankan_fees, vec![(0, t("5m"))]);
    let (bills, s) = settle_hand(r, &TABLE, &v).unwrap();
    // The 底 lines come last: 300 from each of seats 1, 2, 3.
    let last: Vec<_> = s.lines[s.lines.len() - 3..]
        .iter()
        .map(|l| (l.payer, l.payee, l.money, l.bill))
        .collect();
    let n = bills.len();
    assert_eq!(last, vec![(1, 0, 300, n), (2, 0, 300, n), (3, 0, 300, n)]);
    assert_eq!(s.net_money.iter().sum::<i64>(), 0);
    replays(&st);
}

// ---------------------------------------------------------------------------------------
// 註13's ask later (詢問時機可自行判斷，不一定要開槓時問).

#[test]
fn a_later_ask_robs_the_ankan_once_the_seat_may_win_again() {
    // Seat 2 (十三么 ready on 中) lets the dealer's 中 暗槓 go at the kong: a winning tile let
    // go, 過水. Its own discard releases it; on the next discard it asks the dealer (`ask 0`)
    // and robs the 暗槓: 十三么 16 + 搶槓 1 (搶暗槓胡多一台), paid by the kong's owner.
    let v = Variant::improved16();
    let mut st = ankan_deal(&v, ORPHANS);
    act(&mut st, 0, Action::Ankan(t("7z")));
    act(&mut st, 2, Action::Pass);
    assert!(st.player(2).furiten);
    // While in 過水 no ask is offered: the dealer's, then seat 1's discard.
    let (_, d) = turn(&st);
    act(&mut st, 0, Action::Discard(d.unwrap()));
    assert!(legal_actions(&st, 2).is_empty());
    pass_all(&mut st);
    tsumogiri(&mut st);
    // Seat 2 draws and discards: released.
    assert_eq!(turn(&st).0, 2);
    tsumogiri(&mut st);
    assert!(!st.player(2).furiten);
    // Seat 3's discard: seat 2 may ask the dealer (the only seat with an 暗槓) or pass.
    let (s, d) = turn(&st);
    assert_eq!(s, 3);
    act(&mut st, 3, Action::Discard(d.unwrap()));
    assert_eq!(legal_actions(&st, 2), vec![Action::Ask(0), Action::Pass]);
    // A snapshot carries the seats it may ask about (the other seats' melds are not in it).
    let snap = Snapshot::of(&st, 2).unwrap();
    assert_eq!(snap.situation.as_ref().unwrap().ankan_asks, 0b0001);
    assert_eq!(snap.legal_actions().unwrap(), legal_actions(&st, 2));
    let mut none = snap.clone();
    none.situation.as_mut().unwrap().ankan_asks = 0;
    assert!(none.legal_actions().unwrap().is_empty());
    let mut own = snap.clone();
    own.situation.as_mut().unwrap().ankan_asks = 0b0100;
    assert!(own
        .legal_actions()
        .unwrap_err()
        .to_string()
        .contains("ankan_asks"));
    for bad in [1, 3] {
        let e = check(&st, 2, Action::Ask(bad)).unwrap_err();
        assert_eq!(rule_of(e), rule::ASK_ANKAN);
    }
    act(&mut st, 2, Action::Ask(0));
    pass_all(&mut st);
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 1);
    assert_eq!(
        (r.wins[0].seat, r.wins[0].kind, r.wins[0].tile),
        (2, WinKind::RobbingKong { from: 0 }, Some(t("7z")))
    );
    assert!(r.fees.is_empty());
    let it = items(&st, &v);
    assert!(it.contains(&(Item::ThirteenOrphans, 16)), "{it:?}");
    assert!(it.contains(&(Item::RobbingKong, 1)), "{it:?}");
    // The record has the ask and replays.
    assert!(twmj_core::game::write_log(st.log()).contains(r#""action":"ask 0""#));
    replays(&st);
}

#[test]
fn a_later_ask_told_no_is_a_fee_and_is_not_offered_again() {
    // Seat 2 lets the dealer's 5m 暗槓 go at the kong (not its tile: no 過水), then asks on the
    // dealer's next discard: told no, play goes on, no second ask of the same kong, and at the
    // end (a 流局) seat 2 owes the dealer 1 台.
    let v = Variant::improved16();
    let mut st = wrong_kong_deal(&v);
    act(&mut st, 0, Action::Ankan(t("5m")));
    act(&mut st, 2, Action::Pass);
    assert!(!st.player(2).furiten);
    act(&mut st, 0, Action::Discard(t("4s")));
    assert_eq!(legal_actions(&st, 2), vec![Action::Ask(0), Action::Pass]);
    act(&mut st, 2, Action::Ask(0));
    pass_all(&mut st);
    assert!(!st.is_over());
    assert!(!st.player(2).furiten);
    // Nobody asks again: the next discards offer seat 2 nothing about that kong.
    let mut offers = 0;
    while !st.is_over() {
        match *st.phase() {
            Phase::Offer(_) => {
                assert!(!legal_actions(&st, 2)
                    .iter()
                    .any(|a| matches!(a, Action::Ask(_))));
                offers += 1;
                pass_all(&mut st);
            }
            Phase::Turn(x) => {
                // Seat 2 never discards its 十三么 tiles; it throws what it draws.
                let d = x.drawn.unwrap();
                act(&mut st, x.seat, Action::Discard(d));
            }
            ref p => panic!("{p:?}"),
        }
    }
    assert!(offers > 10);
    let r = st.result().unwrap();
    assert_eq!(r.fees, vec![(2, 0)]);
    replays(&st);
}

#[test]
fn no_later_ask_without_the_switch() {
    // improved16 without 註13's rule (and taiwan, which has no 十三么): no ask is offered, and
    // one is refused naming the rule.
    let off = Variant::improved16()
        .with_overrides(&[(
            "special_shapes.ask_ankan",
            twmj_core::scoring::Value::Bool(false),
        )])
        .unwrap();
    for v in [off, Variant::taiwan()] {
        let mut st = wrong_kong_deal(&v);
        act(&mut st, 0, Action::Ankan(t("5m")));
        assert_eq!(turn(&st).0, 0);
        act(&mut st, 0, Action::Discard(t("4s")));
        assert!(!legal_actions(&st, 2)
            .iter()
            .any(|a| matches!(a, Action::Ask(_))));
        if matches!(st.phase(), Phase::Offer(_)) {
            assert_eq!(
                rule_of(check(&st, 2, Action::Ask(0)).unwrap_err()),
                rule::ASK_ANKAN
            );
        }
    }
}
