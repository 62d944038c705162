//! Which actions are legal in play, rule by rule of the taiwan text (000 合法與犯規): what a
//! call binds (吃入打出, 碰入打出, 打出吃入), the calls the wall's end forbids, 明槓不對上家, the
//! last discard and 海底, the deal, and the rule a refusal names. A 'yes' and a 'no' case where
//! the text gives one. Seat 0 deals; seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common::game::{act, discard, drawn, hands, pass_all, refuse, t, tsumogiri, turn};
use crate::{options, taiwan_table};
use twmj_core::game::legality::rule;
use twmj_core::game::{is_legal, Action, ChiPos, Deal, Event, FirstTurn, Phase, State, WinKind};

// ---------------------------------------------------------------- 吃入打出, 碰入打出

#[test]
fn chi_in_discard_out_two_sided() {
    // 000 合法與犯規 吃入打出: 用四、五筒吃三筒，這一手不能打三筒，也不能打六筒
    let mut st = taiwan_table(["3p 2m2m8m", "4p5p 3p 6p", "", ""], "", "", None);
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
    let mut st = taiwan_table(["7p 2m2m8m", "8p9p 7p 6p", "", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("7p")));
    act(&mut st, 1, Action::Chi(ChiPos::Low));
    refuse(&st, 1, Action::Discard(t("7p")), rule::CHI_IN_DISCARD_OUT);
    assert!(is_legal(&st, 1, Action::Discard(t("6p"))));

    let mut st = taiwan_table(["4p 2m2m8m", "2p3p4p5p6p", "", ""], "", "", None);
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
    let mut st = taiwan_table(["5m 2m2m8m", "", "5m5m5m 7s7s7s7s", ""], "", "", None);
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
    let mut st = taiwan_table(["6s 2m2m8m", "3s 4s5s 7s8s", "", ""], "2p8p2m8m", "", None);
    discard(&mut st, "1z");
    discard(&mut st, "3s"); // seat 1
    tsumogiri(&mut st); // seat 2
    tsumogiri(&mut st); // seat 3
    act(&mut st, 0, Action::Discard(t("6s")));
    refuse(&st, 1, Action::Chi(ChiPos::High), rule::DISCARD_OUT_CALL_IN);
    assert!(is_legal(&st, 1, Action::Chi(ChiPos::Low)));

    let mut st = taiwan_table(["3s 2m2m8m", "6s 1s2s 4s5s", "", ""], "2p8p2m8m", "", None);
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
    let mut st = taiwan_table(["8m 2p2p5s", "6m7m 2s", "8m8m8m", ""], "3p7p3s7s", "", None);
    discard(&mut st, "1z");
    tsumogiri(&mut st); // seat 1
    discard(&mut st, "8m"); // seat 2
    tsumogiri(&mut st); // seat 3
    act(&mut st, 0, Action::Discard(t("8m")));
    // Seat 1 may 吃 it, so the offer is open; seat 2 may not 碰 back its own discard.
    assert!(is_legal(&st, 1, Action::Chi(ChiPos::High)));
    refuse(&st, 2, Action::Pon, rule::DISCARD_OUT_CALL_IN);
}

// ---------------------------------------------------------------- 牌牆將盡不得鳴牌

#[test]
fn wall_end_forbids_calls_but_not_ankan() {
    // 000 牌牆將盡不得鳴牌: 可摸的牌剩不到 4 張時，不能吃、碰、明槓；暗槓與加槓仍然可以
    let ready_on_5m = "5m 1p2p3p 4p5p6p 7p8p9p 1s2s3s 4s5s6s";
    let mut st = taiwan_table(
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
    let mut st = taiwan_table(
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
    let mut st = taiwan_table(
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
    let mut st = taiwan_table(
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
    let mut st = taiwan_table(["2s8s8s8s", "", "", ""], "", "", Some(0));
    discard(&mut st, "1z");
    assert!(st.is_over());
    assert!(st.result().unwrap().is_draw());
}

// ---------------------------------------------------------------- 天胡、地胡、人胡, deal

#[test]
fn earth_win_on_the_first_draw() {
    // 000 天胡、地胡、人胡: 地胡 — 閒家第一次進牌就自摸
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = taiwan_table(["8s8s8s8m", waits_5m, "", ""], "5m", "", None);
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
fn illegal_action_message_names_the_rule() {
    let mut st = taiwan_table(["5m 2m2m8m", "", "5m5m5m", ""], "", "", None);
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
    let mut st = taiwan_table(["2s8s8s8s", "", "5m5m5m", ""], "3m 5m", "2p", None);
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
fn actions_are_read_by_name_or_index_and_anything_else_is_no_action() {
    // The fixed action space: every name reads back to its index, and the mask marks them.
    let names = Action::names();
    assert_eq!(names.len(), twmj_core::game::ACTION_COUNT);
    for (i, name) in names.iter().enumerate() {
        let a = Action::read(name).unwrap();
        assert_eq!(a.index(), i);
        assert_eq!(
            Action::at(&twmj_core::vocab::Int::from(i128::try_from(i).unwrap())).unwrap(),
            a
        );
        let mask = Action::mask(&[a]);
        assert_eq!(mask.iter().filter(|&&m| m).count(), 1);
        assert!(mask[i]);
    }
    let e = Action::read("dance").unwrap_err();
    assert_eq!(e.code(), "unknown_action");
    assert!(e.to_string().contains("unknown action 'dance'"), "{e}");
    for i in [-1_i128, names.len() as i128, 1 << 100] {
        let e = Action::at(&twmj_core::vocab::Int::from(i)).unwrap_err();
        assert_eq!(e.code(), "unknown_action");
        assert!(
            e.to_string()
                .contains(&format!("action index {i} is outside")),
            "{e}"
        );
    }
}
