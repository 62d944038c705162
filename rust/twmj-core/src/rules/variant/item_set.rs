//! [`ItemSet`]: a set of tai items, one bit each, as the scorer's hot path reads them.

use crate::rules::item::Item;

/// The words of an [`ItemSet`]: enough for every item, the special shapes' included (three,
/// where four made every set operation of the scorer a quarter longer).
pub(super) const SET_WORDS: usize = Item::ALL.div_ceil(64);

/// A set of [`Item`]s, one bit each.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ItemSet([u64; SET_WORDS]);

impl ItemSet {
    pub const EMPTY: ItemSet = ItemSet([0; SET_WORDS]);

    pub const fn contains(&self, item: Item) -> bool {
        let i = item as usize;
        self.0[i / 64] >> (i % 64) & 1 == 1
    }

    /// The set with `item` added. Every word is written, the bit or 0, rather than the one
    /// word indexed: a set built item by item then stays in registers (the indexed write puts
    /// it in memory, and reading the set back whole stalls on each such write).
    #[must_use]
    pub const fn with(mut self, item: Item) -> ItemSet {
        let i = item as usize;
        let mut w = 0;
        while w < SET_WORDS {
            self.0[w] |= ((i / 64 == w) as u64) << (i % 64);
            w += 1;
        }
        self
    }

    /// The set without `item` (every word written, as [`ItemSet::with`]).
    #[must_use]
    pub const fn without(mut self, item: Item) -> ItemSet {
        let i = item as usize;
        let mut w = 0;
        while w < SET_WORDS {
            self.0[w] &= !(((i / 64 == w) as u64) << (i % 64));
            w += 1;
        }
        self
    }

    /// The items of the set, in [`Item`] order, as indices.
    pub fn indices(self) -> Indices {
        Indices {
            words: self.0,
            word: 0,
        }
    }

    /// Every item judged on five sets and a pair (below [`Item::COUNT`]) not in the set.
    #[must_use]
    pub const fn complement(self) -> ItemSet {
        let mut out = ItemSet::EMPTY;
        let mut i = 0;
        while i < SET_WORDS {
            let lo = i * 64;
            let mask = if Item::COUNT >= lo + 64 {
                u64::MAX
            } else if Item::COUNT > lo {
                (1u64 << (Item::COUNT - lo)) - 1
            } else {
                0
            };
            out.0[i] = !self.0[i] & mask;
            i += 1;
        }
        out
    }

    /// The items in both.
    #[must_use]
    pub const fn intersection(self, other: ItemSet) -> ItemSet {
        let mut i = 0;
        let mut out = self;
        while i < SET_WORDS {
            out.0[i] &= other.0[i];
            i += 1;
        }
        out
    }

    /// The items of `self` not in `other`.
    #[must_use]
    pub const fn difference(self, other: ItemSet) -> ItemSet {
        let mut i = 0;
        let mut out = self;
        while i < SET_WORDS {
            out.0[i] &= !other.0[i];
            i += 1;
        }
        out
    }

    /// How many items the set holds.
    pub const fn len(self) -> u32 {
        let (mut n, mut i) = (0, 0);
        while i < SET_WORDS {
            n += self.0[i].count_ones();
            i += 1;
        }
        n
    }

    /// No item: the words or'd, not counted (the scorer asks this per item it holds).
    pub const fn is_empty(self) -> bool {
        let (mut any, mut i) = (0, 0);
        while i < SET_WORDS {
            any |= self.0[i];
            i += 1;
        }
        any == 0
    }

    /// The first item (lowest index) in one of the two sets and not the other, if they differ.
    pub const fn first_difference(self, other: ItemSet) -> Option<usize> {
        let mut i = 0;
        while i < SET_WORDS {
            let x = self.0[i] ^ other.0[i];
            if x != 0 {
                return Some(i * 64 + x.trailing_zeros() as usize);
            }
            i += 1;
        }
        None
    }

    /// The item of index `i` is in the set.
    pub const fn contains_index(&self, i: usize) -> bool {
        i < SET_WORDS * 64 && self.0[i / 64] >> (i % 64) & 1 == 1
    }

    #[must_use]
    pub const fn union(self, other: ItemSet) -> ItemSet {
        let mut i = 0;
        let mut out = self;
        while i < SET_WORDS {
            out.0[i] |= other.0[i];
            i += 1;
        }
        out
    }
}

const _: () = assert!(Item::ALL <= SET_WORDS * 64, "an ItemSet holds every item");

/// The items of an [`ItemSet`] as indices, in order ([`ItemSet::indices`]): the lowest bit
/// of the current word, cleared as it is taken (a plain loop where a `flat_map` of
/// `from_fn`s kept an inner and an outer state on the hot path of the scorer).
#[derive(Debug, Clone)]
pub struct Indices {
    words: [u64; SET_WORDS],
    word: usize,
}

impl Iterator for Indices {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while let Some(bits) = self.words.get_mut(self.word) {
            if *bits != 0 {
                let i = bits.trailing_zeros() as usize;
                *bits &= *bits - 1;
                return Some(self.word * 64 + i);
            }
            self.word += 1;
        }
        None
    }
}

pub(super) const fn bits(items: &[Item]) -> ItemSet {
    let mut b = ItemSet::EMPTY;
    let mut i = 0;
    while i < items.len() {
        b = b.with(items[i]);
        i += 1;
    }
    b
}
