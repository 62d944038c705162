//! The presets after `taiwan`/`american`: one row per item of `traditional` (001 台數表) with its
//! 001 value, each difference from `taiwan`, and that `taiwan`/`american` are unchanged.
//!
//! 001 = `shared/rules/001_ba6a33a17cf73d0e.txt` (Wikibooks 臺灣麻將); sections are its headings.

use crate::common::{items, try_win, win};
use twmj_core::scoring::{
    false_win, resolve, score_flower, settle, winning_seats, Context, Declaration, FlowerWin, Item,
    MultiWin, Replacement, Score, Variant, WinKind, Wind, ITEMS,
};

fn named(v: &[(&str, u32)]) -> Vec<(String, u32)> {
    v.iter().map(|(n, t)| ((*n).to_owned(), *t)).collect()
}

fn ctx(winner: u8, win: WinKind) -> Context {
    let mut c = Context::new(winner, win);
    c.seat_wind = Wind::ALL[winner as usize];
    c
}

fn trad() -> Variant {
    Variant::traditional()
}

const DISCARD_FROM_2: WinKind = WinKind::Discard { from: 2 };
/// Concealed, waits 1p 4p 7p, no honour: only the context adds items.
const PLAIN: &str = "123456789m234p56p77s";
/// With a 吃 of 123m: 平胡 on 7p from a discard.
const PING_HU_HAND: &str = "456m789m234p56p77s";
const CHI: &[(&str, &str)] = &[("chi", "123m")];

#[derive(Clone, Copy)]
enum How {
    Discard,
    SelfDraw,
    /// Seat 0, the dealer with 連莊 2, on a discard.
    DealerStreak,
    /// Seat 1 (南) holding 春夏秋冬 and 蘭, self-drawing on a flower replacement.
    Flowers,
    RobKong,
    AnkanReplacementLast,
    LastDiscard,
    Declared(Declaration),
    /// The first turn: seat, and the seat whose discard wins (None = self-draw).
    FirstTurn(u8, Option<u8>),
    /// 003 人胡: the dealer's declared 天聽 dealt into by seat 2 within the first eight
    /// discards, nobody having called.
    HeavenReadyDealtIn,
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
        How::Flowers => {
            c.win = WinKind::Replacement(Replacement::Flower);
            c.flowers = 0x0F | 1 << 5;
        }
        How::RobKong => c.win = WinKind::RobbingKong { from: 3 },
        How::AnkanReplacementLast => {
            c.win = WinKind::Replacement(Replacement::Ankan);
            c.last_tile = true;
        }
        How::LastDiscard => c.last_tile = true,
        // 天聽 is the dealer's (001 天聽: 在莊家取完牌後，打出第一張牌時即聽牌).
        How::Declared(Declaration::HeavenReady) => {
            c = ctx(0, DISCARD_FROM_2);
            c.declared = Declaration::HeavenReady;
        }
        How::Declared(d) => c.declared = d,
        How::FirstTurn(seat, from) => {
            c = ctx(
                seat,
                from.map_or(WinKind::SelfDraw, |from| WinKind::Discard { from }),
            );
            c.first_turn = true;
        }
        How::HeavenReadyDealtIn => {
            c = ctx(0, DISCARD_FROM_2);
            c.declared = Declaration::HeavenReady;
            c.first_eight = true;
        }
    }
    c
}

type Row = (
    &'static str,
    &'static str,
    &'static [(&'static str, &'static str)],
    &'static str,
    How,
    u32,
);

/// (item key, hand before the win, melds, winning tile, how, tai by the 001 台數表).
const TRADITIONAL_ROWS: &[Row] = &[
    // 莊家 1; 連莊拉莊 2N+1: 連二拉二五台 = 莊家 1 + 4.
    ("dealer", PLAIN, &[], "7p", How::DealerStreak, 1),
    ("dealer_streak", PLAIN, &[], "7p", How::DealerStreak, 4),
    ("concealed", PLAIN, &[], "7p", How::Discard, 1),
    // 自摸 1 on an open hand (a concealed one scores 不求 instead).
    ("self_draw", PING_HU_HAND, CHI, "7p", How::SelfDraw, 1),
    ("concealed_self_draw", PLAIN, &[], "7p", How::SelfDraw, 3),
    (
        "round_wind",
        "111z456m234p56p77s",
        CHI,
        "7p",
        How::Discard,
        1,
    ),
    (
        "seat_wind",
        "222z456m234p56p77s",
        CHI,
        "7p",
        How::Discard,
        1,
    ),
    ("dragon", "555z666z234p56p77s", CHI, "7p", How::Discard, 2),
    // 正花 1: seat 南 holds 夏 and 蘭.
    ("seat_flower", PLAIN, &[], "7p", How::Flowers, 2),
    // 花槓 2: 春夏秋冬.
    ("flower_kong", PLAIN, &[], "7p", How::Flowers, 2),
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
        2,
    ),
    ("robbing_kong", PING_HU_HAND, CHI, "7p", How::RobKong, 1),
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
    ("last_discard", PING_HU_HAND, CHI, "7p", How::LastDiscard, 1),
    ("ping_hu", PING_HU_HAND, CHI, "7p", How::Discard, 2),
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
        CHI,
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
        "full_flush",
        "123m456m789m11m55m",
        CHI,
        "5m",
        How::Discard,
        8,
    ),
    (
        "four_kongs",
        "5p",
        &[
            ("minkan", "1111m"),
            ("kakan", "2222p"),
            ("ankan", "3333s"),
            ("minkan", "4444s"),
            ("chi", "789m"),
        ],
        "5p",
        How::Discard,
        8,
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
        CHI,
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
        "migi",
        PLAIN,
        &[],
        "7p",
        How::Declared(Declaration::Migi),
        8,
    ),
    (
        "big_winds",
        "111z222z333z444z5p",
        &[("chi", "123p")],
        "5p",
        How::Discard,
        16,
    ),
    (
        "heaven_ready",
        PLAIN,
        &[],
        "7p",
        How::Declared(Declaration::HeavenReady),
        16,
    ),
    (
        "dealer_first_discard",
        PLAIN,
        &[],
        "7p",
        How::FirstTurn(1, Some(0)),
        16,
    ),
    ("heaven_win", PLAIN, &[], "7p", How::FirstTurn(0, None), 32),
    // 字一色: not a 台數表 row; 001 字一色說明's reading of 16 (docs/variants.md), here
    // composed with 小三元 4 (an all-honour hand always holds a composite).
    (
        "all_honors",
        "111z222z333z555z666z7z",
        &[],
        "7z",
        How::Discard,
        20,
    ),
];

#[test]
fn traditional_every_item_has_its_row() {
    // STYLE habit 10: one row per item of the preset, at the value of the 001 台數表.
    let v = trad();
    for &(key, before, ms, w, how, tai) in TRADITIONAL_ROWS {
        let s = win(before, ms, w, &row_ctx(how), &v);
        let got = s
            .items
            .iter()
            .chain(&s.dealer_items)
            .find(|i| i.key == key)
            .map(|i| i.tai);
        assert_eq!(got, Some(tai), "{key}: {:?}", items(&s));
    }
    // 001 台數表 七搶一 8, 八朵花 8: their own 筆.
    let mut c = ctx(1, WinKind::SelfDraw);
    c.flowers = 0xFF;
    for (w, key) in [
        (FlowerWin::EightImmortals, "eight_immortals"),
        (FlowerWin::SevenRobOne { robbed: 3 }, "seven_rob_one"),
    ] {
        let s = score_flower(w, &c, &v, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.items.first().map(|i| (i.key, i.tai)), Some((key, 8)));
    }
    let covered: Vec<&str> = TRADITIONAL_ROWS
        .iter()
        .map(|r| r.0)
        .chain(["eight_immortals", "seven_rob_one"])
        .collect();
    for d in ITEMS.iter().filter(|d| v.has(d.item)) {
        assert!(covered.contains(&d.key()), "no row for {}", d.key());
    }
    // The preset's own names (001 台數表): 地聽(咪機), 河底撈魚, 天聽, 四槓牌, 地胡.
    let names: Vec<&str> = [
        Item::Migi,
        Item::LastDiscard,
        Item::HeavenReady,
        Item::FourKongs,
        Item::DealerFirstDiscard,
    ]
    .iter()
    .map(|&i| v.name_of(i))
    .collect();
    assert_eq!(names, ["地聽(咪機)", "河底撈魚", "天聽", "四槓牌", "地胡"]);
}

#[test]
fn traditional_concealed_self_draw_is_three_in_place_of_two() {
    // 001 台數表: 不求 3 = 門清加自摸; taiwan (000) counts 門清 1 + 自摸 1 + 不求 1.
    let c = ctx(1, WinKind::SelfDraw);
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &trad())),
        named(&[("不求", 3)])
    );
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &Variant::taiwan())),
        named(&[("門清", 1), ("自摸", 1), ("不求", 1)])
    );
    // 001 台數表 海底撈月 / 槓上開花: 可加算自摸台; the 暗槓 ends 門清 (沒有吃沒有碰沒有槓), so
    // 自摸 1 and no 不求.
    let mut c = ctx(1, WinKind::Replacement(Replacement::Ankan));
    c.last_tile = true;
    let s = win(
        "123m456m234p56p77s",
        &[("ankan", "9999s")],
        "7p",
        &c,
        &trad(),
    );
    assert_eq!(
        items(&s),
        named(&[("自摸", 1), ("槓上開花", 1), ("海底撈月", 1)])
    );
}

#[test]
fn traditional_all_melded_and_flower_kong_are_two() {
    // 001 台數表: 全求 2 (000: 1); 全求說明 壹: on a discard only; 貳: the 單騎 adds (獨聽 1).
    let ms = [
        ("chi", "123m"),
        ("pon", "555p"),
        ("chi", "789s"),
        ("minkan", "2222s"),
        ("kakan", "9999m"),
    ];
    let s = win("7p", &ms, "7p", &ctx(1, DISCARD_FROM_2), &trad());
    assert_eq!(items(&s), named(&[("獨聽", 1), ("全求", 2)]));
    let s = win("7p", &ms, "7p", &ctx(1, WinKind::SelfDraw), &trad());
    assert!(s.items.iter().all(|i| i.item != Item::AllMelded));
    // 001 台數表 花槓 2 per set, 可加算正花台: seat 南 with all 8 flowers: 正花 2 + 花槓 4.
    let mut c = ctx(1, DISCARD_FROM_2);
    c.flowers = 0xFF;
    let s = win(PING_HU_HAND, CHI, "7p", &c, &trad());
    assert_eq!(items(&s), named(&[("正花", 2), ("花槓", 4)]));
}

#[test]
fn traditional_ping_hu_by_its_rhyme() {
    // 001 平胡說明: 無花、無字、無刻、先有眼、聽雙頭、非自摸; 門清無平胡 is one of the stricter
    // house rules, so a 門清 hand counts 門清 + 平胡 (000: 門清 only).
    let c = ctx(1, DISCARD_FROM_2);
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &trad())),
        named(&[("門清", 1), ("平胡", 2)])
    );
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &Variant::taiwan())),
        named(&[("門清", 1)])
    );
    // 非自摸, 無花, 聽雙頭 still hold.
    let s = win(PLAIN, &[], "7p", &ctx(1, WinKind::SelfDraw), &trad());
    assert!(s.items.iter().all(|i| i.item != Item::PingHu));
    let mut c = ctx(1, DISCARD_FROM_2);
    c.flowers = 1;
    assert!(win(PLAIN, &[], "7p", &c, &trad())
        .items
        .iter()
        .all(|i| i.item != Item::PingHu));
    // 2m: 嵌張 of 13m, not 聽雙頭.
    let s = win(
        "13456m234p567p789s55s",
        &[],
        "2m",
        &ctx(1, DISCARD_FROM_2),
        &trad(),
    );
    assert_eq!(items(&s), named(&[("門清", 1), ("獨聽", 1)]));
}

#[test]
fn traditional_last_discard() {
    // 001 台數表 河底撈魚 1: 流局前最後一個玩家最後一次捨牌剛好胡牌; 000 has no such item.
    let mut c = ctx(1, DISCARD_FROM_2);
    c.last_tile = true;
    assert_eq!(
        items(&win(PING_HU_HAND, CHI, "7p", &c, &trad())),
        named(&[("平胡", 2), ("河底撈魚", 1)])
    );
    assert_eq!(
        items(&win(PING_HU_HAND, CHI, "7p", &c, &Variant::taiwan())),
        named(&[("平胡", 2)])
    );
    // 海底撈月 is the self-drawn last tile, 可加算自摸台.
    c.win = WinKind::SelfDraw;
    assert_eq!(
        items(&win(PING_HU_HAND, CHI, "7p", &c, &trad())),
        named(&[("自摸", 1), ("海底撈月", 1)])
    );
}

#[test]
fn traditional_declarations() {
    // 001 台數表 天聽 16, 地聽(咪機) 8; no 嗆聽 row. 001 writes no note on either, and 000's
    // MIGI 備註 does not carry over (rules README): 門清 adds. 天聽 is the dealer's (在莊家取完牌
    // 後，打出第一張牌時即聽牌).
    let mut c = ctx(0, DISCARD_FROM_2);
    c.declared = Declaration::HeavenReady;
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &trad())),
        named(&[("門清", 1), ("平胡", 2), ("天聽", 16)])
    );
    let mut c = ctx(1, DISCARD_FROM_2);
    c.declared = Declaration::Migi;
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &trad())),
        named(&[("門清", 1), ("平胡", 2), ("地聽(咪機)", 8)])
    );
    c.declared = Declaration::Ready;
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &trad())),
        named(&[("門清", 1), ("平胡", 2)])
    );
    // 天聽 self-drawn: 不求 3 (門清加自摸) beside it.
    let mut c = ctx(0, WinKind::SelfDraw);
    c.declared = Declaration::HeavenReady;
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &trad())),
        named(&[("不求", 3), ("天聽", 16)])
    );
    // 天聽: 喊出聽牌後不得換牌 — no call before or after.
    let e = try_win(PING_HU_HAND, CHI, "7p", &c, &trad())
        .err()
        .map(|e| e.to_string());
    assert!(e.is_some_and(|m| m.starts_with("context.declared: 天聽 allows no call")));
}

#[test]
fn traditional_earth_and_heaven_win() {
    // 001 台數表 地胡 16: 莊家捨出的第一張牌即宣告胡牌. 000's 地胡 (a non-dealer's first
    // self-draw) and 人胡 (any first discard) are not 001 rows.
    let first = |from: Option<u8>| {
        let mut c = ctx(
            1,
            from.map_or(WinKind::SelfDraw, |from| WinKind::Discard { from }),
        );
        c.first_turn = true;
        c
    };
    assert_eq!(
        items(&win(
            PING_HU_HAND,
            CHI,
            "7p",
            &Context {
                first_turn: false,
                ..first(Some(0))
            },
            &trad()
        )),
        named(&[("平胡", 2)])
    );
    // 001 writes no note on 地胡: 門清 adds (000's 人胡 備註 does not carry over).
    let s = win(PLAIN, &[], "7p", &first(Some(0)), &trad());
    assert_eq!(items(&s), named(&[("門清", 1), ("平胡", 2), ("地胡", 16)]));
    // Not the dealer's discard: nothing (000 would give 人胡 8).
    let s = win(PLAIN, &[], "7p", &first(Some(3)), &trad());
    assert_eq!(items(&s), named(&[("門清", 1), ("平胡", 2)]));
    let s = win(PLAIN, &[], "7p", &first(Some(3)), &Variant::taiwan());
    assert_eq!(items(&s), named(&[("人胡", 8)]));
    // A non-dealer's first self-draw: 不求 only (000: 地胡 16).
    let s = win(PLAIN, &[], "7p", &first(None), &trad());
    assert_eq!(items(&s), named(&[("不求", 3)]));
    // 001 台數表 天胡 32 (000: 24); no note, so 不求 (門清加自摸) adds.
    let mut c = ctx(0, WinKind::SelfDraw);
    c.first_turn = true;
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &trad())),
        named(&[("不求", 3), ("天胡", 32)])
    );
}

#[test]
fn traditional_four_kongs() {
    // 001 台數表 四槓牌 8; 特殊胡牌 四槓胡: 即算自摸胡牌 (不得加算自摸台).
    let ms = [
        ("minkan", "1111m"),
        ("kakan", "2222p"),
        ("ankan", "3333s"),
        ("minkan", "4444s"),
        ("chi", "789m"),
    ];
    let s = win("5p", &ms, "5p", &ctx(1, WinKind::SelfDraw), &trad());
    assert_eq!(items(&s), named(&[("獨聽", 1), ("四槓牌", 8)]));
    assert!(win(
        "5p",
        &ms,
        "5p",
        &ctx(1, WinKind::SelfDraw),
        &Variant::taiwan()
    )
    .items
    .iter()
    .any(|i| i.item == Item::SelfDraw));
}

#[test]
fn traditional_small_winds_adds_the_wind_tai() {
    // 001 台數表 小四喜 8: 得加計風牌台(圈風及門風); 000 excludes them. 大四喜 不重複計算.
    let c = ctx(1, DISCARD_FROM_2);
    let ms = [("chi", "123p")];
    let s = win("111z222z333z44z56p", &ms, "7p", &c, &trad());
    assert_eq!(
        items(&s),
        named(&[
            ("圈風牌", 1),
            ("門風牌", 1),
            ("三暗刻", 2),
            ("混一色", 4),
            ("小四喜", 8)
        ])
    );
    let s = win("111z222z333z44z56p", &ms, "7p", &c, &Variant::taiwan());
    assert_eq!(
        items(&s),
        named(&[("三暗刻", 2), ("混一色", 4), ("小四喜", 8)])
    );
    let s = win("111z222z333z444z5p", &ms, "5p", &c, &trad());
    assert!(s
        .items
        .iter()
        .all(|i| !matches!(i.item, Item::RoundWind | Item::SeatWind)));
}

#[test]
fn traditional_all_honors_composes() {
    // 001 字一色說明: 字一色 16, 並可複合碰碰胡、大小三元四喜、其他正字箭牌 (no minus).
    let c = ctx(1, DISCARD_FROM_2);
    let s = win("111z222z333z555z666z7z", &[], "7z", &c, &trad());
    assert_eq!(
        items(&s),
        named(&[
            ("門清", 1),
            ("圈風牌", 1),
            ("門風牌", 1),
            ("獨聽", 1),
            ("碰碰胡", 4),
            ("五暗刻", 8),
            ("字一色（小三元）", 20),
        ])
    );
}

#[test]
fn traditional_one_discard_one_winner() {
    // 001 胡牌: 以摸牌順位離放槍者最近者優先胡牌(一家放槍只能一家胡牌), 無一炮雙響或三響.
    assert_eq!(
        winning_seats(3, &[2, 0, 1], MultiWin::Nearest).ok(),
        Some(vec![0])
    );
    assert_eq!(
        winning_seats(0, &[3, 2], MultiWin::Nearest).ok(),
        Some(vec![2])
    );
    let v = trad();
    let claims: Vec<Score> = [1u8, 2, 3]
        .iter()
        .map(|&s| {
            win(
                PING_HU_HAND,
                CHI,
                "7p",
                &ctx(s, WinKind::Discard { from: 0 }),
                &v,
            )
        })
        .collect();
    let won: Vec<u8> = resolve(0, &claims, &v)
        .unwrap_or_else(|e| panic!("{e}"))
        .iter()
        .map(|s| s.winner)
        .collect();
    assert_eq!(won, [1]);
    let t = Variant::taiwan();
    assert_eq!(resolve(0, &claims, &t).map(|w| w.len()).ok(), Some(3));
}

#[test]
fn traditional_settlement_is_base_plus_tai() {
    // 001 胡牌、自摸: 向放槍的玩家收取「一底加上台」; 自摸 向三個玩家各別收取.
    let v = trad();
    let s = win(PLAIN, &[], "7p", &ctx(1, WinKind::SelfDraw), &v);
    let st = settle(&[s], &v).unwrap_or_else(|e| panic!("{e}"));
    // 不求 3 + 底 3 = 6 from each non-dealer, + 莊家 1 from the dealer.
    let per: Vec<(u8, u32)> = st.lines.iter().map(|l| (l.payer, l.total_tai)).collect();
    assert_eq!(per, [(2, 6), (3, 6), (0, 7)]);
    assert_eq!(st.net_money, [-700, 1900, -600, -600]);
}

#[test]
fn traditional_settings_round_trip() {
    let v = trad();
    let mut b = Variant::taiwan();
    for (k, val) in v.settings() {
        b.set(&k, &val).unwrap_or_else(|e| panic!("{k}: {e}"));
    }
    assert_eq!(b.tai, v.tai);
    assert_eq!(
        (b.ping_hu_concealed, b.multi_win),
        (true, MultiWin::Nearest)
    );
    assert!(Variant::preset("traditional").is_ok_and(|p| p == v));
}

#[test]
fn taiwan_and_american_are_unchanged() {
    // The items added for 001 are not in 000's or 002's table: never counted, never listed.
    let added = [
        Item::LastDiscard,
        Item::HeavenReady,
        Item::FourKongs,
        Item::DealerFirstDiscard,
    ];
    for v in [Variant::taiwan(), Variant::american()] {
        assert_eq!(
            (v.multi_win, v.ping_hu_concealed),
            (MultiWin::NearestOfTwo, false)
        );
        let keys: Vec<String> = v.settings().into_iter().map(|(k, _)| k).collect();
        let mut cases = Vec::new();
        let mut c = ctx(1, DISCARD_FROM_2);
        c.last_tile = true;
        cases.push(win(PING_HU_HAND, CHI, "7p", &c, &v));
        let mut c = ctx(1, WinKind::Discard { from: 0 });
        c.first_turn = true;
        cases.push(win(PLAIN, &[], "7p", &c, &v));
        let mut c = ctx(1, DISCARD_FROM_2);
        c.declared = Declaration::HeavenReady;
        cases.push(win(PLAIN, &[], "7p", &c, &v));
        let absent: Vec<Item> = ITEMS
            .iter()
            .map(|d| d.item)
            .filter(|&i| !v.has(i))
            .collect();
        assert!(added.iter().all(|i| absent.contains(i)));
        // 000 不採用的項目: 骰子加台; 002 adds 骰規台.
        let dice = usize::from(v.preset == "taiwan");
        assert_eq!(
            absent.len(),
            4 + 28 + 17 + dice,
            "001's 4, 003 改良式's 28 and hk16's 17 items, and 骰規台 in taiwan"
        );
        for s in &cases {
            for i in &absent {
                assert!(s.items.iter().all(|x| x.item != *i), "{:?}", items(s));
                assert!(s.why_not.iter().all(|x| x.item != *i));
                assert!(!keys.contains(&format!("tai.{}", i.key())));
            }
        }
        // 000 (and 002) values of the rows 001 changes.
        assert_eq!(
            [
                Item::HeavenWin,
                Item::AllMelded,
                Item::FlowerKong,
                Item::ConcealedSelfDraw
            ]
            .map(|i| v.tai_of(i)),
            [24, 1, 1, 1]
        );
        // A declared 天聽 is a ready declaration there: 嗆聽 1.
        assert_eq!(items(&cases[2]), named(&[("門清", 1), ("嗆聽", 1)]));
        assert_eq!(items(&cases[0]), named(&[("平胡", 2)]));
    }
}

// ---------------------------------------------------------------- improved16 (003 改良式十六張)

fn imp() -> Variant {
    Variant::improved16()
}

/// (item key, hand before the win, melds, winning tile, how, tai by the 003 改良式 table).
const IMPROVED16_ROWS: &[Row] = &[
    // 1台: 莊家; 連莊台 莊家連N拉N = 2N+1.
    ("dealer", PLAIN, &[], "7p", How::DealerStreak, 1),
    ("dealer_streak", PLAIN, &[], "7p", How::DealerStreak, 4),
    ("concealed", PLAIN, &[], "7p", How::Discard, 1),
    ("self_draw", PLAIN, &[], "7p", How::SelfDraw, 1),
    // 3台 門清自摸不求人 = 門清 1 + 自摸 1 + 不求人 1 (地聽: 只另計自摸、不求人兩台).
    ("concealed_self_draw", PLAIN, &[], "7p", How::SelfDraw, 1),
    (
        "round_wind",
        "111z456m234p56p77s",
        CHI,
        "7p",
        How::Discard,
        1,
    ),
    (
        "seat_wind",
        "222z456m234p56p77s",
        CHI,
        "7p",
        How::Discard,
        1,
    ),
    ("dragon", "555z666z234p56p77s", CHI, "7p", How::Discard, 2),
    ("seat_flower", PLAIN, &[], "7p", How::Flowers, 2),
    ("flower_kong", PLAIN, &[], "7p", How::Flowers, 2),
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
        2,
    ),
    ("robbing_kong", PING_HU_HAND, CHI, "7p", How::RobKong, 1),
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
    // 註一: 海底最後一張打出放槍.
    ("last_discard", PING_HU_HAND, CHI, "7p", How::LastDiscard, 1),
    ("ping_hu", PING_HU_HAND, CHI, "7p", How::Discard, 2),
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
        CHI,
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
        10,
    ),
    (
        "big_dragons",
        "555z666z777z56p11s",
        CHI,
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
        CHI,
        "5m",
        How::Discard,
        8,
    ),
    ("human_win", PLAIN, &[], "7p", How::HeavenReadyDealtIn, 16),
    (
        "migi",
        PLAIN,
        &[],
        "7p",
        How::Declared(Declaration::Migi),
        8,
    ),
    ("earth_win", PLAIN, &[], "7p", How::FirstTurn(1, None), 16),
    (
        "big_winds",
        "111z222z333z444z5p",
        &[("chi", "123p")],
        "5p",
        How::Discard,
        16,
    ),
    // 字一色 8 here composed with 小三元 4.
    (
        "all_honors",
        "111z222z333z555z666z7z",
        &[],
        "7z",
        How::Discard,
        12,
    ),
    ("heaven_win", PLAIN, &[], "7p", How::FirstTurn(0, None), 24),
    (
        "heaven_ready",
        PLAIN,
        &[],
        "7p",
        How::Declared(Declaration::HeavenReady),
        12,
    ),
    (
        "four_kongs",
        "5p",
        &[
            ("minkan", "1111m"),
            ("kakan", "2222p"),
            ("ankan", "3333s"),
            ("minkan", "4444s"),
            ("chi", "789m"),
        ],
        "5p",
        How::Discard,
        6,
    ),
    (
        "two_kongs",
        "123m456m234p7s",
        &[("minkan", "1111s"), ("ankan", "9999p")],
        "7s",
        How::Discard,
        1,
    ),
    (
        "three_kongs",
        "123m456m7s",
        &[("minkan", "1111s"), ("ankan", "9999p"), ("kakan", "2222s")],
        "7s",
        How::Discard,
        3,
    ),
    (
        "all_simples",
        "234m567m234p56p77s",
        &[("chi", "345s")],
        "7p",
        How::Discard,
        1,
    ),
    (
        "double_run",
        "123m123m456p78p99s",
        &[("chi", "345s")],
        "9p",
        How::Discard,
        1,
    ),
    (
        "three_colour_run",
        "123m123p123s456m99s78p",
        &[],
        "9p",
        How::Discard,
        2,
    ),
    (
        "straight",
        "123m456m789m234p99s78s",
        &[],
        "6s",
        How::Discard,
        2,
    ),
    (
        "three_same_triplets",
        "222m222p222s456m78p99s",
        &[],
        "9p",
        How::Discard,
        2,
    ),
    (
        "three_consecutive_triplets",
        "222m333m444m567p78s99s",
        &[],
        "6s",
        How::Discard,
        2,
    ),
    (
        "four_consecutive_triplets",
        "222m333m444m555m78s99s",
        &[],
        "6s",
        How::Discard,
        5,
    ),
    (
        "five_consecutive_triplets",
        "222m333m444m555m666m9s",
        &[],
        "9s",
        How::Discard,
        8,
    ),
    (
        "mixed_outside",
        "123m789m111z789p99s12s",
        &[],
        "3s",
        How::Discard,
        3,
    ),
    (
        "pure_outside",
        "123m789m123p789p99s12s",
        &[],
        "3s",
        How::Discard,
        4,
    ),
    (
        "small_three_winds",
        "111z222z33z456m78p",
        &[("chi", "123s")],
        "9p",
        How::Discard,
        3,
    ),
    (
        "big_three_winds",
        "111z222z333z45m99p",
        &[("chi", "123s")],
        "6m",
        How::Discard,
        6,
    ),
    (
        "peacock",
        "111s111z222z456m9p",
        &[("chi", "123p")],
        "9p",
        How::Discard,
        4,
    ),
    (
        "mixed_terminals",
        "111m999p111z222z9s",
        &[("pon", "111s")],
        "9s",
        How::Discard,
        4,
    ),
    (
        "all_terminals",
        "111m999m111p999p9s",
        &[("pon", "111s")],
        "9s",
        How::Discard,
        12,
    ),
    (
        "all_258",
        "222m555m888m222p5s",
        &[("pon", "888s")],
        "5s",
        How::Discard,
        10,
    ),
    (
        "wind_flower_snow_moon",
        "111z555p555z111p9s",
        &[("chi", "123m")],
        "9s",
        How::Discard,
        8,
    ),
    (
        "taiwan_line",
        "123m456m789m444z777z2z",
        &[],
        "2z",
        How::Discard,
        12,
    ),
    (
        "four_identical_runs",
        "222233334444m99s78p",
        &[],
        "9p",
        How::Discard,
        12,
    ),
    (
        "all_green",
        "223344666888s123m6z",
        &[],
        "6z",
        How::Discard,
        16,
    ),
    (
        "big_wheel",
        "2233445566778p123m",
        &[],
        "8p",
        How::Discard,
        16,
    ),
    (
        "million_stones",
        "666777888999m5m",
        &[("chi", "123p")],
        "5m",
        How::Discard,
        16,
    ),
    (
        "clean_cup",
        "111222333m789m789m5p",
        &[],
        "5p",
        How::Discard,
        16,
    ),
    (
        "peach_garden",
        "555z666z777z333m333p3s",
        &[],
        "3s",
        How::Discard,
        16,
    ),
    // 24台 純正九連寶燈 (註17): 1112345678999 + any one of the suit, one more set beside.
    (
        "nine_gates_pure",
        "1112345678999m123p",
        &[],
        "5m",
        How::Discard,
        24,
    ),
    // 16台 變形九連寶燈 (註14): 11411113 from 1m, waiting on 1, 2, 4–9m.
    (
        "nine_gates_variant",
        "1233334567888m123p",
        &[],
        "9m",
        How::Discard,
        16,
    ),
];

#[test]
fn improved16_every_item_has_its_row() {
    // STYLE habit 10: one row per item of the 003 改良式 table, at its value.
    let v = imp();
    for &(key, before, ms, w, how, tai) in IMPROVED16_ROWS {
        let s = win(before, ms, w, &row_ctx(how), &v);
        let got = s
            .items
            .iter()
            .chain(&s.dealer_items)
            .find(|i| i.key == key)
            .map(|i| i.tai);
        assert_eq!(got, Some(tai), "{key}: {:?}", items(&s));
    }
    // 8台 八仙過海, 七搶一.
    let mut c = ctx(1, WinKind::SelfDraw);
    c.flowers = 0xFF;
    for w in [
        FlowerWin::EightImmortals,
        FlowerWin::SevenRobOne { robbed: 3 },
    ] {
        let s = score_flower(w, &c, &v, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.total_tai, 8);
    }
    let covered: Vec<&str> = IMPROVED16_ROWS
        .iter()
        .map(|r| r.0)
        .chain(["eight_immortals", "seven_rob_one"])
        .collect();
    for d in ITEMS.iter().filter(|d| v.has(d.item)) {
        assert!(covered.contains(&d.key()), "no row for {}", d.key());
    }
    // The table's names.
    let names: Vec<&str> = [
        Item::RoundWind,
        Item::SeatWind,
        Item::Dragon,
        Item::SeatFlower,
        Item::AllMelded,
        Item::ConcealedSelfDraw,
        Item::Migi,
        Item::FourKongs,
    ]
    .iter()
    .map(|&i| v.name_of(i))
    .collect();
    assert_eq!(
        names,
        [
            "圈風刻",
            "門風刻",
            "三元牌刻",
            "本花",
            "全求人",
            "不求人",
            "地聽",
            "四槓胡"
        ]
    );
}

#[test]
fn improved16_open_sets_are_worth_one_less() {
    // 003 1台: 三色同順、一條龍由吃得而成時，也是1台; 2台/3台: 非門清時 混帶么 2, 全帶么 3.
    let c = ctx(1, DISCARD_FROM_2);
    let tai = |s: &Score, key: &str| s.items.iter().find(|i| i.key == key).map(|i| i.tai);
    let s = win("123p123s456m99s78p", &[("chi", "123m")], "9p", &c, &imp());
    assert_eq!(tai(&s, "three_colour_run"), Some(1));
    let s = win("456m789m234p99s78s", &[("chi", "123m")], "6s", &c, &imp());
    assert_eq!(tai(&s, "straight"), Some(1));
    let s = win("789m111z789p99s12s", &[("chi", "123m")], "3s", &c, &imp());
    assert_eq!(tai(&s, "mixed_outside"), Some(2));
    let s = win("789m123p789p99s12s", &[("chi", "123m")], "3s", &c, &imp());
    assert_eq!(tai(&s, "pure_outside"), Some(3));
    // 門清胡混帶么則除了本身3台，還要加上門清台.
    let s = win("123m789m111z789p99s12s", &[], "3s", &c, &imp());
    assert_eq!(
        (tai(&s, "mixed_outside"), tai(&s, "concealed")),
        (Some(3), Some(1))
    );
}

#[test]
fn improved16_notes() {
    let c = ctx(1, DISCARD_FROM_2);
    // 註七: 混老頭 必為碰碰胡，故總計8台 (no 混帶么); 清老頭 16 (no 全帶么).
    let s = win("111m999p111z222z9s", &[("pon", "111s")], "9s", &c, &imp());
    assert!(s.items.iter().all(|i| i.item != Item::MixedOutside));
    assert_eq!(
        s.items
            .iter()
            .filter(|i| matches!(i.item, Item::MixedTerminals | Item::AllTriplets))
            .map(|i| i.tai)
            .sum::<u32>(),
        8
    );
    let s = win("111m999m111p999p9s", &[("pon", "111s")], "9s", &c, &imp());
    assert!(s.items.iter().all(|i| i.item != Item::PureOutside));
    // 全將碰 共14台; 五連刻 總計為12台; 桃園三結義 共20台 (不計大三元).
    let pair = |s: &Score, a: Item| {
        s.items
            .iter()
            .filter(|i| i.item == a || i.item == Item::AllTriplets)
            .map(|i| i.tai)
            .sum::<u32>()
    };
    let s = win("222m555m888m222p5s", &[("pon", "888s")], "5s", &c, &imp());
    assert_eq!(pair(&s, Item::All258), 14);
    let s = win("222m333m444m555m666m9s", &[], "9s", &c, &imp());
    assert_eq!(pair(&s, Item::FiveConsecutiveTriplets), 12);
    let s = win("555z666z777z333m333p3s", &[], "3s", &c, &imp());
    assert_eq!(pair(&s, Item::PeachGarden), 20);
    assert!(s
        .items
        .iter()
        .all(|i| !matches!(i.item, Item::BigDragons | Item::Dragon)));
    // 註六: 小三風、大三風 不計風台 (seat 南 holds 南).
    let s = win("111z222z33z456m78p", &[("chi", "123s")], "9p", &c, &imp());
    assert!(s
        .items
        .iter()
        .all(|i| !matches!(i.item, Item::RoundWind | Item::SeatWind)));
    // 註九: 風花雪月 不計白皮台.
    let s = win("111z555p555z111p9s", &[("chi", "123m")], "9s", &c, &imp());
    assert!(s.items.iter().all(|i| i.item != Item::Dragon));
    // 註11: 台灣縱貫線 不計一條龍、紅中、混一色.
    let s = win("123m456m789m444z777z2z", &[], "2z", &c, &imp());
    assert!(s
        .items
        .iter()
        .all(|i| !matches!(i.item, Item::Straight | Item::Dragon | Item::HalfFlush)));
    // 註12: 一色四同順 不計一盃口.
    let s = win("222233334444m99s78p", &[], "9p", &c, &imp());
    assert!(s.items.iter().all(|i| i.item != Item::DoubleRun));
    // 清盃口: 不計門清、三連刻、三暗刻、一盃口.
    let s = win("111222333m789m789m5p", &[], "5p", &c, &imp());
    assert!(s.items.iter().all(|i| !matches!(
        i.item,
        Item::Concealed | Item::ThreeConsecutiveTriplets | Item::ThreeConcealed | Item::DoubleRun
    )));
    // 百萬石 不計四連刻.
    let s = win("666777888999m5m", &[("chi", "123p")], "5m", &c, &imp());
    assert!(s
        .items
        .iter()
        .all(|i| i.item != Item::FourConsecutiveTriplets));
    // 註二: 一盃口 needs one of the two runs in the hand, not a 吃.
    let s = win(
        "456p78p99s345s",
        &[("chi", "123m"), ("chi", "123m")],
        "9p",
        &c,
        &imp(),
    );
    assert!(s.items.iter().all(|i| i.item != Item::DoubleRun));
}

#[test]
fn improved16_declarations_and_concealed_triplets() {
    // 003 8台: 地聽 必為門清，故自摸胡只另計自摸、不求人兩台 (天聽亦同); 12台 天聽.
    let mut c = ctx(1, WinKind::SelfDraw);
    c.declared = Declaration::Migi;
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &imp())),
        named(&[("自摸", 1), ("不求人", 1), ("地聽", 8), ("一條龍", 2)])
    );
    c.declared = Declaration::HeavenReady;
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &imp())),
        named(&[("自摸", 1), ("不求人", 1), ("天聽", 12), ("一條龍", 2)])
    );
    // 10台 五暗刻: 必為碰碰胡14台，自摸算法同地聽，不計門清.
    let s = win(
        "111m222p333s444s5z",
        &[("ankan", "7777m")],
        "5z",
        &ctx(1, WinKind::SelfDraw),
        &imp(),
    );
    let got: Vec<(String, u32)> = items(&s)
        .into_iter()
        .filter(|(n, _)| ["門清", "自摸", "不求人", "碰碰胡", "五暗刻"].contains(&n.as_str()))
        .collect();
    assert_eq!(
        got,
        named(&[("自摸", 1), ("不求人", 1), ("碰碰胡", 4), ("五暗刻", 10)])
    );
}

#[test]
fn improved16_four_kongs_alone_and_ping_hu() {
    // 003 6台 四槓胡: 除莊連拉外不另計手牌台數.
    let ms = [
        ("minkan", "1111m"),
        ("kakan", "2222p"),
        ("ankan", "3333s"),
        ("minkan", "4444s"),
        ("chi", "789m"),
    ];
    let s = win("5p", &ms, "5p", &ctx(1, WinKind::SelfDraw), &imp());
    assert_eq!(items(&s), named(&[("四槓胡", 6)]));
    // 003 2台 平胡: 無字無刻無「本花」聽兩面榮胡即可 — 門清 and another seat's flower allowed.
    let mut c = ctx(1, DISCARD_FROM_2);
    c.flowers = 1; // 春, 東's flower; the winner sits 南
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &imp())),
        named(&[("門清", 1), ("平胡", 2), ("一條龍", 2)])
    );
    c.flowers = 2; // 夏: 本花
    assert_eq!(
        items(&win(PLAIN, &[], "7p", &c, &imp())),
        named(&[("門清", 1), ("本花", 1), ("一條龍", 2)])
    );
}

#[test]
fn improved16_every_winner_paid_and_zhongyong() {
    // 003: 無攔胡，放槍幾家付幾家.
    let v = imp();
    assert_eq!(
        winning_seats(0, &[3, 1], v.multi_win).ok(),
        Some(vec![1, 3])
    );
    // 003 金額計算 (中庸全統制): 放槍 N × 台數 × 3; 自摸 各家 N × 台數 × 2.
    let s = win(
        "234m678m234p56p77s",
        &[("chi", "789s")],
        "7p",
        &ctx(1, DISCARD_FROM_2),
        &v,
    );
    assert_eq!(items(&s), named(&[("平胡", 2)]));
    let st = settle(&[s], &v).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(st.net_tai, [0, 6, -6, 0]);
    assert_eq!(st.net_money, [0, 600, -600, 0]);
    let s = win(
        "234m678m234p56p77s789s",
        &[],
        "7p",
        &ctx(1, WinKind::SelfDraw),
        &v,
    );
    assert_eq!(s.total_tai, 3); // 門清自摸不求人
    let st = settle(&[s], &v).unwrap_or_else(|e| panic!("{e}"));
    // The dealer (seat 0) pays with 莊家 1: (3 + 1) × 2.
    let per: Vec<(u8, u32)> = st.lines.iter().map(|l| (l.payer, l.total_tai)).collect();
    assert_eq!(per, [(2, 6), (3, 6), (0, 8)]);
    // 003: 原則上以一台以上起胡.
    assert_eq!(v.min_tai, 1);
    let mut b = Variant::taiwan();
    for (k, val) in v.settings() {
        b.set(&k, &val).unwrap_or_else(|e| panic!("{k}: {e}"));
    }
    assert_eq!(b.tai, v.tai);
    assert!(Variant::preset("improved16").is_ok_and(|p| p == v));
}

#[test]
fn improved16_heaven_win_without_the_dealer_tai() {
    // 003 註16: 天胡不計莊家一台，連莊得加上連拉台.
    let mut c = ctx(0, WinKind::SelfDraw);
    c.first_turn = true;
    c.streak = 1;
    let s = win(PLAIN, &[], "7p", &c, &imp());
    let dealer: Vec<(&str, u32)> = s.dealer_items.iter().map(|i| (i.key, i.tai)).collect();
    assert_eq!(dealer, [("dealer_streak", 2)]);
    assert_eq!(s.dealer_tai, 2);
    // taiwan keeps 莊家 1 with 天胡 (000).
    let s = win(PLAIN, &[], "7p", &c, &Variant::taiwan());
    assert_eq!(s.dealer_tai, 3);
    // Without 天胡 the dealer's 莊家 counts.
    let s = win(PLAIN, &[], "7p", &ctx(0, WinKind::SelfDraw), &imp());
    assert_eq!(s.dealer_tai, 1);
}

#[test]
fn false_win_penalties() {
    // 001 台數表 詐胡: 需一家賠三家，所賠台數視詐胡的台數計算; 例如：宣告地聽後詐胡則需賠其它
    // 三家一底八台.
    let st = false_win(1, [8; 4], &trad()).unwrap_or_else(|e| panic!("{e}"));
    let per: Vec<(u8, u32)> = st.lines.iter().map(|l| (l.payee, l.total_tai)).collect();
    assert_eq!(per, [(2, 11), (3, 11), (0, 11)]);
    assert_eq!(st.net_money, [1100, -3300, 1100, 1100]);
    // 003 詐胡的罰則: 賠聽牌者所聽台數，賠未聽者自己詐胡的台數 (seat 2 waited on 5 tai).
    let st = false_win(1, [8, 0, 5, 8], &imp()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(st.net_tai, [16, -42, 10, 16]);
    assert!(false_win(4, [0; 4], &imp()).is_err());
    // 004 三人麻將: seat 3 is empty, so a 詐胡 by seat 1 pays seats 2 and 0 only, and seat 3
    // cannot be the offender.
    let three = trad()
        .with_overrides(&[("players", twmj_core::scoring::Value::Int(3))])
        .unwrap_or_else(|e| panic!("{e}"));
    let st = false_win(1, [8; 4], &three).unwrap_or_else(|e| panic!("{e}"));
    let per: Vec<(u8, u32)> = st.lines.iter().map(|l| (l.payee, l.total_tai)).collect();
    assert_eq!(per, [(2, 11), (0, 11)]);
    assert_eq!(st.net_tai, [11, -22, 11, 0]);
    let err = false_win(3, [0; 4], &three).unwrap_err().to_string();
    assert!(err.contains("seat 3 does not exist"), "{err}");
}

#[test]
fn declarations_belong_to_the_seat_their_text_names() {
    // 001 天聽: 在莊家取完牌後，打出第一張牌時即聽牌; 003 hk16 天聽 40番: 莊家配牌，打第一隻後就叫胡;
    // 003 hk16 地聽 20番: 閒家配牌後立即聽牌. The game never lets the other seat declare them,
    // and a score refuses it at the declaration's field. 003 改良式 天聽 and 000/001 地聽 name no
    // seat: both seats are scored.
    let hk16 = Variant::hk16();
    let cases = [
        (&hk16, 0, Declaration::Migi, false),
        (&hk16, 1, Declaration::Migi, true),
        (&hk16, 1, Declaration::HeavenReady, false),
        (&hk16, 0, Declaration::HeavenReady, true),
        (&trad(), 1, Declaration::HeavenReady, false),
        (&trad(), 0, Declaration::HeavenReady, true),
        (&trad(), 0, Declaration::Migi, true),
        (&imp(), 1, Declaration::HeavenReady, true),
        (&Variant::taiwan(), 0, Declaration::Migi, true),
    ];
    for (v, winner, d, ok) in cases {
        let mut c = ctx(winner, DISCARD_FROM_2);
        c.declared = d;
        match try_win(PLAIN, &[], "7p", &c, v) {
            Ok(_) => assert!(ok, "{} seat {winner} {}", v.preset, d.key()),
            Err(e) => {
                assert!(!ok, "{} seat {winner} {}: {e}", v.preset, d.key());
                assert_eq!(e.field().as_deref(), Some("context.declared"), "{e}");
            }
        }
    }
}
