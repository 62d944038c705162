//! Per-group lookup tables, built once on first use: completeness, one-tile waits, and the
//! overlap vectors behind shanten.
//!
//! Kept whole: not generated data but the builders of the lookup tables the waits and shanten
//! hot loops read, each built from another's private layout (the group table, the wait
//! tables, the overlaps, the useful entries, the cap marks); splitting it means moving those
//! hot loops' tables, to be done with a bench of both (issue #34 left it whole).
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
//! Built by linear passes over the index space (see `GroupTable::build` and
//! `base5_overlaps`), well under a second in release builds; the overlap vectors are then
//! kept only for the configurations of at most 17 tiles, in a dense order by tile count
//! ([`Overlaps`]). `force()` builds them eagerly (the Python module calls it at import).
//! Hands with melds also read [`CapMarks`], built on their first use: where a suit's caps
//! (the copies its melds hold) provably leave its overlap vector as the table has it.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::OnceLock;

use crate::tile::COPIES;

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
}

/// Bits per kind in a [`WaitTables::wait_shapes`] word: one per shape, numbered as below
/// (the tables sit below the waits, whose `Shape` takes these numbers).
pub const SHAPE_BITS: u32 = 5;
/// 兩面, 嵌張, 邊張, 單吊, 雙碰: each shape's bit in a [`WaitTables::wait_shapes`] field.
pub const RYANMEN: u8 = 0;
pub const KANCHAN: u8 = 1;
pub const PENCHAN: u8 = 2;
pub const TANKI: u8 = 3;
pub const SHANPON: u8 = 4;

impl GroupTable {
    fn build(len: usize, sequences: bool) -> GroupTable {
        let size = POW5[len] as usize;
        // The digits of idx are kept by counting in base 5 ([`step_up`]) rather than divided
        // out of it: a division per digit per configuration was most of the build's time
        // (in WebAssembly, the first call's, issue 27 item 5).
        let mut g = [0u8; 9];
        // Pass 1, increasing index: tile sums and completeness. Removing tiles lowers the
        // index, so every configuration a rule looks at is already known.
        let mut sums = vec![0u8; size];
        let mut flags = vec![0u16; size];
        for idx in 0..size {
            if idx > 0 {
                step_up(&mut g[..len]);
            }
            let sum: usize = g[..len].iter().map(|&d| usize::from(d)).sum();
            sums[idx] = sum.min(255) as u8;
            let complete = if sum == 0 {
                true
            } else if sum % 3 == 1 || sum > MAX_TILES {
                false
            } else {
                // The first tile present must open a triplet, a sequence, or be the pair.
                let i = g[..len].iter().position(|&d| d > 0).unwrap_or(0);
                let ci = g[i];
                let p = POW5[i] as usize;
                let is_complete = |j: usize| flags[j] & COMPLETE != 0;
                (ci >= 3 && is_complete(idx - 3 * p))
                    || (sum % 3 == 2 && ci >= 2 && is_complete(idx - 2 * p))
                    || (sequences
                        && i + 2 < len
                        && g[i + 1] > 0
                        && g[i + 2] > 0
                        && is_complete(idx - p - 5 * p - 25 * p))
            };
            if complete {
                flags[idx] |= COMPLETE;
            }
        }
        let mut complete_bits = vec![0u64; size.div_ceil(64)];
        for (idx, f) in flags.iter().enumerate() {
            if f & COMPLETE != 0 {
                complete_bits[idx / 64] |= 1 << (idx % 64);
            }
        }
        // One-tile waits of each configuration, read from the completeness bits (in cache,
        // where the flags a digit up are far apart).
        let complete = |j: usize| complete_bits[j / 64] >> (j % 64) & 1 == 1;
        let mut g = [0u8; 9];
        for idx in 0..size {
            if idx > 0 {
                step_up(&mut g[..len]);
            }
            if sums[idx] as usize >= MAX_TILES || sums[idx] % 3 == 0 {
                continue;
            }
            let mut mask = 0u16;
            for (x, &d) in g[..len].iter().enumerate() {
                if d < 4 && complete(idx + POW5[x] as usize) {
                    mask |= 1 << x;
                }
            }
            flags[idx] |= mask;
        }
        GroupTable {
            len,
            sequences,
            flags,
            complete_bits,
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

    /// The counts of table index `idx` (below 5^9), the inverse of [`GroupTable::index`]: a
    /// group of fewer kinds has 0 past its last.
    #[inline]
    pub fn counts_of(idx: usize) -> [u8; 9] {
        std::array::from_fn(|i| (idx / POW5[i] as usize % 5) as u8)
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
}

/// The [`WaitTables::wait_shapes`] words of `t`'s configurations in index order: each waited
/// kind's shapes in the completed group, read from the completeness bits (`waits::shapes` is
/// the per-hand reference the tests hold it to).
fn shape_words(t: &GroupTable) -> impl Iterator<Item = u64> + '_ {
    let (len, sequences, flags) = (t.len, t.sequences, &t.flags);
    let complete = |idx: usize| t.complete(idx);
    let p = |i: usize| POW5[i] as usize;
    // The digits of idx, kept by counting in base 5 rather than dividing each time.
    let mut g = [0u8; 9];
    (0..flags.len()).map(move |idx| {
        if idx > 0 {
            for d in g.iter_mut().take(len) {
                if *d < 4 {
                    *d += 1;
                    break;
                }
                *d = 0;
            }
        }
        let waits = flags[idx] & WAIT_MASK;
        let mut word = 0u64;
        for xi in (0..len).filter(|&x| waits >> x & 1 == 1) {
            // The completed group c + x, index `full`.
            let full = idx + p(xi);
            let held = |i: usize| g[i] + u8::from(i == xi);
            let mut bits = 0u8;
            let mut add = |s: u8| bits |= 1 << s;
            if held(xi) >= 2 && complete(full - 2 * p(xi)) {
                add(TANKI);
            }
            if held(xi) >= 3 && complete(full - 3 * p(xi)) {
                add(SHANPON);
            }
            if sequences {
                let has = |lo: usize| held(lo) > 0 && held(lo + 1) > 0 && held(lo + 2) > 0;
                let run = |lo: usize| complete(full - p(lo) - p(lo + 1) - p(lo + 2));
                // x opening 123‥789: 兩面, or 邊張 for the 7 of 89.
                if xi + 2 < len && has(xi) && run(xi) {
                    add(if xi == 6 { PENCHAN } else { RYANMEN });
                }
                // x in the middle: 嵌張.
                if xi >= 1 && xi + 1 < len && has(xi - 1) && run(xi - 1) {
                    add(KANCHAN);
                }
                // x closing a run: 兩面, or 邊張 for the 3 of 12.
                if xi >= 2 && has(xi - 2) && run(xi - 2) {
                    add(if xi == 2 { PENCHAN } else { RYANMEN });
                }
            }
            word |= u64::from(bits) << (SHAPE_BITS as usize * xi);
        }
        word
    })
}

/// Each configuration of `t` in index order: its [`WaitTables::wait_shapes`] word and its wait
/// mask ([`GroupTable::waits`]).
fn shapes_and_waits(t: &GroupTable) -> impl Iterator<Item = (u64, u16)> + '_ {
    shape_words(t)
        .zip(&t.flags)
        .map(|(w, &f)| (w, f & WAIT_MASK))
}

/// The waits of both group kinds, packed for the per-hand questions of [`crate::waits`]: is a
/// group complete, and what does it wait on (with the shapes, for the full waits). A hand asks
/// the first of every group and the second of the one or two groups that can take the tile.
///
/// The suit's configurations and the honours' share one index space ([`WaitTables::at`]: the
/// honours from [`HONOR_AT`]), so a group's answer is read without choosing a table first
/// (the full waits read the one or two taking groups by the hand's counts, and choosing
/// between two tables' arrays was six selects a read).
///
/// Only 172,591 of the suit's 1,953,125 configurations have waits, and they have only
/// 10,887 distinct shapes words, so each of those configurations holds a 2-byte number of
/// its word, in index order, found through a bitset of them with a running count per 64
/// (`blocks`). What a hand reads then fits this host's 2 MiB of L2 per core (suit:
/// completeness 244 KB, blocks 488 KB, numbers 345 KB, words 87 KB) where a wait mask per
/// configuration took 3.9 MB, and a word per configuration with waits 1.4 MB, and went to
/// L3 for every ready hand.
pub struct WaitTables {
    /// The completeness bits ([`GroupTable::complete`]), 64 configurations a word.
    complete: Vec<u64>,
    /// Per 64 configurations: which have waits, and how many before them do.
    blocks: Vec<Block>,
    /// The number in `words` of each configuration with waits, then a 0.
    ids: Vec<u16>,
    /// The distinct words, the most used first (their lines stay in cache), 0 first: the
    /// shapes ([`WaitTables::wait_shapes`]) in bits 0‥44, the wait mask
    /// ([`GroupTable::waits`]) in bits 48‥56.
    words: Vec<u64>,
}

/// A hasher for the [`WaitTables`] words while they are numbered: one multiply (the keys are
/// the table's own words, no input reaches it).
#[derive(Default)]
struct WordHasher(u64);

impl Hasher for WordHasher {
    fn finish(&self) -> u64 {
        // The product's high half mixed into its low half: a 32-bit target indexes by the low.
        self.0 ^ self.0 >> 32
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
}

type WordHash = BuildHasherDefault<WordHasher>;

/// Where a [`WaitTables`] word keeps the wait mask (the shapes are below it).
pub const MASK_AT: u32 = 48;

/// Where the honours' configurations start in the [`WaitTables`] index space: after the
/// suit's 5^9, at a whole block of 64.
pub const HONOR_AT: usize = (POW5[9] as usize).div_ceil(64) * 64;

#[derive(Clone, Copy, Default)]
struct Block {
    waits: u64,
    before: u32,
}

impl WaitTables {
    fn build(suit: &GroupTable, honor: &GroupTable) -> WaitTables {
        let size = HONOR_AT + honor.flags.len();
        let mut blocks: Vec<Block> = Vec::with_capacity(size.div_ceil(64));
        // Sized for the suit's 172,591 configurations with waits and their 10,887 distinct
        // words (plus the honours'), so neither grows by copying.
        let mut each = Vec::with_capacity(180_000);
        // The suit's, none for the padding up to `HONOR_AT`, then the honours'.
        let words = shapes_and_waits(suit)
            .chain(std::iter::repeat_n((0, 0), HONOR_AT - suit.flags.len()))
            .chain(shapes_and_waits(honor));
        for (at, (word, waits)) in words.enumerate() {
            if at % 64 == 0 {
                blocks.push(Block {
                    waits: 0,
                    before: u32::try_from(each.len()).unwrap_or(u32::MAX),
                });
            }
            if word != 0 {
                if let Some(m) = blocks.last_mut() {
                    m.waits |= 1 << (at % 64);
                }
                each.push(word | u64::from(waits) << MASK_AT);
            }
        }
        // The distinct words by how many configurations use them, most first (ties by
        // value, so the table is the same on every build).
        // Hashed by one multiply ([`WordHash`]; SipHash was a tenth of a first `waits` in
        // WebAssembly, and sorting 172,591 words more).
        let mut uses: HashMap<u64, u32, WordHash> =
            HashMap::with_capacity_and_hasher(12_000, WordHash::default());
        for &w in &each {
            *uses.entry(w).or_default() += 1;
        }
        let mut words: Vec<u64> = uses.keys().copied().collect();
        words.sort_unstable_by_key(|w| (std::cmp::Reverse(uses[w]), *w));
        words.insert(0, 0);
        let number: HashMap<u64, u16, WordHash> = words
            .iter()
            .enumerate()
            .map(|(i, &w)| (w, u16::try_from(i).unwrap_or(0)))
            .collect();
        let mut ids: Vec<u16> = each.iter().map(|w| number[w]).collect();
        // The slot past the last configuration with waits, which a probe without waits
        // may point at (its number is then masked to 0 rather than branched around).
        ids.push(0);
        // The suit's completeness words end at `HONOR_AT` exactly (5^9 rounded up to 64).
        let mut complete = suit.complete_bits.clone();
        complete.resize(HONOR_AT / 64, 0);
        complete.extend_from_slice(&honor.complete_bits);
        WaitTables {
            complete,
            blocks,
            ids,
            words,
        }
    }

    /// The index of group `g`'s configuration `idx` (`Suit::ALL[g]`, `idx` its
    /// [`GroupTable::index`]).
    #[inline]
    pub const fn at(g: usize, idx: usize) -> usize {
        if g == 3 {
            HONOR_AT + idx
        } else {
            idx
        }
    }

    /// Whether the configuration at `at` ([`WaitTables::at`]) is complete
    /// ([`GroupTable::complete`]).
    #[inline]
    pub fn complete(&self, at: usize) -> bool {
        self.complete[at / 64] >> (at % 64) & 1 == 1
    }

    /// The word of the configuration at `at` ([`WaitTables::at`]; 0 when it has no waits):
    /// the shapes of each waited kind ([`WaitTables::wait_shapes`]) and, from bit
    /// [`MASK_AT`], the wait mask.
    #[inline]
    pub fn word(&self, at: usize) -> u64 {
        let b = self.blocks[at / 64];
        let bit = 1u64 << (at % 64);
        let slot = b.before as usize + (b.waits & (bit - 1)).count_ones() as usize;
        let any = 0u16.wrapping_sub(u16::from(b.waits & bit != 0));
        self.words[usize::from(self.ids[slot] & any)]
    }

    /// Bit x set when adding kind x completes the configuration at `at` ([`WaitTables::at`],
    /// [`GroupTable::waits`]).
    #[inline]
    pub fn waits(&self, at: usize) -> u16 {
        (self.word(at) >> MASK_AT) as u16
    }

    /// The waits of the configuration at `at` ([`WaitTables::at`]) with their shapes: bits
    /// `5x‥5x+4` hold the shapes (bit `Shape as u8`) kind x takes when it completes the
    /// group, 0 when x is no wait. Whether x completes the hand as a whole depends only on
    /// this group (the others are complete or keep the pair), and so do its shapes: the full
    /// waits need no second pass.
    #[inline]
    pub fn wait_shapes(&self, at: usize) -> u64 {
        self.word(at) & ((1 << MASK_AT) - 1)
    }
}

static WAIT_TABLES: OnceLock<WaitTables> = OnceLock::new();

/// The wait tables, built on first call: from [`tables`] when they are built already, else
/// from group tables of their own, dropped once read. The wait tables keep all they need, and
/// a ready hand's waits need neither the overlap vectors nor the rest of [`tables`], whose
/// build took most of a first ready `waits` (in WebAssembly 1.3 s, the first-use budget of
/// issue 27 item 5 is 300 ms); a process that wants both (`force`) builds [`tables`] first.
pub fn wait_tables() -> &'static WaitTables {
    WAIT_TABLES.get_or_init(|| {
        if let Some(t) = TABLES.get() {
            WaitTables::build(&t.suit, &t.honor)
        } else {
            WaitTables::build(&GroupTable::build(9, true), &GroupTable::build(7, false))
        }
    })
}

/// The wait tables as bytes (little-endian, whatever the host): the four lengths as `u32`,
/// then `complete`, `blocks` (each `waits` then `before`), `ids` and `words`. The WebAssembly
/// build computes them at compile time (rust/twmj-wasm/build.rs) and ships them inside the
/// module, so a first `waits` there reads them instead of building them (issue 27 item 5,
/// first use ≤ 300 ms in Node; the build took most of it).
#[doc(hidden)]
pub fn wait_tables_bytes() -> Vec<u8> {
    let t = wait_tables();
    let mut out = Vec::with_capacity(
        16 + t.complete.len() * 8 + t.blocks.len() * 12 + t.ids.len() * 2 + t.words.len() * 8,
    );
    for n in [t.complete.len(), t.blocks.len(), t.ids.len(), t.words.len()] {
        out.extend_from_slice(&u32::try_from(n).unwrap_or(u32::MAX).to_le_bytes());
    }
    for w in &t.complete {
        out.extend_from_slice(&w.to_le_bytes());
    }
    for b in &t.blocks {
        out.extend_from_slice(&b.waits.to_le_bytes());
        out.extend_from_slice(&b.before.to_le_bytes());
    }
    for i in &t.ids {
        out.extend_from_slice(&i.to_le_bytes());
    }
    for w in &t.words {
        out.extend_from_slice(&w.to_le_bytes());
    }
    out
}

/// Reads [`wait_tables_bytes`]' layout back; `None` when the bytes are not that layout (wrong
/// lengths for this build's index space, an id past the words, a block count that does not
/// add up), so a stale or damaged blob is refused rather than read.
fn wait_tables_from(bytes: &[u8]) -> Option<WaitTables> {
    fn take<'a>(bytes: &mut &'a [u8], n: usize) -> Option<&'a [u8]> {
        if bytes.len() < n {
            return None;
        }
        let (head, rest) = bytes.split_at(n);
        *bytes = rest;
        Some(head)
    }
    fn u64s(bytes: &mut &[u8], n: usize) -> Option<Vec<u64>> {
        let raw = take(bytes, n.checked_mul(8)?)?;
        Some(
            raw.chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
                .collect(),
        )
    }
    let mut rest = bytes;
    let mut lens = [0usize; 4];
    for n in &mut lens {
        let raw = take(&mut rest, 4)?;
        *n = u32::from_le_bytes(raw.try_into().ok()?) as usize;
    }
    let [nc, nb, ni, nw] = lens;
    let size = HONOR_AT + POW5[7] as usize;
    if nc != size.div_ceil(64) || nb != size.div_ceil(64) || nw == 0 || nw > 1 << 16 {
        return None;
    }
    let complete = u64s(&mut rest, nc)?;
    let raw = take(&mut rest, nb.checked_mul(12)?)?;
    let blocks: Vec<Block> = raw
        .chunks_exact(12)
        .map(|c| Block {
            waits: u64::from_le_bytes(c[..8].try_into().unwrap_or([0; 8])),
            before: u32::from_le_bytes(c[8..].try_into().unwrap_or([0; 4])),
        })
        .collect();
    let raw = take(&mut rest, ni.checked_mul(2)?)?;
    let ids: Vec<u16> = raw
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    let words = u64s(&mut rest, nw)?;
    // Every lookup stays in bounds: each block's slots lie within `ids` (one past the last
    // configuration with waits is the trailing 0), and each id names a word.
    let with_waits: usize = blocks.iter().map(|b| b.waits.count_ones() as usize).sum();
    let mut seen = 0usize;
    for b in &blocks {
        if b.before as usize != seen {
            return None;
        }
        seen += b.waits.count_ones() as usize;
    }
    if !rest.is_empty() || ni != with_waits + 1 || ids.iter().any(|&i| usize::from(i) >= nw) {
        return None;
    }
    Some(WaitTables {
        complete,
        blocks,
        ids,
        words,
    })
}

/// Installs wait tables computed elsewhere ([`wait_tables_bytes`]), so [`wait_tables`] does
/// not build them. True when they are now the ones in use; false when the bytes are not the
/// layout (the tables are then built on first need as usual) or tables are in use already.
#[doc(hidden)]
pub fn install_wait_tables(bytes: &[u8]) -> bool {
    match wait_tables_from(bytes) {
        Some(t) => WAIT_TABLES.set(t).is_ok(),
        None => false,
    }
}

/// Whether [`tables`] is built yet: the probe of the test that a ready hand's first waits
/// builds only the wait tables (`tests/first_use.rs`).
#[doc(hidden)]
pub fn tables_built() -> bool {
    TABLES.get().is_some()
}

/// The suit table and the honour table, and the overlap vectors of both.
pub struct Tables {
    pub suit: GroupTable,
    pub honor: GroupTable,
    pub overlaps: Overlaps,
}

static TABLES: OnceLock<Tables> = OnceLock::new();

/// The tables, built on first call.
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(|| {
        let suit = GroupTable::build(9, true);
        let honor = GroupTable::build(7, false);
        let overlaps = Overlaps::build(&suit, &honor);
        Tables {
            suit,
            honor,
            overlaps,
        }
    })
}

/// Values of a chunk of three kinds (5^3), the unit of [`Overlaps`]' dense rank.
const CHUNK: usize = 125;
/// Tile counts a group may hold (0–17), the rows of the rank tables.
const SUMS: usize = MAX_TILES + 1;
/// Blank vectors before the first configuration's and after the last one's, so that 16
/// bytes read from up to 11 bytes before a vector or up to 22 bytes into it (the windows of
/// [`Overlaps::suit_window`] and [`Overlaps::honor_reversed_window`]) stay inside the table.
const PAD: usize = 3;

/// The overlap vectors (`overlap[m][p]`, see the module doc) of every group configuration of
/// at most [`MAX_TILES`] tiles, in a dense order by tile count: a suit's 886,400 of its
/// 1,953,125 base-5 indices (10.6 MB where a vector per index took 23.4 MB), the honours'
/// 64,200. The configurations of a random 16-tile hand's groups hold about 4 tiles, and the
/// 42,185 suit configurations of at most 9 tiles are the first 506 KB: the vectors a shanten
/// reads stay in the L2 instead of being spread over the whole table.
///
/// A configuration's rank is a sum of three reads of small tables over its chunks of kinds
/// (a suit's 1–3, 4–6, 7–9; the honours' first kind alone, then 2–4 and 5–7, so both end with
/// the same two chunks of three and share their tables): all configurations of fewer tiles,
/// then, among those of as many tiles, the ones below it in the order of (first chunk, middle
/// chunk, last chunk), each chunk by its base-5 value.
pub struct Overlaps {
    /// `suit_first[s * 125 + x]`: the suit configurations of fewer than s tiles, plus those
    /// of s tiles whose first chunk is below x.
    suit_first: Vec<u32>,
    /// `honor_first[s * 5 + x]`: the same for the honours, whose first chunk is one kind.
    honor_first: Vec<u32>,
    /// `middle[r * 125 + x]`: the ways for the last two chunks to hold r tiles with the middle
    /// chunk below x.
    middle: Vec<u32>,
    /// `last[x]`: the chunks of three kinds below x holding as many tiles as x.
    last: Vec<u32>,
    /// The suit's vectors by rank, after [`PAD`] blank ones and followed by as many.
    suit: Vec<Overlap>,
    honor: Vec<Overlap>,
    /// The honours' vectors again, each reversed (slot 11 first), for the lane-wise shanten.
    honor_reversed: Vec<Overlap>,
}

/// A chunk of three kinds: its base-5 value and its tile count.
#[inline]
fn chunk3(c: &[u8]) -> (usize, usize) {
    let (a, b, d) = (usize::from(c[0]), usize::from(c[1]), usize::from(c[2]));
    (a + 5 * b + 25 * d, a + b + d)
}

/// The tiles in a chunk of `kinds` kinds of base-5 value `x`.
fn digit_sum(x: usize, kinds: usize) -> usize {
    (0..kinds).map(|i| x / POW5[i] as usize % 5).sum()
}

impl Overlaps {
    fn build(suit: &GroupTable, honor: &GroupTable) -> Overlaps {
        // ways3[r]: chunks of three kinds holding r tiles; ways_last2[r]: pairs of them.
        let mut ways3 = [0u32; 13];
        for x in 0..CHUNK {
            ways3[digit_sum(x, 3)] += 1;
        }
        let mut ways_last2 = [0u32; 25];
        for (a, &wa) in ways3.iter().enumerate() {
            for (b, &wb) in ways3.iter().enumerate() {
                ways_last2[a + b] += wa * wb;
            }
        }
        // Σ over the chunk values below x (of `kinds` kinds) of ways[r − their tiles].
        let below =
            |kinds: usize, values: usize, ways: &[u32], out: &mut Vec<u32>, base: &[u32]| {
                for r in 0..SUMS {
                    let mut acc = base[r];
                    for x in 0..values {
                        out[r * values + x] = acc;
                        let t = digit_sum(x, kinds);
                        if t <= r {
                            acc += ways.get(r - t).copied().unwrap_or(0);
                        }
                    }
                }
            };
        let mut middle = vec![0u32; SUMS * CHUNK];
        below(3, CHUNK, &ways3, &mut middle, &[0; SUMS]);
        let last = (0..CHUNK)
            .map(|x| {
                let t = digit_sum(x, 3);
                (0..x).filter(|&y| digit_sum(y, 3) == t).count() as u32
            })
            .collect();
        // The configurations of fewer than s tiles, for s = 0‥17: Σ over the first chunk.
        let bases = |kinds: usize, values: usize| -> [u32; SUMS] {
            let mut total = [0u32; SUMS + 1];
            for x in 0..values {
                let t = digit_sum(x, kinds);
                for (r, &w) in ways_last2.iter().enumerate() {
                    if t + r < SUMS {
                        total[t + r + 1] += w;
                    }
                }
            }
            let mut acc = 0;
            let mut out = [0u32; SUMS];
            for s in 0..SUMS {
                acc += total[s];
                out[s] = acc;
            }
            out
        };
        let mut suit_first = vec![0u32; SUMS * CHUNK];
        below(3, CHUNK, &ways_last2, &mut suit_first, &bases(3, CHUNK));
        let mut honor_first = vec![0u32; SUMS * 5];
        below(1, 5, &ways_last2, &mut honor_first, &bases(1, 5));
        let mut o = Overlaps {
            suit_first,
            honor_first,
            middle,
            last,
            suit: Vec::new(),
            honor: Vec::new(),
            honor_reversed: Vec::new(),
        };
        o.suit = o.dense(suit);
        o.honor = o.dense(honor);
        o.honor_reversed = o
            .honor
            .iter()
            .map(|v| std::array::from_fn(|k| v[11 - k]))
            .collect();
        o
    }

    /// The vectors of `t`'s configurations of at most [`MAX_TILES`] tiles by rank.
    fn dense(&self, t: &GroupTable) -> Vec<Overlap> {
        let base5 = base5_overlaps(t);
        let mut out = Vec::new();
        let mut digits = [0u8; 9];
        for (idx, o) in base5.iter().enumerate() {
            if idx > 0 {
                step_up(&mut digits[..t.len]);
            }
            if digits.iter().map(|&d| usize::from(d)).sum::<usize>() > MAX_TILES {
                continue;
            }
            let at = PAD + self.rank(&digits[..t.len]);
            if out.len() < at + 1 + PAD {
                out.resize(at + 1 + PAD, [0u8; 12]);
            }
            out[at] = *o;
        }
        out
    }

    /// The dense rank of a suit configuration (9 counts, at most [`MAX_TILES`] tiles), and
    /// its tile count.
    // Always inlined: the shanten reads the four ranks of a hand side by side, and an
    // outlined rank is a call that reloads the table pointers.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn suit_rank(&self, c: &[u8]) -> (usize, usize) {
        let (x0, s0) = chunk3(&c[0..3]);
        let (x1, s1) = chunk3(&c[3..6]);
        let (x2, s2) = chunk3(&c[6..9]);
        let rank = self.suit_first[(s0 + s1 + s2) * CHUNK + x0] as usize
            + self.middle[(s1 + s2) * CHUNK + x1] as usize
            + self.last[x2] as usize;
        (rank, s0 + s1 + s2)
    }

    /// The dense rank of an honour configuration (7 counts), and its tile count.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub fn honor_rank(&self, c: &[u8]) -> (usize, usize) {
        let x0 = usize::from(c[0]);
        let (x1, s1) = chunk3(&c[1..4]);
        let (x2, s2) = chunk3(&c[4..7]);
        let rank = self.honor_first[(x0 + s1 + s2) * 5 + x0] as usize
            + self.middle[(s1 + s2) * CHUNK + x1] as usize
            + self.last[x2] as usize;
        (rank, x0 + s1 + s2)
    }

    /// The dense rank of a group's configuration: 9 counts a suit, 7 the honours.
    #[inline]
    pub fn rank(&self, c: &[u8]) -> usize {
        if c.len() == 9 {
            self.suit_rank(c).0
        } else {
            self.honor_rank(c).0
        }
    }

    /// The overlap vector of a suit configuration (9 counts).
    #[inline]
    pub fn suit(&self, c: &[u8]) -> &Overlap {
        &self.suit[PAD + self.suit_rank(c).0]
    }

    /// The overlap vector of an honour configuration (7 counts).
    #[inline]
    pub fn honor(&self, c: &[u8]) -> &Overlap {
        &self.honor[PAD + self.honor_rank(c).0]
    }

    /// The overlap vector of the suit configuration of rank `rank`.
    #[inline]
    pub fn suit_at(&self, rank: usize) -> &Overlap {
        &self.suit[PAD + rank]
    }

    /// The 28 bytes around the vector of the suit configuration of rank `rank`: 11 before it
    /// (the end of the vectors before), the vector at 11‥22, and 5 after. Sixteen bytes read
    /// from `11 − j` are the vector moved up `j` slots, with other bytes below slot j and past
    /// slot 11.
    #[inline]
    pub fn suit_window(&self, rank: usize) -> Option<&[u8; 28]> {
        let at = (PAD + rank) * 12;
        self.suit
            .as_flattened()
            .get(at - 11..at + 17)?
            .try_into()
            .ok()
    }

    /// The 27 bytes of the reversed vectors of the honours (slot 11 first) from slot `t` of
    /// the configuration of rank `rank` (t ≤ 11): sixteen bytes read from `j` (j ≤ 11) hold
    /// slot `t − j − s` at lane s while that is ≥ 0, and other bytes past it.
    #[inline]
    pub fn honor_reversed_window(&self, rank: usize, t: usize) -> Option<&[u8; 27]> {
        let at = (PAD + rank) * 12 + 11 - t.min(11);
        self.honor_reversed
            .as_flattened()
            .get(at..at + 27)?
            .try_into()
            .ok()
    }

    /// The overlap vector of a group's configuration: 9 counts a suit, 7 the honours.
    #[inline]
    pub fn group(&self, c: &[u8]) -> &Overlap {
        if c.len() == 9 {
            self.suit(c)
        } else {
            self.honor(c)
        }
    }
}

/// The overlap vector of each configuration of `t` by base-5 index, from its completeness
/// bits (0 where the configuration holds more than [`MAX_TILES`] tiles).
fn base5_overlaps(t: &GroupTable) -> Vec<Overlap> {
    let len = t.len;
    let size = POW5[len] as usize;
    // The digits of idx counted in base 5 ([`step_up`], [`step_down`]), not divided out.
    let mut g = [0u8; 9];
    let sums: Vec<u8> = (0..size)
        .map(|idx| {
            if idx > 0 {
                step_up(&mut g[..len]);
            }
            g[..len]
                .iter()
                .map(|&d| usize::from(d))
                .sum::<usize>()
                .min(255) as u8
        })
        .collect();
    // Pass 2, decreasing index: `sub[c]` bit m*2+p says c fits inside some complete
    // target of m sets and p pairs (c itself, or c plus one more tile).
    let mut sub = vec![0u16; size];
    let mut g = [4u8; 9];
    for idx in (0..size).rev() {
        if idx + 1 < size {
            step_down(&mut g[..len]);
        }
        let sum = sums[idx] as usize;
        if sum > MAX_TILES {
            continue;
        }
        let mut bits = 0u16;
        if t.complete(idx) {
            bits |= 1 << (sum / 3 * 2 + usize::from(sum % 3 == 2));
        }
        if sum < MAX_TILES {
            for x in 0..len {
                if g[x] < 4 {
                    bits |= sub[idx + POW5[x] as usize];
                }
            }
        }
        sub[idx] = bits;
    }
    // Pass 3, increasing index: the best overlap is |c| where c fits a target, and
    // otherwise the best over c minus one tile.
    let mut overlap = vec![[0u8; 12]; size];
    let mut g = [0u8; 9];
    for idx in 1..size {
        step_up(&mut g[..len]);
        let sum = sums[idx] as usize;
        if sum > MAX_TILES {
            continue;
        }
        let mut best = [0u8; 12];
        for x in 0..len {
            if g[x] > 0 {
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
    overlap
}

/// The base-5 digits of the next index (`g` the digits of an index, lowest first).
#[inline]
fn step_up(g: &mut [u8]) {
    for d in g {
        if *d < 4 {
            *d += 1;
            return;
        }
        *d = 0;
    }
}

/// The base-5 digits of the index before.
#[inline]
fn step_down(g: &mut [u8]) {
    for d in g {
        if *d > 0 {
            *d -= 1;
            return;
        }
        *d = 4;
    }
}

/// The limits a melded suit's caps are checked against ([`CapMarks`]): limit 0 allows at
/// most 3 copies of every kind in a target (what 吃 leave: each of their kinds keeps room
/// for 3 or more), limit 1 + i allows at most 1 copy of kind i and 4 of the others (what a
/// 碰 of kind i leaves).
pub const CAP_LIMITS: usize = 10;

/// Most copies of each kind of a suit target under limit `v` ([`CAP_LIMITS`]).
fn cap_limit(v: usize) -> [u8; 9] {
    std::array::from_fn(|i| match v {
        0 => COPIES - 1,
        _ if i + 1 == v => 1,
        _ => COPIES,
    })
}

/// For each suit configuration (by base-5 index), bit v set when the limit v of
/// [`CAP_LIMITS`] leaves its whole overlap vector as the uncapped table has it (3.9 MB),
/// built on first use: hands without melds never need it.
///
/// Melds cap the copies of their kinds in a target; where a suit's caps allow every target
/// of a limit, the capped vector lies between that limit's and the uncapped one, so a
/// marked configuration's capped vector is the table's, and the capped programme
/// ([`overlap_capped`], about 2 µs a hand) is left for the rest. Random melded hands'
/// suits are almost all marked.
///
/// Built in two passes over the configurations for all ten limits at once, each limit's
/// twelve (sets, pair) slots a field of a 128-bit word: decreasing, whether the
/// configuration lies inside a complete target of the slot within the limit; increasing,
/// whether the limit's overlap equals the table's. The limit's overlap is the tile count
/// where the configuration lies inside such a target, else the best with one tile fewer (as
/// in `base5_overlaps`); it is never above the table's, so it equals it exactly where the
/// configuration fits, or where some configuration one tile fewer has both the same table
/// value and an equal limit value.
pub struct CapMarks {
    marks: Vec<u16>,
}

impl CapMarks {
    fn build(suit: &GroupTable) -> CapMarks {
        const SLOTS: usize = 12;
        let size = POW5[9] as usize;
        let table = base5_overlaps(suit);
        let limits: [[u8; 9]; CAP_LIMITS] = std::array::from_fn(cap_limit);
        let digits = GroupTable::counts_of;
        // Each limit's field of twelve slots, as one mask repeated per limit.
        let every: u128 = (0..CAP_LIMITS).fold(0, |m, v| m | (1 << (v * SLOTS)));
        let field = (1u128 << SLOTS) - 1;
        // Pass 1, decreasing index: `word[c]` bit v·12 + k says c lies inside a complete
        // target of slot k within limit v (c itself, or c plus one more tile).
        let mut word = vec![0u128; size];
        for idx in (0..size).rev() {
            let d = digits(idx);
            let sum: usize = d.iter().map(|&x| usize::from(x)).sum();
            if sum > MAX_TILES {
                continue;
            }
            let mut bits = 0u128;
            if suit.complete(idx) {
                let k = sum / 3 * 2 + usize::from(sum % 3 == 2);
                for (v, l) in limits.iter().enumerate() {
                    if d.iter().zip(l).all(|(a, b)| a <= b) {
                        bits |= 1 << (v * SLOTS + k);
                    }
                }
            }
            if sum < MAX_TILES {
                for x in 0..9 {
                    if d[x] < COPIES {
                        bits |= word[idx + POW5[x] as usize];
                    }
                }
            }
            word[idx] = bits;
        }
        // Pass 2, increasing index, in place (a configuration's own fit is read before its
        // word is overwritten, those with one tile fewer are already done): bit v·12 + k
        // says limit v's overlap at slot k equals the table's.
        let mut marks = vec![0u16; size];
        word[0] = every * field;
        for idx in 1..size {
            let d = digits(idx);
            if d.iter().map(|&x| usize::from(x)).sum::<usize>() > MAX_TILES {
                continue;
            }
            let mut bits = word[idx];
            let here = &table[idx];
            for x in 0..9 {
                if d[x] > 0 {
                    let below = idx - POW5[x] as usize;
                    let same = (0..SLOTS)
                        .filter(|&k| table[below][k] == here[k])
                        .fold(0u128, |m, k| m | (1 << k));
                    bits |= word[below] & (same * every);
                }
            }
            word[idx] = bits;
            for v in 0..CAP_LIMITS {
                if (bits >> (v * SLOTS)) & field == field {
                    marks[idx] |= 1 << v;
                }
            }
        }
        // The empty configuration: every limit leaves its vector (all 0) as it is.
        marks[0] = (1 << CAP_LIMITS) - 1;
        CapMarks { marks }
    }

    /// Whether limit `v` ([`CAP_LIMITS`]) leaves the overlap vector of the suit
    /// configuration of base-5 index `idx` as the table has it.
    #[inline]
    pub fn marked(&self, idx: usize, v: usize) -> bool {
        self.marks.get(idx).is_some_and(|m| m >> v & 1 == 1)
    }
}

/// [`CapMarks`] of the suit table, built on first call.
pub fn cap_marks() -> &'static CapMarks {
    static MARKS: OnceLock<CapMarks> = OnceLock::new();
    MARKS.get_or_init(|| CapMarks::build(&tables().suit))
}

/// Builds the tables now rather than on the first analysis.
pub fn force() {
    let _ = tables();
    let _ = wait_tables();
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
    /// An entry of `overlap` and the useful-kind masks `useful` (9 bits each), as the
    /// table holds it.
    pub fn new(overlap: Overlap, useful: [u16; 12]) -> Entry {
        let mut packed = 0u128;
        for (k, &m) in useful.iter().enumerate() {
            packed |= u128::from(m & 0x1ff) << (9 * k);
        }
        Entry {
            useful: packed,
            overlap,
        }
    }

    /// The union of the useful-kind masks at the slots `slots` (bit k = slot k = 2m + p):
    /// each slot's 9-bit field kept under a mask, then the twelve fields folded onto one.
    #[inline]
    pub fn useful_at(&self, slots: u32) -> u16 {
        let keep = u128::from(FIELDS[(slots & 63) as usize])
            | u128::from(FIELDS[(slots >> 6 & 63) as usize]) << 54;
        let x = self.useful & keep;
        // Fields 6‥11 onto 0‥5, then 3‥5 onto 0‥2, then 1 and 2 onto 0.
        let x = (x | x >> 54) as u64 & ((1 << 54) - 1);
        let x = x | x >> 27;
        ((x | x >> 9 | x >> 18) & 0x1ff) as u16
    }

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

/// For six slots as bits, the 9-bit fields of those slots all set: [`Entry::useful_at`]'s
/// mask.
const FIELDS: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut m = 0;
    while m < 64 {
        let mut k = 0;
        while k < 6 {
            if m >> k & 1 == 1 {
                t[m] |= 0x1ff << (9 * k);
            }
            k += 1;
        }
        m += 1;
    }
    t
};

/// The analysis tables: only discard analysis needs them, so they are built on its first
/// use (62 MB for a suit).
pub struct Useful {
    pub suit: Vec<Entry>,
    pub honor: Vec<Entry>,
}

static USEFUL: OnceLock<Useful> = OnceLock::new();

fn build_useful(t: &GroupTable, overlaps: &Overlaps) -> Vec<Entry> {
    let size = POW5[t.len] as usize;
    let mut out = vec![Entry::default(); size];
    let mut digits = [0u8; 9];
    for (idx, slot) in out.iter_mut().enumerate() {
        if idx > 0 {
            step_up(&mut digits[..t.len]);
        }
        let sum: usize = digits.iter().map(|&d| usize::from(d)).sum();
        if sum > MAX_TILES {
            continue;
        }
        let base = *overlaps.group(&digits[..t.len]);
        slot.overlap = base;
        if sum == MAX_TILES {
            continue;
        }
        for x in 0..t.len {
            if digits[x] == 4 {
                continue;
            }
            digits[x] += 1;
            let o = overlaps.group(&digits[..t.len]);
            digits[x] -= 1;
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
            suit: build_useful(&t.suit, &t.overlaps),
            honor: build_useful(&t.honor, &t.overlaps),
        }
    })
}

/// Lanes hold a gain plus `BIAS`; a lane below `BIAS` is unreachable. Along any path the
/// gains add up to at most the group's 17 tiles, so an unreachable lane (from 0) stays under
/// 17 and never passes for a reachable one; unsigned lanes with saturating adds and `max`
/// are single SSE2 instructions (`paddusb`, `pmaxub`).
const BIAS: u8 = 64;
/// The gain for each (sets, pair), lane `m * 2 + p`, plus [`BIAS`]. Lanes 12–15 are padding
/// (more than five sets), so a state is one 16-byte vector.
type Lanes = [u8; 16];
/// A state's lanes moved up by some sets: room for a shift of up to 11 lanes.
type Wide = [u8; 32];

/// The capped programme's states at a cut between two kinds: index `s1 * 5 + s2` for `s1`
/// sequences started one kind before the cut and `s2` two kinds before, both still owed a
/// copy of the kind after the cut. Each state holds its best gain for every (sets, pair) as
/// one vector of lanes, so a choice at a kind is one shifted lane-wise max.
#[derive(Clone, Copy)]
struct Cut {
    lanes: [Lanes; 25],
    /// Bit `s1 * 5 + s2` set when some lane of that state is reachable.
    live: u32,
}

/// One choice at a kind: from state `from` (before the kind) to state `to` (after it), the
/// lanes moving up by `off` (two a set; one more, from the no-pair lanes, for a pair), with
/// `copies` of the kind in the target.
#[derive(Clone, Copy, Default)]
struct Step {
    from: u8,
    to: u8,
    off: u8,
    pair: bool,
    copies: u8,
}

/// The choices at a kind with room for `cap` copies (0–4) in a target, with sequences
/// allowed to start there or not: `s0` sequences started there, a triplet or not, a pair or
/// not, `s0 + s1 + s2 + 3·trip + 2·pair ≤ cap`. At most 49 (cap 4, sequences).
struct Steps {
    steps: [Step; 64],
    len: usize,
}

fn steps_for(cap: usize, sequences: bool) -> Steps {
    let mut out = Steps {
        steps: [Step::default(); 64],
        len: 0,
    };
    for s1 in 0..5 {
        for s2 in 0..5 - s1 {
            if s1 + s2 > cap {
                continue;
            }
            let most = if sequences { cap - s1 - s2 } else { 0 };
            for s0 in 0..=most {
                for trip in 0..2usize {
                    for pair in 0..2usize {
                        let t = s0 + s1 + s2 + 3 * trip + 2 * pair;
                        let dm = s0 + trip;
                        if t <= cap && dm <= 5 && out.len < 64 {
                            out.steps[out.len] = Step {
                                from: (s1 * 5 + s2) as u8,
                                to: (s0 * 5 + s1) as u8,
                                off: (2 * dm + pair) as u8,
                                pair: pair == 1,
                                copies: t as u8,
                            };
                            out.len += 1;
                        }
                    }
                }
            }
        }
    }
    out
}

/// The step lists, by cap (0–4) and whether sequences may start at the kind.
fn steps(cap: u8, sequences: bool) -> &'static [Step] {
    static STEPS: OnceLock<[[Steps; 2]; 5]> = OnceLock::new();
    let all =
        STEPS.get_or_init(|| std::array::from_fn(|c| [steps_for(c, false), steps_for(c, true)]));
    let s = &all[usize::from(cap.min(4))][usize::from(sequences)];
    &s.steps[..s.len]
}

/// Raises `into[off..off + 16]` lane-wise to `from + gain`.
#[inline]
fn raise(into: &mut Wide, off: usize, from: &Lanes, gain: u8) {
    let Some(dst) = into.get_mut(off..off + 16) else {
        return;
    };
    for (d, &f) in dst.iter_mut().zip(from) {
        *d = (*d).max(f.saturating_add(gain));
    }
}

impl Cut {
    const EMPTY: Cut = Cut {
        lanes: [[0; 16]; 25],
        live: 0,
    };

    /// Nothing decided: no sequence open, no set, no pair, gain 0.
    fn start() -> Cut {
        let mut c = Cut::EMPTY;
        c.lanes[0][0] = BIAS;
        c.live = 1;
        c
    }

    /// Each state's lanes with the pair lanes unreachable: what a pair may be added to.
    fn no_pair(&self) -> [Lanes; 25] {
        let mut out = self.lanes;
        for l in &mut out {
            for k in (1..16).step_by(2) {
                l[k] = 0;
            }
        }
        out
    }

    /// The first 16 lanes of each wide state (the rest is more than five sets).
    fn narrow(wide: &[Wide; 25], live: u32) -> Cut {
        let mut c = Cut::EMPTY;
        for (l, w) in c.lanes.iter_mut().zip(wide) {
            l.copy_from_slice(&w[..16]);
        }
        c.live = live;
        c
    }

    /// The cut after one more kind, holding `held` copies with room for `cap` in a target:
    /// the best of every choice there, from each state before.
    fn forward(&self, held: u8, cap: u8, sequences: bool) -> Cut {
        let evens = self.no_pair();
        let mut wide = [[0u8; 32]; 25];
        let mut live = 0u32;
        for st in steps(cap, sequences) {
            let (from, to) = (usize::from(st.from), usize::from(st.to));
            if self.live >> from & 1 == 0 {
                continue;
            }
            live |= 1 << to;
            let src = if st.pair {
                &evens[from]
            } else {
                &self.lanes[from]
            };
            raise(&mut wide[to], usize::from(st.off), src, st.copies.min(held));
        }
        Cut::narrow(&wide, live)
    }

    /// Going backward: `self` holds, for each state arriving after one kind, the best gain of
    /// the kinds from there on; the result holds the same for the states arriving before it.
    fn backward(&self, held: u8, cap: u8, sequences: bool) -> Cut {
        let evens = self.no_pair();
        let mut wide = [[0u8; 32]; 25];
        let mut live = 0u32;
        for st in steps(cap, sequences) {
            let (from, to) = (usize::from(st.from), usize::from(st.to));
            if self.live >> to & 1 == 0 {
                continue;
            }
            live |= 1 << from;
            let src = if st.pair { &evens[to] } else { &self.lanes[to] };
            raise(
                &mut wide[from],
                usize::from(st.off),
                src,
                st.copies.min(held),
            );
        }
        Cut::narrow(&wide, live)
    }

    /// The best overlap of the whole group through this cut: each state's prefix gains
    /// (`self`) combined with its suffix gains (`after`) by max-plus over (sets, pair).
    fn meet(&self, after: &Cut) -> Overlap {
        let mut best = [0u8; 12];
        let mut both = self.live & after.live;
        // Two biased lanes add to the sum plus 2·BIAS; less than that is unreachable.
        let add = |x: u8, y: u8| u16::from(x) + u16::from(y);
        while both != 0 {
            let state = both.trailing_zeros() as usize;
            both &= both - 1;
            let (a, b) = (&self.lanes[state], &after.lanes[state]);
            for m1 in 0..6 {
                for m2 in 0..6 - m1 {
                    let m = (m1 + m2) * 2;
                    let sums = [
                        add(a[m1 * 2], b[m2 * 2]),
                        add(a[m1 * 2], b[m2 * 2 + 1]).max(add(a[m1 * 2 + 1], b[m2 * 2])),
                    ];
                    for (p, sum) in sums.into_iter().enumerate() {
                        let gain = sum.saturating_sub(2 * u16::from(BIAS)) as u8;
                        best[m + p] = best[m + p].max(gain);
                    }
                }
            }
        }
        best
    }

    /// The finished group: sequences cannot still be open after the last kind, and an
    /// unreachable (sets, pair) reads 0.
    fn end(&self) -> Overlap {
        std::array::from_fn(|k| self.lanes[0][k].saturating_sub(BIAS))
    }
}

/// Whether sequences may start at kind `i` of a group of `len` kinds.
fn starts(sequences: bool, i: usize, len: usize) -> bool {
    sequences && i + 2 < len
}

/// The best overlap vector of a group under per-kind caps (`t_i ≤ caps[i]`), by dynamic
/// programming over the kinds ([`Cut`]). Used where melds hold copies of a kind (so a target
/// may use fewer than 4); the tables are checked against it with every cap at 4.
pub fn overlap_capped(counts: &[u8], caps: &[u8], sequences: bool) -> Overlap {
    let len = counts.len();
    let mut cut = Cut::start();
    for i in 0..len {
        cut = cut.forward(counts[i], caps[i], starts(sequences, i, len));
    }
    cut.end()
}

/// [`overlap_capped`] and, for each (m, p), the kinds whose one more copy raises it (the
/// capped counterpart of an analysis [`Entry`]). One pass forward and one backward keep
/// every cut, so each added copy costs one step and one meeting instead of a whole pass.
pub fn overlap_useful_capped(counts: &[u8], caps: &[u8], sequences: bool) -> (Overlap, [u16; 12]) {
    let len = counts.len().min(9);
    let mut fwd = [Cut::EMPTY; 10];
    let mut bwd = [Cut::EMPTY; 10];
    fwd[0] = Cut::start();
    for i in 0..len {
        fwd[i + 1] = fwd[i].forward(counts[i], caps[i], starts(sequences, i, len));
    }
    bwd[len] = Cut::start();
    for i in (0..len).rev() {
        bwd[i] = bwd[i + 1].backward(counts[i], caps[i], starts(sequences, i, len));
    }
    let base = fwd[len].end();
    let mut useful = [0u16; 12];
    for x in 0..len {
        if counts[x] >= 4 {
            continue;
        }
        let o = fwd[x]
            .forward(counts[x] + 1, caps[x], starts(sequences, x, len))
            .meet(&bwd[x + 1]);
        for k in 0..12 {
            if o[k] > base[k] {
                useful[k] |= 1 << x;
            }
        }
    }
    (base, useful)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn idx(counts: &[u8]) -> usize {
        GroupTable::index(counts)
    }

    /// The bytes the WebAssembly build ships (issue 27 item 5) read back into tables that
    /// answer every configuration as the built ones do; damaged bytes are refused.
    #[test]
    fn wait_tables_bytes_read_back_the_same_tables() {
        let bytes = wait_tables_bytes();
        let back = wait_tables_from(&bytes).expect("its own layout");
        let built = wait_tables();
        for at in 0..HONOR_AT + POW5[7] as usize {
            assert_eq!(back.word(at), built.word(at), "word at {at}");
            assert_eq!(back.complete(at), built.complete(at), "complete at {at}");
        }
        // Truncated, one byte too many, an id past the words, a block count that does not
        // add up: each refused.
        assert!(wait_tables_from(&bytes[..bytes.len() - 1]).is_none());
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(wait_tables_from(&longer).is_none());
        let words = built.words.len();
        let ids_at = 16 + built.complete.len() * 8 + built.blocks.len() * 12;
        let mut bad_id = bytes.clone();
        bad_id[ids_at..ids_at + 2].copy_from_slice(&u16::try_from(words).unwrap().to_le_bytes());
        assert!(wait_tables_from(&bad_id).is_none());
        let blocks_at = 16 + built.complete.len() * 8;
        let mut bad_block = bytes.clone();
        bad_block[blocks_at + 12 + 8] ^= 1;
        assert!(wait_tables_from(&bad_block).is_none());
        // Installing fails once tables are in use (here, the built ones).
        assert!(!install_wait_tables(&bytes));
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
        assert_eq!(t.overlaps.suit(&[0; 9])[2], 0);
        assert_eq!(t.overlaps.suit(&[1, 1, 1, 0, 0, 0, 0, 0, 0])[2], 3);
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
            *tables().overlaps.suit(&[1, 0, 1, 0, 0, 0, 0, 0, 0])
        );
        assert_eq!(e.useful()[2], 0b10);
    }

    /// The plain dynamic programme the vectorised one replaced, kept as its reference.
    fn overlap_capped_reference(counts: &[u8], caps: &[u8], sequences: bool) -> Overlap {
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
                out[m * 2 + p] = cur[0][0][m][p].max(0) as u8;
            }
        }
        out
    }

    #[test]
    fn capped_dp_agrees_with_its_reference() {
        // Random groups under random caps, as melds leave them (each count within its cap).
        let mut rng = fastrand::Rng::with_seed(11);
        for _ in 0..4000 {
            let len = if rng.bool() { 9 } else { 7 };
            let sequences = len == 9;
            let mut caps = [4u8; 9];
            for _ in 0..rng.usize(0..4) {
                let k = rng.usize(0..len);
                caps[k] = caps[k].saturating_sub(rng.u8(1..=4));
            }
            let mut c = [0u8; 9];
            let n = rng.usize(0..=17);
            for _ in 0..n * 3 {
                let i = rng.usize(0..len);
                if c[i] < caps[i] && c.iter().map(|&x| x as usize).sum::<usize>() < n {
                    c[i] += 1;
                }
            }
            let base = overlap_capped_reference(&c[..len], &caps[..len], sequences);
            assert_eq!(
                overlap_capped(&c[..len], &caps[..len], sequences),
                base,
                "{c:?} caps {caps:?}"
            );
            // The useful kinds: one more copy of each, recomputed whole by the reference.
            let mut useful = [0u16; 12];
            for x in 0..len {
                if c[x] < 4 {
                    let mut d = c;
                    d[x] += 1;
                    let o = overlap_capped_reference(&d[..len], &caps[..len], sequences);
                    for k in 0..12 {
                        if o[k] > base[k] {
                            useful[k] |= 1 << x;
                        }
                    }
                }
            }
            assert_eq!(
                overlap_useful_capped(&c[..len], &caps[..len], sequences),
                (base, useful),
                "{c:?} caps {caps:?}"
            );
        }
    }

    /// Every configuration of at most 17 tiles: its dense rank is a bijection onto
    /// 0‥count, ordered by tile count, and its vector is the one the base-5 passes computed.
    #[test]
    fn dense_overlaps_are_the_base5_ones_in_tile_order() {
        let t = tables();
        for (g, len, count) in [(&t.suit, 9, 886_400), (&t.honor, 7, 64_200)] {
            let base5 = base5_overlaps(g);
            let mut seen = vec![false; count];
            // The first rank of each tile count, and the last seen, to check the order.
            let mut first = [usize::MAX; SUMS];
            let mut last = [0usize; SUMS];
            for (idx, o) in base5.iter().enumerate() {
                let digits = GroupTable::counts_of(idx);
                let c = &digits[..len];
                let sum: usize = c.iter().map(|&d| usize::from(d)).sum();
                if sum > MAX_TILES {
                    continue;
                }
                let r = t.overlaps.rank(c);
                assert!(!seen[r], "{c:?} rank {r} twice");
                seen[r] = true;
                first[sum] = first[sum].min(r);
                last[sum] = last[sum].max(r);
                assert_eq!(t.overlaps.group(c), o, "{c:?}");
                // The windows the lane-wise shanten reads hold the same vector.
                if len == 9 {
                    assert_eq!(t.overlaps.suit_at(r), o);
                    assert_eq!(&t.overlaps.suit_window(r).unwrap()[11..23], o);
                } else {
                    for target in (1..12).step_by(2) {
                        let w = t.overlaps.honor_reversed_window(r, target).unwrap();
                        for k in 0..=target {
                            assert_eq!(w[k], o[target - k], "{c:?} slot {}", target - k);
                        }
                    }
                }
            }
            assert!(seen.iter().all(|&x| x), "ranks not dense");
            for s in 1..SUMS {
                assert_eq!(
                    first[s],
                    last[s - 1] + 1,
                    "tile count {s} not after {}",
                    s - 1
                );
            }
        }
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
                *t.overlaps.suit(&c),
                overlap_capped(&c, &[4; 9], true),
                "{c:?}"
            );
            let h = [c[0], c[1], c[2], c[3], c[4], c[5], c[6]];
            if h.iter().map(|&x| x as usize).sum::<usize>() <= 17 {
                assert_eq!(
                    *t.overlaps.honor(&h),
                    overlap_capped(&h, &[4; 7], false),
                    "{h:?}"
                );
            }
        }
    }
}
