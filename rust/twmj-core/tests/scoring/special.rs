//! Special shapes (issue 6): 瀝咕瀝咕 and 十三么 of 003 改良式十六張 (`improved16`), and that
//! `taiwan`, `american` and `traditional` never report them.
//!
//! 003 = `shared/rules/003_7c688f691808702a.txt`: 註八 (瀝咕瀝咕: 八對半, 門清的七個對子加一個刻子,
//! 8台), 註13 (十三么: 19萬筒索和東南西北中發白各一 + 上述十三張任一成雀, 16台; 有一搭可隨意吃碰).

use twmj_core::hand::Form;
use twmj_core::scoring::{score, Context, Item, Variant, WinKind};
use twmj_core::{
    is_special_win, is_win, is_win_counts, parse, special_wait_mask, special_waits, special_win,
    waits, Counts, Hand, Meld, Special, Tile,
};

fn counts(s: &str) -> Counts {
    parse(s).map_or_else(|e| panic!("{s}: {e}"), |t| t.counts)
}

fn tile(s: &str) -> Tile {
    parse(s).map_or_else(|e| panic!("{s}: {e}"), |t| t.tile_list()[0])
}

fn melds(ms: &[(&str, &str)]) -> Vec<Meld> {
    ms.iter()
        .enumerate()
        .map(|(i, (k, t))| Meld::parse(k, t, i).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn others() -> [Variant; 3] {
    [
        Variant::taiwan(),
        Variant::american(),
        Variant::traditional(),
    ]
}

fn codes(mask: u64) -> Vec<String> {
    (0..34)
        .filter(|i| mask >> i & 1 == 1)
        .filter_map(Tile::new)
        .map(Tile::code)
        .collect()
}

/// 註八: seven pairs and a triplet, concealed.
const LIG_GU: &str = "11m 33m 55p 77p 99s 22z 44z 666z";
/// 註13: the thirteen once, 東 paired, plus a run 234m.
const ORPHANS_RUN: &str = "19m19p19s1234567z 1z 234m";
/// 註13: with a triplet of 5p as the extra set.
const ORPHANS_TRIPLET: &str = "19m19p19s1234567z 7z 555p";

#[test]
fn lig_gu_yes_and_no() {
    let v = Variant::improved16();
    let c = counts(LIG_GU);
    assert!(!is_win_counts(&c), "not five sets and a pair");
    assert_eq!(special_win(&c, &[], &v), Some(Special::LigGu));
    // Four of a kind as two pairs (003 港澳 瀝姑瀝姑: 四隻相同的牌可當兩對).
    assert!(is_special_win(
        &counts("1111m 55p 77p 99s 22z 44z 666z"),
        &[],
        &v
    ));
    // No triplet: eight pairs and a single are not 八對半.
    assert!(!is_special_win(
        &counts("11m 33m 55p 77p 99s 22z 44z 66z 7z"),
        &[],
        &v
    ));
    // Two triplets.
    assert!(!is_special_win(
        &counts("11m 33m 55p 77p 999s 222z 44z 6z"),
        &[],
        &v
    ));
    // 門清: with any meld (暗槓 included: 不能槓) it is not the shape.
    let pon = melds(&[("pon", "777p")]);
    assert!(!is_special_win(
        &counts("11m 33m 55p 99s 22z 44z 66z"),
        &pon,
        &v
    ));
    let ankan = melds(&[("ankan", "7777p")]);
    assert!(!is_special_win(
        &counts("11m 33m 55p 99s 22z 44z 66z"),
        &ankan,
        &v
    ));
    for o in others() {
        assert!(!is_special_win(&c, &[], &o), "{}", o.preset);
    }
}

#[test]
fn thirteen_orphans_yes_and_no() {
    let v = Variant::improved16();
    for h in [ORPHANS_RUN, ORPHANS_TRIPLET] {
        let c = counts(h);
        assert!(!is_win_counts(&c));
        assert_eq!(
            special_win(&c, &[], &v),
            Some(Special::ThirteenOrphans),
            "{h}"
        );
        for o in others() {
            assert!(!is_special_win(&c, &[], &o), "{h} under {}", o.preset);
        }
    }
    // 有一搭可隨意吃碰: the extra set as a meld, 14 concealed tiles.
    let chi = melds(&[("chi", "456s")]);
    assert!(is_special_win(&counts("19m19p19s1234567z 9s"), &chi, &v));
    // Two melds: no.
    let two = melds(&[("chi", "456s"), ("pon", "222p")]);
    assert!(!is_special_win(&counts("19m19p19s1234567z 9s"), &two, &v));
    // A kind missing (no 中) with two pairs: no.
    assert!(!is_special_win(
        &counts("19m19p19s123456z 11z 234m 9m"),
        &[],
        &v
    ));
    // The extra three tiles not a set: no.
    assert!(!is_special_win(
        &counts("19m19p19s1234567z 1z 245m"),
        &[],
        &v
    ));
    // Without the pair (the set took the duplicate as 111z): 13 + 111z + 2 more is no 十三么.
    assert!(!is_special_win(
        &counts("19m19p19s1234567z 11z 5m"),
        &[],
        &v
    ));
}

#[test]
fn special_waits_and_four_copies() {
    let v = Variant::improved16();
    // 瀝咕瀝咕 waiting on eight pairs: any of them becomes the triplet.
    let eight_pairs = counts("11m 33m 55p 77p 99s 22z 44z 66z");
    assert_eq!(
        codes(special_wait_mask(&eight_pairs, &[], &v)),
        ["1m", "3m", "5p", "7p", "9s", "2z", "4z", "6z"]
    );
    // Seven pairs less one, a triplet and a single: the single (單吊).
    let tanki = counts("11m 33m 55p 77p 99s 22z 666z 4z");
    assert_eq!(codes(special_wait_mask(&tanki, &[], &v)), ["4z"]);
    // Two singles: no wait.
    assert_eq!(
        special_wait_mask(&counts("11m 33m 55p 77p 99s 666z 4z 2z 3z"), &[], &v),
        0
    );
    // 十三么 missing 中, 東 paired, with a run: waits on 中 only.
    let orphans = counts("19m19p19s123456z 1z 234m");
    assert_eq!(
        special_waits(&orphans, &[], &v),
        [(tile("7z"), Special::ThirteenOrphans)]
    );
    // 4-copy rule: the thirteen with 111z as the set hold all four 東, so 東 is no wait; the
    // twelve other orphans are.
    let four = counts("19m19p19s1234567z 11z 1z");
    let m = special_wait_mask(&four, &[], &v);
    assert_eq!(m.count_ones(), 12);
    assert_eq!(m >> tile("1z").index() & 1, 0);
    // With a meld holding all four 9s, 9s is never a wait.
    let thirteen = counts("19m19p1s1234567z 1z");
    let kan = melds(&[("minkan", "9999s")]);
    let m = special_wait_mask(&thirteen, &kan, &v);
    assert_eq!(codes(m), Vec::<String>::new(), "9s: all four in the kong");
    let chi = melds(&[("chi", "789s")]);
    assert_eq!(codes(special_wait_mask(&thirteen, &chi, &v)), ["9s"]);
    // 十三面聽: the 13 distinct with a run: every orphan waits.
    let thirteen_sided = counts("19m19p19s1234567z 234m");
    assert_eq!(special_wait_mask(&thirteen_sided, &[], &v).count_ones(), 13);
    for o in others() {
        assert_eq!(
            special_wait_mask(&thirteen_sided, &[], &o),
            0,
            "{}",
            o.preset
        );
        assert_eq!(special_wait_mask(&eight_pairs, &[], &o), 0, "{}", o.preset);
    }
}

#[test]
fn waits_with_joins_the_regular_waits() {
    let v = Variant::improved16();
    let h = Hand::parse("11m 33m 55p 77p 99s 22z 666z 4z", &[], Form::Waiting, 16)
        .unwrap_or_else(|e| panic!("{e}"));
    let w = waits(&h, &[0; 34], &v).unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<(String, u8)> = w.iter().map(|x| (x.tile.code(), x.remaining)).collect();
    assert_eq!(got, [("4z".to_owned(), 3)]);
    for o in others() {
        let w = waits(&h, &[0; 34], &o).unwrap_or_else(|e| panic!("{e}"));
        assert!(w.is_empty(), "{}", o.preset);
    }
    let full = Hand::parse(LIG_GU, &[], Form::Full, 16).unwrap_or_else(|e| panic!("{e}"));
    assert!(is_win(&full, &v));
    assert!(!is_win(&full, &Variant::taiwan()));
}

#[test]
fn scored_under_improved16_only() {
    let v = Variant::improved16();
    // 瀝咕瀝咕 on a discard: 8, nothing else (門清 is implied, not added).
    let c = counts(LIG_GU);
    let ctx = Context::new(1, WinKind::Discard { from: 2 });
    let s = score(&c, &[], tile("6z"), &ctx, &v, false).unwrap_or_else(|e| panic!("{e}"));
    let items: Vec<(&str, u32)> = s.items.iter().map(|i| (i.key, i.tai)).collect();
    assert_eq!(items, [("lig_gu", 8)]);
    assert_eq!(s.total_tai, 8);
    // Self-drawn: 只另計自摸、不求人兩台 → 10.
    let sd = Context::new(1, WinKind::SelfDraw);
    let s = score(&c, &[], tile("4z"), &sd, &v, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.total_tai, 10);
    assert_eq!(s.items[0].name, "瀝咕瀝咕");
    assert!(s.items.iter().any(|i| i.item == Item::ConcealedSelfDraw));
    // 十三么 16 on a discard.
    let c = counts(ORPHANS_RUN);
    let s = score(&c, &[], tile("7z"), &ctx, &v, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((s.items[0].key, s.total_tai), ("thirteen_orphans", 16));
    // Not a win elsewhere.
    for o in others() {
        assert!(
            score(&c, &[], tile("7z"), &ctx, &o, false).is_err(),
            "{}",
            o.preset
        );
        assert!(
            score(&counts(LIG_GU), &[], tile("6z"), &ctx, &o, false).is_err(),
            "{}",
            o.preset
        );
    }
    // The switch is a setting: off, improved16 no longer takes it.
    let off = v
        .with_overrides(&[(
            "special_shapes.lig_gu",
            twmj_core::scoring::Value::Bool(false),
        )])
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(score(&counts(LIG_GU), &[], tile("6z"), &ctx, &off, false).is_err());
    // And on taiwan as a house rule, with its tai.
    let on = Variant::taiwan()
        .with_overrides(&[
            (
                "special_shapes.thirteen_orphans",
                twmj_core::scoring::Value::Bool(true),
            ),
            ("tai.thirteen_orphans", twmj_core::scoring::Value::Int(13)),
        ])
        .unwrap_or_else(|e| panic!("{e}"));
    let s = score(&c, &[], tile("7z"), &ctx, &on, false).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.total_tai, 13);
}

#[test]
fn settings_list_the_switches() {
    let keys = |v: &Variant| -> Vec<String> { v.settings().into_iter().map(|(k, _)| k).collect() };
    let t = keys(&Variant::taiwan());
    assert!(t.contains(&"special_shapes.lig_gu".to_owned()));
    assert!(!t.contains(&"tai.lig_gu".to_owned()));
    let i = keys(&Variant::improved16());
    assert!(i.contains(&"tai.lig_gu".to_owned()));
    assert!(i.contains(&"tai.thirteen_orphans".to_owned()));
    assert!(Variant::improved16().allows(Special::LigGu));
    assert!(!Variant::taiwan().allows(Special::ThirteenOrphans));
}

#[test]
fn compare_lists_the_shape_item() {
    // 瀝咕瀝咕 worth 8 under improved16, 20 under a house rule: the item differs.
    let v = Variant::improved16();
    let house = v
        .with_overrides(&[("tai.lig_gu", twmj_core::scoring::Value::Int(20))])
        .unwrap_or_else(|e| panic!("{e}"));
    let ctx = Context::new(1, WinKind::Discard { from: 2 });
    let c = twmj_core::scoring::compare(&counts(LIG_GU), &[], tile("6z"), &ctx, &[v, house], false)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(c.differing, [(Item::LigGu, vec![8, 20])]);
}

/// Each wait of `hand` under `v`: its tile and its shape keys ([`twmj_core::Wait::shape_keys`]).
fn shaped(hand: &str, v: &Variant) -> Vec<(String, Vec<&'static str>)> {
    let h = Hand::parse(hand, &[], Form::Waiting, 16).unwrap_or_else(|e| panic!("{e}"));
    let w = waits(&h, &[0; 34], v).unwrap_or_else(|e| panic!("{e}"));
    w.iter()
        .map(|x| (x.tile.code(), x.shape_keys().collect()))
        .collect()
}

#[test]
fn a_special_wait_is_named_by_its_own_shape() {
    // 003 names 瀝咕瀝咕 (註八: 八對半, 七個對子加一個刻子) and 十三么 (註13) as shapes of their
    // own: a tile completing one is a wait of that shape, not a 雙碰 or 單吊 of five sets and
    // a pair, which the hand does not make (the waits once read `shanpon` and `tanki`).
    let v = Variant::improved16();
    let lig_gu = shaped("11m 33m 55p 77p 99s 22z 44z 66z", &v);
    assert_eq!(lig_gu.len(), 8);
    assert!(lig_gu.iter().all(|(_, s)| *s == ["lig_gu"]), "{lig_gu:?}");
    let orphans = shaped("19m19p19s1234567z 234m", &v);
    assert_eq!(orphans.len(), 13);
    assert!(
        orphans.iter().all(|(_, s)| *s == ["thirteen_orphans"]),
        "{orphans:?}"
    );
    // A kind both a regular and a special wait keeps both: 112233m 445566p are two runs
    // twice, 77s and 99s wait 雙碰 on either; as eight pairs each also makes 瀝咕瀝咕.
    let both = shaped("112233m 445566p 77s 99s", &v);
    let of = |t: &str| both.iter().find(|(x, _)| x == t).map(|(_, s)| s.clone());
    assert_eq!(of("7s"), Some(vec!["shanpon", "lig_gu"]));
    assert_eq!(of("9s"), Some(vec!["shanpon", "lig_gu"]));
    assert_eq!(of("1m"), Some(vec!["lig_gu"]));
    // The same hands under taiwan: no special shape, so none of these waits.
    assert!(shaped("11m 33m 55p 77p 99s 22z 44z 66z", &Variant::taiwan()).is_empty());
    let regular = shaped("112233m 445566p 77s 99s", &Variant::taiwan());
    assert_eq!(
        regular,
        [
            ("7s".to_owned(), vec!["shanpon"]),
            ("9s".to_owned(), vec!["shanpon"])
        ]
    );
    // The vocabulary names each key a wait can have.
    let names: Vec<&str> = twmj_core::game::report::Vocabulary::new()
        .shapes
        .iter()
        .map(|t| t.key)
        .collect();
    for key in ["lig_gu", "thirteen_orphans", "shanpon"] {
        assert!(names.contains(&key), "{key}");
    }
}
