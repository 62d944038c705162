//! Shanten (向聽): the fewest tile exchanges to be ready; 0 = ready, −1 = complete.
//!
//! Shanten = (target size) − (best overlap with a complete target) − 1, where the overlap
//! of each group comes from the tables (or, when melds hold copies of a kind in that group,
//! from the capped dynamic programme), and the groups are combined by max-plus convolution
//! over how many sets and which pair each group supplies.

use crate::hand::{Hand, SETS};
use crate::rules::{knitted_kinds, Special, SpecialShapes, Variant, KNITTINGS, ORPHANS};
use crate::tables::{self, overlap_capped, tables, GroupTable, Overlap};
use crate::tile::{Counts, Suit, COPIES};
use wide::u8x16;

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

/// A capped group the uncapped tables answer exactly ([`table_proxy`]): the counts to look
/// up, the kinds whose one more copy may raise the capped overlap, and the (sets, pair)
/// slots that have a capped target at all (the others are 0, as in the capped programme).
pub(crate) struct TableProxy {
    pub counts: [u8; 9],
    pub draws: u16,
    pub slots: u16,
    /// For a suit, the limit of [`tables::CAP_LIMITS`] its caps allow exactly or more.
    pub limit: usize,
}

impl TableProxy {
    /// `o` with the slots that have no capped target set to 0.
    pub(crate) fn keep_slots<T: Default>(&self, o: &mut [T; 12]) {
        for (k, v) in o.iter_mut().enumerate() {
            if self.slots >> k & 1 == 0 {
                *v = T::default();
            }
        }
    }
}

/// When melds cap kinds of a group, the configuration whose uncapped table entry is the
/// capped one, in the two common cases:
/// - honours whose caps are 0, 1 or 4 (a 碰 or 槓 leaves 1 or 0): an honour set is a pair or
///   a triplet, so a kind with room for at most one copy takes no part in a target. The
///   group without those kinds answers: a target of the table that uses one gains nothing
///   there and, holding m + p ≤ 7 − r kinds (r of them capped), leaves an uncapped kind free
///   to take its place. Slots of more than 7 − r sets and pairs have no capped target. A
///   copy of a capped kind never raises the overlap.
/// - suits whose caps allow every target of one of the limits of [`tables::CAP_LIMITS`]
///   (every kind keeping room for 3 or more: 吃 only; or one 碰 alone), where the
///   configuration is marked for that limit in [`tables::cap_marks`]: the capped vector lies
///   between the limit's and the uncapped one, which are equal. (Whether one more copy
///   raises it is then the uncapped answer where `counts` plus that copy is marked too: the
///   analysis checks.)
///
/// `None` otherwise: the capped programme ([`overlap_capped`]) answers.
pub(crate) fn table_proxy(counts: &[u8], caps: &[u8], suit: Suit) -> Option<TableProxy> {
    let mut proxy = TableProxy {
        counts: [0; 9],
        draws: (1 << counts.len()) - 1,
        slots: (1 << 12) - 1,
        limit: 0,
    };
    if suit == Suit::Honor {
        let mut r = 0usize;
        for (i, (&c, &cap)) in counts.iter().zip(caps).enumerate() {
            if cap == COPIES {
                proxy.counts[i] = c;
            } else if cap <= 1 {
                r += 1;
                proxy.draws &= !(1 << i);
            } else {
                return None;
            }
        }
        for k in 0..12 {
            if k / 2 + k % 2 > counts.len() - r {
                proxy.slots &= !(1 << k);
            }
        }
        return Some(proxy);
    }
    proxy.limit = suit_limit(caps)?;
    if tables::cap_marks().marked(GroupTable::index(counts), proxy.limit) {
        proxy.counts[..counts.len()].copy_from_slice(counts);
        return Some(proxy);
    }
    None
}

/// The limit of [`tables::CAP_LIMITS`] whose targets a suit's `caps` all allow: 0 where
/// every kind keeps room for 3 copies or more (吃 only), 1 + i where kind i has room for one
/// (a 碰) and every other kind for 4. `None` for any other caps (a 槓, a 碰 beside a 吃 in
/// the suit).
fn suit_limit(caps: &[u8]) -> Option<usize> {
    if caps.iter().all(|&c| c >= COPIES - 1) {
        return Some(0);
    }
    let mut low = caps.iter().enumerate().filter(|&(_, &c)| c < COPIES);
    match (low.next(), low.next()) {
        (Some((i, 1)), None) => Some(1 + i),
        _ => None,
    }
}

/// The overlap vector of one group of `counts`, honouring `caps` when `capped`: the table's,
/// or under caps the table's where [`table_proxy`] finds it exact, else the capped programme.
pub(crate) fn group_overlap(counts: &Counts, caps: &Counts, suit: Suit, capped: bool) -> Overlap {
    let g = group(counts, suit);
    if !capped {
        return *tables().overlaps.group(g);
    }
    let cg = group(caps, suit);
    match table_proxy(g, cg, suit) {
        Some(p) => {
            let mut o = *tables().overlaps.group(&p.counts[..g.len()]);
            p.keep_slots(&mut o);
            o
        }
        None => overlap_capped(g, cg, suit != Suit::Honor),
    }
}

/// Regular shanten (five sets and a pair) of a validated hand (16 − 3k or 17 − 3k concealed
/// tiles): [`shanten`] with no special shape.
pub(crate) fn regular_shanten(hand: &Hand) -> i8 {
    if hand.melds.is_empty() {
        return uncapped_shanten(&hand.concealed, Some(hand.sets_needed()));
    }
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

/// For each slot j of a convolution's first vector, the slots s = j + k it reaches with a
/// slot k of the second: k ≥ 0, s ≤ 11, and not both j and k odd (one pair in all).
pub(crate) const REACH: [[u8; 16]; 12] = {
    let mut t = [[0u8; 16]; 12];
    let mut j = 0;
    while j < 12 {
        let mut s = j;
        while s < 12 {
            if j & (s - j) & 1 == 0 {
                t[j][s] = 0xff;
            }
            s += 1;
        }
        j += 1;
    }
    t
};

/// For the sets needed (0–5, target slot t = 2 × sets + 1) and each slot j of a convolution's
/// first vector: the lanes s whose slot t − s is reached with a slot k = t − s − j ≥ 0 of the
/// second, not both j and k odd ([`lanes_shanten`]'s reversed convolution).
const REACH_BACK: [[[u8; 16]; 12]; SETS + 1] = {
    let mut r = [[[0u8; 16]; 12]; SETS + 1];
    let mut sets = 0;
    while sets <= SETS {
        let t = 2 * sets + 1;
        let mut j = 0;
        while j < 12 {
            let mut s = 0;
            while s + j <= t {
                if j & (t - s - j) & 1 == 0 {
                    r[sets][j][s] = 0xff;
                }
                s += 1;
            }
            j += 1;
        }
        sets += 1;
    }
    r
};

/// For the sets needed (0–5): the lanes s ≤ 2 × sets + 1.
const UP_TO: [[u8; 16]; SETS + 1] = {
    let mut r = [[0u8; 16]; SETS + 1];
    let mut sets = 0;
    while sets <= SETS {
        let mut s = 0;
        while s <= 2 * sets + 1 {
            r[sets][s] = 0xff;
            s += 1;
        }
        sets += 1;
    }
    r
};

/// `[v; 16]` for each byte v: a broadcast as one load, where SSE2 needs three shuffles. All
/// 256 rows, so that a byte indexes it with no mask: with a mask (`& 31`, 32 rows) the
/// compiler gathered the twelve indices into a vector and took them out one by one again
/// (`pextrb`, on x86-64-v2), 2 ns of the 16-tile shanten. Only rows 0‥17 are read (an overlap
/// is at most 17), so the table's lines in cache are the same 288 bytes.
const SPLAT: [[u8; 16]; 256] = {
    let mut r = [[0u8; 16]; 256];
    let mut v = 0;
    while v < 256 {
        r[v] = [v as u8; 16];
        v += 1;
    }
    r
};

#[inline]
fn splat(v: u8) -> u8x16 {
    u8x16::new(SPLAT[usize::from(v)])
}

/// Sixteen bytes of `w` from `at`.
#[inline]
fn bytes_at<const N: usize>(w: &[u8; N], at: usize) -> u8x16 {
    let mut b = [0u8; 16];
    b.copy_from_slice(&w[at..at + 16]);
    u8x16::new(b)
}

/// Regular shanten of `counts` with no kind capped by melds, from the dense table
/// ([`Overlaps`](crate::tables::Overlaps)) and the sets needed (`sets` of `None`: 5 less the
/// melds its tile count implies, 16 − 3k or 17 − 3k, at most 17), lane-wise: `ab` = a ⊗ b
/// (the first two suits), slot s at lane s; `cd` = c ⊗ d (the third suit and the honours)
/// reversed, slot t − s at lane s, for t = 2 × sets + 1 the slot of the whole target; the
/// best overlap is the largest lane of their sum. A vector moved up some slots is 16 bytes
/// read before it in the table (b's; d's reversed), so each slot j of a (and of c) is one
/// add, mask and max over all 16 lanes, no shuffle.
#[inline]
fn uncapped_shanten(counts: &Counts, sets: Option<usize>) -> i8 {
    let tabs = &tables().overlaps;
    let (ra, na) = tabs.suit_rank(&counts[0..9]);
    let (rb, nb) = tabs.suit_rank(&counts[9..18]);
    let (rc, nc) = tabs.suit_rank(&counts[18..27]);
    let (rd, nd) = tabs.honor_rank(&counts[27..34]);
    let sets = sets
        .unwrap_or_else(|| {
            let n = na + nb + nc + nd;
            // 16 − 3k or 17 − 3k tiles: k melds.
            let full = if n % 3 == 1 { 16 } else { 17 };
            SETS - (full - n) / 3
        })
        .min(SETS);
    let target = 2 * sets + 1;
    let (sa, sc) = (tabs.suit_at(ra), tabs.suit_at(rc));
    let (Some(wb), Some(wd)) = (tabs.suit_window(rb), tabs.honor_reversed_window(rd, target))
    else {
        // Not for a configuration of at most 17 tiles.
        let o = Suit::ALL.map(|s| *tabs.group(group(counts, s)));
        return from_overlaps(&o, sets);
    };
    let back = &REACH_BACK[sets];
    let (mut ab, mut cd) = (u8x16::ZERO, u8x16::ZERO);
    for j in 0..12 {
        ab = ab.max((bytes_at(wb, 11 - j) + splat(sa[j])) & u8x16::new(REACH[j]));
        cd = cd.max((bytes_at(wd, j) + splat(sc[j])) & u8x16::new(back[j]));
    }
    let best = ((ab + cd) & u8x16::new(UP_TO[sets]))
        .to_array()
        .into_iter()
        .fold(0, u8::max);
    (3 * sets + 2) as i8 - best as i8 - 1
}

/// Shanten straight from counts (no melds known; k implied by the count). The caller
/// guarantees 16 − 3k or 17 − 3k tiles and at most 17.
#[inline]
pub fn shanten_counts(counts: &Counts) -> i8 {
    uncapped_shanten(counts, None)
}

/// The best overlap of the 0-meld `counts` with a 瀝咕瀝咕 (003 註八: seven pairs and one
/// triplet, 17 tiles; a kind of four is two pairs, never a triplet and a pair, 3 + 2 > 4).
///
/// A kind holding h copies offers two pair units worth min(h, 2) and min(h − 2, 2) (the
/// second never more than the first, so taking the largest seven units is a valid choice),
/// or the triplet worth min(h, 3). Only the copy count of the triplet's kind matters, so the
/// maximum runs over the five counts 0…4 (a kind with 0 copies always exists: 17 < 34).
fn lig_gu_overlap(counts: &Counts) -> u8 {
    let mut n = [0u8; 5];
    for &c in counts {
        n[usize::from(c.min(4))] += 1;
    }
    lig_gu_overlap_hist(n)
}

/// [`lig_gu_overlap`] from the histogram `n[h]` = kinds holding h copies.
fn lig_gu_overlap_hist(n: [u8; 5]) -> u8 {
    // The units (worth 2, worth 1) the triplet's kind gives up, by its copy count.
    const GIVE_UP: [(i32, i32); 5] = [(0, 0), (0, 1), (1, 0), (1, 1), (2, 0)];
    // Units worth 2 and worth 1 over all kinds.
    let twos = i32::from(n[2]) + i32::from(n[3]) + 2 * i32::from(n[4]);
    let ones = i32::from(n[1]) + i32::from(n[3]);
    let mut best = 0;
    for h in 0..5 {
        if n[h] == 0 {
            continue;
        }
        let (a, b) = (twos - GIVE_UP[h].0, ones - GIVE_UP[h].1);
        let a7 = a.min(7);
        let total = (h as i32).min(3) + 2 * a7 + b.min(7 - a7);
        best = best.max(total);
    }
    best as u8
}

/// The best overlap of `counts` (17 − 3k concealed, k = `melds` ≤ 1) with a 十三么 (003
/// 註13: the thirteen orphans once, one of them twice, plus one free set: a concealed run or
/// triplet when k = 0, the meld when k = 1), under the per-kind `caps` (4 minus the copies in
/// the melds). `None` when no 十三么 fits the caps.
///
/// Overlap = (orphan kinds held) + [the paired orphan j is held twice] + (the free set's
/// overlap with what is left after the orphans). The leftover only changes at j, so the
/// free set's best is computed once for "j held at most once" (any such j: some orphan is
/// held at most once, as 13 × 2 > 17) and again for each orphan held twice or more.
fn thirteen_orphans_overlap(counts: &Counts, melds: usize, caps: &Counts) -> Option<u8> {
    if melds > 1 || ORPHANS.iter().any(|&i| caps[i] == 0) {
        return None;
    }
    let held = ORPHANS.iter().filter(|&&i| counts[i] > 0).count() as u8;
    if melds == 1 {
        // The pair: an orphan held twice whose cap allows two, else any orphan that allows two.
        let pair = ORPHANS.iter().any(|&i| counts[i] >= 2 && caps[i] >= 2);
        let any = ORPHANS.iter().any(|&i| caps[i] >= 2);
        return any.then_some(held + u8::from(pair));
    }
    // k = 0: no melds, every cap is 4. Leftover after one copy of each orphan.
    let mut rest = *counts;
    for &i in &ORPHANS {
        rest[i] = rest[i].saturating_sub(1);
    }
    let free = |rest: &Counts, banned: Option<usize>| -> u8 {
        let mut best = 0u8;
        for (i, &r) in rest.iter().enumerate() {
            // A triplet of the paired orphan would be a fifth copy (2 + 3).
            if Some(i) != banned {
                best = best.max(r.min(3));
            }
            if i < 27 && i % 9 <= 6 {
                let run = u8::from(r > 0) + u8::from(rest[i + 1] > 0) + u8::from(rest[i + 2] > 0);
                best = best.max(run);
            }
        }
        best
    };
    // Pairing an orphan held twice never helps the free set (less is left, and its triplet is
    // barred), so the best is `base` or `base + 1`: stop at the first pair that keeps it.
    let base = free(&rest, None);
    for &j in &ORPHANS {
        if counts[j] >= 2 {
            rest[j] -= 1;
            let kept = free(&rest, Some(j)) == base;
            rest[j] += 1;
            if kept {
                return Some(held + 1 + base);
            }
        }
    }
    Some(held + base)
}

/// The gain of one more target copy of a kind (held `c`) already targeted `b` times, when
/// `b + more` copies fit its cap; `None` when they do not.
fn gain(c: u8, b: u8, more: u8, cap: u8) -> Option<u8> {
    (b + more <= cap).then(|| c.min(b + more) - c.min(b))
}

/// The sum of the `n` largest `units`, `None` when there are fewer than `n`.
fn take_best(mut units: Vec<u8>, n: usize) -> Option<u8> {
    if units.len() < n {
        return None;
    }
    units.sort_unstable_by(|a, b| b.cmp(a));
    Some(units[..n].iter().sum())
}

/// The best overlap of a 14-tile core (`s`: 七對, 七星不靠 or 全不靠) with `counts`, on top of
/// the target `base` (the extra set's copies, already counted): each pair or single of the
/// core adds what it keeps beyond `base`, within `caps`. `None` when no core fits.
fn core_overlap(counts: &Counts, base: &Counts, caps: &Counts, s: Special) -> Option<u8> {
    let one = |i: usize| gain(counts[i], base[i], 1, caps[i]);
    match s {
        Special::SevenPairs => {
            // A kind gives a pair, or two (four of a kind); the second never gains more.
            let mut units = Vec::with_capacity(68);
            for i in 0..34 {
                units.extend(gain(counts[i], base[i], 2, caps[i]));
                if base[i] + 4 <= caps[i] {
                    units.push(counts[i].min(base[i] + 4) - counts[i].min(base[i] + 2));
                }
            }
            take_best(units, 7)
        }
        Special::GreaterHonorsKnitted => {
            let mut honors = 0;
            for i in 27..34 {
                honors += one(i)?;
            }
            let knitted = KNITTINGS
                .iter()
                .filter_map(|&k| {
                    take_best(knitted_kinds(k).iter().filter_map(|&i| one(i)).collect(), 7)
                })
                .max()?;
            Some(honors + knitted)
        }
        Special::LesserHonorsKnitted => KNITTINGS
            .iter()
            .filter_map(|&k| {
                let units = knitted_kinds(k)
                    .into_iter()
                    .chain(27..34)
                    .filter_map(one)
                    .collect();
                take_best(units, 14)
            })
            .max(),
        _ => None,
    }
}

/// The best overlap of `counts` (17 − 3k concealed, k = `melds` ≤ 1) with a 14-tile core
/// plus one more set: the meld when k = 1, else the best concealed run or triplet (tried
/// each) with the core's best on top.
fn core_plus_set_overlap(counts: &Counts, melds: usize, caps: &Counts, s: Special) -> Option<u8> {
    let none = [0u8; 34];
    match melds {
        1 => core_overlap(counts, &none, caps, s),
        0 => {
            let mut best = None;
            let mut base = none;
            for i in 0..34 {
                if caps[i] >= 3 {
                    base[i] = 3;
                    let o = core_overlap(counts, &base, caps, s).map(|o| o + counts[i].min(3));
                    best = best.max(o);
                    base[i] = 0;
                }
                if i < 27 && i % 9 <= 6 && (i..i + 3).all(|j| caps[j] >= 1) {
                    let held = (i..i + 3).map(|j| counts[j].min(1)).sum::<u8>();
                    base[i..i + 3].fill(1);
                    let o = core_overlap(counts, &base, caps, s).map(|o| o + held);
                    best = best.max(o);
                    base[i..i + 3].fill(0);
                }
            }
            best
        }
        _ => None,
    }
}

/// The shanten of `counts` (16 − 3k or 17 − 3k concealed, k = `melds` ≤ 2) as a 組合龍: per
/// knitting, its nine kinds once each (held ones count) and the regular shanten of the rest
/// for 2 − k sets and a pair, a knitted kind's cap one less. `None` when no knitting fits.
fn knitted_straight_shanten(counts: &Counts, melds: usize, caps: &Counts) -> Option<i8> {
    if melds > 2 {
        return None;
    }
    KNITTINGS
        .iter()
        .filter_map(|&k| {
            let mut rest = *counts;
            let mut cap = *caps;
            let mut held = 0i8;
            for i in knitted_kinds(k) {
                if cap[i] == 0 {
                    return None;
                }
                cap[i] -= 1;
                if rest[i] > 0 {
                    rest[i] -= 1;
                    held += 1;
                }
            }
            let o = Suit::ALL.map(|s| {
                let capped = group(&cap, s).iter().any(|&c| c < COPIES);
                group_overlap(&rest, &cap, s, capped)
            });
            Some(from_overlaps(&o, 2 - melds) + 9 - held)
        })
        .min()
}

/// Shanten of `counts` (16 − 3k or 17 − 3k concealed, k = `melds`) as the special shape `s`
/// alone, with per-kind `caps`; `None` when the shape cannot be made with those melds.
pub(crate) fn special_shanten_counts(
    counts: &Counts,
    melds: usize,
    caps: &Counts,
    s: Special,
) -> Option<i8> {
    let overlap = match s {
        Special::LigGu if melds == 0 => lig_gu_overlap(counts),
        Special::LigGu => return None,
        Special::ThirteenOrphans => thirteen_orphans_overlap(counts, melds, caps)?,
        Special::SevenPairs | Special::GreaterHonorsKnitted | Special::LesserHonorsKnitted => {
            core_plus_set_overlap(counts, melds, caps, s)?
        }
        Special::KnittedStraight => return knitted_straight_shanten(counts, melds, caps),
    };
    Some((17 - 3 * melds) as i8 - overlap as i8 - 1)
}

/// The shanten of each special shape (in [`Special::ALL`] order) `allowed` admits, computed
/// only where it may be `limit` or less: a 十三么 whose bound (every orphan kind held counts,
/// plus at most the pair and a whole free set) is above `limit` reads `None`, as does a shape
/// not admitted or ruled out by the melds.
pub(crate) fn specials_within(
    counts: &Counts,
    melds: usize,
    caps: &Counts,
    allowed: SpecialShapes,
    limit: i8,
) -> [Option<i8>; SHAPES] {
    let lig = if allowed.lig_gu {
        special_shanten_counts(counts, melds, caps, Special::LigGu)
    } else {
        None
    };
    let orphans = if allowed.thirteen_orphans && melds <= 1 {
        let held = ORPHANS.iter().filter(|&&i| counts[i] > 0).count() as i8;
        let most = held + 1 + if melds == 0 { 3 } else { 0 };
        let bound = (17 - 3 * melds) as i8 - 1 - most;
        if bound > limit {
            None
        } else {
            special_shanten_counts(counts, melds, caps, Special::ThirteenOrphans)
        }
    } else {
        None
    };
    let mut out = [lig, orphans, None, None, None, None];
    for (o, s) in out.iter_mut().zip(Special::ALL).skip(2) {
        if allowed.allows(s) {
            *o = special_shanten_counts(counts, melds, caps, s);
        }
    }
    out
}

/// The number of special shapes ([`Special::ALL`]).
pub(crate) const SHAPES: usize = Special::ALL.len();

/// The kinds whose draw raises the 瀝咕瀝咕 overlap of the 0-meld `counts` (and so lowers its
/// shanten), kinds held 4 times excluded. A draw only moves its kind from h to h + 1 copies
/// in the histogram, so each of the four counts 0…3 is tried once.
pub(crate) fn lig_gu_accept_mask(counts: &Counts) -> u64 {
    let mut n = [0u8; 5];
    for &c in counts {
        n[usize::from(c.min(4))] += 1;
    }
    let base = lig_gu_overlap_hist(n);
    let mut raises = [false; 4];
    for (h, r) in raises.iter_mut().enumerate() {
        if n[h] > 0 {
            let mut m = n;
            m[h] -= 1;
            m[h + 1] += 1;
            *r = lig_gu_overlap_hist(m) > base;
        }
    }
    counts
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c < 4 && raises[usize::from(c)])
        .fold(0, |m, (i, _)| m | 1 << i)
}

/// Shanten of a validated hand (16 − 3k or 17 − 3k concealed) as the special shape `s` alone
/// (瀝咕瀝咕: no meld; 十三么: at most one meld), whether or not a variant admits it; `None`
/// when the hand's melds rule the shape out.
pub fn special_shanten(hand: &Hand, s: Special) -> Option<i8> {
    special_shanten_counts(
        &hand.concealed,
        hand.meld_count,
        &caps(&hand.meld_counts()),
        s,
    )
}

/// Shanten of a validated hand (16 − 3k or 17 − 3k concealed) under `variant`: the least of
/// the regular shanten (five sets and a pair) and the shanten of each special shape the
/// variant admits (003 改良式: 瀝咕瀝咕 註八, 十三么 註13); the regular one alone under a
/// variant that admits none (taiwan, american, traditional).
///
/// A 13-tile hand ([`Hand::new`], variant `hand_size = 13`, 004 13 張版: 4 組+1 對) is
/// read with its missing fifth set counted as made ([`Hand::meld_count`]): four sets and a
/// pair, and the special shapes in their 14-tile forms.
pub fn shanten(hand: &Hand, variant: &Variant) -> i8 {
    let regular = regular_shanten(hand);
    if !variant.special.any() || hand.meld_count > 2 {
        return regular;
    }
    let caps = caps(&hand.meld_counts());
    specials_within(
        &hand.concealed,
        hand.meld_count,
        &caps,
        variant.special.beside(&hand.melds),
        regular,
    )
    .into_iter()
    .flatten()
    .fold(regular, i8::min)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::{Form, Hand};

    fn sh(s: &str, melds: &[(&str, &str)]) -> i8 {
        match Hand::parse(s, melds, Form::Any, 16) {
            Ok(h) => shanten(&h, &crate::rules::TAIWAN),
            Err(e) => panic!("{s}: {e}"),
        }
    }

    /// The capped fast paths of [`group_overlap`] against the capped programme: every honour
    /// configuration of at most 17 tiles under three patterns of caps 0, 1 and 4 (all seven
    /// capped among them), and every second suit configuration under caps of 3 and 4 (吃),
    /// one cap of 1 (a 碰), or both (left to the programme).
    #[test]
    fn capped_fast_paths_agree_with_the_programme() {
        let mut rng = fastrand::Rng::with_seed(2026);
        let mut counts = [0u8; 34];
        let mut caps = [COPIES; 34];
        for idx in 0..crate::tables::POW5[7] as usize {
            let d = GroupTable::counts_of(idx);
            if d.iter().map(|&x| usize::from(x)).sum::<usize>() > crate::tables::MAX_TILES {
                continue;
            }
            counts[27..].copy_from_slice(&d[..7]);
            for pattern in 0..3 {
                for cap in &mut caps[27..] {
                    *cap = match pattern {
                        0 => [0, 1, 4, 4, 4][rng.usize(..5)],
                        1 => [0, 1, 4][rng.usize(..3)],
                        _ => [0, 1][rng.usize(..2)],
                    };
                }
                assert_eq!(
                    group_overlap(&counts, &caps, Suit::Honor, true),
                    overlap_capped(&counts[27..], &caps[27..], false),
                    "honours {:?} caps {:?}",
                    &counts[27..],
                    &caps[27..]
                );
            }
        }
        let (mut fast, mut small) = (0usize, 0usize);
        for idx in (0..crate::tables::POW5[9] as usize).step_by(2) {
            let d = GroupTable::counts_of(idx);
            let n: usize = d.iter().map(|&x| usize::from(x)).sum();
            if n > crate::tables::MAX_TILES {
                continue;
            }
            counts[..9].copy_from_slice(&d);
            // 吃 (caps of 3 and 4), a 碰 alone (one cap of 1), or both (the programme).
            let pon = rng.usize(..9);
            for (i, cap) in caps[..9].iter_mut().enumerate() {
                *cap = match idx % 3 {
                    0 => [COPIES - 1, COPIES][rng.usize(..2)],
                    1 if i == pon => 1,
                    1 => COPIES,
                    _ if i == pon => 1,
                    _ => [COPIES - 1, COPIES][rng.usize(..2)],
                };
            }
            assert_eq!(
                group_overlap(&counts, &caps, Suit::Man, true),
                overlap_capped(&counts[..9], &caps[..9], true),
                "suit {d:?} caps {:?}",
                &caps[..9]
            );
            if n <= 6 && d.iter().all(|&x| x < COPIES) && idx % 3 == 0 {
                small += 1;
                fast += usize::from(table_proxy(&d, &caps[..9], Suit::Man).is_some());
            }
        }
        // The fast path is the common one for the few tiles a suit of a melded hand holds.
        assert!(fast * 10 > small * 8, "{fast} of {small} marked");
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
            let h = Hand::parse(s, &[], Form::Any, 16).unwrap();
            assert_eq!(
                shanten_counts(&h.concealed),
                shanten(&h, &crate::rules::TAIWAN),
                "{s}"
            );
        }
    }

    /// The lane-wise shanten (dense table ranks, reversed honours) against the scalar
    /// convolution of vectors from the capped programme with every cap at 4 (no table), on
    /// random hands of every size 16 − 3k and 17 − 3k, and on hands crowded into one group.
    #[test]
    fn lanes_agree_with_the_scalar_convolution() {
        let mut rng = fastrand::Rng::with_seed(16);
        let four = [COPIES; 34];
        for round in 0..20_000 {
            let n = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17][round % 12];
            // Every third hand draws from one suit and the honours only.
            let kinds: Vec<usize> = if round % 3 == 0 {
                (9..18).chain(27..34).collect()
            } else {
                (0..34).collect()
            };
            let mut c = [0u8; 34];
            let mut placed = 0;
            while placed < n {
                let k = kinds[rng.usize(0..kinds.len())];
                if c[k] < 4 {
                    c[k] += 1;
                    placed += 1;
                }
            }
            let sets = 5 - (16 - n + n % 3 / 2) / 3;
            let o =
                Suit::ALL.map(|s| overlap_capped(group(&c, s), group(&four, s), s != Suit::Honor));
            assert_eq!(shanten_counts(&c), from_overlaps(&o, sets), "{c:?}");
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
