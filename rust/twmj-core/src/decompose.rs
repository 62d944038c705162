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

/// All decompositions of `counts` into sets plus at most one pair (exactly one when the count
/// is 2 mod 3), each a list of blocks in tile order; each multiset of blocks appears once.
pub fn decompositions(counts: &Counts) -> Vec<Vec<Block>> {
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    if n % 3 == 1 {
        return Vec::new();
    }
    let mut out = Vec::new();
    let mut c = *counts;
    let mut blocks = Vec::with_capacity(6);
    walk(&mut c, 0, n % 3 == 2, &mut blocks, &mut out);
    out
}

fn walk(
    c: &mut Counts,
    i: usize,
    need_pair: bool,
    blocks: &mut Vec<Block>,
    out: &mut Vec<Vec<Block>>,
) {
    let mut i = i;
    while i < 34 && c[i] == 0 {
        i += 1;
    }
    if i == 34 {
        if !need_pair {
            out.push(blocks.clone());
        }
        return;
    }
    let Some(t) = Tile::new(i) else { return };
    let seq_ok = !t.is_honor() && t.number() <= 7;
    let ci = c[i] as usize;
    // Choose at once how many triplets, pairs and runs start at this kind.
    for trip in 0..=usize::from(ci >= 3) {
        for pair in 0..=usize::from(need_pair) {
            if 3 * trip + 2 * pair > ci {
                continue;
            }
            let runs = ci - 3 * trip - 2 * pair;
            if runs > 0 && (!seq_ok || c[i + 1] < runs as u8 || c[i + 2] < runs as u8) {
                continue;
            }
            let mark = blocks.len();
            c[i] = 0;
            if runs > 0 {
                c[i + 1] -= runs as u8;
                c[i + 2] -= runs as u8;
            }
            for _ in 0..runs {
                blocks.push(Block::Sequence(t));
            }
            if trip == 1 {
                blocks.push(Block::Triplet(t));
            }
            if pair == 1 {
                blocks.push(Block::Pair(t));
            }
            walk(c, i + 1, need_pair && pair == 0, blocks, out);
            blocks.truncate(mark);
            c[i] = ci as u8;
            if runs > 0 {
                c[i + 1] += runs as u8;
                c[i + 2] += runs as u8;
            }
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
}
