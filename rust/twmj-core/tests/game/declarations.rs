//! Declaring ready in play, by preset: which declaration a `declare` makes (天聽, MIGI / 地聽,
//! 嗆聽), when it is offered at all, what binds the declarer, and what a 詐胡 after it pays;
//! and the win on the last discard (河底撈魚).
//!
//! 000 = 鬥雀 台灣麻將 16 張 (嗆聽與 MIGI), 001 = Wikibooks 臺灣麻將 (台數表 地聽, 天聽, 河底撈魚,
//! 詐胡), 003 = 改良式十六張 (天聽（不可換牌、過水）, 註一). Scripted deals: seat 0 deals (dice
//! 1 1 1); seat s + 1 is the 下家 of seat s.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[allow(clippy::wildcard_imports)]
use crate::common::game::*;
use crate::{options, taiwan_table};
use twmj_core::game::legality::rule;
use twmj_core::game::{
    is_legal, settle_hand, Action, ChiPos, Declaration, Event, FalseWin, Phase, State, WinKind,
};
use twmj_core::scoring::{Item, Variant};

/// The dealer's 17: ready on 3p / 6p once 東 is discarded.
const DEALER_READY: &str = "111m 222m 333m 777p 45p 99s 1z";

/// The dealer declares on its first discard (東); seat 1 draws 6p first.
fn dealer_declares(v: &Variant) -> State {
    let mut st = table(v, [DEALER_READY, "", "", ""], "6p", "", None);
    assert_eq!(turn(&st), 0);
    act(&mut st, 0, Action::Declare(t("1z")));
    pass_all(&mut st);
    st
}

fn item_tai(st: &State, v: &Variant, item: Item) -> Option<u32> {
    let r = st.result().unwrap();
    let (bills, _) = settle_hand(r, &table_of(st), v).unwrap();
    let name = v.name_of(item);
    bills
        .iter()
        .flat_map(|b| &b.items)
        .find(|i| i.name == name)
        .map(|i| i.tai)
}

#[test]
fn the_dealers_first_discard_declares_heaven_ready() {
    // 001 台數表 天聽 16: 在莊家取完牌後，打出第一張牌時即聽牌，需告知其它玩家; 003 改良式 12台
    // 天聽. Both tables also have 地聽, which the dealer's first discard is not.
    for (v, tai) in [(trad(), 16), (Variant::improved16(), 12)] {
        let mut st = dealer_declares(&v);
        assert_eq!(
            st.player(0).declared,
            Declaration::HeavenReady,
            "{}",
            v.preset
        );
        // Seat 1 draws 6p and lets it go: 喊出聽牌後不得換牌或過水 (001), 不可換牌、過水 (003):
        // the dealer may only win it.
        act(&mut st, 1, Action::Discard(t("6p")));
        refuse(&st, 0, Action::Pass, rule::MIGI_MUST_WIN);
        act(&mut st, 0, Action::Win);
        let r = st.result().unwrap();
        let [w] = r.wins.as_slice() else {
            panic!("{r:?}")
        };
        assert_eq!((w.seat, w.kind), (0, WinKind::Discard { from: 1 }));
        assert_eq!(w.declaration, Declaration::HeavenReady, "{}", v.preset);
        assert_eq!(
            item_tai(&st, &v, Item::HeavenReady),
            Some(tai),
            "{}",
            v.preset
        );
        assert_eq!(item_tai(&st, &v, Item::Migi), None, "{}", v.preset);
        // 003 改良式 16台 人胡: 必為天聽，在各家未吃碰下八張牌內有人放槍 — 6p is the table's second
        // discard, nobody has called. 001 has no 人胡.
        let human = (v.preset == "improved16").then_some(16);
        assert_eq!(item_tai(&st, &v, Item::HumanWin), human, "{}", v.preset);
        round_trip(&st);
        let text = twmj_core::game::write_log(st.log());
        assert!(text.contains(r#""declaration":"heaven_ready""#), "{text}");
    }
}

#[test]
fn heaven_ready_dealt_into_after_eight_discards_is_no_human_win() {
    // 003 人胡: 八張牌內 — seat 1's third discard is the table's 10th.
    let v = Variant::improved16();
    let mut st = table(
        &v,
        [DEALER_READY, "", "", ""],
        "1s 2s 4s 6s 7s 8s 9s 9s 6p",
        "",
        None,
    );
    act(&mut st, 0, Action::Declare(t("1z")));
    pass_all(&mut st);
    for _ in 0..8 {
        tsumogiri(&mut st);
    }
    assert_eq!(
        (turn(&st), drawn(&st), st.discards_total()),
        (1, t("6p"), 9)
    );
    act(&mut st, 1, Action::Discard(t("6p")));
    act(&mut st, 0, Action::Win);
    pass_all(&mut st);
    let w = &st.result().unwrap().wins[0];
    assert_eq!(
        (w.declaration, w.first_turn),
        (Declaration::HeavenReady, None)
    );
    assert_eq!(item_tai(&st, &v, Item::HeavenReady), Some(12));
    assert_eq!(item_tai(&st, &v, Item::HumanWin), None);
}

#[test]
fn taiwan_has_no_heaven_ready_so_the_first_discard_is_migi() {
    // 000 不採用的項目: 天聽; 嗆聽與 MIGI: 宣告之前全桌已打出的捨牌少於 8 張 … 沒有任何人吃、碰、槓過.
    let st = dealer_declares(&Variant::taiwan());
    assert_eq!(st.player(0).declared, Declaration::Migi);
}

#[test]
fn a_later_declaration_is_di_ting_not_heaven_ready() {
    // 001 地聽: 每家過兩手即八張牌以內喊出聽牌; 天聽 is the dealer's first discard only. The
    // dealer discards its inert 17th tile first, then declares on its second discard (the
    // table's 5th).
    let v = trad();
    let core = "111m 222m 333m 777p 45p 99s";
    let mut st = table(&v, [core, "", "", ""], "", "", None);
    let (held, mine) = (st.player(0).concealed, crate::common::counts(core));
    let inert = twmj_core::tile::Tile::all()
        .find(|k| held[k.index()] > mine[k.index()])
        .unwrap();
    discard(&mut st, &inert.code());
    for _ in 0..3 {
        tsumogiri(&mut st);
    }
    assert_eq!((turn(&st), st.discards_total()), (0, 4));
    let d = drawn(&st);
    act(&mut st, 0, Action::Declare(d));
    pass_all(&mut st);
    assert_eq!(st.player(0).declared, Declaration::Migi);
}

#[test]
fn a_false_win_after_heaven_ready_pays_its_tai() {
    // 001 詐胡: 所賠台數視詐胡的台數計算。例如：宣告地聽後詐胡則需賠其它三家一底八台 — after 天聽
    // (16) each of the other three is paid 一底 3 + 16.
    let v = trad();
    let mut st = dealer_declares(&v);
    assert_eq!(drawn(&st), t("6p"));
    // Seat 1 drew 6p; say it discards another tile the dealer does not wait on.
    let other = twmj_core::tile::Tile::all()
        .find(|k| st.player(1).concealed[k.index()] > 0 && *k != t("6p") && *k != t("3p"))
        .unwrap();
    act(&mut st, 1, Action::Discard(other));
    assert!(!is_legal(&st, 0, Action::Win));
    act(&mut st, 0, Action::Win);
    let r = st.result().unwrap().clone();
    assert_eq!(
        r.false_win,
        Some(FalseWin {
            seat: 0,
            tai: 16,
            ready: [None; 4]
        })
    );
    let (_, s) = settle_hand(&r, &table_of(&st), &v).unwrap();
    assert_eq!(s.net_tai, [-57, 19, 19, 19]);
    round_trip(&st);
}

/// Seat 1 waits on 9p alone after any discard of the tile it draws.
const SEAT1_READY: &str = "444m 555m 666m 111s 222s 9p";

#[test]
fn traditional_offers_no_declaration_after_eight_discards() {
    // 001 has 地聽 (八張牌以內) and 天聽 only, no 嗆聽: past the eighth discard there is nothing
    // to declare. 000 keeps 嗆聽 at any time (輪到自己打牌時).
    for (v, late) in [(trad(), false), (Variant::taiwan(), true)] {
        let mut st = table(&v, ["", SEAT1_READY, "", ""], "", "", None);
        // Discards 1 (dealer), then seat 1's first turn: the 2nd discard, 地聽 / MIGI.
        tsumogiri_or_first(&mut st);
        assert_eq!(turn(&st), 1);
        assert!(
            is_legal(&st, 1, Action::Declare(drawn(&st))),
            "{}",
            v.preset
        );
        // Round the table twice more: seat 1's third turn follows 9 discards.
        for _ in 0..8 {
            tsumogiri(&mut st);
        }
        assert_eq!(turn(&st), 1);
        assert_eq!(st.discards_total(), 9);
        let d = drawn(&st);
        assert_eq!(is_legal(&st, 1, Action::Declare(d)), late, "{}", v.preset);
        if !late {
            refuse(&st, 1, Action::Declare(d), rule::DECLARE_WINDOW);
        }
    }
}

#[test]
fn traditional_offers_no_declaration_after_a_pon() {
    // 001 地聽: 沒有任何玩家碰牌吃牌或(暗)槓牌的情況下; after seat 2's 碰 nothing is left to
    // declare in 001, while 000's 嗆聽 stays (有吃、碰在外面也可以宣告嗆聽 — for anyone).
    for (v, after) in [(trad(), false), (Variant::taiwan(), true)] {
        let mut st = table(&v, ["7z", SEAT1_READY, "7z7z", ""], "", "", None);
        act(&mut st, 0, Action::Discard(t("7z")));
        act(&mut st, 2, Action::Pon);
        pass_all(&mut st);
        assert!(st.any_call());
        let s2 = st.player(2).concealed;
        let k = twmj_core::tile::Tile::all()
            .find(|k| s2[k.index()] > 0)
            .unwrap();
        discard(&mut st, &k.code());
        tsumogiri(&mut st); // seat 3
        tsumogiri(&mut st); // the dealer
        assert_eq!(turn(&st), 1);
        assert!(st.discards_total() < 8);
        let d = drawn(&st);
        assert_eq!(is_legal(&st, 1, Action::Declare(d)), after, "{}", v.preset);
    }
}

/// The dealer's first turn: it holds 17 and has drawn nothing; it discards a tile no one uses.
fn tsumogiri_or_first(st: &mut State) {
    let Phase::Turn(tn) = *st.phase() else {
        panic!("not a turn")
    };
    if tn.drawn.is_some() {
        tsumogiri(st);
    } else {
        let c = st.player(tn.seat).concealed;
        let k = twmj_core::tile::Tile::all()
            .find(|k| c[k.index()] > 0)
            .unwrap();
        discard(st, &k.code());
    }
}

/// Seat 2 waits on 7s alone; seat 1 draws the last drawable tile, 7s, and discards it.
fn last_discard(v: &Variant) -> State {
    let mut st = table(
        v,
        ["1z", "", "111m 222m 333m 777p 999p 7s", ""],
        "7s",
        "",
        Some(1),
    );
    act(&mut st, 0, Action::Discard(t("1z")));
    pass_all(&mut st);
    assert_eq!((turn(&st), drawn(&st), st.drawable()), (1, t("7s"), 0));
    act(&mut st, 1, Action::Discard(t("7s")));
    // 000 合法與犯規 最後一張捨牌: 別人只能胡.
    act(&mut st, 2, Action::Win);
    st
}

#[test]
fn a_win_on_the_last_discard_is_he_di_lao_yu() {
    // 001 台數表 河底撈魚 1: 流局前最後一個玩家最後一次捨牌剛好胡牌; 003 改良式 1台 河底撈魚 (註一:
    // 即海底最後一張打出放槍). The win is recorded on the last tile and scores the item.
    for (v, tai) in [(trad(), 1), (Variant::improved16(), 1)] {
        let st = last_discard(&v);
        let w = &st.result().unwrap().wins[0];
        assert_eq!((w.seat, w.kind), (2, WinKind::Discard { from: 1 }));
        assert!(w.last_tile, "{}", v.preset);
        assert_eq!(
            item_tai(&st, &v, Item::LastDiscard),
            Some(tai),
            "{}",
            v.preset
        );
        // 海底撈月 is the self-draw of the last tile, not this.
        assert_eq!(item_tai(&st, &v, Item::LastTile), None, "{}", v.preset);
        round_trip(&st);
    }
    // 000 不採用的項目: 河底撈魚（胡最後一張捨牌可以胡，但沒有額外台數）.
    let v = Variant::taiwan();
    let st = last_discard(&v);
    assert!(st.result().unwrap().wins[0].last_tile);
    assert_eq!(item_tai(&st, &v, Item::LastDiscard), None);
    assert_eq!(item_tai(&st, &v, Item::LastTile), None);
}

// ---------------------------------------------------------------- 嗆聽與 MIGI

#[test]
fn migi_within_eight_discards_must_win() {
    // 000 嗆聽與 MIGI: 宣告之前全桌已打出的捨牌少於 8 張 … 沒有任何人吃碰槓; MIGI 一定要胡
    let ready = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = taiwan_table(["5m 8s8s8s", ready, "", ""], "9m 3p 7p 3m", "", None);
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
    let mut st = taiwan_table(["4s 5s 8m8m", hand, "", ""], "3m 7m 3p 2p", "", None);
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
    let deal = |drawable| taiwan_table(["8m 8s8s8s", hand, "", ""], "3m 7m 3p 8m", "2z", drawable);
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
    let mut st = taiwan_table(["8m 8s8s8s", hand, "", ""], "3m 7m 3p 5m", "", None);
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
    assert!(st.player(1).furiten.blocks_win());
}

#[test]
fn migi_only_up_to_the_eighth_discard() {
    // 000 嗆聽與 MIGI: 宣告的這一張最多是全桌第 8 張
    let ready = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    // Everyone throws back what they draw; the seat on turn after `n` discards declares.
    let play = |cores: [&str; 4], n: usize| {
        let mut st = taiwan_table(cores, "", "", None);
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

// ---------------------------------------------------------------- more 花胡, 搶槓, MIGI cases

#[test]
fn migi_must_self_draw() {
    // 000 嗆聽與 MIGI: MIGI … 一定要胡，不能放過 (自摸 too: 000 過水 MIGI 宣告者不能過水)
    let ready = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let mut st = taiwan_table(["8s8s8s 8m", ready, "", ""], "9m 3p 7p 3m 5m", "", None);
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
fn hk16_di_ting_only_at_a_non_dealers_first_discard() {
    // 003 hk16 地聽 20: 閒家配牌後立即聽牌 (`migi_first_discard`), 天聽 40: 莊家配牌，打第一隻後
    // 就叫胡. Against 000 MIGI / 001 地聽 (八張牌以內, anyone), a 閒家's later discard and the
    // dealer's second discard declare nothing under hk16.
    let ready = "4m6m 1p2p3p 4p5p6p 7p8p9p 2s3s4s 5s5s";
    let hk = Variant::hk16();
    assert!(hk.flow.migi_first_discard);
    // Seat 1 at its own first discard (the table's second): 地聽.
    let mut st = table(&hk, ["", ready, "", ""], "", "", None);
    discard(&mut st, "1z");
    let d = drawn(&st);
    act(&mut st, 1, Action::Declare(d));
    assert_eq!(st.player(1).declared, Declaration::Migi);
    // Seat 1 at its second discard (the table's sixth): nothing under hk16, MIGI under taiwan.
    let second = |v: &Variant| {
        let mut st = table(v, ["", ready, "", ""], "", "", None);
        discard(&mut st, "1z");
        for _ in 0..4 {
            tsumogiri(&mut st);
        }
        assert_eq!((turn(&st), st.discards_total()), (1, 5));
        st
    };
    let st = second(&hk);
    refuse(&st, 1, Action::Declare(drawn(&st)), rule::DECLARE_WINDOW);
    let mut st = second(&Variant::taiwan());
    let d = drawn(&st);
    act(&mut st, 1, Action::Declare(d));
    assert_eq!(st.player(1).declared, Declaration::Migi);
    // The dealer at its second discard (the table's fifth): 地聽 is the 閒家's.
    let dealer = |v: &Variant| {
        let mut st = table(
            v,
            [&format!("{ready} 1z") as &str, "", "", ""],
            "",
            "",
            None,
        );
        discard(&mut st, "1z");
        for _ in 0..3 {
            tsumogiri(&mut st);
        }
        assert_eq!((turn(&st), st.discards_total()), (0, 4));
        st
    };
    let st = dealer(&hk);
    refuse(&st, 0, Action::Declare(drawn(&st)), rule::DECLARE_WINDOW);
    let mut st = dealer(&Variant::taiwan());
    let d = drawn(&st);
    act(&mut st, 0, Action::Declare(d));
    assert_eq!(st.player(0).declared, Declaration::Migi);
}
