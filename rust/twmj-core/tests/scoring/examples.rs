//! The worked examples of the rule texts (000 計分 計算範例 範例一–三, 002 起胡台數 範例四–六),
//! read from `tests/cases/scoring_examples.json` at the repository's root — the file the Python
//! and HTTP tests read too, so the numbers are written once — scored and settled by the core.
//! Each example's own test adds what its text states beyond the file's numbers.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use serde_json::Value as Json;

use crate::common::{items, win};
use twmj_core::scoring::{resolve, settle, Context, Score, Settlement, Variant, WinKind, Wind};
use twmj_core::tile::{Flower, FLOWERS};

/// The worked examples, shared with `tests/test_score.py` and `tests/api/test_score.py`.
const CASES: &str = include_str!("../../../../tests/cases/scoring_examples.json");

/// One worked example as the file states it.
struct Case {
    source: String,
    variant: Variant,
    hand: String,
    win_tile: String,
    melds: Vec<(String, String)>,
    context: Context,
    total_tai: u32,
    items: Vec<(String, u32)>,
    allowed: bool,
    payments: Vec<(u8, u32)>,
    net_tai: [i64; 4],
    net_money: [i64; 4],
}

fn text(j: &Json, key: &str) -> String {
    j[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key}: not text in {j}"))
        .to_owned()
}

fn int(j: &Json) -> i64 {
    j.as_i64().unwrap_or_else(|| panic!("not an integer: {j}"))
}

fn seat(j: &Json, key: &str) -> u8 {
    u8::try_from(int(&j[key])).unwrap()
}

fn four(j: &Json) -> [i64; 4] {
    let v: Vec<i64> = j.as_array().unwrap().iter().map(int).collect();
    v.try_into().unwrap()
}

/// The context as the file spells it: the keys of `twmj.Context` (Python) and `/v1/score`.
fn context(j: &Json) -> Context {
    let winner = seat(j, "winner");
    let win = match j["win"].as_str() {
        Some("self_draw") => WinKind::SelfDraw,
        Some("discard") => WinKind::Discard {
            from: seat(j, "from_seat"),
        },
        other => panic!("win kind {other:?} not used by the examples"),
    };
    let mut c = Context::new(winner, win);
    c.dealer = seat(j, "dealer");
    if let Some(n) = j.get("streak") {
        c.streak = u8::try_from(int(n)).unwrap();
    }
    if let Some(w) = j.get("seat_wind") {
        c.seat_wind = Wind::parse(w.as_str().unwrap()).unwrap();
    }
    if let Some(d) = j.get("dice") {
        let d: Vec<u8> = d
            .as_array()
            .unwrap()
            .iter()
            .map(|x| u8::try_from(int(x)).unwrap())
            .collect();
        c.dice = Some(d.try_into().unwrap());
    }
    if let Some(f) = j.get("flowers") {
        for name in f.as_str().unwrap().chars() {
            let i = (0..FLOWERS)
                .find(|&i| Flower::new(i).is_some_and(|x| x.name() == name.to_string()))
                .unwrap_or_else(|| panic!("flower {name}"));
            c.flowers |= 1 << i;
        }
    }
    c
}

fn pairs<T>(j: &Json, f: impl Fn(&Json, &Json) -> T) -> Vec<T> {
    j.as_array()
        .unwrap()
        .iter()
        .map(|p| f(&p[0], &p[1]))
        .collect()
}

fn cases() -> Vec<Case> {
    let all: Json = serde_json::from_str(CASES).unwrap();
    all.as_array()
        .unwrap()
        .iter()
        .map(|j| Case {
            source: text(j, "source"),
            variant: Variant::preset(&text(j, "variant")).unwrap(),
            hand: text(j, "hand"),
            win_tile: text(j, "win_tile"),
            melds: pairs(&j["melds"], |k, t| {
                (
                    k.as_str().unwrap().to_owned(),
                    t.as_str().unwrap().to_owned(),
                )
            }),
            context: context(&j["context"]),
            total_tai: u32::try_from(int(&j["total_tai"])).unwrap(),
            items: pairs(&j["items"], |n, t| {
                (
                    n.as_str().unwrap().to_owned(),
                    u32::try_from(int(t)).unwrap(),
                )
            }),
            allowed: j.get("allowed").is_none_or(|a| a.as_bool().unwrap()),
            payments: pairs(&j["payments"], |p, t| {
                (
                    u8::try_from(int(p)).unwrap(),
                    u32::try_from(int(t)).unwrap(),
                )
            }),
            net_tai: four(&j["net_tai"]),
            net_money: four(&j["net_money"]),
        })
        .collect()
}

/// The example whose source names `which` (one of them, or the test fails).
fn case(which: &str) -> Case {
    let mut found: Vec<Case> = cases()
        .into_iter()
        .filter(|c| c.source.contains(which))
        .collect();
    assert_eq!(found.len(), 1, "{which}");
    found.remove(0)
}

fn scored(c: &Case) -> Score {
    let ms: Vec<(&str, &str)> = c
        .melds
        .iter()
        .map(|(k, t)| (k.as_str(), t.as_str()))
        .collect();
    win(&c.hand, &ms, &c.win_tile, &c.context, &c.variant)
}

/// The example settled; `None` when the hand may not be won (below 起胡).
fn settled(c: &Case, s: &Score) -> Option<Settlement> {
    settle(std::slice::from_ref(s), &c.variant).ok()
}

#[test]
fn every_worked_example_scores_and_settles_as_its_text_states() {
    let all = cases();
    assert_eq!(all.len(), 7);
    for c in &all {
        let s = scored(c);
        let src = &c.source;
        assert_eq!(s.total_tai, c.total_tai, "{src}");
        assert_eq!(items(&s), c.items, "{src}");
        assert_eq!(s.reaches(c.variant.min_tai), c.allowed, "{src}");
        let st = settled(c, &s);
        assert_eq!(st.is_some(), c.allowed, "{src}");
        let st = st.unwrap_or_default();
        let per: Vec<(u8, u32)> = st.lines.iter().map(|l| (l.payer, l.total_tai)).collect();
        assert_eq!(per, c.payments, "{src}");
        assert_eq!(st.net_tai, c.net_tai, "{src}");
        assert_eq!(st.net_money, c.net_money, "{src}");
        // 000 計分: 四家相加為 0.
        assert_eq!(st.net_tai.iter().sum::<i64>(), 0, "{src}");
    }
}

#[test]
fn example_1_non_dealer_self_draw() {
    // 000 計分 範例一: 閒家門清自摸 3 台, 莊家連莊 2 (莊家台 5): 莊家 11, 閒家 6 and 6, winner +23;
    // 應付 = 底 300 + 台數 × 100.
    let c = case("範例一");
    let s = scored(&c);
    assert_eq!(s.dealer_tai, 5);
    assert_eq!(c.net_money, [-1100, 2300, -600, -600]);
}

#[test]
fn example_2_discard_to_dealer() {
    // 000 計分 範例二: 莊家連莊 1 胡平胡 2 台; 放槍者付 3 + 2 + 3 = 8.
    let c = case("範例二");
    let s = scored(&c);
    let names: Vec<&str> = s.dealer_items.iter().map(|i| i.name.as_ref()).collect();
    assert_eq!(names, ["莊家", "連莊拉莊"]);
    assert_eq!(c.payments, [(2, 8)]);
}

#[test]
fn example_3_dealer_self_draw() {
    // 000 計分 範例三: 莊家門清自摸 3 + 莊家 1 = 4; 三家各付 7, 莊家 +21.
    let c = case("範例三");
    let s = scored(&c);
    assert_eq!(s.total_tai + s.dealer_tai, 4);
    assert!(c.payments.iter().all(|&(_, t)| t == 7));
}

#[test]
fn example_4_who_discards_decides_the_threshold() {
    // 002 範例四: 平胡 2 from a 閒家 is under 3 → no win (nobody wins the claim); from the 莊家
    // 2 + 1 = 3, 莊家 pays 6.
    let c = case("（閒家放槍）");
    let s = scored(&c);
    assert!(!c.allowed);
    assert!(resolve(2, &[s], &c.variant).unwrap().is_empty());
    let c = case("（莊家放槍）");
    assert!(c.allowed);
    assert_eq!(c.payments, [(0, 6)]);
}

#[test]
fn example_5_dice_reach_the_threshold() {
    // 002 範例五: dice 2, 3, 6 = 全黑 1; 平胡 2 + 骰規 1 = 3; the 閒家 discarder pays 6.
    let c = case("範例五");
    assert_eq!(c.context.dice, Some([2, 3, 6]));
    assert_eq!(c.items, [("平胡".to_owned(), 2), ("骰規台".to_owned(), 1)]);
}

#[test]
fn example_6_self_draw_counts_the_dealer_share() {
    // 002 範例六: 閒家 with calls self-draws 自摸 1 + 正花 1 = 2 (夏 is 南's 正花); the dealer's
    // share 3 reaches 3: 莊家 pays 6, the two others 5 each, winner +16.
    let c = case("範例六");
    assert_eq!(c.context.flowers, 1 << 1);
    assert_eq!(c.payments, [(2, 5), (3, 5), (0, 6)]);
}
