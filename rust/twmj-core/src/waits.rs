//! Waits (聽牌): the kinds that complete a 16 − 3k hand, each with its shapes and copies left.

use crate::hand::Hand;
use crate::rules::Special;
use crate::shanten::{group, table_of};
use crate::tables::{self, wait_tables, GroupTable, WaitTables, MASK_AT, POW5, SHAPE_BITS};
use crate::tile::{group_bytes, Counts, Suit, Tile, COPIES};

/// How the winning tile sits in a decomposition of the completed hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Shape {
    /// 兩面: the open end of a two-sided run (34 waiting on 2 or 5).
    Ryanmen = tables::RYANMEN,
    /// 嵌張: the middle of a run (24 waiting on 3).
    Kanchan = tables::KANCHAN,
    /// 邊張: the 3 of 12 or the 7 of 89.
    Penchan = tables::PENCHAN,
    /// 單吊: the pair's second tile.
    Tanki = tables::TANKI,
    /// 雙碰: a pair becoming a triplet while another pair stays the eye.
    Shanpon = tables::SHANPON,
}

impl Shape {
    pub const ALL: [Shape; 5] = [
        Shape::Ryanmen,
        Shape::Kanchan,
        Shape::Penchan,
        Shape::Tanki,
        Shape::Shanpon,
    ];

    pub const fn key(self) -> &'static str {
        match self {
            Shape::Ryanmen => "ryanmen",
            Shape::Kanchan => "kanchan",
            Shape::Penchan => "penchan",
            Shape::Tanki => "tanki",
            Shape::Shanpon => "shanpon",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Shape::Ryanmen => "兩面",
            Shape::Kanchan => "嵌張",
            Shape::Penchan => "邊張",
            Shape::Tanki => "單吊",
            Shape::Shanpon => "雙碰",
        }
    }

    /// 獨聽 shapes: edge, closed or pair (taiwan 台數表 獨聽).
    pub const fn is_single(self) -> bool {
        matches!(self, Shape::Kanchan | Shape::Penchan | Shape::Tanki)
    }
}

/// A set of shapes, bit `Shape as u8`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Shapes(pub u8);

impl Shapes {
    pub fn contains(self, s: Shape) -> bool {
        self.0 >> s as u8 & 1 == 1
    }

    pub fn iter(self) -> impl Iterator<Item = Shape> {
        Shape::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

/// One wait: the tile, its shapes across all decompositions, and the copies still unseen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wait {
    pub tile: Tile,
    /// The shapes the tile takes in five sets and a pair (for 組合龍, in the sets and pair
    /// beside the knitted nine); none when only a special shape takes it.
    pub shapes: Shapes,
    pub remaining: u8,
    /// The special shape the tile completes (瀝咕瀝咕, 十三么, …), if any: a wait of its own
    /// shape, named by its own key and name, not by a regular shape's (003 names each shape;
    /// none of them is a 雙碰 or a 單吊 of five sets and a pair).
    pub special: Option<Special>,
}

impl Wait {
    /// The wait's shape keys: the regular shapes ([`Shape::key`]), then the special shape's
    /// ([`Special::key`]), as every answer lists them.
    pub fn shape_keys(&self) -> impl Iterator<Item = &'static str> {
        self.shapes
            .iter()
            .map(Shape::key)
            .chain(self.special.map(Special::key))
    }

    /// The same shapes by their Chinese names (兩面 …, 瀝咕瀝咕 …).
    pub fn shape_names(&self) -> impl Iterator<Item = &'static str> {
        self.shapes
            .iter()
            .map(Shape::name)
            .chain(self.special.map(Special::name))
    }
}

/// A special shape as a [`WaitList`] field: 0 for none, else its place in [`Special::ALL`]
/// plus one.
fn special_field(s: Option<Special>) -> u32 {
    s.and_then(|s| Special::ALL.iter().position(|&x| x == s))
        .map_or(0, |i| i as u32 + 1)
}

/// The special shape of a [`WaitList`] field ([`special_field`]).
fn special_of_field(f: u32) -> Option<Special> {
    (f as usize)
        .checked_sub(1)
        .and_then(|i| Special::ALL.get(i).copied())
}

/// Each group's tile count and table index (`Σ c_i·5^i`, [`GroupTable::index`]) of valid
/// `counts` (each at most 4), eight kinds a word at a time: digit pairs, then quads, are
/// joined lane-wise, with no multiply per kind (34 multiply-adds and their loads were a
/// third of the wait set's time).
#[inline]
pub(crate) fn group_keys(counts: &Counts) -> ([u32; 4], [usize; 4]) {
    const BYTES: u64 = 0x00ff_00ff_00ff_00ff;
    const PAIRS: u64 = 0x0000_ffff_0000_ffff;
    // Eight digits c0‥c7, c0 lowest: their sum, and Σ c_i·5^i.
    let eight = |w: u64| {
        let pairs = (w & BYTES) + 5 * (w >> 8 & BYTES);
        let quads = (pairs & PAIRS) + 25 * (pairs >> 16 & PAIRS);
        let idx = (quads & 0xffff_ffff) + 625 * (quads >> 32);
        let sum = w.wrapping_mul(0x0101_0101_0101_0101) >> 56;
        (sum as u32, idx as usize)
    };
    let mut sums = [0u32; 4];
    let mut idx = [0usize; 4];
    for g in 0..4 {
        let (w, last) = group_bytes(counts, g);
        let (s, i) = eight(w);
        sums[g] = s + u32::from(last);
        idx[g] = i + POW5[8] as usize * usize::from(last);
    }
    (sums, idx)
}

/// Where the winning tile of the concealed `counts` can go: the groups that can take it (bit
/// g for `Suit::ALL[g]`, 0 when no tile completes the hand), the two groups off 0 mod 3 that
/// are the only ones that can (lowest and highest: the same group when one is), and every
/// group's place in the [`WaitTables`].
///
/// Which groups take the tile varies from hand to hand at random, so nothing here branches on
/// it (one or two mispredicted branches a hand were 40 % of the full waits over many hands):
/// the callers read the two open groups' words, which the counts alone name, and keep those
/// of the takers, with masks. Inlined always: its answer went through memory, and was read
/// back before it was written out (a store-forwarding stall).
#[inline(always)]
#[allow(clippy::inline_always)]
fn taking(counts: &Counts) -> Taking {
    let (sums, idx) = group_keys(counts);
    let rest = sums.map(|n| n % 3);
    let at = [
        WaitTables::at(0, idx[0]),
        WaitTables::at(1, idx[1]),
        WaitTables::at(2, idx[2]),
        WaitTables::at(3, idx[3]),
    ];
    if !may_wait(rest) {
        return Taking {
            takers: 0,
            lo: 0,
            hi: 0,
            at,
        };
    }
    let open = (0..4).fold(0u8, |m, g| m | u8::from(rest[g] != 0) << g);
    Taking {
        takers: takers(rest, completes(wait_tables(), &at)),
        // `| 0x10`, `| 1` and `& 3` only keep the shifts in range (`may_wait` leaves one or
        // two groups open).
        lo: (open | 0x10).trailing_zeros() as usize & 3,
        hi: (7 - (open | 1).leading_zeros() as usize) & 3,
        at,
    }
}

/// [`taking`]'s answer.
#[derive(Clone, Copy)]
struct Taking {
    takers: u8,
    lo: usize,
    hi: usize,
    at: [usize; 4],
}

impl Taking {
    /// All ones when group `g` takes the tile, else 0.
    #[inline(always)]
    #[allow(clippy::inline_always)]
    fn keep(&self, g: usize) -> u64 {
        0u64.wrapping_sub(u64::from(self.takers >> g & 1))
    }

    /// The parts of the four groups from the lowest and the highest open group's (`lo_part`,
    /// `hi_part`), the others 0: picked with masks, and built whole rather than stored at a
    /// computed index (a list written that way was read back by the copy out of the function,
    /// a store-forwarding stall). When one group is open the two parts are the same.
    #[inline(always)]
    #[allow(clippy::inline_always)]
    fn spread(&self, lo_part: u64, hi_part: u64) -> [u64; 4] {
        let pick = |g: usize| {
            let at = |h: usize| 0u64.wrapping_sub(u64::from(g == h));
            lo_part & at(self.lo) | hi_part & at(self.hi)
        };
        [pick(0), pick(1), pick(2), pick(3)]
    }
}

/// The groups that can take the winning tile (bit g for `Suit::ALL[g]`), given each group's
/// tile count mod 3 (`rest`, a pattern [`may_wait`] admits) and whether it is complete: the
/// groups at 0 mod 3 must be complete; of the others (`open`), those not complete (`short`:
/// the 1 mod 3 group always) must be the one taking the tile. 0 when none can.
#[inline(always)]
#[allow(clippy::inline_always)]
fn takers(rest: [u32; 4], complete: [bool; 4]) -> u8 {
    // Bit masks joined with bit operations, not booleans with `&&`: the compiler branched on
    // each group's count, which the hands vary at random (a mispredicted branch or two per
    // hand was 40 % of the full waits over many hands).
    let mut open = 0u8;
    let mut done = 0u8;
    for g in 0..4 {
        open |= u8::from(rest[g] != 0) << g;
        done |= u8::from(complete[g]) << g;
    }
    let broken = !open & 0xf & !done;
    let short = open & !done;
    // Every open group when all are complete, the one short group when one is, else none.
    let takers = short | open & 0u8.wrapping_sub(u8::from(short == 0));
    let keep = u8::from(broken == 0) & u8::from(short & short.wrapping_sub(1) == 0);
    takers & 0u8.wrapping_sub(keep)
}

/// Whether each group is complete, given its place in the tables (`at`, [`WaitTables::at`]).
#[inline(always)]
#[allow(clippy::inline_always)]
fn completes(t: &WaitTables, at: &[usize; 4]) -> [bool; 4] {
    std::array::from_fn(|g| t.complete(at[g]))
}

/// One more tile can leave every group complete, given each group's tile count mod 3
/// (`rest`): either the one group holding 1 mod 3 tiles takes it (all others 0 mod 3), or one
/// of exactly two groups holding 2 mod 3 takes it and the other keeps the pair; ones + 8·twos
/// is then 1 or 16, worked out without a branch. Any other pattern has no wait, with no lookup
/// at all.
#[inline(always)]
#[allow(clippy::inline_always)]
pub(crate) fn may_wait(rest: [u32; 4]) -> bool {
    // r & 1 is 1 for 1 mod 3, (r & 2) << 2 is 8 for 2 mod 3 (a table of the two was built on
    // the stack at each call).
    let pattern: u32 = rest.iter().map(|&r| r & 1 | (r & 2) << 2).sum();
    // One test of a bit set, not `pattern == 1 || pattern == 16`: the compiler branched on
    // each, and ready hands have either pattern at random.
    (1u64 << 1 | 1 << 16) >> pattern & 1 == 1
}

/// The groups that can take the winning tile, from each group's tile count and table index,
/// for the discards of a hand ([`wait_masks_after_discard`]). [`taking`] and `wait_mask` keep
/// their own bodies: built on this and [`mask_of`], `wait_mask` measured 12 % slower on random
/// hands and 30 % on hot ready ones (24 → 31 ns), on the hottest path of the engine; still
/// 11 % slower on random hands with all three marked `#[inline(always)]`.
#[inline]
fn groups_of(sums: [u32; 4], idx: [usize; 4]) -> u8 {
    if !may_wait(sums.map(|n| n % 3)) {
        return 0;
    }
    let tabs = Suit::ALL.map(table_of);
    // The groups at 0 mod 3 must already be complete.
    for g in 0..4 {
        if sums[g] % 3 == 0 && !tabs[g].complete(idx[g]) {
            return 0;
        }
    }
    let mut groups = 0u8;
    for g in 0..4 {
        if sums[g] % 3 == 0 {
            continue;
        }
        // The other group off 0 mod 3 (if any) must be complete with its pair.
        let others = (0..4).all(|h| h == g || sums[h] % 3 == 0 || tabs[h].complete(idx[h]));
        if others {
            groups |= 1 << g;
        }
    }
    groups
}

/// The mask of the waits of the groups `groups` at table indices `idx`.
#[inline]
fn mask_of(groups: u8, idx: &[usize; 4]) -> u64 {
    let mut mask = 0u64;
    for (g, suit) in Suit::ALL.into_iter().enumerate() {
        if groups >> g & 1 == 1 {
            mask |= u64::from(table_of(suit).waits(idx[g])) << suit.base();
        }
    }
    mask
}

/// [`wait_mask`] of `counts` less one tile, for each kind it holds: `out[k]` is
/// `wait_mask(counts − k)` for every held kind k (0 for the others). The groups' counts and table indices are worked out once; each discard changes
/// only its own group's.
pub(crate) fn wait_masks_after_discard(counts: &Counts) -> [u64; crate::tile::KINDS] {
    let (sums, idx) = group_keys(counts);
    let mut out = [0u64; crate::tile::KINDS];
    for (g, suit) in Suit::ALL.into_iter().enumerate() {
        for i in 0..suit.len() {
            let k = suit.base() + i;
            if counts[k] == 0 {
                continue;
            }
            let (mut s2, mut i2) = (sums, idx);
            s2[g] -= 1;
            i2[g] -= POW5[i] as usize;
            out[k] = mask_of(groups_of(s2, i2), &i2);
        }
    }
    out
}

/// Bit i set when kind i completes the concealed `counts` (16 − 3k tiles), counting only the
/// copies in `counts` against the 4-copy limit. Melds are applied by [`crate::waits`].
#[inline]
pub fn wait_mask(counts: &Counts) -> u64 {
    let k = taking(counts);
    if k.takers == 0 {
        return 0;
    }
    let t = wait_tables();
    let waits = |g: usize| (t.word(k.at[g]) >> MASK_AT & k.keep(g)) << (9 * g);
    waits(k.lo) | waits(k.hi)
}

/// The shapes the tile `x` takes when it completes `counts` (x must be a wait of `counts`),
/// worked out on the hand; the full waits read them from the tables
/// ([`WaitTables::wait_shapes`]), which the tests hold to this.
pub fn shapes(counts: &Counts, x: Tile) -> Shapes {
    let suit = x.suit();
    let tab = table_of(suit);
    let mut g = [0u8; 9];
    let len = suit.len();
    g[..len].copy_from_slice(group(counts, suit));
    let xi = x.index() - suit.base();
    g[xi] += 1;
    let idx = GroupTable::index(&g[..len]);
    let p = |i: usize| POW5[i] as usize;
    let mut out = 0u8;
    let mut add = |s: Shape| out |= 1 << s as u8;
    if g[xi] >= 2 && tab.complete(idx - 2 * p(xi)) {
        add(Shape::Tanki);
    }
    if g[xi] >= 3 && tab.complete(idx - 3 * p(xi)) {
        add(Shape::Shanpon);
    }
    if suit != Suit::Honor {
        let run = |lo: usize| idx - p(lo) - p(lo + 1) - p(lo + 2);
        let has = |lo: usize| g[lo] > 0 && g[lo + 1] > 0 && g[lo + 2] > 0;
        if xi <= 6 && has(xi) && tab.complete(run(xi)) {
            add(if xi == 6 {
                Shape::Penchan
            } else {
                Shape::Ryanmen
            });
        }
        if (1..=7).contains(&xi) && has(xi - 1) && tab.complete(run(xi - 1)) {
            add(Shape::Kanchan);
        }
        if xi >= 2 && has(xi - 2) && tab.complete(run(xi - 2)) {
            add(if xi == 2 {
                Shape::Penchan
            } else {
                Shape::Ryanmen
            });
        }
    }
    Shapes(out)
}

/// Mask of kinds the player holds all 4 of (concealed plus melds): never a wait.
pub(crate) fn exhausted(own: &Counts) -> u64 {
    crate::tile::four_copies(own)
}

/// The waits of a validated hand as a bitmask, kinds the player holds all 4 of removed.
pub fn hand_wait_mask(hand: &Hand) -> u64 {
    wait_mask(&hand.concealed) & !exhausted(&hand.own_counts())
}

/// Bits per kind of a [`WaitList`]'s copies-left fields (0‥4 copies).
const LEFT_BITS: u32 = 3;

/// The waits of a hand in tile order, read through [`WaitList::iter`] as [`Wait`]s.
///
/// Packed by group (`Suit::ALL` order) in 64 bytes, each group's a [`WaitTables`] word (the
/// shapes of each waited kind, and the waited kinds), a word of copies left and a word of
/// special shapes (written whole, as 0, by the full waits; set only by the special ones): the full
/// waits write it a word at a time, where a list of 34 `Wait` slots (104 bytes) was written a
/// byte at a time and read back 16 bytes at a time when it was returned (a store-forwarding
/// stall, with its copies a fifth of the full waits of a ready hand).
#[derive(Clone, Copy, Default)]
pub struct WaitList {
    /// Per group, the waits with their shapes as a [`WaitTables::word`]: bits `5x‥5x+4` the
    /// shapes kind x of the group takes, bit `MASK_AT + x` set when x is a wait (every other
    /// bit 0, so equal lists are equal words).
    groups: [u64; 4],
    /// Per group, bits `3x‥3x+2`: the copies of kind x still unseen, where x is a wait; the
    /// fields of other kinds are left as the full waits found them (masking them was on the
    /// path of every answer), and nothing reads them: equality and hashing go by the waits.
    left: [u32; 4],
    /// Per group, bits `3x‥3x+2`: the special shape kind x completes ([`special_field`]), 0
    /// for none (every regular wait), so that a special wait is named by its own shape.
    special: [u32; 4],
}

impl WaitList {
    /// Group `g`'s copies left, the fields of kinds that are no wait cleared.
    #[inline]
    fn left_of(&self, g: usize) -> u32 {
        self.left[g] & fields_of(self.kinds(g)) as u32
    }
}

impl PartialEq for WaitList {
    fn eq(&self, other: &WaitList) -> bool {
        self.groups == other.groups
            && self.special == other.special
            && (0..4).all(|g| self.left_of(g) == other.left_of(g))
    }
}

impl Eq for WaitList {}

impl std::hash::Hash for WaitList {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.groups.hash(state);
        self.special.hash(state);
        for g in 0..4 {
            self.left_of(g).hash(state);
        }
    }
}

impl WaitList {
    /// No wait.
    pub const EMPTY: WaitList = WaitList {
        groups: [0; 4],
        left: [0; 4],
        special: [0; 4],
    };

    /// The waited kinds of group `g`, bit x for its kind x.
    #[inline]
    fn kinds(&self, g: usize) -> u64 {
        self.groups[g] >> MASK_AT
    }

    /// The wait on kind x of group g (x must be a wait).
    #[inline]
    fn at(&self, g: usize, x: u32) -> Option<Wait> {
        Some(Wait {
            tile: Tile::new(9 * g + x as usize)?,
            shapes: Shapes((self.groups[g] >> (SHAPE_BITS * x) & 0x1f) as u8),
            remaining: (self.left[g] >> (LEFT_BITS * x) & 0b111) as u8,
            special: special_of_field(self.special[g] >> (LEFT_BITS * x) & 0b111),
        })
    }

    /// True when the hand has no wait.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.groups == [0; 4]
    }

    /// The number of waits.
    #[inline]
    pub fn len(&self) -> usize {
        (0..4).map(|g| self.kinds(g).count_ones() as usize).sum()
    }

    /// The waited kinds as a bitmask (bit i = kind i).
    #[inline]
    pub fn mask(&self) -> u64 {
        (0..4).fold(0, |m, g| m | self.kinds(g) << (9 * g))
    }

    /// The wait on `tile`, if it is one.
    #[inline]
    pub fn get(&self, tile: Tile) -> Option<Wait> {
        let (g, x) = (tile.suit() as usize, (tile.index() % 9) as u32);
        if self.kinds(g) >> x & 1 == 0 {
            return None;
        }
        self.at(g, x)
    }

    /// The waits in tile order.
    #[inline]
    pub fn iter(&self) -> WaitIter {
        WaitIter {
            list: *self,
            group: 0,
            kinds: self.kinds(0),
        }
    }

    /// Adds the wait `w`; a kind already waited keeps its shapes joined with `w`'s (a kind
    /// both a regular and a special wait), takes `w`'s copies left, and takes `w`'s special
    /// shape when it has one.
    pub fn insert(&mut self, w: Wait) {
        let (g, x) = (w.tile.suit() as usize, (w.tile.index() % 9) as u32);
        self.groups[g] |= u64::from(w.shapes.0 & 0x1f) << (SHAPE_BITS * x) | 1 << (MASK_AT + x);
        self.left[g] = self.left[g] & !(0b111 << (LEFT_BITS * x))
            | u32::from(w.remaining.min(COPIES)) << (LEFT_BITS * x);
        if w.special.is_some() {
            self.special[g] = self.special[g] & !(0b111 << (LEFT_BITS * x))
                | special_field(w.special) << (LEFT_BITS * x);
        }
    }

    /// Keeps only the waits `keep` accepts.
    pub fn retain(&mut self, mut keep: impl FnMut(&Wait) -> bool) {
        for w in self.iter() {
            if !keep(&w) {
                let (g, x) = (w.tile.suit() as usize, (w.tile.index() % 9) as u32);
                self.groups[g] &= !(0x1f << (SHAPE_BITS * x) | 1 << (MASK_AT + x));
                self.left[g] &= !(0b111 << (LEFT_BITS * x));
                self.special[g] &= !(0b111 << (LEFT_BITS * x));
            }
        }
    }
}

/// The waits of a [`WaitList`] in tile order ([`WaitList::iter`]).
#[derive(Clone)]
pub struct WaitIter {
    list: WaitList,
    /// The group being read, and its kinds not yet read.
    group: usize,
    kinds: u64,
}

impl Iterator for WaitIter {
    type Item = Wait;

    #[inline]
    fn next(&mut self) -> Option<Wait> {
        loop {
            while self.kinds == 0 {
                self.group += 1;
                if self.group >= 4 {
                    return None;
                }
                self.kinds = self.list.kinds(self.group);
            }
            let x = self.kinds.trailing_zeros();
            self.kinds &= self.kinds - 1;
            if let Some(w) = self.list.at(self.group, x) {
                return Some(w);
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let later: usize = (self.group + 1..4)
            .map(|g| self.list.kinds(g).count_ones() as usize)
            .sum();
        let n = self.kinds.count_ones() as usize + later;
        (n, Some(n))
    }
}

impl ExactSizeIterator for WaitIter {}

impl IntoIterator for WaitList {
    type Item = Wait;
    type IntoIter = WaitIter;
    fn into_iter(self) -> WaitIter {
        self.iter()
    }
}

impl IntoIterator for &WaitList {
    type Item = Wait;
    type IntoIter = WaitIter;
    fn into_iter(self) -> WaitIter {
        self.iter()
    }
}

impl FromIterator<Wait> for WaitList {
    fn from_iter<I: IntoIterator<Item = Wait>>(iter: I) -> WaitList {
        let mut out = WaitList::EMPTY;
        for w in iter {
            out.insert(w);
        }
        out
    }
}

impl std::fmt::Debug for WaitList {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Bit x set when byte x of `w` (or the ninth count `ninth`, for x = 8) is 4 (counts checked).
#[inline(always)]
#[allow(clippy::inline_always)]
fn fours(w: u64, ninth: u8) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const LIFT: u64 = 0x7c7c_7c7c_7c7c_7c7c;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let high = w.wrapping_add(LIFT) & HIGH;
    (high >> 7).wrapping_mul(GATHER) >> 56 | u64::from(ninth >= COPIES) << 8
}

/// The bytes of `w` (each below 8) and `ninth` as 3-bit fields: byte x at bits `3x‥3x+2`,
/// joined lane-wise as in [`group_keys`].
#[inline(always)]
#[allow(clippy::inline_always)]
fn byte_fields(w: u64, ninth: u8) -> u64 {
    const BYTES: u64 = 0x00ff_00ff_00ff_00ff;
    const PAIRS: u64 = 0x0000_ffff_0000_ffff;
    let pairs = (w & BYTES) | (w >> 8 & BYTES) << LEFT_BITS;
    let quads = (pairs & PAIRS) | (pairs >> 16 & PAIRS) << (2 * LEFT_BITS);
    let eight = (quads & 0xffff_ffff) | (quads >> 32) << (4 * LEFT_BITS);
    eight | u64::from(ninth) << (8 * LEFT_BITS)
}

/// `0b111` at bits `3x‥3x+2` for each bit x of the 9-bit `m` (its bits spread three apart).
#[inline(always)]
#[allow(clippy::inline_always)]
fn fields_of(m: u64) -> u64 {
    let mut x = m & 0x1ff;
    x = (x | x << 16) & 0x0300_00ff;
    x = (x | x << 8) & 0x0300_f00f;
    x = (x | x << 4) & 0x030c_30c3;
    x = (x | x << 2) & 0x0924_9249;
    x * 0b111
}

/// The waits of the concealed `concealed`, with `own` its tiles and the melds' (a kind the
/// player holds all 4 of is never a wait) and the copies of each kind seen `a[i] + b[i]` (at
/// most 4 each: checked by the caller), a word at a time (see [`WaitList`]).
///
/// Without a branch on which groups take the tile ([`taking`]): the two open groups are read
/// and kept where they take it.
#[inline(always)]
#[allow(clippy::inline_always)]
fn collect(concealed: &Counts, own: &Counts, a: &Counts, b: &Counts) -> WaitList {
    let k = taking(concealed);
    if k.takers == 0 {
        // Not ready (most hands in play): nothing more to read. A branch taken one way for a
        // run of hands, as the hands in play are (not ready, then ready for a while).
        return WaitList::EMPTY;
    }
    let t = wait_tables();
    let (lo, hi) = (k.lo, k.hi);
    // The two words, each kept only when its group takes the tile.
    let mut w_lo = t.word(k.at[lo]) & k.keep(lo);
    let mut w_hi = t.word(k.at[hi]) & k.keep(hi);
    let (f_lo, l_lo) = counted(lo, own, a, b);
    let (f_hi, l_hi) = counted(hi, own, a, b);
    // A kind the player holds all 4 of (melds included) is never a wait. Without melds the
    // tables already leave out a kind the hand holds 4 of: nothing to check.
    if !std::ptr::eq(own, concealed) && (w_lo >> MASK_AT & f_lo | w_hi >> MASK_AT & f_hi) != 0 {
        for (word, f) in [(&mut w_lo, f_lo), (&mut w_hi, f_hi)] {
            let gone = *word >> MASK_AT & f;
            for x in 0..9 {
                if gone >> x & 1 == 1 {
                    *word &= !(0x1f << (SHAPE_BITS * x) | 1 << (MASK_AT + x));
                }
            }
        }
    }
    // The copies left of the taking groups' kinds, unmasked (see [`WaitList`]).
    let left = k.spread(l_lo & k.keep(lo), l_hi & k.keep(hi));
    WaitList {
        groups: k.spread(w_lo, w_hi),
        left: left.map(|l| l as u32),
        special: [0; 4],
    }
}

/// Group `g`'s counts as [`collect`] reads them: the kinds the player holds all 4 of (`own`,
/// melds included: never a wait), and the copies of each kind still unseen, `4 − a[i] −
/// b[i]`, as 3-bit fields (seen copies at most 4 a kind: no byte borrows; wrapping only so
/// that a broken promise gives wrong counts, not a panic).
#[inline(always)]
#[allow(clippy::inline_always)]
fn counted(g: usize, own: &Counts, a: &Counts, b: &Counts) -> (u64, u64) {
    const FOURS: u64 = 0x0404_0404_0404_0404;
    let (own8, own9) = group_bytes(own, g);
    let (a8, a9) = group_bytes(a, g);
    let (b8, b9) = group_bytes(b, g);
    let left = byte_fields(
        FOURS.wrapping_sub(a8).wrapping_sub(b8),
        COPIES.wrapping_sub(a9).wrapping_sub(b9) & 0b111,
    );
    (fours(own8, own9), left)
}

/// Waits given concealed counts, own counts (concealed + melds) and all seen counts (each at
/// most 4).
pub(crate) fn waits_seen(concealed: &Counts, own: &Counts, seen: &Counts) -> WaitList {
    collect(concealed, own, seen, &[0; crate::tile::KINDS])
}

/// Waits given concealed counts, own counts (concealed + melds) and the visible counts, the
/// copies seen being `own + visible` (at most 4 a kind: checked by the caller, see
/// [`crate::hand::check_seen`]).
pub(crate) fn waits_visible(concealed: &Counts, own: &Counts, visible: &Counts) -> WaitList {
    collect(concealed, own, own, visible)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Form;

    fn w(s: &str) -> Vec<(String, Vec<&'static str>)> {
        let h = match Hand::parse(s, &[], Form::Waiting, 16) {
            Ok(h) => h,
            Err(e) => panic!("{s}: {e}"),
        };
        match crate::special::waits(&h, &[0; 34], &crate::rules::Variant::default()) {
            Ok(v) => v
                .into_iter()
                .map(|w| (w.tile.code(), w.shapes.iter().map(Shape::key).collect()))
                .collect(),
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn rule_text_shapes() {
        // 3555 waits on 3 (單吊) and 4 (嵌張); 3345 on 3 and 6.
        assert_eq!(
            w("3555m 123p 456p 789p 111z"),
            vec![
                ("3m".to_owned(), vec!["tanki"]),
                ("4m".to_owned(), vec!["kanchan"])
            ]
        );
        assert_eq!(
            w("3345m 123p 456p 789p 111z"),
            vec![
                ("3m".to_owned(), vec!["ryanmen", "tanki"]),
                ("6m".to_owned(), vec!["ryanmen"])
            ]
        );
        // 二二二三四五六萬＋一到九筒 waits on 1, 3, 4, 6, 7萬.
        let codes: Vec<String> = w("2223456m123456789p").into_iter().map(|x| x.0).collect();
        assert_eq!(codes, ["1m", "3m", "4m", "6m", "7m"]);
    }

    /// The shapes table against the per-hand [`shapes`], over every configuration of the
    /// honours and a spread of the suit's (every 7th index; a prime stride reaches every digit
    /// pattern), each placed in one group of an otherwise complete hand.
    #[test]
    fn table_shapes_agree_with_the_hand() {
        let t = crate::tables::tables();
        let wt = wait_tables();
        for (suit, tab, stride) in [(Suit::Man, &t.suit, 7), (Suit::Honor, &t.honor, 1)] {
            let len = suit.len();
            for idx in (0..POW5[len] as usize).step_by(stride) {
                let at = WaitTables::at(suit as usize, idx);
                let word = wt.wait_shapes(at);
                let waits = tab.waits(idx);
                assert_eq!(wt.waits(at), waits, "{idx}");
                assert_eq!(wt.complete(at), tab.complete(idx), "{idx}");
                let mut counts = [0u8; 34];
                counts[suit.base()..suit.base() + len]
                    .copy_from_slice(&GroupTable::counts_of(idx)[..len]);
                for x in 0..len {
                    let field = (word >> (SHAPE_BITS as usize * x) & 0x1f) as u8;
                    assert_eq!(field != 0, waits >> x & 1 == 1, "{counts:?} kind {x}");
                    if let Some(tile) = Tile::new(suit.base() + x).filter(|_| field != 0) {
                        assert_eq!(shapes(&counts, tile).0, field, "{counts:?} kind {x}");
                    }
                }
            }
        }
    }

    /// A random hand of 16 − 3k tiles (k from `round`): on even rounds ready (sets and a pair
    /// minus a tile), on odd ones any tiles.
    fn test_hand(rng: &mut fastrand::Rng, round: usize) -> Counts {
        let mut c = [0u8; 34];
        let n = [16, 13, 10, 7, 4, 1][round % 6];
        if round % 2 == 0 {
            // Random sets and a pair, one tile taken out.
            let mut placed = 0;
            while placed < n + 1 {
                let k = rng.usize(0..34);
                let run = k % 9 < 7 && k < 27 && rng.bool();
                let (kinds, copies) = if placed + 2 == n + 1 {
                    ([k, k, k], 2)
                } else if run {
                    ([k, k + 1, k + 2], 3)
                } else {
                    ([k, k, k], 3)
                };
                let mut d = c;
                for &kk in &kinds[..copies] {
                    d[kk] += 1;
                }
                if d.iter().all(|&v| v <= 4) {
                    c = d;
                    placed += copies;
                }
            }
            let held: Vec<usize> = (0..34).filter(|&k| c[k] > 0).collect();
            c[held[rng.usize(0..held.len())]] -= 1;
        } else {
            let mut placed = 0;
            while placed < n {
                let k = rng.usize(0..34);
                if c[k] < 4 {
                    c[k] += 1;
                    placed += 1;
                }
            }
        }
        c
    }

    /// Each group's count and index read a word at a time, against the plain sum and
    /// [`GroupTable::index`]; and the wait mask against the slow wait computation (each kind
    /// added in turn, the hand checked for a win by [`crate::is_win_counts`]), on random hands
    /// of 16 − 3k tiles, ready or not.
    #[test]
    fn wait_mask_agrees_with_adding_each_kind() {
        let mut rng = fastrand::Rng::with_seed(14);
        let mut ready = 0;
        for round in 0..60_000 {
            let c = test_hand(&mut rng, round);
            let (sums, idx) = group_keys(&c);
            for suit in Suit::ALL {
                let g = group(&c, suit);
                let s: u32 = g.iter().map(|&x| u32::from(x)).sum();
                assert_eq!(sums[suit as usize], s, "{c:?}");
                assert_eq!(idx[suit as usize], GroupTable::index(g), "{c:?}");
            }
            let mut slow = 0u64;
            for i in 0..34 {
                let mut d = c;
                d[i] += 1;
                if c[i] < 4 && crate::is_win_counts(&d) {
                    slow |= 1 << i;
                }
            }
            assert_eq!(wait_mask(&c), slow, "{c:?}");
            ready += usize::from(slow != 0);
        }
        assert!(ready > 15_000, "{ready} ready hands");
    }

    /// The full waits against the wait mask and the per-hand shapes, on random hands of
    /// 16 − 3k tiles that are ready (sets and a pair minus a tile) or not, with copies seen
    /// in melds (a kind held 4 times) and visible elsewhere; and the list read every way
    /// ([`WaitList::len`], `mask`, `get`, `retain`, built by `insert`) against a `Vec`.
    #[test]
    fn full_waits_agree_with_mask_and_shapes() {
        let mut rng = fastrand::Rng::with_seed(16);
        let mut ready = 0;
        for round in 0..20_000 {
            let c = test_hand(&mut rng, round);
            // Melds' copies seen through `own`: a random kind held 4 times in all.
            let mut own = c;
            let k = rng.usize(0..34);
            if rng.u8(0..4) == 0 {
                own[k] = 4;
            }
            // Visible copies within what the hand leaves, on half the rounds.
            let mut visible = [0u8; 34];
            if round % 4 < 2 {
                for (v, &o) in visible.iter_mut().zip(&own) {
                    *v = rng.u8(0..=COPIES - o);
                }
            }
            let seen: Counts = std::array::from_fn(|i| own[i] + visible[i]);
            let mask = wait_mask(&c) & !exhausted(&own);
            let expected: Vec<Wait> = (0..34)
                .filter(|&i| mask >> i & 1 == 1)
                .filter_map(Tile::new)
                .map(|tile| Wait {
                    tile,
                    shapes: shapes(&c, tile),
                    remaining: COPIES - seen[tile.index()],
                    special: None,
                })
                .collect();
            ready += usize::from(!expected.is_empty());
            let got = waits_visible(&c, &own, &visible);
            // A hand without melds passes its concealed counts as its own, and the check of
            // kinds held 4 times is left out (the tables leave them out already).
            assert_eq!(
                waits_visible(&c, &c, &visible),
                waits_visible(&c, &c.clone(), &visible)
            );
            if own == c {
                assert_eq!(waits_visible(&c, &c, &visible), got, "{c:?}");
            }
            assert_eq!(got.iter().collect::<Vec<_>>(), expected, "{c:?}");
            assert_eq!(waits_seen(&c, &own, &seen), got, "{c:?}");
            assert_eq!(got.len(), expected.len());
            assert_eq!(got.iter().len(), expected.len());
            assert_eq!(got.is_empty(), expected.is_empty());
            assert_eq!(got.mask(), mask);
            for tile in Tile::all() {
                let want = expected.iter().find(|w| w.tile == tile).copied();
                assert_eq!(got.get(tile), want, "{c:?} {tile:?}");
            }
            // Built by `insert` (copies-left fields of other kinds 0) or by the full waits
            // (those fields as found): equal, and hashed alike.
            let built = expected.iter().copied().collect::<WaitList>();
            assert_eq!(built, got);
            let hash = |w: &WaitList| {
                use std::hash::{BuildHasher, BuildHasherDefault};
                BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
                    .hash_one(w)
            };
            assert_eq!(hash(&built), hash(&got), "{c:?}");
            // A random half kept, the list rebuilt from the rest, and one wait's shapes
            // joined and copies replaced.
            let keep: Vec<bool> = expected.iter().map(|_| rng.bool()).collect();
            let mut kept = got;
            let mut n = 0;
            kept.retain(|_| {
                n += 1;
                keep[n - 1]
            });
            let rest: Vec<Wait> = expected
                .iter()
                .zip(&keep)
                .filter(|&(_, &k)| k)
                .map(|(w, _)| *w)
                .collect();
            assert_eq!(kept.iter().collect::<Vec<_>>(), rest);
            assert_eq!(rest.iter().copied().collect::<WaitList>(), kept);
            if let Some(&first) = expected.first() {
                let mut joined = got;
                joined.insert(Wait {
                    tile: first.tile,
                    shapes: Shapes(1 << Shape::Tanki as u8),
                    remaining: 1,
                    special: None,
                });
                let w = joined.get(first.tile);
                assert_eq!(
                    w.map(|w| (w.shapes.0, w.remaining)),
                    Some((first.shapes.0 | 1 << Shape::Tanki as u8, 1))
                );
                assert_eq!(joined.len(), got.len());
            }
        }
        assert!(ready > 5_000, "{ready} ready hands");
    }

    #[test]
    fn edge_and_closed() {
        assert_eq!(
            w("12m 123p 456p 789p 111s 11z"),
            vec![("3m".to_owned(), vec!["penchan"])]
        );
        assert_eq!(
            w("13m 123p 456p 789p 111s 11z"),
            vec![("2m".to_owned(), vec!["kanchan"])]
        );
        assert_eq!(
            w("11m 123p 456p 789p 111s 22z"),
            vec![
                ("1m".to_owned(), vec!["shanpon"]),
                ("2z".to_owned(), vec!["shanpon"])
            ]
        );
    }
}
