//! hk16's 暗槓 底 (003 hk16 槓牌 1番: 暗槓須抽出牌面向底，即可向每家收一個底): an 暗槓 collects
//! one 底 from each other seated player as it is made, whoever wins the hand and on a draw;
//! the other presets collect nothing. Scripted deals: seat 0 deals (dice 1 1 1).
//!
//! 003 = `shared/rules/003_7c688f691808702a.txt`.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use twmj_core::game::{
    read_log, replay, settle_hand, write_log, write_seen_log, Action, DrawReason, HandResult,
    State, WinKind,
};
use twmj_core::scoring::{settle, Settlement, Value, Variant};

#[allow(clippy::wildcard_imports)]
use crate::common::game::*;

/// The dealer holds four 東 and kongs them concealed on its first turn; seat 1 waits on 中
/// alone, which the dealer also holds; seats 2 and 3 hold nothing that wins on 中.
const CORES: [&str; 4] = [
    "1z1z1z1z 7z 7p8p8p 1s4s7s 2s5s8s 3s6s9s",
    "1m2m3m 4m5m6m 7m8m9m 1p2p3p 4p5p6p 7z",
    "1s4s7s 2s5s8s 3s6s9s 2z3z4z5z6z 8p9p",
    "1s4s7s 2s5s8s 3s6s9s 2z3z4z5z6z 8p9p",
];

/// The deal under `v`, the dealer's 暗槓 made (its replacement drawn).
fn after_ankan(v: &Variant, drawable: Option<usize>) -> State {
    let mut st = table(v, CORES, "", "", drawable);
    act(&mut st, 0, Action::Ankan(t("1z")));
    assert_eq!(turn(&st), 0, "the dealer draws its replacement");
    st
}

/// Everyone throws what they draw until the wall runs out (流局).
fn to_the_end(st: &mut State) {
    while !st.is_over() {
        tsumogiri(st);
    }
}

/// The record keeps the result: written, read back, replayed to the same result.
fn keeps(st: &State) {
    let text = write_log(st.log());
    let back = read_log(&text).unwrap();
    assert_eq!(back, st.log());
    let again = replay(&back).unwrap();
    assert_eq!(again.result(), st.result());
}

fn money(s: &Settlement) -> [i64; 4] {
    s.net_money
}

#[test]
fn the_setting_per_preset() {
    // 003 hk16 槓牌: 向每家收一個底 — one 底; no other table collects for a kong.
    let fee = |v: &Variant| {
        v.settings()
            .into_iter()
            .find(|(k, _)| k == "ankan_fee")
            .map(|(_, x)| x)
    };
    assert_eq!(fee(&Variant::hk16()), Some(Value::Int(1)));
    for v in [
        Variant::taiwan(),
        Variant::american(),
        Variant::traditional(),
        Variant::improved16(),
        Variant::three_player(),
        Variant::two_player(),
    ] {
        assert_eq!(fee(&v), Some(Value::Int(0)), "{}", v.preset);
    }
    assert!(Variant::KEYS.contains(&"ankan_fee"));
    let v = with(&Variant::taiwan(), &[("ankan_fee", Value::Int(2))]);
    assert_eq!(v.ankan_fee, 2);
    let e = Variant::taiwan()
        .with_overrides(&[("ankan_fee", Value::Int(11))])
        .unwrap_err()
        .to_string();
    assert!(e.contains("ankan_fee") && e.contains("out of range"), "{e}");
    let e = Variant::hk16()
        .with_overrides(&[("ankan_fee", Value::Bool(true))])
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("ankan_fee") && e.contains("not an integer"),
        "{e}"
    );
}

#[test]
fn an_ankan_collects_on_a_draw() {
    // 即可向每家收一個底: collected as the kong is made, so a 流局 keeps it. 底 = 300: the
    // dealer gets 300 from each of the three others.
    let v = Variant::hk16();
    let mut st = after_ankan(&v, Some(6));
    to_the_end(&mut st);
    let r = st.result().unwrap();
    assert!(r.is_draw());
    assert_eq!(r.draw, Some(DrawReason::Wall));
    assert_eq!(r.ankan_fees, vec![(0, t("1z"))]);
    let (bills, s) = settle_hand(r, &table_of(&st), &v).unwrap();
    assert!(bills.is_empty());
    assert_eq!(s.lines.len(), 3);
    for (line, payer) in s.lines.iter().zip([1, 2, 3]) {
        assert_eq!(
            (
                line.payer,
                line.payee,
                line.base_tai,
                line.hand_tai,
                line.dealer_tai
            ),
            (payer, 0, 3, 0, 0)
        );
        assert_eq!((line.total_tai, line.money), (3, 300));
        assert_eq!(line.bill, 0, "no 筆: the fee is after every 筆");
    }
    assert_eq!(money(&s), [900, -300, -300, -300]);
    assert_eq!(s.net_tai, [9, -3, -3, -3]);
    // The record's end line names the owner; it replays equal.
    let text = write_log(st.log());
    assert!(
        text.lines()
            .last()
            .unwrap()
            .ends_with(r#""ankan_fees":[[0,"1z"]]}"#),
        "{text}"
    );
    keeps(&st);
}

#[test]
fn an_ankan_collects_whoever_wins() {
    // The dealer kongs 東, then throws 中: seat 1 wins on it. The dealer pays the win and
    // still collects its 底 from all three (seat 1 included).
    let v = Variant::hk16();
    let mut st = after_ankan(&v, None);
    act(&mut st, 0, Action::Discard(t("7z")));
    act(&mut st, 1, Action::Win);
    pass_all(&mut st);
    let r = st.result().unwrap();
    assert_eq!(r.winners(), vec![1]);
    assert_eq!(r.wins[0].kind, WinKind::Discard { from: 0 });
    assert_eq!(r.ankan_fees, vec![(0, t("1z"))]);
    let (bills, s) = settle_hand(r, &table_of(&st), &v).unwrap();
    // The 筆 alone, settled as every win is; the 底 on top.
    let win = settle(&bills, &v).unwrap();
    let mut want = win.net_money;
    for (seat, fee) in [900, -300, -300, -300].into_iter().enumerate() {
        want[seat] += fee;
    }
    assert_eq!(money(&s), want);
    assert_eq!(s.lines.len(), win.lines.len() + 3);
    assert_eq!(s.net_money.iter().sum::<i64>(), 0);
    assert_eq!(s.net_tai.iter().sum::<i64>(), 0);
    // 有人胡後須翻出來給大家看: the end line names the kong's tile, in every seat's record too
    // (where the `ankan` act itself was `ankan ?`).
    for seat in 1..4 {
        let seen = write_seen_log(st.log(), seat);
        assert!(seen.contains(r#""action":"ankan ?""#), "{seen}");
        let end = seen.lines().last().unwrap();
        assert!(end.ends_with(r#""ankan_fees":[[0,"1z"]]}"#), "{end}");
    }
    keeps(&st);
}

#[test]
fn other_presets_collect_nothing() {
    // The same deal under taiwan: no 底 for the kong, the record as before (no field).
    let v = Variant::taiwan();
    let mut st = after_ankan(&v, Some(6));
    to_the_end(&mut st);
    let r = st.result().unwrap();
    assert!(r.is_draw() && r.ankan_fees.is_empty());
    let (_, s) = settle_hand(r, &table_of(&st), &v).unwrap();
    assert!(s.lines.is_empty());
    assert_eq!(money(&s), [0; 4]);
    assert!(!write_log(st.log()).contains("ankan_fees"));
    // A house rule: taiwan with ankan_fee 2 collects 2 底 (600) from each.
    let v = with(&Variant::taiwan(), &[("ankan_fee", Value::Int(2))]);
    let mut st = after_ankan(&v, Some(6));
    to_the_end(&mut st);
    let (_, s) = settle_hand(st.result().unwrap(), &table_of(&st), &v).unwrap();
    assert_eq!(money(&s), [1800, -600, -600, -600]);
    keeps(&st);
}

#[test]
fn the_seated_players_pay() {
    // 004: three players, the 北 seat empty: an 暗槓 of seat 1 is paid by seats 0 and 2.
    let v = with(&Variant::hk16(), &[("players", Value::Int(3))]);
    let r = HandResult {
        dealer: 0,
        east: 0,
        wins: Vec::new(),
        draw: Some(DrawReason::Wall),
        false_win: None,
        fees: Vec::new(),
        ankan_fees: vec![(1, t("5m")), (1, t("6m"))],
    };
    let (_, s) = settle_hand(&r, &table_of(&State::from_seed(0, &twmj_core::TAIWAN)), &v).unwrap();
    assert_eq!(money(&s), [-600, 1200, -600, 0]);
    assert_eq!(s.lines.len(), 4);
}

#[test]
fn a_record_without_the_field_replays() {
    // A record written before the 底 was kept has no `ankan_fees`: it agrees with the engine.
    let v = Variant::hk16();
    let mut st = after_ankan(&v, Some(6));
    to_the_end(&mut st);
    let text = write_log(st.log());
    let old = text.replace(r#","ankan_fees":[[0,"1z"]]"#, "");
    assert_ne!(old, text);
    let again = replay(&read_log(&old).unwrap()).unwrap();
    assert_eq!(again.result(), st.result());
    // A bad field is an error naming it.
    for bad in [r#"[[7,"1z"]]"#, r#"[[0,"1f"]]"#, "[0]"] {
        let bad = text.replace(r#"[[0,"1z"]]"#, bad);
        let e = read_log(&bad).unwrap_err().to_string();
        assert!(e.contains("ankan_fees") || e.contains("1f"), "{e}");
    }
}

#[test]
fn the_kong_is_turned_over_at_the_end() {
    // 003 hk16 槓牌: 暗槓須抽出牌面向底 … 有人胡後須翻出來給大家看. While the hand is on, seat 1
    // sees the dealer's 暗槓 face down; once it is over, face up. taiwan (000 槓: 暗槓 face
    // down, no 底) keeps it down.
    let ankan = |st: &State| st.view(1).seats[0].melds[0];
    let v = Variant::hk16();
    let mut st = after_ankan(&v, Some(6));
    assert_eq!(ankan(&st).tile, None);
    assert_eq!(
        st.view(0).seats[0].melds[0].tile,
        Some(t("1z")),
        "its owner sees it"
    );
    to_the_end(&mut st);
    assert_eq!(ankan(&st).tile, Some(t("1z")));
    let mut st = after_ankan(&Variant::taiwan(), Some(6));
    to_the_end(&mut st);
    assert_eq!(ankan(&st).tile, None);
}
