//! Flowers in play (000 花牌與花胡): the opening replacement in rounds from the dealer, 八仙過海
//! at the opening and in play (ignoring 過水), 七搶一 in both cases, a flower with nothing left
//! to replace it, and two wins in one hand; hk16, which has no flower win (003), and 骰規台 on
//! a flower win only where the table has it (002). Seat 0 deals; seat s + 1 is the 下家 of
//! seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::game::{act, discard, drawn, hands, refuse, round_trip, t, tsumogiri, turn};
use crate::{options, taiwan_table};
use twmj_core::game::legality::rule;
use twmj_core::game::{is_legal, Action, Deal, Event, FirstTurn, Phase, State, WinKind};
use twmj_core::scoring::Variant;

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
    let st = taiwan_table(
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
    let st = taiwan_table(
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
    let mut st = taiwan_table(
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
    assert!(!declined.player(1).furiten.blocks_win());
}

#[test]
fn seven_rob_one_case_2_rob_then_draw() {
    // 000 七搶一 情形 2: 你已有 7 張花，另一家亮出第 8 張花：你先搶，再補一張牌;
    // 補進來的那張牌若讓手牌成胡，另外再算一筆 (被搶花者放槍)
    // Seat 1 is dealt 7 flowers; its replacements complete a hand waiting on 5m. Seat 2
    // draws the 8th flower: seat 1 may rob it first.
    let mut st = crate::eighth_flower_shown_by_seat_2(&Variant::taiwan());
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
    let mut st = taiwan_table(
        ["5m 8m8m8s", seven, "", ""],
        "8f",
        "8p9p 2s3s4s 5s5s 7m",
        None,
    );
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    assert!(st.player(1).furiten.blocks_win());
    assert_eq!(st.player(1).flowers, 0xFF);
    assert!(is_legal(&st, 1, Action::EightFlowers));
    act(&mut st, 1, Action::EightFlowers);
    assert_eq!(st.result().unwrap().wins[0].kind, WinKind::EightFlowers);
}

#[test]
fn flower_with_nothing_to_replace_it_is_a_draw() {
    // 000 花牌與花胡: 摸到花牌而牌牆已無牌可補：該局流局
    let mut st = taiwan_table(["2m2m8s8s", "", "", ""], "8f", "", Some(1));
    discard(&mut st, "1z");
    assert!(st.result().unwrap().is_draw());
}

// ---------------------------------------------------------------- more 花胡, 搶槓, MIGI cases

#[test]
fn eight_flowers_then_self_draw_are_two_wins() {
    // 000 花牌與花胡: 已集滿 8 張花而自摸時，八仙過海一筆、自摸的牌面一筆 …
    // 第 8 張花補進來的那張牌就讓手牌成胡時，第二筆加計槓上開花
    let mut st = crate::eighth_flower_drawn(&Variant::taiwan());
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
    let mut st = taiwan_table(
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
    let st = taiwan_table([tian, "", "", ""], "", "1p2p3p 4p5p6p 7p7p", None);
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 2);
    assert_eq!(r.wins[0].kind, WinKind::EightFlowers);
    assert_eq!(r.wins[1].first_turn, Some(FirstTurn::Heaven));
    round_trip(&st);
}

#[test]
fn eight_flowers_after_a_minkan() {
    // 000 花牌與花胡: 花胡不受「明槓補牌不能自摸」的限制; 明槓的人自己補牌摸到花而成立的花胡，
    // 只算花胡那一筆
    let seven = "1f2f3f4f5f6f7f 7s7s7s 4m6m 1p2p3p 4p";
    let mut st = taiwan_table(
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
    let mut st = taiwan_table(
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
    let mut st = taiwan_table(
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

// ---------------------------------------------------------------- hk16: no flower win (003)

/// The hk16 table (003): its 八仙過海 40番 and 七搶一 20番 are added to a regular win only.
fn hk16_table(cores: [&str; 4], live: &str, dead: &str) -> State {
    crate::common::game::table(&Variant::hk16(), cores, live, dead, None)
}

#[test]
fn hk16_eight_flowers_at_the_deal_do_not_end_the_hand() {
    // 003 hk16: 八仙過海40番 自摸八隻花。(只是在胡的時候加40番) — no win of its own, so the deal
    // that ends under taiwan as 八仙過海 (000 開局花胡) plays on under hk16.
    let cores = ["2m2m8s8s", "", "1f2f3f4f5f6f7f8f 4m6m", ""];
    let dead = "3m3p3s7m7p7s2p8p";
    let st = taiwan_table(cores, "", dead, None);
    assert_eq!(st.result().unwrap().wins[0].kind, WinKind::EightFlowers);
    let mut st = hk16_table(cores, "", dead);
    assert!(!st.is_over());
    assert_eq!(turn(&st), 0);
    assert_eq!(st.player(2).flowers, 0xFF);
    discard(&mut st, "2m");
    tsumogiri(&mut st);
    // Seat 2's own turn with all eight: no `eight flowers` (its row is not in the table).
    assert_eq!(turn(&st), 2);
    assert!(!options(&st, 2).contains(&Action::EightFlowers));
    refuse(&st, 2, Action::EightFlowers, rule::FLOWER_WIN);
}

#[test]
fn hk16_seven_and_the_eighth_at_the_deal_do_not_end_the_hand() {
    // 003 hk16: 七搶一 20番 自摸七隻花，另一隻被其他人摸了。(胡的時候加20番): nothing is robbed.
    let cores = ["2m2m8s8s", "1f2f3f4f5f6f7f 4m6m", "", "8f"];
    let dead = "3m3p3s7m7p7s2p8p";
    let st = taiwan_table(cores, "", dead, None);
    assert!(matches!(
        st.result().unwrap().wins[0].kind,
        WinKind::SevenRobOne { from: 3 }
    ));
    let st = hk16_table(cores, "", dead);
    assert!(!st.is_over());
    assert_eq!(
        (st.player(1).flower_count(), st.player(3).flower_count()),
        (7, 1)
    );
}

#[test]
fn hk16_no_seven_rob_one_in_play() {
    // Case 1 under 000 (seat 1 draws its 7th, the 8th in front of seat 3): no 七搶一 under hk16.
    let mut st = hk16_table(
        ["2m2m8s8s", "1f2f3f4f5f6f 4m6m", "", "8f"],
        "7f",
        "3m 3p 3s 7m 7p 7s 2p 8p",
    );
    discard(&mut st, "1z");
    assert_eq!((turn(&st), st.player(1).flower_count()), (1, 7));
    assert!(!options(&st, 1).contains(&Action::SevenRobOne));
    refuse(&st, 1, Action::SevenRobOne, rule::FLOWER_WIN);
    // Case 2 under 000 (seat 1 holds seven, seat 2 draws the 8th): no offer to rob it; seat 2
    // takes its replacement and plays on.
    let mut st = hk16_table(
        ["2m2m8s8s", "1f2f3f4f5f6f7f 4m6m 1p2p3p 4p5p6p 7p", "", ""],
        "3m 8f",
        "8p9p 2s3s4s 5s5s 5m",
    );
    discard(&mut st, "1z");
    act(&mut st, 1, Action::Discard(t("3m")));
    assert_eq!(turn(&st), 2);
    assert_eq!(st.player(2).flower_count(), 1);
}

#[test]
fn hk16_eight_flowers_count_on_the_regular_win() {
    // 003 hk16 八仙過海 40番 (只是在胡的時候加40番): drawing the 8th flower offers no `eight
    // flowers`; the self-draw that follows is one 筆 (not 000's two) holding the 40.
    let seven = "1f2f3f4f5f6f7f 4m6m 1p2p3p 4p5p6p 7p";
    let mut st = hk16_table(["8m8m8s8s", seven, "", ""], "8f", "8p9p 2s3s4s 5s5s 5m");
    discard(&mut st, "1z");
    assert_eq!((turn(&st), st.player(1).flowers), (1, 0xFF));
    let acts = options(&st, 1);
    assert!(acts.contains(&Action::Win) && !acts.contains(&Action::EightFlowers));
    act(&mut st, 1, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 1);
    assert_eq!(r.wins[0].kind, WinKind::SelfDraw);
    let settled = st.settle(None, None, None).unwrap();
    let items: Vec<(&str, u32)> = settled.bills[0]
        .score
        .items
        .iter()
        .map(|i| (i.key, i.tai))
        .collect();
    assert!(items.contains(&("eight_flowers", 40)), "{items:?}");
    round_trip(&st);
}

// ---------------------------------------------------------------- 骰規台 (002 only)

/// Seat 1 dealt all eight flowers, dice (2, 3, 6): 全黑 under 002's 骰規台.
fn eight_flowers_at_seat_1(v: &Variant) -> State {
    let h = hands(
        ["2m2m8s8s", "1f2f3f4f5f6f7f8f 4m6m", "", ""],
        "3m3p3s7m7p7s2p8p",
    );
    let mut deal = Deal::scripted(0, [&h[0], &h[1], &h[2], &h[3]], "", "3m3p3s7m7p7s2p8p").unwrap();
    deal.dice = [2, 3, 6];
    State::from_deal(deal.completed(), v).unwrap()
}

#[test]
fn a_flower_win_adds_dice_tai_only_where_the_table_has_it() {
    // 000 不採用的項目: 骰子加台; 002 adds 骰規台 (全黑 1, example 五). Under taiwan the 筆 is
    // 八仙過海 8 alone; 000 計分: 應付 = 底 300 + 台數 × 100, the dealer (seat 0) adding 莊家 1.
    let st = eight_flowers_at_seat_1(&Variant::taiwan());
    let r = st.result().unwrap();
    assert_eq!((r.wins.len(), r.wins[0].kind), (1, WinKind::EightFlowers));
    let settled = st.settle(None, None, None).unwrap();
    let items: Vec<(&str, u32)> = settled.bills[0]
        .score
        .items
        .iter()
        .map(|i| (i.key, i.tai))
        .collect();
    assert_eq!(items, vec![("eight_immortals", 8)]);
    assert_eq!(settled.settlement.net_money, [-1200, 3400, -1100, -1100]);
    // american (002) has the row: 全黑 1 rides on the flower win's 筆 (no regular 筆 follows).
    let st = eight_flowers_at_seat_1(&Variant::american());
    let settled = st.settle(None, None, None).unwrap();
    let items: Vec<(&str, u32)> = settled.bills[0]
        .score
        .items
        .iter()
        .map(|i| (i.key, i.tai))
        .collect();
    assert_eq!(items, vec![("eight_immortals", 8), ("dice", 1)]);
    assert_eq!(settled.settlement.net_money, [-1300, 3700, -1200, -1200]);
}
