//! An audit of the presets no outside scorer checks (`improved16`, `hk16`, `traditional`,
//! `three_player`, `two_player`) against their rule texts: the rows and rules no other test
//! pinned, and each discrepancy found, with the text and section it was derived from. The
//! expectations come from the texts (`../shared/rules/`), never from what the engine prints.
//!
//! Seats: seat 1 (南) wins unless said, seat 0 (東) deals, the round is 東.

use crate::common::{items, win};
use twmj_core::rules::Item;
use twmj_core::scoring::{settle, Context, Replacement, Score, Value, Variant, WinKind, Wind};

const DISCARD: WinKind = WinKind::Discard { from: 2 };
const SELF_DRAW: WinKind = WinKind::SelfDraw;
/// Flower bits (bit i = flower i: 0 春 1 夏 2 秋 3 冬 4 梅 5 蘭 6 菊 7 竹).
const SUMMER: u8 = 1 << 1;
const SEASONS: u8 = 0b1111;

/// Seat 1 (南) wins; seat 0 (東) deals.
fn ctx(win: WinKind) -> Context {
    let mut c = Context::new(1, win);
    c.seat_wind = Wind::South;
    c
}

fn named(v: &[(&str, u32)]) -> Vec<(String, u32)> {
    v.iter().map(|&(n, t)| (n.to_owned(), t)).collect()
}

fn sorted(mut v: Vec<(String, u32)>) -> Vec<(String, u32)> {
    v.sort();
    v
}

/// The hand's items as (name, tai) in any order, and its total.
fn check(s: &Score, want: &[(&str, u32)]) {
    assert_eq!(sorted(items(s)), sorted(named(want)));
    assert_eq!(
        s.total_tai,
        want.iter().map(|w| w.1).sum::<u32>(),
        "{:?}",
        items(s)
    );
}

const LIG_GU: &str = "11m33m55p77p99s22z44z66z";
const ORPHANS: &str = "19m19p19s1234567z234m";

// --- improved16 (003 改良式十六張) --------------------------------------------------------

/// 003 改良式 8台 (地聽、瀝咕瀝咕必為門清，故自摸胡只另計自摸、不求人兩台): the sentence leaves
/// 門清 out of 門清自摸不求人 for a hand that is 門清 by its shape, as it does for 地聽, which
/// keeps every other item. The flowers and the manner of the win are no shape of the tiles:
/// 本花 (1台), 花槓 (2台), 海底撈月, 河底撈魚, 槓上開花 (1台 each; 3台 海底摸花而槓上自摸 is
/// 自摸 + 海底撈月 + 槓上開花 whatever the hand) count on 瀝咕瀝咕 and 十三么 too. Before the
/// audit a special shape under improved16 dropped all of them.
#[test]
fn improved16_special_shapes_keep_flowers_and_the_manner_of_the_win() {
    let v = Variant::improved16();
    // 瀝咕瀝咕 on a discard: 8, no 門清 (必為門清).
    check(
        &win(LIG_GU, &[], "6z", &ctx(DISCARD), &v),
        &[("瀝咕瀝咕", 8)],
    );
    // Self-drawn with the winner's own flower (夏 is 南's): 8 + 自摸 + 不求人 + 本花.
    let mut c = ctx(SELF_DRAW);
    c.flowers = SUMMER;
    check(
        &win(LIG_GU, &[], "6z", &c, &v),
        &[("瀝咕瀝咕", 8), ("自摸", 1), ("不求人", 1), ("本花", 1)],
    );
    // Self-drawn on the last tile: + 海底撈月.
    let mut c = ctx(SELF_DRAW);
    c.last_tile = true;
    check(
        &win(LIG_GU, &[], "6z", &c, &v),
        &[("瀝咕瀝咕", 8), ("自摸", 1), ("不求人", 1), ("海底撈月", 1)],
    );
    // 十三么 on the replacement after a flower (秋, not 南's): 16 + 自摸 + 不求人 + 槓上開花.
    let mut c = ctx(WinKind::Replacement(Replacement::Flower));
    c.flowers = 1 << 2;
    check(
        &win(ORPHANS, &[], "1m", &c, &v),
        &[("十三么", 16), ("自摸", 1), ("不求人", 1), ("槓上開花", 1)],
    );
    // 十三么 on the last discard (註一 河底撈魚) holding 春夏秋冬: 16 + 河底撈魚 + 花槓 2 + 本花.
    let mut c = ctx(DISCARD);
    c.last_tile = true;
    c.flowers = SEASONS;
    check(
        &win(ORPHANS, &[], "1m", &c, &v),
        &[("十三么", 16), ("河底撈魚", 1), ("花槓", 2), ("本花", 1)],
    );
    // Still no pattern (官銜) beside them: 十三么 is not also 混老頭 under improved16 (後四者
    // 並可與其他官銜複合 names 綠一色、大車輪、百萬石、九連寶燈 only).
    let s = win("19m19p19s1234567z999m", &[], "1m", &ctx(DISCARD), &v);
    assert!(
        s.items.iter().all(|i| i.item != Item::MixedTerminals),
        "{:?}",
        items(&s)
    );
}

/// 003 改良式 1台: 三色同順、一條龍由吃得而成時，也是1台. "由吃得而成" is made by the 吃: a 吃
/// the hand does not need (the suit's 1–9, or the three runs, are there without it) leaves
/// the item at 2台. Before the audit any 吃 of the suit (or of the run) cut it to 1.
#[test]
fn improved16_open_less_only_when_a_chi_makes_it() {
    let v = Variant::improved16();
    let c = ctx(DISCARD);
    // 123456789m concealed, 吃 456m beside: 一條龍 2; 一盃口 1 (the concealed 456m, 註二); 獨聽.
    check(
        &win("123456789m234p5s", &[("chi", "456m")], "5s", &c, &v),
        &[("一條龍", 2), ("一盃口", 1), ("獨聽", 1)],
    );
    // The 吃 makes it: 123m 789m concealed, 吃 456m: 1.
    let s = win("123m789m234p678p5s", &[("chi", "456m")], "5s", &c, &v);
    assert!(
        items(&s).contains(&("一條龍".to_owned(), 1)),
        "{:?}",
        items(&s)
    );
    // 789m 789p 789s concealed, 吃 789m beside: 三色同順 2; 一盃口 1; 獨聽.
    check(
        &win("789m789p789s123p5s", &[("chi", "789m")], "5s", &c, &v),
        &[("三色同順", 2), ("一盃口", 1), ("獨聽", 1)],
    );
    // The 吃 makes it: 789p 789s concealed, 吃 789m: 1.
    let s = win("789p789s123p456m5s", &[("chi", "789m")], "5s", &c, &v);
    assert!(
        items(&s).contains(&("三色同順".to_owned(), 1)),
        "{:?}",
        items(&s)
    );
}

/// 003 金額計算: 放槍胡 N × 台數 × 3 from the discarder, 自摸胡 各家付 N × 台數 × 2. With two
/// players (`players = 2` on improved16) a self-draw has one payer, who still pays × 2. Before
/// the audit the factor followed the number of payers, so that payer paid × 3.
#[test]
fn zhongyong_self_draw_is_twice_whoever_pays() {
    let mut v = Variant::improved16();
    v.set("players", &Value::Int(2))
        .unwrap_or_else(|e| panic!("{e}"));
    // 混一色 4 + 小三風 3 + 一條龍 2 + 門清 1 + 自摸 1 + 不求人 1 = 12; seat 0 deals (莊家 1).
    let hand = "123m456m789m111z22z33z";
    let s = win(hand, &[], "3z", &ctx(SELF_DRAW), &v);
    assert_eq!(s.total_tai, 12, "{:?}", items(&s));
    let paid = settle(&[s], &v).unwrap_or_else(|e| panic!("{e}"));
    let lines: Vec<(u8, u32)> = paid.lines.iter().map(|l| (l.payer, l.total_tai)).collect();
    assert_eq!(lines, [(0, (12 + 1) * 2)]);
    // On the other player's discard: × 3 (自摸 is 1 less: 11 + 莊家 1).
    let s = win(hand, &[], "3z", &ctx(WinKind::Discard { from: 0 }), &v);
    let paid = settle(&[s], &v).unwrap_or_else(|e| panic!("{e}"));
    let lines: Vec<(u8, u32)> = paid.lines.iter().map(|l| (l.payer, l.total_tai)).collect();
    assert_eq!(lines, [(0, (10 + 1) * 3)]);
    // Four players, the preset: each of three pays × 2.
    let v = Variant::improved16();
    let s = win(hand, &[], "3z", &ctx(SELF_DRAW), &v);
    let paid = settle(&[s], &v).unwrap_or_else(|e| panic!("{e}"));
    let lines: Vec<(u8, u32)> = paid.lines.iter().map(|l| (l.payer, l.total_tai)).collect();
    assert_eq!(lines, [(2, 24), (3, 24), (0, 26)]);
}

// --- names as each table writes them --------------------------------------------------------

/// Each preset names an item as its own table writes it (`Variant::names`). 001 台數表 writes
/// 圈風牌, 門風牌 and 八朵花 (又稱「八仙過海」); 003 hk16 writes 槓上花.
#[test]
fn tables_name_their_rows() {
    let t = Variant::traditional();
    let got: Vec<&str> = [Item::RoundWind, Item::SeatWind, Item::EightImmortals]
        .iter()
        .map(|&i| t.name_of(i))
        .collect();
    assert_eq!(got, ["圈風牌", "門風牌", "八朵花"]);
    assert_eq!(Variant::hk16().name_of(Item::KongBloom), "槓上花");
    // A 槓上花 under hk16 after an 暗槓: 1番 and its name.
    let c = ctx(WinKind::Replacement(Replacement::Ankan));
    let s = win(
        "123m456p789s23s55s",
        &[("ankan", "9999m")],
        "1s",
        &c,
        &Variant::hk16(),
    );
    assert!(
        items(&s).contains(&("槓上花".to_owned(), 1)),
        "{:?}",
        items(&s)
    );
}

// --- traditional (001) ----------------------------------------------------------------------

/// 001 正花、正風說明: 若在正東風，集兩張一花(春花、梅花)，則稱「雙一花」，一台加一台; 台數表
/// 正花 1 per flower, 花槓 2 (可加算正花台). Seat 0 is 東 (dealer, self-draw: 不求 3).
#[test]
fn traditional_double_seat_flower_and_flower_kong() {
    let v = Variant::traditional();
    let hand = "123m456m234p678p34s55s";
    let mut c = Context::new(0, DISCARD);
    c.flowers = 1 | 1 << 4; // 春, 梅
    check(&win(hand, &[], "2s", &c, &v), &[("門清", 1), ("正花", 2)]);
    c.flowers = SEASONS; // 春夏秋冬: 花槓 2 + 正花 1 (春)
    check(
        &win(hand, &[], "2s", &c, &v),
        &[("門清", 1), ("正花", 1), ("花槓", 2)],
    );
    // 平胡 (無花、無字、無刻、非獨聽、非自摸): without flowers the same hand is 平胡, 門清 allowed.
    c.flowers = 0;
    check(&win(hand, &[], "2s", &c, &v), &[("門清", 1), ("平胡", 2)]);
}

// --- three_player, two_player (004) -----------------------------------------------------------

/// 004 兩人麻將、三人麻將規則: 三人 seats three (空出北風位), 台數照四人的台數表; a self-draw is
/// paid by the two other seated players.
#[test]
fn three_player_self_draw_paid_by_two() {
    let v = Variant::three_player();
    // Two concealed triplets (not 三暗刻), three runs, the 西 pair won 單吊: 門清, 自摸, 不求
    // (000: 1 each) and 獨聽.
    let s = win("111m999m123p456p789s3z", &[], "3z", &ctx(SELF_DRAW), &v);
    check(&s, &[("門清", 1), ("自摸", 1), ("不求", 1), ("獨聽", 1)]);
    let paid = settle(&[s], &v).unwrap_or_else(|e| panic!("{e}"));
    let lines: Vec<(u8, u32)> = paid.lines.iter().map(|l| (l.payer, l.total_tai)).collect();
    // 000 計分: 底 3 + 4 from each, the dealer (seat 0) 莊家 1 more; seat 3 is empty.
    assert_eq!(lines, [(2, 7), (0, 8)]);
    assert_eq!(paid.net_tai, [-8, 15, -7, 0]);
}

/// 004 兩人麻將: 面對面坐，不分圈風門風: a 東 triplet in the 東 round is worth nothing by itself
/// (no 圈風, no 門風); a self-draw is paid by the one other player.
#[test]
fn two_player_no_winds_and_one_payer() {
    let v = Variant::two_player();
    // 東 and 白 concealed triplets, 123m 456m 789m, 99m; won on 白 (雙碰): 門清, 自摸, 不求,
    // 三元牌 1, 混一色 4 (萬子 and 字牌); no 一條龍 in 000's table.
    let s = win("111z123m456m789m99m55z", &[], "5z", &ctx(SELF_DRAW), &v);
    check(
        &s,
        &[
            ("門清", 1),
            ("自摸", 1),
            ("不求", 1),
            ("三元牌", 1),
            ("混一色", 4),
        ],
    );
    let paid = settle(&[s], &v).unwrap_or_else(|e| panic!("{e}"));
    let lines: Vec<(u8, u32)> = paid.lines.iter().map(|l| (l.payer, l.total_tai)).collect();
    // 底 3 + 8 + 莊家 1 from the dealer, the only other player.
    assert_eq!(lines, [(0, 12)]);
    // The same hand under taiwan counts 圈風 (東 round).
    let s = win(
        "111z123m456m789m99m55z",
        &[],
        "5z",
        &ctx(SELF_DRAW),
        &Variant::taiwan(),
    );
    assert!(
        items(&s).contains(&("圈風".to_owned(), 1)),
        "{:?}",
        items(&s)
    );
}

/// 003 hk16 槓上花 1番: the row's name, and the same text's fan list (槓上開花: 開槓抓進的牌成胡牌
/// (不包括補花); 花: 花牌補花成胡算自摸，不算槓上開花), make it a kong's replacement only
/// (`kong_bloom_flower` off), while 000 (補花、暗槓、加槓), 001 (因摸到花牌) and 003 改良式
/// (海底摸花而槓上自摸 = 自摸 + 海底撈月 + 槓上開花) count a flower's replacement. Before the
/// audit hk16 counted it too.
#[test]
fn hk16_kong_bloom_is_after_a_kong_only() {
    let hand = "123m456m234p678p34s55s";
    let mut c = ctx(WinKind::Replacement(Replacement::Flower));
    c.flowers = 1 << 2; // 秋: nobody's 位花 at 南
    let hk = Variant::hk16();
    assert!(!hk.scoring.kong_bloom_flower);
    // 不求人 5 (門前清 + 自摸), 象眼 (55s), 平糊 有花 3; no 槓上花.
    check(
        &win(hand, &[], "2s", &c, &hk),
        &[("不求人", 5), ("象眼", 1), ("平糊（有花）", 3)],
    );
    // After an 暗槓 it is 槓上花 (the 暗槓 ends 門前清 under hk16: 自摸 1, 槓牌 1).
    let s = win(
        "123m456m234p34s55s",
        &[("ankan", "9999m")],
        "2s",
        &ctx(WinKind::Replacement(Replacement::Ankan)),
        &hk,
    );
    assert!(
        items(&s).contains(&("槓上花".to_owned(), 1)),
        "{:?}",
        items(&s)
    );
    // improved16: 門清自摸不求人 3 + 槓上開花 on a flower's replacement.
    check(
        &win(hand, &[], "2s", &c, &Variant::improved16()),
        &[("門清", 1), ("自摸", 1), ("不求人", 1), ("槓上開花", 1)],
    );
    // traditional: 不求 3 + 槓上開花 (001 槓上開花: 因摸到花牌…而補牌，補牌後剛好胡牌).
    check(
        &win(hand, &[], "2s", &c, &Variant::traditional()),
        &[("不求", 3), ("槓上開花", 1)],
    );
}
