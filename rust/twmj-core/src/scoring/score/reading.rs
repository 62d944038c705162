//! The hot path: the readings of a hand (each decomposition with each block the winning tile
//! can complete) judged into tai per item, ranked, and the best one kept without copying it.

use std::borrow::Cow;

use super::prepare::Prepared;
use super::{NotApplied, Score, ScoredItem};
use crate::decompose::{for_each_decomposition, Block, Blocks};
use crate::rules::{Item, ItemSet, Variant};
use crate::scoring::context::Context;
use crate::scoring::items::{Check, Counted, Facts, Hit, Needs, SetView, Win};
use crate::scoring::tables::fan::SHARED_NOTES;
use crate::scoring::tables::{
    table_def, AFTER_NOTES, CHECKS, JUDGED_ONCE, MERGING, NEEDING, ON_READING,
};
use crate::tile::{Counts, Tile};
use crate::waits::Shape;

pub(super) fn block_tile(b: Block) -> Tile {
    match b {
        Block::Sequence(t) | Block::Triplet(t) | Block::Pair(t) => t,
    }
}

/// How `x` sits in block `b`, if `b` holds it (平胡的認定: a run's open end is 兩面).
pub(super) fn shape_in(b: Block, x: Tile) -> Option<Shape> {
    match b {
        Block::Pair(t) => (t == x).then_some(Shape::Tanki),
        Block::Triplet(t) => (t == x).then_some(Shape::Shanpon),
        Block::Sequence(lo) => {
            let (l, i) = (lo.index(), x.index());
            if i < l || i > l + 2 {
                return None;
            }
            Some(match i - l {
                1 => Shape::Kanchan,
                0 if lo.number() == 7 => Shape::Penchan,
                2 if lo.number() == 1 => Shape::Penchan,
                _ => Shape::Ryanmen,
            })
        }
    }
}

/// Which reading of a hand is shown (docs/variants.md, 兩種讀法同台數): the most tai; on equal
/// totals the one with the fewest items; then the one whose items come first in table order
/// (compared item by item); then the first found (decompositions in their fixed order, the
/// winning tile's block the first that holds it). Every layer reads the core's choice.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Rank(std::cmp::Reverse<u32>, usize, Vec<usize>);

impl Rank {
    pub(super) fn of(total: u32, items: impl Iterator<Item = usize>) -> Rank {
        let items: Vec<usize> = items.collect();
        Rank(std::cmp::Reverse(total), items.len(), items)
    }

    pub(super) fn of_score(s: &Score) -> Rank {
        let mut items: Vec<usize> = s.items.iter().map(|i| i.item as usize).collect();
        items.sort_unstable();
        Rank::of(s.total_tai, items.into_iter())
    }
}

/// What the readings of one hand judge, worked out once per hand rather than per reading:
/// the entries present, of a scope judged on a reading, whose needs the hand has. An entry whose
/// condition reads only the context ([`Check::Context`]) or only the whole hand
/// ([`crate::scoring::items::Also::whole_hand`]: its tiles, melds and context, never the sets,
/// the pair or the wait) holds or not on every reading alike, so [`Plan::of_hand`] judges it
/// once (the manner of the win, the flowers, the flushes); the rest are judged per reading.
pub(super) struct Plan {
    /// The entries judged on each reading, in table order.
    pub(super) each: ItemSet,
    /// The entries judged once that count, with their tai in `once_tai` (the first
    /// `once.len()` pairs; a short list rather than a 135-entry array zeroed and moved).
    pub(super) once: ItemSet,
    pub(super) once_tai: [(Item, u32); ONCE_MOST],
    /// How many of `once_tai` are filled (`once.len()`, counted once).
    pub(super) once_len: usize,
    /// The items the `once` items drop by their 備註 ([`Variant::exclusions`]), worked out once per hand:
    /// a reading adds the drops of the items it judges itself.
    pub(super) once_drops: ItemSet,
    /// The reasons of the entries that do not count are built.
    pub(super) explain: bool,
}

/// The entries that need a flag of [`Needs`] `has` lacks: the union of [`NEEDING`] over the
/// flags it lacks, as one look-up per six flags ([`LACKING`]) instead of a pass per flag.
pub(super) fn lacking(has: Needs) -> ItemSet {
    let missing = !has.bits();
    LACKING
        .iter()
        .enumerate()
        .fold(ItemSet::EMPTY, |out, (c, chunk)| {
            out.union(chunk[(missing >> (CHUNK * c)) as usize & (CHUNKS - 1)])
        })
}

/// Flags of [`Needs`] per chunk of [`LACKING`].
pub(super) const CHUNK: usize = 6;
/// Entries per chunk: one per combination of its flags.
pub(super) const CHUNKS: usize = 1 << CHUNK;

/// For each chunk of six flags of [`Needs`] and each combination `m` of them (bit j: flag
/// `CHUNK * c + j` lacking), the entries needing one of the lacking flags ([`NEEDING`]).
pub(super) static LACKING: [[ItemSet; CHUNKS]; Needs::FLAGS.div_ceil(CHUNK)] = {
    let mut out = [[ItemSet::EMPTY; CHUNKS]; Needs::FLAGS.div_ceil(CHUNK)];
    let mut c = 0;
    while c < out.len() {
        let mut m = 0;
        while m < CHUNKS {
            let mut j = 0;
            while j < CHUNK {
                let k = CHUNK * c + j;
                if m >> j & 1 == 1 && k < Needs::FLAGS {
                    out[c][m] = out[c][m].union(NEEDING[k]);
                }
                j += 1;
            }
            m += 1;
        }
        c += 1;
    }
    out
};

/// Most entries judged once per hand ([`JUDGED_ONCE`]).
pub(super) const ONCE_MOST: usize = JUDGED_ONCE.len() as usize;

impl Plan {
    /// Every entry judged on each reading: those the variant has, of a reading's scope
    /// ([`ON_READING`]), whose needs the hand has (every one when explaining: the why-not list
    /// gives each one's reason, in table order), and in `only` when given (a special shape's
    /// or 四槓胡's own list). Set operations on the tables' precomputed sets, no entry visited.
    pub(super) fn full(
        variant: &Variant,
        has: Needs,
        only: Option<&[Item]>,
        explain: bool,
    ) -> Plan {
        let mut each = variant.absent.complement().intersection(ON_READING);
        if !explain {
            each = each.difference(lacking(has));
        }
        if let Some(only) = only {
            let listed = only.iter().fold(ItemSet::EMPTY, |s, &i| s.with(i));
            each = each.intersection(listed);
        }
        Plan {
            each,
            once: ItemSet::EMPTY,
            once_tai: [(Item::Dealer, 0); ONCE_MOST],
            once_len: 0,
            once_drops: ItemSet::EMPTY,
            explain,
        }
    }

    /// The hand's plan: when explaining, every entry on each reading (the why-not list in
    /// table order); else the context and whole-hand entries judged now, on a reading whose
    /// sets, pair and wait none of them reads (as on a special shape).
    pub(super) fn of_hand(p: &Prepared, ctx: &Context, variant: &Variant, explain: bool) -> Plan {
        let mut plan = Plan::full(variant, p.has, None, explain);
        if explain {
            return plan;
        }
        let f = p.blank_facts(ctx, variant, p.has);
        // Every entry judged once leaves the per-reading set, counted or not; the sets are
        // updated once, not per entry (an item's bit set in memory and the set read back
        // whole stalls on every entry).
        let once = plan.each.intersection(JUDGED_ONCE);
        plan.each = plan.each.difference(JUDGED_ONCE);
        let (mut held, mut n) = (ItemSet::EMPTY, 0);
        let drops = variant.exclusions.all();
        let mut dropped = ItemSet::EMPTY;
        for i in once.indices() {
            let Some(&(item, check)) = CHECKS.get(i) else {
                continue;
            };
            let hit = match check {
                Check::Context(c) => c(&Win {
                    ctx,
                    variant,
                    counted: &NOTHING,
                    explain: false,
                }),
                Check::Reading(c) => c(&f),
                Check::Hand(_) => continue,
            };
            let tai = tai_of(&hit, item, variant);
            if let (true, Some(slot)) = (tai > 0, plan.once_tai.get_mut(n)) {
                held = held.with(item);
                dropped = dropped.union(drops[i]);
                *slot = (item, tai);
                n += 1;
            }
        }
        plan.once = held;
        plan.once_len = n;
        plan.once_drops = dropped;
        plan
    }
}

/// One reading judged ([`evaluate`]); its tai per item are in the caller's buffer.
pub(super) struct Outcome {
    pub(super) total: u32,
    /// The items counted: those > 0 in the buffer (every other entry of it is 0).
    pub(super) counted: ItemSet,
    /// The composite merged into an item (字一色（小三元）…): (owner, merged).
    pub(super) merged: Option<(Item, Item)>,
    pub(super) why_not: Vec<NotApplied>,
}

/// `a` is shown before `b` ([`Rank`]): more tai, then fewer items, then the items first in
/// table order; compared in place (no list built: readings often tie). Each is (total, how
/// many items, the items).
pub(super) fn beats(a: (u32, u32, ItemSet), b: (u32, u32, ItemSet)) -> bool {
    if a.0 != b.0 {
        return a.0 > b.0;
    }
    if a.1 != b.1 {
        return a.1 < b.1;
    }
    // Of two lists of equal length in table order, the first is the one holding the first
    // item where they differ (both hold every item before it).
    a.2.first_difference(b.2)
        .is_some_and(|i| a.2.contains_index(i))
}

/// One reading judged: the tai each item counts for after the 備註, before materialising.
pub(super) struct Reading {
    pub(super) total: u32,
    /// The items counted (`tai` > 0).
    pub(super) counted: ItemSet,
    /// Tai per item (0 = not counted), a merged composite folded into its owner.
    pub(super) tai: [u32; Item::COUNT],
    /// The composite merged into an item (字一色（小三元）…): (owner, merged).
    pub(super) merged: Option<(Item, Item)>,
    pub(super) why_not: Vec<NotApplied>,
}

impl Reading {
    /// Judges the reading `f` by `plan` ([`evaluate`]).
    pub(super) fn judge(f: &Facts, plan: &Plan) -> Reading {
        let mut tai = [0u32; Item::COUNT];
        let o = evaluate(f, plan, &mut tai);
        Reading::of(o, &tai)
    }

    pub(super) fn of(o: Outcome, tai: &[u32; Item::COUNT]) -> Reading {
        Reading {
            total: o.total,
            counted: o.counted,
            tai: *tai,
            merged: o.merged,
            why_not: o.why_not,
        }
    }

    /// Its items as a [`Check::Hand`] condition reads them.
    pub(super) fn counted(&self) -> Counted<'_> {
        Counted {
            tai: &self.tai,
            merged: self.merged,
        }
    }

    /// Counts the whole-hand items judged on every reading ([`whole_hand`]).
    pub(super) fn add(&mut self, hits: &[(Item, u32)], notes: &[NotApplied]) {
        for &(item, tai) in hits {
            self.tai[item as usize] = tai;
            self.total += tai;
            self.counted = self.counted.with(item);
        }
        self.why_not.extend_from_slice(notes);
    }

    /// Shown before `other` ([`beats`]).
    pub(super) fn beats(&self, other: &Reading) -> bool {
        beats(
            (self.total, self.counted.len(), self.counted),
            (other.total, other.counted.len(), other.counted),
        )
    }

    /// What [`finish`] reads of it.
    pub(super) fn shown(&self) -> Shown<'_> {
        Shown {
            total: self.total,
            counted: self.counted,
            tai: &self.tai,
            merged: self.merged,
        }
    }
}

/// A reading as the score shows it: its tai per item by reference, so the best reading's
/// buffer is read where it was judged instead of being moved into the result.
pub(super) struct Shown<'a> {
    pub(super) total: u32,
    pub(super) counted: ItemSet,
    pub(super) tai: &'a [u32; Item::COUNT],
    pub(super) merged: Option<(Item, Item)>,
}

impl Shown<'_> {
    /// Its place in [`Rank`] order.
    pub(super) fn rank(&self) -> Rank {
        Rank::of(self.total, self.counted.indices())
    }

    pub(super) fn items(&self, variant: &Variant) -> Vec<ScoredItem> {
        let mut out = Vec::with_capacity(self.counted.len() as usize);
        out.extend(
            self.counted
                .indices()
                .map_while(table_def)
                .map(|d| ScoredItem {
                    item: d.item,
                    key: d.key(),
                    name: match self.merged {
                        Some((owner, m)) if owner == d.item => Cow::Owned(format!(
                            "{}（{}）",
                            variant.name_of(d.item),
                            variant.name_of(m)
                        )),
                        _ => Cow::Borrowed(variant.name_of(d.item)),
                    },
                    tai: self.tai[d.item as usize],
                }),
        );
        out
    }
}

/// Judges the entries of `plan` on one reading into `hits` (all 0 on entry; on return each
/// counted item's tai, 0 elsewhere), with the 備註 applied.
pub(super) fn evaluate(f: &Facts, plan: &Plan, hits: &mut [u32; Item::COUNT]) -> Outcome {
    let mut held = plan.once;
    for &(item, tai) in plan.once_tai.iter().take(plan.once_len) {
        hits[item as usize] = tai;
    }
    let mut reasons: Vec<NotApplied> = Vec::new();
    let mut note = |item: Item, reason: &dyn Fn() -> (String, String)| {
        if f.explain {
            let (en, zh) = reason();
            let name = f.variant.name_of(item);
            reasons.push(NotApplied {
                item,
                key: item.key(),
                reason: format!("{name}: {en}"),
                reason_zh: format!("{name}：{zh}"),
            });
        }
    };
    // The items judged on the whole hand come after every reading ([`whole_hand`]).
    for i in plan.each.indices() {
        let Some(&(item, check)) = CHECKS.get(i) else {
            continue;
        };
        let hit = match check {
            Check::Reading(c) => c(f),
            Check::Context(c) => c(&Win {
                ctx: f.ctx,
                variant: f.variant,
                counted: &NOTHING,
                explain: f.explain,
            }),
            Check::Hand(_) => continue,
        };
        let tai = match hit {
            Hit::Times(n) => u32::from(n) * u32::from(f.variant.tai_of(item)),
            Hit::Tai(t) => u32::from(t),
            Hit::No(r) => {
                note(item, &|| (r.en().to_owned(), r.zh().to_owned()));
                continue;
            }
        };
        if tai == 0 {
            note(item, &|| {
                (
                    "worth 0 tai in this variant".to_owned(),
                    "這個規則裡不計（0）".to_owned(),
                )
            });
        }
        hits[i] = tai;
        if tai > 0 {
            held = held.with(item);
        }
    }
    // 備註 exclusions, judged on the items that hold (so the result does not depend on order):
    // `held` as a set, walked instead of every item the variant has.
    let mut drop = |x: Item, by: Item, hits: &mut [u32; Item::COUNT]| {
        if hits[x as usize] > 0 {
            hits[x as usize] = 0;
            note(x, &|| {
                let by = f.variant.name_of(by);
                (
                    format!("not counted with {by} (備註)"),
                    format!("有{by}就不另計（備註）"),
                )
            });
        }
    };
    // The 備註 ([`Variant::exclusions`], the `exclude.<item>` settings: each preset's text's
    // notes resolved once, with any house rule's override): an item goes when a held item's
    // list names it, judged on the items that hold, so the result does not depend on order.
    let drops = f.variant.exclusions.all();
    if f.explain {
        // Each drop noted with the first held item (table order) that drops it.
        for y in held.indices() {
            let Some(&(by, _)) = CHECKS.get(y) else {
                continue;
            };
            for x in drops[y].intersection(held).indices() {
                if let Some(&(item, _)) = CHECKS.get(x) {
                    drop(item, by, hits);
                }
            }
        }
    } else {
        // The same drops as sets, nothing noted. The drops of the items judged once per hand
        // are known from the plan.
        let mut dropped = plan.once_drops;
        for y in held.difference(plan.once).indices() {
            dropped = dropped.union(drops[y]);
        }
        for x in dropped.intersection(held).indices() {
            hits[x] = 0;
        }
    }
    // The fan list's notes between shared rows (003 fan list; docs/variants.md): when a row
    // of the note was drawn in from the library, or the variant asks for them.
    // Most readings hold no row that writes one: the list is walked only when one does.
    if !held.intersection(SHARED_BY).is_empty() {
        for &(by, x) in SHARED_NOTES {
            if held.contains(by) && held.contains(x) && fan_note(by, x, f.variant) {
                drop(x, by, hits);
            }
        }
    }
    // The entries' notes judged on what the reading counts after the 備註 (001 平胡說明 貳).
    for def in held
        .intersection(AFTER_NOTES)
        .indices()
        .map_while(table_def)
    {
        if let Some(after) = def.after_notes {
            if hits[def.item as usize] > 0 {
                if let Some(by) = after(f, hits) {
                    drop(def.item, by, hits);
                }
            }
        }
    }
    // 字一色的複合: the merged item joins its owner, both added minus 4, shown as one item.
    let mut merged = None;
    for def in held.intersection(MERGING).indices().map_while(table_def) {
        let owner = def.item as usize;
        if hits[owner] == 0 {
            continue;
        }
        if let Some(&m) = def.merges.iter().find(|&&m| hits[m as usize] > 0) {
            hits[owner] = (hits[owner] + hits[m as usize])
                .saturating_sub(u32::from(f.variant.honors_merge_minus));
            hits[m as usize] = 0;
            merged = Some((def.item, m));
            note(m, &|| {
                let (owner, merged) = (f.variant.name_of(def.item), f.variant.name_of(m));
                (
                    format!("merged into {owner}（{merged}）"),
                    format!("併入{owner}（{merged}）"),
                )
            });
        }
    }
    let (mut counted, mut total) = (ItemSet::EMPTY, 0);
    for (i, &(item, _)) in held.indices().filter_map(|i| Some(i).zip(CHECKS.get(i))) {
        let t = hits[i];
        if t > 0 {
            total += t;
            counted = counted.with(item);
        }
    }
    Outcome {
        total,
        counted,
        merged,
        why_not: reasons,
    }
}

/// The rows that write a note of [`SHARED_NOTES`] (its `by`s).
pub(super) const SHARED_BY: ItemSet = {
    let (mut out, mut i) = (ItemSet::EMPTY, 0);
    while i < SHARED_NOTES.len() {
        out = out.with(SHARED_NOTES[i].0);
        i += 1;
    }
    out
};

/// The fan list's note "`x` 不算" on the shared row `by` ([`SHARED_NOTES`]) holds: when a row
/// of it was drawn in from the library, or the variant asks for them (docs/variants.md).
pub(super) fn fan_note(by: Item, x: Item, variant: &Variant) -> bool {
    SHARED_NOTES.contains(&(by, x))
        && (variant.scoring.fan_notes || variant.drawn(by) || variant.drawn(x))
}

/// No item counted: what a [`Check::Context`] condition reads while the hand is judged.
pub(super) static NOTHING: [u32; Item::COUNT] = [0; Item::COUNT];

/// Tai of a hit of `item` (0 when it does not apply).
pub(super) fn tai_of(hit: &Hit, item: Item, variant: &Variant) -> u32 {
    match *hit {
        Hit::Times(n) => u32::from(n) * u32::from(variant.tai_of(item)),
        Hit::Tai(t) => u32::from(t),
        Hit::No(_) => 0,
    }
}

/// The best reading of one decomposition: the block the winning tile completed is chosen
/// for the most tai.
pub(super) fn best_in(
    p: &Prepared,
    blocks: &[Block],
    ctx: &Context,
    variant: &Variant,
    plan: &Plan,
    explain: bool,
) -> Option<(Reading, Block, Shape)> {
    let mut best: Option<(Reading, Block, Shape)> = None;
    for (b, shape) in win_blocks(blocks, p.win_tile) {
        let r = read(p, blocks, b, shape, ctx, variant, plan);
        if best.as_ref().is_none_or(|(x, _, _)| r.beats(x)) {
            best = Some((r, b, shape));
        }
    }
    // The reasons are built for the chosen reading only.
    if explain {
        let all = Plan::of_hand(p, ctx, variant, true);
        best = best.map(|(_, b, shape)| (read(p, blocks, b, shape, ctx, variant, &all), b, shape));
    }
    best
}

/// Judges one reading: `blocks` with the winning tile completing `b` as `shape`.
pub(super) fn read(
    p: &Prepared,
    blocks: &[Block],
    b: Block,
    shape: Shape,
    ctx: &Context,
    variant: &Variant,
    plan: &Plan,
) -> Reading {
    Reading::judge(
        &facts(p, blocks, b, shape, ctx, variant, plan.explain),
        plan,
    )
}

/// The facts of one reading: `blocks` with the winning tile completing `b` as `shape`.
pub(super) fn facts<'a>(
    p: &'a Prepared<'a>,
    blocks: &[Block],
    b: Block,
    shape: Shape,
    ctx: &'a Context,
    variant: &'a Variant,
    explain: bool,
) -> Facts<'a> {
    // The sets, melds first (five, or four in a 13-tile hand): the blocks pushed onto the
    // melds' sets in place (sets built apart and then copied in were read back whole over
    // their one-byte writes, a stall per reading).
    let mut f = Facts {
        ctx,
        variant,
        melds: p.melds,
        sets: p.meld_sets,
        pair: p.win_tile,
        win_tile: p.win_tile,
        win_block: b,
        shape,
        concealed_triplets: p.meld_triplets,
        waits: &p.waits,
        all: p.all,
        explain,
        has: p.has,
    };
    // 000 暗刻的認定: a triplet completed by another player's tile is not concealed.
    let claimed = p.has.has(Needs::CLAIMED);
    // Each block written to the next free slot, and the count moved on unless it is the
    // pair (the next set overwrites its slot): the count, the pair and the 暗刻 stay in
    // registers, and no branch follows the blocks' kinds (a push per set kept the length in
    // memory and chained every push through it).
    let (views, len) = f.sets.parts_mut();
    let (mut next, mut pair, mut concealed) = (usize::from(*len), f.pair, f.concealed_triplets);
    for &x in blocks {
        let (tile, triplet, is_pair) = match x {
            Block::Sequence(t) => (t, false, false),
            Block::Triplet(t) => (t, true, false),
            Block::Pair(t) => (t, false, true),
        };
        if let Some(slot) = views.get_mut(next) {
            *slot = SetView {
                tile,
                triplet,
                meld: None,
            };
        }
        next += usize::from(!is_pair);
        pair = if is_pair { tile } else { pair };
        concealed += u8::from(triplet && !(claimed && x == b));
    }
    // At most five sets (a validated hand's).
    *len = next.min(views.len()) as u8;
    f.pair = pair;
    f.concealed_triplets = concealed;
    f
}

/// Every reading of the hand: each decomposition with each block that can take the winning
/// tile (its index, the block and the shape), in their fixed order.
pub(super) fn every_reading(
    p: &Prepared,
    decs: &[Vec<Block>],
    ctx: &Context,
    variant: &Variant,
    plan: &Plan,
) -> Vec<(Reading, usize, Block, Shape)> {
    decs.iter()
        .enumerate()
        .flat_map(|(i, blocks)| {
            win_blocks(blocks, p.win_tile)
                .map(move |(b, shape)| (read(p, blocks, b, shape, ctx, variant, plan), i, b, shape))
        })
        .collect()
}

/// The blocks of `blocks` that can take the winning tile, each once, with how it sits there.
///
/// The blocks holding the tile are found first as a bit mask, without a branch per block
/// (which blocks hold it differs at every reading: the branches of the per-block match
/// mispredicted), then only those are shaped. A scored hand has at most six blocks; of a
/// longer list only the first 64 are read.
pub(super) fn win_blocks(
    blocks: &[Block],
    win_tile: Tile,
) -> impl Iterator<Item = (Block, Shape)> + '_ {
    let w = win_tile.index();
    let mut holding = 0u64;
    for (i, &b) in blocks.iter().enumerate().take(64) {
        let (t, run) = match b {
            Block::Sequence(t) => (t, true),
            Block::Triplet(t) | Block::Pair(t) => (t, false),
        };
        let d = w.wrapping_sub(t.index());
        holding |= (u64::from(d == 0) | u64::from(run) & u64::from(d <= 2)) << i;
    }
    std::iter::from_fn(move || {
        if holding == 0 {
            return None;
        }
        let i = holding.trailing_zeros() as usize;
        holding &= holding - 1;
        blocks.get(i).map(|&b| (i, b))
    })
    .filter_map(move |(i, b)| {
        let shape = shape_in(b, win_tile)?;
        (!blocks[..i].contains(&b)).then_some((b, shape))
    })
}

/// The best reading of each decomposition that holds the winning tile, with its index.
pub(super) fn per_decomposition(
    p: &Prepared,
    decs: &[Vec<Block>],
    ctx: &Context,
    variant: &Variant,
    plan: &Plan,
    explain: bool,
) -> Vec<(Reading, usize, Block, Shape)> {
    decs.iter()
        .enumerate()
        .filter_map(|(i, blocks)| {
            best_in(p, blocks, ctx, variant, plan, explain).map(|(r, b, s)| (r, i, b, s))
        })
        .collect()
}

/// The best reading of the hand over every decomposition and block of the winning tile (the
/// first of the best, in their fixed order: [`Rank`]), with its blocks. The decompositions are
/// walked without being listed, and the readings are judged into two buffers, the one being
/// judged and the best so far, swapped by reference: no per-reading array is moved, and only
/// the entries a reading counted are cleared after it.
pub(super) fn best_reading<'b>(
    p: &Prepared,
    concealed: &Counts,
    ctx: &Context,
    variant: &Variant,
    plan: &Plan,
    bufs: &'b mut [[u32; Item::COUNT]; 2],
) -> Option<(Shown<'b>, Blocks, Block, Shape)> {
    let [one, two] = bufs;
    let (mut cur, mut top) = (one, two);
    let mut best: Option<(Outcome, Block, Shape)> = None;
    let mut best_blocks = Blocks::EMPTY;
    let clear = |buf: &mut [u32; Item::COUNT], set: ItemSet| {
        for i in set.indices() {
            buf[i] = 0;
        }
    };
    for_each_decomposition(concealed, |blocks| {
        for (block, shape) in win_blocks(blocks, p.win_tile) {
            let judged = evaluate(
                &facts(p, blocks, block, shape, ctx, variant, false),
                plan,
                cur,
            );
            let better = best.as_ref().is_none_or(|(x, _, _)| {
                beats(
                    (judged.total, judged.counted.len(), judged.counted),
                    (x.total, x.counted.len(), x.counted),
                )
            });
            if better {
                std::mem::swap(&mut cur, &mut top);
                if let Some((old, _, _)) = &best {
                    clear(cur, old.counted);
                }
                best = Some((judged, block, shape));
                // A validated hand's concealed part is at most five sets and a pair.
                best_blocks = Blocks::new(blocks).unwrap_or(Blocks::EMPTY);
            } else {
                clear(cur, judged.counted);
            }
        }
    });
    let top: &'b [u32; Item::COUNT] = top;
    best.map(|(o, block, shape)| {
        let shown = Shown {
            total: o.total,
            counted: o.counted,
            tai: top,
            merged: o.merged,
        };
        (shown, best_blocks, block, shape)
    })
}
