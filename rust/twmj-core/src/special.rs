//! Special shapes (非五搭一眼的胡牌): 瀝咕瀝咕 and 十三么, for the presets whose rule text
//! admits them (003 改良式十六張: 註八 and 註13). A [`Variant`] switches each one on with
//! [`SpecialShapes`]; under `taiwan`, `american` and `traditional` none is on, and the regular
//! detector ([`crate::is_win_counts`], [`crate::wait_mask`]) never looks at them.

use crate::error::Result;
use crate::hand::{check_seen, seen_counts, Hand, Meld};
use crate::rules::{
    is_win_counts, knitted_kinds, Special, SpecialShapes, Variant, KNITTINGS, ORPHANS,
};
use crate::tile::{Counts, Tile, COPIES, KINDS};
use crate::waits::{exhausted, waits_seen, waits_visible, Shapes, Wait, WaitList};

fn is_orphan(i: usize) -> bool {
    ORPHANS.contains(&i)
}

/// Seven pairs and one triplet in 17 tiles, a kind of four as two pairs.
fn lig_gu(c: &Counts) -> bool {
    let (mut pairs, mut triplets) = (0, 0);
    for &n in c {
        match n {
            0 => {}
            2 => pairs += 1,
            3 => triplets += 1,
            4 => pairs += 2,
            _ => return false,
        }
    }
    pairs == 7 && triplets == 1
}

/// The 14 tiles of 十三么: every orphan kind once, one of them twice, nothing else.
fn orphans14(c: &Counts) -> bool {
    let mut pairs = 0;
    for (i, &n) in c.iter().enumerate() {
        let need = u8::from(is_orphan(i));
        if n == need {
            continue;
        }
        if need == 1 && n == 2 {
            pairs += 1;
        } else {
            return false;
        }
    }
    pairs == 1
}

/// 十三么 with `melds` melds: 14 concealed tiles with one meld, or 17 with one concealed set.
fn thirteen_orphans(c: &Counts, melds: usize) -> bool {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    match (melds, n) {
        (1, 14) => orphans14(c),
        (0, 17) => {
            let mut w = *c;
            for i in 0..KINDS {
                if w[i] >= 3 {
                    w[i] -= 3;
                    let ok = orphans14(&w);
                    w[i] += 3;
                    if ok {
                        return true;
                    }
                }
                if i < 27 && i % 9 <= 6 && w[i] > 0 && w[i + 1] > 0 && w[i + 2] > 0 {
                    for x in &mut w[i..i + 3] {
                        *x -= 1;
                    }
                    let ok = orphans14(&w);
                    for x in &mut w[i..i + 3] {
                        *x += 1;
                    }
                    if ok {
                        return true;
                    }
                }
            }
            false
        }
        _ => false,
    }
}

/// The 14 tiles of 七對: seven pairs, a kind of four counting two.
fn seven_pairs14(c: &Counts) -> bool {
    let mut pairs = 0;
    for &n in c {
        match n {
            0 => {}
            2 => pairs += 1,
            4 => pairs += 2,
            _ => return false,
        }
    }
    pairs == 7
}

/// The honour kinds (東南西北白發中).
const HONORS: std::ops::Range<usize> = 27..34;

/// 14 distinct tiles of one knitting and the honours, every honour among them when
/// `all_honors` (七星不靠), at least five otherwise (全不靠: 14 of the 16).
fn knitted14(c: &Counts, all_honors: bool) -> bool {
    if c.iter().any(|&n| n > 1) || c.iter().map(|&n| usize::from(n)).sum::<usize>() != 14 {
        return false;
    }
    if all_honors && c[HONORS].contains(&0) {
        return false;
    }
    KNITTINGS.iter().any(|&k| {
        let kinds = knitted_kinds(k);
        c[..27]
            .iter()
            .enumerate()
            .all(|(i, &n)| n == 0 || kinds.contains(&i))
    })
}

/// The 14-tile shape `core` plus one more set: a concealed run or triplet among the 17
/// concealed tiles (no meld), or the one meld (14 concealed).
fn core_plus_set(c: &Counts, melds: usize, core: impl Fn(&Counts) -> bool) -> bool {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    match (melds, n) {
        (1, 14) => core(c),
        (0, 17) => {
            let mut w = *c;
            for i in 0..KINDS {
                if w[i] >= 3 {
                    w[i] -= 3;
                    let ok = core(&w);
                    w[i] += 3;
                    if ok {
                        return true;
                    }
                }
                if i < 27 && i % 9 <= 6 && w[i] > 0 && w[i + 1] > 0 && w[i + 2] > 0 {
                    for x in &mut w[i..i + 3] {
                        *x -= 1;
                    }
                    let ok = core(&w);
                    for x in &mut w[i..i + 3] {
                        *x += 1;
                    }
                    if ok {
                        return true;
                    }
                }
            }
            false
        }
        _ => false,
    }
}

/// 組合龍: the nine kinds of one knitting once each, the rest five sets and a pair less the
/// three the knitting stands for (17 − 3k concealed with k ≤ 2 melds).
fn knitted_straight(c: &Counts, melds: usize) -> bool {
    let n: usize = c.iter().map(|&x| x as usize).sum();
    if melds > 2 || n != 17 - 3 * melds {
        return false;
    }
    KNITTINGS.iter().any(|&k| {
        let kinds = knitted_kinds(k);
        if kinds.iter().any(|&i| c[i] == 0) {
            return false;
        }
        let mut w = *c;
        for &i in &kinds {
            w[i] -= 1;
        }
        is_win_counts(&w)
    })
}

/// Whether the 17 − 3k concealed `counts` with `meld_count` melds make the shape `s`.
pub(crate) fn makes(counts: &Counts, meld_count: usize, s: Special) -> bool {
    match s {
        Special::LigGu => meld_count == 0 && lig_gu(counts),
        Special::ThirteenOrphans => thirteen_orphans(counts, meld_count),
        Special::SevenPairs => core_plus_set(counts, meld_count, seven_pairs14),
        Special::GreaterHonorsKnitted => core_plus_set(counts, meld_count, |c| knitted14(c, true)),
        Special::LesserHonorsKnitted => core_plus_set(counts, meld_count, |c| knitted14(c, false)),
        Special::KnittedStraight => knitted_straight(counts, meld_count),
    }
}

/// The special shape the 17 − 3k concealed `counts` with `meld_count` melds make, if the
/// shapes `allowed` admit one: the first in [`Special::ALL`] order (see [`special_wins_counts`]
/// for every one).
pub(crate) fn special_win_counts(
    counts: &Counts,
    meld_count: usize,
    allowed: SpecialShapes,
) -> Option<Special> {
    Special::ALL
        .into_iter()
        .find(|&s| allowed.allows(s) && makes(counts, meld_count, s))
}

/// Every special shape (in [`Special::ALL`] order) `allowed` admits that the 17 − 3k
/// concealed `counts` with `meld_count` melds make: a hand may be two (七對 with a concealed
/// triplet is 瀝咕瀝咕; 七星不靠 is also 全不靠).
pub(crate) fn special_wins_counts(
    counts: &Counts,
    meld_count: usize,
    allowed: SpecialShapes,
) -> Vec<Special> {
    Special::ALL
        .into_iter()
        .filter(|&s| allowed.allows(s) && makes(counts, meld_count, s))
        .collect()
}

/// The sets outside the concealed tiles in the 16-tile frame: the melds, plus the set a
/// 13-tile hand does not have (004 13 張版: 4 組+1 對; see [`Variant::missing_sets`]). A
/// 13-tile hand's shapes are so the 14-tile forms: 十三么 and 七對 without the extra set of
/// 003's 16-tile convention, 組合龍 with one set and a pair.
fn frame_melds(melds: &[Meld], variant: &Variant) -> usize {
    melds.len() + variant.missing_sets()
}

/// The special shape `counts` (`hand_size` + 1 − 3k concealed tiles, the winning tile
/// included) with `melds` makes under `variant`, if any. Always `None` when the variant
/// admits none.
pub fn special_win(counts: &Counts, melds: &[Meld], variant: &Variant) -> Option<Special> {
    special_win_counts(
        counts,
        frame_melds(melds, variant),
        variant.special.beside(melds),
    )
}

/// Every special shape `counts` (`hand_size` + 1 − 3k concealed) with `melds` makes under
/// `variant`.
pub fn special_wins(counts: &Counts, melds: &[Meld], variant: &Variant) -> Vec<Special> {
    special_wins_counts(
        counts,
        frame_melds(melds, variant),
        variant.special.beside(melds),
    )
}

/// True when `counts` with `melds` is a special win `variant` admits (never under taiwan).
pub fn is_special_win(counts: &Counts, melds: &[Meld], variant: &Variant) -> bool {
    special_win(counts, melds, variant).is_some()
}

/// Bit i set when kind i completes the 16 − 3k concealed `counts` as a special shape, with
/// `meld_count` melds whose tiles (with the concealed ones) are `own`: a kind the player holds
/// all 4 of is not a wait.
pub(crate) fn special_mask_own(
    counts: &Counts,
    meld_count: usize,
    own: &Counts,
    allowed: SpecialShapes,
) -> u64 {
    if !allowed.any() {
        return 0;
    }
    let mut mask = 0u64;
    let mut c = *counts;
    for i in 0..KINDS {
        if own[i] >= COPIES {
            continue;
        }
        c[i] += 1;
        if special_win_counts(&c, meld_count, allowed).is_some() {
            mask |= 1 << i;
        }
        c[i] -= 1;
    }
    mask & !exhausted(own)
}

/// The special waits of the 16 − 3k concealed `counts` with `melds` under `variant`, as a
/// bitmask (kinds held 4 times, melds included, removed). 0 when the variant admits none.
pub fn special_wait_mask(counts: &Counts, melds: &[Meld], variant: &Variant) -> u64 {
    let mut own = *counts;
    for m in melds {
        m.add_to(&mut own);
    }
    special_mask_own(
        counts,
        frame_melds(melds, variant),
        &own,
        variant.special.beside(melds),
    )
}

/// The special waits of `counts` with `melds` under `variant`, each with the shape it makes.
pub fn special_waits(counts: &Counts, melds: &[Meld], variant: &Variant) -> Vec<(Tile, Special)> {
    let mut m = special_wait_mask(counts, melds, variant);
    let mut out = Vec::new();
    let mut c = *counts;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        c[i] += 1;
        if let (Some(t), Some(s)) = (
            Tile::new(i),
            special_win_counts(
                &c,
                frame_melds(melds, variant),
                variant.special.beside(melds),
            ),
        ) {
            out.push((t, s));
        }
        c[i] -= 1;
    }
    out
}

/// The regular shapes a special wait on kind `i` of the 16 − 3k `counts` also takes, as
/// [`Shapes`] bits, beside the special shape itself ([`Wait::special`]): for a 組合龍, the
/// shapes the tile takes in its two sets and pair (read by the regular waits) when it
/// completes them; none when it fills the knitted slot the hand lacked, and none for any other
/// special shape, whose wait is the shape's own (003 names 瀝咕瀝咕, 十三么, 七對, 七星不靠
/// and 全不靠 as shapes of their own, not as five sets and a pair: their tile makes no 雙碰
/// or 單吊 of one).
fn special_shape_bits(counts: &Counts, i: usize, s: Special, own: &Counts, seen: &Counts) -> u8 {
    if s != Special::KnittedStraight {
        return 0;
    }
    let mut bits = 0u8;
    let mut c = *counts;
    c[i] += 1;
    for &k in &KNITTINGS {
        let kinds = knitted_kinds(k);
        if kinds.iter().any(|&j| c[j] == 0) {
            continue;
        }
        let mut rest = c;
        for &j in &kinds {
            rest[j] -= 1;
        }
        if !is_win_counts(&rest) || (counts[i] == 0 && kinds.contains(&i)) {
            continue;
        }
        rest[i] -= 1;
        if let Some(w) = waits_seen(&rest, own, seen)
            .iter()
            .find(|w| w.tile.index() == i)
        {
            bits |= w.shapes.0;
        }
    }
    bits
}

/// True when the validated 17 − 3k hand is a win under `variant`: five sets and a pair, or a
/// special shape the variant admits.
pub fn is_win(hand: &Hand, variant: &Variant) -> bool {
    is_win_counts(&hand.concealed)
        || special_win_counts(
            &hand.concealed,
            hand.meld_count,
            variant.special.beside(&hand.melds),
        )
        .is_some()
}

/// The waits of a validated 16 − 3k hand under `variant`: the regular ones, plus the special
/// shapes the variant admits (a kind may be both; its shapes are then joined).
///
/// Under a variant whose set lacks some tiles (004: three or two players) a hand holding one
/// is an error naming it, and a tile out of play is never a wait.
///
/// The hand must have been validated for the variant's `hand_size` ([`Hand::new`]);
/// a 13-tile hand (004 13 張版) waits to make four sets and a pair with its melds.
pub fn waits(hand: &Hand, visible: &Counts, variant: &Variant) -> Result<WaitList> {
    variant.check_hand_size(hand)?;
    // Without melds the own counts are the concealed ones, read where they are: a copy just
    // written a byte at a time and read back a word at a time stalled the loads.
    let with_melds;
    let own = if hand.melds.is_empty() {
        &hand.concealed
    } else {
        with_melds = hand.own_counts();
        &with_melds
    };
    if variant.counts_alone() {
        // The regular waits alone (000's rules, the default): nothing more to check or add,
        // and the hot path pays for no rule it does not have.
        check_seen(own, visible)?;
        return Ok(waits_visible(&hand.concealed, own, visible));
    }
    variant.check_in_play(own)?;
    let seen = seen_counts(own, visible)?;
    let mut w = waits_seen_with(
        &hand.concealed,
        hand.meld_count,
        own,
        &seen,
        variant.special.beside(&hand.melds),
    );
    if !variant.all_in_play() {
        w.retain(|x| variant.in_play(x.tile));
    }
    Ok(w)
}

/// [`waits`] from the concealed counts, the meld count, the player's own counts
/// (concealed plus melds) and every seen count.
pub(crate) fn waits_seen_with(
    concealed: &Counts,
    meld_count: usize,
    own: &Counts,
    seen: &Counts,
    allowed: SpecialShapes,
) -> WaitList {
    let mut out = waits_seen(concealed, own, seen);
    let mask = special_mask_own(concealed, meld_count, own, allowed);
    if mask == 0 {
        return out;
    }
    let mut c = *concealed;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        c[i] += 1;
        let s = special_win_counts(&c, meld_count, allowed);
        c[i] -= 1;
        let (Some(tile), Some(s)) = (Tile::new(i), s) else {
            continue;
        };
        // A kind both a regular and a special wait has its shapes joined.
        out.insert(Wait {
            tile,
            shapes: Shapes(special_shape_bits(concealed, i, s, own, seen)),
            remaining: COPIES - seen[i],
            special: Some(s),
        });
    }
    out
}
