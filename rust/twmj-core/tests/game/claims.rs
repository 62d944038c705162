//! Claims on one discard (000 多家同時胡, 合法與犯規 priority): every seat that can win wins,
//! the first in turn order where only one may, and 胡 before 碰 before 吃. Seat 0 deals; seat
//! s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::game::{act, round_trip, t, turn};
use crate::taiwan_table;
use twmj_core::game::{Action, ChiPos, Event, FirstTurn, State, WinKind};

// ---------------------------------------------------------------- 多家同時胡

fn three_waiting() -> State {
    taiwan_table(
        [
            "5m 2m2m8s",
            "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s",
            "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 6s6s",
            "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 7s7s",
        ],
        "",
        "",
        None,
    )
}

#[test]
fn three_winners_all_win() {
    // 000 多家同時胡: 三家同時能胡：一砲三響，三家都胡
    let mut st = three_waiting();
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 3, Action::Win);
    act(&mut st, 2, Action::Win);
    act(&mut st, 1, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.winners(), vec![1, 2, 3]);
    assert!(r
        .wins
        .iter()
        .all(|w| w.kind == WinKind::Discard { from: 0 }));
    // 人胡: a non-dealer wins another's tile before any discard of theirs and any call.
    assert!(r
        .wins
        .iter()
        .all(|w| w.first_turn == Some(FirstTurn::Human)));
    round_trip(&st);
}

#[test]
fn two_winners_first_in_turn_order_wins() {
    // 000 多家同時胡: 兩家同時能胡同一張牌：只有一家胡（攔胡），由放槍者起逆時針數，先輪到的那一家胡
    let mut st = three_waiting();
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    act(&mut st, 3, Action::Win);
    act(&mut st, 2, Action::Win);
    assert_eq!(st.result().unwrap().winners(), vec![2]);

    let mut st = three_waiting();
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 3, Action::Win);
    act(&mut st, 2, Action::Pass);
    act(&mut st, 1, Action::Win);
    assert_eq!(st.result().unwrap().winners(), vec![1]);
}

#[test]
fn win_beats_chi_and_pon_beats_chi() {
    // 000 怎麼玩: 同一張牌多人要時的優先順序：胡 ＞ 碰、槓 ＞ 吃
    let mut st = three_waiting();
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Chi(ChiPos::Mid));
    act(&mut st, 2, Action::Win);
    act(&mut st, 3, Action::Pass);
    assert_eq!(st.result().unwrap().winners(), vec![2]);
    assert!(!st.log().iter().any(|e| matches!(e, Event::Claim { .. })));

    let mut st = taiwan_table(["5m 2m8s8s", "4m6m", "5m5m", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Chi(ChiPos::Mid));
    act(&mut st, 2, Action::Pon);
    assert_eq!(
        st.log().last(),
        Some(&Event::Claim {
            seat: 2,
            action: Action::Pon
        })
    );
    assert_eq!(turn(&st), 2);
}
