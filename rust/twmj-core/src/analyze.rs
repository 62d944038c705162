//! Discard analysis (牌理) of a 17 − 3k hand: for each distinct discard, the shanten after it,
//! the accepting kinds with their unseen copies, and the waits when ready; best first.

use crate::error::Result;
use crate::hand::{seen_counts, Form, Hand};
use crate::notation::Tiles;
use crate::rules::{Special, Variant};
use crate::shanten::{
    caps, group, lig_gu_accept_mask, special_shanten_counts, specials_within, table_proxy, REACH,
    SHAPES,
};
use crate::special::waits_seen_with;
use crate::tables::{self, Entry, GroupTable, Overlap};
use crate::tile::{bit_planes, Counts, KindList, Suit, Tile, COPIES, KINDS};
use crate::waits::{exhausted, waits_seen, WaitList};
use wide::u8x16;

/// A kind that lowers the shanten, with its unseen copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Accept {
    pub tile: Tile,
    pub remaining: u8,
}

/// The accepting kinds of one discard in tile order, read as a slice of [`Accept`] (held
/// inline, see [`KindList`]: an analysis allocates its list of discards only).
pub type Accepts = KindList<Accept>;

impl KindList<Accept> {
    /// No kind.
    const EMPTY: Accepts = KindList::empty(Accept {
        tile: Tile::wind(0),
        remaining: 0,
    });

    /// The kinds of `mask` in tile order, with their unseen copies (`seen` counts each kind's
    /// copies the player sees, at most 4).
    fn from_mask(mask: u64, seen: &Counts) -> Accepts {
        let mut a = Accepts::EMPTY;
        a.fill(mask, seen);
        a
    }

    /// Replaces the kinds with those of `mask` ([`Accepts::from_mask`]).
    fn fill(&mut self, mask: u64, seen: &Counts) {
        // The count kept in a local, not in `self.len`: a store and reload per kind otherwise.
        let mut n = 0;
        let mut bits = mask;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let (Some(tile), Some(slot)) = (Tile::new(i), self.items.get_mut(n)) else {
                break;
            };
            *slot = Accept {
                tile,
                remaining: COPIES - seen[i],
            };
            n += 1;
        }
        self.len = n as u8;
    }
}

/// The outlook after discarding one tile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Discard {
    pub tile: Tile,
    pub shanten: i8,
    pub accepts: Accepts,
    /// The waits when the discard leaves the hand ready (shanten 0), else empty.
    pub waits: WaitList,
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

/// A group's overlap vector and, for each (m, p), the kinds that raise it there: one table
/// read, or, when melds cap a kind of the group, the capped programme's forward and backward
/// passes.
fn overlap_useful(
    counts: &Counts,
    caps: &Counts,
    suit: Suit,
    capped: bool,
) -> (Overlap, [u16; 12]) {
    let g = group(counts, suit);
    if !capped {
        return table_entry(suit, GroupTable::index(g));
    }
    let cg = group(caps, suit);
    if let Some(p) = table_proxy(g, cg, suit) {
        let idx = GroupTable::index(&p.counts[..g.len()]);
        // A suit's draws answer from the table only where each configuration one copy up is
        // marked as well (see `table_proxy`).
        let marks = tables::cap_marks();
        if suit == Suit::Honor
            || (0..g.len())
                .filter(|&x| g[x] < COPIES)
                .all(|x| marks.marked(idx + tables::POW5[x] as usize, p.limit))
        {
            let (mut o, mut u) = table_entry(suit, idx);
            p.keep_slots(&mut o);
            p.keep_slots(&mut u);
            for m in &mut u {
                *m &= p.draws;
            }
            return (o, u);
        }
    }
    tables::overlap_useful_capped(g, cg, suit != Suit::Honor)
}

/// The analysis table's entry for a group of `suit` at table index `idx`: its overlap vector
/// and, for each (m, p), the kinds that raise it there.
fn table_entry(suit: Suit, idx: usize) -> (Overlap, [u16; 12]) {
    let e = raw_entry(suit, idx);
    (e.overlap, e.useful())
}

/// The analysis table's entry for a group of `suit` at table index `idx`, as stored.
#[cfg(not(target_arch = "wasm32"))]
#[inline]
fn raw_entry(suit: Suit, idx: usize) -> Entry {
    let u = tables::useful();
    let t = if suit == Suit::Honor {
        &u.honor
    } else {
        &u.suit
    };
    t[idx]
}

/// In WebAssembly the entry is worked out when asked ([`computed_entry`]) instead of read from
/// [`tables::useful`]: that table (62 MB for a suit) took most of a first not-ready `waits`
/// in Node (issue 27 item 5), and holding it is a large share of a browser tab's memory.
#[cfg(target_arch = "wasm32")]
#[inline]
fn raw_entry(suit: Suit, idx: usize) -> Entry {
    computed_entry(suit, idx)
}

/// [`tables::useful`]'s entry for a group of `suit` at table index `idx`, worked out from the
/// overlap vectors as the table's build does: the overlap vector, and for each (m, p) the
/// kinds whose one more copy raises it (none for a group of 17 tiles; an empty entry past 17).
#[cfg(any(test, target_arch = "wasm32"))]
fn computed_entry(suit: Suit, idx: usize) -> Entry {
    let len = if suit == Suit::Honor { 7 } else { 9 };
    if idx >= tables::POW5[len] as usize {
        return Entry::default();
    }
    let mut digits = tables::GroupTable::counts_of(idx);
    let sum: usize = digits.iter().map(|&d| usize::from(d)).sum();
    if sum > tables::MAX_TILES {
        return Entry::default();
    }
    let overlaps = &tables::tables().overlaps;
    let base = *overlaps.group(&digits[..len]);
    let mut useful = [0u16; 12];
    if sum < tables::MAX_TILES {
        for x in 0..len {
            if digits[x] == COPIES {
                continue;
            }
            digits[x] += 1;
            let o = *overlaps.group(&digits[..len]);
            digits[x] -= 1;
            for k in 0..12 {
                if o[k] > base[k] {
                    useful[k] |= 1 << x;
                }
            }
        }
    }
    Entry::new(base, useful)
}

/// The best total overlap, and the kinds whose draw raises it: those useful to some group in
/// some optimal split of the sets and the pair. `others[g]` is the best overlap of the three
/// groups other than `g` for each (m, p) they might supply together.
fn improving(
    o: &[Overlap; 4],
    others: &[Overlap; 4],
    u: &[[u16; 12]; 4],
    sets: usize,
) -> (u8, u64) {
    let mut best = 0u8;
    for m in 0..=sets {
        best = best
            .max(o[0][m * 2] + others[0][(sets - m) * 2 + 1])
            .max(o[0][m * 2 + 1] + others[0][(sets - m) * 2]);
    }
    let mut mask = 0u64;
    for g in 0..4 {
        for m in 0..=sets {
            for p in 0..2 {
                if o[g][m * 2 + p] + others[g][(sets - m) * 2 + 1 - p] == best {
                    mask |= u64::from(u[g][m * 2 + p]) << Suit::ALL[g].base();
                }
            }
        }
    }
    (best, mask)
}

/// The accepting kinds of `mask` in tile order, with their unseen copies.
fn accept_list(mask: u64, seen: &Counts) -> Vec<Accept> {
    let mut accepts = Vec::with_capacity(mask.count_ones() as usize);
    let mut bits = mask;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if let Some(tile) = Tile::new(i) {
            accepts.push(Accept {
                tile,
                remaining: COPIES - seen[i],
            });
        }
    }
    accepts
}

/// The kinds whose draw lowers the regular shanten of a validated 16 − 3k hand: [`accepts`]
/// with no special shape.
pub(crate) fn regular_accepts(hand: &Hand, visible: &Counts) -> Result<Vec<Accept>> {
    let own = hand.own_counts();
    let seen = seen_counts(&own, visible)?;
    let caps = caps(&hand.meld_counts());
    let capped = Suit::ALL.map(|s| hand.capped(s));
    let ou = [0, 1, 2, 3].map(|g| overlap_useful(&hand.concealed, &caps, Suit::ALL[g], capped[g]));
    let o = ou.map(|x| x.0);
    let u = ou.map(|x| x.1);
    // Lane-wise, as the analysis: the pair of groups left beside g and g + 1, then with g + 1.
    let others = [0, 1, 2, 3].map(|g| {
        let (x, y) = rest(g, (g + 1) % 4);
        let pair = slots_of(convolve_lanes(&o[x], &o[y]));
        slots_of(convolve_lanes(&o[(g + 1) % 4], &pair))
    });
    let (_, mask) = improving(&o, &others, &u, hand.sets_needed());
    Ok(accept_list(mask & !exhausted(&own), &seen))
}

/// The two groups other than `a` and `b` (a ≠ b).
fn rest(a: usize, b: usize) -> (usize, usize) {
    let mut it = (0..4).filter(|&g| g != a && g != b);
    let x = it.next().unwrap_or(0);
    (x, it.next().unwrap_or(0))
}

/// For the three groups other than `gd` taken together (`triple`, their max-plus convolution),
/// and for each slot `s` = 2 × sets + pair of it: the kinds useful to one of the three groups
/// at a slot of that group which is part of some optimal way to reach `triple[s]`.
/// `pairs[x][y]` is the convolution of groups `x` and `y`.
///
/// A discard from group `gd` changes that group alone, so a slot of another group `g` lies in
/// an optimal split of the whole hand exactly when it does so for the three unchanged groups
/// at the slot they take together: this mask is the same for every discard from `gd`, and a
/// discard then needs only its own group's table entry, not three convolutions.
#[inline(never)]
fn triple_useful(
    gd: usize,
    base: &[Overlap; 4],
    useful: &[[u16; 12]; 4],
    windows: &[[Windows; 4]; 4],
    triple: &[u8; 16],
) -> [u64; 12] {
    // Slot j of group g and slot k of the other two add up to slot s = j + k of the three,
    // unless both hold the pair (j and k odd).
    let t = u8x16::new(*triple);
    let mut out = [0u64; 12];
    for g in (0..4).filter(|&g| g != gd) {
        let (x, y) = rest(g, gd);
        let win = &windows[x][y];
        // The useful kinds at each slot s of the three, low 8 bits and the 9th apart so that
        // every lane stays a byte: each slot j of g is one lane-wise add, compare, and two
        // masked ors over all 16 slots s (branch-free; a slot past the sets needed is never
        // read).
        let (mut lo, mut hi) = (u8x16::ZERO, u8x16::ZERO);
        for j in 0..12 {
            let src = if j & 1 == 1 {
                &win.odd_free
            } else {
                &win.plain
            };
            let mut shifted = [0u8; 16];
            shifted.copy_from_slice(&src[16 - j..32 - j]);
            let fits = (u8x16::new(shifted) + u8x16::splat(base[g][j])).cmp_eq(t);
            let u = useful[g][j];
            lo |= fits & u8x16::splat(u as u8);
            hi |= fits & u8x16::splat((u >> 8) as u8);
        }
        let (lo, hi) = (lo.to_array(), hi.to_array());
        let shift = Suit::ALL[g].base();
        for s in 0..12 {
            out[s] |= (u64::from(lo[s]) | u64::from(hi[s]) << 8) << shift;
        }
    }
    out
}

/// A pair convolution as [`triple_useful`] reads it, moved up j slots by reading 16 bytes
/// from 16 − j: `plain[16 + k]` is pair[k], and 0x80 where k is no slot (an overlap, at most
/// 17, plus 0x80 equals no triple slot); `odd_free` the same with the pair's odd slots
/// blanked, for an odd j. Written when the pair is computed, well before they are read: a
/// 16-byte read of bytes stored just before, a few at a time, waits for those stores.
#[derive(Clone, Copy)]
struct Windows {
    plain: [u8; 32],
    odd_free: [u8; 32],
}

impl Windows {
    /// The windows of a pair convolution given as lanes ([`convolve_lanes`]: lanes past 11
    /// are 0), built lane-wise.
    fn of(pair: u8x16) -> Windows {
        const PAST: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0x80, 0x80, 0x80];
        const EVEN: [u8; 16] = [
            0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0xff, 0, 0, 0, 0, 0,
        ];
        const ODD_OR_PAST: [u8; 16] = [
            0, 0x80, 0, 0x80, 0, 0x80, 0, 0x80, 0, 0x80, 0, 0x80, 0x80, 0x80, 0x80, 0x80,
        ];
        let mut plain = [0x80u8; 32];
        plain[16..].copy_from_slice(&(pair | u8x16::new(PAST)).to_array());
        let mut odd_free = [0x80u8; 32];
        odd_free[16..]
            .copy_from_slice(&((pair & u8x16::new(EVEN)) | u8x16::new(ODD_OR_PAST)).to_array());
        Windows { plain, odd_free }
    }
}

/// Max-plus convolution of two overlap vectors ([`convolve`](crate::shanten::convolve)), lane-wise: for each slot j of
/// `a`, `a[j]` plus `b` moved up j slots, kept where it reaches ([`REACH`]), into a
/// lane-wise max (a kept-out lane is 0, which no slot's best is below).
fn convolve_lanes(a: &Overlap, b: &Overlap) -> u8x16 {
    let mut wide = [0u8; 32];
    wide[16..28].copy_from_slice(b);
    let mut r = u8x16::ZERO;
    for j in 0..12 {
        let mut moved = [0u8; 16];
        moved.copy_from_slice(&wide[16 - j..32 - j]);
        r = r.max((u8x16::new(moved) + u8x16::splat(a[j])) & u8x16::new(REACH[j]));
    }
    r
}

/// Lanes 12‥15 all ones.
const PAST_FF: [u8; 16] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff, 0xff];

/// The first 12 lanes, an overlap vector.
fn slots_of(lanes: u8x16) -> Overlap {
    let mut out = [0u8; 12];
    out.copy_from_slice(&lanes.to_array()[..12]);
    out
}

/// The best total overlap over the splits of the sets and the pair between one group (`o`)
/// and the other three (`rest`, their convolution).
#[inline]
fn best_split(o: &Overlap, rest: &Overlap, sets: usize) -> u8 {
    let mut best = 0u8;
    for m in 0..=sets {
        best = best
            .max(o[m * 2] + rest[(sets - m) * 2 + 1])
            .max(o[m * 2 + 1] + rest[(sets - m) * 2]);
    }
    best
}

/// The sort key of an analysis: lowest shanten, then most unseen accepting copies, then most
/// accepting kinds, then tile order (the tile makes it unique); packed into one word.
fn discard_key(d: &Discard) -> u32 {
    pack_key(d.shanten, d.accepted(), d.accepts.len(), d.tile.index())
}

/// [`discard_key`] from its four fields.
#[inline]
fn pack_key(shanten: i8, accepted: u32, kinds: usize, tile: usize) -> u32 {
    // Shanten from −1 to 16 (5 bits), at most 34 kinds (6 bits) of at most 4 copies (136, 8
    // bits), 34 tiles (6 bits).
    let shanten = (i32::from(shanten) + 1) as u32;
    let accepted = 0xff - accepted;
    let kinds = 0x3f - kinds as u32;
    shanten << 20 | accepted << 12 | kinds << 6 | tile as u32
}

/// The tile and the shanten of a [`pack_key`].
fn unpack_key(key: u32) -> (usize, i8) {
    ((key & 0x3f) as usize, (key >> 20) as i8 - 1)
}

/// Room for a key per kind, padded to whole 16-byte vectors.
const KEY_ROOM: usize = 36;

/// Distinct keys in ascending order, unused places holding `u32::MAX`: each key goes to the
/// place given by how many keys are below it, a count without a branch on the keys (a
/// comparison sort of the 14 or so keys of a hand mispredicted its branches).
fn ranked(keys: &[u32; KEY_ROOM], n: usize) -> [u32; KEY_ROOM] {
    let mut out = [u32::MAX; KEY_ROOM];
    for &key in &keys[..n] {
        let below = keys.iter().map(|&k| u32::from(k < key)).sum::<u32>();
        if let Some(place) = out.get_mut(below as usize) {
            *place = key;
        }
    }
    out
}

/// Sorts an analysis best first ([`discard_key`]), each key computed once.
fn sort_best_first(discards: &mut [Discard]) {
    let mut keys = [0u32; KINDS];
    for d in discards.iter() {
        keys[d.tile.index()] = discard_key(d);
    }
    discards.sort_unstable_by_key(|d| keys[d.tile.index()]);
}

/// Bit i set when kind i is held (`c` checked: no count over 4).
#[inline]
fn held_mask(c: &Counts) -> u64 {
    bit_planes(c).iter().fold(0, |m, p| m | p)
}

/// [`analyze`] with no special shape and no in-play check.
pub(crate) fn regular_analyze(hand: &Hand, visible: &Counts) -> Result<Analysis> {
    let own = hand.own_counts();
    let seen = seen_counts(&own, visible)?;
    let caps = caps(&hand.meld_counts());
    let capped = Suit::ALL.map(|s| hand.capped(s));
    let sets = hand.sets_needed();
    let target = (3 * sets + 2) as i8;
    // A group capped by melds has no table entry: it and its discards take the capped
    // programme. Any other group's entry is read by its table index, and a discard's by the
    // index less 5^i for the kind i of the group it removes (no copy of the counts).
    //
    // Every entry, the hand's groups' and each discard's, is read first and copied as stored
    // (unpacked only when used), so that the table reads (the cold part of the work) overlap
    // each other and the work below rather than waiting one by one.
    let base_idx = Suit::ALL.map(|s| GroupTable::index(group(&hand.concealed, s)));
    let base_raw = [0, 1, 2, 3].map(|g| {
        if capped[g] {
            Entry::default()
        } else {
            raw_entry(Suit::ALL[g], base_idx[g])
        }
    });
    let held = held_mask(&hand.concealed);
    let mut tiles = [0u8; KINDS];
    let mut entries = [Entry::default(); KINDS];
    let mut n = 0;
    let mut bits = held;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let Some(d) = Tile::new(i) else { break };
        let (suit, gd) = (d.suit(), d.suit() as usize);
        entries[n] = if capped[gd] {
            let mut counts = hand.concealed;
            counts[i] -= 1;
            let (overlap, useful) = overlap_useful(&counts, &caps, suit, true);
            Entry::new(overlap, useful)
        } else {
            raw_entry(suit, base_idx[gd] - tables::POW5[i - suit.base()] as usize)
        };
        tiles[n] = i as u8;
        n += 1;
    }
    let base_ou = [0, 1, 2, 3].map(|g| {
        if capped[g] {
            overlap_useful(&hand.concealed, &caps, Suit::ALL[g], true)
        } else {
            (base_raw[g].overlap, base_raw[g].useful())
        }
    });
    let base = base_ou.map(|x| x.0);
    let base_useful = base_ou.map(|x| x.1);

    // Max-plus convolutions of the unchanged groups, two and three at a time.
    let mut pairs = [[[0u8; 12]; 4]; 4];
    let mut windows = [[Windows {
        plain: [0; 32],
        odd_free: [0; 32],
    }; 4]; 4];
    // (`triple_useful` reads the windows of pairs x < y only.)
    for x in 0..4 {
        for y in x + 1..4 {
            let lanes = convolve_lanes(&base[x], &base[y]);
            pairs[x][y] = slots_of(lanes);
            pairs[y][x] = pairs[x][y];
            windows[x][y] = Windows::of(lanes);
        }
    }
    let triple_lanes = [0, 1, 2, 3].map(|g| {
        let (x, y) = rest(g, (g + 1) % 4);
        convolve_lanes(&base[(g + 1) % 4], &pairs[x][y])
    });
    let unchanged_triple = triple_lanes.map(slots_of);
    // Each triple as `triple_useful` compares with it: lanes past 11 hold 0xff, which no sum
    // of two overlaps (each at most 17) reaches.
    let triple_lanes = triple_lanes.map(|t| (t | u8x16::new(PAST_FF)).to_array());
    let shanten = target - best_split(&base[0], &unchanged_triple[0], sets) as i8 - 1;

    let tu = [0, 1, 2, 3].map(|g| {
        let kinds = ((1u64 << Suit::ALL[g].len()) - 1) << Suit::ALL[g].base();
        if held & kinds == 0 {
            [0; 12]
        } else {
            triple_useful(g, &base, &base_useful, &windows, &triple_lanes[g])
        }
    });
    // Unseen copies of each kind, as three bit planes, so a mask's unseen total is three
    // popcounts.
    let unseen = bit_planes(&seen.map(|c| COPIES - c));
    let four = exhausted(&own);

    // A discard from group gd meets the other three at the slots that complete its own slot
    // j = 2m + p to the hand's: slot `last` − j of `unchanged_triple[gd]`. Per group, that
    // triple reversed (lane j) and its useful kinds there, so a discard's best split and its
    // optimal slots are one lane-wise add, max and compare over its own slots.
    let last = 2 * sets + 1;
    let mut slots = [0u8; 16];
    slots[..=last].fill(0xff);
    let slots = u8x16::new(slots);
    let mut facing = [u8x16::ZERO; 4];
    let mut facing_useful = [[0u64; 12]; 4];
    for g in 0..4 {
        let mut lanes = [0u8; 16];
        for j in 0..=last {
            lanes[j] = unchanged_triple[g][last - j];
            facing_useful[g][j] = tu[g][last - j];
        }
        facing[g] = u8x16::new(lanes);
    }

    // Each discard's shanten and accepting kinds, keyed for the order; the accept lists and
    // waits are built afterwards, in that order.
    let mut keys = [u32::MAX; KEY_ROOM];
    let mut masks = [0u64; KINDS];
    for (k, (&i, e)) in tiles.iter().zip(&entries).take(n).enumerate() {
        let i = usize::from(i);
        let Some(d) = Tile::new(i) else { break };
        let (suit, gd) = (d.suit(), d.suit() as usize);
        // The best total over the splits of the sets and the pair between group `gd` (slot
        // j) and the other three, the slots j where it is reached, and the kinds useful to
        // some group there.
        let mut lanes = [0u8; 16];
        lanes[..12].copy_from_slice(&e.overlap);
        let totals = (u8x16::new(lanes) + facing[gd]) & slots;
        let best = totals.to_array().into_iter().fold(0, u8::max);
        let optimal = (totals.cmp_eq(u8x16::splat(best)) & slots).move_mask() as u32;
        let mut mask = u64::from(e.useful_at(optimal)) << suit.base();
        for (j, &u) in facing_useful[gd].iter().enumerate() {
            mask |= u & 0u64.wrapping_sub(u64::from(optimal >> j & 1));
        }
        // The kinds held 4 times after the discard: the discarded kind is not one.
        let mask = mask & !(four & !(1 << i));
        let accepted = (mask & unseen[0]).count_ones()
            + 2 * (mask & unseen[1]).count_ones()
            + 4 * (mask & unseen[2]).count_ones();
        let after = target - best as i8 - 1;
        keys[k] = pack_key(after, accepted, mask.count_ones() as usize, i);
        masks[i] = mask;
    }
    let keys = ranked(&keys, n);

    let mut discards = Vec::with_capacity(n);
    for &key in &keys[..n] {
        let (i, after) = unpack_key(key);
        let Some(tile) = Tile::new(i) else { break };
        let waits = if after == 0 {
            let mut counts = hand.concealed;
            counts[i] -= 1;
            let mut own_after = own;
            own_after[i] -= 1;
            waits_seen(&counts, &own_after, &seen)
        } else {
            WaitList::EMPTY
        };
        // The accepting kinds written in place: built aside and moved in, the list's byte
        // stores were read back as wide loads (a store-forwarding stall per discard).
        discards.push(Discard {
            tile,
            shanten: after,
            accepts: Accepts::EMPTY,
            waits,
        });
        if let Some(d) = discards.last_mut() {
            d.accepts.fill(masks[i], &seen);
        }
    }
    Ok(Analysis { shanten, discards })
}

/// Kinds whose draw lowers the least special shanten `before` of the 16 − 3k `counts`: for
/// each shape at that least (`each`, in [`Special::ALL`] order), the kinds that lower its own
/// shanten; kinds the player holds all 4 of (`own`) excluded.
fn special_accept_mask(
    counts: &Counts,
    melds: usize,
    caps: &Counts,
    own: &Counts,
    each: [Option<i8>; SHAPES],
    before: i8,
) -> u64 {
    let mut mask = 0u64;
    for (s, e) in Special::ALL.into_iter().zip(each) {
        if e != Some(before) {
            continue;
        }
        if s == Special::LigGu {
            mask |= lig_gu_accept_mask(counts);
            continue;
        }
        let mut c = *counts;
        for i in 0..KINDS {
            if own[i] >= COPIES || c[i] >= caps[i] || mask >> i & 1 == 1 {
                continue;
            }
            c[i] += 1;
            let after = special_shanten_counts(&c, melds, caps, s);
            if after.is_some_and(|a| a < before) {
                mask |= 1 << i;
            }
            c[i] -= 1;
        }
    }
    mask & !exhausted(own)
}

/// The least of the shapes' shanten.
fn least(each: [Option<i8>; SHAPES]) -> Option<i8> {
    each.into_iter().flatten().min()
}

/// The kinds of an accept list as a bitmask.
fn accept_mask(accepts: &[Accept]) -> u64 {
    accepts.iter().fold(0, |m, a| m | 1 << a.tile.index())
}

/// The answer to "what are my waits" ([`wait_report`], [`WaitReport::of_counts`]): the waits
/// under the variant, in tile order; and for a hand that is not ready, how far it is
/// ([`WaitReport::shanten`]) and the draws that bring it closer ([`WaitReport::accepts`]),
/// worked out when first asked (most callers only read the waits, and for a random hand the
/// shanten costs more than the waits, the accepts more again). A hand is ready exactly when it
/// has a wait: a ready hand's shanten is 0 and its accepting kinds are its waits.
///
/// The shanten and the accepts take the variant the report was made under.
#[derive(Debug, Clone)]
pub struct WaitReport {
    waits: WaitList,
    /// For a hand with no wait, what the shanten and the accepts need and, once read, them.
    /// Boxed: the report of a ready hand stays small to build and move.
    unready: Option<Box<Unready>>,
}

/// A hand with no wait, as [`WaitReport`] keeps it.
#[derive(Debug, Clone)]
struct Unready {
    hand: Hand,
    visible: Counts,
    shanten: std::sync::OnceLock<i8>,
    accepts: std::sync::OnceLock<Vec<Accept>>,
}

impl WaitReport {
    /// The report of `hand`, whose waits are `waits`, with `visible` in view: the hand kept
    /// when it has no wait.
    #[inline(always)]
    #[allow(clippy::inline_always)]
    fn with_hand(waits: WaitList, hand: Hand, visible: Counts) -> WaitReport {
        let unready = waits.is_empty().then(|| {
            Box::new(Unready {
                hand,
                visible,
                shanten: std::sync::OnceLock::new(),
                accepts: std::sync::OnceLock::new(),
            })
        });
        WaitReport { waits, unready }
    }

    /// The common call's report: a hand given as its 34 concealed counts alone (no melds,
    /// nothing else in view) under `variant`, read from the counts where they are. `None`
    /// when the counts are not such a hand (not 34 counts, a kind over 4, not 16 − 3k tiles
    /// at the variant's hand size) or the variant reads more than the counts
    /// ([`Variant::counts_alone`]): [`wait_report`] then answers, or names what is wrong.
    #[inline(always)]
    #[allow(clippy::inline_always)]
    pub fn of_counts(counts: &[u8], variant: &Variant) -> Option<WaitReport> {
        if !variant.counts_alone() {
            return None;
        }
        let c = Hand::fit_counts(counts, Form::Waiting, variant.hand_size)?;
        let waits = counts_waits(c);
        if !waits.is_empty() {
            // Ready: nothing more to keep (the hand is built only for one that is not).
            return Some(WaitReport {
                waits,
                unready: None,
            });
        }
        let hand = Hand::of_counts(c, Form::Waiting, variant.hand_size)?;
        Some(WaitReport::with_hand(waits, hand, [0; KINDS]))
    }

    /// [`WaitReport::of_counts`] of parsed tiles: `None` too when they hold flowers, which
    /// stay with the hand in [`wait_report`]'s reading (a hand of counts alone has none).
    #[inline(always)]
    #[allow(clippy::inline_always)]
    pub fn of_tiles(tiles: &Tiles, variant: &Variant) -> Option<WaitReport> {
        if tiles.flowers != 0 {
            return None;
        }
        WaitReport::of_counts(&tiles.counts, variant)
    }

    /// The waits in tile order; empty when the hand is not ready.
    #[inline]
    pub fn waits(&self) -> &WaitList {
        &self.waits
    }

    /// True when the hand has a wait.
    #[inline]
    pub fn ready(&self) -> bool {
        self.unready.is_none()
    }

    /// 0 when ready, else the shanten under `variant` (the special shapes' included; at least
    /// 1, a 16 − 3k hand being never complete), worked out on the first call.
    pub fn shanten(&self, variant: &Variant) -> i8 {
        match &self.unready {
            None => 0,
            Some(u) => *u.shanten.get_or_init(|| unready_shanten(&u.hand, variant)),
        }
    }

    /// The kinds whose draw lowers the shanten under `variant`, with their unseen copies
    /// ([`accepts`]): a ready hand's are its waits ([`ready_accepts`]); a hand not ready has
    /// them worked out on the first call.
    pub fn accepts(&self, variant: &Variant) -> Result<std::borrow::Cow<'_, [Accept]>> {
        let Some(u) = &self.unready else {
            return Ok(std::borrow::Cow::Owned(ready_accepts(&self.waits)));
        };
        if let Some(a) = u.accepts.get() {
            return Ok(std::borrow::Cow::Borrowed(a));
        }
        let computed = accepts(&u.hand, &u.visible, variant)?;
        Ok(std::borrow::Cow::Borrowed(
            u.accepts.get_or_init(|| computed),
        ))
    }

    /// The accepting kinds of a ready hand, which are exactly its waits with their unseen
    /// copies (a draw of a wait completes the hand; any other draw leaves it ready at best);
    /// `None` when the hand is not ready, whose accepting kinds [`WaitReport::accepts`] works
    /// out.
    pub fn ready_accepts(&self) -> Option<Vec<Accept>> {
        self.ready().then(|| ready_accepts(&self.waits))
    }
}

/// The accepting kinds of a ready hand whose waits are `waits` ([`WaitReport::ready_accepts`]).
fn ready_accepts(waits: &WaitList) -> Vec<Accept> {
    waits
        .iter()
        .map(|w| Accept {
            tile: w.tile,
            remaining: w.remaining,
        })
        .collect()
}

/// [`crate::waits`] of a hand with nothing else in view (`visible` all 0). Without melds,
/// under rules with every tile in play and no special shape (the default), the hand's own
/// and seen counts are its concealed ones, already checked: the waits are read from those
/// alone.
pub fn concealed_waits(hand: &Hand, variant: &Variant) -> Result<WaitList> {
    if hand.melds.is_empty() && hand.size == variant.hand_size && variant.counts_alone() {
        return Ok(counts_waits(&hand.concealed));
    }
    crate::special::waits(hand, &[0; KINDS], variant)
}

/// [`concealed_waits`] of a hand given as its concealed counts alone, already checked at the
/// variant's hand size ([`Hand::fit_counts`]), under rules that read the counts alone
/// ([`Variant::counts_alone`]). For [`WaitReport::of_counts`], which needs the [`Hand`] itself only
/// when there is no wait.
#[inline]
fn counts_waits(counts: &Counts) -> WaitList {
    waits_seen(counts, counts, counts)
}

/// The shanten a [`WaitReport`] gives a hand with no waits: at least 1, a 16 − 3k hand being
/// never complete.
fn unready_shanten(hand: &Hand, variant: &Variant) -> i8 {
    crate::shanten::shanten(hand, variant).max(1)
}

/// The waits of a validated 16 − 3k hand under `variant` ([`crate::waits`]), with `visible`
/// the other tiles in view, as a [`WaitReport`]: when there are none, the report keeps the
/// hand for how far it is and the draws that bring it closer.
pub fn wait_report(hand: Hand, visible: Counts, variant: &Variant) -> Result<WaitReport> {
    let waits = crate::special::waits(&hand, &visible, variant)?;
    Ok(WaitReport::with_hand(waits, hand, visible))
}

/// The kinds whose draw lowers the shanten under `variant` ([`crate::shanten`]) of a
/// validated 16 − 3k hand (進張), with their unseen copies: the regular accepting kinds when
/// the regular shanten is the least, the special shapes' when theirs is, both when they tie
/// (only the regular ones under a variant that admits no special shape). For a ready hand
/// these are exactly its waits.
///
/// Under a variant whose set lacks some tiles (004: three or two players) a hand holding one
/// is an error naming it, and a tile out of play is never an accepting kind.
///
/// The hand must have been validated for the variant's `hand_size` ([`Hand::new`]).
pub fn accepts(hand: &Hand, visible: &Counts, variant: &Variant) -> Result<Vec<Accept>> {
    variant.check_hand_size(hand)?;
    variant.check_in_play(&hand.own_counts())?;
    let mut a = accepts_with_shapes(hand, visible, variant)?;
    a.retain(|x| variant.in_play(x.tile));
    Ok(a)
}

fn accepts_with_shapes(hand: &Hand, visible: &Counts, variant: &Variant) -> Result<Vec<Accept>> {
    let regular = regular_accepts(hand, visible)?;
    if !variant.special.any() || hand.meld_count > 2 {
        return Ok(regular);
    }
    let caps = caps(&hand.meld_counts());
    let reg = crate::shanten::regular_shanten(hand);
    let each = specials_within(
        &hand.concealed,
        hand.meld_count,
        &caps,
        variant.special.beside(&hand.melds),
        reg,
    );
    let Some(sp) = least(each).filter(|&sp| sp <= reg) else {
        return Ok(regular);
    };
    let own = hand.own_counts();
    let seen = seen_counts(&own, visible)?;
    let special = special_accept_mask(&hand.concealed, hand.meld_count, &caps, &own, each, sp);
    let mask = if sp < reg {
        special
    } else {
        special | accept_mask(&regular)
    };
    Ok(accept_list(mask, &seen))
}

/// Analyses a validated 17 − 3k hand under `variant`; `visible` are the other tiles the
/// player can see. Every shanten is [`crate::shanten`]'s (the least of the regular one and
/// the special shapes' the variant admits), the accepting kinds are those that lower it
/// ([`accepts`]) and the waits include the special ones ([`crate::waits`]).
///
/// Under a variant whose set lacks some tiles (004: three or two players) a hand holding one
/// is an error naming it, and no tile out of play is an accepting kind or a wait.
///
/// The hand must have been validated for the variant's `hand_size` ([`Hand::new`]).
pub fn analyze(hand: &Hand, visible: &Counts, variant: &Variant) -> Result<Analysis> {
    variant.check_hand_size(hand)?;
    variant.check_in_play(&hand.own_counts())?;
    let mut a = analyze_with_shapes(hand, visible, variant)?;
    if variant.all_in_play() {
        return Ok(a);
    }
    for d in &mut a.discards {
        d.accepts.retain(|x| variant.in_play(x.tile));
        d.waits.retain(|w| variant.in_play(w.tile));
    }
    Ok(a)
}

fn analyze_with_shapes(hand: &Hand, visible: &Counts, variant: &Variant) -> Result<Analysis> {
    let mut a = regular_analyze(hand, visible)?;
    if !variant.special.any() || hand.meld_count > 2 {
        return Ok(a);
    }
    let allowed = variant.special.beside(&hand.melds);
    let caps = caps(&hand.meld_counts());
    let k = hand.meld_count;
    if let Some(sp) = least(specials_within(
        &hand.concealed,
        k,
        &caps,
        allowed,
        a.shanten,
    )) {
        a.shanten = a.shanten.min(sp);
    }
    let own = hand.own_counts();
    let seen = seen_counts(&own, visible)?;
    for d in &mut a.discards {
        let i = d.tile.index();
        let mut counts = hand.concealed;
        counts[i] -= 1;
        let each = specials_within(&counts, k, &caps, allowed, d.shanten);
        let Some(after) = least(each).filter(|&after| after <= d.shanten) else {
            continue;
        };
        let mut own_after = own;
        own_after[i] -= 1;
        let special = special_accept_mask(&counts, k, &caps, &own_after, each, after);
        let mask = if after < d.shanten {
            special
        } else {
            special | accept_mask(&d.accepts)
        };
        d.shanten = after;
        d.accepts = Accepts::from_mask(mask, &seen);
        if after == 0 {
            d.waits = waits_seen_with(&counts, k, &own_after, &seen, allowed);
        }
    }
    sort_best_first(&mut a.discards);
    Ok(a)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::{Form, Meld, MeldKind};
    use crate::notation::Tiles;

    /// The common call's report ([`WaitReport::of_counts`], `of_tiles`) against the general
    /// one ([`wait_report`]) of the same hand, attribute by attribute, ready or not; and the
    /// hands it leaves to the general reading: flowers (which stay with the hand), counts not
    /// of a 16 − 3k hand, and rules reading more than the counts (改良式's special shapes).
    #[test]
    fn the_common_calls_report_is_the_general_ones() {
        let taiwan = Variant::taiwan();
        // 二二二三四五六萬＋一到九筒 (ready), and two 16-tile hands far from ready.
        for text in [
            "2223456m123456789p",
            "1479m2588p369s12345z",
            "13579m24688p13579s1z",
        ] {
            let tiles = crate::notation::parse(text).unwrap();
            let hand = Hand::new(tiles, Vec::new(), Form::Waiting, 16).unwrap();
            let general = wait_report(hand.clone(), [0; KINDS], &taiwan).unwrap();
            for common in [
                WaitReport::of_counts(&tiles.counts, &taiwan).unwrap(),
                WaitReport::of_tiles(&tiles, &taiwan).unwrap(),
            ] {
                assert_eq!(common.waits(), general.waits(), "{text}");
                assert_eq!(common.ready(), !general.waits().is_empty(), "{text}");
                assert_eq!(common.shanten(&taiwan), general.shanten(&taiwan), "{text}");
                assert_eq!(
                    common.accepts(&taiwan).unwrap(),
                    general.accepts(&taiwan).unwrap(),
                    "{text}"
                );
                assert_eq!(common.shanten(&taiwan) == 0, common.ready(), "{text}");
                assert_eq!(
                    common.shanten(&taiwan),
                    crate::shanten::shanten(&hand, &taiwan).max(0),
                    "{text}"
                );
            }
        }
        let ready = crate::notation::parse("2223456m123456789p").unwrap();
        let flowered = Tiles {
            flowers: 1,
            ..ready
        };
        assert!(WaitReport::of_tiles(&flowered, &taiwan).is_none());
        let seventeen = crate::notation::parse("2223456m123456789p1m").unwrap();
        assert!(WaitReport::of_counts(&seventeen.counts, &taiwan).is_none());
        assert!(WaitReport::of_counts(&ready.counts[..33], &taiwan).is_none());
        assert!(WaitReport::of_counts(&ready.counts, &Variant::improved16()).is_none());
    }

    fn codes(a: &[Accept]) -> Vec<String> {
        a.iter().map(|x| x.tile.code()).collect()
    }

    /// A capped group's overlap and useful draws as the tables give them ([`table_proxy`])
    /// against the capped programme's forward and backward passes: every honour
    /// configuration of at most 14 tiles under caps of 0, 1 and 4, and every seventh suit
    /// configuration of at most 14 tiles under caps of 3 and 4 (吃) or one cap of 1 (a 碰)
    /// (a hand with a meld holds at most 14 concealed tiles).
    #[test]
    fn capped_groups_from_the_tables_agree_with_the_programme() {
        let mut rng = fastrand::Rng::with_seed(17);
        let mut counts = [0u8; KINDS];
        let mut caps = [COPIES; KINDS];
        for (suit, len, stride) in [(Suit::Honor, 7, 1), (Suit::Pin, 9, 7)] {
            let base = suit.base();
            for idx in (0..tables::POW5[len] as usize).step_by(stride) {
                let d = GroupTable::counts_of(idx);
                if d.iter().map(|&x| usize::from(x)).sum::<usize>() > 14 {
                    continue;
                }
                counts[base..base + len].copy_from_slice(&d[..len]);
                let pon = rng.usize(..len);
                for (i, cap) in caps[base..base + len].iter_mut().enumerate() {
                    *cap = match (suit, idx % 2) {
                        (Suit::Honor, _) => [0, 1, 4, 4][rng.usize(..4)],
                        (_, 0) => [3, 4][rng.usize(..2)],
                        _ if i == pon => 1,
                        _ => 4,
                    };
                }
                let g = &counts[base..base + len];
                let cg = &caps[base..base + len];
                assert_eq!(
                    overlap_useful(&counts, &caps, suit, true),
                    tables::overlap_useful_capped(g, cg, suit != Suit::Honor),
                    "{suit:?} {g:?} caps {cg:?}"
                );
            }
        }
    }

    #[test]
    fn computed_entries_are_the_tables() {
        // The WebAssembly build works the analysis entries out when asked (`computed_entry`)
        // instead of reading `tables::useful`: every honour configuration and every 61st suit
        // one (a stride prime to 5, so every digit pattern recurs) must be the table's entry.
        let u = tables::useful();
        let check = |suit: Suit, idx: usize, t: &Entry| {
            let c = computed_entry(suit, idx);
            assert_eq!(c.overlap, t.overlap, "{suit:?} {idx}");
            assert_eq!(c.useful(), t.useful(), "{suit:?} {idx}");
        };
        for (idx, e) in u.honor.iter().enumerate() {
            check(Suit::Honor, idx, e);
        }
        for (idx, e) in u.suit.iter().enumerate().step_by(61) {
            check(Suit::Man, idx, e);
        }
        // Past the table: an empty entry, as a configuration over 17 tiles has.
        assert_eq!(computed_entry(Suit::Honor, u.honor.len()).overlap, [0; 12]);
    }

    #[test]
    fn accepts_of_a_waiting_hand() {
        // 13m 5p 1z (k = 4 implied): 1-shanten; 2m makes 123m, 5p or 1z makes the pair.
        let h = Hand::parse("13m5p1z", &[], Form::Waiting, 16).unwrap();
        assert_eq!(crate::shanten(&h, &crate::rules::TAIWAN), 1);
        assert_eq!(
            codes(&accepts(&h, &[0; 34], &crate::rules::TAIWAN).unwrap()),
            ["2m", "5p", "1z"]
        );
        // For a ready hand the accepting kinds are exactly the waits.
        let h = Hand::parse("2223456m123456789p", &[], Form::Waiting, 16).unwrap();
        assert_eq!(
            codes(&accepts(&h, &[0; 34], &crate::rules::TAIWAN).unwrap()),
            ["1m", "3m", "4m", "6m", "7m"]
        );
    }

    /// `concealed_waits` is `waits` with nothing in view: on random and ready-ish hands of
    /// every 16 − 3k size, without and with a meld, under the default rules, 003 改良式
    /// (special shapes) and 004 三人 (tiles out of play), and an error alike for a hand read
    /// at another size. `counts_waits` of the concealed counts is too, under the rules that
    /// read the counts alone (the default ones here; not 003, not 004).
    #[test]
    fn concealed_waits_are_the_waits_with_nothing_in_view() {
        let mut rng = fastrand::Rng::with_seed(1614);
        let rules = [
            crate::rules::Variant::taiwan(),
            crate::rules::Variant::improved16(),
            crate::rules::Variant::preset("three_player").unwrap(),
        ];
        assert_eq!(
            rules.each_ref().map(Variant::counts_alone),
            [true, false, false]
        );
        let pon = Meld {
            kind: MeldKind::Pon,
            tile: Tile::new(33).unwrap(),
        };
        for _ in 0..20_000 {
            let n = [16, 13, 10, 7, 4, 1][rng.usize(..6)];
            let mut c = random_counts(&mut rng, n);
            // Every other hand nearer ready: a tile moved onto a kind already held.
            if rng.bool() {
                let held: Vec<usize> = (0..KINDS).filter(|&k| c[k] > 0 && c[k] < 4).collect();
                let from = rng.usize(..KINDS);
                if c[from] > 0 && !held.is_empty() {
                    c[from] -= 1;
                    c[held[rng.usize(..held.len())]] += 1;
                }
            }
            let tiles = Tiles {
                counts: c,
                flowers: 0,
            };
            let mut hands = vec![Hand::new(tiles, Vec::new(), Form::Waiting, 16).unwrap()];
            if n <= 13 && c[33] <= 1 {
                hands.extend(Hand::new(tiles, vec![pon], Form::Waiting, 16).ok());
            }
            // The counts alone, where the rules read them so: the same waits.
            for v in rules.iter().filter(|v| v.counts_alone()) {
                assert_eq!(
                    Ok(counts_waits(&c)),
                    crate::waits(&hands[0], &[0; KINDS], v),
                    "{c:?}"
                );
            }
            for h in &hands {
                for v in &rules {
                    let (got, want) = (concealed_waits(h, v), crate::waits(h, &[0; KINDS], v));
                    match (got, want) {
                        (Ok(a), Ok(b)) => assert_eq!(a, b, "{c:?}"),
                        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
                        (a, b) => panic!("{c:?}: {a:?} against {b:?}"),
                    }
                }
            }
        }
        let h = Hand::parse("2223456m123456789p", &[], Form::Waiting, 16).unwrap();
        let mut thirteen = crate::rules::Variant::taiwan();
        thirteen.hand_size = 13;
        assert!(concealed_waits(&h, &thirteen).is_err());
    }

    /// A random hand of `n` tiles from the 136 and the tiles it leaves, as counts.
    fn random_counts(rng: &mut fastrand::Rng, n: usize) -> Counts {
        let mut wall: Vec<usize> = (0..KINDS).flat_map(|k| [k; 4]).collect();
        rng.shuffle(&mut wall);
        let mut c = [0u8; KINDS];
        for &k in &wall[..n] {
            c[k] += 1;
        }
        c
    }

    #[test]
    fn each_discard_is_the_hand_after_it() {
        // Each discard's shanten and accepting kinds (read from the three unchanged groups'
        // optimal slots, once per group) equal those of the 16 − 3k hand left after it, by
        // `shanten` and `accepts` (three convolutions per group of the hand itself); a ready
        // discard's waits are the waits of that hand. Random and near-complete hands, with
        // some tiles seen elsewhere.
        let mut rng = fastrand::Rng::with_seed(11);
        let taiwan = &crate::rules::TAIWAN;
        for round in 0..3000 {
            let n = [17, 14, 11][round % 3];
            let mut counts = random_counts(&mut rng, n);
            if round % 2 == 0 {
                // Near-complete: keep drawing pairs of a held kind into the hand's sets.
                let held: Vec<usize> = (0..KINDS).filter(|&k| counts[k] == 1).collect();
                for k in held.into_iter().take(2) {
                    let other = rng.usize(0..KINDS);
                    if counts[other] < 4 && counts[k] < 4 {
                        counts[k] += 1;
                        counts[other] -= u8::from(counts[other] > 0 && other != k);
                    }
                }
            }
            let tiles = Tiles { counts, flowers: 0 };
            let Ok(hand) = Hand::new(tiles, Vec::new(), Form::Full, 16) else {
                continue;
            };
            let mut visible = [0u8; KINDS];
            for k in 0..KINDS {
                visible[k] = rng.u8(0..=4 - counts[k]);
            }
            let a = analyze(&hand, &visible, taiwan).unwrap();
            assert_eq!(a.shanten, crate::shanten(&hand, taiwan));
            for d in &a.discards {
                let mut after = counts;
                after[d.tile.index()] -= 1;
                // The discarded tile stays seen: it lies in the river.
                let mut seen = visible;
                seen[d.tile.index()] += 1;
                let h = Hand::new(
                    Tiles {
                        counts: after,
                        flowers: 0,
                    },
                    Vec::new(),
                    Form::Waiting,
                    16,
                )
                .unwrap();
                assert_eq!(d.shanten, crate::shanten(&h, taiwan), "{counts:?} − {d:?}");
                assert_eq!(
                    *d.accepts,
                    accepts(&h, &seen, taiwan).unwrap(),
                    "{counts:?} − {d:?}"
                );
                if d.shanten == 0 {
                    assert_eq!(d.waits, crate::waits(&h, &seen, taiwan).unwrap());
                }
            }
            let keys: Vec<_> = a.discards.iter().map(discard_key).collect();
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "sorted best first");
        }
    }

    /// A hand of `n` concealed tiles drawn from what `melds` leave, with those melds.
    fn melded(rng: &mut fastrand::Rng, n: usize, melds: &[Meld]) -> Option<Hand> {
        let mut used = [0u8; KINDS];
        for m in melds {
            m.add_to(&mut used);
        }
        if used.iter().any(|&c| c > COPIES) {
            return None;
        }
        let mut wall: Vec<usize> = (0..KINDS)
            .flat_map(|k| std::iter::repeat_n(k, usize::from(COPIES - used[k])))
            .collect();
        rng.shuffle(&mut wall);
        let mut counts = [0u8; KINDS];
        for &k in &wall[..n] {
            counts[k] += 1;
        }
        let tiles = Tiles { counts, flowers: 0 };
        Hand::new(tiles, melds.to_vec(), Form::Full, 16).ok()
    }

    /// A random meld: a 吃 of a suit, or a 碰 or 暗槓 of any kind.
    fn random_meld(rng: &mut fastrand::Rng) -> Meld {
        let (kind, first) = match rng.u8(0..3) {
            0 => (MeldKind::Chi, rng.usize(0..3) * 9 + rng.usize(0..7)),
            1 => (MeldKind::Pon, rng.usize(0..KINDS)),
            _ => (MeldKind::Ankan, rng.usize(0..KINDS)),
        };
        Meld {
            kind,
            tile: Tile::new(first).unwrap(),
        }
    }

    #[test]
    fn each_discard_with_melds_or_special_shapes_is_the_hand_after_it() {
        // As above for hands with one to three melds (the groups holding a meld's kinds take
        // the capped programme, their discards too), and under improved16, whose special
        // shapes (瀝咕瀝咕, 十三么) re-sort the discards after the regular analysis.
        let mut rng = fastrand::Rng::with_seed(12);
        let improved = Variant::improved16();
        let mut checked = 0;
        for round in 0..1500 {
            let melds: Vec<Meld> = (0..round % 4).map(|_| random_meld(&mut rng)).collect();
            let variant = if round % 2 == 0 {
                &crate::rules::TAIWAN
            } else {
                &improved
            };
            let Some(hand) = melded(&mut rng, 17 - 3 * melds.len(), &melds) else {
                continue;
            };
            let a = analyze(&hand, &[0; KINDS], variant).unwrap();
            assert_eq!(a.shanten, crate::shanten(&hand, variant));
            let own = hand.own_counts();
            for d in &a.discards {
                let mut after = hand.concealed;
                after[d.tile.index()] -= 1;
                let mut seen = [0u8; KINDS];
                seen[d.tile.index()] = 1;
                let h = Hand::new(
                    Tiles {
                        counts: after,
                        flowers: 0,
                    },
                    melds.clone(),
                    Form::Waiting,
                    16,
                )
                .unwrap();
                let context = format!("{own:?} {melds:?} − {d:?}");
                assert_eq!(d.shanten, crate::shanten(&h, variant), "{context}");
                assert_eq!(
                    *d.accepts,
                    accepts(&h, &seen, variant).unwrap(),
                    "{context}"
                );
                if d.shanten == 0 {
                    assert_eq!(d.waits, crate::waits(&h, &seen, variant).unwrap());
                }
            }
            let keys: Vec<_> = a.discards.iter().map(discard_key).collect();
            assert!(keys.windows(2).all(|w| w[0] < w[1]), "sorted best first");
            checked += 1;
        }
        assert!(checked > 1000, "{checked} hands checked");
    }

    #[test]
    fn best_discard_of_a_simple_hand() {
        let h = match Hand::parse("2223456m123456789p9s", &[], Form::Full, 16) {
            Ok(h) => h,
            Err(e) => panic!("{e}"),
        };
        let a = match analyze(&h, &[0; 34], &crate::rules::TAIWAN) {
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
