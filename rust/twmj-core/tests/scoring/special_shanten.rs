//! Shanten, discard analysis and wait values with the special shapes (003 改良式十六張:
//! 瀝咕瀝咕 註八, 十三么 註13) under a variant that admits them, and unchanged elsewhere.
//!
//! 003 = `shared/rules/003_7c688f691808702a.txt`. The special shanten is checked against
//! references that share no code with it: an exhaustive search over every target shape (the
//! most tiles of the hand a complete shape can keep), and an exchange search (one tile out,
//! one in) that, with "shanten 0 ⇔ the shape has a wait", shows the figure is the least
//! number of exchanges to be ready.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use twmj_core::game::SplitMix64;
use twmj_core::scoring::{wait_values, Context, Item, Variant, WinKind};
use twmj_core::{
    accepts, analyze, format, parse, shanten, special_shanten, special_wait_mask, special_win,
    waits, Counts, Form, Hand, Meld, Special, SpecialShapes,
};

/// The two shapes of 003 改良式 (瀝咕瀝咕, 十三么), checked against the exhaustive references;
/// the fan list's four are checked further down by exchanges.
const TWO: [Special; 2] = [Special::LigGu, Special::ThirteenOrphans];

/// The fan list's four shapes (七對, 七星不靠, 全不靠, 組合龍).
const FAN: [Special; 4] = [
    Special::SevenPairs,
    Special::GreaterHonorsKnitted,
    Special::LesserHonorsKnitted,
    Special::KnittedStraight,
];

const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

fn hand(s: &str, melds: &[(&str, &str)], form: Form) -> Hand {
    Hand::parse(s, melds, form, 16).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn of_counts(c: &Counts, melds: &[Meld]) -> Hand {
    let tiles = parse(&format(c, 0)).unwrap();
    Hand::new(tiles, melds.to_vec(), Form::Any, 16).unwrap_or_else(|e| panic!("{c:?}: {e}"))
}

/// A variant admitting only `s` (improved16 with the other shape switched off).
fn only(s: Special) -> Variant {
    let mut v = Variant::improved16();
    v.special = SpecialShapes {
        lig_gu: false,
        thirteen_orphans: false,
        ..v.special
    };
    *v.special.switch_mut(s) = true;
    v
}

/// The analysis of the 17-tile `full` under `v` against the references: its shanten and each
/// discard's (shanten, accepting kinds by search, waits when ready), best discard first.
fn analysis_agrees(full: &Counts, v: &Variant) {
    let hf = of_counts(full, &[]);
    let a = analyze(&hf, &[0; 34], v).unwrap();
    assert_eq!(a.shanten, shanten(&hf, v));
    for d in &a.discards {
        let mut left = *full;
        left[d.tile.index()] -= 1;
        let hl = of_counts(&left, &[]);
        assert_eq!(d.shanten, shanten(&hl, v), "{}", format(full, 0));
        assert_eq!(codes(&d.accepts, |a| a.tile), accepts_reference(&hl, v));
        let w = if d.shanten == 0 {
            waits(&hl, &[0; 34], v).unwrap()
        } else {
            twmj_core::WaitList::EMPTY
        };
        assert_eq!(d.waits, w, "{}", format(full, 0));
    }
    // Best first: the order is by shanten, then unseen accepting copies.
    for p in a.discards.windows(2) {
        assert!(
            (p[0].shanten, std::cmp::Reverse(p[0].accepted()))
                <= (p[1].shanten, std::cmp::Reverse(p[1].accepted()))
        );
    }
}

fn codes<T>(xs: impl IntoIterator<Item = T>, tile: impl Fn(&T) -> twmj_core::Tile) -> Vec<String> {
    xs.into_iter().map(|x| tile(&x).code()).collect()
}

// ---------------------------------------------------------------------------------------
// The references.

/// 瀝咕瀝咕 (003 註八: 七個對子加一個刻子; a kind of four is two pairs): the most tiles of `h`
/// that one complete shape keeps, by a knapsack over the kinds (each kind takes 0, 2, 3 or
/// 4 copies; exactly one takes 3; the pairs, a 4 counting two, make seven).
fn lig_gu_reference(h: &Counts) -> i32 {
    const NONE: i32 = -1000;
    // best[pairs][triplet]
    let mut best = [[NONE; 2]; 8];
    best[0][0] = 0;
    for &c in h {
        let c = i32::from(c);
        let mut next = best;
        for p in 0..8 {
            for t in 0..2 {
                if best[p][t] == NONE {
                    continue;
                }
                let v = best[p][t];
                if p + 1 < 8 {
                    next[p + 1][t] = next[p + 1][t].max(v + c.min(2));
                }
                if p + 2 < 8 {
                    next[p + 2][t] = next[p + 2][t].max(v + c.min(4));
                }
                if t == 0 {
                    next[p][1] = next[p][1].max(v + c.min(3));
                }
            }
        }
        best = next;
    }
    best[7][1]
}

/// 十三么 (003 註13): the most tiles of `h` one complete shape keeps, trying every target:
/// each orphan once, each choice of the paired orphan, and (k = 0) each free set, a run or a
/// triplet of any kind; a target over a kind's `caps` (4 minus the melds' copies) is skipped.
fn thirteen_orphans_reference(h: &Counts, melds: usize, caps: &Counts) -> Option<i32> {
    let mut sets: Vec<Vec<usize>> = Vec::new();
    if melds == 0 {
        for i in 0..34 {
            sets.push(vec![i, i, i]);
            if i < 27 && i % 9 <= 6 {
                sets.push(vec![i, i + 1, i + 2]);
            }
        }
    } else if melds == 1 {
        sets.push(Vec::new());
    } else {
        return None;
    }
    let mut best = None;
    for &j in &ORPHANS {
        for set in &sets {
            let mut t = [0u8; 34];
            for &o in &ORPHANS {
                t[o] += 1;
            }
            t[j] += 1;
            for &x in set {
                t[x] += 1;
            }
            if (0..34).any(|i| t[i] > caps[i]) {
                continue;
            }
            let keep: i32 = (0..34).map(|i| i32::from(h[i].min(t[i]))).sum();
            best = best.max(Some(keep));
        }
    }
    best
}

fn caps_of(melds: &[Meld]) -> Counts {
    let mut c = [4u8; 34];
    for m in melds {
        for t in m.tiles() {
            c[t.index()] -= 1;
        }
    }
    c
}

/// The reference shanten: (17 − 3k) − 1 − the most tiles kept.
fn reference(h: &Hand, s: Special) -> Option<i8> {
    let k = h.meld_count;
    let kept = match s {
        Special::LigGu if k == 0 => lig_gu_reference(&h.concealed),
        Special::LigGu => return None,
        Special::ThirteenOrphans => {
            thirteen_orphans_reference(&h.concealed, k, &caps_of(&h.melds))?
        }
        _ => return special_shanten(h, s),
    };
    Some((17 - 3 * k as i32 - 1 - kept) as i8)
}

// ---------------------------------------------------------------------------------------
// Random hands near the shapes.

fn rand_complete(rng: &mut SplitMix64, s: Special) -> Counts {
    let mut c = [0u8; 34];
    match s {
        Special::LigGu => {
            // Seven pairs (a kind may take two) and a triplet on another kind.
            let t = rng.below(34);
            c[t] = 3;
            let mut pairs = 0;
            while pairs < 7 {
                let i = rng.below(34);
                if i != t && c[i] <= 2 {
                    c[i] += 2;
                    pairs += 1;
                }
            }
        }
        Special::ThirteenOrphans => {
            for &o in &ORPHANS {
                c[o] = 1;
            }
            c[ORPHANS[rng.below(13)]] += 1;
            loop {
                let i = rng.below(34);
                let mut d = c;
                if rng.below(2) == 0 {
                    d[i] += 3;
                } else if i < 27 && i % 9 <= 6 {
                    for x in &mut d[i..i + 3] {
                        *x += 1;
                    }
                } else {
                    continue;
                }
                if d.iter().all(|&x| x <= 4) {
                    c = d;
                    break;
                }
            }
        }
        _ => return rand_fan(rng, s),
    }
    c
}

/// One more run or triplet on `c`, at most 4 of a kind.
fn add_set(rng: &mut SplitMix64, c: &mut Counts) {
    loop {
        let i = rng.below(34);
        let mut d = *c;
        if rng.below(2) == 0 {
            d[i] += 3;
        } else if i < 27 && i % 9 <= 6 {
            for x in &mut d[i..i + 3] {
                *x += 1;
            }
        } else {
            continue;
        }
        if d.iter().all(|&x| x <= 4) {
            *c = d;
            return;
        }
    }
}

/// The nine kinds of a random knitting: 147, 258, 369 each in its own suit.
fn knitting(rng: &mut SplitMix64) -> [usize; 9] {
    let mut suits = [0usize, 1, 2];
    for i in (1..3).rev() {
        suits.swap(i, rng.below(i + 1));
    }
    let mut out = [0; 9];
    for (start, &suit) in suits.iter().enumerate() {
        for j in 0..3 {
            out[start * 3 + j] = suit * 9 + start + 3 * j;
        }
    }
    out
}

/// A random complete fan-list shape (17 tiles, no meld).
fn rand_fan(rng: &mut SplitMix64, s: Special) -> Counts {
    let mut c = [0u8; 34];
    match s {
        Special::SevenPairs => {
            let mut pairs = 0;
            while pairs < 7 {
                let i = rng.below(34);
                if c[i] <= 2 {
                    c[i] += 2;
                    pairs += 1;
                }
            }
            add_set(rng, &mut c);
        }
        Special::GreaterHonorsKnitted | Special::LesserHonorsKnitted => {
            let mut pool: Vec<usize> = knitting(rng).into_iter().chain(27..34).collect();
            // Drop two of the sixteen: two knitted ones for 七星不靠, any two for 全不靠.
            let room = if s == Special::GreaterHonorsKnitted {
                9
            } else {
                16
            };
            for n in 0..2 {
                pool.remove(rng.below(room - n));
            }
            for i in pool {
                c[i] = 1;
            }
            add_set(rng, &mut c);
        }
        _ => {
            for i in knitting(rng) {
                c[i] = 1;
            }
            add_set(rng, &mut c);
            add_set(rng, &mut c);
            loop {
                let i = rng.below(34);
                if c[i] <= 2 {
                    c[i] += 2;
                    break;
                }
            }
        }
    }
    c
}

/// A 16-tile, 0-meld hand `changes` random exchanges away from a complete `s` less one tile.
fn near(rng: &mut SplitMix64, s: Special, changes: usize) -> Counts {
    let mut c = rand_complete(rng, s);
    remove_random(rng, &mut c);
    for _ in 0..changes {
        remove_random(rng, &mut c);
        add_random(rng, &mut c);
    }
    c
}

fn remove_random(rng: &mut SplitMix64, c: &mut Counts) {
    loop {
        let i = rng.below(34);
        if c[i] > 0 {
            c[i] -= 1;
            return;
        }
    }
}

fn add_random(rng: &mut SplitMix64, c: &mut Counts) {
    loop {
        let i = rng.below(34);
        if c[i] < 4 {
            c[i] += 1;
            return;
        }
    }
}

fn random_hand(rng: &mut SplitMix64, n: usize) -> Counts {
    let mut c = [0u8; 34];
    for _ in 0..n {
        add_random(rng, &mut c);
    }
    c
}

/// Hands to check: near each shape at 0…5 exchanges, and plain random ones.
fn samples(count: usize) -> Vec<Counts> {
    let mut rng = SplitMix64::new(0x005E_C1A1);
    let mut out = Vec::new();
    for i in 0..count {
        let s = TWO[i % 2];
        out.push(near(&mut rng, s, i % 6));
    }
    for _ in 0..count / 4 {
        out.push(random_hand(&mut rng, 16));
    }
    out
}

// ---------------------------------------------------------------------------------------
// Shanten.

#[test]
fn rule_text_hands() {
    // 003 註八 八對半: seven pairs and a triplet, complete.
    let lig = hand("11m 33m 55p 77p 99s 22z 44z 666z", &[], Form::Any);
    assert_eq!(special_shanten(&lig, Special::LigGu), Some(-1));
    assert_eq!(shanten(&lig, &Variant::improved16()), -1);
    // Under taiwan it is only what five sets and a pair make of it.
    assert_eq!(
        shanten(&lig, &Variant::taiwan()),
        shanten(&lig, &twmj_core::TAIWAN)
    );
    assert!(shanten(&lig, &twmj_core::TAIWAN) > 0);
    // Eight pairs: ready for 瀝咕瀝咕 (any pair becomes the triplet).
    let eight = hand("11m 33m 55p 77p 99s 22z 44z 66z", &[], Form::Any);
    assert_eq!(special_shanten(&eight, Special::LigGu), Some(0));
    // Seven pairs and two singles: one exchange from ready.
    let seven = hand("11m 33m 55p 77p 99s 22z 44z 6z 7z", &[], Form::Any);
    assert_eq!(special_shanten(&seven, Special::LigGu), Some(1));
    // 003 註13: the thirteen once, 東 paired, a run: complete; without 中: ready on 中.
    let full = hand("19m19p19s1234567z 1z 234m", &[], Form::Any);
    assert_eq!(special_shanten(&full, Special::ThirteenOrphans), Some(-1));
    let missing = hand("19m19p19s123456z 1z 234m", &[], Form::Any);
    assert_eq!(special_shanten(&missing, Special::ThirteenOrphans), Some(0));
    // The thirteen with no pair and an open 吃 (有一搭可隨意吃碰): ready on any of them.
    let thirteen = hand("19m19p19s1234567z", &[("chi", "456s")], Form::Any);
    assert_eq!(
        special_shanten(&thirteen, Special::ThirteenOrphans),
        Some(0)
    );
    // 瀝咕瀝咕 is 門清: any meld rules it out; 十三么 takes at most one meld.
    assert_eq!(special_shanten(&thirteen, Special::LigGu), None);
    let two = hand(
        "19m19p19s1234z",
        &[("chi", "456s"), ("pon", "555p")],
        Form::Any,
    );
    assert_eq!(special_shanten(&two, Special::ThirteenOrphans), None);
    // 13 and 14 tiles without melds given: one meld implied (the free set), 十三么 as 14.
    let implied = hand("19m19p19s1234567z 1z", &[], Form::Any);
    assert_eq!(implied.meld_count, 1);
    assert_eq!(
        special_shanten(&implied, Special::ThirteenOrphans),
        Some(-1)
    );
    assert_eq!(special_shanten(&implied, Special::LigGu), None);
    let implied = hand("19m19p19s123456z 5p", &[], Form::Any);
    assert_eq!(special_shanten(&implied, Special::ThirteenOrphans), Some(1));
    assert_eq!(reference(&implied, Special::ThirteenOrphans), Some(1));
    // A kong of an orphan holds all four: that 十三么 cannot be made.
    let kong = hand("19m19p19s123456z 1m", &[("ankan", "7777z")], Form::Any);
    assert_eq!(special_shanten(&kong, Special::ThirteenOrphans), None);
    // A 碰 of 東 leaves one 東: 東 cannot be the pair, another orphan must; 東 is no wait.
    let pon = hand("19m19p19s1234567z", &[("pon", "111z")], Form::Any);
    assert_eq!(reference(&pon, Special::ThirteenOrphans), Some(0));
    assert_eq!(special_shanten(&pon, Special::ThirteenOrphans), Some(0));
    let mask = special_wait_mask(&pon.concealed, &pon.melds, &Variant::improved16());
    assert_eq!(mask.count_ones(), 12);
    assert_eq!(mask >> 27 & 1, 0);
}

#[test]
fn special_shanten_matches_the_exhaustive_reference() {
    for c in samples(3000) {
        let h = of_counts(&c, &[]);
        for s in TWO {
            assert_eq!(
                special_shanten(&h, s),
                reference(&h, s),
                "{} as {}",
                format(&c, 0),
                s.name()
            );
        }
    }
    // 17-tile hands (one more tile) and 13/14-tile hands with one meld of every kind.
    let mut rng = SplitMix64::new(99);
    let ms = [
        ("chi", "789m"),
        ("pon", "999m"),
        ("pon", "555p"),
        ("minkan", "1111s"),
        ("ankan", "4444z"),
        ("chi", "123s"),
    ];
    for i in 0..1500 {
        let mut c = near(&mut rng, TWO[i % 2], i % 5);
        add_random(&mut rng, &mut c);
        let h = of_counts(&c, &[]);
        for s in TWO {
            assert_eq!(
                special_shanten(&h, s),
                reference(&h, s),
                "{}",
                format(&c, 0)
            );
        }
        // One meld: 13 or 14 concealed tiles from the orphans plus random ones.
        let meld = Meld::parse(ms[i % ms.len()].0, ms[i % ms.len()].1, 0).unwrap();
        let caps = caps_of(&[meld]);
        let mut c = [0u8; 34];
        for &o in &ORPHANS {
            c[o] = caps[o].min(1);
        }
        for _ in 0..i % 4 {
            remove_random(&mut rng, &mut c);
        }
        let size = 13 + i % 2;
        while c.iter().map(|&x| usize::from(x)).sum::<usize>() < size {
            let kind = rng.below(34);
            if c[kind] < caps[kind] {
                c[kind] += 1;
            }
        }
        let h = of_counts(&c, &[meld]);
        for s in TWO {
            assert_eq!(
                special_shanten(&h, s),
                reference(&h, s),
                "{} + {meld:?}",
                format(&c, 0)
            );
        }
    }
}

/// The least special shanten after one exchange (one tile out, one tile in, at most 4 of a
/// kind), by trying them all.
fn best_exchange(c: &Counts, s: Special) -> i8 {
    let mut best = i8::MAX;
    for out in 0..34 {
        if c[out] == 0 {
            continue;
        }
        for inn in 0..34 {
            let mut d = *c;
            d[out] -= 1;
            if d[inn] >= 4 {
                continue;
            }
            d[inn] += 1;
            if let Some(x) = special_shanten(&of_counts(&d, &[]), s) {
                best = best.min(x);
            }
        }
    }
    best
}

/// For each sample hand and shape: shanten 0 ⇔ the shape has a wait, and where `exchanged(n,
/// shanten)` says so (the exchange search is slow) shanten s ≥ 1 ⇒ the best exchange reaches
/// exactly s − 1. By induction the figure is the least number of exchanges to be ready.
fn shanten_is_least(samples: Vec<Counts>, shapes: &[Special], exchanged: fn(usize, i8) -> bool) {
    for (n, c) in samples.into_iter().enumerate() {
        let h = of_counts(&c, &[]);
        for &s in shapes {
            let Some(sh) = special_shanten(&h, s) else {
                panic!("{} as {}: no shanten", format(&c, 0), s.name());
            };
            let ready = special_wait_mask(&c, &[], &only(s)) != 0;
            assert_eq!(sh == 0, ready, "{} as {}", format(&c, 0), s.name());
            if sh >= 1 && exchanged(n, sh) {
                assert_eq!(
                    best_exchange(&c, s),
                    sh - 1,
                    "{} as {}",
                    format(&c, 0),
                    s.name()
                );
            }
        }
    }
}

#[test]
fn special_shanten_is_the_least_number_of_exchanges() {
    shanten_is_least(samples(160), &TWO, |n, sh| n < 60 || sh <= 3);
}

#[test]
fn shanten_with_is_the_least_of_the_admitted_shapes() {
    let v = Variant::improved16();
    for c in samples(1000) {
        let h = of_counts(&c, &[]);
        let regular = shanten(&h, &twmj_core::TAIWAN);
        let lig = special_shanten(&h, Special::LigGu).unwrap();
        let orph = special_shanten(&h, Special::ThirteenOrphans).unwrap();
        assert_eq!(shanten(&h, &v), regular.min(lig).min(orph));
        assert_eq!(shanten(&h, &only(Special::LigGu)), regular.min(lig));
        assert_eq!(
            shanten(&h, &only(Special::ThirteenOrphans)),
            regular.min(orph)
        );
        for o in [
            Variant::taiwan(),
            Variant::american(),
            Variant::traditional(),
        ] {
            assert_eq!(shanten(&h, &o), regular, "{}", o.preset);
        }
        // Ready under the variant ⇔ it lists a wait.
        let ready = !waits(&h, &[0; 34], &v).unwrap().is_empty();
        assert_eq!(shanten(&h, &v) == 0, ready, "{}", format(&c, 0));
    }
}

// ---------------------------------------------------------------------------------------
// Analysis.

#[test]
fn one_tile_from_lig_gu_under_improved16_and_not_taiwan() {
    // 003 註八: eight pairs and a single (17 tiles): discarding the single leaves 瀝咕瀝咕
    // ready on any of the eight pairs.
    let h = hand("11m 33m 55p 77p 99s 22z 44z 66z 7z", &[], Form::Full);
    let v = Variant::improved16();
    let a = analyze(&h, &[0; 34], &v).unwrap();
    assert_eq!(a.shanten, 0);
    let best = &a.discards[0];
    assert_eq!(best.tile.code(), "7z");
    assert_eq!(best.shanten, 0);
    let eight = ["1m", "3m", "5p", "7p", "9s", "2z", "4z", "6z"];
    assert_eq!(codes(&best.accepts, |a| a.tile), eight);
    assert_eq!(codes(best.waits, |w| w.tile), eight);
    // Each pair has two copies unseen.
    assert!(best.accepts.iter().all(|a| a.remaining == 2));
    // Taiwan: no such wait; the regular analysis, unchanged.
    let t = analyze(&h, &[0; 34], &Variant::taiwan()).unwrap();
    assert_eq!(t, analyze(&h, &[0; 34], &twmj_core::TAIWAN).unwrap());
    assert!(t.shanten > 0);
    assert!(t.discards.iter().all(|d| d.waits.is_empty()));
}

#[test]
fn one_tile_from_thirteen_orphans() {
    // 003 註13: the twelve orphans without 中, 東 paired, a run, and a stray 5p: discard 5p,
    // ready on 中 (its 4 copies unseen).
    let h = hand("19m19p19s123456z 1z 234m 5p", &[], Form::Full);
    let v = Variant::improved16();
    let a = analyze(&h, &[0; 34], &v).unwrap();
    let best = &a.discards[0];
    assert_eq!((best.tile.code(), best.shanten), ("5p".to_owned(), 0));
    assert_eq!(codes(best.waits, |w| w.tile), ["7z"]);
    assert_eq!(codes(&best.accepts, |a| a.tile), ["7z"]);
    assert_eq!(best.accepts[0].remaining, 4);
    // With two 中 visible, two remain.
    let mut seen = [0u8; 34];
    seen[33] = 2;
    let a = analyze(&h, &seen, &v).unwrap();
    assert_eq!(a.discards[0].accepts[0].remaining, 2);
    let t = analyze(&h, &[0; 34], &Variant::taiwan()).unwrap();
    assert!(t.discards[0].shanten > 0);
}

#[test]
fn thirteen_orphans_with_a_meld_in_the_analysis() {
    // 有一搭可隨意吃碰 (003 註13): the free set as an open 吃; 14 concealed tiles less 5p leave
    // the orphans but 中 with 東 paired: ready on 中 (4 unseen).
    let h = hand("19m19p19s123456z 1z 5p", &[("chi", "456s")], Form::Full);
    let v = Variant::improved16();
    let a = analyze(&h, &[0; 34], &v).unwrap();
    let best = &a.discards[0];
    assert_eq!((best.tile.code(), best.shanten), ("5p".to_owned(), 0));
    assert_eq!(codes(best.waits, |w| w.tile), ["7z"]);
    assert_eq!(best.waits.iter().next().map(|w| w.remaining), Some(4));
    // A second meld rules 十三么 out: the regular analysis.
    let two = hand(
        "19m19p19s1234z 5p",
        &[("chi", "456s"), ("pon", "555m")],
        Form::Full,
    );
    assert_eq!(
        analyze(&two, &[0; 34], &v).unwrap(),
        analyze(&two, &[0; 34], &twmj_core::TAIWAN).unwrap()
    );
}

/// The accepting kinds of a 16 − 3k hand under `v`, by trying every kind: those whose draw
/// lowers [`shanten`] (4 held: not drawable).
fn accepts_reference(h: &Hand, v: &Variant) -> Vec<String> {
    let before = shanten(h, v);
    let own = h.own_counts();
    let mut out = Vec::new();
    for i in 0..34 {
        if own[i] >= 4 {
            continue;
        }
        let mut c = h.concealed;
        c[i] += 1;
        let after = of_counts(&c, &h.melds);
        if shanten(&after, v) < before {
            out.push(twmj_core::Tile::new(i).unwrap().code());
        }
    }
    out
}

#[test]
fn a_ready_hands_accepting_kinds_are_its_waits() {
    // WaitReport::ready_accepts answers a ready hand without a search: its accepting kinds
    // (the draws that lower the shanten) are exactly its waits, copies unseen included; a hand
    // not ready gets None. Checked against `accepts` on hands near every shape, with other
    // tiles in view, under taiwan (regular only) and 003 改良式 (瀝咕瀝咕, 十三么).
    let mut rng = SplitMix64::new(0x00AC_CE97);
    // Regular ready hands too: five random sets and a pair, one tile taken away.
    let mut hands = samples(300);
    for _ in 0..300 {
        let mut c = [0u8; 34];
        for _ in 0..5 {
            add_set(&mut rng, &mut c);
        }
        loop {
            let k = rng.below(34);
            if c[k] <= 2 {
                c[k] += 2;
                break;
            }
        }
        remove_random(&mut rng, &mut c);
        hands.push(c);
    }
    let mut ready = 0;
    for v in [Variant::taiwan(), Variant::improved16()] {
        for &c in &hands {
            let h = of_counts(&c, &[]);
            let mut visible = [0u8; 34];
            for _ in 0..6 {
                let k = (rng.next_u64() % 34) as usize;
                if c[k] + visible[k] < 4 {
                    visible[k] += 1;
                }
            }
            let r = twmj_core::wait_report(h.clone(), visible, &v).unwrap();
            let direct = accepts(&h, &visible, &v).unwrap();
            match r.ready_accepts() {
                Some(a) => {
                    ready += 1;
                    assert_eq!(a, direct, "{}", format(&c, 0));
                    assert_eq!(r.shanten(&v), 0);
                }
                None => assert!(r.shanten(&v) > 0 && r.waits().is_empty()),
            }
            // Asked of the report, ready or not (twice: the second answer is the one kept).
            assert_eq!(r.accepts(&v).unwrap().as_ref(), direct, "{}", format(&c, 0));
            assert_eq!(r.accepts(&v).unwrap().as_ref(), direct);
            assert_eq!(r.shanten(&v), twmj_core::shanten(&h, &v).max(0));
        }
    }
    assert!(ready > 600, "the samples hold ready hands ({ready})");
}

#[test]
fn accepts_and_analysis_match_a_direct_search() {
    let v = Variant::improved16();
    let mut rng = SplitMix64::new(7);
    for (n, c) in samples(400).into_iter().enumerate() {
        let h = of_counts(&c, &[]);
        let got = accepts(&h, &[0; 34], &v).unwrap();
        assert_eq!(
            codes(&got, |a| a.tile),
            accepts_reference(&h, &v),
            "{}",
            format(&c, 0)
        );
        assert_eq!(
            accepts(&h, &[0; 34], &Variant::taiwan()).unwrap(),
            accepts(&h, &[0; 34], &twmj_core::TAIWAN).unwrap()
        );
        if n % 4 != 0 {
            continue;
        }
        // The 17-tile hand: each discard's shanten, accepts and waits.
        let mut full = c;
        add_random(&mut rng, &mut full);
        analysis_agrees(&full, &v);
    }
}

#[test]
fn taiwan_analysis_is_untouched() {
    for c in samples(200) {
        let h = of_counts(&c, &[]);
        assert_eq!(
            waits(&h, &[0; 34], &Variant::taiwan()).unwrap(),
            waits(&h, &[0; 34], &twmj_core::TAIWAN).unwrap()
        );
    }
}

// ---------------------------------------------------------------------------------------
// Wait values.

#[test]
fn wait_values_include_the_special_waits() {
    let ctx = Context::new(1, WinKind::SelfDraw);
    // 003 註八: eight pairs, under improved16: eight waits, each a 瀝咕瀝咕 worth 8 on a
    // discard (門清 not added) and 8 + 自摸 1 + 不求人 (3) on a self-draw.
    let eight = parse("11m 33m 55p 77p 99s 22z 44z 66z").unwrap().counts;
    let v = Variant::improved16();
    let vals = wait_values(&eight, &[], &ctx, &v).unwrap();
    assert_eq!(vals.len(), 8);
    let self_draw = u32::from(v.tai_of(Item::SelfDraw));
    let no_help = u32::from(v.tai_of(Item::ConcealedSelfDraw));
    for w in &vals {
        assert_eq!(w.on_discard.items[0].item, Item::LigGu, "{}", w.tile.code());
        let hand_tai = |s: &twmj_core::scoring::Score| {
            s.items
                .iter()
                .filter(|i| i.item != Item::Dealer && i.item != Item::DealerStreak)
                .map(|i| i.tai)
                .sum::<u32>()
        };
        assert_eq!(hand_tai(&w.on_discard), 8);
        assert_eq!(hand_tai(&w.on_self_draw), 8 + self_draw + no_help);
    }
    // Taiwan: the same tiles have no wait.
    assert!(wait_values(&eight, &[], &ctx, &Variant::taiwan())
        .unwrap()
        .is_empty());
    // 003 註13: ready on 中 only, 16 tai.
    let orph = parse("19m19p19s123456z 1z 234m").unwrap().counts;
    let vals = wait_values(&orph, &[], &ctx, &v).unwrap();
    assert_eq!(codes(&vals, |w| w.tile), ["7z"]);
    assert_eq!(vals[0].on_discard.items[0].item, Item::ThirteenOrphans);
    assert_eq!(vals[0].on_discard.items[0].tai, 16);
    // A hand with both regular and special waits lists each kind once.
    let both = parse("11m 22m 33m 44p 55p 66p 77s 88s").unwrap().counts;
    let vals = wait_values(&both, &[], &ctx, &v).unwrap();
    assert_eq!(
        codes(&vals, |w| w.tile),
        ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s"]
    );
    // 7s completes both 111222333m 444555666p 777s 88s and 瀝咕瀝咕: the better is scored.
    let seven = vals.iter().find(|w| w.tile.code() == "7s").unwrap();
    let full = parse("11m 22m 33m 44p 55p 66p 777s 88s").unwrap().counts;
    assert!(special_win(&full, &[], &v).is_some());
    assert!(twmj_core::is_win_counts(&full));
    assert!(seven.on_discard.total_tai >= 8);
}

// ---------------------------------------------------------------------------------------
// The fan list's four shapes (003 fan list 七對 24, 七星不靠 24, 全不靠 12, 組合龍 12).

/// Hands near each fan-list shape at 0…4 exchanges, and a few random ones.
fn fan_samples(count: usize) -> Vec<Counts> {
    let mut rng = SplitMix64::new(0x0FA1_5A9E);
    let mut out = Vec::new();
    for i in 0..count {
        let mut c = rand_fan(&mut rng, FAN[i % 4]);
        remove_random(&mut rng, &mut c);
        for _ in 0..i % 5 {
            remove_random(&mut rng, &mut c);
            add_random(&mut rng, &mut c);
        }
        out.push(c);
    }
    for _ in 0..count / 8 {
        out.push(random_hand(&mut rng, 16));
    }
    out
}

#[test]
fn fan_shapes_complete_hands_read_minus_one() {
    let mut rng = SplitMix64::new(5);
    for i in 0..400 {
        let s = FAN[i % 4];
        let c = rand_fan(&mut rng, s);
        let h = of_counts(&c, &[]);
        assert_eq!(
            special_shanten(&h, s),
            Some(-1),
            "{} as {}",
            format(&c, 0),
            s.name()
        );
        assert!(
            special_win(&c, &[], &only(s)).is_some(),
            "{}",
            format(&c, 0)
        );
    }
}

#[test]
fn fan_shapes_shanten_is_the_least_number_of_exchanges() {
    // As for the two shapes above: shanten −1 ⇔ the shape is made, 0 ⇔ it has a wait (both
    // read by the detector, special.rs), and s ≥ 1 ⇒ the best exchange reaches s − 1.
    shanten_is_least(fan_samples(200), &FAN, |n, sh| sh <= 2 && n % 2 == 0);
}

#[test]
fn fan_shapes_with_a_meld_read_ready_on_their_waits() {
    // One meld as the extra set (七對, 七星不靠, 全不靠) or one of 組合龍's two sets: 13
    // concealed tiles are ready exactly when the detector finds a wait.
    let mut rng = SplitMix64::new(11);
    let meld = Meld::parse("pon", "555m", 0).unwrap();
    for i in 0..300 {
        let s = FAN[i % 4];
        let mut c = rand_fan(&mut rng, s);
        // Take a set out for the meld's place: any three tiles, then one more for the wait.
        for _ in 0..4 {
            remove_random(&mut rng, &mut c);
        }
        if c[4] > 1 {
            continue;
        }
        let h = of_counts(&c, &[meld]);
        let Some(sh) = special_shanten(&h, s) else {
            panic!("{} + 555m as {}: no shanten", format(&c, 0), s.name());
        };
        let ready = special_wait_mask(&c, &[meld], &only(s)) != 0;
        assert_eq!(sh == 0, ready, "{} + 555m as {}", format(&c, 0), s.name());
        assert!(sh >= 0);
    }
    // 組合龍 with both sets melded: 10 concealed tiles.
    let two = [meld, Meld::parse("pon", "777z", 1).unwrap()];
    for _ in 0..300 {
        let s = Special::KnittedStraight;
        let mut c = rand_fan(&mut rng, s);
        for _ in 0..7 {
            remove_random(&mut rng, &mut c);
        }
        if c[4] > 1 || c[33] > 1 {
            continue;
        }
        let h = of_counts(&c, &two);
        let Some(sh) = special_shanten(&h, s) else {
            panic!("{} + 555m 777z: no shanten", format(&c, 0));
        };
        let ready = special_wait_mask(&c, &two, &only(s)) != 0;
        assert_eq!(sh == 0, ready, "{} + 555m 777z", format(&c, 0));
        assert!(sh >= 0);
    }
}

#[test]
fn fan_shapes_shanten_with_and_waits_agree() {
    let mut all = Variant::taiwan();
    for s in FAN {
        *all.special.switch_mut(s) = true;
    }
    for c in fan_samples(300) {
        let h = of_counts(&c, &[]);
        let least = FAN
            .iter()
            .filter_map(|&s| special_shanten(&h, s))
            .fold(shanten(&h, &twmj_core::TAIWAN), i8::min);
        assert_eq!(shanten(&h, &all), least, "{}", format(&c, 0));
        // A hand with a special wait never reads shanten above 0, and the other way round.
        let ready = !waits(&h, &[0; 34], &all).unwrap().is_empty();
        assert_eq!(shanten(&h, &all) == 0, ready, "{}", format(&c, 0));
        assert_eq!(
            shanten(&h, &Variant::taiwan()),
            shanten(&h, &twmj_core::TAIWAN)
        );
    }
}

#[test]
fn fan_shapes_accepts_and_analysis_match_a_direct_search() {
    let mut v = Variant::taiwan();
    for s in FAN {
        *v.special.switch_mut(s) = true;
    }
    let mut rng = SplitMix64::new(17);
    for (n, c) in fan_samples(60).into_iter().enumerate() {
        let h = of_counts(&c, &[]);
        let got = accepts(&h, &[0; 34], &v).unwrap();
        assert_eq!(
            codes(&got, |a| a.tile),
            accepts_reference(&h, &v),
            "{}",
            format(&c, 0)
        );
        if n % 6 != 0 {
            continue;
        }
        let mut full = c;
        add_random(&mut rng, &mut full);
        analysis_agrees(&full, &v);
    }
}
