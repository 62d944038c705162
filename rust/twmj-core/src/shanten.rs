//! Shanten (向聽): the fewest tile exchanges to be ready; 0 = ready, −1 = complete.
//!
//! Shanten = (target size) − (best overlap with a complete target) − 1, where the overlap
//! of each group comes from the tables (or, when melds hold copies of a kind in that group,
//! from the capped dynamic programme), and the groups are combined by max-plus convolution
//! over how many sets and which pair each group supplies.

use crate::hand::Hand;
use crate::tables::{overlap_capped, tables, GroupTable, Overlap};
use crate::tile::{Counts, Suit, COPIES};

/// Max-plus convolution of two overlap vectors.
#[inline]
pub(crate) fn convolve(a: &Overlap, b: &Overlap) -> Overlap {
    let mut r = [0u8; 12];
    for m1 in 0..6 {
        for m2 in 0..6 - m1 {
            let m = (m1 + m2) * 2;
            let (a0, a1) = (a[m1 * 2], a[m1 * 2 + 1]);
            let (b0, b1) = (b[m2 * 2], b[m2 * 2 + 1]);
            r[m] = r[m].max(a0 + b0);
            r[m + 1] = r[m + 1].max(a0 + b1).max(a1 + b0);
        }
    }
    r
}

/// The counts of one group as a slice.
#[inline]
pub(crate) fn group(counts: &Counts, suit: Suit) -> &[u8] {
    &counts[suit.base()..suit.base() + suit.len()]
}

#[inline]
pub(crate) fn table_of(suit: Suit) -> &'static GroupTable {
    let t = tables();
    if suit == Suit::Honor {
        &t.honor
    } else {
        &t.suit
    }
}

/// Per-kind caps on a target: 4 minus the copies in the melds.
pub(crate) fn caps(meld_counts: &Counts) -> Counts {
    let mut c = [COPIES; 34];
    for (cap, m) in c.iter_mut().zip(meld_counts) {
        *cap -= m;
    }
    c
}

/// The overlap vector of one group of `counts`, honouring `caps` when `capped`.
pub(crate) fn group_overlap(counts: &Counts, caps: &Counts, suit: Suit, capped: bool) -> Overlap {
    let g = group(counts, suit);
    if capped {
        overlap_capped(g, group(caps, suit), suit != Suit::Honor)
    } else {
        *table_of(suit).overlap(GroupTable::index(g))
    }
}

/// Shanten of a validated hand (16 − 3k or 17 − 3k concealed tiles).
pub fn shanten(hand: &Hand) -> i8 {
    let caps = caps(&hand.meld_counts());
    let o = Suit::ALL.map(|s| group_overlap(&hand.concealed, &caps, s, hand.capped(s)));
    from_overlaps(&o, hand.sets_needed())
}

/// Shanten from the four group overlaps and the sets still needed.
#[inline]
pub(crate) fn from_overlaps(o: &[Overlap; 4], sets: usize) -> i8 {
    let ab = convolve(&o[0], &o[1]);
    let cd = convolve(&o[2], &o[3]);
    let mut best = 0u8;
    for m in 0..=sets {
        let k = sets - m;
        best = best
            .max(ab[m * 2] + cd[k * 2 + 1])
            .max(ab[m * 2 + 1] + cd[k * 2]);
    }
    (3 * sets + 2) as i8 - best as i8 - 1
}

/// Shanten straight from counts (no melds known; k implied by the count). The caller
/// guarantees 16 − 3k or 17 − 3k tiles and at most 17.
#[inline]
pub fn shanten_counts(counts: &Counts) -> i8 {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    let melds = if n % 3 == 1 {
        (16 - n) / 3
    } else {
        (17 - n) / 3
    };
    let sets = 5 - melds;
    let t = tables();
    let o = [
        t.suit.overlap(GroupTable::index(&counts[0..9])),
        t.suit.overlap(GroupTable::index(&counts[9..18])),
        t.suit.overlap(GroupTable::index(&counts[18..27])),
        t.honor.overlap(GroupTable::index(&counts[27..34])),
    ];
    from_overlaps(&[*o[0], *o[1], *o[2], *o[3]], sets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::{Form, Hand};

    fn sh(s: &str, melds: &[(&str, &str)]) -> i8 {
        match Hand::parse(s, melds, Form::Any) {
            Ok(h) => shanten(&h),
            Err(e) => panic!("{s}: {e}"),
        }
    }

    #[test]
    fn ready_complete_and_far() {
        // 二二二三四五六萬＋一到九筒: ready (taiwan text, 平胡的認定).
        assert_eq!(sh("2223456m123456789p", &[]), 0);
        assert_eq!(sh("2223456m123456789p1m", &[]), -1);
        assert_eq!(sh("1112345678999m1p", &[]), 0);
        assert_eq!(sh("1112345678999m", &[]), 0);
        assert_eq!(sh("1234567z", &[]), 4);
        // The counts-only path agrees with the hand path.
        for s in [
            "2223456m123456789p",
            "1234567z",
            "1112345678999m1p",
            "19m19p19s1234567z",
        ] {
            let h = Hand::parse(s, &[], Form::Any).unwrap();
            assert_eq!(shanten_counts(&h.concealed), shanten(&h), "{s}");
        }
    }

    #[test]
    fn fifth_copy_is_not_a_wait() {
        // 1111m alone (k = 4 implied): the only completion needs a fifth 1m.
        assert_eq!(sh("1111m", &[]), 1);
        // 1m + pon of 1m: the single wait would be a fifth 1m, so the hand is not ready.
        let pons = |first: &'static str| {
            [
                ("pon", first),
                ("pon", "222p"),
                ("pon", "333p"),
                ("pon", "444p"),
                ("pon", "555p"),
            ]
        };
        assert_eq!(sh("1m", &pons("111m")), 1);
        assert_eq!(sh("1m", &pons("222m")), 0);
    }
}
