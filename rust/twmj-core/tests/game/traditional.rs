//! The `traditional` preset's game flow (001, Wikibooks 臺灣麻將): 攔胡 without 一炮多響, the end
//! of the wall (流局), 特殊流局, 詐胡, 過水/過手, and the dice procedure of 抽位 / 起莊 / 開門.
//! Scripted deals: seat 0 deals (dice 1 1 1); seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[allow(clippy::wildcard_imports)]
use crate::common::game::*;
use twmj_core::game::{
    is_legal, legal_actions, settle_hand, Action, Deal, DrawReason, Event, FalseWin, Match, Phase,
    Piece, SeatDraw, SplitMix64, State, WallBreak, WinKind,
};
use twmj_core::scoring::{Dealing, MultiWin, Value, Variant, WallReserve};
use twmj_core::Error;

// ---------------------------------------------------------------- settings

#[test]
fn flow_settings_per_preset() {
    // 000 牌與發牌: 牌牆最後 16 張不摸; 001 流局: 剩下八墩牌(十六張牌); 001 特殊流局: 台灣多數人玩的
    // 規則裡沒有; 001 詐胡: 一般規定必須受到點數上的處罰; 001 起莊、發牌; 001 過手.
    let settings = |v: &Variant| -> Vec<(String, Value)> {
        let keys = [
            "wall_reserve",
            "special_draw.four_kongs",
            "special_draw.four_winds",
            "false_win",
            "dealing",
            "furiten_release",
        ];
        v.settings()
            .into_iter()
            .filter(|(k, _)| keys.contains(&k.as_str()))
            .collect()
    };
    let row = |r: &str, k: bool, w: bool, f: bool, d: &str, fr: &str| {
        vec![
            ("wall_reserve".to_owned(), text(r)),
            ("special_draw.four_kongs".to_owned(), Value::Bool(k)),
            ("special_draw.four_winds".to_owned(), Value::Bool(w)),
            ("false_win".to_owned(), Value::Bool(f)),
            ("dealing".to_owned(), text(d)),
            ("furiten_release".to_owned(), text(fr)),
        ]
    };
    let taiwan = row("sixteen", false, false, false, "plain", "table");
    for v in [Variant::taiwan(), Variant::american(), Variant::hk16()] {
        assert_eq!(settings(&v), taiwan, "{}", v.preset);
    }
    // 004 過水: 在你下一次摸牌之前，不能再胡同一張 — 004's own release.
    for v in [Variant::three_player(), Variant::two_player()] {
        let own = row("sixteen", false, false, false, "plain", "next_draw");
        assert_eq!(settings(&v), own, "{}", v.preset);
    }
    // 003 改良式 特殊流局情形: 出現四槓之時（非同一玩家）; 詐胡的罰則 (詐胡通賠三家).
    assert_eq!(
        settings(&Variant::improved16()),
        row("sixteen", true, false, true, "plain", "table")
    );
    // 001 台數表 四槓牌: 若兩家以上合力完成四槓，則和局 (the row traditional plays as 四槓胡).
    assert_eq!(
        settings(&trad()),
        row("sixteen", true, false, true, "wall", "own_draw")
    );
    assert_eq!(trad().multi_win, MultiWin::Nearest);
    // Every listed key is accepted back and reproduces the preset.
    let mut b = Variant::taiwan();
    for (k, v) in trad().settings() {
        b.set(&k, &v).unwrap_or_else(|e| panic!("{k}: {e}"));
    }
    assert_eq!(b.flow, trad().flow);
    // The six flow keys are among Variant::KEYS, each listed once by settings().
    let v = trad();
    let items = twmj_core::scoring::ITEMS
        .iter()
        .filter(|d| d.item != twmj_core::scoring::Item::Dice && v.has(d.item))
        .count();
    // `tai.<item>` and `exclude.<item>` for each item of its table (骰規台 absent).
    assert_eq!(v.settings().len(), Variant::KEYS.len() + 2 * items);
}

#[test]
fn bad_flow_settings_name_the_key() {
    let v = trad();
    let cases: [(&str, Value, &str); 6] = [
        (
            "wall_reserve",
            text("eight"),
            "variant setting 'wall_reserve': \"eight\" is not one of \"sixteen\", \"kong_one\", \"kong_stack\", \"none\"",
        ),
        (
            "special_draw.four_kongs",
            Value::Int(1),
            "variant setting 'special_draw.four_kongs': 1 is not true or false",
        ),
        (
            "special_draw.four_winds",
            text("yes"),
            "variant setting 'special_draw.four_winds': \"yes\" is not true or false",
        ),
        (
            "false_win",
            Value::Int(0),
            "variant setting 'false_win': 0 is not true or false",
        ),
        (
            "dealing",
            Value::Bool(true),
            "variant setting 'dealing': true is not one of \"plain\", \"wall\"",
        ),
        (
            "furiten_release",
            text("never"),
            "variant setting 'furiten_release': \"never\" is not one of \"table\", \"own_draw\", \"next_draw\"",
        ),
    ];
    for (k, val, want) in cases {
        let e = v.with_overrides(&[(k, val)]).err().map(|e| e.to_string());
        assert_eq!(e.as_deref(), Some(want));
    }
}

// ---------------------------------------------------------------- 攔胡 (001 胡牌)

fn three_waiting(v: &Variant) -> State {
    table(
        v,
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
fn one_discard_one_winner_the_nearest() {
    // 001 胡牌: 如同時有兩位以上胡牌，則以摸牌順位離放槍者最近者優先胡牌(一家放槍只能一家胡牌);
    // 除非事先有說，否則台灣麻將「無」一炮雙響或是三響.
    let mut st = three_waiting(&trad());
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 3, Action::Win);
    act(&mut st, 2, Action::Win);
    act(&mut st, 1, Action::Win);
    let r = st.result().unwrap();
    assert_eq!(r.winners(), vec![1]);
    assert_eq!(r.wins[0].kind, WinKind::Discard { from: 0 });
    round_trip(&st);

    // Two claimants, the nearer one (seat 2 before seat 3) wins.
    let mut st = three_waiting(&trad());
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    act(&mut st, 3, Action::Win);
    act(&mut st, 2, Action::Win);
    assert_eq!(st.result().unwrap().winners(), vec![2]);

    // 000 (taiwan) keeps 一砲三響.
    let mut st = three_waiting(&Variant::taiwan());
    act(&mut st, 0, Action::Discard(t("5m")));
    for s in [3, 2, 1] {
        act(&mut st, s, Action::Win);
    }
    assert_eq!(st.result().unwrap().winners(), vec![1, 2, 3]);
}

#[test]
fn multi_win_all_every_claimant_paid_by_the_discarder() {
    // 事先有說 (multi_win = all): two claimants both win, each paid by the discarder alone.
    let v = with(&trad(), &[("multi_win", text("all"))]);
    let mut st = three_waiting(&v);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 1, Action::Pass);
    act(&mut st, 3, Action::Win);
    act(&mut st, 2, Action::Win);
    let r = st.result().unwrap().clone();
    assert_eq!(r.winners(), vec![2, 3]);
    let (bills, s) = settle_hand(&r, &table_of(&st), &v).unwrap();
    assert_eq!(bills.len(), 2);
    let lines: Vec<(u8, u8)> = s.lines.iter().map(|l| (l.payer, l.payee)).collect();
    assert_eq!(lines, [(0, 2), (0, 3)]);
    assert_eq!(s.net_tai[1], 0);
    round_trip(&st);
}

// ---------------------------------------------------------------- 流局 (001 流局)

#[test]
fn exhausted_wall_is_a_draw_named_wall() {
    // 001 流局: 若牌局進行到剩下「八墩牌」(十六張牌)留在牌牆上還沒有人胡牌，則此局也要宣告結束.
    let mut st = table(&trad(), ["2s8s8s8s", "", "", ""], "", "", Some(0));
    assert_eq!((st.kept_back(), st.wall_len()), (16, 16));
    discard(&mut st, "1z");
    let r = st.result().unwrap();
    assert!(r.is_draw());
    assert_eq!((r.draw, r.false_win), (Some(DrawReason::Wall), None));
    let end = twmj_core::game::to_json(st.log().last().unwrap());
    assert!(end.ends_with(r#""wins":[],"draw":"wall"}"#), "{end}");
    round_trip(&st);
}

/// Drawable tiles before and after the dealer's 暗槓 of 1m, with `drawable` tiles at the start
/// under 16 kept back, and whether the hand is still on.
fn after_one_kong(reserve: &str, drawable: usize) -> (usize, usize, bool) {
    let v = with(&trad(), &[("wall_reserve", text(reserve))]);
    let mut st = table(&v, ["1m1m1m1m 8s", "", "", ""], "", "", Some(drawable));
    let before = st.drawable();
    act(&mut st, 0, Action::Ankan(t("1m")));
    (before, st.drawable(), !st.is_over())
}

#[test]
fn wall_reserve_options() {
    // 001 流局: 八墩 (16); 一槓一 (每槓多留一張); 一次槓牌多留一墩 (兩張); 將牌取至不剩.
    assert_eq!(after_one_kong("sixteen", 5), (5, 4, true));
    assert_eq!(after_one_kong("kong_one", 5), (5, 3, true));
    assert_eq!(after_one_kong("kong_stack", 5), (5, 2, true));
    assert_eq!(after_one_kong("none", 5), (21, 20, true));
    // One drawable tile: with 16 kept back the replacement is the last tile (海底); with 一槓一
    // the kong keeps that tile back, nothing is left to replace with: 流局.
    assert_eq!(after_one_kong("sixteen", 1), (1, 0, true));
    assert_eq!(after_one_kong("kong_one", 1), (1, 0, false));
    assert_eq!(WallReserve::KongStack.kept(3), 22);
    let v = with(&trad(), &[("wall_reserve", text("kong_one"))]);
    let mut st = table(&v, ["1m1m1m1m 8s", "", "", ""], "", "", Some(1));
    act(&mut st, 0, Action::Ankan(t("1m")));
    assert_eq!(st.result().unwrap().draw, Some(DrawReason::Wall));
    round_trip(&st);
}

// ---------------------------------------------------------------- 特殊流局 (001 特殊流局)

#[test]
fn four_winds_in_a_row_is_a_draw_when_switched_on() {
    // 001 特殊流局 四風連打: 由莊家開始依序捨出四張相同的風牌則流局.
    let cores = ["1z 8s", "1z", "1z", "1z"];
    let v = with(&trad(), &[("special_draw.four_winds", Value::Bool(true))]);
    let mut st = table(&v, cores, "", "", None);
    for _ in 0..3 {
        discard(&mut st, "1z");
        assert!(!st.is_over());
    }
    act(&mut st, 3, Action::Discard(t("1z")));
    let r = st.result().unwrap();
    assert_eq!((r.draw, r.wins.len()), (Some(DrawReason::FourWinds), 0));
    // At that moment: nothing is offered after the fourth wind.
    let n = st.log().len();
    assert_eq!(
        st.log()[n - 2],
        Event::Act {
            seat: 3,
            action: Action::Discard(t("1z"))
        }
    );
    round_trip(&st);

    // Off (the preset's default: 台灣多數人玩的規則裡，是沒有「特殊流局」的規則的): play goes on.
    let mut st = table(&trad(), cores, "", "", None);
    for _ in 0..4 {
        discard(&mut st, "1z");
    }
    assert_eq!(turn(&st), 0);

    // Not the same wind: no draw.
    let mut st = table(&v, ["1z 8s", "1z", "1z", "2z"], "", "", None);
    for w in ["1z", "1z", "1z", "2z"] {
        discard(&mut st, w);
    }
    assert_eq!(turn(&st), 0);
}

#[test]
fn four_kongs_by_two_players_is_a_draw() {
    // 001 台數表 四槓牌: 若兩家以上合力完成四槓，則和局; 特殊胡牌: 若由不同玩家共同完成四槓則為和局
    // (on in traditional, which plays that row's 四槓胡).
    let cores = ["1m1m1m1m 9m9m9m9m 8s", "1p1p1p1p 9p9p9p9p", "", ""];
    let v = trad();
    let play = |v: &Variant| {
        let mut st = table(v, cores, "", "", None);
        act(&mut st, 0, Action::Ankan(t("1m")));
        act(&mut st, 0, Action::Ankan(t("9m")));
        tsumogiri(&mut st);
        act(&mut st, 1, Action::Ankan(t("1p")));
        assert!(!st.is_over());
        act(&mut st, 1, Action::Ankan(t("9p")));
        st
    };
    let st = play(&v);
    let r = st.result().unwrap();
    assert_eq!(r.draw, Some(DrawReason::FourKongs));
    // At once: no replacement after the fourth kong.
    assert!(matches!(
        st.log()[st.log().len() - 2],
        Event::Act {
            seat: 1,
            action: Action::Ankan(_)
        }
    ));
    round_trip(&st);
    // Off: seat 1 takes its replacement and plays on.
    let st = play(&with(
        &trad(),
        &[("special_draw.four_kongs", Value::Bool(false))],
    ));
    assert_eq!(turn(&st), 1);
    assert_eq!(st.kongs(), 4);
    // 003 改良式 特殊流局情形: 出現四槓之時（非同一玩家）: on in improved16 as the preset stands.
    let st = play(&Variant::improved16());
    assert_eq!(
        st.result().map(|r| r.draw),
        Some(Some(DrawReason::FourKongs))
    );
}

#[test]
fn four_kongs_by_one_player_is_not_a_draw() {
    // 001 四槓牌: 玩家單獨完成四槓 is a hand (scored), not 和局. (With `four_kongs_win`, on in
    // traditional, it ends the hand as a win: `kongs.rs`; off here, play goes on.)
    let v = with(
        &trad(),
        &[
            ("special_draw.four_kongs", Value::Bool(true)),
            ("four_kongs_win", Value::Bool(false)),
        ],
    );
    let mut st = table(
        &v,
        ["1m1m1m1m 9m9m9m9m 1p1p1p1p 9p9p9p9p 8s", "", "", ""],
        "",
        "",
        None,
    );
    for k in ["1m", "9m", "1p", "9p"] {
        act(&mut st, 0, Action::Ankan(t(k)));
    }
    assert_eq!((st.kongs(), turn(&st)), (4, 0));
}

// ---------------------------------------------------------------- 詐胡 (001 詐胡)

#[test]
fn false_win_on_an_incomplete_hand() {
    // 001 詐胡: 手牌尚未完成「五面一眼」就宣告胡牌; 需一家賠三家 (一底 + 詐胡的台數, none here).
    let mut st = table(&trad(), ["8s", "", "", ""], "", "", None);
    assert!(!is_legal(&st, 0, Action::Win));
    act(&mut st, 0, Action::Win);
    let r = st.result().unwrap().clone();
    assert_eq!(
        r.false_win,
        Some(FalseWin {
            seat: 0,
            tai: 0,
            ready: [None; 4]
        })
    );
    assert!(r.wins.is_empty() && !r.is_draw() && r.draw.is_none());
    let (bills, s) = settle_hand(&r, &table_of(&st), &trad()).unwrap();
    assert!(bills.is_empty());
    assert_eq!(s.net_tai, [-9, 3, 3, 3]);
    assert_eq!(s.net_money, [-900, 300, 300, 300]);
    round_trip(&st);
    // 詐胡 is a seat's shout: a seat not on turn may make it too.
    let mut st = table(&trad(), ["8s", "", "", ""], "", "", None);
    act(&mut st, 2, Action::Win);
    assert_eq!(
        st.result().unwrap().false_win,
        Some(FalseWin {
            seat: 2,
            tai: 0,
            ready: [None; 4]
        })
    );

    // taiwan (000 has no 詐胡): the 胡 is refused, the hand goes on.
    let mut st = table(&Variant::taiwan(), ["8s", "", "", ""], "", "", None);
    match st.apply(0, Action::Win) {
        Err(Error::Illegal { rule, .. }) => assert_eq!(rule, "胡牌的樣子"),
        other => panic!("{other:?}"),
    }
    assert!(!st.is_over());
}

#[test]
fn improved16_false_win_pays_ready_seats_their_waits() {
    // 003 詐胡的罰則: 詐胡通賠三家，賠聽牌者所聽台數，賠未聽者自己詐胡的台數. Seat 3 shouts 胡 on
    // its own turn with nothing (its own tai 0). Seat 1 waits on 5m alone (嵌張 46m): 門清 1 +
    // 獨聽 1 + 一條龍 2 (123p 456p 789p) = 4 (003 改良式 1台/2台). Seat 2 waits on 1m or 4m
    // (23m): 1m makes 一條龍 (123m 456m 789m), 門清 1 + 2 = 3; 4m only 門清 1: its best wait
    // counts, 3. The dealer is on no wait: it is paid the false win's own 0.
    let v = Variant::improved16();
    let one = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let two = "1p1p 2m3m 4m5m6m 7m8m9m 1s2s3s 4z4z4z";
    // The dealer: seven pairs and two singles once 8s is gone (no wait, nothing to 碰 below);
    // seat 3: scattered.
    let dealer = "8s 1m1m 9m9m 5z5z 6z6z 7z7z 6s6s 9s9s 3z 1z";
    let three = "1m 2m 5m 8m 2p 5p 8p 3s 6s 8s 7s 5z 6z 7z 3z 2z";
    let hands = [dealer, one, two, three];
    let mut st = table(&v, hands, "1z 2z 3z", "", None);
    discard(&mut st, "8s");
    tsumogiri(&mut st); // seat 1 (its first turn passes: no 地胡 reading below)
    tsumogiri(&mut st); // seat 2
    assert_eq!(turn(&st), 3);
    assert!(!is_legal(&st, 3, Action::Win));
    act(&mut st, 3, Action::Win);
    let r = st.result().unwrap().clone();
    let f = r.false_win.unwrap();
    assert_eq!((f.seat, f.tai), (3, 0));
    assert_eq!(f.ready, [None, Some(4), Some(3), None]);
    assert_eq!([0, 1, 2].map(|s| f.tai_for(s)), [0, 4, 3]);
    // 中庸全統制 (no 底): each line as a 自摸 line, × 2 (docs/variants.md 詐胡).
    let (_, s) = settle_hand(&r, &table_of(&st), &v).unwrap();
    assert_eq!(s.net_tai, [0, 8, 6, -14]);
    round_trip(&st);
    let text = twmj_core::game::write_log(st.log());
    assert!(
        text.contains(r#""false_win":{"seat":3,"tai":0,"ready":[[1,4],[2,3]]}"#),
        "{text}"
    );

    // The same shout under traditional (001: 所賠台數視詐胡的台數計算, one tai for all): no
    // `ready`, every seat paid 一底 + 0.
    let mut st = table(&trad(), hands, "1z 2z 3z", "", None);
    discard(&mut st, "8s");
    tsumogiri(&mut st);
    tsumogiri(&mut st);
    act(&mut st, 3, Action::Win);
    let f = st.result().unwrap().false_win.unwrap();
    assert_eq!(f.ready, [None; 4]);
}

#[test]
fn false_win_after_declaring_migi_pays_eight_tai() {
    // 001 詐胡: 所賠台數視詐胡的台數計算。例如：宣告地聽後詐胡則需賠其它三家一底八台.
    let ready = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = table(&trad(), ["8s", ready, "", ""], "", "", None);
    discard(&mut st, "8s");
    let d = drawn(&st);
    act(&mut st, 1, Action::Declare(d));
    pass_all(&mut st);
    assert_eq!(st.player(1).declared, twmj_core::game::Declaration::Migi);
    tsumogiri(&mut st); // seat 2
    assert_eq!(turn(&st), 3);
    act(&mut st, 1, Action::Win);
    let r = st.result().unwrap().clone();
    assert_eq!(
        r.false_win,
        Some(FalseWin {
            seat: 1,
            tai: 8,
            ready: [None; 4]
        })
    );
    let (_, s) = settle_hand(&r, &table_of(&st), &trad()).unwrap();
    // 一底八台 = 3 + 8 to each of the other three.
    assert_eq!(s.net_tai, [11, -33, 11, 11]);
    round_trip(&st);
}

#[test]
fn false_win_in_furiten_pays_the_hand_tai() {
    // 001 詐胡: 在過水的情況下未過手即宣告胡牌; 過水: 放槍不胡的玩家，就需等過手後方可再胡牌.
    // Seat 3 lets the dealer's 5m go, then shouts 胡 on seat 1's 5m while seat 2 may 吃 it.
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = table(&trad(), ["5m 8s", "5m", "6m7m", waits_5m], "", "", None);
    act(&mut st, 0, Action::Discard(t("5m")));
    act(&mut st, 3, Action::Pass);
    assert!(st.player(3).furiten.blocks_win());
    assert_eq!(turn(&st), 1);
    act(&mut st, 1, Action::Discard(t("5m")));
    assert!(matches!(st.phase(), Phase::Offer(_)));
    assert!(!is_legal(&st, 3, Action::Win));
    act(&mut st, 3, Action::Win);
    // 門清 1 + 獨聽 (中洞) 1: the tai of the win it would have been.
    let r = st.result().unwrap().clone();
    assert_eq!(
        r.false_win,
        Some(FalseWin {
            seat: 3,
            tai: 2,
            ready: [None; 4]
        })
    );
    let (_, s) = settle_hand(&r, &table_of(&st), &trad()).unwrap();
    assert_eq!(s.net_tai, [5, 5, 5, -15]);
    round_trip(&st);
}

#[test]
fn false_win_in_furiten_pays_the_same_with_or_without_another_claimant() {
    // 001 詐胡: 需一家賠三家，所賠台數視詐胡的台數計算 — the false win's own tai, never whether a
    // third seat could claim the tile. Seat 3, in 過水 (在過水的情況下未過手即宣告胡牌), is asked
    // about seat 1's 5m (過, or the 胡 that is a 詐胡) whether or not seat 2 could 吃 it.
    let waits_5m = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut paid = Vec::new();
    for seat_2 in ["6m7m", ""] {
        let mut st = table(&trad(), ["5m 8s", "5m", seat_2, waits_5m], "", "", None);
        act(&mut st, 0, Action::Discard(t("5m")));
        act(&mut st, 3, Action::Pass);
        act(&mut st, 1, Action::Discard(t("5m")));
        assert!(
            matches!(st.phase(), Phase::Offer(o) if o.pending() >> 3 & 1 == 1),
            "seat 2 holds {seat_2:?}"
        );
        // The listed answer is 過 alone: the 胡 is no win, only a 詐胡.
        assert_eq!(legal_actions(&st, 3), vec![Action::Pass]);
        let mut passed = st.clone();
        act(&mut st, 3, Action::Win);
        let r = st.result().unwrap().clone();
        let f = r.false_win.unwrap();
        let (_, s) = settle_hand(&r, &table_of(&st), &trad()).unwrap();
        paid.push((f.seat, f.tai, s.net_tai));
        round_trip(&st);
        // 過 lets the hand go on as before.
        act(&mut passed, 3, Action::Pass);
        pass_all(&mut passed);
        assert_eq!(turn(&passed), 2, "seat 2 holds {seat_2:?}");
    }
    // 門清 1 + 獨聽 (中洞) 1 both times: 一底 3 + 2 to each of the other three.
    assert_eq!(paid, vec![(3, 2, [5, 5, 5, -15]); 2]);
}

#[test]
fn dealer_keeps_the_deal_after_a_false_win() {
    // 001 下莊: 若胡牌非莊家也非流局或和局，則莊家換下家做 — a 詐胡 is no win.
    let mut m = Match::new(3, 0, &trad());
    let d = m.deal().dealer;
    let r = twmj_core::game::HandResult {
        dealer: d,
        east: d,
        wins: Vec::new(),
        draw: None,
        false_win: Some(FalseWin {
            seat: (d + 1) % 4,
            tai: 0,
            ready: [None; 4],
        }),
        fees: Vec::new(),
        ankan_fees: Vec::new(),
    };
    m.finish(&r);
    assert_eq!((m.dealer, m.streak), (d, 1));
}

// ---------------------------------------------------------------- 抽位, 起莊, 開門 (001)

/// Three dice adding up to `total` (3–18).
fn dice_of(total: u8) -> [u8; 3] {
    let a = (total - 2).min(6);
    let b = (total - a - 1).min(6);
    [a, b, total - a - b]
}

#[test]
fn the_dice_total_counted_from_the_roller() {
    // 001 抽位: 5、9、13、17 點 丟骰者自己; 6、10、14、18 下家; 3、7、11、15 對家; 4、8、12、16 上家.
    for (offset, totals) in [
        (0u8, [5u8, 9, 13, 17]),
        (1, [6, 10, 14, 18]),
        (2, [3, 7, 11, 15]),
        (3, [4, 8, 12, 16]),
    ] {
        for total in totals {
            for roller in 0..4u8 {
                // 非起莊發牌: the dealer rolls; the dice pick the wall.
                let b = WallBreak::of(roller, dice_of(total), false, 4);
                assert_eq!(
                    b,
                    WallBreak {
                        roller,
                        total,
                        wall: (roller + offset) % 4,
                        kept: total
                    }
                );
                // 起莊: the 假莊 rolled and the dice picked the dealer, whose wall breaks.
                let dealer = (roller + offset) % 4;
                let b = WallBreak::of(dealer, dice_of(total), true, 4);
                assert_eq!((b.roller, b.wall), (roller, dealer));
            }
        }
    }
}

/// The first seed whose first-hand deal under `v` rolls `total`.
fn seed_rolling(v: &Variant, total: u8, door_from_dice: bool, roller: u8) -> (u64, Deal) {
    (0..10_000u64)
        .map(|s| (s, Deal::from_seed(s, roller, door_from_dice, v)))
        .find(|(_, d)| d.dice.iter().sum::<u8>() == total)
        .unwrap()
}

/// The seed's shuffled set as the walls lay it: wall `w`, stack `j` (0-based from the wall's
/// right end), tiles `2 (18 w + j)` and the one after.
fn laid(seed: u64, v: &Variant) -> Vec<Piece> {
    let mut rng = SplitMix64::new(seed);
    for _ in 0..3 {
        rng.below(6);
    }
    let mut set = Piece::set_of(v);
    rng.shuffle(&mut set);
    set
}

fn stacks(set: &[Piece], w: usize, from: usize, n: usize) -> Vec<Piece> {
    set[(18 * w + from) * 2..(18 * w + from + n) * 2].to_vec()
}

#[test]
fn first_hand_the_false_dealer_rolls_eleven() {
    // 001 起莊、發牌: 若東風位玩家擲骰子指出11點，則由西風位玩家當莊，並且由莊家開始，從自家面前
    // 取走第十二、十三墩牌(留下右邊十一墩)，接著下家取十四、十五，對家取十六、十七，上家取十八及
    // 接下來的第一墩.
    let v = trad();
    let (seed, deal) = seed_rolling(&v, 11, false, 0);
    let set = laid(seed, &v);
    assert_eq!(deal.dealer, 2);
    assert_eq!(deal.hands[2][..4], stacks(&set, 2, 11, 2)[..]);
    assert_eq!(deal.hands[3][..4], stacks(&set, 2, 13, 2)[..]);
    assert_eq!(deal.hands[0][..4], stacks(&set, 2, 15, 2)[..]);
    let mut upper = stacks(&set, 2, 17, 1);
    upper.extend(stacks(&set, 1, 0, 1));
    assert_eq!(deal.hands[1][..4], upper[..]);
    // 開門: after four rounds (32 stacks) the dealer takes the first tile of the next stack:
    // wall 2 has 7 stacks after the break, wall 1 18, wall 0 gives the other 7.
    assert_eq!(deal.hands[2][16], stacks(&set, 0, 7, 1)[0]);
    // 補花 from the stacks left standing (嶺上牌): wall 2, stack 11 (0-based 10) first.
    assert_eq!(deal.dead[0], stacks(&set, 2, 10, 1)[1]);
    // The hand: the dealer sits 東 (its own wall opened), the break is in the log.
    let st = State::from_deal(deal, &v).unwrap();
    assert_eq!((st.dealer(), st.east()), (2, 2));
    let b = WallBreak {
        roller: 0,
        total: 11,
        wall: 2,
        kept: 11,
    };
    assert_eq!(st.wall_break(), Some(b));
    assert_eq!(st.log()[2], Event::Break(b));
    let line = twmj_core::game::to_json(&st.log()[2]);
    assert_eq!(
        line,
        r#"{"type":"break","roller":0,"total":11,"wall":2,"kept":11}"#
    );
    assert_eq!(twmj_core::game::from_json(&line).unwrap(), st.log()[2]);
}

#[test]
fn first_hand_the_false_dealer_rolls_thirteen() {
    // 001 起莊、發牌: 若東風位玩家擲骰子指出13點，則由東風位玩家當莊，從自家面前取走第十四、十五墩牌.
    let v = trad();
    let (seed, deal) = seed_rolling(&v, 13, false, 1);
    let set = laid(seed, &v);
    assert_eq!(deal.dealer, 1);
    assert_eq!(deal.hands[1][..4], stacks(&set, 1, 13, 2)[..]);
}

#[test]
fn later_hand_the_dealer_rolls_ten() {
    // 001 非起莊發牌: 玩家當莊，擲出10點，則從右手邊(即下家)留下十墩牌，取走十一、十二墩;
    // 正花、正風說明: 取牌起點為東風 (6、10、14、18 點以莊家下家為東風).
    let v = trad();
    let (seed, deal) = seed_rolling(&v, 10, true, 1);
    let walls = laid(seed, &v);
    assert_eq!(deal.dealer, 1);
    assert_eq!(deal.hands[1][..4], stacks(&walls, 2, 10, 2)[..]);
    let st = State::from_deal(deal, &v).unwrap();
    assert_eq!(st.east(), 2);
    assert_eq!(
        st.wall_break(),
        Some(WallBreak {
            roller: 1,
            total: 10,
            wall: 2,
            kept: 10
        })
    );
    // A whole random hand under traditional replays from its log.
    let mut st = State::from_seed(seed, &v);
    while !st.is_over() {
        let seat = st.pending().trailing_zeros() as u8;
        let a = legal_actions(&st, seat)[0];
        act(&mut st, seat, a);
    }
    round_trip(&st);
}

#[test]
fn existing_seeds_deal_as_before() {
    // Only `dealing = "wall"` takes the 001 procedure; seed 42 of taiwan is the deal it always
    // was (dice 5 1 2, the dealer's 17 tiles, the first 8 of the wall).
    let d = Deal::from_seed(42, 0, false, &twmj_core::TAIWAN);
    let codes = |p: &[Piece]| p.iter().map(|p| p.code()).collect::<String>();
    assert_eq!(d.dice, [5, 1, 2]);
    assert_eq!(codes(&d.hands[0]), "6z6s8s3m1p3p8p6s1z8s1p8s7s3m9m4s9s");
    assert_eq!(codes(&d.live[..8]), "4p1m5z6m9s2m5z6p");
    let plain = with(&trad(), &[("dealing", text("plain"))]);
    assert_eq!(plain.flow.dealing, Dealing::Plain);
    for seed in 0..20 {
        let taiwan = Deal::from_seed(seed, 1, seed % 2 == 0, &Variant::taiwan());
        assert_eq!(Deal::from_seed(seed, 1, seed % 2 == 0, &plain), taiwan);
        assert_ne!(
            Deal::from_seed(seed, 1, seed % 2 == 0, &trad()).hands,
            taiwan.hands
        );
    }
    assert!(State::from_seed(42, &twmj_core::TAIWAN)
        .wall_break()
        .is_none());
}

#[test]
fn seat_draw_follows_the_dice_and_the_wind_tiles() {
    // 001 抽位: 骰子決定 壹、誰先抽 貳、東風位; 南風則坐東風下家，西風坐對家，北風坐上家.
    for seed in 0..64 {
        let d = SeatDraw::draw(&mut SplitMix64::new(seed), 4);
        let total = d.dice.iter().sum::<u8>();
        assert_eq!(d.first, (d.roller + (total - 1) % 4) % 4);
        let mut winds = d.winds;
        winds.sort_unstable();
        assert_eq!(winds, [0, 1, 2, 3]);
        for p in 0..4 {
            assert_eq!(d.seats[p], (d.first + d.winds[p]) % 4);
        }
    }
    // A match: the 東風位 is the 假莊; the first deal's dice pick the dealer (起莊).
    let mut m = Match::new(5, 3, &trad());
    let sd = m.seat_draw.unwrap();
    assert_eq!(m.dealer, sd.first);
    let deal = m.deal();
    let total = deal.dice.iter().sum::<u8>();
    assert_eq!(deal.dealer, (sd.first + (total - 1) % 4) % 4);
    assert_eq!((m.dealer, m.first_dealer), (deal.dealer, deal.dealer));
    let m = Match::new(5, 3, &Variant::taiwan());
    assert!(m.seat_draw.is_none());
    assert_eq!(m.dealer, 3);
}

// ---------------------------------------------------------------- random play

#[test]
fn random_traditional_hands_keep_the_invariants_and_replay() {
    // Every flow switch on, 一槓一, and a stray 詐胡 now and then: the pieces stay conserved,
    // every hand ends, its record replays, and its settlement balances.
    // (The record reader keeps a rules line's overrides in their order: any order works.)
    let v = with(
        &trad(),
        &[
            ("special_draw.four_kongs", Value::Bool(true)),
            ("special_draw.four_winds", Value::Bool(true)),
            ("wall_reserve", text("kong_one")),
        ],
    );
    let mut rng = SplitMix64::new(2024);
    let mut ends = [0usize; 3];
    for seed in 0..300 {
        let mut st = State::from_seed(seed, &v);
        let mut steps = 0;
        while !st.is_over() {
            let seat = st.pending().trailing_zeros() as u8;
            let acts = legal_actions(&st, seat);
            assert!(!acts.is_empty(), "seed {seed}: seat {seat} has no action");
            // Prefer kongs and wins, so the special endings come up; 詐胡 once in a while.
            let a = if rng.below(400) == 0 {
                Action::Win
            } else if let Some(k) = acts.iter().find(|a| {
                matches!(
                    a,
                    Action::Win | Action::Ankan(_) | Action::Kakan(_) | Action::Minkan
                )
            }) {
                *k
            } else {
                acts[rng.below(acts.len())]
            };
            act(&mut st, seat, a);
            st.check_invariants()
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            steps += 1;
            assert!(steps < 2000, "seed {seed} does not end");
        }
        let r = st.result().unwrap().clone();
        ends[usize::from(r.false_win.is_some()) + usize::from(!r.wins.is_empty()) * 2] += 1;
        assert_eq!(r.is_draw(), r.draw.is_some());
        let (_, s) = settle_hand(&r, &table_of(&st), &v).unwrap();
        assert_eq!(s.net_tai.iter().sum::<i64>(), 0);
        round_trip(&st);
    }
    // Draws, 詐胡 and wins all occurred.
    assert!(ends.iter().all(|&n| n > 0), "{ends:?}");
}
