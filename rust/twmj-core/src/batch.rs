//! Many hands at once: the wait masks of an array of 34-byte count rows (`waits_batch`).
//!
//! [`crate::wait_mask`] is written for one hand: it branches on the groups' tile counts (a
//! random 16-tile hand has the counts that can wait about a third of the time, so that branch
//! mispredicts often). A batch knows its
//! rows in advance, so [`wait_masks`] works in chunks: a first pass over a chunk keeps, without
//! a branch, the rows whose counts can wait at all (and checks every row), with their groups'
//! keys ([`crate::waits::group_keys`], the single-hand path's); a second pass reads the tables
//! for those rows only, every group's completeness at once. The answers are
//! [`crate::wait_mask`]'s, row for row (the tests hold them to it).

use crate::hand::Form;
use crate::shanten::table_of;
use crate::tables::GroupTable;
use crate::tile::{over_copies, Counts, Suit, KINDS};
use crate::waits::{group_keys, may_wait};

/// Rows a chunk: the candidates of a chunk are listed in a small array on the stack.
const CHUNK: usize = 64;

/// The wait mask of a checked row whose counts allow a wait, from its groups' tile counts mod
/// 3 (`rest`) and table indices (`idx`): [`crate::wait_mask`]'s answer from the per-group
/// flags, every group's completeness read at once (four independent reads, one line a group:
/// a batch of ready rows measured 24.5 ns a row this way against 48 through `wait_mask`,
/// whose packed tables take dependent reads).
#[inline]
fn candidate_mask(rest: [u32; 4], idx: [usize; 4], suit: &GroupTable, honor: &GroupTable) -> u64 {
    let tabs = [suit, suit, suit, honor];
    let mut complete = 0u32;
    for g in 0..4 {
        complete |= u32::from(tabs[g].complete(idx[g])) << g;
    }
    // A group takes the winning tile when every other group is complete (with the pair, for
    // the other group off 0 mod 3); a group at 0 mod 3 never takes it (one more tile leaves
    // it at 1 mod 3).
    let mut takers = 0u32;
    for g in 0..4 {
        takers |= u32::from(rest[g] != 0 && (complete | 1 << g) == 0b1111) << g;
    }
    let mut mask = 0u64;
    while takers != 0 {
        let g = takers.trailing_zeros() as usize;
        takers &= takers - 1;
        mask |= u64::from(tabs[g].waits(idx[g])) << Suit::ALL[g].base();
    }
    mask
}

/// The wait mask ([`crate::wait_mask`]) of each 34-byte row of `rows` into `out` (one per
/// row); false when some row is not a 16 − 3k hand of at most `size` tiles with at most 4 of
/// a kind (its mask is then 0; [`Form::check_row`] names it). `out` must have a place for
/// each row.
pub fn wait_masks(rows: &[u8], size: u8, out: &mut [u64]) -> bool {
    let (suit, honor) = (table_of(Suit::Man), table_of(Suit::Honor));
    let mut all_ok = true;
    let mut cand = [(0u8, [0u32; 4], [0usize; 4]); CHUNK];
    for (rows, out) in rows.chunks(CHUNK * KINDS).zip(out.chunks_mut(CHUNK)) {
        // Pass 1: check every row and list those whose counts allow a wait, without a branch.
        // (A row with a count over 4 gets meaningless group keys, but `over_copies` refuses it
        // and it is never listed.)
        let mut n = 0;
        for (r, (row, o)) in rows.chunks_exact(KINDS).zip(out.iter_mut()).enumerate() {
            *o = 0;
            let Ok(row) = <&Counts>::try_from(row) else {
                continue;
            };
            let (sums, idx) = group_keys(row);
            let ok =
                !over_copies(row) && Form::Waiting.fits(sums.iter().sum::<u32>() as usize, size);
            all_ok &= ok;
            let rest = sums.map(|s| s % 3);
            cand[n] = (r as u8, rest, idx);
            n += usize::from(ok && may_wait(rest));
        }
        // Pass 2: the tables, for the listed rows only.
        for &(r, rest, idx) in &cand[..n] {
            if let Some(o) = out.get_mut(usize::from(r)) {
                *o = candidate_mask(rest, idx, suit, honor);
            }
        }
    }
    all_ok
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::COPIES;
    use crate::wait_mask;

    /// A random hand of `n` tiles drawn from the 136.
    fn random_hand(rng: &mut fastrand::Rng, n: usize) -> Counts {
        let mut c = [0u8; KINDS];
        let mut placed = 0;
        while placed < n {
            let k = rng.usize(..KINDS);
            if c[k] < COPIES {
                c[k] += 1;
                placed += 1;
            }
        }
        c
    }

    /// Five random sets and a pair, less one random tile: always ready.
    fn ready_hand(rng: &mut fastrand::Rng) -> Counts {
        loop {
            let mut c = [0u8; KINDS];
            for _ in 0..5 {
                let s = rng.usize(..4);
                if s < 3 && rng.bool() {
                    let lo = s * 9 + rng.usize(..7);
                    (lo..lo + 3).for_each(|k| c[k] += 1);
                } else {
                    let base = s * 9;
                    c[base + rng.usize(..Suit::ALL[s].len())] += 3;
                }
            }
            c[rng.usize(..KINDS)] += 2;
            let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0).collect();
            c[held[rng.usize(..held.len())]] -= 1;
            if !over_copies(&c) {
                return c;
            }
        }
    }

    /// Every row's mask is the single-hand [`wait_mask`]'s, on random hands of every size
    /// (16 − 3k and the sizes a waiting hand does not have) and on ready hands.
    #[test]
    fn rows_agree_with_the_single_hand_mask() {
        let mut rng = fastrand::Rng::with_seed(1614);
        let mut hands: Vec<Counts> = (0..30_000).map(|_| random_hand(&mut rng, 16)).collect();
        hands.extend((0..30_000).map(|_| ready_hand(&mut rng)));
        hands.extend((0..20_000).map(|_| {
            let n = [1, 4, 7, 10, 13, 16][rng.usize(..6)];
            random_hand(&mut rng, n)
        }));
        let flat: Vec<u8> = hands.iter().flatten().copied().collect();
        let mut out = vec![u64::MAX; hands.len()];
        assert!(wait_masks(&flat, 16, &mut out));
        for (h, &m) in hands.iter().zip(&out) {
            assert_eq!(m, wait_mask(h), "{h:?}");
        }
        assert!(out.iter().any(|&m| m != 0) && out.contains(&0));
    }

    /// A row with a count over 4, or a total that is not 16 − 3k, makes the call false and
    /// its mask 0; the good rows around it keep their masks. Under a 13-tile variant a
    /// 16-tile row is bad.
    #[test]
    fn bad_rows_are_reported() {
        let mut rng = fastrand::Rng::with_seed(16_140);
        let good = ready_hand(&mut rng);
        let mut five = good;
        five[0] = 5;
        let mut big = good;
        big[33] = 200;
        let fifteen = random_hand(&mut rng, 15);
        let seventeen = random_hand(&mut rng, 17);
        for bad in [five, big, fifteen, seventeen, [0; KINDS]] {
            let flat: Vec<u8> = [good, bad, good].iter().flatten().copied().collect();
            let mut out = [7u64; 3];
            assert!(!wait_masks(&flat, 16, &mut out), "{bad:?}");
            assert_eq!(out, [wait_mask(&good), 0, wait_mask(&good)]);
        }
        let mut out = [0u64; 1];
        assert!(!wait_masks(&good, 13, &mut out));
        let thirteen = random_hand(&mut rng, 13);
        assert!(wait_masks(&thirteen, 13, &mut out));
        assert_eq!(out[0], wait_mask(&thirteen));
    }
}
