//! The taiwan and american tables: every tai item, every 備註 exclusion (the worked examples
//! 一–六 are in `examples.rs`, read from `tests/cases/`), settlement,
//! several winners, and a property test over random winning hands.
//!
//! Each test cites its rule text: 000 = the `taiwan` text, 002 = the `american` text,
//! README = `shared/rules/README.md` decisions.

use crate::common::{counts, items, melds, tile, win as win_with};
use twmj_core::scoring::{
    resolve, score, score_all, score_decomposition, score_flower, settle, winning_seats, Context,
    Declaration, FlowerWin, Item, MultiWin, Replacement, Score, Value, Variant, WinKind, Wind,
    ITEMS,
};
use twmj_core::{decompositions, Block, Counts, Meld, MeldKind, Tile};

/// [`win_with`] under `taiwan`.
fn win(before: &str, ms: &[(&str, &str)], w: &str, ctx: &Context) -> Score {
    win_with(before, ms, w, ctx, &Variant::taiwan())
}

fn named(v: &[(&str, u32)]) -> Vec<(String, u32)> {
    v.iter().map(|(n, t)| ((*n).to_owned(), *t)).collect()
}

fn reason(s: &Score, item: Item) -> String {
    s.why_not.iter().find(|n| n.item == item).map_or_else(
        || panic!("no why-not entry for {}: {:?}", item.key(), s.items),
        |n| n.reason.clone(),
    )
}

fn ctx(winner: u8, win: WinKind) -> Context {
    let mut c = Context::new(winner, win);
    c.seat_wind = Wind::ALL[winner as usize];
    c
}

const DISCARD_FROM_2: WinKind = WinKind::Discard { from: 2 };

// A concealed hand with three waits (1p, 4p, 7p) and no honour: scores only what the context adds.
const PLAIN: &str = "123456789m234p56p77s";

// A 平胡 hand of a non-dealer worth 2 tai and nothing else (002 範例四–五).
const PING_HU_HAND: &str = "456m789m234p56p77s";

// ---------------------------------------------------------------- 門清 自摸 不求

#[test]
fn concealed_and_open_melds() {
    // 000 台數表 門清: 暗槓不破門清; a 碰 breaks it.
    let s = win(
        "123m456m234p56p77s",
        &[("ankan", "9999s")],
        "7p",
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(items(&s), named(&[("門清", 1)]));
    let s = win(
        "123m456m234p56p77s",
        &[("pon", "555p")],
        "7p",
        &ctx(1, DISCARD_FROM_2),
    );
    assert!(s.items.is_empty());
    assert_eq!(reason(&s, Item::Concealed), "門清: 碰 of 5p");
}

#[test]
fn self_draw_without_concealed_is_not_buqiu() {
    // 000 台數表 不求: 門清而且自摸; with a 吃 only 自摸 counts.
    let s = win(
        "456m789m234p56p77s",
        &[("chi", "123m")],
        "7p",
        &ctx(1, WinKind::SelfDraw),
    );
    assert_eq!(items(&s), named(&[("自摸", 1)]));
    assert_eq!(reason(&s, Item::ConcealedSelfDraw), "不求: 吃 of 1m");
}

// ---------------------------------------------------------------- winds, dragons, flowers

#[test]
fn round_and_seat_wind_both_count_on_the_same_tile() {
    // 000 台數表 門風 備註: 圈風與門風是同一張時兩台都算.
    let s = win(
        "111z456m234p56p77s",
        &[("chi", "123m")],
        "7p",
        &ctx(0, DISCARD_FROM_2),
    );
    assert_eq!(items(&s), named(&[("圈風", 1), ("門風", 1)]));
    // Seat 南, round 東: a 南 triplet is 門風 only.
    let s = win(
        "222z456m234p56p77s",
        &[("chi", "123m")],
        "7p",
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(items(&s), named(&[("門風", 1)]));
    assert_eq!(reason(&s, Item::RoundWind), "圈風: no triplet of 東");
}

#[test]
fn dragons_count_per_set() {
    // 000 台數表 三元牌: 每組 1 台.
    let s = win(
        "555z666z234p56p77s",
        &[("chi", "123m")],
        "7p",
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(items(&s), named(&[("三元牌", 2)]));
}

#[test]
fn small_dragons_replace_dragon_sets() {
    // 000 台數表 小三元 4, 備註 不另計三元牌.
    let s = win(
        "555z666z77z234p56p",
        &[("chi", "123m")],
        "7p",
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(items(&s), named(&[("小三元", 4)]));
    assert_eq!(
        reason(&s, Item::Dragon),
        "三元牌: not counted with 小三元 (備註)"
    );
}

#[test]
fn big_dragons_replace_dragon_sets() {
    // 000 台數表 大三元 8, 備註 不另計三元牌.
    // The three concealed dragon triplets are also 三暗刻 (README: only the notes exclude).
    let s = win(
        "555z666z777z56p11s",
        &[("chi", "123m")],
        "7p",
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(items(&s), named(&[("三暗刻", 2), ("大三元", 8)]));
    assert_eq!(
        reason(&s, Item::Dragon),
        "三元牌: not counted with 大三元 (備註)"
    );
}

#[test]
fn small_and_big_winds_replace_wind_items() {
    // 000 台數表 小四喜 8 / 大四喜 16, 備註 不另計圈風、門風. Seat 東, round 東.
    let s = win(
        "111z222z333z44z56p",
        &[("chi", "123p")],
        "7p",
        &ctx(0, DISCARD_FROM_2),
    );
    assert_eq!(
        items(&s),
        named(&[("三暗刻", 2), ("混一色", 4), ("小四喜", 8)])
    );
    assert_eq!(
        reason(&s, Item::RoundWind),
        "圈風: not counted with 小四喜 (備註)"
    );
    assert_eq!(
        reason(&s, Item::SeatWind),
        "門風: not counted with 小四喜 (備註)"
    );
    let s = win(
        "111z222z333z444z5p",
        &[("chi", "123p")],
        "5p",
        &ctx(0, DISCARD_FROM_2),
    );
    assert_eq!(
        items(&s),
        named(&[("獨聽", 1), ("混一色", 4), ("四暗刻", 5), ("大四喜", 16)])
    );
    assert_eq!(
        reason(&s, Item::RoundWind),
        "圈風: not counted with 大四喜 (備註)"
    );
}

#[test]
fn seat_flower_inside_a_flower_kong() {
    // 000 台數表 正花 備註: 已組成花槓的那一組裡的本門花照計; 花槓 每組 1 台.
    let mut c = ctx(0, DISCARD_FROM_2);
    c.flowers = 0x0F; // 春夏秋冬, seat 東 owns 春
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(items(&s), named(&[("門清", 1), ("正花", 1), ("花槓", 1)]));
    c.flowers = 0xFF; // both sets: 花槓 2, 正花 春 梅 = 2 (最多 2 台)
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(items(&s), named(&[("門清", 1), ("正花", 2), ("花槓", 2)]));
    c.flowers = 1 << 1; // 夏 is 南's
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(
        reason(&s, Item::SeatFlower),
        "正花: no flower of the seat wind 東"
    );
}

// ---------------------------------------------------------------- waits: 獨聽 and 平胡

#[test]
fn single_wait_kanchan_inside_a_longer_run() {
    // 000 台數表 獨聽: 只聽一張, 嵌張. 13456m waits only on 2m (123 + 456).
    let s = win("13456m234p567p789s55s", &[], "2m", &ctx(1, DISCARD_FROM_2));
    assert_eq!(items(&s), named(&[("門清", 1), ("獨聽", 1)]));
    // PLAIN waits on 1p (123p 456p), 4p, 7p: not 獨聽.
    let s = win(PLAIN, &[], "7p", &ctx(1, DISCARD_FROM_2));
    assert_eq!(
        reason(&s, Item::SingleWait),
        "獨聽: the hand waited on 1p, 4p, 7p"
    );
}

#[test]
fn single_wait_when_the_other_wait_is_all_held() {
    // README "Holds all 4": 3555m waits on 3m (單吊) and 4m (嵌張); with an 暗槓 of 4m the
    // only wait left is 3m, a 單吊: 獨聽.
    let s = win(
        "3555m123p456p789s",
        &[("ankan", "4444m")],
        "3m",
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(items(&s), named(&[("門清", 1), ("獨聽", 1)]));
}

#[test]
fn single_wait_edge_and_two_sided_single_kind() {
    // 000 台數表 獨聽: 邊張 counts; a 兩面 wait never does.
    let s = win("12m456m234p567p789s55s", &[], "3m", &ctx(1, DISCARD_FROM_2));
    assert!(items(&s).contains(&("獨聽".to_owned(), 1)));
    // 45m waits 3m and 6m; the 6m are all held (暗槓), so one wait, but 兩面: no 獨聽.
    let s = win(
        "45m123p456p789p11s",
        &[("ankan", "6666m")],
        "3m",
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(reason(&s, Item::SingleWait), "獨聽: won on a 兩面 wait");
}

#[test]
fn ping_hu_on_1m_4m_7m_not_3m_6m() {
    // 000 平胡的認定: 二二二三四五六萬＋一到九筒 wins 平胡 on 1, 4, 7萬, not on 3, 6萬 (the
    // pair). 門清不計平胡, so the 123p of the example is a 吃 here.
    for w in ["1m", "4m", "7m"] {
        let s = win(
            "2223456m456789p",
            &[("chi", "123p")],
            w,
            &ctx(1, DISCARD_FROM_2),
        );
        assert_eq!(items(&s), named(&[("平胡", 2)]), "{w}");
    }
    for w in ["3m", "6m"] {
        let s = win(
            "2223456m456789p",
            &[("chi", "123p")],
            w,
            &ctx(1, DISCARD_FROM_2),
        );
        assert!(s.items.is_empty(), "{w}: {:?}", s.items);
        assert!(reason(&s, Item::PingHu).starts_with("平胡: "), "{w}");
    }
}

#[test]
fn ping_hu_conditions() {
    // 000 平胡的認定: 門清不計平胡；有花牌不計平胡；自摸不計平胡.
    let s = win("2223456m123456789p", &[], "1m", &ctx(1, DISCARD_FROM_2));
    assert_eq!(
        reason(&s, Item::PingHu),
        "平胡: 門清 (a concealed hand does not count 平胡)"
    );
    let mut c = ctx(1, DISCARD_FROM_2);
    c.flowers = 1 << 2;
    let s = win("2223456m456789p", &[("chi", "123p")], "1m", &c);
    assert_eq!(reason(&s, Item::PingHu), "平胡: the hand holds a flower");
    let s = win(
        "2223456m456789p",
        &[("chi", "123p")],
        "1m",
        &ctx(1, WinKind::SelfDraw),
    );
    assert_eq!(reason(&s, Item::PingHu), "平胡: won by self-draw");
    // 000 台數表 平胡: 整手沒有字牌.
    let s = win(
        "456m789m234p56p11z",
        &[("chi", "123m")],
        "7p",
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(
        reason(&s, Item::PingHu),
        "平胡: the hand holds an honour tile"
    );
    // 000 台數表 平胡 備註: 嵌張不算 — and 獨聽 takes it (與平胡不並計).
    let s = win(
        "13456m789m234p55s",
        &[("chi", "123p")],
        "2m",
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(items(&s), named(&[("獨聽", 1)]));
    assert_eq!(reason(&s, Item::PingHu), "平胡: 2m won on a 嵌張 wait");
}

#[test]
fn ping_hu_on_a_robbed_kong() {
    // README: a tile taken by 搶槓 is another player's tile: 平胡 can apply. 000 搶槓 1 台.
    let s = win(
        "456m789m234p56p77s",
        &[("chi", "123m")],
        "7p",
        &ctx(1, WinKind::RobbingKong { from: 3 }),
    );
    assert_eq!(items(&s), named(&[("搶槓", 1), ("平胡", 2)]));
    assert_eq!(s.payers, [3]);
}

// ---------------------------------------------------------------- 全求

#[test]
fn all_melded_on_a_discard_only() {
    // 000 台數表 全求: 五組全是吃碰明槓加槓, 單吊, 胡別人的牌; 獨聽 1 另計; 自摸不計.
    let ms = [
        ("chi", "123m"),
        ("pon", "555p"),
        ("chi", "789s"),
        ("minkan", "2222s"),
        ("kakan", "9999m"),
    ];
    let s = win("7p", &ms, "7p", &ctx(1, DISCARD_FROM_2));
    assert_eq!(items(&s), named(&[("獨聽", 1), ("全求", 1)]));
    let s = win("7p", &ms, "7p", &ctx(1, WinKind::SelfDraw));
    assert_eq!(items(&s), named(&[("自摸", 1), ("獨聽", 1)]));
    assert_eq!(reason(&s, Item::AllMelded), "全求: won by self-draw");
    // An 暗槓 is not a call.
    let ms2 = [
        ("chi", "123m"),
        ("pon", "555p"),
        ("chi", "789s"),
        ("ankan", "2222s"),
        ("kakan", "9999m"),
    ];
    let s = win("7p", &ms2, "7p", &ctx(1, DISCARD_FROM_2));
    assert_eq!(reason(&s, Item::AllMelded), "全求: 4 open melds of 5");
}

// ---------------------------------------------------------------- replacements and the wall end

#[test]
fn kong_bloom_and_last_tile_together() {
    // 000 台數表 海底撈月 備註: 因暗槓補到最後一張也算, 與槓上開花並計, 與自摸並計.
    let mut c = ctx(1, WinKind::Replacement(Replacement::Ankan));
    c.last_tile = true;
    let s = win("123m456m234p56p77s", &[("ankan", "9999s")], "7p", &c);
    assert_eq!(
        items(&s),
        named(&[
            ("門清", 1),
            ("自摸", 1),
            ("不求", 1),
            ("槓上開花", 1),
            ("海底撈月", 1)
        ])
    );
}

#[test]
fn last_discard_scores_nothing() {
    // 000 不採用的項目: 河底撈魚 has no tai.
    let mut c = ctx(1, DISCARD_FROM_2);
    c.last_tile = true;
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(items(&s), named(&[("門清", 1)]));
    assert!(reason(&s, Item::LastTile).contains("no 河底撈魚"));
}

#[test]
fn replacement_after_a_kong_needs_the_kong() {
    let mut c = counts(PLAIN);
    c[tile("7p").index()] += 1;
    let e = score(
        &c,
        &[],
        tile("7p"),
        &ctx(1, WinKind::Replacement(Replacement::Kakan)),
        &Variant::taiwan(),
        false,
    );
    assert_eq!(
        e.err().map(|e| e.to_string()).as_deref(),
        Some("context.win: a replacement after a 加槓, but the hand has no 加槓")
    );
}

// ---------------------------------------------------------------- declarations

#[test]
fn declared_ready() {
    // 000 台數表 嗆聽 1 台.
    let mut c = ctx(1, DISCARD_FROM_2);
    c.declared = Declaration::Ready;
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(items(&s), named(&[("門清", 1), ("嗆聽", 1)]));
}

#[test]
fn migi_keeps_self_draw() {
    // 000 嗆聽與 MIGI: 不計門清、不計不求，也不另計嗆聽；自摸的 1 台照算.
    let mut c = ctx(1, WinKind::SelfDraw);
    c.declared = Declaration::Migi;
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(items(&s), named(&[("自摸", 1), ("MIGI", 8)]));
    assert_eq!(
        reason(&s, Item::Concealed),
        "門清: not counted with MIGI (備註)"
    );
    assert_eq!(
        reason(&s, Item::ConcealedSelfDraw),
        "不求: not counted with MIGI (備註)"
    );
    assert_eq!(
        reason(&s, Item::DeclaredReady),
        "嗆聽: not counted with MIGI (備註)"
    );
}

// ---------------------------------------------------------------- 天胡 地胡 人胡

#[test]
fn heaven_win_excludes_its_notes() {
    // 000 台數表 天胡 備註: 不計自摸、門清、不求、獨聽、槓上開花. The hand waits only on 2s (嵌張)
    // and wins on a flower replacement, so all five would otherwise hold; 正花 (梅) still adds.
    let mut c = ctx(0, WinKind::Replacement(Replacement::Flower));
    c.first_turn = true;
    c.flowers = 1 << 4;
    let s = win("123456789m234p13s77s", &[], "2s", &c);
    assert_eq!(items(&s), named(&[("正花", 1), ("天胡", 24)]));
    for it in [
        Item::SelfDraw,
        Item::Concealed,
        Item::ConcealedSelfDraw,
        Item::SingleWait,
        Item::KongBloom,
    ] {
        assert_eq!(
            reason(&s, it),
            format!("{}: not counted with 天胡 (備註)", it.name())
        );
    }
    // 天胡只屬於莊家.
    let mut c = ctx(1, WinKind::SelfDraw);
    c.first_turn = true;
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(
        reason(&s, Item::HeavenWin),
        "天胡: the winner is not the dealer"
    );
}

#[test]
fn earth_win_with_kong_bloom_on_a_flower_replacement() {
    // 000 台數表 地胡 備註: 第一次摸到花、補進來的牌自摸也算, 並加計槓上開花; 不計自摸、門清、不求.
    let mut c = ctx(1, WinKind::Replacement(Replacement::Flower));
    c.first_turn = true;
    c.flowers = 1 << 5; // 蘭, 南's 正花
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(
        items(&s),
        named(&[("正花", 1), ("槓上開花", 1), ("地胡", 16)])
    );
    assert_eq!(
        reason(&s, Item::SelfDraw),
        "自摸: not counted with 地胡 (備註)"
    );
    assert_eq!(
        reason(&s, Item::Concealed),
        "門清: not counted with 地胡 (備註)"
    );
    assert_eq!(
        reason(&s, Item::ConcealedSelfDraw),
        "不求: not counted with 地胡 (備註)"
    );
}

#[test]
fn human_win_drops_concealed() {
    // 000 台數表 人胡 8, 備註 不計門清.
    let mut c = ctx(1, WinKind::Discard { from: 0 });
    c.first_turn = true;
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(items(&s), named(&[("人胡", 8)]));
    assert_eq!(
        reason(&s, Item::Concealed),
        "門清: not counted with 人胡 (備註)"
    );
    // Not the first turn: an ordinary 門清.
    let s = win(PLAIN, &[], "7p", &ctx(1, WinKind::Discard { from: 0 }));
    assert_eq!(items(&s), named(&[("門清", 1)]));
}

// ---------------------------------------------------------------- 暗刻

#[test]
fn three_concealed_on_a_discard_that_could_complete_a_run() {
    // 000 暗刻的認定: 胡別人的牌才湊成的那一刻不算暗刻. 22234m + 2m from a discard reads as
    // 222 (claimed) + 234 or as 222 (own) + 234 with the 2m in the run: max tai takes the run,
    // keeping 222, 111p, 999s concealed: 三暗刻.
    let s = win("22234m111p789p999s55s", &[], "2m", &ctx(1, DISCARD_FROM_2));
    assert_eq!(items(&s), named(&[("門清", 1), ("三暗刻", 2)]));
    assert_eq!(s.win_block.map(|b| b.0), Some(Block::Sequence(tile("2m"))));
}

#[test]
fn concealed_triplet_completed_by_self_draw_counts() {
    // 000 暗刻的認定: 自摸湊成的算. 22m/55s 雙碰 with 111p, 999s concealed.
    let before = "22m456m111p789p999s55s";
    let s = win(before, &[], "2m", &ctx(1, WinKind::SelfDraw));
    assert!(items(&s).contains(&("三暗刻".to_owned(), 2)));
    let s = win(before, &[], "2m", &ctx(1, DISCARD_FROM_2));
    assert_eq!(reason(&s, Item::ThreeConcealed), "三暗刻: 2 暗刻");
}

#[test]
fn concealed_triplet_tiers() {
    // README: 三/四/五暗刻 are tiers; 000 台數表: 暗槓算暗刻; 碰碰胡 adds.
    let s = win(
        "111m222p333s555m9s",
        &[("pon", "888s")],
        "9s",
        &ctx(1, WinKind::SelfDraw),
    );
    assert_eq!(
        items(&s),
        named(&[("自摸", 1), ("獨聽", 1), ("碰碰胡", 4), ("四暗刻", 5)])
    );
    assert_eq!(
        reason(&s, Item::ThreeConcealed),
        "三暗刻: not counted with 四暗刻 (備註)"
    );
    let s = win(
        "111m222p333s444s7p",
        &[("ankan", "7777m")],
        "7p",
        &ctx(1, WinKind::SelfDraw),
    );
    assert!(
        items(&s).contains(&("五暗刻".to_owned(), 8)),
        "{:?}",
        items(&s)
    );
    assert_eq!(
        reason(&s, Item::FourConcealed),
        "四暗刻: not counted with 五暗刻 (備註)"
    );
}

// ---------------------------------------------------------------- flushes and 字一色

#[test]
fn half_and_full_flush() {
    // 000 台數表 混一色 4, 清一色 8.
    let s = win(
        "123m456m789m11z55z",
        &[("chi", "123m")],
        "5z",
        &ctx(1, DISCARD_FROM_2),
    );
    assert!(items(&s).contains(&("混一色".to_owned(), 4)));
    let s = win(
        "123m456m789m11m55m",
        &[("chi", "123m")],
        "5m",
        &ctx(1, DISCARD_FROM_2),
    );
    assert!(items(&s).contains(&("清一色".to_owned(), 8)));
    assert_eq!(
        reason(&s, Item::HalfFlush),
        "混一色: 1 suits, honours false"
    );
}

#[test]
fn all_honors_composites() {
    // 000 字一色的複合: 小三元 16, 大三元 20, 小四喜 20, 大四喜 28; 不另計碰碰胡、圈風、門風、三元牌.
    let c = ctx(1, DISCARD_FROM_2); // seat 南, round 東
    let s = win(
        "555z666z7z",
        &[("pon", "111z"), ("pon", "222z"), ("pon", "333z")],
        "7z",
        &c,
    );
    assert_eq!(items(&s), named(&[("獨聽", 1), ("字一色（小三元）", 16)]));
    assert_eq!(
        reason(&s, Item::AllTriplets),
        "碰碰胡: not counted with 字一色 (備註)"
    );
    assert_eq!(
        reason(&s, Item::RoundWind),
        "圈風: not counted with 字一色 (備註)"
    );
    assert_eq!(
        reason(&s, Item::SeatWind),
        "門風: not counted with 字一色 (備註)"
    );
    assert_eq!(
        reason(&s, Item::SmallDragons),
        "小三元: merged into 字一色（小三元）"
    );
    let s = win(
        "555z666z77z33z",
        &[("pon", "111z"), ("pon", "222z")],
        "7z",
        &c,
    );
    assert_eq!(items(&s), named(&[("字一色（大三元）", 20)]));
    let s = win(
        "111z222z33z44z",
        &[("pon", "555z"), ("pon", "666z")],
        "3z",
        &c,
    );
    assert_eq!(items(&s), named(&[("字一色（小四喜）", 20)]));
    // 大四喜 with three concealed wind triplets: 三暗刻 adds (README: only the notes exclude).
    let s = win("111z222z333z44z55z", &[("pon", "777z")], "4z", &c);
    assert_eq!(items(&s), named(&[("三暗刻", 2), ("字一色（大四喜）", 28)]));
    // 000 字一色的複合: 五暗刻不在合併範圍內，成立時另加 8 台.
    let s = win(
        "111z222z333z555z666z7z",
        &[],
        "7z",
        &ctx(1, WinKind::SelfDraw),
    );
    assert_eq!(
        items(&s),
        named(&[
            ("門清", 1),
            ("自摸", 1),
            ("不求", 1),
            ("獨聽", 1),
            ("五暗刻", 8),
            ("字一色（小三元）", 16)
        ])
    );
}

// ---------------------------------------------------------------- flower wins and 筆

#[test]
fn eight_immortals_then_self_draw_are_two_bills() {
    // 000 花牌與花胡: 八仙過海一筆、自摸的牌面一筆，兩筆都是三家付; 兩筆的莊家台各自計算.
    let mut c = ctx(1, WinKind::Replacement(Replacement::Flower));
    c.flowers = 0xFF;
    c.streak = 1;
    let flower = score_flower(FlowerWin::EightImmortals, &c, &Variant::taiwan(), false)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(items(&flower), named(&[("八仙過海", 8)]));
    let hand = win(PLAIN, &[], "7p", &c);
    // 門清 自摸 不求 正花 2 (夏 蘭) 花槓 2 槓上開花 = 8.
    assert_eq!(hand.total_tai, 8);
    let st = settle(&[flower, hand], &Variant::taiwan()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(st.lines.len(), 6);
    // Each 筆: 3 + 8 from each payer, the dealer + 3 (連一拉一) on each.
    assert_eq!(
        st.net_tai,
        [-14 - 14, 2 * (11 + 11 + 14), -11 - 11, -11 - 11]
    );
    assert_eq!(st.net_tai.iter().sum::<i64>(), 0);
}

#[test]
fn seven_rob_one_is_paid_by_the_robbed() {
    // 000 花牌與花胡: 七搶一 由被搶者一家付 8 台（加上適用的莊家台）; case 2's regular win is
    // paid by the robbed alone, without 自摸, with 槓上開花; README: its triplet is 暗刻.
    let mut c = ctx(1, WinKind::AfterRobbingFlower { from: 0 });
    c.flowers = 0xFF;
    let f = score_flower(
        FlowerWin::SevenRobOne { robbed: 0 },
        &c,
        &Variant::taiwan(),
        false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        (f.total_tai, f.payers.to_vec(), f.dealer_tai),
        (8, vec![0], 1)
    );
    let s = win("22m456m111p789p999s55s", &[], "2m", &c);
    assert_eq!(
        items(&s),
        named(&[
            ("門清", 1),
            ("正花", 2),
            ("花槓", 2),
            ("槓上開花", 1),
            ("三暗刻", 2)
        ])
    );
    assert_eq!(s.payers, [0]);
    let st = settle(&[f, s], &Variant::taiwan()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(st.net_tai, [-(3 + 8 + 1) - (3 + 8 + 1), 24, 0, 0]);
}

#[test]
fn dice_go_once_on_the_flower_bill_when_alone() {
    // 002 骰規台: 花胡也加; 只有花胡那一筆時，就算在花胡那一筆.
    let v = Variant::american();
    let mut c = ctx(2, WinKind::SelfDraw);
    c.flowers = 0xFF;
    c.dice = Some([3, 3, 3]);
    let f = score_flower(FlowerWin::EightImmortals, &c, &v, true).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(items(&f), named(&[("八仙過海", 8), ("骰規台", 5)]));
    let f =
        score_flower(FlowerWin::EightImmortals, &c, &v, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(f.total_tai, 8);
    // taiwan's table has no 骰規台 (000 不採用的項目 骰子加台): never counted, never listed,
    // no `tai.dice` setting; the setting dice_enabled adds the row (002), as american has it.
    let s = win(PLAIN, &[], "7p", &c);
    assert!(s
        .items
        .iter()
        .chain(&s.dealer_items)
        .all(|i| i.item != Item::Dice));
    assert!(
        s.why_not.iter().all(|n| n.item != Item::Dice),
        "{:?}",
        s.why_not
    );
    let tw = Variant::taiwan();
    assert!(!tw.has(Item::Dice));
    let on = tw
        .with_overrides(&[("dice_enabled", Value::Bool(true))])
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(on.has(Item::Dice));
    let s = win_with(PLAIN, &[], "7p", &c, &on);
    assert_eq!(
        s.items.iter().find(|i| i.item == Item::Dice).map(|i| i.tai),
        Some(5)
    );
    let off = Variant::american()
        .with_overrides(&[("dice_enabled", Value::Bool(false))])
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!off.has(Item::Dice));
    assert!(!off
        .settings()
        .iter()
        .any(|(k, _)| k.starts_with("tai.dice")));
    // Only 002's table has 骰規台 (000 不採用; 001, 003 and 004 print no such row): the
    // setting and the table agree in every preset.
    for p in twmj_core::rules::PRESETS {
        let v = Variant::preset(p).unwrap_or_else(|e| panic!("{e}"));
        let on = v.settings().into_iter().find(|(k, _)| k == "dice_enabled");
        let american = p == "american";
        assert_eq!(
            on,
            Some(("dice_enabled".to_owned(), Value::Bool(american))),
            "{p}"
        );
        assert_eq!(v.has(Item::Dice), american, "{p}");
    }
}

// ---------------------------------------------------------------- several winners

#[test]
fn two_winners_one_wins_three_all_win() {
    // 000 多家同時胡: 攔胡 (first from the discarder in turn order), 一砲三響 all three.
    assert_eq!(
        winning_seats(0, &[2, 1], MultiWin::NearestOfTwo).ok(),
        Some(vec![1])
    );
    assert_eq!(
        winning_seats(2, &[0, 1], MultiWin::NearestOfTwo).ok(),
        Some(vec![0])
    );
    assert_eq!(
        winning_seats(3, &[2, 0, 1], MultiWin::NearestOfTwo).ok(),
        Some(vec![0, 1, 2])
    );
    assert!(winning_seats(1, &[1], MultiWin::NearestOfTwo).is_err());
}

#[test]
fn american_drops_claims_under_the_threshold_first() {
    // 002 多家同時胡: 三家裡只要有一家不到 3 台，就不成立一砲三響，改照兩家的方式處理.
    let v = Variant::american();
    let claim = |seat: u8, flowers: u8| {
        let mut c = ctx(seat, WinKind::Discard { from: 0 });
        c.dealer = 2; // the discarder is not the dealer; seat 2 is
        c.flowers = flowers;
        c
    };
    let claims = [
        // 門清 1 + 獨聽 1 = 2, no dealer on this line: under 3.
        win_with("13456m234p567p789s55s", &[], "2m", &claim(1, 0), &v),
        // The dealer: 平胡 2 + 莊家 1 = 3.
        win_with(PING_HU_HAND, &[("chi", "123m")], "7p", &claim(2, 0), &v),
        // 冬 is 北's 正花: 門清 + 獨聽 + 正花 = 3.
        win_with("13456m234p567p789s55s", &[], "2m", &claim(3, 1 << 3), &v),
    ];
    let winners: Vec<u8> = resolve(0, &claims, &v)
        .unwrap_or_else(|e| panic!("{e}"))
        .iter()
        .map(|s| s.winner)
        .collect();
    // Seat 1 is dropped (2 tai); of seats 2 and 3, seat 2 comes first from the discarder: 攔胡.
    assert_eq!(winners, [2]);
    // taiwan keeps all three: 一砲三響.
    let t = Variant::taiwan();
    let all: Vec<u8> = resolve(0, &claims, &t)
        .unwrap_or_else(|e| panic!("{e}"))
        .iter()
        .map(|s| s.winner)
        .collect();
    assert_eq!(all, [1, 2, 3]);
}

// ---------------------------------------------------------------- errors

#[test]
fn errors_name_what_is_wrong() {
    let v = Variant::taiwan();
    let c = counts("123456789m234p56p77s7s");
    let e = score(&c, &[], tile("7s"), &ctx(1, DISCARD_FROM_2), &v, false)
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some("123456789m23456p777s with the winning tile 7s is not five sets and a pair")
    );
    let c = counts("123456789m234p567p77s");
    let e = score(&c, &[], tile("1s"), &ctx(1, DISCARD_FROM_2), &v, false)
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some("win_tile: the winning tile 1s is not in the concealed tiles (they include it)")
    );
    let e = score(
        &c,
        &[],
        tile("7p"),
        &ctx(1, WinKind::Discard { from: 1 }),
        &v,
        false,
    )
    .err()
    .map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some("context.from_seat: the paying seat 1 is the winner's own seat")
    );
    let mut cx = ctx(1, DISCARD_FROM_2);
    cx.streak = 19;
    let e = score(&c, &[], tile("7p"), &cx, &v, false)
        .err()
        .map(|e| e.to_string());
    assert_eq!(
        e.as_deref(),
        Some("context.streak: 連莊 19 is over the cap of 18")
    );
}

// ---------------------------------------------------------------- every item has a test row

#[test]
fn every_item_is_named_in_this_file() {
    // STYLE habit 10: each item has its test row; this file (with the worked examples beside
    // it) names every Chinese name.
    let src = [include_str!("taiwan.rs"), include_str!("examples.rs")].concat();
    // The items of the later presets are named in presets.rs.
    for d in ITEMS.iter().filter(|d| Variant::taiwan().has(d.item)) {
        assert!(src.contains(d.name()), "no test names {}", d.name());
    }
}

// ---------------------------------------------------------------- property test

/// A plain recursive splitter (the slow reference): every split into runs, triplets and one pair.
fn reference_splits(
    c: &mut Counts,
    from: usize,
    pair: bool,
    acc: &mut Vec<Block>,
    out: &mut Vec<Vec<Block>>,
) {
    let Some(i) = (from..34).find(|&i| c[i] > 0) else {
        if pair {
            let mut v = acc.clone();
            v.sort();
            if !out.contains(&v) {
                out.push(v);
            }
        }
        return;
    };
    let t = Tile::new(i).unwrap_or_else(|| panic!("{i}"));
    if c[i] >= 3 {
        c[i] -= 3;
        acc.push(Block::Triplet(t));
        reference_splits(c, i, pair, acc, out);
        acc.pop();
        c[i] += 3;
    }
    if !pair && c[i] >= 2 {
        c[i] -= 2;
        acc.push(Block::Pair(t));
        reference_splits(c, i, true, acc, out);
        acc.pop();
        c[i] += 2;
    }
    if !t.is_honor() && t.number() <= 7 && c[i + 1] > 0 && c[i + 2] > 0 {
        c[i] -= 1;
        c[i + 1] -= 1;
        c[i + 2] -= 1;
        acc.push(Block::Sequence(t));
        reference_splits(c, i, pair, acc, out);
        acc.pop();
        c[i] += 1;
        c[i + 1] += 1;
        c[i + 2] += 1;
    }
}

#[test]
fn random_wins_max_tai_and_item_sums() {
    let mut rng = fastrand::Rng::with_seed(20_261_129);
    let variant = Variant::american();
    let mut checked = 0;
    while checked < 3000 {
        let mut all = [0u8; 34];
        let mut concealed = [0u8; 34];
        let mut ms: Vec<Meld> = Vec::new();
        let meld_sets = rng.usize(0..=5).min(rng.usize(0..=5));
        let mut ok = true;
        for set in 0..5 {
            // Sets concentrated on few kinds so that readings overlap.
            let suit = rng.usize(0..4);
            let run = suit < 3 && rng.bool();
            let lo = match (run, suit) {
                (true, _) => suit * 9 + rng.usize(0..7),
                (false, 3) => 27 + rng.usize(0..7),
                (false, _) => suit * 9 + rng.usize(0..9),
            };
            let tiles: Vec<usize> = if run {
                vec![lo, lo + 1, lo + 2]
            } else {
                vec![lo; 3]
            };
            if set < meld_sets {
                let kind = if run {
                    MeldKind::Chi
                } else {
                    [
                        MeldKind::Pon,
                        MeldKind::Minkan,
                        MeldKind::Kakan,
                        MeldKind::Ankan,
                    ][rng.usize(0..4)]
                };
                let extra = usize::from(kind.is_kong());
                for &t in &tiles {
                    all[t] += 1;
                }
                all[lo] += extra as u8;
                ms.push(Meld {
                    kind,
                    tile: Tile::new(lo).unwrap_or_else(|| panic!()),
                });
            } else {
                for &t in &tiles {
                    all[t] += 1;
                    concealed[t] += 1;
                }
            }
        }
        let pair_kind = rng.usize(0..34);
        all[pair_kind] += 2;
        concealed[pair_kind] += 2;
        if all.iter().any(|&c| c > 4) {
            ok = false;
        }
        if !ok {
            continue;
        }
        let held: Vec<usize> = (0..34).filter(|&i| concealed[i] > 0).collect();
        let win_tile = Tile::new(held[rng.usize(0..held.len())]).unwrap_or_else(|| panic!());
        let winner = rng.u8(0..4);
        let other = (winner + rng.u8(1..4)) % 4;
        let has_ankan = ms.iter().any(|m| m.kind == MeldKind::Ankan);
        let win = match rng.usize(0..5) {
            0 => WinKind::SelfDraw,
            1 if has_ankan => WinKind::Replacement(Replacement::Ankan),
            1 => WinKind::Replacement(Replacement::Flower),
            2 => WinKind::RobbingKong { from: other },
            3 if rng.bool() => WinKind::AfterRobbingFlower { from: other },
            _ => WinKind::Discard { from: other },
        };
        let mut c = Context::new(winner, win);
        c.dealer = rng.u8(0..4);
        c.streak = rng.u8(0..3);
        c.seat_wind = Wind::ALL[rng.usize(0..4)];
        c.round_wind = Wind::ALL[rng.usize(0..4)];
        c.flowers = if rng.bool() { 0 } else { rng.u8(..) };
        // A flower's replacement needs a flower (issue 17: contexts that cannot happen are
        // refused).
        if win == WinKind::Replacement(Replacement::Flower) && c.flowers == 0 {
            c.flowers = 1;
        }
        c.dice = Some([rng.u8(1..7), rng.u8(1..7), rng.u8(1..7)]);
        c.last_tile = rng.u8(0..8) == 0 && !matches!(win, WinKind::RobbingKong { .. });
        c.declared = match rng.u8(0..8) {
            0 => Declaration::Ready,
            1 if ms.is_empty() => Declaration::Migi,
            _ => Declaration::None,
        };
        // The first turn: no meld, no robbed kong, nothing declared, not the last tile, and
        // the dealer (who discards first) not on a discard.
        c.first_turn = ms.is_empty()
            && !matches!(win, WinKind::RobbingKong { .. })
            && c.declared == Declaration::None
            && !c.last_tile
            && !(winner == c.dealer && matches!(win, WinKind::Discard { .. }))
            && rng.u8(0..6) == 0;
        let s = match score(&concealed, &ms, win_tile, &c, &variant, true) {
            Ok(s) => s,
            Err(e) => panic!("{concealed:?} {ms:?} {win_tile:?}: {e}"),
        };
        // The fast path judges only the entries whose needs the hand has (ItemDef::needs, a
        // necessary condition); explaining judges every entry: both count the same items.
        let fast =
            score(&concealed, &ms, win_tile, &c, &variant, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            (&fast.items, &fast.dealer_items, fast.total_tai),
            (&s.items, &s.dealer_items, s.total_tai),
            "{concealed:?} {ms:?} {win_tile:?} {c:?}"
        );
        // The total is the sum of the items; the dealer tai the sum of its items.
        assert_eq!(s.total_tai, s.items.iter().map(|i| i.tai).sum::<u32>());
        // 莊家台 = 1 + 2N; its items are listed when the dealer wins or pays.
        assert_eq!(s.dealer_tai, 1 + 2 * u32::from(c.streak));
        let involved = s.winner == s.dealer || s.payers.contains(&s.dealer);
        let listed = s.dealer_items.iter().map(|i| i.tai).sum::<u32>();
        assert_eq!(listed, if involved { s.dealer_tai } else { 0 });
        // Item invariants read straight from the 000 台數表, independent of the item code.
        let has = |it: Item| s.items.iter().any(|i| i.item == it);
        let open = ms.iter().any(|m| m.kind != MeldKind::Ankan);
        let mut all = concealed;
        for m in &ms {
            for t in m.tiles() {
                all[t.index()] += 1;
            }
        }
        let suits = (0..3)
            .filter(|&g| all[g * 9..g * 9 + 9].iter().any(|&x| x > 0))
            .count();
        let honors = all[27..].iter().any(|&x| x > 0);
        let special = has(Item::HeavenWin) || has(Item::EarthWin) || has(Item::HumanWin);
        assert_eq!(has(Item::FullFlush), suits == 1 && !honors);
        assert_eq!(has(Item::HalfFlush), suits == 1 && honors);
        assert_eq!(has(Item::AllHonors), suits == 0);
        assert_eq!(
            has(Item::Concealed),
            !open && !special && c.declared != Declaration::Migi
        );
        let drew = matches!(win, WinKind::SelfDraw | WinKind::Replacement(_));
        assert_eq!(
            has(Item::SelfDraw),
            drew && !has(Item::HeavenWin) && !has(Item::EarthWin)
        );
        assert_eq!(
            has(Item::KongBloom),
            matches!(
                win,
                WinKind::Replacement(_) | WinKind::AfterRobbingFlower { .. }
            ) && !has(Item::HeavenWin)
        );
        assert_eq!(
            has(Item::RobbingKong),
            matches!(win, WinKind::RobbingKong { .. })
        );
        if has(Item::PingHu) {
            assert!(c.flowers == 0 && !honors && open && !drew);
            assert!(ms.iter().all(|m| m.kind == MeldKind::Chi));
            assert!(!has(Item::SingleWait));
        }
        let tiers = [
            Item::ThreeConcealed,
            Item::FourConcealed,
            Item::FiveConcealed,
        ];
        assert!(tiers.iter().filter(|&&t| has(t)).count() <= 1);
        assert!(!(has(Item::AllTriplets) && has(Item::AllHonors)));
        assert!(!(has(Item::Dragon) && (has(Item::SmallDragons) || has(Item::BigDragons))));
        // No item both counted and explained away.
        assert!(s
            .items
            .iter()
            .all(|i| !s.why_not.iter().any(|n| n.item == i.item)));
        // Every reading of the slow reference scores no higher, and the one chosen is one of them.
        let mut splits = Vec::new();
        reference_splits(
            &mut concealed.clone(),
            0,
            false,
            &mut Vec::new(),
            &mut splits,
        );
        assert_eq!(splits.len(), decompositions(&concealed).len());
        let mut chosen = s.decomposition.to_vec();
        chosen.sort();
        assert!(splits.contains(&chosen));
        for sp in &splits {
            if let Ok(r) = score_decomposition(&concealed, &ms, win_tile, sp, &c, &variant) {
                assert!(
                    r.total_tai <= s.total_tai,
                    "{sp:?} scores {} > {}",
                    r.total_tai,
                    s.total_tai
                );
            }
        }
        let n_all =
            score_all(&concealed, &ms, win_tile, &c, &variant, false).map_or(0, |a| a.len());
        assert!(n_all >= 1);
        // Settlement sums to zero.
        if s.reaches(variant.min_tai) {
            let st = settle(&[s], &variant).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(st.net_tai.iter().sum::<i64>(), 0);
            assert_eq!(st.net_money.iter().sum::<i64>(), 0);
        }
        checked += 1;
    }
}

// ---------------------------------------------------------------- one test row per item

/// How a row is won: seat, win kind and the context switches it needs.
#[derive(Clone, Copy)]
enum How {
    /// Seat 1 (南, not dealer) on a discard from seat 2.
    Discard,
    /// Seat 1 self-draws.
    SelfDraw,
    /// Seat 0 (東, the dealer, 連莊 2) on a discard from seat 2.
    DealerStreak,
    /// Seat 1 self-draws on a flower replacement holding every flower.
    AllFlowers,
    RobKong,
    AnkanReplacementLast,
    Declared(Declaration),
    /// Seat 0 / seat 1 in the first turn, self-draw or discard.
    FirstTurn(u8, bool),
    /// american, dice 1, 1, 1 (豹子).
    Dice,
}

fn row_ctx(how: How) -> Context {
    let mut c = ctx(1, DISCARD_FROM_2);
    match how {
        How::Discard => {}
        How::SelfDraw => c.win = WinKind::SelfDraw,
        How::DealerStreak => {
            c = ctx(0, DISCARD_FROM_2);
            c.streak = 2;
        }
        How::AllFlowers => {
            c.win = WinKind::Replacement(Replacement::Flower);
            c.flowers = 0xFF;
        }
        How::RobKong => c.win = WinKind::RobbingKong { from: 3 },
        How::AnkanReplacementLast => {
            c.win = WinKind::Replacement(Replacement::Ankan);
            c.last_tile = true;
        }
        How::Declared(d) => c.declared = d,
        How::FirstTurn(seat, self_draw) => {
            c = ctx(
                seat,
                if self_draw {
                    WinKind::SelfDraw
                } else {
                    WinKind::Discard { from: 3 }
                },
            );
            c.first_turn = true;
        }
        How::Dice => c.dice = Some([1, 1, 1]),
    }
    c
}

/// (item key, hand before the win, melds, winning tile, how, the item's tai) — the tai is the
/// 000 台數表 value (× sets or flowers where it counts several).
type Row = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
    How,
    u32,
);

const ROWS: &[Row] = &[
    ("dealer", PLAIN, &[], "7p", How::DealerStreak, 1),
    ("dealer_streak", PLAIN, &[], "7p", How::DealerStreak, 4),
    ("concealed", PLAIN, &[], "7p", How::Discard, 1),
    ("self_draw", PLAIN, &[], "7p", How::SelfDraw, 1),
    ("concealed_self_draw", PLAIN, &[], "7p", How::SelfDraw, 1),
    (
        "round_wind",
        "111z456m234p56p77s",
        &[("chi", "123m")],
        "7p",
        How::Discard,
        1,
    ),
    (
        "seat_wind",
        "222z456m234p56p77s",
        &[("chi", "123m")],
        "7p",
        How::Discard,
        1,
    ),
    (
        "dragon",
        "555z666z234p56p77s",
        &[("chi", "123m")],
        "7p",
        How::Discard,
        2,
    ),
    ("seat_flower", PLAIN, &[], "7p", How::AllFlowers, 2),
    ("flower_kong", PLAIN, &[], "7p", How::AllFlowers, 2),
    (
        "single_wait",
        "13456m234p567p789s55s",
        &[],
        "2m",
        How::Discard,
        1,
    ),
    (
        "all_melded",
        "7p",
        &[
            ("chi", "123m"),
            ("pon", "555p"),
            ("chi", "789s"),
            ("minkan", "2222s"),
            ("kakan", "9999m"),
        ],
        "7p",
        How::Discard,
        1,
    ),
    (
        "robbing_kong",
        PING_HU_HAND,
        &[("chi", "123m")],
        "7p",
        How::RobKong,
        1,
    ),
    (
        "kong_bloom",
        "123m456m234p56p77s",
        &[("ankan", "9999s")],
        "7p",
        How::AnkanReplacementLast,
        1,
    ),
    (
        "last_tile",
        "123m456m234p56p77s",
        &[("ankan", "9999s")],
        "7p",
        How::AnkanReplacementLast,
        1,
    ),
    (
        "declared_ready",
        PLAIN,
        &[],
        "7p",
        How::Declared(Declaration::Ready),
        1,
    ),
    (
        "ping_hu",
        PING_HU_HAND,
        &[("chi", "123m")],
        "7p",
        How::Discard,
        2,
    ),
    (
        "three_concealed",
        "22234m111p789p999s55s",
        &[],
        "2m",
        How::Discard,
        2,
    ),
    (
        "all_triplets",
        "111m222p333s555m9s",
        &[("pon", "888s")],
        "9s",
        How::Discard,
        4,
    ),
    (
        "small_dragons",
        "555z666z77z234p56p",
        &[("chi", "123m")],
        "7p",
        How::Discard,
        4,
    ),
    (
        "half_flush",
        "111z222z333z44z56p",
        &[("chi", "123p")],
        "7p",
        How::Discard,
        4,
    ),
    (
        "four_concealed",
        "111m222p333s555m9s",
        &[("pon", "888s")],
        "9s",
        How::SelfDraw,
        5,
    ),
    (
        "five_concealed",
        "111m222p333s444s7p",
        &[("ankan", "7777m")],
        "7p",
        How::SelfDraw,
        8,
    ),
    (
        "big_dragons",
        "555z666z777z56p11s",
        &[("chi", "123m")],
        "7p",
        How::Discard,
        8,
    ),
    (
        "small_winds",
        "111z222z333z44z56p",
        &[("chi", "123p")],
        "7p",
        How::Discard,
        8,
    ),
    (
        "full_flush",
        "123m456m789m11m55m",
        &[("chi", "123m")],
        "5m",
        How::Discard,
        8,
    ),
    ("human_win", PLAIN, &[], "7p", How::FirstTurn(1, false), 8),
    (
        "migi",
        PLAIN,
        &[],
        "7p",
        How::Declared(Declaration::Migi),
        8,
    ),
    ("earth_win", PLAIN, &[], "7p", How::FirstTurn(1, true), 16),
    (
        "big_winds",
        "111z222z333z444z5p",
        &[("chi", "123p")],
        "5p",
        How::Discard,
        16,
    ),
    (
        "all_honors",
        "111z222z333z555z666z7z",
        &[],
        "7z",
        How::Discard,
        16,
    ),
    ("heaven_win", PLAIN, &[], "7p", How::FirstTurn(0, true), 24),
    ("dice", PLAIN, &[], "7p", How::Dice, 5),
];

#[test]
fn every_item_has_its_row() {
    // STYLE habit 10: one row per item, with the value the 000 台數表 (or 002 骰規台) gives it.
    for &(key, before, ms, w, how, tai) in ROWS {
        let c = row_ctx(how);
        let v = if matches!(how, How::Dice) {
            Variant::american()
        } else {
            Variant::taiwan()
        };
        let s = win_with(before, ms, w, &c, &v);
        let got = s
            .items
            .iter()
            .chain(&s.dealer_items)
            .find(|i| i.key == key)
            .map(|i| i.tai);
        assert_eq!(got, Some(tai), "{key}: {:?}", items(&s));
    }
    // The two flower wins are their own 筆 (000 花牌與花胡).
    let mut c = ctx(1, WinKind::SelfDraw);
    c.flowers = 0xFF;
    for (w, key) in [
        (FlowerWin::EightImmortals, "eight_immortals"),
        (FlowerWin::SevenRobOne { robbed: 3 }, "seven_rob_one"),
    ] {
        let s = score_flower(w, &c, &Variant::taiwan(), false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.items.first().map(|i| (i.key, i.tai)), Some((key, 8)));
    }
    let covered: Vec<&str> = ROWS
        .iter()
        .map(|r| r.0)
        .chain(["eight_immortals", "seven_rob_one"])
        .collect();
    // The items of the later presets have their rows in presets.rs.
    for d in ITEMS.iter().filter(|d| Variant::taiwan().has(d.item)) {
        assert!(covered.contains(&d.key()), "no row for {}", d.key());
    }
}

#[test]
fn exclusions_by_all_honors_alone() {
    // 000 台數表 三元牌 / 門風 備註: 字一色不另計. 大四喜 + a 中 triplet: 三元牌 is excluded by
    // 字一色 alone; seat 北's 門風 by 大四喜 and 字一色.
    let mut c = ctx(3, DISCARD_FROM_2);
    c.seat_wind = Wind::North;
    let s = win("111z222z333z44z55z", &[("pon", "777z")], "4z", &c);
    assert_eq!(
        reason(&s, Item::Dragon),
        "三元牌: not counted with 字一色 (備註)"
    );
    assert!(reason(&s, Item::SeatWind).starts_with("門風: not counted with "));
    assert!(!s
        .items
        .iter()
        .any(|i| matches!(i.item, Item::Dragon | Item::SeatWind | Item::AllTriplets)));
}

#[test]
fn big_winds_exclude_seat_wind() {
    // 000 台數表 大四喜 備註: 不另計圈風、門風.
    let s = win(
        "111z222z333z444z5p",
        &[("chi", "123p")],
        "5p",
        &ctx(0, DISCARD_FROM_2),
    );
    assert_eq!(
        reason(&s, Item::SeatWind),
        "門風: not counted with 大四喜 (備註)"
    );
}

#[test]
fn dice_are_paid_by_every_payer() {
    // 002 骰規台: 它算在這一手的台數裡，付錢的每一家都要算 (unlike the dealer tai).
    let v = Variant::american();
    let mut c = ctx(1, WinKind::SelfDraw);
    c.dice = Some([2, 3, 4]); // 順子 2
    let s = win_with(PLAIN, &[], "7p", &c, &v);
    assert_eq!(s.total_tai, 3 + 2);
    let st = settle(&[s], &v).unwrap_or_else(|e| panic!("{e}"));
    let per: Vec<(u8, u32, u32)> = st
        .lines
        .iter()
        .map(|l| (l.payer, l.hand_tai, l.dealer_tai))
        .collect();
    assert_eq!(per, [(2, 5, 0), (3, 5, 0), (0, 5, 1)]);
}

#[test]
fn dealer_items_in_the_why_not_list() {
    // 000 計分: 莊家台只算在莊家與對方之間 — a 閒家 paying a 閒家 has none.
    let s = win(PLAIN, &[], "7p", &ctx(1, DISCARD_FROM_2));
    assert!(s.dealer_items.is_empty());
    assert_eq!(s.dealer_tai_for(2), 0);
    assert_eq!(
        reason(&s, Item::Dealer),
        "莊家: neither the winner nor a payer is the dealer"
    );
}

#[test]
fn three_winners_are_three_bills() {
    // 000 多家同時胡: 一砲三響, 放槍者對三家分別照各自的台數付三份. Seat 1 discards; seat 0 is the
    // dealer (連莊 0): its line carries 莊家 1.
    let mut claims = Vec::new();
    for seat in [2u8, 3, 0] {
        let c = ctx(seat, WinKind::Discard { from: 1 });
        claims.push(win(PLAIN, &[], "7p", &c)); // 門清 1 each
    }
    let winners = resolve(1, &claims, &Variant::taiwan()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(winners.len(), 3);
    let st = settle(&claims, &Variant::taiwan()).unwrap_or_else(|e| panic!("{e}"));
    let per: Vec<(u8, u32)> = st.lines.iter().map(|l| (l.payee, l.total_tai)).collect();
    assert_eq!(per, [(2, 4), (3, 4), (0, 5)]);
    assert_eq!(st.net_tai, [5, -13, 4, 4]);
}

#[test]
fn streak_cap_18_gives_37() {
    // 000 怎麼玩: 連 18 次的那一局照常打（莊家台 37 台）.
    let mut c = ctx(0, DISCARD_FROM_2);
    c.streak = 18;
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(s.dealer_tai, 37);
}

#[test]
fn migi_with_a_meld_is_refused() {
    // 000 嗆聽與 MIGI: 到此為止沒有任何人吃、碰、槓過 — and no call after declaring.
    let mut c = ctx(1, WinKind::SelfDraw);
    c.declared = Declaration::Migi;
    let cs = counts("123m456m234p56p77s7p");
    let e = score(
        &cs,
        &melds(&[("ankan", "9999s")]),
        tile("7p"),
        &c,
        &Variant::taiwan(),
        false,
    );
    assert!(e.is_err_and(|e| e
        .to_string()
        .starts_with("context.declared: MIGI allows no call")));
}

#[test]
fn score_hand_takes_flowers_from_the_hand() {
    // PRODUCT Scoring: a hand given in notation may carry its flowers (`1f` = 春, 東's 正花).
    let h = twmj_core::Hand::parse("123456789m234p567p77s1f", &[], twmj_core::Form::Full, 16)
        .unwrap_or_else(|e| panic!("{e}"));
    let s = twmj_core::scoring::score_hand(
        &h,
        tile("7p"),
        &ctx(0, DISCARD_FROM_2),
        &Variant::taiwan(),
        false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(items(&s), named(&[("門清", 1), ("正花", 1)]));
}

#[test]
fn wait_values_of_a_ready_hand() {
    // PRODUCT 平胡的認定 example as a ready hand with a 吃: waits 1m 3m 4m 6m 7m; 1m/4m/7m are
    // 平胡 on a discard (2 tai); none is 獨聽. On a self-draw no 平胡 (000 平胡的認定: 自摸不計).
    let ms = melds(&[("chi", "123p")]);
    let mut c = ctx(1, DISCARD_FROM_2);
    c.streak = 1;
    let v =
        twmj_core::scoring::wait_values(&counts("2223456m456789p"), &ms, &c, &Variant::taiwan())
            .unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<(String, u32, u32, bool)> = v
        .iter()
        .map(|w| {
            (
                w.tile.code(),
                w.on_discard.total_tai,
                w.on_self_draw.total_tai,
                w.single_wait,
            )
        })
        .collect();
    let want = [
        ("1m", 2, 1),
        ("3m", 0, 1),
        ("4m", 2, 1),
        ("6m", 0, 1),
        ("7m", 2, 1),
    ];
    let want: Vec<(String, u32, u32, bool)> = want
        .iter()
        .map(|&(t, d, s)| (t.to_owned(), d, s, false))
        .collect();
    assert_eq!(got, want);
    // A discard from the dealer (seat 0, 連莊 1) adds 莊家台 3 on that line only.
    assert_eq!(v[0].on_discard.tai_for(0), 5);
    assert_eq!(v[0].on_discard.tai_for(3), 2);
    // 獨聽: 13456m waits only on 2m.
    let v = twmj_core::scoring::wait_values(
        &counts("13456m234p567p789s55s"),
        &[],
        &ctx(1, DISCARD_FROM_2),
        &Variant::taiwan(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.len(), 1);
    assert!(v[0].single_wait);
}

#[test]
fn human_win_after_a_passive_seven_rob_one() {
    // 000 天胡、地胡、人胡: 閒家還沒摸過牌就被動成立七搶一（情形 2），補牌胡牌時第二筆計人胡; 000 花牌與花胡:
    // 計槓上開花, 被搶花者放槍 (不計自摸). 正花 夏蘭 2, 花槓 2.
    let mut c = ctx(1, WinKind::AfterRobbingFlower { from: 3 });
    c.first_turn = true;
    c.flowers = 0xFF;
    let s = win(PLAIN, &[], "7p", &c);
    assert_eq!(
        items(&s),
        named(&[("正花", 2), ("花槓", 2), ("槓上開花", 1), ("人胡", 8)])
    );
    assert_eq!(s.payers, [3]);
    // 情形 1 (the winner drew the 7th flower on its first draw): 地胡 on the replacement.
    c.win = WinKind::Replacement(Replacement::Flower);
    let s = win(PLAIN, &[], "7p", &c);
    assert!(items(&s).contains(&("地胡".to_owned(), 16)));
}

#[test]
fn compare_taiwan_and_american() {
    // 002 骰規台 exists only in american: with dice 2, 3, 6 (全黑 1) the two presets differ by
    // that one item; a house rule raising 平胡 to 3 differs in 平胡.
    let mut c = ctx(1, DISCARD_FROM_2);
    c.dice = Some([2, 3, 6]);
    let house = Variant::taiwan()
        .with_overrides(&[("tai.ping_hu", twmj_core::scoring::Value::Int(3))])
        .unwrap_or_else(|e| panic!("{e}"));
    let mut cs = counts(PING_HU_HAND);
    cs[tile("7p").index()] += 1;
    let cmp = twmj_core::scoring::compare(
        &cs,
        &melds(&[("chi", "123m")]),
        tile("7p"),
        &c,
        &[Variant::taiwan(), Variant::american(), house],
        false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let totals: Vec<u32> = cmp.scores.iter().map(|s| s.total_tai).collect();
    assert_eq!(totals, [2, 3, 3]);
    let diff: Vec<(&str, Vec<u32>)> = cmp
        .differing
        .iter()
        .map(|(i, r)| (i.key(), r.clone()))
        .collect();
    assert_eq!(diff, [("ping_hu", vec![2, 2, 3]), ("dice", vec![0, 1, 0])]);
    assert_eq!(
        cmp.scores[2].overrides,
        [("tai.ping_hu".to_owned(), "3".to_owned())]
    );
}
