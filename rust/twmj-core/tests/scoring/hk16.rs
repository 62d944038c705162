//! The `hk16` preset: the Hong Kong / Macau 番 table for 16-tile play, the first part of
//! `shared/rules/003_7c688f691808702a.txt` ("名稱 番數 備註"). One test per row or note, each
//! hand's 番 derived from the row's text; the differences from `improved16` (the same text's
//! second part) where both tables have the concept.

use crate::common::{counts, melds, tile, win};
use twmj_core::scoring::{Context, Item, Score, Value, Variant, WinKind, Wind, PRESETS};

fn hk() -> Variant {
    Variant::hk16()
}

/// The hand's items (not the dealer's), sorted by name.
fn items(s: &Score) -> Vec<(String, u32)> {
    let mut v: Vec<(String, u32)> = s
        .items
        .iter()
        .map(|i| (i.name.to_string(), i.tai))
        .collect();
    v.sort();
    v
}

fn named(v: &[(&str, u32)]) -> Vec<(String, u32)> {
    let mut v: Vec<(String, u32)> = v.iter().map(|(n, t)| ((*n).to_owned(), *t)).collect();
    v.sort();
    v
}

/// Seat 1 (南, 位花 夏 and 蘭) wins; seat 0 (東) deals in the 東 round.
fn ctx(win: WinKind) -> Context {
    let mut c = Context::new(1, win);
    c.seat_wind = Wind::South;
    c
}

const DISCARD: WinKind = WinKind::Discard { from: 2 };
/// Concealed, five runs and a pair of 7s, no honour; waits 4p and 7p.
const PLAIN: &str = "123456789m234p56p77s";

#[test]
fn hk16_is_a_preset_scored_in_fan() {
    assert!(PRESETS.contains(&"hk16"));
    let v = Variant::preset("hk16").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((v.preset, v.unit), ("hk16", "番"));
    assert_eq!(Variant::taiwan().unit, "台");
    let settings = v.settings();
    assert!(settings.contains(&("unit".to_owned(), Value::Text("番".to_owned()))));
    // Rows of the hk16 table at its values; rows of other tables absent.
    for (key, fan) in [
        ("dealer", 1),
        ("self_draw", 1),
        ("wind_triplet", 1),
        ("no_honors", 1),
        ("no_flowers", 1),
        ("seat_flower", 1),
        ("eyes_258", 1),
        ("fake_single", 1),
        ("robbing_kong", 1),
        ("ping_wu_honor_eyes", 1),
        ("ping_wu_flowers", 3),
        ("ping_wu_clean", 8),
        ("kong_each", 1),
        ("kong_bloom", 1),
        ("last_tile", 1),
        ("dragon", 2),
        ("single_wait", 2),
        ("dealer_streak", 2),
        ("no_honors_no_flowers", 3),
        ("flower_kong", 3),
        ("concealed", 3),
        ("two_concealed", 3),
        ("concealed_self_draw", 5),
        ("three_concealed", 8),
        ("half_melded", 8),
        ("chicken_hand", 10),
        ("small_three_winds", 10),
        ("all_melded", 15),
        ("four_concealed", 15),
        ("within_seven", 20),
        ("half_flush", 20),
        ("seven_flowers", 20),
        ("all_triplets", 20),
        ("migi", 20),
        ("big_three_winds", 20),
        ("small_dragons", 25),
        ("lig_gu", 30),
        ("eight_flowers", 40),
        ("heaven_ready", 40),
        ("big_dragons", 50),
        ("small_winds", 60),
        ("mixed_terminals", 60),
        ("full_flush", 60),
        ("four_kongs", 60),
        ("heaven_win", 80),
        ("dealer_first_discard", 80),
        ("all_terminals", 80),
        ("all_honors", 80),
        ("big_winds", 80),
        ("five_concealed", 80),
        ("nine_links", 80),
        ("thirteen_orphans", 80),
    ] {
        let got = settings
            .iter()
            .find(|(k, _)| *k == format!("tai.{key}"))
            .map(|(_, v)| v.clone());
        assert_eq!(got, Some(Value::Int(fan)), "{key}");
    }
    for absent in [
        Item::PingHu,
        Item::DeclaredReady,
        Item::HumanWin,
        Item::EarthWin,
        Item::Dice,
        Item::LastDiscard,
        Item::SevenRobOne,
        Item::EightImmortals,
        Item::DoubleRun,
        Item::Straight,
    ] {
        assert!(!v.has(absent), "{absent:?}");
    }
}

#[test]
fn ping_wu_three_cases() {
    // 003 hk16 平糊: 全手無碰、槓, 眼是字牌, 有花: 1; 眼不是字牌, 有花: 3 (不計無字);
    // 眼不是字牌, 無花: 8 (不計無字花). 門前清 3 beside (沒碰上槓過而胡).
    let v = hk();
    let s = win(PLAIN, &[], "7p", &ctx(DISCARD), &v);
    assert_eq!(items(&s), named(&[("門前清", 3), ("平糊（無花）", 8)]));
    let mut c = ctx(DISCARD);
    c.flowers = 1; // 春: not seat 1's flower.
    let s = win(PLAIN, &[], "7p", &c, &v);
    assert_eq!(items(&s), named(&[("門前清", 3), ("平糊（有花）", 3)]));
    // 夏 is 南's own flower: 位花 1 each.
    c.flowers = 1 << 1;
    let s = win(PLAIN, &[], "7p", &c, &v);
    assert_eq!(
        items(&s),
        named(&[("門前清", 3), ("平糊（有花）", 3), ("位花", 1)])
    );
    // An honour pair with a flower: 1.
    c.flowers = 1;
    let s = win("123456789m234p56p11z", &[], "7p", &c, &v);
    assert_eq!(items(&s), named(&[("門前清", 3), ("平糊（字眼有花）", 1)]));
    // An honour pair without a flower is none of the three: 無花 only.
    let s = win("123456789m234p56p11z", &[], "7p", &ctx(DISCARD), &v);
    assert_eq!(items(&s), named(&[("門前清", 3), ("無花", 1)]));
    // A triplet breaks 平糊: 無字花 3 stands for 無字 and 無花.
    let s = win("111m456789m234p56p77s", &[], "7p", &ctx(DISCARD), &v);
    assert!(items(&s).iter().all(|(n, _)| !n.starts_with("平糊")));
    assert!(items(&s).contains(&("無字花".to_owned(), 3)));
}

#[test]
fn concealed_self_draw_is_bu_qiu_ren() {
    // 003 hk16 不求人 5: 門前清加自摸 (不計門前清、自摸). 平糊 has no word on 自摸.
    let s = win(PLAIN, &[], "7p", &ctx(WinKind::SelfDraw), &hk());
    assert_eq!(items(&s), named(&[("不求人", 5), ("平糊（無花）", 8)]));
}

#[test]
fn fake_single_and_single_single() {
    // 003 hk16 假獨: 叫兩門牌但又可當獨聽 (例 1234 叫 1, 4).
    let ms = [
        ("pon", "555p"),
        ("pon", "999s"),
        ("chi", "678p"),
        ("chi", "123s"),
    ];
    for w in ["1m", "4m"] {
        let s = win("1234m", &ms, w, &ctx(DISCARD), &hk());
        assert_eq!(
            items(&s),
            named(&[("假獨", 1), ("無字花", 3)]),
            "1234m + {w}"
        );
    }
    // 獨獨 2: 只聽一門 (13m55p waits on 2m only); 象眼: the pair is 5p.
    let ms = [
        ("pon", "999s"),
        ("chi", "678p"),
        ("chi", "123s"),
        ("chi", "789m"),
    ];
    let s = win("13m55p", &ms, "2m", &ctx(DISCARD), &hk());
    assert_eq!(items(&s), named(&[("獨獨", 2), ("無字花", 3), ("象眼", 1)]));
}

#[test]
fn winds_and_three_winds() {
    // 003 hk16 風牌 1 each, 合風 (圈風 東) and 位 (門風 南) 1 more each; 大三風 20 (three wind
    // triplets) with no note against them. 獨獨 (5p only), 象眼 (5p), 無花.
    let ms = [("pon", "111z"), ("pon", "222z"), ("pon", "333z")];
    let s = win("123m456m5p", &ms, "5p", &ctx(DISCARD), &hk());
    assert_eq!(
        items(&s),
        named(&[
            ("風牌", 3),
            ("合風", 1),
            ("位", 1),
            ("大三風", 20),
            ("獨獨", 2),
            ("象眼", 1),
            ("無花", 1),
        ])
    );
    assert_eq!(s.total_tai, 29);
    // 小三風 10: two wind triplets and a wind pair.
    let ms = [("pon", "111z"), ("pon", "222z")];
    let s = win("123m456m789m3z", &ms, "3z", &ctx(DISCARD), &hk());
    assert_eq!(
        items(&s),
        named(&[
            ("風牌", 2),
            ("合風", 1),
            ("位", 1),
            ("小三風", 10),
            ("混一色", 20),
            ("獨獨", 2),
            ("無花", 1),
        ])
    );
}

#[test]
fn concealed_triplets_tiers() {
    // 003 hk16 兩暗刻 3, 三暗刻 8: only the highest. 2345s waits on 2s and 5s, so winning on
    // 5s as 234s + 55s is 假獨; the pair 5s is 象眼.
    let before = "111m222m456p789s234s5s";
    let s = win(before, &[], "5s", &ctx(DISCARD), &hk());
    assert_eq!(
        items(&s),
        named(&[
            ("門前清", 3),
            ("兩暗刻", 3),
            ("假獨", 1),
            ("無字花", 3),
            ("象眼", 1),
        ])
    );
    let s = win("111m222m333p789s234s5s", &[], "5s", &ctx(DISCARD), &hk());
    let got = items(&s);
    assert!(got.contains(&("三暗刻".to_owned(), 8)), "{got:?}");
    assert!(got.iter().all(|(n, _)| n != "兩暗刻"));
}

#[test]
fn kongs_count_one_each() {
    // 003 hk16 槓牌: 明槓暗槓，皆可加一番.
    let ms = [("ankan", "5555p"), ("minkan", "9999s")];
    let s = win("123m456m789m4s", &ms, "4s", &ctx(DISCARD), &hk());
    assert!(
        items(&s).contains(&("槓牌".to_owned(), 2)),
        "{:?}",
        items(&s)
    );
}

#[test]
fn all_and_half_melded() {
    // 003 hk16 全求人 15: 所有牌皆碰或上，單吊, 非自摸. 半求人 8: the same, self-drawn.
    let ms = [
        ("chi", "123m"),
        ("chi", "456m"),
        ("chi", "789m"),
        ("pon", "555p"),
        ("chi", "234s"),
    ];
    let s = win("7s", &ms, "7s", &ctx(DISCARD), &hk());
    assert_eq!(
        items(&s),
        named(&[("全求人", 15), ("獨獨", 2), ("無字花", 3)])
    );
    let s = win("7s", &ms, "7s", &ctx(WinKind::SelfDraw), &hk());
    assert_eq!(
        items(&s),
        named(&[("半求人", 8), ("自摸", 1), ("獨獨", 2), ("無字花", 3)])
    );
}

#[test]
fn chicken_hand_has_nothing_else() {
    // 003 hk16 屁胡 10: no other 番. A 碰 (not 門前清), a non-seat flower (not 無花, no 位花),
    // an honour pair with a triplet (not 無字, not 平糊), a two-sided win (23s on 4s).
    let mut c = ctx(DISCARD);
    c.flowers = 1;
    let ms = [("pon", "555p")];
    let s = win("123m456m789s23s11z", &ms, "4s", &c, &hk());
    assert_eq!(items(&s), named(&[("屁胡", 10)]));
    // Without the flower it is 無花 1, so not 屁胡.
    let s = win("123m456m789s23s11z", &ms, "4s", &ctx(DISCARD), &hk());
    assert_eq!(items(&s), named(&[("無花", 1)]));
    // The dealer's 莊家 is not the hand's: still 屁胡, and 莊家 1 between dealer and payer.
    let mut c = Context::new(0, DISCARD);
    c.flowers = 1 << 2; // 秋: not 東's.
    let s = win("123m456m789s23s11z", &ms, "4s", &c, &hk());
    assert_eq!(items(&s), named(&[("屁胡", 10)]));
    assert_eq!(s.dealer_items.iter().map(|i| i.tai).sum::<u32>(), 1);
}

#[test]
fn within_seven_discards() {
    // 003 hk16 七隻內 20: 打出七隻牌之內胡出.
    let mut c = ctx(DISCARD);
    for (n, counted) in [
        (Some(0), true),
        (Some(7), true),
        (Some(8), false),
        (None, false),
    ] {
        c.discards = n;
        let s = win(PLAIN, &[], "7p", &c, &hk());
        assert_eq!(
            items(&s).contains(&("七隻內".to_owned(), 20)),
            counted,
            "{n:?}"
        );
    }
}

#[test]
fn flowers_at_the_win() {
    // 003 hk16 七搶一 20 (seven flowers, the eighth elsewhere) and 八仙過海 40, added to the win
    // (胡的時候加); 同組花 3 per complete group; 位花 1 per own flower (夏, 蘭 for 南).
    let mut c = ctx(DISCARD);
    c.flowers = 0xFE; // all but 春
    let got = items(&win(PLAIN, &[], "7p", &c, &hk()));
    for want in [("七搶一", 20), ("同組花", 3), ("位花", 2)] {
        assert!(got.contains(&(want.0.to_owned(), want.1)), "{got:?}");
    }
    c.flowers = 0xFF;
    let got = items(&win(PLAIN, &[], "7p", &c, &hk()));
    for want in [("八仙過海", 40), ("同組花", 6), ("位花", 2)] {
        assert!(got.contains(&(want.0.to_owned(), want.1)), "{got:?}");
    }
    assert!(got.iter().all(|(n, _)| n != "七搶一"));
}

#[test]
fn terminals_and_honours() {
    // 003 hk16 清么九 80: 全部都是一或九數牌 (不計對對胡).
    let ms = [
        ("pon", "111m"),
        ("pon", "999m"),
        ("pon", "111p"),
        ("pon", "999p"),
    ];
    let s = win("111s9s", &ms, "9s", &ctx(DISCARD), &hk());
    assert_eq!(
        items(&s),
        named(&[("清么九", 80), ("獨獨", 2), ("無字花", 3)])
    );
    // 字么九 60: 只包含字牌和么九; 對對胡 20 beside (no note).
    let ms = [
        ("pon", "111m"),
        ("pon", "999m"),
        ("pon", "555z"),
        ("pon", "999p"),
    ];
    let got = items(&win("111s9s", &ms, "9s", &ctx(DISCARD), &hk()));
    for want in [("字么九", 60), ("對對胡", 20), ("中發白", 2)] {
        assert!(got.contains(&(want.0.to_owned(), want.1)), "{got:?}");
    }
}

#[test]
fn all_honours_counts_winds_and_dragons() {
    // 003 hk16 字一色 80: 可計風牌及中發白 (000 drops 圈風, 門風, 三元牌 under 字一色). Five
    // honour triplets and a pair always make a 三元 or 四喜 composite; only hk16's own notes
    // exclude (rules README), so the wind and dragon rows count beside those too.
    // 大三元 + 東 南 triplets + 西 pair: the winds count (and 小三風 10).
    let ms = [("pon", "555z"), ("pon", "666z"), ("pon", "777z")];
    let got = items(&win("111z222z3z", &ms, "3z", &ctx(DISCARD), &hk()));
    for want in [
        ("字一色（大三元）", 130),
        ("風牌", 2),
        ("合風", 1),
        ("位", 1),
        ("小三風", 10),
    ] {
        assert!(got.contains(&(want.0.to_owned(), want.1)), "{got:?}");
    }
    // 大四喜 + 中 triplet + 白 pair: the 中 triplet counts 中發白 2.
    let ms = [
        ("pon", "111z"),
        ("pon", "222z"),
        ("pon", "333z"),
        ("pon", "444z"),
    ];
    let got = items(&win("555z7z", &ms, "7z", &ctx(DISCARD), &hk()));
    for want in [
        ("字一色（大四喜）", 160),
        ("中發白", 2),
        ("風牌", 4),
        ("合風", 1),
        ("位", 1),
        ("對對胡", 20),
    ] {
        assert!(got.contains(&(want.0.to_owned(), want.1)), "{got:?}");
    }
}

#[test]
fn nine_links() {
    // 003 hk16 九子連環 80: 1112345678999 of a suit, one more of it, and a 暗坎 or a run.
    let s = win("1112345678999m123p", &[], "5m", &ctx(DISCARD), &hk());
    assert!(
        items(&s).contains(&("九子連環".to_owned(), 80)),
        "{:?}",
        items(&s)
    );
    let s = win("1112345678999m777p", &[], "9m", &ctx(DISCARD), &hk());
    assert!(items(&s).contains(&("九子連環".to_owned(), 80)));
    // A 碰 as the fifth set is not a 暗坎.
    let s = win(
        "1112345678999m",
        &[("pon", "777p")],
        "9m",
        &ctx(DISCARD),
        &hk(),
    );
    assert!(items(&s).iter().all(|(n, _)| n != "九子連環"));
    // 可與清一色複合.
    let s = win("1112345678999m789m", &[], "2m", &ctx(DISCARD), &hk());
    let got = items(&s);
    assert!(got.contains(&("九子連環".to_owned(), 80)), "{got:?}");
    assert!(got.contains(&("清一色".to_owned(), 60)), "{got:?}");
}

#[test]
fn special_shapes_compound() {
    // 003 hk16 瀝姑瀝姑 30: 七對加一暗刻, 可與其他牌型複合 (here 混一色 20, 門前清 3, 無花 1).
    let before = "1133557799m1122z555z";
    let c = ctx(DISCARD);
    let mut hand = counts(before);
    hand[tile("9m").index()] -= 1;
    let before = twmj_core::notation::format(&hand, 0);
    let s = win(&before, &[], "9m", &c, &hk());
    assert_eq!(
        items(&s),
        named(&[("瀝姑瀝姑", 30), ("門前清", 3), ("混一色", 20), ("無花", 1)])
    );
    // improved16 (註八): only 自摸 and 不求人 besides, so on a discard the shape alone.
    let s = win(&before, &[], "9m", &c, &Variant::improved16());
    assert_eq!(items(&s), named(&[("瀝咕瀝咕", 8)]));
    // 十三么 80, 可複合字么九 (the extra set of 9s keeps every tile a terminal or honour).
    let s = win("19m19p19s1234567z999s", &[], "1z", &c, &hk());
    assert_eq!(
        items(&s),
        named(&[("十三么", 80), ("字么九", 60), ("門前清", 3), ("無花", 1)])
    );
    // A run as the extra set: no 字么九; self-drawn: 不求人 for 門前清 and 自摸.
    let s = win(
        "19m19p19s1234567z456s",
        &[],
        "1z",
        &ctx(WinKind::SelfDraw),
        &hk(),
    );
    assert_eq!(
        items(&s),
        named(&[("十三么", 80), ("不求人", 5), ("無花", 1)])
    );
}

#[test]
fn heaven_and_earth() {
    // 003 hk16 天地胡 80: 莊家開牌立即胡, or 閒家胡莊家打出的第一隻牌.
    let mut c = Context::new(0, WinKind::SelfDraw);
    c.first_turn = true;
    let got = items(&win(PLAIN, &[], "7p", &c, &hk()));
    assert!(got.contains(&("天地胡".to_owned(), 80)), "{got:?}");
    let mut c = ctx(WinKind::Discard { from: 0 });
    c.first_turn = true;
    let got = items(&win(PLAIN, &[], "7p", &c, &hk()));
    assert!(got.contains(&("天地胡".to_owned(), 80)), "{got:?}");
    // Another seat's first discard is not 天地胡 (000 would give 人胡).
    let mut c = ctx(WinKind::Discard { from: 3 });
    c.first_turn = true;
    let got = items(&win(PLAIN, &[], "7p", &c, &hk()));
    assert!(got.iter().all(|(n, _)| n != "天地胡"), "{got:?}");
}

#[test]
fn dealer_and_streak() {
    // 003 hk16 莊家 1 (胡或放槍都算多一番), 連莊 2 per 連莊.
    let mut c = Context::new(0, DISCARD);
    c.streak = 2;
    let s = win(PLAIN, &[], "7p", &c, &hk());
    assert_eq!(s.dealer_items.iter().map(|i| i.tai).sum::<u32>(), 1 + 2 * 2);
    let s = win(PLAIN, &[], "7p", &ctx(WinKind::Discard { from: 0 }), &hk());
    assert_eq!(s.dealer_items.iter().map(|i| i.tai).sum::<u32>(), 1);
}

#[test]
fn thirteen_orphans_extra_set_is_a_concealed_triplet_or_a_run() {
    // 003 hk16 十三么: 多其中一隻做眼，加一暗簡或一順子 (a 碰 is neither); 003 改良式 註13: 有一搭
    // 可隨意吃碰 (improved16 takes the 碰).
    use twmj_core::special::{is_special_win, special_wait_mask};
    let mut hand = counts("19m19p19s1234567z1z");
    let pon = melds(&[("pon", "999s")]);
    let chi = melds(&[("chi", "456s")]);
    assert!(!is_special_win(&hand, &pon, &hk()));
    assert!(is_special_win(&hand, &pon, &Variant::improved16()));
    assert!(is_special_win(&hand, &chi, &hk()));
    // Nor is it a wait: 19m19p19s1234567z waits on the 13 orphans beside a 吃, none beside a 碰.
    hand[tile("1z").index()] -= 1;
    assert_eq!(special_wait_mask(&hand, &chi, &hk()).count_ones(), 13);
    assert_eq!(special_wait_mask(&hand, &pon, &hk()), 0);
    // improved16 takes it: every orphan but 9s, whose four copies the hand holds (README).
    assert_eq!(
        special_wait_mask(&hand, &pon, &Variant::improved16()).count_ones(),
        12
    );
    let s = win(
        "19m19p19s1234567z",
        &[("chi", "456s")],
        "1z",
        &ctx(DISCARD),
        &hk(),
    );
    assert!(items(&s).contains(&("十三么".to_owned(), 80)));
}

#[test]
fn chicken_hand_is_judged_on_every_reading() {
    // 003 hk16 屁胡 10番 (docs/variants.md: a hand with one reading that counts something is not
    // 屁胡). 111222333m reads as three concealed triplets (三暗刻 8番) or as three runs
    // (nothing, with a 碰, an honour pair and 春, not 南's flower): no reading is 屁胡, the best
    // is 三暗刻, and every reading `score_all` lists agrees.
    let mut c = ctx(DISCARD);
    c.flowers = 1;
    let s = win("111222333m45s11z", &[("pon", "555p")], "6s", &c, &hk());
    assert_eq!(items(&s), named(&[("三暗刻", 8)]));
    // The 17 − 3 concealed tiles with the winning 6s.
    let concealed = counts("111222333m456s11z");
    let all = twmj_core::scoring::score_all(
        &concealed,
        &melds(&[("pon", "555p")]),
        tile("6s"),
        &c,
        &hk(),
        false,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(all.len(), 2);
    for r in &all {
        assert!(
            r.items.iter().all(|i| i.item != Item::ChickenHand),
            "{:?}",
            items(r)
        );
    }
    assert_eq!(all.iter().map(|r| r.total_tai).max(), Some(8));
    // Near miss: 123456789m reads only as runs, so 屁胡 stands.
    let s = win("123456789m45s11z", &[("pon", "555p")], "6s", &c, &hk());
    assert_eq!(items(&s), named(&[("屁胡", 10)]));
}
