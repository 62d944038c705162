//! Per-group lookup tables, built once on first use: completeness, one-tile waits, and the
//! overlap vectors behind shanten.
//!
//! A group is one suit (9 kinds, sequences allowed) or the honours (7 kinds, triplets only).
//! A group's tiles are indexed by their base-5 number `Σ c_i·5^i` (each count is 0–4).
//! For every configuration `c` with at most 17 tiles the tables hold:
//!
//! - `complete`: `c` splits into sets (3 | n) or sets plus one pair (n ≡ 2 mod 3);
//! - `waits`: the kinds `x` with `c_x < 4` such that `c + x` is complete;
//! - `overlap[m][p]`: the largest `Σ min(t_i, c_i)` over complete targets `t` of `m` sets
//!   and `p` pairs with every `t_i ≤ 4` (the idea of the tomohxx/Nyanten calculators,
//!   extended to 5 sets + pair). Shanten is the target size minus the best overlap,
//!   minus one; counting against real targets is what makes it exact under the 4-copy limit.
//!
//! Built by three linear passes over the index space (see `GroupTable::build`), well under a
//! second in release builds; `force()` builds them eagerly (the Python module calls it at import).

use std::sync::OnceLock;

/// Most tiles a group can hold in a hand (a 17-tile hand in one suit).
pub const MAX_TILES: usize = 17;
/// Overlap vector: index `m * 2 + p` for `m` sets (0–5) and `p` pairs (0–1).
pub type Overlap = [u8; 12];

pub const POW5: [u32; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390_625, 1_953_125];

const COMPLETE: u16 = 1 << 15;
const WAIT_MASK: u16 = 0x1ff;

/// Tables for one kind of group.
pub struct GroupTable {
    /// Kinds in the group: 9 (a suit) or 7 (honours).
    pub len: usize,
    /// Whether sequences count as sets (suits yes, honours no).
    pub sequences: bool,
    flags: Vec<u16>,
    /// The `complete` flags again as a bitset (244 KB for a suit), so the common "is this
    /// group complete" question stays in cache.
    complete_bits: Vec<u64>,
    overlap: Vec<Overlap>,
}

impl GroupTable {
    fn build(len: usize, sequences: bool) -> GroupTable {
        let size = POW5[len] as usize;
        let digit = |idx: usize, i: usize| (idx / POW5[i] as usize) % 5;
        // Pass 1, increasing index: tile sums and completeness. Removing tiles lowers the
        // index, so every configuration a rule looks at is already known.
        let mut sums = vec![0u8; size];
        let mut flags = vec![0u16; size];
        for idx in 0..size {
            let mut sum = 0usize;
            let mut first = usize::MAX;
            for i in 0..len {
                let d = digit(idx, i);
                sum += d;
                if d > 0 && first == usize::MAX {
                    first = i;
                }
            }
            sums[idx] = sum.min(255) as u8;
            let complete = if sum == 0 {
                true
            } else if sum % 3 == 1 || sum > MAX_TILES {
                false
            } else {
                // The first tile present must open a triplet, a sequence, or be the pair.
                let i = first;
                let ci = digit(idx, i);
                let p = POW5[i] as usize;
                let is_complete = |j: usize| flags[j] & COMPLETE != 0;
                (ci >= 3 && is_complete(idx - 3 * p))
                    || (sum % 3 == 2 && ci >= 2 && is_complete(idx - 2 * p))
                    || (sequences
                        && i + 2 < len
                        && digit(idx, i + 1) > 0
                        && digit(idx, i + 2) > 0
                        && is_complete(idx - p - 5 * p - 25 * p))
            };
            if complete {
                flags[idx] |= COMPLETE;
            }
        }
        // One-tile waits of each configuration.
        for idx in 0..size {
            if sums[idx] as usize >= MAX_TILES || sums[idx] % 3 == 0 {
                continue;
            }
            let mut mask = 0u16;
            for x in 0..len {
                if digit(idx, x) < 4 && flags[idx + POW5[x] as usize] & COMPLETE != 0 {
                    mask |= 1 << x;
                }
            }
            flags[idx] |= mask;
        }
        // Pass 2, decreasing index: `sub[c]` bit m*2+p says c fits inside some complete
        // target of m sets and p pairs (c itself, or c plus one more tile).
        let mut sub = vec![0u16; size];
        for idx in (0..size).rev() {
            let sum = sums[idx] as usize;
            if sum > MAX_TILES {
                continue;
            }
            let mut bits = 0u16;
            if flags[idx] & COMPLETE != 0 {
                bits |= 1 << (sum / 3 * 2 + usize::from(sum % 3 == 2));
            }
            if sum < MAX_TILES {
                for x in 0..len {
                    if digit(idx, x) < 4 {
                        bits |= sub[idx + POW5[x] as usize];
                    }
                }
            }
            sub[idx] = bits;
        }
        // Pass 3, increasing index: the best overlap is |c| where c fits a target, and
        // otherwise the best over c minus one tile.
        let mut overlap = vec![[0u8; 12]; size];
        for idx in 1..size {
            let sum = sums[idx] as usize;
            if sum > MAX_TILES {
                continue;
            }
            let mut best = [0u8; 12];
            for x in 0..len {
                if digit(idx, x) > 0 {
                    let o = &overlap[idx - POW5[x] as usize];
                    for k in 0..12 {
                        best[k] = best[k].max(o[k]);
                    }
                }
            }
            for (k, b) in best.iter_mut().enumerate() {
                if sub[idx] >> k & 1 == 1 {
                    *b = sum as u8;
                }
            }
            overlap[idx] = best;
        }
        let mut complete_bits = vec![0u64; size.div_ceil(64)];
        for (idx, f) in flags.iter().enumerate() {
            if f & COMPLETE != 0 {
                complete_bits[idx / 64] |= 1 << (idx % 64);
            }
        }
        GroupTable {
            len,
            sequences,
            flags,
            complete_bits,
            overlap,
        }
    }

    /// Index of a group's counts (`counts.len() == self.len`).
    #[inline]
    pub fn index(counts: &[u8]) -> usize {
        let mut idx = 0usize;
        for (i, &c) in counts.iter().enumerate() {
            idx += c as usize * POW5[i] as usize;
        }
        idx
    }

    #[inline]
    pub fn complete(&self, idx: usize) -> bool {
        self.complete_bits[idx / 64] >> (idx % 64) & 1 == 1
    }

    /// Bit x set when adding kind x completes the group (and the group holds fewer than 4 x).
    #[inline]
    pub fn waits(&self, idx: usize) -> u16 {
        self.flags[idx] & WAIT_MASK
    }

    #[inline]
    pub fn overlap(&self, idx: usize) -> &Overlap {
        &self.overlap[idx]
    }
}

/// The suit table and the honour table.
pub struct Tables {
    pub suit: GroupTable,
    pub honor: GroupTable,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first call.
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(|| Tables {
        suit: GroupTable::build(9, true),
        honor: GroupTable::build(7, false),
    })
}

/// Builds the tables now rather than on the first analysis.
pub fn force() {
    let _ = tables();
}

/// One configuration's overlap vector with, for each (m, p), the kinds whose addition raises
/// it: the tiles that lower the shanten when this group supplies m sets and p pairs. The two
/// sit together, 32-byte aligned, so discard analysis reads one cache line per group.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C, align(32))]
pub struct Entry {
    /// Twelve 9-bit masks, mask k at bits 9k‥9k+8.
    useful: u128,
    pub overlap: Overlap,
}

impl Entry {
    /// The useful-kind mask of each (m, p), bit x = kind x of the group.
    #[inline]
    pub fn useful(&self) -> [u16; 12] {
        let mut out = [0u16; 12];
        for (k, m) in out.iter_mut().enumerate() {
            *m = (self.useful >> (9 * k)) as u16 & 0x1ff;
        }
        out
    }
}

/// The analysis tables: only discard analysis needs them, so they are built on its first
/// use (62 MB for a suit).
pub struct Useful {
    pub suit: Vec<Entry>,
    pub honor: Vec<Entry>,
}

static USEFUL: OnceLock<Useful> = OnceLock::new();

fn build_useful(t: &GroupTable) -> Vec<Entry> {
    let size = POW5[t.len] as usize;
    let mut out = vec![Entry::default(); size];
    for (idx, slot) in out.iter_mut().enumerate() {
        let base = t.overlap[idx];
        slot.overlap = base;
        let mut sum = 0;
        let mut digits = [0usize; 9];
        for (i, d) in digits.iter_mut().enumerate().take(t.len) {
            *d = (idx / POW5[i] as usize) % 5;
            sum += *d;
        }
        if sum >= MAX_TILES {
            continue;
        }
        for x in 0..t.len {
            if digits[x] == 4 {
                continue;
            }
            let o = &t.overlap[idx + POW5[x] as usize];
            for k in 0..12 {
                if o[k] > base[k] {
                    slot.useful |= 1u128 << (9 * k + x);
                }
            }
        }
    }
    out
}

/// The analysis tables, built on first call.
pub fn useful() -> &'static Useful {
    USEFUL.get_or_init(|| {
        let t = tables();
        Useful {
            suit: build_useful(&t.suit),
            honor: build_useful(&t.honor),
        }
    })
}

/// The best overlap vector of a group under per-kind caps (`t_i ≤ caps[i]`), by dynamic
/// programming over the kinds. Used where melds hold copies of a kind (so a target may use
/// fewer than 4), and as an independent check of the tables.
pub fn overlap_capped(counts: &[u8], caps: &[u8], sequences: bool) -> Overlap {
    // State after deciding kinds < i: (sequences started at i-1, at i-2, sets, pair) → best.
    const NEG: i16 = -1;
    let len = counts.len();
    let mut cur = [[[[NEG; 2]; 6]; 5]; 5];
    cur[0][0][0][0] = 0;
    for i in 0..len {
        let mut next = [[[[NEG; 2]; 6]; 5]; 5];
        for s1 in 0..5 {
            for s2 in 0..5 {
                for m in 0..6 {
                    for p in 0..2 {
                        let v = cur[s1][s2][m][p];
                        if v < 0 {
                            continue;
                        }
                        let max_start = if sequences && i + 2 < len { 4 } else { 0 };
                        for s0 in 0..=max_start {
                            for trip in 0..2usize {
                                for pair in 0..2usize {
                                    let m2 = m + s0 + trip;
                                    let p2 = p + pair;
                                    if m2 > 5 || p2 > 1 {
                                        continue;
                                    }
                                    let t = s0 + s1 + s2 + 3 * trip + 2 * pair;
                                    if t > caps[i] as usize {
                                        continue;
                                    }
                                    let gain = t.min(counts[i] as usize) as i16;
                                    let slot = &mut next[s0][s1][m2][p2];
                                    *slot = (*slot).max(v + gain);
                                }
                            }
                        }
                    }
                }
            }
        }
        cur = next;
    }
    let mut out = [0u8; 12];
    for m in 0..6 {
        for p in 0..2 {
            // Sequences cannot still be open after the last kind.
            out[m * 2 + p] = cur[0][0][m][p].max(0) as u8;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idx(counts: &[u8]) -> usize {
        GroupTable::index(counts)
    }

    #[test]
    fn table_sizes_and_spot_values() {
        let t = tables();
        assert_eq!(t.suit.flags.len(), 1_953_125);
        assert_eq!(t.honor.flags.len(), 78_125);
        // 1112345678999: the nine-gates shape waits on every kind of the suit.
        let nine = [3, 1, 1, 1, 1, 1, 1, 1, 3];
        assert_eq!(t.suit.waits(idx(&nine)), 0x1ff);
        // 3555 waits on 3 and 4; 3345 on 3 and 6 (taiwan rule text examples).
        assert_eq!(t.suit.waits(idx(&[0, 0, 1, 0, 3, 0, 0, 0, 0])), 0b1100);
        assert_eq!(t.suit.waits(idx(&[0, 0, 2, 1, 1, 0, 0, 0, 0])), 0b10_0100);
        assert!(t.suit.complete(idx(&[1, 1, 1, 0, 0, 0, 0, 0, 2])));
        assert!(!t.honor.complete(idx(&[1, 1, 1, 0, 0, 0, 0])));
        assert!(t.honor.complete(idx(&[3, 0, 2, 0, 0, 0, 0])));
        // Overlap of an empty group is 0; of 123 for one set is 3.
        assert_eq!(t.suit.overlap(0)[2], 0);
        assert_eq!(t.suit.overlap(idx(&[1, 1, 1, 0, 0, 0, 0, 0, 0]))[2], 3);
    }

    #[test]
    fn analysis_entries_fit_a_cache_line() {
        assert_eq!(std::mem::size_of::<Entry>(), 32);
        let u = useful();
        // 13m toward one set and no pair: the best target holds 2 of its tiles (123m); only
        // 2m makes it 3 (4m gives 345m, still 2 of 3; 1m, 3m, 5m likewise).
        let e = u.suit[idx(&[1, 0, 1, 0, 0, 0, 0, 0, 0])];
        assert_eq!(
            e.overlap,
            tables().suit.overlap[idx(&[1, 0, 1, 0, 0, 0, 0, 0, 0])]
        );
        assert_eq!(e.useful()[2], 0b10);
    }

    #[test]
    fn tables_agree_with_capped_dp() {
        let t = tables();
        let mut rng = fastrand::Rng::with_seed(7);
        for _ in 0..3000 {
            let mut c = [0u8; 9];
            let n = rng.usize(0..=17);
            let mut placed = 0;
            while placed < n {
                let i = rng.usize(0..9);
                if c[i] < 4 {
                    c[i] += 1;
                    placed += 1;
                }
            }
            assert_eq!(
                *t.suit.overlap(idx(&c)),
                overlap_capped(&c, &[4; 9], true),
                "{c:?}"
            );
            let h = [c[0], c[1], c[2], c[3], c[4], c[5], c[6]];
            if h.iter().map(|&x| x as usize).sum::<usize>() <= 17 {
                assert_eq!(
                    *t.honor.overlap(idx(&h)),
                    overlap_capped(&h, &[4; 7], false),
                    "{h:?}"
                );
            }
        }
    }
}
