//! The fan list of 003 as a pattern library: every pattern of `FAN_ITEMS` on a hand that has
//! it and on a near miss, drawn into a custom variant by name (`tai.<key>`), with the rows'
//! 不算 notes.
//!
//! 003 = `shared/rules/003_7c688f691808702a.txt`; "003 fan list X n" cites the row X worth n.
//! Hands are written whole (the 17 tiles with the winning one); melds as `(kind, tiles)`.

use crate::common::{counts, items, melds, tile};
use twmj_core::scoring::{
    score, settle, Context, Item, Replacement, Score, Value, Variant, WinKind, Wind, FAN_ITEMS,
    ITEMS,
};

/// `taiwan` with each `(key, tai)` drawn in (`tai.<key> = tai`).
fn with(keys: &[(&str, u8)]) -> Variant {
    let pairs: Vec<(String, Value)> = keys
        .iter()
        .map(|(k, t)| (format!("tai.{k}"), Value::Int(i64::from(*t))))
        .collect();
    let refs: Vec<(&str, Value)> = pairs.iter().map(|(k, v)| (k.as_str(), v.clone())).collect();
    Variant::taiwan()
        .with_overrides(&refs)
        .unwrap_or_else(|e| panic!("{keys:?}: {e}"))
}

/// `taiwan` with these fan-list patterns drawn in at their fan-list value.
fn fan(keys: &[&str]) -> Variant {
    let with_tai: Vec<(&str, u8)> = keys
        .iter()
        .map(|k| {
            let item = Item::from_key(k).unwrap_or_else(|| panic!("no item {k}"));
            (*k, item.table_tai())
        })
        .collect();
    with(&with_tai)
}

/// Scores the concealed tiles `hand` (the winning tile `w` included) with melds `ms`.
fn sc(hand: &str, ms: &[(&str, &str)], w: &str, c: &Context, v: &Variant) -> Score {
    score(&counts(hand), &melds(ms), tile(w), c, v, true)
        .unwrap_or_else(|e| panic!("{hand} {ms:?} on {w}: {e}"))
}

fn ctx(win: WinKind) -> Context {
    let mut c = Context::new(1, win);
    c.seat_wind = Wind::South;
    c
}

fn discard() -> Context {
    ctx(WinKind::Discard { from: 2 })
}

fn self_draw() -> Context {
    ctx(WinKind::SelfDraw)
}

fn tai(s: &Score, key: &str) -> Option<u32> {
    s.items.iter().find(|i| i.key == key).map(|i| i.tai)
}

/// The pattern is counted with `t`.
#[track_caller]
fn hit(s: &Score, key: &str, t: u32) {
    assert_eq!(tai(s, key), Some(t), "{key}: {:?}", items(s));
}

/// The pattern was checked and does not apply.
#[track_caller]
fn miss(s: &Score, key: &str) {
    assert_eq!(tai(s, key), None, "{key} counted: {:?}", items(s));
    assert!(
        s.why_not
            .iter()
            .any(|n| n.key == key && !n.reason.contains("(備註)")),
        "{key}: no why-not of its own: {:?}",
        s.why_not
    );
}

/// The item holds but is not counted with `by` (a 不算 note).
#[track_caller]
fn dropped(s: &Score, key: &str, by: &str) {
    assert_eq!(tai(s, key), None, "{key} counted: {:?}", items(s));
    let r = s.why_not.iter().find(|n| n.key == key).map_or_else(
        || panic!("{key}: no why-not: {:?}", items(s)),
        |n| n.reason.clone(),
    );
    assert!(
        r.ends_with(&format!("not counted with {by} (備註)")),
        "{key}: {r}"
    );
}

// ---------------------------------------------------------------- the library as a whole

#[test]
fn fan_items_are_the_rows_of_the_list() {
    // 003 fan list: name and fan value of every row that is a new pattern, in list order.
    let rows: [(&str, &str, u8); 51] = [
        ("fan_nine_gates", "九蓮寶燈", 88),
        ("fan_seven_shifted_pairs", "連七對", 88),
        ("fan_pure_terminals", "清么九", 64),
        ("fan_four_concealed", "四暗刻", 64),
        ("fan_pure_terminal_chows", "一色雙龍會", 64),
        ("fan_four_pure_shifted_chows", "一色四步高", 32),
        ("fan_mixed_terminals", "混么九", 32),
        ("fan_pure_triple_chow", "一色三同順", 24),
        ("fan_all_even_triplets", "全雙刻", 24),
        ("fan_upper_tiles", "全大", 24),
        ("fan_middle_tiles", "全中", 24),
        ("fan_lower_tiles", "全小", 24),
        ("fan_pure_straight", "清龍", 16),
        ("fan_three_suit_terminal_chows", "三色雙龍會", 16),
        ("fan_pure_shifted_chows", "一色三步高", 16),
        ("fan_all_fives", "全帶五", 16),
        ("fan_upper_four", "大於五", 12),
        ("fan_lower_four", "小於五", 12),
        ("fan_three_wind_triplets", "三風刻", 12),
        ("fan_mixed_straight", "花龍", 8),
        ("fan_mixed_triple_chow", "三色三同順", 8),
        ("fan_mixed_shifted_triplets", "三色三頭高", 8),
        ("fan_reversible", "推不倒", 8),
        ("fan_last_tile_draw", "妙手回春", 8),
        ("fan_kong_bloom", "槓上開花", 8),
        ("fan_chicken_hand", "無番和", 8),
        ("fan_two_concealed_kongs", "雙暗槓", 6),
        ("fan_two_dragon_triplets", "雙箭刻", 6),
        ("fan_mixed_shifted_chows", "三色三步高", 6),
        ("fan_all_types", "五門齊", 6),
        ("fan_all_melded", "全求人", 6),
        ("fan_concealed_self_draw", "不求人", 6),
        ("fan_outside_hand", "清老頭", 6),
        ("fan_two_melded_kongs", "雙明槓", 6),
        ("fan_last_of_kind", "胡絕張", 6),
        ("fan_concealed_discard", "門前清", 2),
        ("fan_all_chows", "平胡", 2),
        ("fan_tile_hog", "四聚一", 2),
        ("fan_concealed_kong", "暗槓", 2),
        ("fan_double_same_triplets", "雙同刻", 2),
        ("fan_pure_double_chow", "一般高", 1),
        ("fan_mixed_double_chow", "喜相逢", 1),
        ("fan_terminal_honor_triplet", "么九刻", 1),
        ("fan_terminal_chows", "老少副", 1),
        ("fan_one_suit_missing", "缺一門", 1),
        ("fan_single_wait", "單吊將", 1),
        ("fan_short_straight", "連六", 1),
        ("fan_edge_wait", "邊張", 1),
        ("fan_closed_wait", "坎張", 1),
        ("fan_melded_kong", "明槓", 1),
        ("fan_flower", "花", 1),
    ];
    assert_eq!(FAN_ITEMS.len(), rows.len());
    for (i, (d, (key, name, t))) in FAN_ITEMS.iter().zip(rows).enumerate() {
        assert_eq!((d.key(), d.name(), d.item.table_tai()), (key, name, t));
        assert_eq!(d.item as usize, ITEMS.len() + i);
        assert!(d.doc.contains("003 fan list"), "{key}: doc cites its row");
        assert_eq!(Item::from_key(key), Some(d.item));
    }
}

#[test]
fn every_pattern_is_absent_until_drawn_in_by_name() {
    // Issue: usable by name in a custom variant; no preset counts a fan-list pattern.
    for preset in twmj_core::rules::PRESETS {
        let base = Variant::preset(preset).unwrap_or_else(|e| panic!("{e}"));
        for d in &FAN_ITEMS {
            assert!(!base.has(d.item), "{preset} has {}", d.key());
            let key = format!("tai.{}", d.key());
            let v = base
                .with_overrides(&[(key.as_str(), Value::Int(5))])
                .unwrap_or_else(|e| panic!("{preset} {key}: {e}"));
            assert!(v.has(d.item), "{preset} {key}");
            assert_eq!(v.tai_of(d.item), 5);
            // Only that pattern is drawn in.
            let others = FAN_ITEMS.iter().filter(|e| v.has(e.item)).count();
            assert_eq!(others, 1, "{preset} {key}");
        }
    }
}

#[test]
fn a_preset_alone_scores_no_pattern() {
    // The same hand without the override: the pattern is neither counted nor checked.
    let hand = "111m999m111p999p111s99s";
    let s = sc(hand, &[], "9s", &discard(), &Variant::taiwan());
    assert_eq!(tai(&s, "fan_pure_terminals"), None);
    assert!(s.why_not.iter().all(|n| n.key != "fan_pure_terminals"));
    let s = sc(hand, &[], "9s", &discard(), &fan(&["fan_pure_terminals"]));
    hit(&s, "fan_pure_terminals", 64);
}

// ---------------------------------------------------------------- 88 and 64

#[test]
fn nine_gates() {
    // 003 fan list 九蓮寶燈 88: 1112345678999 of a suit and one more of it; 不算清一色. In 16
    // tiles one more set (hk16 九子連環: 加一暗坎或一順子).
    let v = fan(&["fan_nine_gates"]);
    let s = sc("11123455678999m123p", &[], "5m", &discard(), &v);
    hit(&s, "fan_nine_gates", 88);
    // The same shape in 003 改良式 (純正九連寶燈) and hk16 (九子連環) is replaced.
    let both = with(&[
        ("fan_nine_gates", 88),
        ("nine_gates_pure", 24),
        ("nine_links", 80),
    ]);
    let s = sc("11123455678999m123p", &[], "5m", &discard(), &both);
    hit(&s, "fan_nine_gates", 88);
    dropped(&s, "nine_gates_pure", "九蓮寶燈");
    dropped(&s, "nine_links", "九蓮寶燈");
    // The extra set of the same suit: 清一色 holds and is dropped.
    let s = sc("11123455678999m789m", &[], "5m", &discard(), &v);
    hit(&s, "fan_nine_gates", 88);
    dropped(&s, "full_flush", "九蓮寶燈");
    // The extra set may be a meld (003 改良式: 九連寶燈有一搭可隨意吃碰).
    let s = sc("11123455678999m", &[("chi", "123p")], "5m", &discard(), &v);
    hit(&s, "fan_nine_gates", 88);
    // Near miss: the 1112345678999 itself is not concealed (111m is a 碰).
    let s = sc("23455678999m789m", &[("pon", "111m")], "5m", &discard(), &v);
    miss(&s, "fan_nine_gates");
    // Near miss: no 2m (111 345 678 999 789 55): only 清一色.
    let s = sc("11134555677889999m", &[], "5m", &discard(), &v);
    miss(&s, "fan_nine_gates");
    hit(&s, "full_flush", 8);
}

#[test]
fn seven_shifted_pairs() {
    // 003 fan list 連七對 88: seven consecutive pairs of a suit (+ one set); 不算清一色, 不求人, 單吊.
    let v = fan(&["fan_seven_shifted_pairs", "fan_concealed_self_draw"]);
    let s = sc("11223344556677p111z", &[], "4p", &discard(), &v);
    hit(&s, "fan_seven_shifted_pairs", 88);
    // The extra set of the same suit, self-drawn: 清一色 and 不求人 dropped.
    let s = sc("11223344556677789p", &[], "4p", &self_draw(), &v);
    hit(&s, "fan_seven_shifted_pairs", 88);
    dropped(&s, "full_flush", "連七對");
    dropped(&s, "fan_concealed_self_draw", "連七對");
    // 不算單吊 is transcribed but cannot arise: every such hand one tile short waits on more
    // than one kind (1p, 4p, 7p here), so 單吊將 never holds with it.
    // Near miss: 66 then 88, not consecutive.
    let s = sc("11223344556688p111z", &[], "4p", &discard(), &v);
    miss(&s, "fan_seven_shifted_pairs");
}

#[test]
fn pure_terminals() {
    // 003 fan list 清么九 64: triplets of 1s and 9s; 不算碰碰胡, 同刻, 無字.
    let v = with(&[
        ("fan_pure_terminals", 64),
        ("fan_double_same_triplets", 2),
        ("no_honors", 1),
        ("three_same_triplets", 2),
        ("all_terminals", 12),
    ]);
    let s = sc("111m999m111p999p111s99s", &[], "9s", &discard(), &v);
    hit(&s, "fan_pure_terminals", 64);
    dropped(&s, "all_triplets", "清么九");
    dropped(&s, "three_same_triplets", "清么九");
    dropped(&s, "fan_double_same_triplets", "清么九");
    dropped(&s, "no_honors", "清么九");
    // The same condition as 003 改良式's 清老頭, which this pattern replaces.
    dropped(&s, "all_terminals", "清么九");
    // Near miss: a run 123s.
    let s = sc("111m999m111p999p123s99s", &[], "9s", &discard(), &v);
    miss(&s, "fan_pure_terminals");
}

#[test]
fn four_concealed() {
    // 003 fan list 四暗刻 64: 不算門前清, 碰碰胡.
    let v = fan(&["fan_four_concealed", "fan_concealed_discard"]);
    let s = sc("111m222p333s444s567m99p", &[], "6m", &discard(), &v);
    hit(&s, "fan_four_concealed", 64);
    dropped(&s, "fan_concealed_discard", "四暗刻");
    // The presets' 四暗刻 (which adds 碰碰胡) is replaced.
    dropped(&s, "four_concealed", "四暗刻");
    // With a 碰 as the fifth set, self-drawn: 碰碰胡 dropped.
    let s = sc(
        "111m222p333s444s99p",
        &[("pon", "777m")],
        "9p",
        &self_draw(),
        &v,
    );
    hit(&s, "fan_four_concealed", 64);
    dropped(&s, "all_triplets", "四暗刻");
    // Near miss: the discard completes 444s, so three 暗刻 (000 暗刻的認定).
    let s = sc("111m222p333s444s567m99p", &[], "4s", &discard(), &v);
    miss(&s, "fan_four_concealed");
    hit(&s, "three_concealed", 2);
}

#[test]
fn pure_terminal_chows() {
    // 003 fan list 一色雙龍會 64: two 老少副 of a suit, its 5 as the pair; 不算平胡, 清一色.
    let v = fan(&["fan_pure_terminal_chows", "fan_all_chows"]);
    let s = sc("112233778899s55s111z", &[], "5s", &discard(), &v);
    hit(&s, "fan_pure_terminal_chows", 64);
    let s = sc("112233778899s456s55s", &[], "5s", &discard(), &v);
    hit(&s, "fan_pure_terminal_chows", 64);
    dropped(&s, "full_flush", "一色雙龍會");
    dropped(&s, "fan_all_chows", "一色雙龍會");
    // Near miss: 66s as the pair.
    let s = sc("112233778899s456s66s", &[], "6s", &discard(), &v);
    miss(&s, "fan_pure_terminal_chows");
}

// ---------------------------------------------------------------- 48 to 24

#[test]
fn four_pure_shifted_chows() {
    // 003 fan list 一色四步高 32: four runs of a suit up by one, or by two; 不算清一色, 平胡.
    let v = fan(&["fan_four_pure_shifted_chows", "fan_all_chows"]);
    let s = sc("123234345456m789p55s", &[], "9p", &discard(), &v);
    hit(&s, "fan_four_pure_shifted_chows", 32);
    dropped(&s, "fan_all_chows", "一色四步高");
    let s = sc("123345567789p234p99p", &[], "9p", &discard(), &v);
    hit(&s, "fan_four_pure_shifted_chows", 32);
    dropped(&s, "full_flush", "一色四步高");
    // Near miss: 123 234 345 567.
    let s = sc("123234345567m789p55s", &[], "9p", &discard(), &v);
    miss(&s, "fan_four_pure_shifted_chows");
}

#[test]
fn mixed_terminals() {
    // 003 fan list 混么九 32: triplets and pair of 1s, 9s and honours; 不算碰碰胡.
    let v = with(&[("fan_mixed_terminals", 32), ("mixed_terminals", 4)]);
    let s = sc("111m999p111s99s111z777z", &[], "9s", &discard(), &v);
    hit(&s, "fan_mixed_terminals", 32);
    dropped(&s, "all_triplets", "混么九");
    dropped(&s, "mixed_terminals", "混么九");
    // Near miss: 123s for 111s.
    let s = sc("111m999p123s99s111z777z", &[], "9s", &discard(), &v);
    miss(&s, "fan_mixed_terminals");
}

#[test]
fn pure_triple_chow() {
    // 003 fan list 一色三同順 24: three equal runs of a suit.
    let v = with(&[("fan_pure_triple_chow", 24), ("four_identical_runs", 48)]);
    let s = sc("333444555m678p123s99s", &[], "9s", &discard(), &v);
    hit(&s, "fan_pure_triple_chow", 24);
    // Four equal runs: 一色四同順 (48) holds; its note (不算一色三頭高, read as 三同順) drops it.
    let s = sc("333344445555m678p99s", &[], "9s", &discard(), &v);
    hit(&s, "four_identical_runs", 48);
    dropped(&s, "fan_pure_triple_chow", "一色四同順");
    // Near miss: 345 345 456.
    let s = sc("334445556m678p123s99s", &[], "9s", &discard(), &v);
    miss(&s, "fan_pure_triple_chow");
}

#[test]
fn all_even_triplets() {
    // 003 fan list 全雙刻 24: triplets and pair of 2468; 不算碰碰胡, 斷么.
    let v = with(&[("fan_all_even_triplets", 24), ("all_simples", 1)]);
    let s = sc("222m888m44m444p222s666s", &[], "4m", &discard(), &v);
    hit(&s, "fan_all_even_triplets", 24);
    dropped(&s, "all_triplets", "全雙刻");
    dropped(&s, "all_simples", "全雙刻");
    // Near miss: 555p.
    let s = sc("222m888m44m555p222s666s", &[], "4m", &discard(), &v);
    miss(&s, "fan_all_even_triplets");
}

#[test]
fn upper_middle_lower_tiles() {
    // 003 fan list 全大 24 (789), 全中 24 (456, 不算斷么), 全小 24 (123); each 不算無字.
    let v = with(&[
        ("fan_upper_tiles", 24),
        ("fan_middle_tiles", 24),
        ("fan_lower_tiles", 24),
        ("no_honors", 1),
        ("all_simples", 1),
    ]);
    let s = sc("789999m789p99p777888s", &[], "9p", &discard(), &v);
    hit(&s, "fan_upper_tiles", 24);
    dropped(&s, "no_honors", "全大");
    miss(&s, "fan_middle_tiles");
    let s = sc("444456m455556p45666s", &[], "6s", &discard(), &v);
    hit(&s, "fan_middle_tiles", 24);
    dropped(&s, "no_honors", "全中");
    dropped(&s, "all_simples", "全中");
    let s = sc("111123m122223p123s33s", &[], "3s", &discard(), &v);
    hit(&s, "fan_lower_tiles", 24);
    dropped(&s, "no_honors", "全小");
    // Near misses: a 6m in 全大, a 3s in 全中, a 4s in 全小.
    let s = sc("678999m789p99p777888s", &[], "9p", &discard(), &v);
    miss(&s, "fan_upper_tiles");
    let s = sc("444456m455556p34566s", &[], "6s", &discard(), &v);
    miss(&s, "fan_middle_tiles");
    let s = sc("111123m122223p234s33s", &[], "3s", &discard(), &v);
    miss(&s, "fan_lower_tiles");
}

// ---------------------------------------------------------------- 16 and 12

#[test]
fn pure_straight() {
    // 003 fan list 清龍 16: 1 to 9 of a suit connected, read as 123 456 789.
    let v = with(&[("fan_pure_straight", 16), ("straight", 2)]);
    let s = sc("123456789p234m111z55s", &[], "5s", &discard(), &v);
    hit(&s, "fan_pure_straight", 16);
    // 003 改良式's 一條龍 holds too and is replaced.
    dropped(&s, "straight", "清龍");
    // Near miss: 789 of another suit (花龍).
    let s = sc("123456p789s234m111z55s", &[], "5s", &discard(), &v);
    miss(&s, "fan_pure_straight");
}

#[test]
fn three_suit_terminal_chows() {
    // 003 fan list 三色雙龍會 16: 老少副 of two suits, 5 of the third as the pair; 不算喜相逢,
    // 老少副, 無字, 平胡.
    let v = with(&[
        ("fan_three_suit_terminal_chows", 16),
        ("fan_mixed_double_chow", 1),
        ("fan_terminal_chows", 1),
        ("no_honors", 1),
        ("fan_all_chows", 2),
    ]);
    let s = sc("123789m123789p55456s", &[], "5s", &discard(), &v);
    hit(&s, "fan_three_suit_terminal_chows", 16);
    for k in [
        "fan_mixed_double_chow",
        "fan_terminal_chows",
        "no_honors",
        "fan_all_chows",
    ] {
        dropped(&s, k, "三色雙龍會");
    }
    // Near miss: the pair is 55m, of a suit of the 老少副: those rows count instead.
    let s = sc("12355789m123789p456s", &[], "5m", &discard(), &v);
    miss(&s, "fan_three_suit_terminal_chows");
    hit(&s, "fan_mixed_double_chow", 1);
    hit(&s, "fan_terminal_chows", 1);
}

#[test]
fn pure_shifted_chows() {
    // 003 fan list 一色三步高 16: three runs of a suit up by one, or by two.
    let v = fan(&["fan_pure_shifted_chows"]);
    let s = sc("233444556s789m111z99p", &[], "9p", &discard(), &v);
    hit(&s, "fan_pure_shifted_chows", 16);
    let s = sc("123345567s789m111z99p", &[], "9p", &discard(), &v);
    hit(&s, "fan_pure_shifted_chows", 16);
    // Near miss: 234 345 567.
    let s = sc("233445567s789m111z99p", &[], "9p", &discard(), &v);
    miss(&s, "fan_pure_shifted_chows");
}

#[test]
fn all_fives() {
    // 003 fan list 全帶五 16: a 5 in every set and the pair; 不算斷么.
    let v = with(&[("fan_all_fives", 16), ("all_simples", 1)]);
    let s = sc("345555m456p55p345567s", &[], "5p", &discard(), &v);
    hit(&s, "fan_all_fives", 16);
    dropped(&s, "all_simples", "全帶五");
    // Near miss: 678s.
    let s = sc("345555m456p55p345678s", &[], "5p", &discard(), &v);
    miss(&s, "fan_all_fives");
}

#[test]
fn upper_and_lower_four() {
    // 003 fan list 大於五 12 (6~9), 小於五 12 (1~4); 不算無字.
    let v = with(&[
        ("fan_upper_four", 12),
        ("fan_lower_four", 12),
        ("no_honors", 1),
    ]);
    let s = sc("67888m789p666678999s", &[], "8m", &discard(), &v);
    hit(&s, "fan_upper_four", 12);
    dropped(&s, "no_honors", "大於五");
    let s = sc("12322m234p111234444s", &[], "2m", &discard(), &v);
    hit(&s, "fan_lower_four", 12);
    dropped(&s, "no_honors", "小於五");
    // Near misses: 567m; 345p.
    let s = sc("56788m789p666678999s", &[], "8m", &discard(), &v);
    miss(&s, "fan_upper_four");
    let s = sc("12322m345p111234444s", &[], "2m", &discard(), &v);
    miss(&s, "fan_lower_four");
}

#[test]
fn three_wind_triplets() {
    // 003 fan list 三風刻 12; 小四喜 (不算三風刻) and 大四喜 (三風刻不算) drop it.
    let v = fan(&["fan_three_wind_triplets"]);
    let s = sc("111222333z123m456p99s", &[], "9s", &discard(), &v);
    hit(&s, "fan_three_wind_triplets", 12);
    let s = sc("111222333z44z123m456p", &[], "4z", &discard(), &v);
    hit(&s, "small_winds", 8);
    dropped(&s, "fan_three_wind_triplets", "小四喜");
    let s = sc("111222333444z99s", &[("chi", "123m")], "9s", &discard(), &v);
    dropped(&s, "fan_three_wind_triplets", "大四喜");
    // Near miss: two wind triplets.
    let s = sc("111222z123m456p789s99s", &[], "9s", &discard(), &v);
    miss(&s, "fan_three_wind_triplets");
}

// ---------------------------------------------------------------- 8

#[test]
fn mixed_straight() {
    // 003 fan list 花龍 8: 123, 456, 789 of three suits.
    let v = fan(&["fan_mixed_straight"]);
    let s = sc("123234m456p789s111z99p", &[], "9p", &discard(), &v);
    hit(&s, "fan_mixed_straight", 8);
    let s = sc("123234m456p678s111z99p", &[], "9p", &discard(), &v);
    miss(&s, "fan_mixed_straight");
}

#[test]
fn mixed_triple_chow() {
    // 003 fan list 三色三同順 8: the same run in the three suits.
    let v = with(&[("fan_mixed_triple_chow", 8), ("three_colour_run", 2)]);
    let s = sc("456789m456p456s111z99p", &[], "9p", &discard(), &v);
    hit(&s, "fan_mixed_triple_chow", 8);
    dropped(&s, "three_colour_run", "三色三同順");
    // The fan list has no 吃 discount (003 改良式 三色同順 由吃得而成 1台).
    let s = sc(
        "789m456p456s111z99p",
        &[("chi", "456m")],
        "9p",
        &discard(),
        &v,
    );
    hit(&s, "fan_mixed_triple_chow", 8);
    let s = sc("456789m456p567s111z99p", &[], "9p", &discard(), &v);
    miss(&s, "fan_mixed_triple_chow");
}

#[test]
fn mixed_shifted_triplets() {
    // 003 fan list 三色三頭高 8, read as triplets (頭高, as 一色三頭高).
    let v = fan(&["fan_mixed_shifted_triplets", "fan_mixed_shifted_chows"]);
    let s = sc("333789m444123p555s99s", &[], "9s", &discard(), &v);
    hit(&s, "fan_mixed_shifted_triplets", 8);
    // Near miss: 333m 444p 666s; runs 345m 456p 567s are 三色三步高 only.
    let s = sc("333789m444123p666s99s", &[], "9s", &discard(), &v);
    miss(&s, "fan_mixed_shifted_triplets");
    let s = sc("345789m456123p567s99s", &[], "9s", &discard(), &v);
    miss(&s, "fan_mixed_shifted_triplets");
    hit(&s, "fan_mixed_shifted_chows", 6);
}

#[test]
fn reversible() {
    // 003 fan list 推不倒 8: 1234589筒, 245689條, 白 only; 不算缺一門.
    let v = fan(&["fan_reversible", "fan_one_suit_missing"]);
    let s = sc("12334599p456888s555z", &[], "9p", &discard(), &v);
    hit(&s, "fan_reversible", 8);
    dropped(&s, "fan_one_suit_missing", "推不倒");
    // Near miss: 567s (7s is not symmetric).
    let s = sc("12334599p567888s555z", &[], "9p", &discard(), &v);
    miss(&s, "fan_reversible");
    hit(&s, "fan_one_suit_missing", 1);
}

/// Concealed, waits 1p 4p 7p, no honour (`taiwan.rs` PLAIN with the winning 7p).
const PLAIN: &str = "123456789m234p567p77s";

#[test]
fn last_tile_draw() {
    // 003 fan list 妙手回春 8: self-drawing the wall's last tile; 不算自摸台.
    let v = fan(&["fan_last_tile_draw"]);
    let mut c = self_draw();
    c.last_tile = true;
    let s = sc(PLAIN, &[], "7p", &c, &v);
    hit(&s, "fan_last_tile_draw", 8);
    dropped(&s, "self_draw", "妙手回春");
    dropped(&s, "last_tile", "妙手回春");
    // Near miss: the last discard (the fan list's 海底撈月 = last_discard).
    let mut c = discard();
    c.last_tile = true;
    let s = sc(
        PLAIN,
        &[],
        "7p",
        &c,
        &with(&[("fan_last_tile_draw", 8), ("last_discard", 8)]),
    );
    miss(&s, "fan_last_tile_draw");
    hit(&s, "last_discard", 8);
}

#[test]
fn kong_bloom() {
    // 003 fan list 槓上開花 8: the replacement after a kong, not after a flower; 不算自摸台.
    let v = fan(&["fan_kong_bloom"]);
    let hand = "456789m234p567p77s";
    let kong = [("ankan", "1111z")];
    let s = sc(
        hand,
        &kong,
        "7p",
        &ctx(WinKind::Replacement(Replacement::Ankan)),
        &v,
    );
    hit(&s, "fan_kong_bloom", 8);
    dropped(&s, "self_draw", "槓上開花");
    dropped(&s, "kong_bloom", "槓上開花");
    // Near miss (花: 補花成胡算自摸，不算槓上開花): the presets' 槓上開花 still counts.
    let mut c = ctx(WinKind::Replacement(Replacement::Flower));
    c.flowers = 1;
    let s = sc(hand, &kong, "7p", &c, &v);
    miss(&s, "fan_kong_bloom");
    hit(&s, "kong_bloom", 1);
    hit(&s, "self_draw", 1);
}

#[test]
fn chicken_hand() {
    // 003 fan list 無番和 8: nothing else counts (花牌不能算).
    let v = fan(&["fan_chicken_hand"]);
    // A 吃, a triplet, two waits (5p, 9s) and a discard: no 台灣 item applies.
    let hand = "456m789p234s55p999s";
    let chi = [("chi", "123m")];
    let s = sc(hand, &chi, "9s", &discard(), &v);
    hit(&s, "fan_chicken_hand", 8);
    assert_eq!(s.total_tai, 8);
    // A flower of the seat wind (夏 for 南) does not stop it.
    let mut c = discard();
    c.flowers = 1 << 1;
    let s = sc(hand, &chi, "9s", &c, &v);
    hit(&s, "fan_chicken_hand", 8);
    hit(&s, "seat_flower", 1);
    // Near miss: self-drawn, 自摸 counts.
    let s = sc(hand, &chi, "9s", &self_draw(), &v);
    miss(&s, "fan_chicken_hand");
    // Judged on the whole hand: 12333m won on 3m (the only wait: the 55s pair's kind is all held)
    // reads as 123 (邊張, so 獨聽 1) or as 333 (nothing); the reading without items is not 無番和,
    // since the hand counts 獨聽.
    let ms = [("chi", "345s"), ("chi", "456s")];
    let s = sc("123333m789p55s", &ms, "3m", &discard(), &v);
    miss(&s, "fan_chicken_hand");
    hit(&s, "single_wait", 1);
    // Fan patterns drawn in count against it too: 么九刻 (999s).
    let s = sc(
        hand,
        &chi,
        "9s",
        &discard(),
        &fan(&["fan_chicken_hand", "fan_terminal_honor_triplet"]),
    );
    miss(&s, "fan_chicken_hand");
    hit(&s, "fan_terminal_honor_triplet", 1);
}

// ---------------------------------------------------------------- 6

#[test]
fn two_concealed_and_melded_kongs() {
    // 003 fan list 雙暗槓 6, 暗槓 2 (each); 雙明槓 6, 明槓 1 (each).
    let v = fan(&[
        "fan_two_concealed_kongs",
        "fan_concealed_kong",
        "fan_two_melded_kongs",
        "fan_melded_kong",
    ]);
    let ankans = [("ankan", "1111z"), ("ankan", "2222z")];
    let s = sc("123m456p789s55s", &ankans, "5s", &self_draw(), &v);
    hit(&s, "fan_two_concealed_kongs", 6);
    hit(&s, "fan_concealed_kong", 4);
    miss(&s, "fan_two_melded_kongs");
    miss(&s, "fan_melded_kong");
    let open = [("minkan", "5555m"), ("kakan", "7777p")];
    let s = sc("123m456p789s55s", &open, "5s", &discard(), &v);
    hit(&s, "fan_two_melded_kongs", 6);
    hit(&s, "fan_melded_kong", 2);
    miss(&s, "fan_two_concealed_kongs");
    miss(&s, "fan_concealed_kong");
    // Near misses: one of each.
    let mixed = [("ankan", "1111z"), ("minkan", "5555m")];
    let s = sc("123m456p789s55s", &mixed, "5s", &discard(), &v);
    miss(&s, "fan_two_concealed_kongs");
    miss(&s, "fan_two_melded_kongs");
    hit(&s, "fan_concealed_kong", 2);
    hit(&s, "fan_melded_kong", 1);
}

#[test]
fn two_dragon_triplets() {
    // 003 fan list 雙箭刻 6: two dragon triplets (three are 大三元).
    let v = fan(&["fan_two_dragon_triplets"]);
    let s = sc("666777z123m456p789s11s", &[], "1s", &discard(), &v);
    hit(&s, "fan_two_dragon_triplets", 6);
    let s = sc("555666777z123m456p11s", &[], "1s", &discard(), &v);
    miss(&s, "fan_two_dragon_triplets");
    hit(&s, "big_dragons", 8);
}

#[test]
fn mixed_shifted_chows() {
    // 003 fan list 三色三步高 6: runs of three suits, each one higher.
    let v = fan(&["fan_mixed_shifted_chows"]);
    let s = sc("123789m234p345s111z99p", &[], "9p", &discard(), &v);
    hit(&s, "fan_mixed_shifted_chows", 6);
    let s = sc("123789m234p456s111z99p", &[], "9p", &discard(), &v);
    miss(&s, "fan_mixed_shifted_chows");
}

#[test]
fn all_types() {
    // 003 fan list 五門齊 6: 萬, 筒, 條, a wind and a dragon.
    let v = fan(&["fan_all_types"]);
    let s = sc("123456m456p789s111z77z", &[], "7z", &discard(), &v);
    hit(&s, "fan_all_types", 6);
    let s = sc("123456m456p789s111z55s", &[], "5s", &discard(), &v);
    miss(&s, "fan_all_types");
}

#[test]
fn all_melded() {
    // 003 fan list 全求人 6: all 吃 and 碰, 單吊 on another player's tile; 不算單吊.
    let v = fan(&["fan_all_melded", "fan_single_wait"]);
    let ms = [
        ("chi", "123m"),
        ("chi", "456p"),
        ("pon", "777s"),
        ("chi", "234s"),
        ("pon", "111z"),
    ];
    let s = sc("99p", &ms, "9p", &discard(), &v);
    hit(&s, "fan_all_melded", 6);
    dropped(&s, "fan_single_wait", "全求人");
    // The presets' 全求 is replaced.
    dropped(&s, "all_melded", "全求人");
    // Near miss: self-drawn.
    let s = sc("99p", &ms, "9p", &self_draw(), &v);
    miss(&s, "fan_all_melded");
}

#[test]
fn concealed_self_draw_and_concealed_discard() {
    // 003 fan list 不求人 6: concealed (暗槓 allowed) and self-drawn, 不算自摸; 門前清 2: concealed
    // and won on another player's tile.
    let v = fan(&["fan_concealed_self_draw", "fan_concealed_discard"]);
    let s = sc(PLAIN, &[], "7p", &self_draw(), &v);
    hit(&s, "fan_concealed_self_draw", 6);
    dropped(&s, "self_draw", "不求人");
    // The presets' 門清 and 不求 are replaced.
    dropped(&s, "concealed", "不求人");
    dropped(&s, "concealed_self_draw", "不求人");
    miss(&s, "fan_concealed_discard");
    let s = sc(PLAIN, &[], "7p", &discard(), &v);
    hit(&s, "fan_concealed_discard", 2);
    dropped(&s, "concealed", "門前清");
    miss(&s, "fan_concealed_self_draw");
    // An 暗槓 keeps both.
    let kong = [("ankan", "1111z")];
    let s = sc("456789m234p567p77s", &kong, "7p", &self_draw(), &v);
    hit(&s, "fan_concealed_self_draw", 6);
    // Near miss: a 吃.
    let s = sc(
        "456789m234p567p77s",
        &[("chi", "123m")],
        "7p",
        &self_draw(),
        &v,
    );
    miss(&s, "fan_concealed_self_draw");
    let s = sc(
        "456789m234p567p77s",
        &[("chi", "123m")],
        "7p",
        &discard(),
        &v,
    );
    miss(&s, "fan_concealed_discard");
}

#[test]
fn outside_hand() {
    // 003 fan list 清老頭 6: every set and the pair with a 么牌 (1, 9 or honour).
    let v = with(&[("fan_outside_hand", 6), ("mixed_outside", 3)]);
    let s = sc("12399m789p111789s111z", &[], "9m", &discard(), &v);
    hit(&s, "fan_outside_hand", 6);
    dropped(&s, "mixed_outside", "清老頭");
    let s = sc("12399m789p111678s111z", &[], "9m", &discard(), &v);
    miss(&s, "fan_outside_hand");
}

#[test]
fn last_of_kind() {
    // 003 fan list 胡絕張 6: the fourth 5m, the other three shown (the winner's 碰).
    let v = fan(&["fan_last_of_kind"]);
    let s = sc(
        "456m123p456p789s99s",
        &[("pon", "555m")],
        "5m",
        &discard(),
        &v,
    );
    hit(&s, "fan_last_of_kind", 6);
    // Near miss: the 碰 is of 5p; no 5m shown.
    let s = sc(
        "456m123p456p789s99s",
        &[("pon", "555p")],
        "5m",
        &discard(),
        &v,
    );
    miss(&s, "fan_last_of_kind");
}

#[test]
fn last_of_kind_on_the_table() {
    // 003 fan list 胡絕張 6: 牌池，桌面已亮明的三張牌 — the context's `shown` counts the rivers
    // and every player's open melds; the winner holds no 5m besides the winning one.
    let v = fan(&["fan_last_of_kind"]);
    let hand = "123m456m123p456p789s99s";
    let shown = |n: Option<u8>, win: Context| Context { shown: n, ..win };
    let s = sc(hand, &[], "5m", &shown(Some(3), discard()), &v);
    hit(&s, "fan_last_of_kind", 6);
    let s = sc(hand, &[], "5m", &shown(Some(3), self_draw()), &v);
    hit(&s, "fan_last_of_kind", 6);
    // Two shown: one more 5m is still unseen.
    let s = sc(hand, &[], "5m", &shown(Some(2), discard()), &v);
    miss(&s, "fan_last_of_kind");
    // Absent: the winner's own melds only (none here).
    let s = sc(hand, &[], "5m", &discard(), &v);
    miss(&s, "fan_last_of_kind");
    // 搶槓胡不算胡絕張: the robbed 碰 shows three, yet no 胡絕張, even where 搶槓 is worth 0.
    let rob = ctx(WinKind::RobbingKong { from: 2 });
    let s = sc(hand, &[], "5m", &shown(Some(3), rob.clone()), &v);
    miss(&s, "fan_last_of_kind");
    hit(&s, "robbing_kong", 1);
    let v0 = with(&[("fan_last_of_kind", 6), ("robbing_kong", 0)]);
    let s = sc(hand, &[], "5m", &shown(Some(3), rob), &v0);
    miss(&s, "fan_last_of_kind");
}

#[test]
fn shown_must_fit_the_hand() {
    // The count cannot be below what the winner's own melds show, nor leave more than 4 copies.
    let v = fan(&["fan_last_of_kind"]);
    let err = |hand: &str, ms: &[(&str, &str)], n: u8| {
        let c = Context {
            shown: Some(n),
            ..discard()
        };
        score(&counts(hand), &melds(ms), tile("5m"), &c, &v, false)
            .unwrap_err()
            .to_string()
    };
    let e = err("456m123p456p789s99s", &[("pon", "555m")], 2);
    assert!(e.contains("shown") && e.contains("own melds show 3"), "{e}");
    let e = err("123m456m55m123p456p789s", &[], 2);
    assert!(e.contains("shown") && e.contains("more than 4"), "{e}");
    // The winner's own 碰 of 5m and nothing else shown: 3, 胡絕張.
    let c = Context {
        shown: Some(3),
        ..discard()
    };
    let s = sc("456m123p456p789s99s", &[("pon", "555m")], "5m", &c, &v);
    hit(&s, "fan_last_of_kind", 6);
}

// ---------------------------------------------------------------- 2 and 1

#[test]
fn all_chows() {
    // 003 fan list 平胡 2: runs and a suited pair; 邊, 坎, 吊 do not matter.
    let v = fan(&["fan_all_chows"]);
    let chi = [("chi", "123m")];
    let s = sc("456789m234p567p77s", &chi, "7p", &discard(), &v);
    hit(&s, "fan_all_chows", 2);
    // The presets' 平胡 holds here (two-sided, claimed, with a 吃) and is replaced.
    dropped(&s, "ping_hu", "平胡");
    // A closed wait on 6p, self-drawn: still 平胡 in the fan list.
    let s = sc("456789m234p567p77s", &chi, "6p", &self_draw(), &v);
    hit(&s, "fan_all_chows", 2);
    // Near miss: a triplet.
    let s = sc("456789m234p555p77s", &chi, "7s", &discard(), &v);
    miss(&s, "fan_all_chows");
}

#[test]
fn tile_hog() {
    // 003 fan list 四聚一 2: four 2m in the sets and pair, not a kong; 一色四同順 drops it.
    let v = with(&[
        ("fan_tile_hog", 2),
        ("fan_all_chows", 2),
        ("four_identical_runs", 48),
    ]);
    let s = sc("222234m567p789s111z11s", &[], "1s", &discard(), &v);
    hit(&s, "fan_tile_hog", 2);
    let s = sc("333344445555m678p99s", &[], "9s", &discard(), &v);
    dropped(&s, "fan_tile_hog", "一色四同順");
    // 一色四同順 不算平胡 too.
    dropped(&s, "fan_all_chows", "一色四同順");
    // Near miss: the four 2m are a kong.
    let s = sc(
        "345m567p789s111z11s",
        &[("ankan", "2222m")],
        "1s",
        &discard(),
        &v,
    );
    miss(&s, "fan_tile_hog");
}

#[test]
fn double_same_triplets() {
    // 003 fan list 雙同刻 2: the same number tripled in two suits.
    let v = with(&[("fan_double_same_triplets", 2), ("three_same_triplets", 16)]);
    let s = sc("555m555s123789p111z99s", &[], "9s", &discard(), &v);
    hit(&s, "fan_double_same_triplets", 2);
    // Near miss: three suits are 三同刻.
    let s = sc("555m555p555s789p111z99s", &[], "9s", &discard(), &v);
    miss(&s, "fan_double_same_triplets");
    hit(&s, "three_same_triplets", 16);
}

#[test]
fn two_concealed_triplets_are_hk16s() {
    // 003 fan list 雙暗刻 2 is hk16's 兩暗刻 (two_concealed): no new pattern.
    let v = with(&[("two_concealed", 2)]);
    let s = sc("111m222p456p789s234s99s", &[], "4s", &discard(), &v);
    hit(&s, "two_concealed", 2);
    // The discard completes 222p (000 暗刻的認定), and 99s waits with it: one 暗刻.
    let s = sc("111m222p456p789s234s99s", &[], "2p", &discard(), &v);
    miss(&s, "two_concealed");
    // 四暗刻 (the fan list's) replaces it as a tier (三暗刻 switched off to see it).
    let v = with(&[
        ("two_concealed", 2),
        ("fan_four_concealed", 64),
        ("three_concealed", 0),
        ("four_concealed", 0),
    ]);
    let s = sc("111m222p333s444s567m99p", &[], "6m", &discard(), &v);
    hit(&s, "fan_four_concealed", 64);
    dropped(&s, "two_concealed", "四暗刻");
}

#[test]
fn pure_double_chow() {
    // 003 fan list 一般高 1: two equal runs of a suit, 吃 allowed (unlike 一盃口).
    let v = with(&[("fan_pure_double_chow", 1), ("double_run", 1)]);
    let ms = [("chi", "234p"), ("chi", "234p")];
    let s = sc("456m789s111z99s", &ms, "9s", &discard(), &v);
    hit(&s, "fan_pure_double_chow", 1);
    miss(&s, "double_run");
    let s = sc(
        "456m789s111z99s",
        &[("chi", "234p"), ("chi", "345p")],
        "9s",
        &discard(),
        &v,
    );
    miss(&s, "fan_pure_double_chow");
    // 一色四同順 (不算一般高).
    let v = with(&[("fan_pure_double_chow", 1), ("four_identical_runs", 48)]);
    let s = sc("333344445555m678p99s", &[], "9s", &discard(), &v);
    dropped(&s, "fan_pure_double_chow", "一色四同順");
}

#[test]
fn terminal_honor_triplets_and_terminal_chows() {
    // 003 fan list 么九刻 1 per triplet of 1, 9 or honour; 老少副 1: 123 and 789 of a suit.
    let v = fan(&["fan_terminal_honor_triplet", "fan_terminal_chows"]);
    let s = sc("111m999p111z123789s55s", &[], "5s", &discard(), &v);
    hit(&s, "fan_terminal_honor_triplet", 3);
    hit(&s, "fan_terminal_chows", 1);
    let s = sc("222m888p222z123789m55s", &[], "5s", &discard(), &v);
    hit(&s, "fan_terminal_honor_triplet", 1);
    hit(&s, "fan_terminal_chows", 1);
    let s = sc("222m888p123s789m456p55s", &[], "5s", &discard(), &v);
    miss(&s, "fan_terminal_honor_triplet");
    miss(&s, "fan_terminal_chows");
}

#[test]
fn one_suit_missing_and_no_honours() {
    // 003 fan list 缺一門 1 (two suits); 無字 1 is hk16's 無字 (no_honors).
    let v = with(&[("fan_one_suit_missing", 1), ("no_honors", 1)]);
    let s = sc("123456789m234p567p77p", &[], "7p", &discard(), &v);
    hit(&s, "fan_one_suit_missing", 1);
    hit(&s, "no_honors", 1);
    let s = sc(PLAIN, &[], "7p", &discard(), &v);
    miss(&s, "fan_one_suit_missing");
    hit(&s, "no_honors", 1);
    // One suit only: not 缺一門 (that is 缺兩門). 清一色 24 不算無字: 無字 was drawn in from the
    // fan list, so its note holds (a shared note, docs/variants.md).
    let s = sc("123456789m234m567m77m", &[], "7m", &discard(), &v);
    hit(&s, "full_flush", 8);
    assert_eq!(tai(&s, "no_honors"), None);
    assert!(s
        .why_not
        .iter()
        .any(|n| n.key == "no_honors" && n.reason.contains("清一色")));
    miss(&s, "fan_one_suit_missing");
    let s = sc("123456789m234p567p11z", &[], "1z", &discard(), &v);
    miss(&s, "no_honors");
}

#[test]
fn mixed_double_chow_and_short_straight() {
    // 003 fan list 喜相逢 1: a run in two suits; 連六 1: six in a row of a suit as two runs.
    let v = fan(&["fan_mixed_double_chow", "fan_short_straight"]);
    let s = sc("345678m345s111z999p55s", &[], "5s", &discard(), &v);
    hit(&s, "fan_mixed_double_chow", 1);
    hit(&s, "fan_short_straight", 1);
    let s = sc("345789m456s111z999p55s", &[], "5s", &discard(), &v);
    miss(&s, "fan_mixed_double_chow");
    miss(&s, "fan_short_straight");
}

#[test]
fn single_edge_and_closed_waits() {
    // 003 fan list 單吊將 1, 邊張 1, 坎張 1: the hand waited on that tile only.
    let v = fan(&["fan_single_wait", "fan_edge_wait", "fan_closed_wait"]);
    // 單吊 on 7s.
    let s = sc("123456789m234p567p77s", &[], "7s", &discard(), &v);
    hit(&s, "fan_single_wait", 1);
    // 1234m waits on 1m and 4m: winning 1m as the pair is not 單吊將.
    let s = sc("11234m567m234p567p789s", &[], "1m", &discard(), &v);
    miss(&s, "fan_single_wait");
    // 邊張: 12 胡3; 12345 胡3 is not (it waits on 6 too).
    let s = sc("123m456p789p234s567s99s", &[], "3m", &discard(), &v);
    hit(&s, "fan_edge_wait", 1);
    let s = sc("123345m789p234s567s99s", &[], "3m", &discard(), &v);
    miss(&s, "fan_edge_wait");
    // 坎張: 4556 胡5; 45567 胡6 is not (it waits on 3 too). 4556 胡5 also reads as 單吊將 (456
    // and the 5 pair), worth the same: the reading shown is the first in table order (單吊將),
    // so the 坎張 reading is checked without it.
    let s = sc("45556m789p234s567s111z", &[], "5m", &discard(), &v);
    hit(&s, "fan_single_wait", 1);
    let closed = fan(&["fan_edge_wait", "fan_closed_wait"]);
    let s = sc("45556m789p234s567s111z", &[], "5m", &discard(), &closed);
    hit(&s, "fan_closed_wait", 1);
    let s = sc("455667m789p234s567s99s", &[], "6m", &discard(), &v);
    miss(&s, "fan_closed_wait");
}

#[test]
fn flowers() {
    // 003 fan list 花 1: each flower one.
    let v = fan(&["fan_flower"]);
    let mut c = discard();
    c.flowers = 0b1000_0101;
    let s = sc(PLAIN, &[], "7p", &c, &v);
    hit(&s, "fan_flower", 3);
    let s = sc(PLAIN, &[], "7p", &discard(), &v);
    miss(&s, "fan_flower");
}

#[test]
fn flowers_do_not_count_toward_the_threshold() {
    // 003 fan list 花 1: 不算在起胡分內，胡牌後記分. Three flowers (春秋冬, none seat 1's): 3 花
    // in the hand's total, paid by the payer, but left out of what 起胡 compares.
    let mut c = discard();
    c.flowers = 0b0000_1101;
    let s = sc(PLAIN, &[], "7p", &c, &fan(&["fan_flower"]));
    hit(&s, "fan_flower", 3);
    let without: u32 = s
        .items
        .iter()
        .filter(|i| i.key != "fan_flower")
        .map(|i| i.tai)
        .sum();
    assert_eq!(s.threshold_tai(), without);
    assert_eq!(s.total_tai, without + 3);
    assert_eq!(s.dealer_tai_for(2), 0, "winner 1, payer 2: no dealer tai");
    // 起胡 one above the hand without its flowers: reached only with them, so not a win.
    let min = |m: u32| {
        let v = with(&[("fan_flower", 1)]);
        v.with_overrides(&[("min_tai", Value::Int(i64::from(m)))])
            .unwrap()
    };
    let high = min(without + 1);
    let s = sc(PLAIN, &[], "7p", &c, &high);
    assert!(s.total_tai > without, "the flowers reach it");
    assert!(!s.reaches(high.min_tai));
    let e = settle(std::slice::from_ref(&s), &high)
        .unwrap_err()
        .to_string();
    assert!(e.contains("起胡"), "{e}");
    // At exactly the hand without flowers it is a win, and the flowers are paid.
    let at = min(without);
    let s = sc(PLAIN, &[], "7p", &c, &at);
    assert!(s.reaches(at.min_tai));
    let paid = settle(std::slice::from_ref(&s), &at).unwrap();
    assert_eq!(paid.lines[0].hand_tai, without + 3);
    // The presets' flower items (正花) still count toward 起胡: seat 1 (南) holding 夏.
    let mut c = discard();
    c.flowers = 0b0000_0010;
    let v = Variant::taiwan();
    let s = sc(PLAIN, &[], "7p", &c, &v);
    assert_eq!(tai(&s, "seat_flower"), Some(1));
    assert_eq!(s.threshold_tai(), s.total_tai);
}
