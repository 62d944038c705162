//! What puts a seat in 過水, by preset and setting: 000 (a winning tile let go, a self-draw
//! included), 001 (有人放槍而不胡: a passed discard only) and 004's tables that ignore it (也有不管的).
//! Scripted deals: seat 0 deals (dice 1 1 1); seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[allow(clippy::wildcard_imports)]
use crate::common::game::*;
use crate::{options, taiwan_table};
use twmj_core::game::legality::rule;
use twmj_core::game::{is_legal, legal_actions, Action, ChiPos, Phase, WinKind};
use twmj_core::scoring::{Value, Variant};

/// Seat 1 waits on 9p alone.
const READY: &str = "444m 555m 666m 111s 222s 9p";

fn win_offered(st: &twmj_core::game::State, seat: u8) -> bool {
    matches!(st.phase(), Phase::Offer(_)) && is_legal(st, seat, Action::Win)
}

#[test]
fn a_self_draw_let_go_is_furiten_in_000_not_in_001() {
    // 000 過水: 能胡而選擇不胡 … 摸到能自摸的牌而你不自摸; 001 過水: 有人放槍而不胡 … 放槍不胡的玩家,
    // 就需等過手後方可再胡牌 — only a discard passed up. Seat 1 draws 9p, keeps playing (discards
    // it), then seat 2 discards the other 9p.
    for (v, furiten) in [(Variant::taiwan(), true), (trad(), false)] {
        let mut st = table(&v, ["", READY, "", ""], "9p 9p", "", None);
        tsumogiri_first(&mut st);
        assert_eq!((turn(&st), drawn(&st)), (1, t("9p")));
        assert!(is_legal(&st, 1, Action::Win), "{}", v.preset);
        act(&mut st, 1, Action::Discard(t("9p")));
        assert_eq!(st.player(1).furiten.blocks_win(), furiten, "{}", v.preset);
        pass_all(&mut st);
        assert_eq!((turn(&st), drawn(&st)), (2, t("9p")));
        act(&mut st, 2, Action::Discard(t("9p")));
        assert_eq!(win_offered(&st, 1), !furiten, "{}", v.preset);
    }
    // The setting, either way round.
    let v = with(&trad(), &[("furiten_self_draw", Value::Bool(true))]);
    let mut st = table(&v, ["", READY, "", ""], "9p 9p", "", None);
    tsumogiri_first(&mut st);
    act(&mut st, 1, Action::Discard(t("9p")));
    assert!(st.player(1).furiten.blocks_win());
}

#[test]
fn tables_that_ignore_furiten() {
    // 004 過水: 別人打出你能胡的牌、你沒有喊胡，在你下一次摸牌之前，不能再胡同一張。很多桌有這條，也有
    // 不管的. The dealer discards 9p, seat 1 lets it go, then draws the other 9p.
    let ignored = with(
        &Variant::taiwan(),
        &[("furiten_ignored", Value::Bool(true))],
    );
    for (v, win) in [(Variant::taiwan(), false), (ignored, true)] {
        let mut st = table(&v, ["9p", READY, "", ""], "9p", "", None);
        act(&mut st, 0, Action::Discard(t("9p")));
        assert!(win_offered(&st, 1));
        act(&mut st, 1, Action::Pass);
        pass_all(&mut st);
        assert_eq!(st.player(1).furiten.blocks_win(), !win, "{}", v.preset);
        assert_eq!((turn(&st), drawn(&st)), (1, t("9p")));
        assert_eq!(is_legal(&st, 1, Action::Win), win, "{}", v.preset);
    }
    // Off in every preset. A self-draw let go is 過水 but under 001 (有人放槍而不胡) and 004
    // (別人打出你能胡的牌: three_player, two_player).
    for p in twmj_core::rules::PRESETS {
        let v = Variant::preset(p).unwrap();
        assert!(!v.flow.furiten_ignored, "{p}");
        let passed_discard_only = ["traditional", "three_player", "two_player"].contains(&p);
        assert_eq!(v.flow.furiten_self_draw, !passed_discard_only, "{p}");
    }
}

// ---------------------------------------------------------------- 004's own 過水

/// A scripted deal under `v` (`three_player` or `two_player`): the hands as written (seat 0 deals
/// 17), the live wall starting with `live`, then the rest of `v`'s set in canonical order, its
/// last 16 tiles the replacement end.
fn few(v: &Variant, hands: [&str; 4], live: &str) -> twmj_core::game::State {
    use twmj_core::game::{Deal, Piece, State};
    let mut left = Piece::set_of(v);
    let mut take = |text: &str| -> Vec<Piece> {
        let got = Piece::parse_list(text).unwrap();
        for p in &got {
            let i = left.iter().position(|q| q == p).unwrap();
            left.remove(i);
        }
        got
    };
    let parsed = hands.map(&mut take);
    let mut wall = take(live);
    // No flower in the live wall: they go to the replacement end's far side.
    let (flowers, tiles): (Vec<Piece>, Vec<Piece>) =
        left.into_iter().partition(|p| p.tile().is_none());
    wall.extend(tiles);
    let mut replacements = wall.split_off(wall.len() - 16);
    replacements.extend(flowers);
    let script = Deal {
        dealer: 0,
        dice: [1, 1, 1],
        door_from_dice: false,
        hands: parsed,
        live: wall,
        dead: replacements,
        origin: None,
    };
    State::from_deal(script, v).unwrap()
}

/// The 000 rule on a 004 table, to set against 004's own.
fn with_000(v: &Variant) -> Variant {
    with(
        v,
        &[
            ("furiten_release", text("table")),
            ("furiten_self_draw", Value::Bool(true)),
        ],
    )
}

/// `three_player`: seat 2 waits on 3p or 6p; the dealer holds a 3p to discard; seat 1 draws and
/// discards at once.
const THREE: [&str; 4] = [
    "3p 1z1z1z 2z2z2z 3z3z3z 5z5z5z 6z 7z 1m 9m",
    "1p1p 9p9p 4s4s 5s5s 8s8s 6s6s 4z4z 2p2p",
    "4p5p 111s 222s 333s 777s 99s",
    "",
];

#[test]
fn three_player_furiten_bars_the_same_tile_only() {
    // 004 過水: 別人打出你能胡的牌、你沒有喊胡，在你下一次摸牌之前，不能再胡同一張 — seat 2 lets the
    // dealer's 3p go; before its next draw it may not win another 3p but may win a 6p. 000's
    // 過水 (任何牌都不能胡) bars the 6p too.
    let v = Variant::three_player();
    for (v, six_wins) in [(v.clone(), true), (with_000(&v), false)] {
        for (tile, wins) in [("3p", false), ("6p", six_wins)] {
            let mut st = few(&v, THREE, tile);
            act(&mut st, 0, Action::Discard(t("3p")));
            assert!(win_offered(&st, 2));
            act(&mut st, 2, Action::Pass);
            assert!(st.player(2).furiten.blocks_win());
            assert_eq!((turn(&st), drawn(&st)), (1, t(tile)));
            act(&mut st, 1, Action::Discard(t(tile)));
            assert_eq!(
                win_offered(&st, 2),
                wins,
                "{} {tile}",
                v.flow.furiten_release.key()
            );
            if wins {
                act(&mut st, 2, Action::Win);
                let w = &st.result().unwrap().wins[0];
                assert_eq!((w.seat, w.kind), (2, WinKind::Discard { from: 1 }));
            }
        }
    }
}

#[test]
fn three_player_furiten_ends_at_the_next_draw() {
    // 004 過水: 在你下一次摸牌之前 — seat 2's next draw (7z, no win) releases it at once: the
    // dealer's next 3p may be won. 000: 摸到不是胡牌張的牌，然後打出一張 releases too, so the two
    // agree here; the draw alone is the difference (below, two_player).
    let mut st = few(&Variant::three_player(), THREE, "1m 7z 3p");
    act(&mut st, 0, Action::Discard(t("3p")));
    act(&mut st, 2, Action::Pass);
    tsumogiri(&mut st); // seat 1, 1m
    assert_eq!((turn(&st), drawn(&st)), (2, t("7z")));
    assert!(!st.player(2).furiten.blocks_win());
    tsumogiri(&mut st); // seat 2, 7z
    assert_eq!((turn(&st), drawn(&st)), (0, t("3p")));
    act(&mut st, 0, Action::Discard(t("3p")));
    assert!(win_offered(&st, 2));
}

#[test]
fn two_player_may_self_draw_after_letting_a_discard_go() {
    // 004 過水: only 同一張, only 在你下一次摸牌之前: seat 1 lets the dealer's 1m go, then draws
    // 4m, which completes its hand: under 004 it may 自摸 (the draw ended its 過水); under 000
    // (過水期間，任何牌都不能胡，自摸也不行; 摸到的是胡牌張 … 不解除) it may not.
    let hands = [
        "1m 3z3z3z 4z4z4z 5z5z5z 6z6z6z 7z7z 8m8m",
        "2m3m 4m5m6m 7m7m7m 1z1z1z 2z2z2z 9m9m",
        "",
        "",
    ];
    let v = Variant::two_player();
    for (v, wins) in [(v.clone(), true), (with_000(&v), false)] {
        let mut st = few(&v, hands, "4m");
        act(&mut st, 0, Action::Discard(t("1m")));
        assert!(win_offered(&st, 1));
        act(&mut st, 1, Action::Pass);
        assert_eq!((turn(&st), drawn(&st)), (1, t("4m")));
        assert_eq!(
            is_legal(&st, 1, Action::Win),
            wins,
            "{}",
            v.flow.furiten_release.key()
        );
        if !wins {
            refuse(&st, 1, Action::Win, rule::FURITEN);
        }
    }
}

/// The dealer's first discard: a tile of its hand no seat uses.
fn tsumogiri_first(st: &mut twmj_core::game::State) {
    let c = st.player(0).concealed;
    let k = twmj_core::tile::Tile::all()
        .find(|k| c[k.index()] > 0)
        .unwrap();
    discard(st, &k.code());
}

// ---------------------------------------------------------------- 過水碰

#[test]
fn passed_pon_remembers_every_kind_until_own_discard() {
    // 000 過水碰: 先放過五萬、再放過七筒，自己打牌之前五萬、七筒都不能碰
    let mut st = taiwan_table(
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

// ---------------------------------------------------------------- 過水 and its release table

#[test]
fn furiten_drawn_winning_tile_does_not_release_other_draw_does() {
    // 000 過水: 摸到的是胡牌張 → 不能自摸，而且接著打哪一張都不解除;
    // 摸到不是胡牌張的牌，然後打出一張 → 解除
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = taiwan_table(
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
    assert!(st.player(1).furiten.blocks_win());
    // Seat 1 draws 5m: no 自摸 in 過水.
    assert_eq!(drawn(&st), t("5m"));
    refuse(&st, 1, Action::Win, rule::FURITEN);
    tsumogiri(&mut st);
    assert!(
        st.player(1).furiten.blocks_win(),
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
    assert!(!st.player(1).furiten.blocks_win());
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
    let mut st = taiwan_table(["5m 8s8s8s", hand, "", ""], "2p", "5m", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    assert!(st.player(1).furiten.blocks_win());
    act(&mut st, 1, Action::Ankan(t("2p")));
    assert!(!st.player(1).furiten.blocks_win());
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
    let mut st = taiwan_table(["5p 8m8m8m", hand, "", ""], "2p", "1m", None);
    act(&mut st, 0, Action::Discard(t("5p")));
    assert!(options(&st, 1).contains(&Action::Win));
    act(&mut st, 1, Action::Pass);
    assert_eq!(drawn(&st), t("2p"));
    refuse(&st, 1, Action::Win, rule::FURITEN);
    act(&mut st, 1, Action::Ankan(t("2p")));
    assert!(st.player(1).furiten.blocks_win());
    tsumogiri(&mut st);
    assert!(
        st.player(1).furiten.blocks_win(),
        "the discard after a kong of a winning tile does not release"
    );
}

#[test]
fn minkan_replacement_cannot_self_draw_and_enters_furiten() {
    // 000 過水: 明槓之後補進來的是胡牌張（明槓補牌不能自摸，所以直接進入過水）
    let hand = "7s7s7s 4m6m 1p2p3p 4p5p6p 2s3s4s 5s5s";
    let mut st = taiwan_table(["7s 8m8m8m", "", hand, ""], "", "5m", None);
    act(&mut st, 0, Action::Discard(t("7s")));
    act(&mut st, 2, Action::Minkan);
    assert_eq!(drawn(&st), t("5m"));
    refuse(&st, 2, Action::Win, rule::MINKAN_NO_SELF_DRAW);
    assert!(st.player(2).furiten.blocks_win());
    tsumogiri(&mut st);
    assert!(st.player(2).furiten.blocks_win(), "仍在過水");
}

#[test]
fn ankan_after_minkan_restores_self_draw() {
    // 000 槓: 明槓之後的「不能自摸」，在你接著又暗槓或加槓之後解除，那次補牌可以自摸
    let hand = "7s7s7s 2p2p2p 4m6m 4p5p6p 2s3s4s 5s5s";
    let mut st = taiwan_table(["7s 8m8m8m", "", hand, ""], "", "2p 5m", None);
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
    let mut st = taiwan_table(["5m 8s8s8s", "", hand, "2m"], "3p 7p", "8m", None);
    discard(&mut st, "1z");
    tsumogiri(&mut st); // seat 1
    tsumogiri(&mut st); // seat 2 draws 7p, discards it
    act(&mut st, 3, Action::Discard(t("2m")));
    assert!(options(&st, 2).contains(&Action::Win));
    act(&mut st, 2, Action::Pass);
    assert!(st.player(2).furiten.blocks_win());
    act(&mut st, 0, Action::Discard(t("5m")));
    assert_eq!(
        options(&st, 2),
        vec![Action::Pon, Action::Minkan, Action::Pass]
    );
    refuse(&st, 2, Action::Win, rule::FURITEN);
    act(&mut st, 2, Action::Minkan);
    tsumogiri(&mut st);
    assert!(st.player(2).furiten.blocks_win());
}

#[test]
fn chi_instead_of_win_is_furiten_and_a_complete_hand_keeps_it() {
    // 000 過水: 能胡卻選擇吃碰槓; 吃、碰完成當下手牌已經是完整胡型，接著打出一張 → 不解除
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = taiwan_table(["5m 8s8s8s", waits_5m, "", ""], "", "", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Chi(ChiPos::Mid));
    assert!(st.player(1).furiten.blocks_win());
    act(&mut st, 1, Action::Discard(t("1p")));
    pass_all(&mut st);
    assert!(st.player(1).furiten.blocks_win());
}

#[test]
fn chi_with_an_incomplete_hand_then_discard_releases() {
    // 000 過水: 吃、碰完成當下不是胡型，接著打出一張 → 解除
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = taiwan_table(["3s 8m8m8m", waits_5m, "", "5m"], "2z 3z 7p 7m", "", None);
    discard(&mut st, "1z");
    tsumogiri(&mut st); // seat 1
    tsumogiri(&mut st); // seat 2
    act(&mut st, 3, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    assert!(st.player(1).furiten.blocks_win());
    act(&mut st, 0, Action::Discard(t("3s")));
    act(&mut st, 1, Action::Chi(ChiPos::Mid));
    act(&mut st, 1, Action::Discard(t("1p")));
    pass_all(&mut st);
    assert!(!st.player(1).furiten.blocks_win());
}

#[test]
fn declined_self_draw_is_furiten() {
    // 000 過水: 摸到能自摸的牌而你不自摸
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = taiwan_table(["8s8s8s8m", waits_5m, "", ""], "5m", "", None);
    discard(&mut st, "1z");
    assert!(is_legal(&st, 1, Action::Win));
    act(&mut st, 1, Action::Discard(t("5m")));
    pass_all(&mut st);
    assert!(st.player(1).furiten.blocks_win());
}

// ---------------------------------------------------------------- more 花胡, 搶槓, MIGI cases

#[test]
fn furiten_released_by_kakan_of_a_non_winning_tile() {
    // 000 過水: 暗槓或加槓不是胡牌張的牌 → 解除
    let hand = "5m5m 4p6p 1s2s3s 7s7s7s 2m3m4m 9p9p 1z";
    let mut st = taiwan_table(["5m 2s8s8s", "", hand, "5p"], "3z 8p 2p 5m", "8m", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 2, Action::Pon);
    discard(&mut st, "1z");
    act(&mut st, 3, Action::Discard(t("5p")));
    act(&mut st, 2, Action::Pass);
    assert!(st.player(2).furiten.blocks_win());
    tsumogiri(&mut st); // seat 0
    tsumogiri(&mut st); // seat 1
    assert_eq!(drawn(&st), t("5m"));
    act(&mut st, 2, Action::Kakan(t("5m")));
    assert!(!st.player(2).furiten.blocks_win());
}

#[test]
fn declared_declining_a_self_draw_still_adds_the_kong_and_stays_in_furiten() {
    // 000 過水: 宣告聽牌後放棄自摸也會進入過水；摸到已碰出那組的第四張時，照樣自動加槓
    // （加槓的是胡牌張，所以不解除）
    let hand = "8m8m 6m7m 1p2p3p 4p5p6p 2s3s4s 5s5s 9s";
    let mut st = taiwan_table(["8m 8s8s8s", hand, "", ""], "3m 7m 3p 8m", "2z", None);
    act(&mut st, 0, Action::Discard(t("8m")));
    act(&mut st, 1, Action::Pon);
    act(&mut st, 1, Action::Declare(t("9s")));
    pass_all(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    assert_eq!(options(&st, 1), vec![Action::Win, Action::Kakan(t("8m"))]);
    act(&mut st, 1, Action::Kakan(t("8m")));
    assert!(st.player(1).furiten.blocks_win());
    assert_eq!(options(&st, 1), vec![Action::Discard(t("2z"))]);
    act(&mut st, 1, Action::Discard(t("2z")));
    pass_all(&mut st);
    assert!(
        st.player(1).furiten.blocks_win(),
        "the kong was of a winning tile: not released"
    );
}

// ---------------------------------------------------------------- 過水 / 過手 (001 胡牌)

#[test]
fn furiten_a_call_does_not_release() {
    // 001 過手: 即需輪到自己摸進一張「不能胡的牌」後，在捨出一張手牌後，才可以胡牌 — a 吃 draws
    // nothing (000 releases here: 吃、碰完成當下不是胡型，接著打出一張 → 解除).
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let play = |v: &Variant| {
        let mut st = table(
            v,
            ["3s 8m8m8m", waits_5m, "", "5m"],
            "2z 3z 7p 7m",
            "",
            None,
        );
        discard(&mut st, "1z");
        tsumogiri(&mut st); // seat 1
        tsumogiri(&mut st); // seat 2
        act(&mut st, 3, Action::Discard(t("5m")));
        act(&mut st, 1, Action::Pass);
        assert!(st.player(1).furiten.blocks_win());
        act(&mut st, 0, Action::Discard(t("3s")));
        act(&mut st, 1, Action::Chi(twmj_core::game::ChiPos::Mid));
        act(&mut st, 1, Action::Discard(t("1p")));
        pass_all(&mut st);
        st.player(1).furiten.blocks_win()
    };
    assert!(play(&trad()));
    assert!(!play(&Variant::taiwan()));
}

#[test]
fn furiten_a_kong_does_not_release_and_its_winning_replacement_cannot_win() {
    // 001 過手: 如摸進來這張牌剛好是自摸亦不可胡牌 ... 否則算炸胡 (000 releases on a 暗槓 of a
    // non-winning tile, and the replacement 5m then wins with 槓上開花).
    let hand = "4m6m 2p2p2p 7p8p9p 2s3s4s 5s5s 7s8s9s";
    let play = |v: &Variant| {
        let mut st = table(v, ["5m 8s8s8s", hand, "", ""], "2p", "5m", None);
        act(&mut st, 0, Action::Discard(t("5m")));
        act(&mut st, 1, Action::Pass);
        act(&mut st, 1, Action::Ankan(t("2p")));
        assert_eq!(drawn(&st), t("5m"));
        st
    };
    let mut st = play(&trad());
    assert!(st.player(1).furiten.blocks_win());
    assert!(!is_legal(&st, 1, Action::Win));
    // Discarding that winning tile does not release either; declaring 胡 would be a 詐胡.
    let mut shout = st.clone();
    act(&mut shout, 1, Action::Win);
    assert_eq!(shout.result().unwrap().false_win.map(|f| f.seat), Some(1));
    tsumogiri(&mut st);
    assert!(st.player(1).furiten.blocks_win());

    let st = play(&Variant::taiwan());
    assert!(!st.player(1).furiten.blocks_win());
    assert!(is_legal(&st, 1, Action::Win));
}

#[test]
fn furiten_released_by_drawing_a_tile_that_does_not_win() {
    // 001 過手: 摸進一張「不能胡的牌」後，在捨出一張手牌後，才可以胡牌.
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = table(
        &trad(),
        ["5m5m 8s", waits_5m, "", ""],
        "3m 7m 3p 8p 5m",
        "",
        None,
    );
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    assert!(st.player(1).furiten.blocks_win());
    assert_eq!(drawn(&st), t("3m"));
    tsumogiri(&mut st); // seat 1 draws 3m, which does not win, and discards
    assert!(!st.player(1).furiten.blocks_win());
    tsumogiri(&mut st); // seat 2
    tsumogiri(&mut st); // seat 3
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Win);
    assert_eq!(st.result().unwrap().winners(), vec![1]);
}

// ---------------------------------------------------------------- 003 改良式 過水特殊規定

#[test]
fn improved16_dealer_discard_after_a_win_declined_for_min_tai() {
    // 003 過水特殊規定: 若某家打出己方放槍牌，但因台數不足不能胡，而莊家在同圈內打出同一張而胡牌，
    // 不算過水未完的詐胡. Seat 1's concealed hand waits on 1s/4s worth 門清 1: under 起胡 2 a
    // 閒家's 4s is declined (過水), the dealer's 4s (門清 1 + 莊家 1 = 2) may be won.
    let v = with(&Variant::improved16(), &[("min_tai", Value::Int(2))]);
    let play = |v: &Variant| {
        let cores = ["4s 8p", "123m456m789s23s11z555p", "4s", "4s"];
        let mut st = table(v, cores, "9p 9p 9p 9p", "", None);
        discard(&mut st, "8p"); // the dealer's first discard
        tsumogiri(&mut st); // seat 1
        discard(&mut st, "4s"); // seat 2: declined for 起胡 → 過水
        assert!(st.player(1).furiten.blocks_win());
        // Seat 3's 4s is a 閒家's: still 過水.
        discard(&mut st, "4s");
        assert!(st.player(1).furiten.blocks_win());
        // The dealer draws and lets its 4s go.
        act(&mut st, 0, Action::Discard(t("4s")));
        st
    };
    let mut st = play(&v);
    assert!(
        legal_actions(&st, 1).contains(&Action::Win),
        "{:?}",
        legal_actions(&st, 1)
    );
    act(&mut st, 1, Action::Win);
    pass_all(&mut st);
    let r = st.result().unwrap();
    assert_eq!(r.wins.len(), 1);
    assert_eq!(
        (r.wins[0].seat, r.wins[0].kind),
        (1, WinKind::Discard { from: 0 })
    );
    round_trip(&st);
    // Without the rule (000's 過水) the same discard is no win for seat 1.
    let off = with(&v, &[("furiten_dealer_exception", Value::Bool(false))]);
    let st = play(&off);
    assert!(!legal_actions(&st, 1).contains(&Action::Win));
}
