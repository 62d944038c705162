//! The fan list's four whole-hand shapes as special shapes (special.rs): 七對, 七星不靠,
//! 全不靠 and 組合龍, each off in every preset and drawn into a custom variant by name
//! (`tai.<key>`, which switches the shape on, or `special_shapes.<key>`).
//!
//! 003 = `shared/rules/003_7c688f691808702a.txt`, its fan list (middle part). The 16-tile
//! form is 003's own for such shapes (改良式 註13 十三么; hk16 十三么 加一暗簡或一順子): the
//! 14-tile shape plus one more set (a concealed run or triplet, or one meld); 組合龍's is the
//! nine knitted tiles plus two sets and a pair.

use twmj_core::hand::Form;
use twmj_core::scoring::{score, Context, Item, Value, Variant, WinKind, PRESETS};
use twmj_core::{parse, shanten, special_win, waits, Counts, Hand, Special, Tile};

fn counts(s: &str) -> Counts {
    parse(s).map_or_else(|e| panic!("{s}: {e}"), |t| t.counts)
}

fn tile(s: &str) -> Tile {
    parse(s).map_or_else(|e| panic!("{s}: {e}"), |t| t.tile_list()[0])
}

fn hand(s: &str, melds: &[(&str, &str)]) -> Hand {
    Hand::parse(s, melds, Form::Any, 16).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// taiwan with the shape drawn in by its tai alone.
fn with(key: &str, tai: i64) -> Variant {
    Variant::taiwan()
        .with_overrides(&[(&format!("tai.{key}"), Value::Int(tai))])
        .unwrap_or_else(|e| panic!("{e}"))
}

fn discard() -> Context {
    Context::new(1, WinKind::Discard { from: 2 })
}

fn self_draw() -> Context {
    Context::new(1, WinKind::SelfDraw)
}

/// The waits of the 16 − 3k hand `s` under `v`, as tile codes.
fn wait_codes(s: &str, melds: &[(&str, &str)], v: &Variant) -> Vec<String> {
    waits(&hand(s, melds), &[0; 34], v)
        .unwrap_or_else(|e| panic!("{e}"))
        .iter()
        .map(|w| w.tile.code())
        .collect()
}

/// The scored items and the hand's tai of a win on `win` under `v`.
fn scored(s: &str, win: &str, ctx: &Context, v: &Variant) -> (Vec<Item>, u32) {
    let sc = score(&counts(s), &[], tile(win), ctx, v, false).unwrap_or_else(|e| panic!("{e}"));
    (sc.items.iter().map(|i| i.item).collect(), sc.total_tai)
}

fn is_win(s: &str, melds: &[(&str, &str)], v: &Variant) -> bool {
    twmj_core::is_win(&hand(s, melds), v)
}

/// The shape is off in every preset: its hand is no win there, and its switch reads false.
fn absent_everywhere(s: Special, full: &str) {
    for name in PRESETS {
        let v = Variant::preset(name).unwrap_or_else(|e| panic!("{e}"));
        assert!(!v.allows(s), "{name} admits {}", s.name());
        assert!(special_win(&counts(full), &[], &v).is_none(), "{name}");
        let key = format!("special_shapes.{}", s.key());
        assert!(v.settings().contains(&(key, Value::Bool(false))), "{name}");
        assert!(!v
            .settings()
            .iter()
            .any(|(k, _)| *k == format!("tai.{}", s.key())));
    }
}

// 003 fan list 七對 24 (胡牌牌面由七個對子組成的胡牌; 不算不求人跟單吊).
#[test]
fn seven_pairs() {
    let v = with("fan_seven_pairs", 24);
    let full = "11m 33m 55p 77p 99s 22z 44z 123s";
    assert!(is_win(full, &[], &v));
    assert!(!is_win(full, &[], &Variant::taiwan()));
    absent_everywhere(Special::SevenPairs, full);
    // Near miss: six pairs and two singles.
    assert!(!is_win("11m 33m 55p 77p 99s 22z 4z 6z 123s", &[], &v));
    // Four of a kind count as two pairs.
    assert!(is_win("1111m 55p 77p 99s 22z 44z 123s", &[], &v));
    // The extra set as a meld: 14 concealed tiles.
    assert!(is_win(
        "11m 33m 55p 77p 99s 22z 44z",
        &[("pon", "666m")],
        &v
    ));
    assert!(!is_win(
        "11m 33m 55p 77p 99s 22z 4z 6z",
        &[("pon", "666m")],
        &v
    ));
    // Ready on 4z only (單吊), shanten 0; taiwan has no wait there.
    let ready = "11m 33m 55p 77p 99s 22z 4z 123s";
    assert_eq!(wait_codes(ready, &[], &v), ["4z"]);
    assert_eq!(shanten(&hand(ready, &[]), &v), 0);
    assert!(wait_codes(ready, &[], &Variant::taiwan()).is_empty());
    // Scored at its tai; 不算不求人: a self-draw adds 自摸 only.
    assert_eq!(
        scored(full, "4z", &discard(), &v),
        (vec![Item::FanSevenPairs], 24)
    );
    let (items, tai) = scored(full, "4z", &self_draw(), &v);
    assert_eq!(items, [Item::FanSevenPairs, Item::SelfDraw]);
    assert_eq!(tai, 24 + u32::from(v.tai_of(Item::SelfDraw)));
    assert!(!items.contains(&Item::ConcealedSelfDraw));
}

#[test]
fn seven_pairs_with_a_concealed_triplet_is_also_lig_gu() {
    // 003 fan list 七對 24 beside 註八 瀝咕瀝咕 8: both read the hand; the better is scored.
    let full = "11m 33m 55p 77p 99s 22z 44z 666s";
    let v = Variant::improved16()
        .with_overrides(&[("tai.fan_seven_pairs", Value::Int(24))])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        twmj_core::special_wins(&counts(full), &[], &v),
        [Special::LigGu, Special::SevenPairs]
    );
    assert_eq!(
        scored(full, "4z", &discard(), &v),
        (vec![Item::FanSevenPairs], 24)
    );
    // improved16 alone: 瀝咕瀝咕.
    assert_eq!(
        scored(full, "4z", &discard(), &Variant::improved16()),
        (vec![Item::LigGu], 8)
    );
}

// 003 fan list 七星不靠 24 (七個單張的東西南北中發板, 147/258/369 中的七張序數牌, 沒有將;
// 不算五門齊，不求人跟單吊).
#[test]
fn greater_honors_and_knitted() {
    let v = with("fan_seven_stars", 24);
    let full = "147m 258p 3s 1234567z 234m";
    assert!(is_win(full, &[], &v));
    assert!(!is_win(full, &[], &Variant::taiwan()));
    absent_everywhere(Special::GreaterHonorsKnitted, full);
    // Near miss: 錯位 (3p beside 258p) and a missing honour.
    assert!(!is_win("147m 258p 3p 1234567z 234m", &[], &v));
    assert!(!is_win("147m 258p 36s 123456z 234m", &[], &v));
    // The extra set as a meld.
    assert!(is_win("147m 258p 3s 1234567z", &[("chi", "789s")], &v));
    // Ready on 中 only.
    let ready = "147m 258p 3s 123456z 234m";
    assert_eq!(wait_codes(ready, &[], &v), ["7z"]);
    assert_eq!(shanten(&hand(ready, &[]), &v), 0);
    assert!(wait_codes(ready, &[], &Variant::taiwan()).is_empty());
    assert_eq!(
        scored(full, "7z", &discard(), &v),
        (vec![Item::FanSevenStars], 24)
    );
    let (items, _) = scored(full, "7z", &self_draw(), &v);
    assert_eq!(items, [Item::FanSevenStars, Item::SelfDraw]);
    // 七星不靠 is also 全不靠 (14 of the 16): with both on, the better is scored.
    let both = v
        .with_overrides(&[("tai.fan_all_knitted", Value::Int(12))])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        scored(full, "7z", &discard(), &both),
        (vec![Item::FanSevenStars], 24)
    );
}

// 003 fan list 全不靠 12 (單張三種花色147，258，369不能錯位的序數牌 and honours; 不算五門齊，
// 不求人，單吊).
#[test]
fn lesser_honors_and_knitted() {
    let v = with("fan_all_knitted", 12);
    let full = "147m 258p 369s 12345z 789m";
    assert!(is_win(full, &[], &v));
    assert!(!is_win(full, &[], &Variant::taiwan()));
    absent_everywhere(Special::LesserHonorsKnitted, full);
    // Near miss: a pair (no 將 in 全不靠), and 錯位 (369 in the suit of 147).
    assert!(!is_win("147m 258p 369s 1234z 4z 789m", &[], &v));
    assert!(!is_win("147m 258p 369m 12345z 789s", &[], &v));
    // Ready: the missing 9s, or a sixth honour (14 of the 16).
    let ready = "147m 258p 36s 12345z 789m";
    assert_eq!(wait_codes(ready, &[], &v), ["9s", "6z", "7z"]);
    assert_eq!(shanten(&hand(ready, &[]), &v), 0);
    assert!(wait_codes(ready, &[], &Variant::taiwan()).is_empty());
    assert_eq!(
        scored(full, "9s", &discard(), &v),
        (vec![Item::FanAllKnitted], 12)
    );
    let (items, _) = scored(full, "9s", &self_draw(), &v);
    assert_eq!(items, [Item::FanAllKnitted, Item::SelfDraw]);
}

// 003 fan list 組合龍 12 (胡牌牌面由單張三種花色147，258，369不能錯位的序數牌).
#[test]
fn knitted_straight() {
    let v = with("fan_knitted_straight", 12);
    let full = "147m 258p 369s 555z 678p 11s";
    assert!(is_win(full, &[], &v));
    assert!(!is_win(full, &[], &Variant::taiwan()));
    absent_everywhere(Special::KnittedStraight, full);
    // Near miss: 錯位 (369 in the suit of 258), and the rest not two sets and a pair.
    assert!(!is_win("147m 258p 369p 555z 678s 11s", &[], &v));
    assert!(!is_win("147m 258p 369s 555z 678p 1s 2s", &[], &v));
    // The sets may be melds: one or two.
    assert!(is_win("147m 258p 369s 678p 11s", &[("pon", "555z")], &v));
    assert!(is_win(
        "147m 258p 369s 11s",
        &[("pon", "555z"), ("chi", "678p")],
        &v
    ));
    // Ready on 1s (單吊); not under taiwan.
    let ready = "147m 258p 369s 555z 678p 1s";
    assert_eq!(wait_codes(ready, &[], &v), ["1s"]);
    assert_eq!(shanten(&hand(ready, &[]), &v), 0);
    assert!(wait_codes(ready, &[], &Variant::taiwan()).is_empty());
    assert_eq!(
        scored(full, "1s", &discard(), &v),
        (vec![Item::FanKnittedStraight], 12)
    );
    // 組合龍 has no 不算不求人 note: a concealed self-draw adds 自摸 and 不求人.
    let (items, _) = scored(full, "1s", &self_draw(), &v);
    assert_eq!(
        items,
        [
            Item::FanKnittedStraight,
            Item::SelfDraw,
            Item::ConcealedSelfDraw
        ]
    );
}

#[test]
fn drawn_in_by_tai_or_by_switch() {
    // `tai.<key>` switches the shape on; `special_shapes.<key>` alone takes 003's value.
    let full = "147m 258p 369s 555z 678p 11s";
    let by_switch = Variant::taiwan()
        .with_overrides(&[("special_shapes.fan_knitted_straight", Value::Bool(true))])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        scored(full, "1s", &discard(), &by_switch),
        (vec![Item::FanKnittedStraight], 12)
    );
    let house = with("fan_knitted_straight", 20);
    assert!(house.allows(Special::KnittedStraight));
    assert!(house
        .settings()
        .contains(&("tai.fan_knitted_straight".to_owned(), Value::Int(20))));
    assert_eq!(
        scored(full, "1s", &discard(), &house),
        (vec![Item::FanKnittedStraight], 20)
    );
    // Switched off again after its tai: no win.
    let off = house
        .with_overrides(&[("special_shapes.fan_knitted_straight", Value::Bool(false))])
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(special_win(&counts(full), &[], &off).is_none());
    // The settings round-trip through `Variant::set`.
    let mut back = Variant::taiwan();
    for (k, val) in house.settings() {
        back.set(&k, &val).unwrap_or_else(|e| panic!("{k}: {e}"));
    }
    assert_eq!(back.special, house.special);
    assert_eq!(back.special_tai, house.special_tai);
    for s in Special::ALL {
        let key = format!("special_shapes.{}", s.key());
        assert!(Variant::KEYS.contains(&key.as_str()), "{key}");
    }
}

#[test]
fn no_concealed_self_draw_under_a_compounding_variant() {
    // 003 fan list 七對 24 (不算不求人) under hk16 (special shapes compound): a concealed
    // self-draw counts hk16's 門前清 and 自摸, never its 不求人 (which would exclude both).
    let v = Variant::hk16()
        .with_overrides(&[("tai.fan_seven_pairs", Value::Int(24))])
        .unwrap_or_else(|e| panic!("{e}"));
    let (items, _) = scored("11m 33m 55p 77p 99s 22z 44z 123s", "4z", &self_draw(), &v);
    assert_eq!(items[0], Item::FanSevenPairs);
    assert!(!items.contains(&Item::ConcealedSelfDraw), "{items:?}");
    assert!(items.contains(&Item::SelfDraw), "{items:?}");
    assert!(items.contains(&Item::Concealed), "{items:?}");
    // 組合龍 has no such note: 不求人 counts there.
    let v = Variant::hk16()
        .with_overrides(&[("tai.fan_knitted_straight", Value::Int(12))])
        .unwrap_or_else(|e| panic!("{e}"));
    let (items, _) = scored("147m 258p 369s 555z 678p 11s", "1s", &self_draw(), &v);
    assert!(items.contains(&Item::ConcealedSelfDraw), "{items:?}");
}

#[test]
fn knitted_straight_with_two_melds_is_ready() {
    // 003 fan list 組合龍 12: both sets melded, the nine knitted tiles and a single concealed.
    let v = with("fan_knitted_straight", 12);
    let melds = [("pon", "555z"), ("chi", "678p")];
    let ready = "147m 258p 369s 1s";
    assert_eq!(wait_codes(ready, &melds, &v), ["1s"]);
    assert_eq!(shanten(&hand(ready, &melds), &v), 0);
    // One knitted tile short: one exchange from ready.
    assert_eq!(shanten(&hand("147m 258p 36s 1s 2s", &melds), &v), 1);
    assert!(wait_codes(ready, &melds, &Variant::taiwan()).is_empty());
}

// ---------------------------------------------------------------------------------------
// In play: the game's win detector takes a drawn-in shape.

/// Seat 2 holds the knitted 147m 258p 369s, 555z, 678p and 1s: ready for 組合龍 on 1s, which
/// the dealer discards first.
fn knitted_deal(v: &Variant) -> twmj_core::game::State {
    use twmj_core::game::{Deal, State};
    let hands = [
        "1s 23569m 123p 45s 111z 222z",
        "2345789m 4p 9p 4578s 346z",
        "147m 258p 369s 555z 678p 1s",
        "11m 66m 34p 77p 23s 67s 77z 4z 3z",
    ];
    let deal = Deal::scripted(0, hands, "8m 2s 4s 7s", "3z 4z")
        .unwrap_or_else(|e| panic!("{e}"))
        .completed();
    State::from_deal(deal, v).unwrap_or_else(|e| panic!("{e}"))
}

// 003 fan list 組合龍 12: a win on a discard in the game under the custom variant only.
#[test]
fn knitted_straight_in_play() {
    use twmj_core::game::{legal_actions, settle_hand, Action, Table};
    let v = with("fan_knitted_straight", 12);
    let mut st = knitted_deal(&v);
    st.apply(0, Action::Discard(tile("1s")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(legal_actions(&st, 2), vec![Action::Win, Action::Pass]);
    st.apply(2, Action::Win).unwrap_or_else(|e| panic!("{e}"));
    let Some(r) = st.result() else {
        panic!("no result")
    };
    assert_eq!(r.winners(), vec![2]);
    let table = Table {
        streak: 0,
        round_wind: 0,
        dice: [1, 1, 1],
    };
    let (bills, _) = settle_hand(r, &table, &v).unwrap_or_else(|e| panic!("{e}"));
    let items: Vec<(Item, u32)> = bills[0].items.iter().map(|i| (i.item, i.tai)).collect();
    assert!(items.contains(&(Item::FanKnittedStraight, 12)), "{items:?}");
    // The log replays to the same result (the override travels with it).
    let again = twmj_core::game::replay(st.log()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.result(), st.result());
    // taiwan: the same discard offers seat 2 nothing.
    let mut t = knitted_deal(&Variant::taiwan());
    t.apply(0, Action::Discard(tile("1s")))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(legal_actions(&t, 2).is_empty());
}

#[test]
fn knitted_straight_waits_take_the_shape_of_the_rest() {
    // 003 fan list 組合龍 12: with 67p among the sets the wait is 兩面 on 5p and 8p (both also
    // knitted kinds, already held); a knitted slot left open is a wait of 組合龍's own shape.
    use twmj_core::waits::Shape;
    let v = with("fan_knitted_straight", 12);
    let w = waits(&hand("147m 258p 369s 555z 67p 11s", &[]), &[0; 34], &v)
        .unwrap_or_else(|e| panic!("{e}"));
    let got: Vec<(String, bool, bool)> = w
        .iter()
        .map(|w| {
            (
                w.tile.code(),
                w.shapes.contains(Shape::Ryanmen),
                w.shapes.contains(Shape::Tanki),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("5p".to_owned(), true, false),
            ("8p".to_owned(), true, false)
        ]
    );
    let w = waits(&hand("147m 258p 36s 555z 678p 11s 2s", &[]), &[0; 34], &v)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(w.is_empty(), "{w:?}");
    let w = waits(
        &hand("147m 258p 36s 555z 11s", &[("chi", "678p")]),
        &[0; 34],
        &v,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let only: Vec<_> = w.iter().collect();
    assert_eq!(only.len(), 1);
    assert_eq!(only[0].tile.code(), "9s");
    // The tile fills the knitted slot the hand lacked: a wait of 組合龍's own shape, with no
    // regular shape (it once read 單吊, a stand-in).
    assert_eq!(
        only[0].shape_keys().collect::<Vec<_>>(),
        ["fan_knitted_straight"]
    );
}
