//! Each preset exact to its own text (issue 17, scoring): improved16's stated totals and notes
//! (003 改良式十六張), hk16's own notes only (003, first part), traditional's own notes and house
//! rules (001). Every row's expectation is derived from the rule text it cites, never from
//! what the engine prints: the items (by key) and their tai.
//!
//! Seats: seat 1 (南) wins unless said, seat 0 (東) deals, the round is 東.

use crate::common::{counts, melds, tile, try_win, win};
use twmj_core::scoring::{
    score, settle, Context, Declaration, Replacement, Score, Value, Variant, WinKind, Wind,
};

fn i16() -> Variant {
    Variant::improved16()
}

fn hk() -> Variant {
    Variant::hk16()
}

fn trad() -> Variant {
    Variant::traditional()
}

fn with(mut v: Variant, key: &str, value: &Value) -> Variant {
    v.set(key, value).unwrap_or_else(|e| panic!("{e}"));
    v
}

/// The hand's items as (key, tai), sorted by key.
fn keys(s: &Score) -> Vec<(&'static str, u32)> {
    let mut v: Vec<(&'static str, u32)> = s.items.iter().map(|i| (i.key, i.tai)).collect();
    v.sort_unstable();
    v
}

fn want(v: &[(&'static str, u32)]) -> Vec<(&'static str, u32)> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

/// Seat 1 (南) wins.
fn ctx(win: WinKind) -> Context {
    let mut c = Context::new(1, win);
    c.seat_wind = Wind::South;
    c
}

const DISCARD: WinKind = WinKind::Discard { from: 2 };

fn declared(win: WinKind, d: Declaration) -> Context {
    let mut c = ctx(win);
    c.declared = d;
    c
}

/// The dealer (seat 0, 東) wins.
fn dealer_ctx(win: WinKind) -> Context {
    Context::new(0, win)
}

fn check(s: &Score, expect: &[(&'static str, u32)], total: u32) {
    assert_eq!(keys(s), want(expect));
    assert_eq!(s.total_tai, total, "{:?}", keys(s));
}

// --- improved16 (003 改良式十六張): every stated total and parenthetical note -----------------

/// 12台 清老頭（必為碰碰胡，故總計16台。）: five triplets of 1s and 9s always make a 三同刻
/// (of the six kinds 1m 9m 1p 9p 1s 9s, five triplets hold all three 1s or all three 9s), so
/// 三同刻 is not added: 12 + 碰碰胡 4 = 16. 全帶么 is left out as well (註五 全帶么 is runs).
#[test]
fn improved16_pure_terminals_total_16_without_three_same_triplets() {
    let s = win(
        "999p11s99s",
        &[("pon", "111m"), ("pon", "999m"), ("pon", "111p")],
        "1s",
        &ctx(DISCARD),
        &i16(),
    );
    check(&s, &[("all_terminals", 12), ("all_triplets", 4)], 16);
}

/// 4台 混老頭 註七（必為碰碰胡，故總計8台。）: 混帶么 (註五) is left out: 4 + 4 = 8.
#[test]
fn improved16_mixed_terminals_total_8() {
    let s = win(
        "999s11s22z",
        &[("pon", "111m"), ("pon", "999p"), ("pon", "333z")],
        "1s",
        &ctx(DISCARD),
        &i16(),
    );
    check(&s, &[("mixed_terminals", 4), ("all_triplets", 4)], 8);
}

/// 8台 字一色（一定為碰碰胡，故總計為12台）: an honours-only hand is a 混帶么 by 註五 (字牌和一九
/// 組成), which the total leaves out. Here 東 南 中 發 白 triplets and a 北 pair: 字一色 8 with
/// 大三元 8 (one item, 000 字一色的複合 at minus 0), 碰碰胡 4, 小三風 3 (東東東 南南南 北北, 註六
/// 不計風台): 23; no 混帶么, no wind or dragon items (000 字一色 備註 kept, improved16 silent).
#[test]
fn improved16_all_honors_adds_all_triplets_not_mixed_outside() {
    let s = win(
        "666z55z44z",
        &[("pon", "111z"), ("pon", "222z"), ("pon", "777z")],
        "5z",
        &ctx(DISCARD),
        &i16(),
    );
    check(
        &s,
        &[
            ("all_honors", 16),
            ("all_triplets", 4),
            ("small_three_winds", 3),
        ],
        23,
    );
}

/// 10台 全將碰（全由258的刻子組成的碰碰胡，共14台）: 10 + 碰碰胡 4 = 14, no 斷么九 (2, 5, 8 only
/// always is 斷么九). 全由258: the pair too (a 東 pair beside 258 triplets is no 全將碰).
#[test]
fn improved16_all_258_total_14_and_its_pair() {
    let s = win(
        "222s55s88s",
        &[("pon", "222m"), ("pon", "555m"), ("pon", "888p")],
        "5s",
        &ctx(DISCARD),
        &i16(),
    );
    check(&s, &[("all_258", 10), ("all_triplets", 4)], 14);
    let s = win(
        "222s55s33z",
        &[("pon", "222m"), ("pon", "555m"), ("pon", "888p")],
        "5s",
        &ctx(DISCARD),
        &i16(),
    );
    check(&s, &[("all_triplets", 4)], 4);
}

/// 8台 五連刻（一定為碰碰胡，故總計為12台）: 8 + 4; 三連刻 and 四連刻 are its tiers.
#[test]
fn improved16_five_consecutive_triplets_total_12() {
    let s = win(
        "666p77p99s",
        &[("pon", "333p"), ("pon", "444p"), ("pon", "555p")],
        "7p",
        &ctx(DISCARD),
        &i16(),
    );
    check(
        &s,
        &[("five_consecutive_triplets", 8), ("all_triplets", 4)],
        12,
    );
}

/// 10台 五暗刻 註十（必為碰碰胡14台，自摸算法同地聽，不計門清）: self-drawn, 10 + 碰碰胡 4 + 自摸 1
/// + 不求人 1 = 16 (地聽: 自摸胡只另計自摸、不求人兩台), no 門清, no 三暗刻 or 四暗刻.
#[test]
fn improved16_five_concealed_total_14_plus_self_draw() {
    let s = win(
        "111m333m555p777p99s11z",
        &[],
        "9s",
        &ctx(WinKind::SelfDraw),
        &i16(),
    );
    check(
        &s,
        &[
            ("five_concealed", 10),
            ("all_triplets", 4),
            ("self_draw", 1),
            ("concealed_self_draw", 1),
        ],
        16,
    );
}

/// A concealed hand of 一條龍 (2) waiting 4p or 7p two-sided (平胡 2 on a discard).
const DRAGON_HAND: &str = "123456789m234p56p77s";

/// 8台 地聽（…地聽、瀝咕瀝咕必為門清，故自摸胡只另計自摸、不求人兩台）: on a discard no 門清; on a
/// self-draw 自摸 and 不求人 only.
#[test]
fn improved16_migi_is_concealed_already() {
    let s = win(
        DRAGON_HAND,
        &[],
        "4p",
        &declared(DISCARD, Declaration::Migi),
        &i16(),
    );
    check(&s, &[("migi", 8), ("straight", 2), ("ping_hu", 2)], 12);
    let s = win(
        DRAGON_HAND,
        &[],
        "4p",
        &declared(WinKind::SelfDraw, Declaration::Migi),
        &i16(),
    );
    check(
        &s,
        &[
            ("migi", 8),
            ("straight", 2),
            ("self_draw", 1),
            ("concealed_self_draw", 1),
        ],
        12,
    );
}

/// 12台 天聽（不可換牌、過水）, 天聽亦同 (as 地聽: no 門清; 自摸 adds 自摸, 不求人).
#[test]
fn improved16_heaven_ready_is_concealed_already() {
    let mut c = dealer_ctx(DISCARD);
    c.declared = Declaration::HeavenReady;
    let s = win(DRAGON_HAND, &[], "4p", &c, &i16());
    check(
        &s,
        &[("heaven_ready", 12), ("straight", 2), ("ping_hu", 2)],
        16,
    );
    c.win = WinKind::SelfDraw;
    let s = win(DRAGON_HAND, &[], "4p", &c, &i16());
    check(
        &s,
        &[
            ("heaven_ready", 12),
            ("straight", 2),
            ("self_draw", 1),
            ("concealed_self_draw", 1),
        ],
        16,
    );
}

/// 16台 人胡（必為天聽，在各家未吃碰下八張牌內有人放槍）: the dealer's declared 天聽 dealt into
/// within the first eight discards, nobody having called (`first_eight`). 必為天聽 is read as
/// every 必為 of 003's table is (混老頭, 清老頭, 五暗刻, 桃園三結義: 必為碰碰胡 and the totals
/// add it): 人胡 16 and 天聽 12 both count. Without 天聽, a first-turn discard win is no 人胡;
/// past the eighth discard, nor a self-draw, neither.
#[test]
fn improved16_human_win_needs_heaven_ready() {
    let mut c = dealer_ctx(DISCARD);
    c.declared = Declaration::HeavenReady;
    c.first_eight = true;
    let s = win(DRAGON_HAND, &[], "4p", &c, &i16());
    check(
        &s,
        &[
            ("human_win", 16),
            ("heaven_ready", 12),
            ("straight", 2),
            ("ping_hu", 2),
        ],
        32,
    );
    // Past the first eight discards (or a call before): 天聽 alone.
    c.first_eight = false;
    let s = win(DRAGON_HAND, &[], "4p", &c, &i16());
    assert_eq!(s.total_tai, 16);
    // A self-draw is no 放槍: first_eight names a discard, so the context is refused.
    c.first_eight = true;
    c.win = WinKind::SelfDraw;
    let e = try_win(DRAGON_HAND, &[], "4p", &c, &i16()).map_err(|e| e.field());
    assert_eq!(e.err(), Some(Some("context.first_eight".to_owned())));
    // 000's 人胡 (a non-dealer's first-turn discard win) is not 003's.
    let mut c = ctx(WinKind::Discard { from: 0 });
    c.first_turn = true;
    let s = win(DRAGON_HAND, &[], "4p", &c, &i16());
    check(&s, &[("concealed", 1), ("straight", 2), ("ping_hu", 2)], 5);
    // taiwan keeps 000's.
    let s = win(DRAGON_HAND, &[], "4p", &c, &Variant::taiwan());
    assert!(keys(&s).iter().any(|(k, _)| *k == "human_win"));
    // The house rule is a setting: off, improved16 reads 000's 人胡.
    let v = with(i16(), "human_win_declared", &Value::Bool(false));
    let s = win(DRAGON_HAND, &[], "4p", &c, &v);
    assert!(keys(&s).iter().any(|(k, _)| *k == "human_win"));
}

/// 8台 瀝咕瀝咕 註八（必為門清，故自摸胡只另計自摸、不求人兩台）: 8 on a discard, 10 self-drawn.
#[test]
fn improved16_lig_gu_concealed_already() {
    let s = win("11m55m99m22p66p11s55s99s", &[], "9s", &ctx(DISCARD), &i16());
    check(&s, &[("lig_gu", 8)], 8);
    let s = win(
        "11m55m99m22p66p11s55s99s",
        &[],
        "9s",
        &ctx(WinKind::SelfDraw),
        &i16(),
    );
    check(
        &s,
        &[("lig_gu", 8), ("self_draw", 1), ("concealed_self_draw", 1)],
        10,
    );
}

/// 3台 …（門清胡混帶么則除了本身3台，還要加上門清台，全帶么亦同）: 混帶么 3 + 門清 1; 非門清時
/// 混帶么也是2台; 全帶么 4 + 門清 1.
#[test]
fn improved16_outside_hands_add_concealed() {
    let s = win("123m789m123p789s33z99p", &[], "3z", &ctx(DISCARD), &i16());
    check(&s, &[("mixed_outside", 3), ("concealed", 1)], 4);
    let s = win(
        "789m123p789s33z99p",
        &[("chi", "123m")],
        "3z",
        &ctx(DISCARD),
        &i16(),
    );
    check(&s, &[("mixed_outside", 2)], 2);
    let s = win("123m789m789p123s11p99s", &[], "1p", &ctx(DISCARD), &i16());
    check(&s, &[("pure_outside", 4), ("concealed", 1)], 5);
}

/// 3台 …（另外海底摸花而槓上自摸也是3台:自摸+海底撈月+槓上開花）: the last tile a flower, its
/// replacement wins: 3.
#[test]
fn improved16_last_tile_flower_replacement_is_three() {
    let mut c = ctx(WinKind::Replacement(Replacement::Flower));
    c.last_tile = true;
    c.flowers = 1; // 春: not the 南 seat's 本花
    let s = win("456p789p234s67s55m", &[("chi", "123m")], "8s", &c, &i16());
    check(
        &s,
        &[("self_draw", 1), ("last_tile", 1), ("kong_bloom", 1)],
        3,
    );
}

/// 2台 …（三暗刻亦是三同（連）刻時，得複合計台，以下類推。）: 三暗刻 and 三同刻 both.
#[test]
fn improved16_three_concealed_compounds_with_three_same() {
    let s = win(
        "222m222p22s345m678p99s",
        &[],
        "2s",
        &ctx(WinKind::SelfDraw),
        &i16(),
    );
    check(
        &s,
        &[
            ("three_concealed", 2),
            ("three_same_triplets", 2),
            ("concealed", 1),
            ("self_draw", 1),
            ("concealed_self_draw", 1),
        ],
        7,
    );
}

/// 16台 清盃口（三連刻+一盃口+雀眼，必門清，不計門清、三連刻、三暗刻、一盃口台數）.
#[test]
fn improved16_clean_cup_alone() {
    let s = win("555p666p77p123p123p99s", &[], "7p", &ctx(DISCARD), &i16());
    check(&s, &[("clean_cup", 16)], 16);
}

/// 16台 桃園三結義 註15（必為碰碰胡共20台）: 不計大三元 (nor 三元牌刻, which would break 20).
#[test]
fn improved16_peach_garden_total_20() {
    let s = win(
        "333m33p33s",
        &[("pon", "555z"), ("pon", "666z"), ("pon", "777z")],
        "3p",
        &ctx(DISCARD),
        &i16(),
    );
    check(&s, &[("peach_garden", 16), ("all_triplets", 4)], 20);
}

/// 4台 孔雀東南飛（具一索東風南風三個刻，不計風台）: the 東 round and the 南 seat add nothing.
#[test]
fn improved16_peacock_no_wind_items() {
    let s = win(
        "111s234m56p88p",
        &[("pon", "111z"), ("pon", "222z")],
        "7p",
        &ctx(DISCARD),
        &i16(),
    );
    check(&s, &[("peacock", 4)], 4);
}

/// 12台 台灣縱貫線 註11（…不計一條龍紅中混一色台數）.
#[test]
fn improved16_taiwan_line_drops_its_parts() {
    let s = win("123m456m789m444z77z22z", &[], "7z", &ctx(DISCARD), &i16());
    check(&s, &[("taiwan_line", 12), ("concealed", 1)], 13);
}

/// 12台 一色四同順 註12（…不計一盃口台數）.
#[test]
fn improved16_four_identical_runs_no_double_run() {
    let s = win("345m345m345m34m678p99s", &[], "5m", &ctx(DISCARD), &i16());
    check(
        &s,
        &[
            ("four_identical_runs", 12),
            ("concealed", 1),
            ("ping_hu", 2),
        ],
        15,
    );
}

/// 16台 百萬石（…不計四連刻）; 後四者並可與其他官銜複合 (三暗刻, 門清 add).
#[test]
fn improved16_million_stones_no_four_consecutive() {
    let s = win("666m777m888m99m55m123p", &[], "9m", &ctx(DISCARD), &i16());
    check(
        &s,
        &[
            ("million_stones", 16),
            ("three_concealed", 2),
            ("concealed", 1),
        ],
        19,
    );
}

/// 6台 四槓胡（除莊連拉外不另計手牌台數）, from `score()` with the context's win `four_kongs`:
/// the 東 kong's 圈風 is not added.
#[test]
fn improved16_four_kongs_alone_from_score() {
    let ms = melds(&[
        ("ankan", "1111z"),
        ("minkan", "2222p"),
        ("ankan", "3333s"),
        ("kakan", "4444m"),
    ]);
    let s = score(
        &counts("5m6m7m8m"),
        &ms,
        tile("4m"),
        &ctx(WinKind::FourKongs),
        &i16(),
        false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    check(&s, &[("four_kongs", 6)], 6);
    assert_eq!(s.payers, vec![2, 3, 0]);
}

/// 24台 天胡 註16（天胡不計莊家一台，連莊得加上連拉台）.
#[test]
fn improved16_heaven_win_no_dealer_one() {
    let mut c = dealer_ctx(WinKind::SelfDraw);
    c.first_turn = true;
    c.streak = 1;
    let s = win(DRAGON_HAND, &[], "4p", &c, &i16());
    assert!(keys(&s).contains(&("heaven_win", 24)));
    let dealer: Vec<&str> = s.dealer_items.iter().map(|i| i.key).collect();
    assert_eq!(dealer, vec!["dealer_streak"]);
}

// --- hk16 (003, first part): only its own notes exclude ---------------------------------------

/// 字一色 80（可計風牌及中發白）: 對對胡 20 still adds; 風牌, 合風, 位 and 中發白 count. The hand
/// of `improved16_all_honors…`: 字一色 80 with 大三元 50 (one item), 對對胡 20, 中發白 2 × 3, 風牌
/// 1 × 2 (東, 南), 合風 1 (東 round), 位 1 (南 seat), 小三風 10, 無花 1 = 171.
#[test]
fn hk16_all_honors_adds_all_triplets() {
    let s = win(
        "666z55z44z",
        &[("pon", "111z"), ("pon", "222z"), ("pon", "777z")],
        "5z",
        &ctx(DISCARD),
        &hk(),
    );
    check(
        &s,
        &[
            ("all_honors", 130),
            ("all_triplets", 20),
            ("dragon", 6),
            ("wind_triplet", 2),
            ("round_wind", 1),
            ("seat_wind", 1),
            ("small_three_winds", 10),
            ("no_flowers", 1),
        ],
        171,
    );
}

/// 清么九 80（不計對對胡）and 五暗刻 80（不計對對胡）: 對對胡 is not added.
#[test]
fn hk16_pure_terminals_and_five_concealed_drop_all_triplets() {
    let s = win(
        "999p11s99s",
        &[("pon", "111m"), ("pon", "999m"), ("pon", "111p")],
        "1s",
        &ctx(DISCARD),
        &hk(),
    );
    // 無字花 3 (在無字一番無花一番外再加一番: the row is the three) adds: no note on 清么九.
    check(
        &s,
        &[("all_terminals", 80), ("no_honors_no_flowers", 3)],
        83,
    );
    let s = win(
        "111m333m555p777p99s11z",
        &[],
        "9s",
        &ctx(WinKind::SelfDraw),
        &hk(),
    );
    // 五暗刻 80, 不求人 5 (不計門前清、自摸), 無花 1, the 東 pair adds nothing.
    check(
        &s,
        &[
            ("five_concealed", 80),
            ("concealed_self_draw", 5),
            ("no_flowers", 1),
        ],
        86,
    );
}

/// 大三元 50 has no note in hk16: 中發白 (碰出即加二番) counts with it, as 大四喜 80 with 風牌,
/// 合風 and 位 (000's 備註 do not carry over).
#[test]
fn hk16_big_patterns_keep_their_rows() {
    let s = win(
        "77z11s",
        &[
            ("pon", "555z"),
            ("pon", "666z"),
            ("chi", "123m"),
            ("chi", "456m"),
        ],
        "7z",
        &ctx(DISCARD),
        &hk(),
    );
    // 大三元 50, 中發白 2 × 3, 無花 1 (77z 11s waited on two kinds: no 獨獨).
    check(
        &s,
        &[("big_dragons", 50), ("dragon", 6), ("no_flowers", 1)],
        57,
    );
    let s = win(
        "44z55m",
        &[
            ("pon", "111z"),
            ("pon", "222z"),
            ("pon", "333z"),
            ("chi", "789m"),
        ],
        "4z",
        &ctx(DISCARD),
        &hk(),
    );
    // 大四喜 80, 風牌 1 × 4, 合風 1, 位 1, 混一色 20, 象眼 1 (the 5m pair), 無花 1.
    check(
        &s,
        &[
            ("big_winds", 80),
            ("wind_triplet", 4),
            ("round_wind", 1),
            ("seat_wind", 1),
            ("half_flush", 20),
            ("eyes_258", 1),
            ("no_flowers", 1),
        ],
        108,
    );
}

/// 地聽 20 has no note in hk16: 門前清 3 adds (000's MIGI 備註 does not carry over); 門前清 is
/// 沒碰上槓過, so an 暗槓 ends it.
#[test]
fn hk16_migi_adds_concealed_and_ankan_ends_it() {
    let s = win(
        DRAGON_HAND,
        &[],
        "4p",
        &declared(DISCARD, Declaration::Migi),
        &hk(),
    );
    // 地聽 20, 門前清 3, 無花 1, 平糊 clean (five runs, 77s pair, no flower) 8 (不計無字花).
    check(
        &s,
        &[("migi", 20), ("concealed", 3), ("ping_wu_clean", 8)],
        31,
    );
    let s = win(
        "123m456m234p56p77s",
        &[("ankan", "9999s")],
        "4p",
        &ctx(DISCARD),
        &hk(),
    );
    // 槓牌 1, 無字花 3; no 門前清 and no 平糊 (全手無碰、槓).
    check(&s, &[("kong_each", 1), ("no_honors_no_flowers", 3)], 4);
}

// --- traditional (001): its own notes, its 門清, its house rules --------------------------------

/// 001 門清: 沒有吃沒有碰沒有槓: an 暗槓 ends 門清 and 不求 (taiwan keeps 000's: 暗槓 allowed).
#[test]
fn traditional_ankan_ends_concealed() {
    let hand = "123m456m234p56p77s";
    let ms = [("ankan", "9999s")];
    let s = win(hand, &ms, "4p", &ctx(DISCARD), &trad());
    assert!(!keys(&s).iter().any(|(k, _)| *k == "concealed"));
    let s = win(hand, &ms, "4p", &ctx(WinKind::SelfDraw), &trad());
    check(&s, &[("self_draw", 1)], 1);
    let s = win(hand, &ms, "4p", &ctx(WinKind::SelfDraw), &Variant::taiwan());
    assert!(keys(&s).contains(&("concealed", 1)));
    // The setting gives 000's reading back.
    let v = with(trad(), "concealed_ankan", &Value::Bool(true));
    let s = win(hand, &ms, "4p", &ctx(WinKind::SelfDraw), &v);
    check(&s, &[("concealed_self_draw", 3)], 3);
}

/// 001 地聽 8 and 天聽 16 carry no note: 門清 adds (discard), 不求 3 on a self-draw (門清加自摸).
#[test]
fn traditional_declarations_add_concealed() {
    let hand = "123m456m789s234p56p11z";
    let s = win(
        hand,
        &[],
        "4p",
        &declared(DISCARD, Declaration::Migi),
        &trad(),
    );
    check(&s, &[("migi", 8), ("concealed", 1)], 9);
    let s = win(
        hand,
        &[],
        "4p",
        &declared(WinKind::SelfDraw, Declaration::Migi),
        &trad(),
    );
    check(&s, &[("migi", 8), ("concealed_self_draw", 3)], 11);
    let mut c = dealer_ctx(DISCARD);
    c.declared = Declaration::HeavenReady;
    let s = win(hand, &[], "4p", &c, &trad());
    check(&s, &[("heaven_ready", 16), ("concealed", 1)], 17);
}

/// 001 天胡 32 carries no note: 不求 3 adds (000's 天胡 備註 does not carry over).
#[test]
fn traditional_heaven_win_adds_concealed_self_draw() {
    let mut c = dealer_ctx(WinKind::SelfDraw);
    c.first_turn = true;
    let s = win("123m456m789s234p56p11z", &[], "4p", &c, &trad());
    check(&s, &[("heaven_win", 32), ("concealed_self_draw", 3)], 35);
}

/// 001's own notes still hold: 大三元 不得重複計算三元台; 大四喜 不重複計算風牌台; 小四喜 得加計
/// 風牌台 (圈風 and 門風 count).
#[test]
fn traditional_own_notes_hold() {
    let s = win(
        "77z11s",
        &[
            ("pon", "555z"),
            ("pon", "666z"),
            ("chi", "123m"),
            ("chi", "456m"),
        ],
        "7z",
        &ctx(DISCARD),
        &trad(),
    );
    check(&s, &[("big_dragons", 8)], 8);
    let winds = [
        ("pon", "111z"),
        ("pon", "222z"),
        ("pon", "333z"),
        ("chi", "789m"),
    ];
    // 44z 55m waits 4z or 5m (雙碰): no 獨聽. On 4z: 大四喜 16, 混一色 4, no 圈風 or 門風.
    let s = win("44z55m", &winds, "4z", &ctx(DISCARD), &trad());
    check(&s, &[("big_winds", 16), ("half_flush", 4)], 20);
    // On 5m: 小四喜 8, 圈風 (東) 1, 門風 (南) 1, 混一色 4.
    let s = win("44z55m", &winds, "5m", &ctx(DISCARD), &trad());
    check(
        &s,
        &[
            ("small_winds", 8),
            ("round_wind", 1),
            ("seat_wind", 1),
            ("half_flush", 4),
        ],
        14,
    );
}

/// 001 各地: 滿台為八台不管怎麼胡最高為一底八台: with `tai_cap` 8 a 筆 pays at most 底 + 8.
#[test]
fn traditional_tai_cap() {
    let v = with(trad(), "tai_cap", &Value::Int(8));
    let mut c = dealer_ctx(DISCARD);
    c.declared = Declaration::HeavenReady;
    let s = win("123m456m789s234p56p11z", &[], "4p", &c, &v);
    assert_eq!(s.total_tai, 17);
    let st = settle(std::slice::from_ref(&s), &v).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(st.lines.len(), 1);
    let l = st.lines[0];
    // 底 3 + 8 (the dealer's 莊家 1 is within the cap).
    assert_eq!((l.hand_tai, l.dealer_tai, l.total_tai), (8, 0, 11));
    let st = settle(std::slice::from_ref(&s), &trad()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(st.lines[0].total_tai, 3 + 17 + 1);
}

/// 001 平胡說明 因此會有以下幾種規定 (house rules, off by default).
#[test]
fn traditional_stricter_ping_hu() {
    // 平胡 as the 口訣: 123456789m 234p 56p 77s on 4p, a chi so not 門清 (壹 門清無平胡 is
    // `ping_hu_concealed = false`).
    let hand = "456789m234p56p77s";
    let ms = [("chi", "123m")];
    let s = win(hand, &ms, "4p", &ctx(DISCARD), &trad());
    check(&s, &[("ping_hu", 2)], 2);
    // 貳 有其他台種無平胡: with 搶槓 (1) there is no 平胡.
    let v = with(trad(), "ping_hu_alone", &Value::Bool(true));
    let s = win(hand, &ms, "4p", &ctx(DISCARD), &v);
    check(&s, &[("ping_hu", 2)], 2);
    let s = win(hand, &ms, "4p", &ctx(WinKind::RobbingKong { from: 2 }), &v);
    check(&s, &[("robbing_kong", 1)], 1);
    // 參 聽超過兩種牌沒平胡: 23456p waits 1p 4p 7p.
    let three = "456789m23456p77s";
    let s = win(three, &ms, "4p", &ctx(DISCARD), &trad());
    assert!(keys(&s).contains(&("ping_hu", 2)));
    let v = with(trad(), "ping_hu_two_waits", &Value::Bool(true));
    let s = win(three, &ms, "4p", &ctx(DISCARD), &v);
    assert!(!keys(&s).iter().any(|(k, _)| *k == "ping_hu"));
    // 肆 手牌有三張同樣的牌沒平胡: 234p 234p 234p holds three 2p.
    let alike = "234p234p34p789m55s";
    let s = win(alike, &ms, "2p", &ctx(DISCARD), &trad());
    assert!(keys(&s).contains(&("ping_hu", 2)), "{:?}", keys(&s));
    let v = with(trad(), "ping_hu_no_three_alike", &Value::Bool(true));
    let s = win(alike, &ms, "2p", &ctx(DISCARD), &v);
    assert!(!keys(&s).iter().any(|(k, _)| *k == "ping_hu"));
}

/// 001 獨聽說明: 也有人玩「抓得出來」就有台: 3555m waits 3m and 4m; on 3m it reads as 單騎, on 4m as
/// 嵌張 (35 + 4). Off (the default), one kind only.
#[test]
fn traditional_single_wait_extractable() {
    let hand = "3555m123p456p789p111s";
    let ms: [(&str, &str); 0] = [];
    let base = win(hand, &ms, "4m", &ctx(DISCARD), &trad());
    assert!(!keys(&base).iter().any(|(k, _)| *k == "single_wait"));
    let v = with(trad(), "single_wait_extractable", &Value::Bool(true));
    let s = win(hand, &ms, "4m", &ctx(DISCARD), &v);
    assert!(keys(&s).contains(&("single_wait", 1)), "{:?}", keys(&s));
    let s = win(hand, &ms, "3m", &ctx(DISCARD), &v);
    assert!(keys(&s).contains(&("single_wait", 1)), "{:?}", keys(&s));
}

/// 001 特殊胡牌 四槓胡 from `score()`: 四槓牌 8, 不得加算自摸台; a preset without 四槓胡 refuses it.
#[test]
fn traditional_four_kongs_from_score() {
    let ms = melds(&[
        ("ankan", "1111z"),
        ("minkan", "2222p"),
        ("ankan", "3333s"),
        ("kakan", "4444m"),
    ]);
    let c = ctx(WinKind::FourKongs);
    let s = score(&counts("5m6m7m8m"), &ms, tile("4m"), &c, &trad(), false)
        .unwrap_or_else(|e| panic!("{e}"));
    // 四槓牌 8, 圈風 (東 kong, 持有一刻(或槓)即有一台) 1.
    check(&s, &[("four_kongs", 8), ("round_wind", 1)], 9);
    let e = score(
        &counts("5m6m7m8m"),
        &ms,
        tile("4m"),
        &c,
        &Variant::taiwan(),
        false,
    );
    assert_eq!(
        e.map_err(|e| e.field()).err(),
        Some(Some("context.win".to_owned()))
    );
    // The winning tile is the fourth kong's.
    let e = score(&counts("5m6m7m8m"), &ms, tile("5m"), &c, &trad(), false);
    assert_eq!(
        e.map_err(|e| e.field()).err(),
        Some(Some("win_tile".to_owned()))
    );
}

// --- three_player / two_player (004): the preset's switches bind scoring --------------------

fn field_of(r: twmj_core::Result<Score>) -> Option<String> {
    r.err().and_then(|e| e.field())
}

/// 004 三人麻將: 空出北風位 (no 北 門風, no 北 round); 多數不能吃 (a 吃 is refused).
#[test]
fn three_player_has_no_north_seat_and_no_chi() {
    let v = Variant::three_player();
    let hand = "123p456p11s99s";
    let ms = [("pon", "111m"), ("pon", "999m")];
    let mut c = ctx(DISCARD);
    assert!(try_win(hand, &ms, "1s", &c, &v).is_ok());
    c.seat_wind = Wind::North;
    assert_eq!(
        field_of(try_win(hand, &ms, "1s", &c, &v)),
        Some("context.seat_wind".into())
    );
    c.seat_wind = Wind::West;
    c.round_wind = Wind::North;
    assert_eq!(
        field_of(try_win(hand, &ms, "1s", &c, &v)),
        Some("context.round_wind".into())
    );
    // 北 as a seat wind is fine with four players.
    c.round_wind = Wind::East;
    c.seat_wind = Wind::North;
    assert!(try_win(hand, &ms, "1s", &c, &Variant::taiwan()).is_ok());
    let chi = [("chi", "123s"), ("pon", "111m"), ("pon", "999m")];
    let c = ctx(DISCARD);
    assert_eq!(
        field_of(try_win("123p456p9s", &chi, "9s", &c, &v)),
        Some("melds[0].kind".into())
    );
    assert!(try_win("123p456p9s", &chi, "9s", &c, &Variant::taiwan()).is_ok());
}

/// 004 兩人麻將 花牌看桌 (`two_player` plays without flowers): flowers in the context are refused,
/// a flower win too.
#[test]
fn two_player_refuses_flowers() {
    let v = Variant::two_player();
    let mut c = ctx(WinKind::Discard { from: 0 });
    c.flowers = 1;
    let r = try_win("123m456m789m11z22z", &[("pon", "333z")], "1z", &c, &v);
    assert_eq!(field_of(r), Some("context.flowers".into()));
    c.flowers = 0xFF;
    let r = twmj_core::scoring::score_flower(
        twmj_core::scoring::FlowerWin::EightImmortals,
        &c,
        &v,
        false,
    );
    assert_eq!(field_of(r), Some("context.flowers".into()));
    // With the flowers back in (flowers = true) they score.
    let with_flowers = with(v, "flowers", &Value::Bool(true));
    c.flowers = 1;
    assert!(try_win(
        "123m456m789m11z22z",
        &[("pon", "333z")],
        "1z",
        &c,
        &with_flowers
    )
    .is_ok());
}

// --- every preset: contexts that cannot happen -----------------------------------------------

/// Derived from the texts' definitions of the moments: 000 天胡、地胡、人胡 (`first_turn`: the winner
/// has not discarded, nobody called or kong'd), 嗆聽與 MIGI (a declaration is made with a
/// discard), 海底 (the wall's last tile), 搶槓 (加槓's tile), 槓上開花 (補花's replacement).
#[test]
fn impossible_contexts_are_refused() {
    for v in [Variant::taiwan(), trad(), i16(), hk()] {
        let hand = DRAGON_HAND;
        // A first-turn win with a declaration.
        let mut c = ctx(WinKind::Discard { from: 0 });
        c.first_turn = true;
        c.declared = Declaration::Ready;
        assert_eq!(
            field_of(try_win(hand, &[], "4p", &c, &v)),
            Some("context.declared".into())
        );
        // The dealer winning a discard before its first discard.
        let mut c = dealer_ctx(DISCARD);
        c.first_turn = true;
        assert_eq!(
            field_of(try_win(hand, &[], "4p", &c, &v)),
            Some("context.first_turn".into())
        );
        // The first turn after discards of the winner's own.
        let mut c = ctx(WinKind::SelfDraw);
        c.first_turn = true;
        c.discards = Some(2);
        assert_eq!(
            field_of(try_win(hand, &[], "4p", &c, &v)),
            Some("context.discards".into())
        );
        // 搶槓 on the last tile.
        let mut c = ctx(WinKind::RobbingKong { from: 2 });
        c.last_tile = true;
        assert_eq!(
            field_of(try_win(hand, &[], "4p", &c, &v)),
            Some("context.last_tile".into())
        );
        // A win on a flower's replacement without a flower.
        let c = ctx(WinKind::Replacement(Replacement::Flower));
        assert_eq!(
            field_of(try_win(hand, &[], "4p", &c, &v)),
            Some("context.win".into())
        );
        // first_eight and the wall's last discard.
        let mut c = ctx(DISCARD);
        c.first_eight = true;
        c.last_tile = true;
        assert_eq!(
            field_of(try_win(hand, &[], "4p", &c, &v)),
            Some("context.last_tile".into())
        );
        // first_eight names a discard.
        let mut c = ctx(WinKind::SelfDraw);
        c.first_eight = true;
        assert_eq!(
            field_of(try_win(hand, &[], "4p", &c, &v)),
            Some("context.first_eight".into())
        );
    }
}

/// When two readings give the same total, the one shown has the fewest items, then the items
/// first in table order (docs/variants.md). 4556m won on 5m reads as 456m + 55m (嵌張) or as the
/// 55m pair completed (單吊); with the fan list's 單吊將 and 坎張 (1 each) drawn in, both total
/// the same with one item each, and 單吊將 comes first in table order (as in the fan list).
#[test]
fn equal_totals_show_the_fewest_items_then_table_order() {
    let mut v = Variant::taiwan();
    for k in [
        "tai.fan_single_wait",
        "tai.fan_closed_wait",
        "tai.concealed",
    ] {
        v.set(k, &Value::Int(i64::from(k != "tai.concealed")))
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let s = win("4556m789p234s567s111z", &[], "5m", &ctx(DISCARD), &v);
    // Both readings also count 圈風 (the 東 triplet, 東 round) and 獨聽 (one wait).
    assert_eq!(
        keys(&s),
        want(&[
            ("fan_single_wait", 1),
            ("round_wind", 1),
            ("single_wait", 1)
        ])
    );
    // No reading scores more than the one shown.
    let all = twmj_core::scoring::score_all(
        &counts("45556m789p234s567s111z"),
        &[],
        tile("5m"),
        &ctx(DISCARD),
        &v,
        false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert!(all.iter().all(|r| r.total_tai <= s.total_tai));
}

// --- the fan list (003): 不算 notes between shared rows ----------------------------------------

fn drawn(base: Variant, rows: &[(&str, i64)]) -> Variant {
    let mut v = base;
    for &(k, t) in rows {
        v.set(k, &Value::Int(t)).unwrap_or_else(|e| panic!("{e}"));
    }
    v
}

/// 綠一色 88 (不算清一色跟混一色), drawn into taiwan: neither 清一色 nor 混一色 adds. Under
/// improved16, whose own 綠一色 16 並可與其他官銜複合, 混一色 still adds.
#[test]
fn fan_all_green_drops_the_flushes() {
    let v = drawn(Variant::taiwan(), &[("tai.all_green", 88)]);
    let green = [("pon", "666s"), ("pon", "888s"), ("pon", "444s")];
    let s = win("234s22s33s", &green, "2s", &ctx(DISCARD), &v);
    check(&s, &[("all_green", 88)], 88);
    let s = win(
        "234s22s33s",
        &green,
        "2s",
        &ctx(DISCARD),
        &Variant::taiwan(),
    );
    check(&s, &[("full_flush", 8)], 8);
    let fa = [("pon", "666s"), ("pon", "888s"), ("pon", "666z")];
    let s = win("234s22s44s", &fa, "2s", &ctx(DISCARD), &v);
    check(&s, &[("all_green", 88), ("dragon", 1)], 89);
    let s = win("234s22s44s", &fa, "2s", &ctx(DISCARD), &i16());
    check(
        &s,
        &[("all_green", 16), ("half_flush", 4), ("dragon", 1)],
        21,
    );
}

/// 四槓 88 (不算碰碰胡), drawn into taiwan.
#[test]
fn fan_four_kongs_drops_all_triplets() {
    let v = drawn(Variant::taiwan(), &[("tai.four_kongs", 88)]);
    let ms = [
        ("minkan", "2222m"),
        ("minkan", "3333p"),
        ("minkan", "4444s"),
        ("minkan", "6666m"),
    ];
    let s = win("777p5p", &ms, "5p", &ctx(DISCARD), &v);
    // 四槓 88 alone (7775p waited on 5p and 6p: no 獨聽); no 碰碰胡.
    check(&s, &[("four_kongs", 88)], 88);
    assert!(win("777p5p", &ms, "5p", &ctx(DISCARD), &Variant::taiwan())
        .items
        .iter()
        .any(|i| i.key == "all_triplets"));
}

/// 清一色 24 (不算無字): 無字 (hk16's, the fan list's row) drawn into taiwan is not counted with
/// 清一色; under hk16, whose own table has both, it is.
#[test]
fn fan_full_flush_drops_no_honors() {
    let v = drawn(Variant::taiwan(), &[("tai.no_honors", 1)]);
    let s = win("123456789m234m999m5m", &[], "5m", &ctx(DISCARD), &v);
    check(&s, &[("full_flush", 8), ("concealed", 1)], 9);
    let s = win("123456789m234m999m5m", &[], "5m", &ctx(DISCARD), &hk());
    assert!(keys(&s)
        .iter()
        .any(|(k, _)| *k == "no_honors" || *k == "no_honors_no_flowers"));
}

/// 一色四頭高 48 (不算…碰碰胡，清一色) and 一色四同順 48 (不算…清一色), drawn into taiwan.
#[test]
fn fan_four_in_a_suit_drop_full_flush() {
    let v = drawn(Variant::taiwan(), &[("tai.four_consecutive_triplets", 48)]);
    let ms = [
        ("pon", "111m"),
        ("pon", "222m"),
        ("pon", "333m"),
        ("pon", "444m"),
    ];
    let s = win("999m5m", &ms, "5m", &ctx(DISCARD), &v);
    check(
        &s,
        &[("four_consecutive_triplets", 48), ("single_wait", 1)],
        49,
    );
    let v = drawn(Variant::taiwan(), &[("tai.four_identical_runs", 48)]);
    let ms = [
        ("chi", "123m"),
        ("chi", "123m"),
        ("chi", "123m"),
        ("chi", "123m"),
    ];
    let s = win("999m5m", &ms, "5m", &ctx(DISCARD), &v);
    check(&s, &[("four_identical_runs", 48), ("single_wait", 1)], 49);
}

/// 大四喜 88 (…碰碰胡不算) and 字一色 64 (不算碰碰胡) under a preset that has both rows: only
/// with `fan_notes`.
#[test]
fn fan_notes_setting_applies_them_to_native_rows() {
    let ms = [
        ("pon", "111z"),
        ("pon", "222z"),
        ("pon", "333z"),
        ("pon", "444z"),
    ];
    let s = win("999m5m", &ms, "5m", &ctx(DISCARD), &Variant::taiwan());
    // 000: 大四喜 16, 碰碰胡 4, 混一色 4, 獨聽 1.
    assert_eq!(s.total_tai, 25);
    let v = with(Variant::taiwan(), "fan_notes", &Value::Bool(true));
    let s = win("999m5m", &ms, "5m", &ctx(DISCARD), &v);
    check(
        &s,
        &[("big_winds", 16), ("half_flush", 4), ("single_wait", 1)],
        21,
    );
}

/// 十三么 switched on by its setting alone scores its row's value (the fan list's 88 where the
/// preset's table lacks it), and as the fan list's row 不算不求人: a self-draw adds 自摸 only.
/// improved16's own 十三么 16 keeps 自摸 and 不求人.
#[test]
fn fan_thirteen_orphans_by_its_switch() {
    let v = with(
        Variant::taiwan(),
        "special_shapes.thirteen_orphans",
        &Value::Bool(true),
    );
    let s = win(
        "19m19p19s1234567z123p",
        &[],
        "1m",
        &ctx(WinKind::SelfDraw),
        &v,
    );
    check(&s, &[("thirteen_orphans", 88), ("self_draw", 1)], 89);
    let s = win(
        "19m19p19s1234567z123p",
        &[],
        "1m",
        &ctx(WinKind::SelfDraw),
        &i16(),
    );
    check(
        &s,
        &[
            ("thirteen_orphans", 16),
            ("self_draw", 1),
            ("concealed_self_draw", 1),
        ],
        18,
    );
}

/// 003 改良式: 其中十三么、綠一色、大車輪、百萬石、九連寶燈有一搭（三張或雀眼）可隨意吃碰: the free
/// group may be the pair (雀眼): 綠一色 with a 東 pair, 百萬石 with a 1p pair.
#[test]
fn improved16_free_group_may_be_the_pair() {
    let s = win(
        "234s234s1z",
        &[("pon", "666s"), ("pon", "888s"), ("pon", "666z")],
        "1z",
        &ctx(DISCARD),
        &i16(),
    );
    assert!(keys(&s).contains(&("all_green", 16)), "{:?}", keys(&s));
    let s = win(
        "888m99m11p",
        &[("pon", "555m"), ("pon", "666m"), ("pon", "777m")],
        "9m",
        &ctx(DISCARD),
        &i16(),
    );
    assert!(keys(&s).contains(&("million_stones", 16)), "{:?}", keys(&s));
}

/// 003 fan list 花 1: 花牌補花成胡算自摸，不算槓上開花, with that row drawn in.
#[test]
fn fan_flower_replacement_is_no_kong_bloom() {
    let mut c = ctx(WinKind::Replacement(Replacement::Flower));
    c.flowers = 1;
    let s = win(
        "456p789p234s67s55m",
        &[("chi", "123m")],
        "8s",
        &c,
        &Variant::taiwan(),
    );
    assert!(keys(&s).contains(&("kong_bloom", 1)));
    let v = drawn(Variant::taiwan(), &[("tai.fan_flower", 1)]);
    let s = win("456p789p234s67s55m", &[("chi", "123m")], "8s", &c, &v);
    check(&s, &[("self_draw", 1), ("fan_flower", 1)], 2);
}
