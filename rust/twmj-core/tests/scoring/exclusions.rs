//! The 備註 as settings (`exclude.<item>`, issue 30 item 1): each preset's value is its text's
//! note, and one override expresses a table that reads the note otherwise. Each test cites the
//! text whose note is the default and states the override (the house rule the other tables
//! publish).

#![allow(clippy::unwrap_used)]

use crate::common::{items, win};
use twmj_core::rules::{items_text, EXCLUDE};
use twmj_core::scoring::{
    Context, Declaration, Item, Replacement, Score, Value, Variant, WinKind, Wind,
};

fn named(v: &[(&str, u32)]) -> Vec<(String, u32)> {
    v.iter().map(|(n, t)| ((*n).to_owned(), *t)).collect()
}

fn ctx(winner: u8, win: WinKind) -> Context {
    let mut c = Context::new(winner, win);
    c.seat_wind = Wind::ALL[winner as usize];
    c
}

const DISCARD_FROM_2: WinKind = WinKind::Discard { from: 2 };

/// A concealed hand with three waits (1p, 4p, 7p) and no honour.
const PLAIN: &str = "123456789m234p56p77s";

/// `preset` with `exclude.<item> = text`.
fn with(preset: &str, item: &str, text: &str) -> Variant {
    Variant::preset(preset)
        .unwrap()
        .with_overrides(&[(&format!("exclude.{item}"), Value::Text(text.to_owned()))])
        .unwrap_or_else(|e| panic!("{e}"))
}

/// The default's items and the override's, scored alike.
fn both(
    preset: &str,
    item: &str,
    text: &str,
    hand: (&str, &[(&str, &str)], &str),
    c: &Context,
) -> (Score, Score) {
    let (before, ms, w) = hand;
    let a = win(before, ms, w, c, &Variant::preset(preset).unwrap());
    let b = win(before, ms, w, c, &with(preset, item, text));
    (a, b)
}

#[test]
fn each_preset_value_is_its_texts_note() {
    // 000 台數表 備註: 小三元 不另計三元牌; 天胡 不計自摸、門清、不求、獨聽、槓上開花; 全求 has none
    // (單吊的獨聽 1 台另計).
    let t = Variant::taiwan();
    let text = |v: &Variant, i: Item| items_text(v.excludes(i), i);
    assert_eq!(text(&t, Item::SmallDragons), "dragon");
    assert_eq!(
        text(&t, Item::HeavenWin),
        "concealed,self_draw,concealed_self_draw,single_wait,kong_bloom"
    );
    assert_eq!(text(&t, Item::AllMelded), "");
    // 001 台數表 五暗刻 不得重複計算其他暗刻台 (its own note; 000's do not carry over, README).
    let tr = Variant::traditional();
    assert_eq!(
        text(&tr, Item::FiveConcealed),
        // The tiers under it hold in every preset (hk16 兩暗刻, the fan list's 四暗刻 too).
        "three_concealed,four_concealed,two_concealed,fan_four_concealed"
    );
    assert_eq!(text(&tr, Item::Migi), "");
    // 003 四槓胡: 除莊連拉外不另計手牌台數 — every item but the dealer's line.
    assert_eq!(
        text(&Variant::improved16(), Item::FourKongs),
        "*-dealer,dealer_streak"
    );
    // settings() lists the family for the items the table has, as `set` takes it back.
    let listed: Vec<(String, Value)> = t
        .settings()
        .into_iter()
        .filter(|(k, _)| k.starts_with(EXCLUDE.prefix))
        .collect();
    assert!(listed.contains(&("exclude.small_dragons".into(), Value::Text("dragon".into()))));
    let mut back = Variant::traditional();
    for (k, v) in &listed {
        back.set(k, v).unwrap();
    }
    assert_eq!(
        text(&back, Item::FiveConcealed),
        text(&t, Item::FiveConcealed)
    );
}

#[test]
fn small_dragons_with_or_without_its_dragon_sets() {
    // 000 台數表 小三元 4: 不另計三元牌 (default). Override `exclude.small_dragons = ""`: the
    // table that 另計兩組三元牌刻 adds 三元牌 1 for each of 中 and 發.
    let hand = ("123m456m789p666z777z5z", &[][..], "5z");
    let (a, b) = both("taiwan", "small_dragons", "", hand, &ctx(1, DISCARD_FROM_2));
    assert_eq!(items(&a), named(&[("門清", 1), ("獨聽", 1), ("小三元", 4)]));
    assert_eq!(
        items(&b),
        named(&[("門清", 1), ("三元牌", 2), ("獨聽", 1), ("小三元", 4)])
    );
}

#[test]
fn small_winds_with_or_without_the_wind_rows() {
    // 000 台數表 小四喜 8: 不另計圈風、門風 (default). Override `exclude.small_winds = ""`: 圈風
    // (東 in the 東 round) and 南's 門風 add 1 each.
    let hand = ("123m456m111z222z333z4z", &[][..], "4z");
    let (a, b) = both("taiwan", "small_winds", "", hand, &ctx(1, DISCARD_FROM_2));
    assert_eq!(
        items(&a),
        named(&[
            ("門清", 1),
            ("獨聽", 1),
            ("三暗刻", 2),
            ("混一色", 4),
            ("小四喜", 8)
        ])
    );
    assert_eq!(
        items(&b),
        named(&[
            ("門清", 1),
            ("圈風", 1),
            ("門風", 1),
            ("獨聽", 1),
            ("三暗刻", 2),
            ("混一色", 4),
            ("小四喜", 8)
        ])
    );
}

#[test]
fn all_honors_dropping_only_all_triplets() {
    // 000 台數表 字一色 16: 不另計碰碰胡、圈風、門風、三元牌 (default); its composite with 小三元 is
    // 16 + 4 − 4 (字一色的複合). Override `exclude.all_honors = "all_triplets"`: 圈風 and 門風
    // count beside it; 三元牌 stays out by 小三元's own note (and 000 五暗刻 可與字一色並計).
    let hand = ("111z222z333z666z777z5z", &[][..], "5z");
    let (a, b) = both(
        "taiwan",
        "all_honors",
        "all_triplets",
        hand,
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(
        items(&a),
        named(&[
            ("門清", 1),
            ("獨聽", 1),
            ("五暗刻", 8),
            ("字一色（小三元）", 16)
        ])
    );
    assert_eq!(
        items(&b),
        named(&[
            ("門清", 1),
            ("圈風", 1),
            ("門風", 1),
            ("獨聽", 1),
            ("五暗刻", 8),
            ("字一色（小三元）", 16)
        ])
    );
}

#[test]
fn lig_gu_without_concealed() {
    // 003 hk16 瀝姑瀝姑 30: 可與其他牌型複合, so 門前清 adds (default). Override
    // `exclude.lig_gu = "concealed"`: a table whose 嚦咕嚦咕 leaves 門清 out (獨聽 is never judged
    // on a special shape: its waits are not a set's).
    let hand = ("11m33m55p77p99s22z44z66z", &[][..], "6z");
    let (a, b) = both("hk16", "lig_gu", "concealed", hand, &ctx(1, DISCARD_FROM_2));
    let has = |s: &Score, i: Item| s.items.iter().any(|x| x.item == i);
    assert!(
        has(&a, Item::LigGu) && has(&a, Item::Concealed),
        "{:?}",
        items(&a)
    );
    assert!(
        has(&b, Item::LigGu) && !has(&b, Item::Concealed),
        "{:?}",
        items(&b)
    );
    assert_eq!(a.total_tai - b.total_tai, 3, "門前清 3 番 (003 hk16)");
}

#[test]
fn all_melded_without_single_wait() {
    // 000 台數表 全求 1: 單吊的獨聽 1 台另計 (default). Override `exclude.all_melded =
    // "single_wait"`: 全求 without 獨聽.
    let ms: &[(&str, &str)] = &[
        ("chi", "123m"),
        ("chi", "456m"),
        ("pon", "777p"),
        ("chi", "234s"),
        ("pon", "999s"),
    ];
    let (a, b) = both(
        "taiwan",
        "all_melded",
        "single_wait",
        ("5p", ms, "5p"),
        &ctx(1, DISCARD_FROM_2),
    );
    assert_eq!(items(&a), named(&[("獨聽", 1), ("全求", 1)]));
    assert_eq!(items(&b), named(&[("全求", 1)]));
}

#[test]
fn heaven_win_as_a_fixed_total() {
    // 000 台數表 天胡 24: 不計自摸、門清、不求、獨聽、槓上開花, 正花 and 莊家 still add (default).
    // Override `exclude.heaven_win = "*"`: 固定 24 台, every other item out, the dealer's too.
    let mut c = ctx(0, WinKind::Replacement(Replacement::Flower));
    c.first_turn = true;
    c.flowers = 1 << 4; // 梅, 東's 正花
    let hand = ("123456789m234p13s77s", &[][..], "2s");
    let (a, b) = both("taiwan", "heaven_win", "*", hand, &c);
    assert_eq!(items(&a), named(&[("正花", 1), ("天胡", 24)]));
    assert_eq!(a.dealer_tai, 1);
    assert_eq!(items(&b), named(&[("天胡", 24)]));
    assert_eq!((b.dealer_tai, b.dealer_items.len()), (0, 0));
    assert!(b.why_not.iter().any(|n| n.item == Item::Dealer));
    assert_eq!(
        items_text(
            with("taiwan", "heaven_win", "*").excludes(Item::HeavenWin),
            Item::HeavenWin
        ),
        "*"
    );
}

#[test]
fn migi_keeping_concealed_and_concealed_self_draw() {
    // 000 嗆聽與 MIGI, 台數表 MIGI 8: 不計門清、不求、嗆聽 (default). Override `exclude.migi =
    // "declared_ready"`: 門清 and 不求 add.
    let mut c = ctx(1, WinKind::SelfDraw);
    c.declared = Declaration::Migi;
    let (a, b) = both("taiwan", "migi", "declared_ready", (PLAIN, &[], "7p"), &c);
    assert_eq!(items(&a), named(&[("自摸", 1), ("MIGI", 8)]));
    assert_eq!(
        items(&b),
        named(&[("門清", 1), ("自摸", 1), ("不求", 1), ("MIGI", 8)])
    );
}

#[test]
fn earth_win_keeping_concealed_and_self_draw() {
    // 000 台數表 地胡 16: 不計自摸、門清、不求 (default). Override `exclude.earth_win = ""`: all
    // three add.
    let mut c = ctx(1, WinKind::Replacement(Replacement::Flower));
    c.first_turn = true;
    c.flowers = 1 << 5; // 蘭, 南's 正花
    let (a, b) = both("taiwan", "earth_win", "", (PLAIN, &[], "7p"), &c);
    assert_eq!(
        items(&a),
        named(&[("正花", 1), ("槓上開花", 1), ("地胡", 16)])
    );
    assert_eq!(
        items(&b),
        named(&[
            ("門清", 1),
            ("自摸", 1),
            ("不求", 1),
            ("正花", 1),
            ("槓上開花", 1),
            ("地胡", 16)
        ])
    );
}

#[test]
fn heaven_ready_dropping_concealed() {
    // 001 台數表 天聽 16 writes no note, so 門清 adds beside it (default, rules README:
    // traditional's own table's notes are the exclusions). Override `exclude.heaven_ready =
    // "concealed,concealed_self_draw"`: the table that drops 門清 and 不求 beside 天聽 (平胡 on a
    // 門清 hand is traditional's, 001 平胡說明).
    let mut c = ctx(0, DISCARD_FROM_2);
    c.declared = Declaration::HeavenReady;
    let (a, b) = both(
        "traditional",
        "heaven_ready",
        "concealed,concealed_self_draw",
        (PLAIN, &[], "7p"),
        &c,
    );
    assert_eq!(items(&a), named(&[("門清", 1), ("平胡", 2), ("天聽", 16)]));
    assert_eq!(items(&b), named(&[("平胡", 2), ("天聽", 16)]));
}

#[test]
fn flower_kong_replacing_its_seat_flower() {
    // 000 台數表 正花: 已組成花槓的那一組裡的本門花照計 (default: 花槓 1 + 正花 1 for 南's 夏).
    // Override `exclude.flower_kong = "seat_flower"`: a complete 花槓 replaces its 正花.
    let mut c = ctx(1, DISCARD_FROM_2);
    c.flowers = 0b1111; // 春夏秋冬
    let (a, b) = both(
        "taiwan",
        "flower_kong",
        "seat_flower",
        (PLAIN, &[], "7p"),
        &c,
    );
    assert_eq!(items(&a), named(&[("門清", 1), ("正花", 1), ("花槓", 1)]));
    assert_eq!(items(&b), named(&[("門清", 1), ("花槓", 1)]));
}

#[test]
fn bad_values_are_refused_by_field() {
    let v = Variant::taiwan();
    let set = |k: &str, x: Value| v.with_overrides(&[(k, x)]).unwrap_err();
    let e = set(
        "exclude.small_dragons",
        Value::Text("dragon,no_such".into()),
    );
    assert_eq!(e.code(), "unknown_item");
    assert_eq!(
        e.field().as_deref(),
        Some("overrides.exclude.small_dragons")
    );
    let e = set("exclude.small_dragons", Value::Text("small_dragons".into()));
    assert_eq!(e.code(), "bad_setting_value");
    let e = set("exclude.small_dragons", Value::Int(1));
    assert_eq!(e.code(), "bad_setting_value");
    let e = set("exclude.no_such_item", Value::Text(String::new()));
    assert_eq!(e.code(), "unknown_setting");
    // `*-<keys>`: every other item but those.
    let w = with("taiwan", "heaven_win", "*-seat_flower");
    assert!(!w.excludes(Item::HeavenWin).contains(Item::SeatFlower));
    assert!(w.excludes(Item::HeavenWin).contains(Item::Dealer));
    // Any order and separator reads; the value is written back in item order.
    let w = with("taiwan", "small_winds", "seat_wind、 round_wind");
    assert_eq!(
        items_text(w.excludes(Item::SmallWinds), Item::SmallWinds),
        "round_wind,seat_wind"
    );
}
