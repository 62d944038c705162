//! Scripted deals for each rule of the taiwan text (000): a 'yes' and a 'no' case where the
//! text gives one. Seat 0 deals; seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use common::game::{act, discard, drawn, hands, pass_all, refuse, round_trip, t, tsumogiri, turn};

use twmj_core::game::legality::rule;
use twmj_core::game::{
    is_legal, legal_actions, Action, ChiPos, Deal, Declaration, Event, FirstTurn, Phase, State,
    WinKind,
};
use twmj_core::scoring::Variant;
use twmj_core::Error;

/// A scripted taiwan hand (000): see [`common::game::table`].
fn table(cores: [&str; 4], live: &str, dead: &str, drawable: Option<usize>) -> State {
    common::game::table(&Variant::taiwan(), cores, live, dead, drawable)
}

fn options(st: &State, seat: u8) -> Vec<Action> {
    legal_actions(st, seat)
}

// ---------------------------------------------------------------- 吃入打出, 碰入打出

#[test]
fn chi_in_discard_out_two_sided() {
    // 000 合法與犯規 吃入打出: 用四、五筒吃三筒，這一手不能打三筒，也不能打六筒
    let mut st = table(["3p 2m2m8m", "4p5p 3p 6p", "", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("3p")));
    assert_eq!(
        options(&st, 1),
        vec![Action::Chi(ChiPos::Low), Action::Pass]
    );
    act(&mut st, 1, Action::Chi(ChiPos::Low));
    assert_eq!(
        st.log().last(),
        Some(&Event::Claim {
            seat: 1,
            action: Action::Chi(ChiPos::Low)
        })
    );
    refuse(&st, 1, Action::Discard(t("3p")), rule::CHI_IN_DISCARD_OUT);
    refuse(&st, 1, Action::Discard(t("6p")), rule::CHI_IN_DISCARD_OUT);
    refuse(&st, 1, Action::Declare(t("6p")), rule::CHI_IN_DISCARD_OUT);
    // 吃碰後不接槓 / only a discard: no win, no kong.
    refuse(&st, 1, Action::Win, rule::NOT_A_WIN);
    act(&mut st, 1, Action::Discard(t("1z")));
}

#[test]
fn chi_in_discard_out_edge_and_closed() {
    // 000 吃入打出: 嵌張、邊張吃牌只禁吃進來的那一張
    let mut st = table(["7p 2m2m8m", "8p9p 7p 6p", "", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("7p")));
    act(&mut st, 1, Action::Chi(ChiPos::Low));
    refuse(&st, 1, Action::Discard(t("7p")), rule::CHI_IN_DISCARD_OUT);
    assert!(is_legal(&st, 1, Action::Discard(t("6p"))));

    let mut st = table(["4p 2m2m8m", "2p3p4p5p6p", "", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("4p")));
    assert_eq!(
        options(&st, 1),
        vec![
            Action::Chi(ChiPos::Low),
            Action::Chi(ChiPos::Mid),
            Action::Chi(ChiPos::High),
            Action::Pass
        ]
    );
    act(&mut st, 1, Action::Chi(ChiPos::Mid));
    refuse(&st, 1, Action::Discard(t("4p")), rule::CHI_IN_DISCARD_OUT);
    assert!(is_legal(&st, 1, Action::Discard(t("2p"))));
    assert!(is_legal(&st, 1, Action::Discard(t("6p"))));
}

#[test]
fn pon_in_discard_out_and_no_kong_after_call() {
    // 000 碰入打出: 碰牌之後，這一手不能打出同一張牌; 吃碰後不接槓
    let mut st = table(["5m 2m2m8m", "", "5m5m5m 7s7s7s7s", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    assert_eq!(
        options(&st, 2),
        vec![Action::Pon, Action::Minkan, Action::Pass]
    );
    act(&mut st, 2, Action::Pon);
    refuse(&st, 2, Action::Discard(t("5m")), rule::PON_IN_DISCARD_OUT);
    refuse(&st, 2, Action::Kakan(t("5m")), rule::NO_KONG_AFTER_CALL);
    refuse(&st, 2, Action::Ankan(t("7s")), rule::NO_KONG_AFTER_CALL);
    discard(&mut st, "1z");
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    // On the seat's next own draw both kongs are allowed.
    assert_eq!(turn(&st), 2);
    assert!(is_legal(&st, 2, Action::Kakan(t("5m"))));
    assert!(is_legal(&st, 2, Action::Ankan(t("7s"))));
}

// ---------------------------------------------------------------- 打出吃入

#[test]
fn discard_out_call_in_chi() {
    // 000 打出吃入: 打出三條之後，不能用四、五條吃六條；但打出六條之後，可以用一、二條吃三條
    let mut st = table(["6s 2m2m8m", "3s 4s5s 7s8s", "", ""], "2p8p2m8m", "", None);
    discard(&mut st, "1z");
    discard(&mut st, "3s"); // seat 1
    tsumogiri(&mut st); // seat 2
    tsumogiri(&mut st); // seat 3
    act(&mut st, 0, Action::Discard(t("6s")));
    refuse(&st, 1, Action::Chi(ChiPos::High), rule::DISCARD_OUT_CALL_IN);
    assert!(is_legal(&st, 1, Action::Chi(ChiPos::Low)));

    let mut st = table(["3s 2m2m8m", "6s 1s2s 4s5s", "", ""], "2p8p2m8m", "", None);
    discard(&mut st, "1z");
    discard(&mut st, "6s");
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    act(&mut st, 0, Action::Discard(t("3s")));
    assert!(is_legal(&st, 1, Action::Chi(ChiPos::High)));
    refuse(&st, 1, Action::Chi(ChiPos::Low), rule::DISCARD_OUT_CALL_IN);
}

#[test]
fn discard_out_call_in_pon() {
    // 000 打出吃入: 打出一張牌之後、到下一次打牌之前，不能把同一張碰回來
    let mut st = table(["8m 2p2p5s", "6m7m 2s", "8m8m8m", ""], "3p7p3s7s", "", None);
    discard(&mut st, "1z");
    tsumogiri(&mut st); // seat 1
    discard(&mut st, "8m"); // seat 2
    tsumogiri(&mut st); // seat 3
    act(&mut st, 0, Action::Discard(t("8m")));
    // Seat 1 may 吃 it, so the offer is open; seat 2 may not 碰 back its own discard.
    assert!(is_legal(&st, 1, Action::Chi(ChiPos::High)));
    refuse(&st, 2, Action::Pon, rule::DISCARD_OUT_CALL_IN);
}

// ---------------------------------------------------------------- 過水碰

#[test]
fn passed_pon_remembers_every_kind_until_own_discard() {
    // 000 過水碰: 先放過五萬、再放過七筒，自己打牌之前五萬、七筒都不能碰
    let mut st = table(
        ["5m5m 2s8s", "6m7m 3s 7p", "5m5m 7p7p 8p9p", "3s3s 7p"],
        "2p 8m 3m 4s",
        "",
        None,
    );
    act(&mut st, 0, Action::Discard(t("5m")));
    assert!(is_legal(&st, 2, Action::Pon));
    act(&mut st, 1, Action::Pass);
    act(&mut st, 2, Action::Pass);
    act(&mut st, 1, Action::Discard(t("3s")));
    act(&mut st, 3, Action::Pon);
    act(&mut st, 3, Action::Discard(t("7p")));
    assert!(is_legal(&st, 2, Action::Pon));
    act(&mut st, 2, Action::Pass);
    // Seat 0 draws and discards the other 5m: seat 1 may 吃, seat 2 may not 碰.
    act(&mut st, 0, Action::Discard(t("5m")));
    refuse(&st, 2, Action::Pon, rule::PASSED_PON);
    act(&mut st, 1, Action::Pass);
    act(&mut st, 1, Action::Discard(t("7p")));
    refuse(&st, 2, Action::Pon, rule::PASSED_PON);
    assert!(is_legal(&st, 2, Action::Chi(ChiPos::Low)));
    act(&mut st, 2, Action::Pass);
    assert_ne!(st.player(2).no_pon, 0);
    tsumogiri(&mut st);
    assert_eq!(st.player(2).no_pon, 0, "released by the seat's own discard");
}

// ---------------------------------------------------------------- 牌牆將盡不得鳴牌

#[test]
fn wall_end_forbids_calls_but_not_ankan() {
    // 000 牌牆將盡不得鳴牌: 可摸的牌剩不到 4 張時，不能吃、碰、明槓；暗槓與加槓仍然可以
    let ready_on_5m = "5m 1p2p3p 4p5p6p 7p8p9p 1s2s3s 4s5s6s";
    let mut st = table(
        ["5m 2s8s8s", "7s7s7s 6m7m", "5m5m", ready_on_5m],
        "7s",
        "",
        Some(3),
    );
    assert_eq!(st.drawable(), 3);
    act(&mut st, 0, Action::Discard(t("5m")));
    assert_eq!(options(&st, 3), vec![Action::Win, Action::Pass]);
    refuse(&st, 2, Action::Pon, rule::WALL_END);
    refuse(&st, 1, Action::Chi(ChiPos::Low), rule::WALL_END);
    act(&mut st, 3, Action::Pass);
    assert_eq!(turn(&st), 1);
    assert!(is_legal(&st, 1, Action::Ankan(t("7s"))));

    // With 4 drawable the same 碰 is allowed.
    let mut st = table(
        ["5m 2s8s8s", "7s7s7s 6m7m", "5m5m", ready_on_5m],
        "7s",
        "",
        Some(4),
    );
    act(&mut st, 0, Action::Discard(t("5m")));
    assert!(is_legal(&st, 2, Action::Pon));
    assert!(is_legal(&st, 1, Action::Chi(ChiPos::Low)));
}

// ---------------------------------------------------------------- 明槓不對上家

#[test]
fn minkan_not_from_the_left() {
    // 000 明槓不對上家: 明槓只能槓下家或對家打出的牌
    let mut st = table(
        ["6s 6p 2m8m", "6s6s6s", "6p6p6p", ""],
        "3p7p3m7m",
        "8s",
        None,
    );
    act(&mut st, 0, Action::Discard(t("6s")));
    assert_eq!(options(&st, 1), vec![Action::Pon, Action::Pass]);
    refuse(&st, 1, Action::Minkan, rule::MINKAN_NOT_LEFT);
    act(&mut st, 1, Action::Pass);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    act(&mut st, 0, Action::Discard(t("6p")));
    assert!(is_legal(&st, 2, Action::Minkan));
    act(&mut st, 2, Action::Minkan);
    // The replacement comes from the dead end and is the seat's draw.
    assert_eq!(turn(&st), 2);
    assert_eq!(drawn(&st), t("8s"));
    assert!(matches!(st.phase(), Phase::Turn(t) if t.replacement));
}

// ---------------------------------------------------------------- 最後一張捨牌, 海底

#[test]
fn last_discard_only_won_and_no_kong_on_the_last_draw() {
    // 000 最後一張捨牌: 可摸的牌用完之後打出的那張牌，別人只能胡，不能吃碰槓
    // 000 槓: 摸進最後一張可摸的牌（海底）之後，不能暗槓、也不能加槓
    let ready_on_5m = "5m 1p2p3p 4p5p6p 7p8p9p 1s2s3s 4s5s6s";
    let mut st = table(
        ["2s8s8s8s", "7m7m7m 5m", "5m5m", ready_on_5m],
        "7m",
        "",
        Some(1),
    );
    discard(&mut st, "1z");
    assert_eq!(turn(&st), 1);
    assert_eq!(st.drawable(), 0);
    assert!(matches!(st.phase(), Phase::Turn(t) if t.last_tile));
    refuse(&st, 1, Action::Ankan(t("7m")), rule::NO_KONG_ON_LAST);
    act(&mut st, 1, Action::Discard(t("5m")));
    refuse(&st, 2, Action::Pon, rule::LAST_DISCARD);
    let mut all_pass = st.clone();
    act(&mut st, 3, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 1);
    assert_eq!(r.wins[0].kind, WinKind::Discard { from: 1 });
    // Nobody wins it: 流局.
    pass_all(&mut all_pass);
    assert!(all_pass.result().unwrap().is_draw());
}

#[test]
fn exhaustive_draw_when_nothing_is_drawable() {
    // 000 牌與發牌: 輪到摸牌而可摸的牌已經沒有了，該局流局
    let mut st = table(["2s8s8s8s", "", "", ""], "", "", Some(0));
    discard(&mut st, "1z");
    assert!(st.is_over());
    assert!(st.result().unwrap().is_draw());
}

// ---------------------------------------------------------------- 搶槓

#[test]
fn robbing_a_kakan() {
    // 000 合法與犯規 搶槓: 只能搶加槓
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 1s2s3s 5s5s";
    let mut st = table(
        ["5m 2s8s8s", "", "5m5m5m", waits_5m],
        "8s 3m 7m 3p",
        "",
        None,
    );
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 3, Action::Pass); // 過水 for seat 3
    act(&mut st, 2, Action::Pon);
    assert!(st.player(3).furiten);
    discard(&mut st, "1z"); // seat 2
    tsumogiri(&mut st); // seat 3 draws 8s (not a winning tile) and discards: released
    assert!(!st.player(3).furiten);
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
    let mut st = table(["2s8s8s8s", "", "5m5m5m", waits_5m], "3m 5m", "2p", None);
    discard(&mut st, "1z");
    tsumogiri(&mut st); // seat 1
    assert_eq!(drawn(&st), t("5m"));
    act(&mut st, 2, Action::Ankan(t("5m")));
    assert_eq!(turn(&st), 2);
    refuse(&st, 3, Action::Win, rule::ROB_KONG);
}

// ---------------------------------------------------------------- 過水 and its release table

#[test]
fn furiten_drawn_winning_tile_does_not_release_other_draw_does() {
    // 000 過水: 摸到的是胡牌張 → 不能自摸，而且接著打哪一張都不解除;
    // 摸到不是胡牌張的牌，然後打出一張 → 解除
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = table(
        ["5m5m5m 8s", waits_5m, "", ""],
        "5m 3m 7m 3p 8p 2m 8m 2p",
        "",
        None,
    );
    act(&mut st, 0, Action::Discard(t("5m")));
    assert_eq!(
        options(&st, 1),
        vec![Action::Win, Action::Chi(ChiPos::Mid), Action::Pass]
    );
    act(&mut st, 1, Action::Pass);
    assert!(st.player(1).furiten);
    // Seat 1 draws 5m: no 自摸 in 過水.
    assert_eq!(drawn(&st), t("5m"));
    refuse(&st, 1, Action::Win, rule::FURITEN);
    tsumogiri(&mut st);
    assert!(
        st.player(1).furiten,
        "discarding after drawing a winning tile does not release"
    );
    tsumogiri(&mut st); // seat 2
    tsumogiri(&mut st); // seat 3
                        // The dealer's next 5m: seat 1 is in 過水 (and 打出吃入 bars the 吃), so nobody is asked.
    act(&mut st, 0, Action::Discard(t("5m")));
    assert_eq!(turn(&st), 1);
    // Seat 1 draws 8p (not a winning tile) and discards it: released.
    assert_eq!(drawn(&st), t("8p"));
    tsumogiri(&mut st);
    assert!(!st.player(1).furiten);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Win);
    assert_eq!(
        st.result().unwrap().wins[0].kind,
        WinKind::Discard { from: 0 }
    );
}

#[test]
fn furiten_released_by_ankan_of_a_non_winning_tile() {
    // 000 過水: 暗槓或加槓不是胡牌張的牌 → 解除
    let hand = "4m6m 2p2p2p 7p8p9p 2s3s4s 5s5s 7s8s9s";
    let mut st = table(["5m 8s8s8s", hand, "", ""], "2p", "5m", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    assert!(st.player(1).furiten);
    act(&mut st, 1, Action::Ankan(t("2p")));
    assert!(!st.player(1).furiten);
    // The replacement is 5m: 自摸 with 槓上開花.
    act(&mut st, 1, Action::Win);
    let w = &st.result().unwrap().wins[0];
    assert_eq!(w.kind, WinKind::SelfDraw);
    assert!(w.replacement);
}

#[test]
fn furiten_kept_by_ankan_of_a_winning_tile() {
    // 000 過水: 暗槓、加槓或明槓的是胡牌張 → 不解除
    let hand = "2p2p2p 3p4p 4m5m6m 7s8s9s 2s3s4s 5s5s"; // waits include 2p and 5p
    let mut st = table(["5p 8m8m8m", hand, "", ""], "2p", "1m", None);
    act(&mut st, 0, Action::Discard(t("5p")));
    assert!(options(&st, 1).contains(&Action::Win));
    act(&mut st, 1, Action::Pass);
    assert_eq!(drawn(&st), t("2p"));
    refuse(&st, 1, Action::Win, rule::FURITEN);
    act(&mut st, 1, Action::Ankan(t("2p")));
    assert!(st.player(1).furiten);
    tsumogiri(&mut st);
    assert!(
        st.player(1).furiten,
        "the discard after a kong of a winning tile does not release"
    );
}

#[test]
fn minkan_replacement_cannot_self_draw_and_enters_furiten() {
    // 000 過水: 明槓之後補進來的是胡牌張（明槓補牌不能自摸，所以直接進入過水）
    let hand = "7s7s7s 4m6m 1p2p3p 4p5p6p 2s3s4s 5s5s";
    let mut st = table(["7s 8m8m8m", "", hand, ""], "", "5m", None);
    act(&mut st, 0, Action::Discard(t("7s")));
    act(&mut st, 2, Action::Minkan);
    assert_eq!(drawn(&st), t("5m"));
    refuse(&st, 2, Action::Win, rule::MINKAN_NO_SELF_DRAW);
    assert!(st.player(2).furiten);
    tsumogiri(&mut st);
    assert!(st.player(2).furiten, "仍在過水");
}

#[test]
fn ankan_after_minkan_restores_self_draw() {
    // 000 槓: 明槓之後的「不能自摸」，在你接著又暗槓或加槓之後解除，那次補牌可以自摸
    let hand = "7s7s7s 2p2p2p 4m6m 4p5p6p 2s3s4s 5s5s";
    let mut st = table(["7s 8m8m8m", "", hand, ""], "", "2p 5m", None);
    act(&mut st, 0, Action::Discard(t("7s")));
    act(&mut st, 2, Action::Minkan);
    assert_eq!(drawn(&st), t("2p"));
    assert!(st.player(2).no_self_draw);
    act(&mut st, 2, Action::Ankan(t("2p")));
    assert_eq!(drawn(&st), t("5m"));
    act(&mut st, 2, Action::Win);
    let w = &st.result().unwrap().wins[0];
    assert_eq!((w.kind, w.replacement), (WinKind::SelfDraw, true));
}

#[test]
fn minkan_of_the_winning_tile_allowed_in_furiten() {
    // 000 過水: 過水期間 … 別家打出你的胡牌時仍然可以明槓; 明槓的是胡牌張 → 不解除
    let hand = "3m4m 5m5m5m 1p2p3p 4p5p6p 2s3s4s 7s7s"; // waits 2m, 5m
    let mut st = table(["5m 8s8s8s", "", hand, "2m"], "3p 7p", "8m", None);
    discard(&mut st, "1z");
    tsumogiri(&mut st); // seat 1
    tsumogiri(&mut st); // seat 2 draws 7p, discards it
    act(&mut st, 3, Action::Discard(t("2m")));
    assert!(options(&st, 2).contains(&Action::Win));
    act(&mut st, 2, Action::Pass);
    assert!(st.player(2).furiten);
    act(&mut st, 0, Action::Discard(t("5m")));
    assert_eq!(
        options(&st, 2),
        vec![Action::Pon, Action::Minkan, Action::Pass]
    );
    refuse(&st, 2, Action::Win, rule::FURITEN);
    act(&mut st, 2, Action::Minkan);
    tsumogiri(&mut st);
    assert!(st.player(2).furiten);
}

#[test]
fn chi_instead_of_win_is_furiten_and_a_complete_hand_keeps_it() {
    // 000 過水: 能胡卻選擇吃碰槓; 吃、碰完成當下手牌已經是完整胡型，接著打出一張 → 不解除
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = table(["5m 8s8s8s", waits_5m, "", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Chi(ChiPos::Mid));
    assert!(st.player(1).furiten);
    act(&mut st, 1, Action::Discard(t("1p")));
    pass_all(&mut st);
    assert!(st.player(1).furiten);
}

#[test]
fn chi_with_an_incomplete_hand_then_discard_releases() {
    // 000 過水: 吃、碰完成當下不是胡型，接著打出一張 → 解除
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = table(["3s 8m8m8m", waits_5m, "", "5m"], "2z 3z 7p 7m", "", None);
    discard(&mut st, "1z");
    tsumogiri(&mut st); // seat 1
    tsumogiri(&mut st); // seat 2
    act(&mut st, 3, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    assert!(st.player(1).furiten);
    act(&mut st, 0, Action::Discard(t("3s")));
    act(&mut st, 1, Action::Chi(ChiPos::Mid));
    act(&mut st, 1, Action::Discard(t("1p")));
    pass_all(&mut st);
    assert!(!st.player(1).furiten);
}

#[test]
fn declined_self_draw_is_furiten() {
    // 000 過水: 摸到能自摸的牌而你不自摸
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = table(["8s8s8s8m", waits_5m, "", ""], "5m", "", None);
    discard(&mut st, "1z");
    assert!(is_legal(&st, 1, Action::Win));
    act(&mut st, 1, Action::Discard(t("5m")));
    pass_all(&mut st);
    assert!(st.player(1).furiten);
}

// ---------------------------------------------------------------- 嗆聽與 MIGI

#[test]
fn migi_within_eight_discards_must_win() {
    // 000 嗆聽與 MIGI: 宣告之前全桌已打出的捨牌少於 8 張 … 沒有任何人吃碰槓; MIGI 一定要胡
    let ready = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = table(["5m 8s8s8s", ready, "", ""], "9m 3p 7p 3m", "", None);
    discard(&mut st, "1z");
    refuse(&st, 1, Action::Declare(t("5s")), rule::NOT_READY);
    act(&mut st, 1, Action::Declare(t("9m")));
    pass_all(&mut st);
    assert_eq!(st.player(1).declared, Declaration::Migi);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    act(&mut st, 0, Action::Discard(t("5m")));
    assert_eq!(options(&st, 1), vec![Action::Win]);
    refuse(&st, 1, Action::Pass, rule::MIGI_MUST_WIN);
    act(&mut st, 1, Action::Win);
    let w = &st.result().unwrap().wins[0];
    assert_eq!(w.declaration, Declaration::Migi);
    round_trip(&st);
}

#[test]
fn declaration_after_a_call_is_ready_and_locks_the_hand() {
    // 000 嗆聽與 MIGI: 有吃、碰在外面也可以宣告嗆聽; 宣告之後只能摸什麼打什麼，不能吃、碰、槓;
    // 摸到可以暗槓的牌則不槓，直接打掉
    let hand = "4m6m 2p2p2p 4p5p6p 7p8p9p 2s3s 5s5s 9s";
    let mut st = table(["4s 5s 8m8m", hand, "", ""], "3m 7m 3p 2p", "", None);
    act(&mut st, 0, Action::Discard(t("4s")));
    act(&mut st, 1, Action::Chi(ChiPos::High));
    act(&mut st, 1, Action::Declare(t("9s")));
    pass_all(&mut st);
    assert_eq!(st.player(1).declared, Declaration::Ready);
    tsumogiri(&mut st); // seat 2
    tsumogiri(&mut st); // seat 3
    act(&mut st, 0, Action::Discard(t("5s")));
    // Seat 1 holds 5s5s but was not asked: the turn passed straight to its draw.
    assert!(matches!(
        st.log()[st.log().len() - 2],
        Event::Act { seat: 0, .. }
    ));
    // Seat 1 draws the fourth 2p: no 暗槓, only the drawn tile may go.
    assert_eq!(drawn(&st), t("2p"));
    assert_eq!(options(&st, 1), vec![Action::Discard(t("2p"))]);
    refuse(&st, 1, Action::Ankan(t("2p")), rule::DECLARED);
    refuse(&st, 1, Action::Discard(t("4m")), rule::DECLARED);
}

#[test]
fn declared_automatic_kakan_and_its_exceptions() {
    // 000 嗆聽與 MIGI: 宣告之後摸到自己已經碰出去那組的第四張，一律自動加槓 …
    // 摸到海底牌那一手不加槓
    let hand = "8m8m 4m6m 1p2p3p 4p5p6p 2s3s4s 5s5s 9s";
    let deal = |drawable| table(["8m 8s8s8s", hand, "", ""], "3m 7m 3p 8m", "2z", drawable);
    let mut st = deal(None);
    act(&mut st, 0, Action::Discard(t("8m")));
    act(&mut st, 1, Action::Pon);
    act(&mut st, 1, Action::Declare(t("9s")));
    pass_all(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    assert_eq!(drawn(&st), t("8m"));
    assert_eq!(options(&st, 1), vec![Action::Kakan(t("8m"))]);
    act(&mut st, 1, Action::Kakan(t("8m")));
    assert_eq!(drawn(&st), t("2z"));
    assert_eq!(options(&st, 1), vec![Action::Discard(t("2z"))]);

    // The same draw as the 海底: no 加槓, the tile is discarded.
    let mut st = deal(Some(4));
    act(&mut st, 0, Action::Discard(t("8m")));
    act(&mut st, 1, Action::Pon);
    act(&mut st, 1, Action::Declare(t("9s")));
    pass_all(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    assert_eq!(st.drawable(), 0);
    assert_eq!(options(&st, 1), vec![Action::Discard(t("8m"))]);
}

#[test]
fn declared_may_win_or_let_the_self_draw_go() {
    // 000 嗆聽與 MIGI: 別人打出你的胡牌 可以胡，也可以放過; 000 過水: 宣告聽牌後放棄自摸也會進入過水
    let hand = "8m8m 4m6m 1p2p3p 4p5p6p 2s3s4s 5s5s 9s";
    let mut st = table(["8m 8s8s8s", hand, "", ""], "3m 7m 3p 5m", "", None);
    act(&mut st, 0, Action::Discard(t("8m")));
    act(&mut st, 1, Action::Pon);
    act(&mut st, 1, Action::Declare(t("9s")));
    pass_all(&mut st);
    assert_eq!(st.player(1).declared, Declaration::Ready);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    assert_eq!(options(&st, 1), vec![Action::Win, Action::Discard(t("5m"))]);
    act(&mut st, 1, Action::Discard(t("5m")));
    assert!(st.player(1).furiten);
}

#[test]
fn migi_only_up_to_the_eighth_discard() {
    // 000 嗆聽與 MIGI: 宣告的這一張最多是全桌第 8 張
    let ready = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    // Everyone throws back what they draw; the seat on turn after `n` discards declares.
    let play = |cores: [&str; 4], n: usize| {
        let mut st = table(cores, "", "", None);
        discard(&mut st, "1z");
        while (st.discards_total() as usize) < n {
            tsumogiri(&mut st);
        }
        let s = turn(&st);
        let d = drawn(&st);
        act(&mut st, s, Action::Declare(d));
        (s, st.discards_total(), st.player(s).declared)
    };
    let seat3 = ["8s8s8s 8m", "", "", ready];
    assert_eq!(play(seat3, 7), (3, 8, Declaration::Migi));
    let dealer = [&format!("{ready} 1z") as &str, "", "", ""];
    assert_eq!(play(dealer, 8), (0, 9, Declaration::Ready));
}

// ---------------------------------------------------------------- 多家同時胡

fn three_waiting() -> State {
    table(
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

    let mut st = table(["5m 2m8s8s", "4m6m", "5m5m", ""], "", "", None);
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

// ---------------------------------------------------------------- 花牌與花胡

#[test]
fn opening_flowers_are_replaced_in_rounds_from_the_dealer() {
    // 000 發牌與補花: 由莊家起、依序亮出花牌並從牌牆尾端補牌；第一輪大家都補完，才處理第二輪
    let h = hands(["1f 2m2m8s", "2f 4m6m", "", ""], "3f 3m 3p");
    let mut deal = Deal::scripted(0, [&h[0], &h[1], &h[2], &h[3]], "", "3f 3m 3p").unwrap();
    deal = deal.completed();
    let st = State::from_deal(deal, &twmj_core::TAIWAN).unwrap();
    let draws: Vec<(u8, String)> = st
        .log()
        .iter()
        .filter_map(|e| match e {
            Event::Draw {
                seat,
                piece,
                replacement: true,
            } => Some((*seat, piece.code())),
            _ => None,
        })
        .collect();
    assert_eq!(
        draws,
        vec![
            (0, "3f".to_owned()),
            (1, "3m".to_owned()),
            (0, "3p".to_owned())
        ]
    );
    assert_eq!(st.player(0).flower_count(), 2);
    // Each replacement uses up one drawable tile: 144 − 65 dealt − 3 replaced − 16 kept back.
    assert_eq!(st.drawable(), 144 - 65 - 3 - 16);
    assert_eq!(turn(&st), 0);
}

#[test]
fn opening_eight_flowers_and_heaven_precedence() {
    // 000 開局花胡: 開局配牌補花時就湊成八仙過海 … 直接判定胡牌
    let st = table(
        ["2m2m8s8s", "", "1f2f3f4f5f6f7f8f 4m6m", ""],
        "",
        "3m3p3s7m7p7s2p8p",
        None,
    );
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 1);
    assert_eq!((r.wins[0].seat, r.wins[0].kind), (2, WinKind::EightFlowers));

    // 閒家開局湊成八仙過海，但莊家補完花的 17 張本來就是天胡 → 天胡優先
    let tian = "1m2m3m 4m5m6m 7m8m9m 1p2p3p 4p5p6p 7p7p";
    let st = table(
        [tian, "", "1f2f3f4f5f6f7f8f 4s6s", ""],
        "",
        "3m3p3s7m7s2s2p8p",
        None,
    );
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 1);
    let w = &r.wins[0];
    assert_eq!(
        (w.seat, w.kind, w.first_turn),
        (0, WinKind::SelfDraw, Some(FirstTurn::Heaven))
    );
}

#[test]
fn seven_rob_one_case_1_draw_then_rob() {
    // 000 七搶一 情形 1: 你摸到第 7 張花，而第 8 張早已在另一家門前：你先照常補一張牌，再搶他那一張
    let mut st = table(
        ["2m2m8s8s", "1f2f3f4f5f6f 4m6m", "", "8f"],
        "7f",
        "3m 3p 3s 7m 7p 7s 2p 8p",
        None,
    );
    assert_eq!(st.player(1).flower_count(), 6);
    discard(&mut st, "1z");
    assert_eq!(turn(&st), 1);
    assert_eq!(st.player(1).flower_count(), 7);
    assert!(is_legal(&st, 1, Action::SevenRobOne));
    let mut declined = st.clone();
    act(&mut st, 1, Action::SevenRobOne);
    let r = st.result().unwrap();
    assert_eq!(r.wins[0].kind, WinKind::SevenRobOne { from: 3 });
    assert_eq!(st.player(1).flowers, 0xFF);
    // 可以選擇不搶；不搶則照常繼續行牌 (and no 過水).
    act(&mut declined, 1, Action::Discard(t("1z")));
    assert!(!declined.player(1).furiten);
}

#[test]
fn seven_rob_one_case_2_rob_then_draw() {
    // 000 七搶一 情形 2: 你已有 7 張花，另一家亮出第 8 張花：你先搶，再補一張牌;
    // 補進來的那張牌若讓手牌成胡，另外再算一筆 (被搶花者放槍)
    // Seat 1 is dealt 7 flowers; its replacements complete a hand waiting on 5m.
    let mut st = table(
        ["2m2m8s8s", "1f2f3f4f5f6f7f 4m6m 1p2p3p 4p5p6p 7p", "", ""],
        "3m 8f",
        "8p9p 2s3s4s 5s5s 5m",
        None,
    );
    discard(&mut st, "1z");
    act(&mut st, 1, Action::Discard(t("3m")));
    // Seat 2 draws the 8th flower: seat 1 may rob it first.
    assert_eq!(options(&st, 1), vec![Action::SevenRobOne, Action::Pass]);
    let mut passed = st.clone();
    act(&mut st, 1, Action::SevenRobOne);
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 2);
    assert_eq!(r.wins[0].kind, WinKind::SevenRobOne { from: 2 });
    assert_eq!(r.wins[1].kind, WinKind::AfterRobbingFlower { from: 2 });
    assert_eq!(r.wins[1].tile, Some(t("5m")));
    // Passing: seat 2 takes its replacement and plays on.
    act(&mut passed, 1, Action::Pass);
    assert_eq!(turn(&passed), 2);
    assert_eq!(passed.player(2).flower_count(), 1);
    round_trip(&st);
}

#[test]
fn eight_flowers_in_play_ignore_furiten() {
    // 000 過水: 花胡（八仙過海、七搶一）不受過水限制
    let seven = "1f2f3f4f5f6f7f 4m6m 1p2p3p 4p5p6p 7p";
    let mut st = table(
        ["5m 8m8m8s", seven, "", ""],
        "8f",
        "8p9p 2s3s4s 5s5s 7m",
        None,
    );
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    assert!(st.player(1).furiten);
    assert_eq!(st.player(1).flowers, 0xFF);
    assert!(is_legal(&st, 1, Action::EightFlowers));
    act(&mut st, 1, Action::EightFlowers);
    assert_eq!(st.result().unwrap().wins[0].kind, WinKind::EightFlowers);
}

#[test]
fn flower_with_nothing_to_replace_it_is_a_draw() {
    // 000 花牌與花胡: 摸到花牌而牌牆已無牌可補：該局流局
    let mut st = table(["2m2m8s8s", "", "", ""], "8f", "", Some(1));
    discard(&mut st, "1z");
    assert!(st.result().unwrap().is_draw());
}

// ---------------------------------------------------------------- 天胡、地胡、人胡, deal

#[test]
fn earth_win_on_the_first_draw() {
    // 000 天胡、地胡、人胡: 地胡 — 閒家第一次進牌就自摸
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = table(["8s8s8s8m", waits_5m, "", ""], "5m", "", None);
    discard(&mut st, "1z");
    act(&mut st, 1, Action::Win);
    let w = &st.result().unwrap().wins[0];
    assert_eq!(
        (w.kind, w.first_turn),
        (WinKind::SelfDraw, Some(FirstTurn::Earth))
    );
}

#[test]
fn deal_validation_and_door_wind() {
    let err = Deal::scripted(0, ["1m", "", "", ""], "", "").unwrap_err();
    assert!(err.to_string().contains("seat 0 is dealt 1 tiles"), "{err}");
    let h = hands(["5m5m5m", "5m", "", ""], "");
    let err = Deal::scripted(
        0,
        [&h[0], &h[1], &format!("5m{}", &h[2][2..]), &h[3]],
        "",
        "",
    )
    .unwrap_err();
    assert!(err.to_string().contains("5m"), "{err}");
    // 000 門風與正花: from the second hand on the dice pick the wall that opens.
    let mut deal = Deal::from_seed(5, 1, true, &twmj_core::TAIWAN);
    deal.dice = [1, 2, 3];
    let st = State::from_deal(deal, &twmj_core::TAIWAN).unwrap();
    assert_eq!(st.east(), (1 + 6 + 3) % 4);
    assert_eq!(st.seat_wind(st.east()), 0);
    let st = State::from_deal(
        Deal::from_seed(5, 2, false, &twmj_core::TAIWAN),
        &twmj_core::TAIWAN,
    )
    .unwrap();
    assert_eq!(st.east(), 2, "the first hand opens the dealer's own wall");
}

// ---------------------------------------------------------------- more 花胡, 搶槓, MIGI cases

#[test]
fn migi_must_self_draw() {
    // 000 嗆聽與 MIGI: MIGI … 一定要胡，不能放過 (自摸 too: 000 過水 MIGI 宣告者不能過水)
    let ready = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = table(["8s8s8s 8m", ready, "", ""], "9m 3p 7p 3m 5m", "", None);
    discard(&mut st, "1z");
    act(&mut st, 1, Action::Declare(t("9m")));
    pass_all(&mut st);
    assert_eq!(st.player(1).declared, Declaration::Migi);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    assert_eq!(options(&st, 1), vec![Action::Win]);
    refuse(&st, 1, Action::Discard(t("5m")), rule::MIGI_MUST_WIN);
}

#[test]
fn two_robbers_of_a_kakan_first_in_turn_order_wins() {
    // 000 多家同時胡: 搶槓同樣適用上述規則 (攔胡)
    let mut st = table(
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
fn eight_flowers_then_self_draw_are_two_wins() {
    // 000 花牌與花胡: 已集滿 8 張花而自摸時，八仙過海一筆、自摸的牌面一筆 …
    // 第 8 張花補進來的那張牌就讓手牌成胡時，第二筆加計槓上開花
    let seven = "1f2f3f4f5f6f7f 4m6m 1p2p3p 4p5p6p 7p";
    let mut st = table(
        ["8m8m8s8s", seven, "", ""],
        "8f",
        "8p9p 2s3s4s 5s5s 5m",
        None,
    );
    discard(&mut st, "1z");
    assert!(is_legal(&st, 1, Action::EightFlowers));
    act(&mut st, 1, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 2);
    assert_eq!(r.wins[0].kind, WinKind::EightFlowers);
    assert_eq!(
        (r.wins[1].kind, r.wins[1].replacement),
        (WinKind::SelfDraw, true)
    );
    assert_eq!(r.wins[1].first_turn, Some(FirstTurn::Earth));
    round_trip(&st);
}

#[test]
fn seven_rob_one_case_1_with_a_winning_replacement() {
    // 000 七搶一: 搶花者補進來的那張牌若讓手牌成胡，另外再算一筆一般胡牌，計槓上開花;
    // 情形 1 是自摸 … 以 7 張計
    let six = "1f2f3f4f5f6f 4m6m 1p2p3p 4p5p6p 7p8p";
    let mut st = table(
        ["8m8m8s8s", six, "", "8f"],
        "7f",
        "9p 2s3s4s 5s5s 2z 5m",
        None,
    );
    discard(&mut st, "1z");
    act(&mut st, 1, Action::SevenRobOne);
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 2);
    assert_eq!(r.wins[0].kind, WinKind::SevenRobOne { from: 3 });
    assert_eq!(r.wins[0].flowers, 0xFF);
    assert_eq!(r.wins[1].kind, WinKind::SelfDraw);
    assert_eq!(r.wins[1].flowers.count_ones(), 7);
    assert!(r.wins[1].replacement);
    round_trip(&st);
}

#[test]
fn heaven_with_the_dealers_eight_flowers_is_two_wins() {
    // 000 開局花胡: 莊家開局八仙過海，同時天胡 → 分兩筆：八仙過海、天胡
    let tian = "1f2f3f4f5f6f7f8f 1m2m3m 4m5m6m 7m8m9m";
    let st = table([tian, "", "", ""], "", "1p2p3p 4p5p6p 7p7p", None);
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 2);
    assert_eq!(r.wins[0].kind, WinKind::EightFlowers);
    assert_eq!(r.wins[1].first_turn, Some(FirstTurn::Heaven));
    round_trip(&st);
}

#[test]
fn illegal_action_message_names_the_rule() {
    let mut st = table(["5m 2m2m8m", "", "5m5m5m", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 2, Action::Pon);
    let err = st.apply(2, Action::Discard(t("5m"))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "illegal (碰入打出): seat 2 may not discard 5m: after 碰 of 5m this discard may not be 5m"
    );
    // Nothing changed.
    assert_eq!(turn(&st), 2);
}

#[test]
fn a_seat_sees_its_own_tiles_and_no_one_elses_ankan() {
    // 000 槓: 暗槓 — 四張蓋在門前，別家只知道你槓了、不知道槓的是什麼牌
    let mut st = table(["2s8s8s8s", "", "5m5m5m", ""], "3m 5m", "2p", None);
    discard(&mut st, "1z");
    tsumogiri(&mut st);
    act(&mut st, 2, Action::Ankan(t("5m")));
    let mine = st.view(2);
    let theirs = st.view(3);
    assert_eq!(mine.seats[2].melds[0].tile, Some(t("5m")));
    assert_eq!(theirs.seats[2].melds[0].tile, None);
    assert_eq!(mine.drawn, Some(t("2p")));
    assert_eq!(theirs.drawn, None);
    assert_eq!(mine.concealed, st.player(2).concealed);
    assert_eq!(theirs.concealed, st.player(3).concealed);
    assert_eq!(theirs.seats[2].concealed_len, 14);
    assert!(!mine.legal.is_empty());
    assert!(theirs.legal.is_empty());
}

#[test]
fn minkan_cannot_be_robbed() {
    // 000 槓: 明槓 … 能不能被搶槓: 不能
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 1s2s3s 5s5s";
    let mut st = table(["5m 2s8s8s", "", "5m5m5m", waits_5m], "", "2p", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 3, Action::Pass);
    act(&mut st, 2, Action::Minkan);
    assert_eq!(turn(&st), 2);
    refuse(&st, 3, Action::Win, rule::ROB_KONG);
}

#[test]
fn eight_flowers_after_a_minkan() {
    // 000 花牌與花胡: 花胡不受「明槓補牌不能自摸」的限制; 明槓的人自己補牌摸到花而成立的花胡，
    // 只算花胡那一筆
    let seven = "1f2f3f4f5f6f7f 7s7s7s 4m6m 1p2p3p 4p";
    let mut st = table(
        ["7s 8m8m8m", "", seven, ""],
        "",
        "5p6p 2s3s4s 5s5s 8f 5m",
        Some(11),
    );
    act(&mut st, 0, Action::Discard(t("7s")));
    act(&mut st, 2, Action::Minkan);
    assert_eq!(drawn(&st), t("5m"));
    refuse(&st, 2, Action::Win, rule::MINKAN_NO_SELF_DRAW);
    act(&mut st, 2, Action::EightFlowers);
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 1);
    assert_eq!(r.wins[0].kind, WinKind::EightFlowers);
}

#[test]
fn eight_flowers_on_the_last_tile() {
    // 000 花牌與花胡: 摸到海底牌那一手仍然可以八仙; 000 槓: 海底 … 不能暗槓
    let seven = "1f2f3f4f5f6f7f 4m6m 1p2p3p 4p5p6p 7p";
    let mut st = table(
        ["2m2m8s8s", seven, "", ""],
        "8f",
        "8p9p 2s3s4s 5s5s 9s",
        Some(9),
    );
    discard(&mut st, "1z");
    assert!(matches!(st.phase(), Phase::Turn(t) if t.last_tile));
    assert!(is_legal(&st, 1, Action::EightFlowers));
}

#[test]
fn no_seven_rob_one_when_nothing_can_replace() {
    // 000 花牌與花胡: 牌牆已經沒有可摸的牌（補不了牌）時，不開七搶一; 摸到花牌而牌牆已無牌可補：流局
    let seven = "1f2f3f4f5f6f7f 4m6m 1p2p3p 4p5p6p 7p";
    let mut st = table(
        ["2m2m8s8s", seven, "", ""],
        "3m 8f",
        "8p9p 2s3s4s 5s5s",
        Some(9),
    );
    assert_eq!(st.drawable(), 2);
    discard(&mut st, "1z");
    act(&mut st, 1, Action::Discard(t("3m")));
    assert!(st.is_over());
    assert!(st.result().unwrap().is_draw());
}

#[test]
fn snapshot_legality_agrees_with_the_game() {
    use twmj_core::game::{Decision, Snapshot};
    // The state after 吃 of 3p with 4p5p (吃入打出), as a snapshot of seat 1.
    let mut st = table(["3p 2m2m8m", "4p5p 3p 6p", "", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("3p")));
    let offer = Snapshot {
        situation: None,
        seat: 1,
        player: st.player(1).clone(),
        drawable: st.drawable(),
        decision: match *st.phase() {
            Phase::Offer(o) => Decision::Offer {
                from: o.from,
                kind: o.kind,
            },
            _ => unreachable!(),
        },
    };
    assert_eq!(offer.legal_actions().unwrap(), legal_actions(&st, 1));
    act(&mut st, 1, Action::Chi(ChiPos::Low));
    let Phase::Turn(turn_now) = *st.phase() else {
        unreachable!()
    };
    let snap = Snapshot {
        situation: None,
        seat: 1,
        player: st.player(1).clone(),
        drawable: st.drawable(),
        decision: Decision::Turn(turn_now),
    };
    assert_eq!(snap.legal_actions().unwrap(), legal_actions(&st, 1));
    assert_eq!(
        snap.legal_mask().unwrap().iter().filter(|&&b| b).count(),
        legal_actions(&st, 1).len()
    );
    match snap.check(Action::Discard(t("6p"))) {
        Err(Error::Illegal { rule, .. }) => assert_eq!(rule, rule::CHI_IN_DISCARD_OUT),
        other => panic!("{other:?}"),
    }
    // A snapshot that cannot be a decision point is refused.
    let mut bad = snap.clone();
    bad.decision = Decision::Offer {
        from: 1,
        kind: offer_kind(&offer),
    };
    assert!(bad.legal_actions().is_err());
    let mut bad = snap;
    bad.player.concealed[0] += 1;
    assert!(bad.legal_actions().is_err());
}

fn offer_kind(s: &twmj_core::game::Snapshot) -> twmj_core::game::OfferKind {
    match s.decision {
        twmj_core::game::Decision::Offer { kind, .. } => kind,
        twmj_core::game::Decision::Turn(_) | twmj_core::game::Decision::Opening => unreachable!(),
    }
}

#[test]
fn furiten_released_by_kakan_of_a_non_winning_tile() {
    // 000 過水: 暗槓或加槓不是胡牌張的牌 → 解除
    let hand = "5m5m 4p6p 1s2s3s 7s7s7s 2m3m4m 9p9p 1z";
    let mut st = table(["5m 2s8s8s", "", hand, "5p"], "3z 8p 2p 5m", "8m", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 2, Action::Pon);
    discard(&mut st, "1z");
    act(&mut st, 3, Action::Discard(t("5p")));
    act(&mut st, 2, Action::Pass);
    assert!(st.player(2).furiten);
    tsumogiri(&mut st); // seat 0
    tsumogiri(&mut st); // seat 1
    assert_eq!(drawn(&st), t("5m"));
    act(&mut st, 2, Action::Kakan(t("5m")));
    assert!(!st.player(2).furiten);
}

#[test]
fn declared_declining_a_self_draw_still_adds_the_kong_and_stays_in_furiten() {
    // 000 過水: 宣告聽牌後放棄自摸也會進入過水；摸到已碰出那組的第四張時，照樣自動加槓
    // （加槓的是胡牌張，所以不解除）
    let hand = "8m8m 6m7m 1p2p3p 4p5p6p 2s3s4s 5s5s 9s";
    let mut st = table(["8m 8s8s8s", hand, "", ""], "3m 7m 3p 8m", "2z", None);
    act(&mut st, 0, Action::Discard(t("8m")));
    act(&mut st, 1, Action::Pon);
    act(&mut st, 1, Action::Declare(t("9s")));
    pass_all(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    assert_eq!(options(&st, 1), vec![Action::Win, Action::Kakan(t("8m"))]);
    act(&mut st, 1, Action::Kakan(t("8m")));
    assert!(st.player(1).furiten);
    assert_eq!(options(&st, 1), vec![Action::Discard(t("2z"))]);
    act(&mut st, 1, Action::Discard(t("2z")));
    pass_all(&mut st);
    assert!(
        st.player(1).furiten,
        "the kong was of a winning tile: not released"
    );
}
