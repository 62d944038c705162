//! Every way a complete concealed part splits into sets and one pair (for scoring and display).

use crate::tile::{Counts, Tile};

/// One block of a decomposition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Block {
    /// A run of three starting at the tile.
    Sequence(Tile),
    /// Three of a kind.
    Triplet(Tile),
    /// The eye.
    Pair(Tile),
}

impl Block {
    /// The block's tiles in canonical notation (`123m`, `555p`, `11z`).
    pub fn code(self) -> String {
        let mut c = [0u8; crate::tile::KINDS];
        match self {
            Block::Sequence(t) => c[t.index()..t.index() + 3].fill(1),
            Block::Triplet(t) => c[t.index()] = 3,
            Block::Pair(t) => c[t.index()] = 2,
        }
        crate::notation::format(&c, 0)
    }
}

/// Most blocks of a winning hand's concealed part: five sets and a pair.
pub const WIN_BLOCKS: usize = 6;

/// One decomposition of a winning hand's concealed part (at most [`WIN_BLOCKS`] blocks),
/// held inline so a score allocates nothing for it; reads as a slice.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Blocks {
    blocks: [Block; WIN_BLOCKS],
    len: u8,
}

impl Blocks {
    /// No block (a flower win's or a special shape's score).
    pub const EMPTY: Blocks = Blocks {
        blocks: [Block::Pair(Tile::wind(0)); WIN_BLOCKS],
        len: 0,
    };

    /// The blocks `b`; `None` when there are more than [`WIN_BLOCKS`].
    pub fn new(b: &[Block]) -> Option<Blocks> {
        let mut out = Blocks::EMPTY;
        out.blocks.get_mut(..b.len())?.copy_from_slice(b);
        out.len = b.len() as u8;
        Some(out)
    }
}

impl std::ops::Deref for Blocks {
    type Target = [Block];

    fn deref(&self) -> &[Block] {
        &self.blocks[..usize::from(self.len)]
    }
}

impl std::ops::DerefMut for Blocks {
    fn deref_mut(&mut self) -> &mut [Block] {
        &mut self.blocks[..usize::from(self.len)]
    }
}

impl std::fmt::Debug for Blocks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq<Vec<Block>> for Blocks {
    fn eq(&self, other: &Vec<Block>) -> bool {
        **self == other[..]
    }
}

/// All decompositions of `counts` into sets plus at most one pair (exactly one when the count
/// is 2 mod 3), each a list of blocks in tile order; each multiset of blocks appears once.
pub fn decompositions(counts: &Counts) -> Vec<Vec<Block>> {
    let mut out = Vec::new();
    for_each_decomposition(counts, |blocks| out.push(blocks.to_vec()));
    out
}

/// Most blocks a decomposition holds: 136 tiles in sets and a pair.
const MOST_BLOCKS: usize = 46;

/// The blocks chosen so far, on the stack: the walk allocates nothing.
struct Stack {
    blocks: [Block; MOST_BLOCKS],
    len: usize,
}

impl Stack {
    fn push(&mut self, b: Block) {
        if let Some(slot) = self.blocks.get_mut(self.len) {
            *slot = b;
            self.len += 1;
        }
    }
}

/// Calls `f` with each decomposition of `counts`, in [`decompositions`]' order, without
/// building the list (the scorer reads each once): the blocks chosen so far sit in one array
/// on the stack.
///
/// No block spans two groups (the suits and the honours), so the pair can only be in the one
/// group holding 2 mod 3 tiles, and a group holding 1 mod 3 tiles has no split at all: the walk
/// tries the pair in that group only, where it tried it at every kind of two or more until one
/// was placed and followed each wrong choice to its dead end. The kinds left are a bit mask,
/// the next one its lowest bit. Pruning the walk with the group tables instead (a block only
/// where the rest of its group is still complete) measured slower (276 against 251 ns a
/// complete 17-tile hand, same run): the look-ups cost more than the branches they cut; so did
/// splitting each group on its own and taking the product (285 ns).
pub(crate) fn for_each_decomposition(counts: &Counts, mut f: impl FnMut(&[Block])) {
    let (sums, mask) = group_sums(counts);
    let n: usize = sums.iter().sum();
    // Sets hold 0 mod 3 tiles of one group, the pair 2 of one.
    let pairs = sums.iter().filter(|&&s| s % 3 == 2).count();
    if n % 3 == 1 || sums.iter().any(|&s| s % 3 == 1) || pairs != usize::from(n % 3 == 2) {
        return;
    }
    let pair_group = sums.iter().position(|&s| s % 3 == 2).unwrap_or(4);
    let mut stack = Stack {
        blocks: [Block::Pair(Tile::wind(0)); MOST_BLOCKS],
        len: 0,
    };
    walk(*counts, mask, pair_group, &mut stack, &mut f);
}

/// The tiles of each group (the three suits, the honours) and the kinds held, as a mask.
///
/// Counts of at most 4 (a checked hand's) are read a word at a time: eight counts summed by
/// one multiply (their sum stays below 256), the mask from [`crate::tile::at_least_mask`].
/// Kind by kind, the 34 loads, compares and adds were a sixth of the scorer's own set-up.
/// Any other counts (the function is public) are summed kind by kind.
fn group_sums(counts: &Counts) -> ([usize; 4], u64) {
    if crate::tile::over_copies(counts) {
        // Each its own pass (summing into `sums[i / 9]` in one loop chains every add
        // through memory).
        let sum =
            |r: std::ops::Range<usize>| counts[r].iter().map(|&c| usize::from(c)).sum::<usize>();
        let mask = counts
            .iter()
            .enumerate()
            .fold(0u64, |m, (i, &c)| m | u64::from(c > 0) << i);
        return ([sum(0..9), sum(9..18), sum(18..27), sum(27..34)], mask);
    }
    // A group's first eight counts added into the top byte (each at most 4: no carry out of
    // a byte), and its ninth.
    let sum = |g: usize| {
        let (w, ninth) = crate::tile::group_bytes(counts, g);
        (w.wrapping_mul(0x0101_0101_0101_0101) >> 56) as usize + usize::from(ninth)
    };
    (
        [sum(0), sum(1), sum(2), sum(3)],
        crate::tile::at_least_mask(counts, 1),
    )
}

/// Whether a run can start at each kind (1–7 of a suit).
const RUN_STARTS: [bool; 34] = {
    let mut out = [false; 34];
    let mut i = 0;
    while i < 27 {
        out[i] = i % 9 < 7;
        i += 1;
    }
    out
};

/// The walk over the kinds still held (`left`), the pair still to place in group
/// `pair_group` (4 once placed or when there is none), with the caller's work behind a `dyn`
/// call: the recursion stays small whatever the caller does with each decomposition.
///
/// A kind with one way on (most: a kind of one or two tiles outside the pair's group can
/// only start runs) is taken in the loop; the walk recurses only where a kind has two or
/// more ways, each on its own copy of the counts (34 bytes), so nothing is undone.
fn walk(
    mut counts: Counts,
    mut left: u64,
    mut pair_group: usize,
    stack: &mut Stack,
    each: &mut dyn FnMut(&[Block]),
) {
    let depth = stack.len;
    loop {
        if left == 0 {
            // Every tile taken: the pair too (its group's 2 mod 3 tiles leave no other way).
            if pair_group == 4 {
                each(&stack.blocks[..stack.len]);
            }
            break;
        }
        let kind = left.trailing_zeros() as usize;
        let Some(tile) = Tile::new(kind) else { break };
        let held = usize::from(counts[kind]);
        let pair_here = pair_group == kind / 9;
        // The ways on at this kind: how many triplets, pairs and runs start here (each
        // packed in one word, written and read back whole: a struct of bytes read back as a
        // word stalled on its byte writes).
        let mut ways = [Way(0); 4];
        let mut found = 0;
        // How many runs can start here: the fewer of the next two kinds, read once.
        let fit = if RUN_STARTS[kind] {
            usize::from(counts[kind + 1].min(counts[kind + 2]))
        } else {
            0
        };
        // The four (triplet, pair) choices in their fixed order, each kept or not without a
        // branch (which ones fit is different at every kind: branches on it mispredicted,
        // and two nested range loops cost a fifth of the walk).
        for choice in 0..4 {
            let (trip, pair) = (choice >> 1, choice & 1);
            let used = 3 * trip + 2 * pair;
            let runs = held.wrapping_sub(used);
            let fits = usize::from(trip == 0 || held >= 3)
                & usize::from(pair == 0 || pair_here)
                & usize::from(used <= held)
                & usize::from(runs <= fit);
            // `found` ≤ `choice` ≤ 3: the slot is always in range.
            ways[found & 3] = Way((trip | pair << 1 | runs << 2) as u32);
            found += fits;
        }
        match found {
            0 => break,
            1 => ways[0].take(&mut counts, &mut left, &mut pair_group, stack, tile),
            _ => {
                for way in &ways[..found] {
                    let (mut rest, mut rest_left, mut rest_group) = (counts, left, pair_group);
                    let before = stack.len;
                    way.take(&mut rest, &mut rest_left, &mut rest_group, stack, tile);
                    walk(rest, rest_left, rest_group, stack, each);
                    stack.len = before;
                }
                break;
            }
        }
    }
    stack.len = depth;
}

/// One way on at a kind: bit 0 a triplet, bit 1 the pair, the bits above how many runs
/// start there.
#[derive(Debug, Clone, Copy)]
struct Way(u32);

impl Way {
    /// Takes the way's blocks at `tile` out of `counts` and `left`, onto `stack`.
    #[inline]
    fn take(
        self,
        counts: &mut Counts,
        left: &mut u64,
        pair_group: &mut usize,
        stack: &mut Stack,
        tile: Tile,
    ) {
        let i = tile.index();
        let runs = (self.0 >> 2) as u8;
        counts[i] = 0;
        *left &= !(1 << i);
        if runs > 0 {
            counts[i + 1] -= runs;
            counts[i + 2] -= runs;
            *left &= !(u64::from(counts[i + 1] == 0) << (i + 1)
                | u64::from(counts[i + 2] == 0) << (i + 2));
        }
        for _ in 0..runs {
            stack.push(Block::Sequence(tile));
        }
        if self.0 & 1 != 0 {
            stack.push(Block::Triplet(tile));
        }
        if self.0 & 2 != 0 {
            stack.push(Block::Pair(tile));
            *pair_group = 4;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse;

    #[test]
    fn counts_decompositions() {
        let c = parse("111222333m").unwrap().counts;
        // 111 222 333, or 123 123 123.
        assert_eq!(decompositions(&c).len(), 2);
        let c = parse("11122233344455m").unwrap().counts;
        assert!(decompositions(&c).len() >= 3);
        let c = parse("1234m").unwrap().counts;
        assert!(decompositions(&c).is_empty());
    }

    /// The walk before the group tables pruned it: every choice followed to its end.
    fn reference(counts: &Counts) -> Vec<Vec<Block>> {
        fn go(
            c: &mut Counts,
            i: usize,
            need_pair: bool,
            b: &mut Vec<Block>,
            out: &mut Vec<Vec<Block>>,
        ) {
            let mut i = i;
            while i < 34 && c[i] == 0 {
                i += 1;
            }
            if i == 34 {
                if !need_pair {
                    out.push(b.clone());
                }
                return;
            }
            let t = Tile::new(i).unwrap();
            let seq_ok = !t.is_honor() && t.number() <= 7;
            let ci = c[i] as usize;
            for trip in 0..=usize::from(ci >= 3) {
                for pair in 0..=usize::from(need_pair) {
                    if 3 * trip + 2 * pair > ci {
                        continue;
                    }
                    let runs = ci - 3 * trip - 2 * pair;
                    if runs > 0 && (!seq_ok || c[i + 1] < runs as u8 || c[i + 2] < runs as u8) {
                        continue;
                    }
                    let mark = b.len();
                    c[i] = 0;
                    c[i + 1..].iter_mut().take(2).for_each(|x| *x -= runs as u8);
                    b.extend(std::iter::repeat_n(Block::Sequence(t), runs));
                    if trip == 1 {
                        b.push(Block::Triplet(t));
                    }
                    if pair == 1 {
                        b.push(Block::Pair(t));
                    }
                    go(c, i + 1, need_pair && pair == 0, b, out);
                    b.truncate(mark);
                    c[i] = ci as u8;
                    c[i + 1..].iter_mut().take(2).for_each(|x| *x += runs as u8);
                }
            }
        }
        let n: usize = counts.iter().map(|&c| c as usize).sum();
        let mut out = Vec::new();
        if n % 3 != 1 {
            go(
                &mut counts.clone(),
                0,
                n % 3 == 2,
                &mut Vec::new(),
                &mut out,
            );
        }
        out
    }

    /// The walk (the pair tried only in its group, the kinds as a mask) gives the plain
    /// walk's decompositions in the same order: on random complete hands of 2 to 17 tiles
    /// (sets and a pair, or sets alone), on random tiles (most have none), and on piles of one
    /// or two suits of up to 4 of each kind.
    #[test]
    fn walk_matches_the_reference() {
        let mut rng = fastrand::Rng::with_seed(5);
        let mut found = 0;
        for round in 0..60_000 {
            let mut c = [0u8; 34];
            match round % 3 {
                0 => {
                    let sets = rng.usize(0..=5);
                    let mut placed = 0;
                    while placed < sets {
                        let k = rng.usize(0..34);
                        let kinds = if k < 27 && k % 9 < 7 && rng.bool() {
                            [k, k + 1, k + 2]
                        } else {
                            [k; 3]
                        };
                        let mut d = c;
                        for x in kinds {
                            d[x] += 1;
                        }
                        if d.iter().all(|&v| v <= 4) {
                            c = d;
                            placed += 1;
                        }
                    }
                    if rng.bool() {
                        let k = rng.usize(0..34);
                        if c[k] <= 2 {
                            c[k] += 2;
                        }
                    }
                }
                1 => {
                    for _ in 0..rng.usize(1..=17) {
                        let k = rng.usize(0..34);
                        if c[k] < 4 {
                            c[k] += 1;
                        }
                    }
                }
                _ => {
                    // Up to 4 of each kind of one or two suits: groups beyond the tables.
                    for k in 0..18 {
                        c[k] = rng.u8(0..=4);
                    }
                }
            }
            let want = reference(&c);
            found += usize::from(!want.is_empty());
            assert_eq!(decompositions(&c), want, "{c:?}");
        }
        assert!(found > 20_000, "{found} hands with a decomposition");
    }
}
