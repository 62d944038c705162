//! Kongs in play: 搶槓 (a 加槓 robbed, first in turn order; 暗槓 and 明槓 never) (000), and
//! 四槓胡 (001, 003 改良式) ending the hand at the fourth kong, scored and paid per preset.
//! Scripted deals: seat 0 deals (dice 1 1 1); seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[allow(clippy::wildcard_imports)]
use crate::common::game::*;
use crate::{options, taiwan_table};
use twmj_core::game::legality::rule;
use twmj_core::game::{
    legal_actions, settle_hand, write_log, Action, Event, HandResult, Match, Phase, State, WinKind,
};
use twmj_core::scoring::{Value, Variant};

// ---------------------------------------------------------------- 搶槓

#[test]
fn robbing_a_kakan() {
    // 000 合法與犯規 搶槓: 只能搶加槓
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 1s2s3s 5s5s";
    let mut st = taiwan_table(
        ["5m 2s8s8s", "", "5m5m5m", waits_5m],
        "8s 3m 7m 3p",
        "",
        None,
    );
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 3, Action::Pass); // 過水 for seat 3
    act(&mut st, 2, Action::Pon);
    assert!(st.player(3).furiten.blocks_win());
    discard(&mut st, "1z"); // seat 2
    tsumogiri(&mut st); // seat 3 draws 8s (not a winning tile) and discards: released
    assert!(!st.player(3).furiten.blocks_win());
    tsumogiri(&mut st); // seat 0
    tsumogiri(&mut st); // seat 1
    assert_eq!(turn(&st), 2);
    act(&mut st, 2, Action::Kakan(t("5m")));
    assert_eq!(options(&st, 3), vec![Action::Win, Action::Pass]);
    refuse(&st, 1, Action::Pon, rule::ROB_KONG);
    act(&mut st, 3, Action::Win);
    let w = &st.result().unwrap().wins[0];
    assert_eq!(
        (w.seat, w.kind, w.tile),
        (3, WinKind::RobbingKong { from: 2 }, Some(t("5m")))
    );
    assert!(st.check_invariants().is_ok());
    round_trip(&st);
}

#[test]
fn ankan_cannot_be_robbed() {
    // 000 槓: 暗槓 … 能不能被搶槓: 不能
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 1s2s3s 5s5s";
    let mut st = taiwan_table(["2s8s8s8s", "", "5m5m5m", waits_5m], "3m 5m", "2p", None);
    discard(&mut st, "1z");
    tsumogiri(&mut st); // seat 1
    assert_eq!(drawn(&st), t("5m"));
    act(&mut st, 2, Action::Ankan(t("5m")));
    assert_eq!(turn(&st), 2);
    refuse(&st, 3, Action::Win, rule::ROB_KONG);
}

// ---------------------------------------------------------------- more 花胡, 搶槓, MIGI cases

#[test]
fn two_robbers_of_a_kakan_first_in_turn_order_wins() {
    // 000 多家同時胡: 搶槓同樣適用上述規則 (攔胡)
    let mut st = taiwan_table(
        [
            "5m 2s8s8s",
            "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 6s6s",
            "5m5m5m",
            "4m6m 1p2p3p 4p5p6p 7p8p9p 1s2s3s 5s5s",
        ],
        "8s 3m 7m 3p",
        "",
        None,
    );
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    act(&mut st, 3, Action::Pass);
    act(&mut st, 2, Action::Pon);
    discard(&mut st, "1z"); // seat 2
    tsumogiri(&mut st); // seat 3: released
    tsumogiri(&mut st); // seat 0
    tsumogiri(&mut st); // seat 1: released
    act(&mut st, 2, Action::Kakan(t("5m")));
    act(&mut st, 1, Action::Win);
    act(&mut st, 3, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.winners(), vec![3]);
    assert_eq!(r.wins[0].kind, WinKind::RobbingKong { from: 2 });
    round_trip(&st);
}

#[test]
fn minkan_cannot_be_robbed() {
    // 000 槓: 明槓 … 能不能被搶槓: 不能
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 1s2s3s 5s5s";
    let mut st = taiwan_table(["5m 2s8s8s", "", "5m5m5m", waits_5m], "", "2p", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 3, Action::Pass);
    act(&mut st, 2, Action::Minkan);
    assert_eq!(turn(&st), 2);
    refuse(&st, 3, Action::Win, rule::ROB_KONG);
}

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

pub(crate) fn four_ankans(v: &Variant) -> State {
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
