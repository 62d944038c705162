//! Discard analysis (牌理) of a 17 − 3k hand: for each distinct discard, the shanten after it,
//! the accepting kinds with their unseen copies, and the waits when ready; best first.

use crate::error::Result;
use crate::hand::{seen_counts, Hand};
use crate::shanten::{caps, convolve, group_overlap};
use crate::tables::Overlap;
use crate::tile::{Counts, Suit, Tile, COPIES};
use crate::waits::{exhausted, waits_seen, Wait};

/// A kind that lowers the shanten, with its unseen copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Accept {
    pub tile: Tile,
    pub remaining: u8,
}

/// The outlook after discarding one tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discard {
    pub tile: Tile,
    pub shanten: i8,
    pub accepts: Vec<Accept>,
    /// The waits when the discard leaves the hand ready (shanten 0), else empty.
    pub waits: Vec<Wait>,
}

impl Discard {
    /// Unseen copies of all accepting kinds together.
    pub fn accepted(&self) -> u32 {
        self.accepts.iter().map(|a| u32::from(a.remaining)).sum()
    }
}

/// The analysis of a 17 − 3k hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// Shanten of the hand as held (−1 when it is already complete).
    pub shanten: i8,
    /// One entry per distinct discard, best first: lowest shanten, then most unseen accepting
    /// copies, then most accepting kinds, then tile order.
    pub discards: Vec<Discard>,
}

/// For each (m, p), the kinds of the group that raise its overlap there.
fn useful(counts: &Counts, caps: &Counts, suit: Suit, capped: bool, base: &Overlap) -> [u16; 12] {
    let mut out = [0u16; 12];
    let mut c = *counts;
    for x in 0..suit.len() {
        let i = suit.base() + x;
        if c[i] >= COPIES {
            continue;
        }
        c[i] += 1;
        let o = group_overlap(&c, caps, suit, capped);
        c[i] -= 1;
        for k in 0..12 {
            if o[k] > base[k] {
                out[k] |= 1 << x;
            }
        }
    }
    out
}

/// Analyses a validated 17 − 3k hand; `visible` are the other tiles the player can see.
pub fn analyze(hand: &Hand, visible: &Counts) -> Result<Analysis> {
    let own = hand.own_counts();
    let seen = seen_counts(&own, visible)?;
    let caps = caps(&hand.meld_counts());
    let capped = Suit::ALL.map(|s| hand.capped(s));
    let sets = hand.sets_needed();
    let target = (3 * sets + 2) as i8;
    let base = [0, 1, 2, 3].map(|g| group_overlap(&hand.concealed, &caps, Suit::ALL[g], capped[g]));
    let base_useful =
        [0, 1, 2, 3].map(|g| useful(&hand.concealed, &caps, Suit::ALL[g], capped[g], &base[g]));
    let shanten = crate::shanten::from_overlaps(&base, sets);

    let mut discards = Vec::new();
    for d in Tile::all().filter(|t| hand.concealed[t.index()] > 0) {
        let mut counts = hand.concealed;
        counts[d.index()] -= 1;
        let gd = d.suit() as usize;
        let mut o = base;
        o[gd] = group_overlap(&counts, &caps, d.suit(), capped[gd]);
        // Best overlap of the other three groups, for every (m, p) they might supply.
        let l2 = convolve(&o[0], &o[1]);
        let r1 = convolve(&o[2], &o[3]);
        let others = [
            convolve(&o[1], &r1),
            convolve(&o[0], &r1),
            convolve(&l2, &o[3]),
            convolve(&l2, &o[2]),
        ];
        let mut best = 0u8;
        for m in 0..=sets {
            best = best
                .max(o[0][m * 2] + others[0][(sets - m) * 2 + 1])
                .max(o[0][m * 2 + 1] + others[0][(sets - m) * 2]);
        }
        let mut own_after = own;
        own_after[d.index()] -= 1;
        let mut mask = 0u64;
        for g in 0..4 {
            let u = if g == gd {
                useful(&counts, &caps, Suit::ALL[g], capped[g], &o[g])
            } else {
                base_useful[g]
            };
            for m in 0..=sets {
                for p in 0..2 {
                    if o[g][m * 2 + p] + others[g][(sets - m) * 2 + 1 - p] == best {
                        mask |= u64::from(u[m * 2 + p]) << Suit::ALL[g].base();
                    }
                }
            }
        }
        mask &= !exhausted(&own_after);
        let accepts = (0..34)
            .filter(|i| mask >> i & 1 == 1)
            .filter_map(Tile::new)
            .map(|tile| Accept {
                tile,
                remaining: COPIES - seen[tile.index()],
            })
            .collect();
        let after = target - best as i8 - 1;
        let waits = if after == 0 {
            waits_seen(&counts, &own_after, &seen)
        } else {
            Vec::new()
        };
        discards.push(Discard {
            tile: d,
            shanten: after,
            accepts,
            waits,
        });
    }
    discards.sort_by(|a, b| {
        a.shanten
            .cmp(&b.shanten)
            .then(b.accepted().cmp(&a.accepted()))
            .then(b.accepts.len().cmp(&a.accepts.len()))
            .then(a.tile.cmp(&b.tile))
    });
    Ok(Analysis { shanten, discards })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Form;

    #[test]
    fn best_discard_of_a_simple_hand() {
        let h = match Hand::parse("2223456m123456789p9s", &[], Form::Full) {
            Ok(h) => h,
            Err(e) => panic!("{e}"),
        };
        let a = match analyze(&h, &[0; 34]) {
            Ok(a) => a,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(a.shanten, 0);
        let first = &a.discards[0];
        assert_eq!(first.tile.code(), "9s");
        assert_eq!(first.shanten, 0);
        let codes: Vec<String> = first.waits.iter().map(|w| w.tile.code()).collect();
        assert_eq!(codes, ["1m", "3m", "4m", "6m", "7m"]);
        let acc: Vec<String> = first.accepts.iter().map(|a| a.tile.code()).collect();
        assert_eq!(acc, ["1m", "3m", "4m", "6m", "7m"]);
    }
}
