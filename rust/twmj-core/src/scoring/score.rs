//! Scoring a win: the max-tai reading of the hand, the items and the why-not list.

use std::borrow::Cow;

use crate::decompose::{decompositions, for_each_decomposition, Block, Blocks};
use crate::error::{Code, Error, Result};
use crate::hand::{Hand, Meld, MeldKind};
use crate::rules::{DiceShape, Item, ItemSet, Special, Variant};
use crate::scoring::context::conflict;
use crate::scoring::context::Context;
use crate::scoring::items::{
    Check, Counted, Facts, Hit, Needs, Scope, SetView, Sets, WaitsBefore, Whole, Win,
};
use crate::scoring::tables::fan::SHARED_NOTES;
use crate::scoring::tables::{
    def, table_def, AFTER_NOTES, CHECKS, DEALER_LINE, FLOWER_WINS, FOUR_KONGS, HAND_CHECKS,
    JUDGED_ONCE, MANNER, MERGING, NEEDING, ONCE, ON_READING, WHOLE_HAND,
};
use crate::tile::{Counts, Tile, COPIES, KINDS};
pub use crate::vocab::{Declaration, Replacement, Seat, Seats, WinKind};
use crate::waits::{exhausted, Shape};

/// A flower win (000 花牌與花胡), scored as its own 筆.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FlowerWin {
    /// 八仙過海: the three others pay.
    EightImmortals,
    /// 七搶一: the robbed seat alone pays.
    SevenRobOne { robbed: Seat },
}

impl FlowerWin {
    /// The win kind of the flower win's 筆.
    pub const fn kind(self) -> WinKind {
        match self {
            FlowerWin::EightImmortals => WinKind::EightFlowers,
            FlowerWin::SevenRobOne { robbed } => WinKind::SevenRobOne { from: robbed },
        }
    }

    /// The row of the table that makes this flower win a 筆 of its own (000 花牌與花胡: 八仙過海,
    /// 七搶一).
    pub const fn item(self) -> Item {
        match self {
            FlowerWin::EightImmortals => Item::EightImmortals,
            FlowerWin::SevenRobOne { .. } => Item::SevenRobOne,
        }
    }

    /// The variant plays this flower win: its table has the flower win's row (and it plays
    /// with flowers). The one owner of whether eight flowers (or seven and the robbed eighth)
    /// end the hand: the opening, the turn's `eight flowers` / `seven rob one`, the 七搶一
    /// offer and [`score_flower`] all ask it. 000 (and the presets built on it, 001, 003
    /// 改良式) has the rows; 003 hk16 has none — its 八仙過海 40番 and 七搶一 20番 are added to a
    /// regular win only (只是在胡的時候加40番; 胡的時候加20番), as the rows `eight_flowers` and
    /// `seven_flowers`. Setting `flower_wins` adds or removes both rows; a 0-tai row still
    /// ends the hand (paid 底 and dealer tai, as a 0-tai 天胡 still wins).
    pub fn played_in(self, variant: &Variant) -> bool {
        variant.flowers && variant.has(self.item())
    }
}

/// One counted item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredItem {
    pub item: Item,
    pub key: &'static str,
    /// The table's name (borrowed: no allocation per item), or a composite such as
    /// `字一色（大四喜）` (built).
    pub name: Cow<'static, str>,
    pub tai: u32,
}

/// The dealer's line items of a score ([`Score::dealer_items`]): at most one per entry of
/// [`DEALER_LINE`], held inline (no allocation per score); reads as a slice.
#[derive(Clone, PartialEq, Eq)]
pub struct DealerItems {
    items: [ScoredItem; DEALER_LINE.len()],
    len: usize,
}

impl DealerItems {
    const NONE: DealerItems = DealerItems {
        items: [const {
            ScoredItem {
                item: Item::Dealer,
                key: "",
                name: Cow::Borrowed(""),
                tai: 0,
            }
        }; DEALER_LINE.len()],
        len: 0,
    };

    /// Adds an item (one per entry of [`DEALER_LINE`]: never more than it holds).
    fn push(&mut self, item: ScoredItem) {
        if let Some(slot) = self.items.get_mut(self.len) {
            *slot = item;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for DealerItems {
    type Target = [ScoredItem];

    fn deref(&self) -> &[ScoredItem] {
        &self.items[..self.len]
    }
}

impl std::fmt::Debug for DealerItems {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a DealerItems {
    type Item = &'a ScoredItem;
    type IntoIter = std::slice::Iter<'a, ScoredItem>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// An item checked and not counted, with the reason (`平胡: the hand holds a flower`) and the
/// same in Chinese (`平胡：有花牌`), what a player reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotApplied {
    pub item: Item,
    pub key: &'static str,
    pub reason: String,
    pub reason_zh: String,
}

/// The score of one 筆.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Score {
    /// The preset of the variant used.
    pub variant: &'static str,
    /// The overrides applied to that preset, as `key = value`.
    pub overrides: Vec<(String, String)>,
    /// The hand's tai: the sum of `items`, paid by every payer.
    pub total_tai: u32,
    pub items: Vec<ScoredItem>,
    /// 莊家 and 連莊拉莊 when the dealer wins or pays; each applies only on the dealer's lines.
    pub dealer_items: DealerItems,
    /// 莊家台 = 1 + 2N of this hand; it applies only on the lines between the dealer and the
    /// counterpart ([`Score::dealer_tai_for`]).
    pub dealer_tai: u32,
    /// The concealed part's decomposition used (max tai); empty for a flower win.
    pub decomposition: Blocks,
    pub melds: Vec<Meld>,
    /// The block the winning tile completed and how it sat there.
    pub win_block: Option<(Block, Shape)>,
    /// Filled when asked for: every item checked and not counted.
    pub why_not: Vec<NotApplied>,
    pub winner: Seat,
    pub dealer: Seat,
    pub payers: Seats,
    /// Every other seated player pays (自摸, 八仙過海, 四槓胡), however many that is; false
    /// when one seat pays for its tile (放槍, 搶槓, 七搶一). 中庸全統制 reads it (003: 自摸胡
    /// 各家付 × 2, 放槍胡 × 3), which the number of payers cannot tell with two players.
    pub self_drawn: bool,
    pub flower_win: Option<FlowerWin>,
    /// The 筆 is paid double, 底 and 台 together: the opening dice were a 豹子 under
    /// `leopard_double` (a house rule, issue #30: （底 + 台）算完後整筆加倍).
    pub doubled: bool,
}

impl Score {
    /// The dealer tai on the line between the winner and `payer`.
    pub fn dealer_tai_for(&self, payer: Seat) -> u32 {
        if self.winner == self.dealer || payer == self.dealer {
            self.dealer_tai
        } else {
            0
        }
    }

    /// Hand tai plus the dealer tai that applies to `payer` (what that payer pays for).
    pub fn tai_for(&self, payer: Seat) -> u32 {
        self.total_tai + self.dealer_tai_for(payer)
    }

    /// The hand tai that counts toward 起胡: `total_tai` less the items scored only after the
    /// win ([`Scope::AfterWin`]: 003 fan list 花, 不算在起胡分內，胡牌後記分).
    pub fn threshold_tai(&self) -> u32 {
        let after: u32 = self
            .items
            .iter()
            .filter(|i| def(i.item).scope == Scope::AfterWin)
            .map(|i| i.tai)
            .sum();
        self.total_tai - after
    }

    /// What 起胡 looks at for `payer` (README): [`Score::threshold_tai`] plus the dealer tai of
    /// that line.
    pub fn threshold_tai_for(&self, payer: Seat) -> u32 {
        self.threshold_tai() + self.dealer_tai_for(payer)
    }

    /// 起胡 (002, README): for at least one payer, hand tai (without the items scored after
    /// the win) plus that line's dealer tai reaches `min_tai`.
    pub fn reaches(&self, min_tai: u8) -> bool {
        self.payers
            .iter()
            .any(|&p| self.threshold_tai_for(p) >= u32::from(min_tai))
    }
}

/// The tiles common to every reading of the hand.
struct Prepared<'a> {
    melds: &'a [Meld],
    win_tile: Tile,
    all: Counts,
    waits: WaitsBefore,
    /// What the hand has, for the entries' needs.
    has: Needs,
    /// The melds as sets, and the 暗槓 among them ([`meld_sets`]).
    meld_sets: Sets,
    meld_triplets: u8,
}

impl<'a> Prepared<'a> {
    /// A reading whose sets, pair and wait no entry judged on it reads: as many sets as a
    /// reading has (four in a 13-tile hand), each the winning tile not as a triplet, the pair
    /// a 單騎 on it. The whole-hand entries and a special shape's items are judged on it.
    fn blank_facts(&self, ctx: &'a Context, variant: &'a Variant, has: Needs) -> Facts<'_> {
        let none = SetView {
            tile: self.win_tile,
            triplet: false,
            meld: None,
        };
        // Built whole: pushed one by one, its byte writes were read back as words (a stall).
        let sets = Sets::filled(none, 5 - variant.missing_sets());
        Facts {
            ctx,
            variant,
            melds: self.melds,
            sets,
            pair: self.win_tile,
            win_tile: self.win_tile,
            win_block: Block::Pair(self.win_tile),
            shape: Shape::Tanki,
            concealed_triplets: 0,
            waits: &self.waits,
            all: self.all,
            explain: false,
            has,
        }
    }
}

fn prepare<'a>(
    concealed: &Counts,
    melds: &'a [Meld],
    win_tile: Tile,
    ctx: &Context,
    variant: &Variant,
) -> Result<Prepared<'a>> {
    ctx.validate(variant)?;
    if !ctx.win.term().regular || ctx.win == WinKind::FourKongs {
        return Err(Error::context(
            "context.win",
            format!(
                "a {} win is scored on its own (the flower wins by score_flower, 四槓胡 by \
                 score or score_four_kongs), not as a complete hand",
                ctx.win.key()
            ),
        )
        .coded(
            Code::ScoredApart,
            &[
                ("win", &ctx.win.key()),
                ("how", &"花胡用 score_flower，四槓胡用 score_four_kongs"),
            ],
        ));
    }
    // 004 三人麻將 多數不能吃: where the preset forbids 吃, no hand holds one.
    variant.check_melds(melds)?;
    // 004 兩人麻將: a 13-tile hand (13 張版) wins with 4 組+1 對, so at most four melds.
    let size = usize::from(variant.hand_size);
    let of = if size == 16 {
        String::new()
    } else {
        format!(" (hand_size {size})")
    };
    if melds.len() > size / 3 {
        return Err(Error::hand(format!(
            "{} melds; a hand has at most {}{of}",
            melds.len(),
            size / 3
        ))
        .coded(
            crate::error::Code::TooManyMelds,
            &[("n", &melds.len()), ("max", &(size / 3))],
        ));
    }
    let n = crate::tile::total(concealed);
    let want = size + 1 - 3 * melds.len();
    if n != want {
        return Err(Error::hand(format!(
            "the hand has {n} concealed tiles with the winning tile; with {} melds a win needs {want}{of}",
            melds.len()
        ))
        .coded(
            crate::error::Code::WrongTileCount,
            &[("what", &"手牌（含胡的牌）"), ("n", &n), ("want", &want)],
        ));
    }
    let all = all_tiles(concealed, melds, variant)?;
    if concealed[win_tile.index()] == 0 {
        return Err(Error::context(
            "win_tile",
            format!(
                "the winning tile {} is not in the concealed tiles (they include it)",
                win_tile.code()
            ),
        )
        .coded(
            crate::error::Code::WinTileMissing,
            &[("tile", &win_tile.name())],
        ));
    }
    if let Some(n) = ctx.shown {
        check_shown(n, concealed, melds, win_tile)?;
    }
    let has = |k: MeldKind| melds.iter().any(|m| m.kind == k);
    match ctx.win {
        WinKind::Replacement(Replacement::Ankan) if !has(MeldKind::Ankan) => {
            return Err(conflict(
                "context.win",
                "a replacement after an 暗槓, but the hand has no 暗槓",
                ["暗槓後補牌", "副露", "手上沒有暗槓"],
            ));
        }
        WinKind::Replacement(Replacement::Kakan) if !has(MeldKind::Kakan) => {
            return Err(conflict(
                "context.win",
                "a replacement after a 加槓, but the hand has no 加槓",
                ["加槓後補牌", "副露", "手上沒有加槓"],
            ));
        }
        _ => {}
    }
    if ctx.first_turn && !melds.is_empty() {
        return Err(conflict(
            "context.first_turn",
            "the winner has melds, so someone called or kong'd before",
            ["第一巡", "副露", "有副露表示有人吃碰槓過了"],
        ));
    }
    if matches!(ctx.declared, Declaration::Migi | Declaration::HeavenReady) {
        // 000 嗆聽與 MIGI: nobody called or kong'd before it, and a declared hand cannot.
        if let Some(m) = melds.first() {
            return Err(conflict(
                "context.declared",
                format!(
                    "{} allows no call or kong before it and none after, but the hand has a {} of {}",
                    if ctx.declared == Declaration::Migi { "MIGI" } else { "天聽" },
                    m.kind.name(),
                    m.tile.code()
                ),
                [
                    if ctx.declared == Declaration::Migi { "地聽" } else { "天聽" },
                    "副露",
                    "宣告前後都不能吃碰槓（000 嗆聽與 MIGI）",
                ],
            ));
        }
    }
    let mut before = *concealed;
    before[win_tile.index()] -= 1;
    // The winner's own tiles before the win: all of them less the winning tile.
    let mut own_before = all;
    own_before[win_tile.index()] -= 1;
    let (meld_sets, meld_triplets) = meld_sets(melds, win_tile);
    Ok(Prepared {
        melds,
        win_tile,
        all,
        waits: WaitsBefore::new(before, exhausted(&own_before)),
        has: Needs::of(&all, melds, ctx),
        meld_sets,
        meld_triplets,
    })
}

/// The context's `shown` (003 fan list 胡絕張) fits the hand: it holds at least the copies the
/// winner's own open melds show, and with the winner's other concealed copies (which are not
/// shown) and the winning tile it stays within the 4 copies of the kind.
fn check_shown(n: u8, concealed: &Counts, melds: &[Meld], win_tile: Tile) -> Result<()> {
    let i = win_tile.index();
    let mut open = [0u8; KINDS];
    for m in melds.iter().filter(|m| m.kind.is_open()) {
        m.add_to(&mut open);
    }
    let code = win_tile.code();
    if n < open[i] {
        return Err(Error::context(
            "context.shown",
            format!(
                "{n} copies of {code} shown on the table, but the winner's own melds show {}",
                open[i]
            ),
        )
        .coded(
            Code::ShownOverCopies,
            &[
                ("n", &n),
                ("tile", &win_tile.name()),
                ("why", &format!("胡牌的人自己的副露就亮了 {} 張", open[i])),
            ],
        ));
    }
    let held = concealed[i] - 1;
    if usize::from(n) + usize::from(held) + 1 > usize::from(COPIES) {
        return Err(Error::context(
            "context.shown",
            format!(
                "{n} copies of {code} shown on the table, {held} more in the winner's concealed \
                 tiles and the winning tile make more than {COPIES}"
            ),
        )
        .coded(
            Code::ShownOverCopies,
            &[
                ("n", &n),
                ("tile", &win_tile.name()),
                (
                    "why",
                    &format!("加上手裡的 {held} 張和胡的那張超過 {COPIES} 張"),
                ),
            ],
        ));
    }
    Ok(())
}

fn block_tile(b: Block) -> Tile {
    match b {
        Block::Sequence(t) | Block::Triplet(t) | Block::Pair(t) => t,
    }
}

/// How `x` sits in block `b`, if `b` holds it (平胡的認定: a run's open end is 兩面).
fn shape_in(b: Block, x: Tile) -> Option<Shape> {
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
struct Rank(std::cmp::Reverse<u32>, usize, Vec<usize>);

impl Rank {
    fn of(total: u32, items: impl Iterator<Item = usize>) -> Rank {
        let items: Vec<usize> = items.collect();
        Rank(std::cmp::Reverse(total), items.len(), items)
    }

    fn of_score(s: &Score) -> Rank {
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
struct Plan {
    /// The entries judged on each reading, in table order.
    each: ItemSet,
    /// The entries judged once that count, with their tai in `once_tai` (the first
    /// `once.len()` pairs; a short list rather than a 135-entry array zeroed and moved).
    once: ItemSet,
    once_tai: [(Item, u32); ONCE_MOST],
    /// How many of `once_tai` are filled (`once.len()`, counted once).
    once_len: usize,
    /// The items the `once` items drop by their 備註 ([`Variant::exclusions`]), worked out once per hand:
    /// a reading adds the drops of the items it judges itself.
    once_drops: ItemSet,
    /// The reasons of the entries that do not count are built.
    explain: bool,
}

/// The entries that need a flag of [`Needs`] `has` lacks: the union of [`NEEDING`] over the
/// flags it lacks, as one look-up per six flags ([`LACKING`]) instead of a pass per flag.
fn lacking(has: Needs) -> ItemSet {
    let missing = !has.bits();
    LACKING
        .iter()
        .enumerate()
        .fold(ItemSet::EMPTY, |out, (c, chunk)| {
            out.union(chunk[(missing >> (CHUNK * c)) as usize & (CHUNKS - 1)])
        })
}

/// Flags of [`Needs`] per chunk of [`LACKING`].
const CHUNK: usize = 6;
/// Entries per chunk: one per combination of its flags.
const CHUNKS: usize = 1 << CHUNK;

/// For each chunk of six flags of [`Needs`] and each combination `m` of them (bit j: flag
/// `CHUNK * c + j` lacking), the entries needing one of the lacking flags ([`NEEDING`]).
static LACKING: [[ItemSet; CHUNKS]; Needs::FLAGS.div_ceil(CHUNK)] = {
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
const ONCE_MOST: usize = JUDGED_ONCE.len() as usize;

impl Plan {
    /// Every entry judged on each reading: those the variant has, of a reading's scope
    /// ([`ON_READING`]), whose needs the hand has (every one when explaining: the why-not list
    /// gives each one's reason, in table order), and in `only` when given (a special shape's
    /// or 四槓胡's own list). Set operations on the tables' precomputed sets, no entry visited.
    fn full(variant: &Variant, has: Needs, only: Option<&[Item]>, explain: bool) -> Plan {
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
    fn of_hand(p: &Prepared, ctx: &Context, variant: &Variant, explain: bool) -> Plan {
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
struct Outcome {
    total: u32,
    /// The items counted: those > 0 in the buffer (every other entry of it is 0).
    counted: ItemSet,
    /// The composite merged into an item (字一色（小三元）…): (owner, merged).
    merged: Option<(Item, Item)>,
    why_not: Vec<NotApplied>,
}

/// `a` is shown before `b` ([`Rank`]): more tai, then fewer items, then the items first in
/// table order; compared in place (no list built: readings often tie). Each is (total, how
/// many items, the items).
fn beats(a: (u32, u32, ItemSet), b: (u32, u32, ItemSet)) -> bool {
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
struct Reading {
    total: u32,
    /// The items counted (`tai` > 0).
    counted: ItemSet,
    /// Tai per item (0 = not counted), a merged composite folded into its owner.
    tai: [u32; Item::COUNT],
    /// The composite merged into an item (字一色（小三元）…): (owner, merged).
    merged: Option<(Item, Item)>,
    why_not: Vec<NotApplied>,
}

impl Reading {
    /// Judges the reading `f` by `plan` ([`evaluate`]).
    fn judge(f: &Facts, plan: &Plan) -> Reading {
        let mut tai = [0u32; Item::COUNT];
        let o = evaluate(f, plan, &mut tai);
        Reading::of(o, &tai)
    }

    fn of(o: Outcome, tai: &[u32; Item::COUNT]) -> Reading {
        Reading {
            total: o.total,
            counted: o.counted,
            tai: *tai,
            merged: o.merged,
            why_not: o.why_not,
        }
    }

    /// Its items as a [`Check::Hand`] condition reads them.
    fn counted(&self) -> Counted<'_> {
        Counted {
            tai: &self.tai,
            merged: self.merged,
        }
    }

    /// Counts the whole-hand items judged on every reading ([`whole_hand`]).
    fn add(&mut self, hits: &[(Item, u32)], notes: &[NotApplied]) {
        for &(item, tai) in hits {
            self.tai[item as usize] = tai;
            self.total += tai;
            self.counted = self.counted.with(item);
        }
        self.why_not.extend_from_slice(notes);
    }

    /// Shown before `other` ([`beats`]).
    fn beats(&self, other: &Reading) -> bool {
        beats(
            (self.total, self.counted.len(), self.counted),
            (other.total, other.counted.len(), other.counted),
        )
    }

    /// What [`finish`] reads of it.
    fn shown(&self) -> Shown<'_> {
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
struct Shown<'a> {
    total: u32,
    counted: ItemSet,
    tai: &'a [u32; Item::COUNT],
    merged: Option<(Item, Item)>,
}

impl Shown<'_> {
    /// Its place in [`Rank`] order.
    fn rank(&self) -> Rank {
        Rank::of(self.total, self.counted.indices())
    }

    fn items(&self, variant: &Variant) -> Vec<ScoredItem> {
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
fn evaluate(f: &Facts, plan: &Plan, hits: &mut [u32; Item::COUNT]) -> Outcome {
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
const SHARED_BY: ItemSet = {
    let (mut out, mut i) = (ItemSet::EMPTY, 0);
    while i < SHARED_NOTES.len() {
        out = out.with(SHARED_NOTES[i].0);
        i += 1;
    }
    out
};

/// The fan list's note "`x` 不算" on the shared row `by` ([`SHARED_NOTES`]) holds: when a row
/// of it was drawn in from the library, or the variant asks for them (docs/variants.md).
fn fan_note(by: Item, x: Item, variant: &Variant) -> bool {
    SHARED_NOTES.contains(&(by, x))
        && (variant.scoring.fan_notes || variant.drawn(by) || variant.drawn(x))
}

/// The melds as sets (the first of every reading's) and the 暗槓 among them (暗刻). Inlined:
/// the pair returned through memory was read back whole over its byte writes, a stall.
#[inline]
fn meld_sets(melds: &[Meld], win_tile: Tile) -> (Sets, u8) {
    let mut sets = Sets::empty(SetView {
        tile: win_tile,
        triplet: false,
        meld: None,
    });
    let mut concealed_triplets = 0u8;
    for m in melds {
        sets.push(SetView {
            tile: m.tile,
            triplet: m.kind != MeldKind::Chi,
            meld: Some(m.kind),
        });
        if m.kind == MeldKind::Ankan {
            concealed_triplets += 1;
        }
    }
    (sets, concealed_triplets)
}

/// No item counted: what a [`Check::Context`] condition reads while the hand is judged.
static NOTHING: [u32; Item::COUNT] = [0; Item::COUNT];

/// Tai of a hit of `item` (0 when it does not apply).
fn tai_of(hit: &Hit, item: Item, variant: &Variant) -> u32 {
    match *hit {
        Hit::Times(n) => u32::from(n) * u32::from(variant.tai_of(item)),
        Hit::Tai(t) => u32::from(t),
        Hit::No(_) => 0,
    }
}

/// The dealer's line items ([`Scope::DealerPair`]: 莊家, 連莊拉莊) judged on the hand's items
/// `counted`: those that count when the dealer wins or pays (else none), their sum (莊家台 =
/// 1 + 2N, which applies only on the dealer's lines), and with `explain` why the others do not.
fn dealer_part(
    ctx: &Context,
    variant: &Variant,
    payers: &[Seat],
    counted: &[u32; Item::COUNT],
    explain: bool,
) -> (DealerItems, u32, Vec<NotApplied>) {
    let involved = ctx.winner == ctx.dealer || payers.contains(&ctx.dealer);
    let win = Win {
        ctx,
        variant,
        counted,
        explain: explain && involved,
    };
    let mut items = DealerItems::NONE;
    let mut why_not = Vec::new();
    let mut note = |item: Item, en: &str, zh: &str| {
        if explain {
            why_not.push(NotApplied {
                item,
                key: item.key(),
                reason: format!("{}: {en}", item.name()),
                reason_zh: format!("{}：{zh}", item.name()),
            });
        }
    };
    for &item in &DEALER_LINE {
        let Check::Context(check) = def(item).check else {
            continue;
        };
        let hit = check(&win);
        // A counted item whose 備註 names the dealer's line item (`exclude.<item>`: a fixed
        // total such as 天胡 固定 24 台) drops it.
        let by = variant
            .exclusions
            .dropping(item)
            .indices()
            .find(|&y| counted.get(y).is_some_and(|&t| t > 0))
            .and_then(Item::from_index);
        let tai = if by.is_some() {
            0
        } else {
            tai_of(&hit, item, variant)
        };
        if let (true, Some(by)) = (involved, by) {
            let by = variant.name_of(by);
            note(
                item,
                &format!("not counted with {by} (備註)"),
                &format!("有{by}就不另計（備註）"),
            );
        } else if !involved {
            note(
                item,
                "neither the winner nor a payer is the dealer",
                "胡牌者和付錢的人都不是莊家",
            );
        } else if let Hit::No(r) = &hit {
            note(item, r.en(), r.zh());
        }
        if tai > 0 {
            items.push(ScoredItem {
                item,
                key: item.key(),
                name: Cow::Borrowed(item.name()),
                tai,
            });
        }
    }
    let tai = items.iter().map(|i| i.tai).sum();
    if !involved {
        items = DealerItems::NONE;
    }
    (items, tai, why_not)
}

/// The score of `reading` (taken by reference: its tai array is not moved again; its reasons
/// are moved out).
fn finish(
    reading: &mut Reading,
    decomposition: Blocks,
    win_block: Option<(Block, Shape)>,
    melds: &[Meld],
    ctx: &Context,
    variant: &Variant,
    flower_win: Option<FlowerWin>,
) -> Score {
    let why_not = std::mem::take(&mut reading.why_not);
    finish_shown(
        &reading.shown(),
        why_not,
        decomposition,
        win_block,
        melds,
        ctx,
        variant,
        flower_win,
    )
}

/// The score of the reading `reading`, with the reasons `why_not` of the items it does not
/// count (empty unless explaining). Inlined into its callers: a `Score` is 248 bytes, and
/// returned from a call it was copied once more into the caller's `Ok`.
#[allow(clippy::too_many_arguments)] // the parts of a score, each passed once
#[allow(clippy::inline_always)] // the copy it saves is what the hint is for (above)
#[inline(always)]
fn finish_shown(
    reading: &Shown,
    mut why_not: Vec<NotApplied>,
    decomposition: Blocks,
    win_block: Option<(Block, Shape)>,
    melds: &[Meld],
    ctx: &Context,
    variant: &Variant,
    flower_win: Option<FlowerWin>,
) -> Score {
    let mut payers = ctx.payers();
    // 004 兩人麻將、三人麻將規則: only the seated players pay (seats `0..players`).
    payers.retain(|p| p < variant.seats());
    let (dealer_items, dealer_tai, dealer_why_not) =
        dealer_part(ctx, variant, &payers, reading.tai, !why_not.is_empty());
    let items = reading.items(variant);
    why_not.extend(dealer_why_not);
    Score {
        variant: variant.preset,
        overrides: variant.overrides.clone(),
        total_tai: reading.total,
        items,
        dealer_items,
        dealer_tai,
        decomposition,
        melds: melds.to_vec(),
        win_block,
        why_not,
        winner: ctx.winner,
        dealer: ctx.dealer,
        payers,
        self_drawn: ctx.win.is_self_draw(),
        flower_win,
        doubled: variant.scoring.leopard_double
            && ctx
                .dice
                .is_some_and(|d| DiceShape::of(d) == Some(DiceShape::Leopard)),
    }
}

/// The best reading of one decomposition: the block the winning tile completed is chosen
/// for the most tai.
fn best_in(
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

/// The whole-hand items that count (with their tai) and the reasons of the others.
type Judged = (Vec<(Item, u32)>, Vec<NotApplied>);

/// The variant has an item judged on the whole hand ([`Check::Hand`]).
fn has_whole(variant: &Variant) -> bool {
    HAND_CHECKS.iter().any(|&i| variant.has(i))
}

/// The items judged on the whole hand ([`Check::Hand`]: 屁胡, 無番和) the variant has, on
/// `readings` (every reading of the hand, before those items) with `shown` the reading they
/// are added to and `special` the special shape the hand also makes: each counted item with
/// its tai, and with `explain` the reasons of the others.
fn whole_hand(
    readings: &[Counted],
    shown: Counted,
    special: Option<Item>,
    ctx: &Context,
    variant: &Variant,
    explain: bool,
) -> Judged {
    let whole = Whole {
        ctx,
        variant,
        readings,
        shown,
        special,
        explain,
    };
    let mut hits = Vec::new();
    let mut notes = Vec::new();
    for &item in HAND_CHECKS.iter().filter(|&&i| variant.has(i)) {
        let Check::Hand(check) = def(item).check else {
            continue;
        };
        let hit = check(&whole);
        let tai = tai_of(&hit, item, variant);
        let reason = match hit {
            Hit::No(r) => Some((r.en().to_owned(), r.zh().to_owned())),
            _ if tai == 0 => Some((
                "worth 0 tai in this variant".to_owned(),
                "這個規則裡不計（0）".to_owned(),
            )),
            _ => None,
        };
        if let (true, Some((en, zh))) = (explain, reason) {
            let name = variant.name_of(item);
            notes.push(NotApplied {
                item,
                key: item.key(),
                reason: format!("{name}: {en}"),
                reason_zh: format!("{name}：{zh}"),
            });
        }
        if tai > 0 {
            hits.push((item, tai));
        }
    }
    (hits, notes)
}

/// Judges one reading: `blocks` with the winning tile completing `b` as `shape`.
fn read(
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
fn facts<'a>(
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

/// The score of a special shape (瀝咕瀝咕, 十三么) the variant admits, if the hand makes one:
/// the shape's item, with 自摸 on a self-draw and 不求人 when also without an open meld (003
/// 註八: 瀝咕瀝咕必為門清，故自摸胡只另計自摸、不求人兩台; 門清 is not added), 搶槓 on a
/// robbed kong (003 註13: 搶暗槓胡多一台), the other manners of the win and the flowers
/// ([`MANNER`]). Where the variant compounds, every whole-hand item too.
fn special_score(
    p: &Prepared,
    concealed: &Counts,
    ctx: &Context,
    variant: &Variant,
) -> Option<Score> {
    let shapes = crate::special::special_wins(concealed, p.melds, variant);
    if shapes.is_empty() {
        // Returned at once: `best` below is 248 bytes copied out even when `None`.
        return None;
    }
    // A hand may make two shapes (七對 with a concealed triplet is 瀝咕瀝咕; 七星不靠 is also
    // 全不靠): the one worth more, the first in [`Special::ALL`] order on a tie.
    let mut best: Option<Score> = None;
    for shape in shapes {
        let s = shape_score(p, shape, ctx, variant);
        if best
            .as_ref()
            .is_none_or(|b| Rank::of_score(&s) < Rank::of_score(b))
        {
            best = Some(s);
        }
    }
    best
}

/// The score of the hand read as the special shape `shape` (see [`special_score`]). 003's fan
/// list rows 七對, 七星不靠 and 全不靠 say 不算不求人: a self-draw adds 自摸 only.
fn shape_score(p: &Prepared, shape: Special, ctx: &Context, variant: &Variant) -> Score {
    let item = Item::of_special(shape);
    // The items judged on a special shape: the manner of the win on any (003 註八, 註13), every
    // whole-hand item where the variant compounds, less those the shape's row says are not
    // counted (its entry's `excludes`; a fan-list note on a shared row, 十三么 88, where the fan
    // list's notes hold). Those are not judged at all, so what they would have excluded
    // (不求人's 門前清, 自摸 under hk16) still counts.
    let judged: &[Item] = if variant.special_compound {
        &WHOLE_HAND
    } else {
        &MANNER
    };
    let judged: Vec<Item> = judged
        .iter()
        .copied()
        .filter(|&x| !variant.excludes(item).contains(x) && !fan_note(item, x, variant))
        .collect();
    // On a reading whose sets and pair no condition there reads; the shape's own judged
    // list decides what is judged.
    let mut reading = Reading::judge(
        &p.blank_facts(ctx, variant, Needs::ALL),
        &Plan::full(variant, Needs::ALL, Some(&judged), false),
    );
    let mut s = finish(
        &mut reading,
        Blocks::EMPTY,
        None,
        p.melds,
        ctx,
        variant,
        None,
    );
    let t = u32::from(variant.tai_of(item));
    s.items.insert(
        0,
        ScoredItem {
            item,
            key: item.key(),
            name: Cow::Borrowed(variant.name_of(item)),
            tai: t,
        },
    );
    s.total_tai += t;
    s
}

/// A decomposition of more blocks than five sets and a pair: never of a validated hand.
fn too_many(blocks: &[Block]) -> Error {
    Error::hand(format!(
        "{} blocks; a winning hand's concealed part is at most five sets and a pair",
        blocks.len()
    ))
    .coded(
        Code::BadBlocks,
        &[("why", &format!("{} 組，最多五組加一對", blocks.len()))],
    )
}

fn not_a_win(concealed: &Counts, win_tile: Tile) -> Error {
    Error::hand(format!(
        "{} with the winning tile {} is not five sets and a pair",
        crate::notation::format(concealed, 0),
        win_tile.code()
    ))
    .coded(
        crate::error::Code::NotAWin,
        &[("tiles", &crate::notation::format(concealed, 0))],
    )
}

/// Every reading of a winning hand: one score per decomposition (each with its best block for
/// the winning tile). `concealed` holds the 17 − 3k concealed tiles including `win_tile`.
pub fn score_all(
    concealed: &Counts,
    melds: &[Meld],
    win_tile: Tile,
    ctx: &Context,
    variant: &Variant,
    why_not: bool,
) -> Result<Vec<Score>> {
    let p = prepare(concealed, melds, win_tile, ctx, variant)?;
    let decs = decompositions(concealed);
    let plan = Plan::of_hand(&p, ctx, variant, false);
    let mut rs = per_decomposition(&p, &decs, ctx, variant, &plan, why_not);
    let special = special_score(&p, concealed, ctx, variant);
    if has_whole(variant) {
        // Judged on every reading of the hand; each decomposition's explains itself (the
        // whole-hand items' reasons name what it counts).
        let all = every_reading(&p, &decs, ctx, variant, &plan);
        let judged: Vec<Judged> = {
            let counted: Vec<Counted> = all.iter().map(|x| x.0.counted()).collect();
            let item = special.as_ref().and_then(special_item);
            rs.iter()
                .map(|x| whole_hand(&counted, x.0.counted(), item, ctx, variant, why_not))
                .collect()
        };
        for (x, (hits, notes)) in rs.iter_mut().zip(judged) {
            x.0.add(&hits, &notes);
        }
    }
    let mut scores = rs
        .into_iter()
        .map(|(mut r, i, b, s)| {
            Ok(finish(
                &mut r,
                Blocks::new(&decs[i]).ok_or_else(|| too_many(&decs[i]))?,
                Some((b, s)),
                melds,
                ctx,
                variant,
                None,
            ))
        })
        .collect::<Result<Vec<Score>>>()?;
    scores.extend(special);
    if scores.is_empty() {
        return Err(not_a_win(concealed, win_tile));
    }
    Ok(scores)
}

/// Every reading of the hand: each decomposition with each block that can take the winning
/// tile (its index, the block and the shape), in their fixed order.
fn every_reading(
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
fn win_blocks(blocks: &[Block], win_tile: Tile) -> impl Iterator<Item = (Block, Shape)> + '_ {
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
fn per_decomposition(
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

/// The item of a special shape's score (its first).
fn special_item(s: &Score) -> Option<Item> {
    s.items.first().map(|i| i.item)
}

/// Scores one given decomposition of the concealed part (blocks as [`decompositions`] writes
/// them); an error when the blocks do not make up `concealed` or do not hold the winning tile.
pub fn score_decomposition(
    concealed: &Counts,
    melds: &[Meld],
    win_tile: Tile,
    blocks: &[Block],
    ctx: &Context,
    variant: &Variant,
) -> Result<Score> {
    let p = prepare(concealed, melds, win_tile, ctx, variant)?;
    let mut c = [0u8; KINDS];
    for &b in blocks {
        let t = block_tile(b).index();
        match b {
            Block::Sequence(lo) if !lo.is_honor() && lo.number() <= 7 => {
                for x in &mut c[t..t + 3] {
                    *x += 1;
                }
            }
            Block::Sequence(lo) => {
                return Err(
                    Error::hand(format!("no run starts at {}", lo.code())).coded(
                        Code::BadBlocks,
                        &[("why", &format!("{}起不了順子", lo.name()))],
                    ),
                );
            }
            Block::Triplet(_) => c[t] += 3,
            Block::Pair(_) => c[t] += 2,
        }
    }
    let pairs = blocks
        .iter()
        .filter(|b| matches!(b, Block::Pair(_)))
        .count();
    if c != *concealed || pairs != 1 {
        return Err(Error::hand(
            "the blocks are not a split of the concealed tiles into sets and one pair",
        )
        .coded(
            Code::BadBlocks,
            &[("why", &"合起來不是手牌，或不是剛好一對")],
        ));
    }
    let plan = Plan::of_hand(&p, ctx, variant, false);
    let (mut reading, block, shape) =
        best_in(&p, blocks, ctx, variant, &plan, false).ok_or_else(|| {
            Error::hand(format!(
                "no block holds the winning tile {}",
                win_tile.code()
            ))
            .coded(
                Code::BadBlocks,
                &[("why", &format!("沒有一組含胡的{}", win_tile.name()))],
            )
        })?;
    if has_whole(variant) {
        // Judged on the whole hand: every reading of it, this one among them.
        let decs = decompositions(concealed);
        let all = every_reading(&p, &decs, ctx, variant, &plan);
        let special = special_score(&p, concealed, ctx, variant);
        let (hits, _) = {
            let counted: Vec<Counted> = all.iter().map(|x| x.0.counted()).collect();
            let item = special.as_ref().and_then(special_item);
            whole_hand(&counted, reading.counted(), item, ctx, variant, false)
        };
        reading.add(&hits, &[]);
    }
    Ok(finish(
        &mut reading,
        Blocks::new(blocks).ok_or_else(|| too_many(blocks))?,
        Some((block, shape)),
        melds,
        ctx,
        variant,
        None,
    ))
}

/// The max-tai score of a win. `concealed` holds the 17 − 3k concealed tiles including
/// `win_tile`; the flowers are `ctx.flowers`. With `why_not`, the score lists every item
/// checked and not counted.
pub fn score(
    concealed: &Counts,
    melds: &[Meld],
    win_tile: Tile,
    ctx: &Context,
    variant: &Variant,
    why_not: bool,
) -> Result<Score> {
    if ctx.win == WinKind::FourKongs {
        return score_four_kongs_hand(concealed, melds, win_tile, ctx, variant);
    }
    // `flower_win.flowers_on_win` off (issue #30): a winner holding all eight flowers where they
    // make a flower win, on a self-draw (000 花牌與花胡: 之後自摸時會一併算八仙那一筆) or on the
    // replacement after 七搶一 case 2, has been paid for them by that 筆, so 正花 and 花槓 are
    // not counted again (a discard win has no flower 筆: 胡別人的牌就沒有八仙那一筆).
    if !variant.scoring.flower_items_on_win
        && ctx.flowers == 0xFF
        && (ctx.win.is_self_draw() || matches!(ctx.win, WinKind::AfterRobbingFlower { .. }))
        && FlowerWin::EightImmortals.played_in(variant)
    {
        if let Some(v) = variant.without_flower_items() {
            return score(concealed, melds, win_tile, ctx, &v, why_not);
        }
    }
    let p = prepare(concealed, melds, win_tile, ctx, variant)?;
    let plan = Plan::of_hand(&p, ctx, variant, false);
    let sp = special_score(&p, concealed, ctx, variant);
    if has_whole(variant) {
        return score_with_whole(&p, concealed, ctx, variant, &plan, sp, why_not);
    }
    let mut bufs = [[0u32; Item::COUNT]; 2];
    let best = best_reading(&p, concealed, ctx, variant, &plan, &mut bufs);
    // A special shape the variant admits (003 瀝咕瀝咕, 十三么) when it is worth more.
    if let Some(sp) = sp {
        if best
            .as_ref()
            .is_none_or(|x| Rank::of_score(&sp) < x.0.rank())
        {
            return Ok(sp);
        }
    }
    let (shown, blocks, block, shape) = best.ok_or_else(|| not_a_win(concealed, win_tile))?;
    if why_not {
        let all = Plan::of_hand(&p, ctx, variant, true);
        let mut reading = read(&p, &blocks, block, shape, ctx, variant, &all);
        return Ok(finish(
            &mut reading,
            blocks,
            Some((block, shape)),
            melds,
            ctx,
            variant,
            None,
        ));
    }
    Ok(finish_shown(
        &shown,
        Vec::new(),
        blocks,
        Some((block, shape)),
        melds,
        ctx,
        variant,
        None,
    ))
}

/// [`score`] under a variant with items judged on the whole hand (屁胡, 無番和): judged once
/// on every reading of the hand (算不出任何台分: no reading counts), then added to the one
/// shown (the first best).
fn score_with_whole(
    p: &Prepared,
    concealed: &Counts,
    ctx: &Context,
    variant: &Variant,
    plan: &Plan,
    sp: Option<Score>,
    why_not: bool,
) -> Result<Score> {
    let decs = decompositions(concealed);
    let all = every_reading(p, &decs, ctx, variant, plan);
    let shown = (0..all.len()).fold(None, |b: Option<usize>, j| match b {
        Some(k) if !all[j].0.beats(&all[k].0) => Some(k),
        _ => Some(j),
    });
    let (hits, notes) = match shown {
        Some(k) => {
            let counted: Vec<Counted> = all.iter().map(|x| x.0.counted()).collect();
            let item = sp.as_ref().and_then(special_item);
            whole_hand(&counted, counted[k], item, ctx, variant, why_not)
        }
        None => (Vec::new(), Vec::new()),
    };
    let best = shown
        .and_then(|k| all.into_iter().nth(k))
        .map(|(mut r, i, b, s)| {
            r.add(&hits, &[]);
            (r, i, b, s)
        });
    // A special shape the variant admits (003 瀝咕瀝咕, 十三么) when it is worth more.
    if let Some(sp) = sp {
        if best
            .as_ref()
            .is_none_or(|x| Rank::of_score(&sp) < x.0.shown().rank())
        {
            return Ok(sp);
        }
    }
    let (mut reading, i, block, shape) = best.ok_or_else(|| not_a_win(concealed, p.win_tile))?;
    let blocks = Blocks::new(&decs[i]).ok_or_else(|| too_many(&decs[i]))?;
    if why_not {
        let all = Plan::of_hand(p, ctx, variant, true);
        reading = read(p, &blocks, block, shape, ctx, variant, &all);
        reading.add(&hits, &notes);
    }
    Ok(finish(
        &mut reading,
        blocks,
        Some((block, shape)),
        p.melds,
        ctx,
        variant,
        None,
    ))
}

/// The best reading of the hand over every decomposition and block of the winning tile (the
/// first of the best, in their fixed order: [`Rank`]), with its blocks. The decompositions are
/// walked without being listed, and the readings are judged into two buffers, the one being
/// judged and the best so far, swapped by reference: no per-reading array is moved, and only
/// the entries a reading counted are cleared after it.
fn best_reading<'b>(
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

/// [`score`] for a validated full hand (`Form::Full`); flowers come from `ctx.flowers`, or
/// from the hand when the context has none.
pub fn score_hand(
    hand: &Hand,
    win_tile: Tile,
    ctx: &Context,
    variant: &Variant,
    why_not: bool,
) -> Result<Score> {
    if ctx.flowers == 0 && hand.flowers != 0 {
        let ctx = Context {
            flowers: hand.flowers,
            ..ctx.clone()
        };
        return score(
            &hand.concealed,
            &hand.melds,
            win_tile,
            &ctx,
            variant,
            why_not,
        );
    }
    score(
        &hand.concealed,
        &hand.melds,
        win_tile,
        ctx,
        variant,
        why_not,
    )
}

/// A flower win as its own 筆: the item alone, plus 骰規台 when `with_dice` and the table has
/// it (the dice count once per hand, on the regular 筆 when there is one: 002 骰規台; 000 不採用
/// 骰子加台, so no other preset adds it). Uses `ctx.winner`, `dealer`, `streak`, `flowers` (all
/// 8 must be held) and `dice`. Refused (`kind`) where the variant plays no such flower win
/// ([`FlowerWin::played_in`]: 003 hk16 adds its 八仙過海 and 七搶一 to a regular win only).
pub fn score_flower(
    win: FlowerWin,
    ctx: &Context,
    variant: &Variant,
    with_dice: bool,
) -> Result<Score> {
    ctx.validate(variant)?;
    if !win.played_in(variant) {
        let item = win.item();
        return Err(Error::context(
            "kind",
            format!(
                "{} plays no {} win of its own (flower_wins = false: its table has no row {}); \
                 the flowers count on the hand's regular win",
                variant.preset,
                item.name(),
                item.key()
            ),
        )
        .coded(
            Code::WinNotPlayed,
            &[
                ("preset", &variant.preset),
                ("win", &variant.name_of(item)),
                ("setting", &"flower_wins = false，花只算在一般的胡上"),
            ],
        ));
    }
    if ctx.flowers != 0xFF {
        return Err(Error::context(
            "context.flowers",
            format!(
                "a flower win ends with all 8 flowers; the winner holds {}",
                ctx.flowers.count_ones()
            ),
        )
        .coded(
            Code::FlowerWinShort,
            &[
                ("win", &variant.name_of(win.item())),
                ("want", &8),
                ("n", &ctx.flowers.count_ones()),
            ],
        ));
    }
    if let FlowerWin::SevenRobOne { robbed } = win {
        // 004: only seats `0..players` are seated; an empty seat cannot pay.
        if robbed >= variant.seats() || robbed == ctx.winner {
            let why = if robbed == ctx.winner {
                "不能搶自己".to_owned()
            } else {
                format!("座位是 0 到 {}", variant.seats().saturating_sub(1))
            };
            return Err(Error::context(
                "robbed",
                format!("seat {robbed} cannot be robbed by seat {}", ctx.winner),
            )
            .coded(Code::NotRobbable, &[("seat", &robbed), ("why", &why)]));
        }
    }
    // The 筆's context is the flower win: it decides who pays, and the flower-win entries
    // ([`Scope::FlowerWin`]) judge which of them it is.
    let ctx = &Context {
        win: win.kind(),
        ..ctx.clone()
    };
    let judge = Win {
        ctx,
        variant,
        counted: &NOTHING,
        explain: false,
    };
    let mut items = Vec::new();
    // The items counted once per hand (002 骰規台) ride on the flower win's 筆 when asked.
    let once: &[Item] = if with_dice { &ONCE } else { &[] };
    // Only the rows the table has, as on the regular path (002 骰規台 is american's alone).
    for &item in FLOWER_WINS.iter().chain(once).filter(|&&i| variant.has(i)) {
        if let Check::Context(check) = def(item).check {
            let t = tai_of(&check(&judge), item, variant);
            if t > 0 {
                items.push(ScoredItem {
                    item,
                    key: item.key(),
                    name: Cow::Borrowed(item.name()),
                    tai: t,
                });
            }
        }
    }
    let mut tai = [0u32; Item::COUNT];
    let mut counted = ItemSet::EMPTY;
    for i in &items {
        tai[i.item as usize] = i.tai;
        counted = counted.with(i.item);
    }
    let mut reading = Reading {
        total: tai.iter().sum(),
        counted,
        tai,
        merged: None,
        why_not: Vec::new(),
    };
    let mut score = finish(
        &mut reading,
        Blocks::EMPTY,
        None,
        &[],
        ctx,
        variant,
        Some(win),
    );
    // `flower_win.dealer` off (a house rule, issue #30: paid as 8 × 每台, no 莊家台); 000 花牌與花胡
    // counts it (兩筆的莊家台各自計算).
    if !variant.scoring.flower_win_dealer {
        score.dealer_tai = 0;
        score.dealer_items = DealerItems::NONE;
    }
    Ok(score)
}

/// 四槓胡 as a caller describes it to [`score`] (`ctx.win` = [`WinKind::FourKongs`]; 001 特殊胡牌
/// 四槓胡, 003 改良式 四槓胡): `concealed` holds the tiles besides the four kongs (16 − 12 = 4;
/// the hand is not complete, so no winning tile is added), `win_tile` is the fourth kong's
/// tile, and the variant plays 四槓胡 (`four_kongs_win`). Scored by [`score_four_kongs`].
pub fn score_four_kongs_hand(
    concealed: &Counts,
    melds: &[Meld],
    win_tile: Tile,
    ctx: &Context,
    variant: &Variant,
) -> Result<Score> {
    if !variant.flow.four_kongs_win {
        return Err(Error::context(
            "context.win",
            format!(
                "{} has no 四槓胡 (four_kongs_win is off): four kongs end no hand there",
                variant.preset
            ),
        )
        .coded(
            Code::WinNotPlayed,
            &[
                ("preset", &variant.preset),
                ("win", &"四槓胡"),
                ("setting", &"four_kongs_win = false"),
            ],
        ));
    }
    let want = usize::from(variant.hand_size).saturating_sub(3 * melds.len());
    let n: usize = concealed.iter().map(|&c| usize::from(c)).sum();
    if n != want {
        return Err(Error::hand(format!(
            "a 四槓胡 hand holds its four kongs and {want} other tiles (no winning tile is \
             added: the hand is not complete); it has {n}"
        ))
        .coded(
            Code::WrongTileCount,
            &[
                ("what", &"四槓胡的手牌（不含胡的牌）"),
                ("n", &n),
                ("want", &want),
            ],
        ));
    }
    all_tiles(concealed, melds, variant)?;
    if !melds.iter().any(|m| m.kind.is_kong() && m.tile == win_tile) {
        return Err(Error::context(
            "win_tile",
            format!(
                "a 四槓胡 is won on the fourth kong: {} is none of the kongs' tiles",
                win_tile.code()
            ),
        )
        .coded(Code::WinTileNotAKong, &[("tile", &win_tile.name())]));
    }
    score_four_kongs(melds, ctx, variant)
}

/// 四槓胡 (001 台數表 四槓牌, 特殊胡牌 四槓胡; 003 改良式 四槓胡): the winner's fourth kong ends
/// the hand as its self-drawn win, the hand not being complete. Scored on the four kongs and
/// the context: 四槓牌, 自摸, the wind and dragon kongs (持有一刻(或槓)即有一台), 正花 and 花槓,
/// then the variant's notes (traditional: 不得加算自摸台; improved16: 四槓胡 alone), and the
/// dealer pair as on any win. Nothing that needs the five sets and the pair (the concealed
/// tiles are not read). `ctx.win` must be a self-draw (three payers).
pub fn score_four_kongs(melds: &[Meld], ctx: &Context, variant: &Variant) -> Result<Score> {
    ctx.validate(variant)?;
    let kongs: Vec<Meld> = melds.iter().copied().filter(|m| m.kind.is_kong()).collect();
    if kongs.len() != 4 {
        return Err(Error::hand(format!(
            "a 四槓胡 needs the winner's four kongs; the melds hold {}",
            kongs.len()
        ))
        .coded(Code::NotFourKongs, &[("n", &kongs.len())]));
    }
    if !matches!(ctx.win, WinKind::SelfDraw | WinKind::FourKongs) {
        return Err(conflict(
            "context.win",
            "a 四槓胡 counts as a self-draw (001 特殊胡牌 四槓胡: 即算自摸胡牌)",
            [
                "四槓胡",
                "不是自摸",
                "四槓胡算自摸（001 特殊胡牌 四槓胡：即算自摸胡牌）",
            ],
        ));
    }
    let kong = |m: &Meld| SetView {
        tile: m.tile,
        triplet: true,
        meld: Some(m.kind),
    };
    // The fifth set (if any: a 13-tile hand has four) is not known: only the kongs are read.
    let mut sets = Sets::empty(kong(&kongs[0]));
    for m in &kongs {
        sets.push(kong(m));
    }
    let mut all = [0u8; KINDS];
    for m in &kongs {
        m.add_to(&mut all);
    }
    let facts = Facts {
        ctx,
        variant,
        melds: &kongs,
        sets,
        pair: kongs[0].tile,
        win_tile: kongs[3].tile,
        win_block: Block::Pair(kongs[3].tile),
        shape: Shape::Tanki,
        concealed_triplets: 0,
        waits: &WaitsBefore::known(0),
        all,
        explain: false,
        // Only the kongs and the context are read: every entry 四槓胡 lists is judged.
        has: Needs::ALL,
    };
    let mut reading = Reading::judge(
        &facts,
        &Plan::full(variant, Needs::ALL, Some(&FOUR_KONGS), false),
    );
    Ok(finish(
        &mut reading,
        Blocks::EMPTY,
        None,
        melds,
        ctx,
        variant,
        None,
    ))
}
/// The hand and its melds together, checked to hold at most 4 of a kind, each a tile the
/// variant plays.
fn all_tiles(concealed: &Counts, melds: &[Meld], variant: &Variant) -> Result<Counts> {
    let mut all = *concealed;
    for m in melds {
        m.add_to(&mut all);
    }
    // Looked for kind by kind only when a word-at-a-time check finds one.
    let over = crate::tile::over_copies(&all);
    if let Some(i) = (0..KINDS).find(|&i| over && all[i] > COPIES) {
        let code = Tile::new(i).map(Tile::code).unwrap_or_default();
        let name = Tile::new(i).map(Tile::name).unwrap_or_default();
        return Err(Error::hand(format!(
            "{} copies of {code} between the hand and its melds; a tile has 4",
            all[i]
        ))
        .coded(
            crate::error::Code::TooManyCopies,
            &[("tile", &name), ("where", &"手牌與副露"), ("n", &all[i])],
        ));
    }
    variant.check_in_play(&all)?;
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Value, PRESETS};
    use crate::scoring::context::Wind;
    use crate::scoring::tables::FAN_ITEMS;

    /// The presets, and taiwan with every fan-list row drawn in (the whole-hand rows of the
    /// library among them).
    fn variants() -> Vec<Variant> {
        let mut v: Vec<Variant> = PRESETS
            .iter()
            .map(|p| Variant::preset(p).unwrap_or_else(|e| panic!("{p}: {e}")))
            .collect();
        let keys: Vec<String> = FAN_ITEMS
            .iter()
            .map(|d| format!("tai.{}", d.key()))
            .collect();
        let pairs: Vec<(&str, Value)> = keys
            .iter()
            .zip(&FAN_ITEMS)
            .map(|(k, d)| (k.as_str(), Value::Int(i64::from(d.item.table_tai()))))
            .collect();
        v.push(
            Variant::taiwan()
                .with_overrides(&pairs)
                .unwrap_or_else(|e| panic!("{e}")),
        );
        v
    }

    /// A random winning hand: (concealed with the winning tile, melds, winning tile), sets
    /// crowded on few kinds so that readings overlap; `None` when a kind went over 4.
    fn random_win(rng: &mut fastrand::Rng, sets: usize) -> Option<(Counts, Vec<Meld>, Tile)> {
        let (mut all, mut concealed, mut melds) = ([0u8; KINDS], [0u8; KINDS], Vec::new());
        let open = rng.usize(0..=sets).min(rng.usize(0..=sets));
        for set in 0..sets {
            let suit = rng.usize(0..4);
            let run = suit < 3 && rng.bool();
            let lo = if run {
                suit * 9 + rng.usize(0..7)
            } else {
                suit * 9 + rng.usize(0..if suit == 3 { 7 } else { 9 })
            };
            let tiles = if run { [lo, lo + 1, lo + 2] } else { [lo; 3] };
            for t in tiles {
                all[t] += 1;
                if set >= open {
                    concealed[t] += 1;
                }
            }
            if set < open {
                let kind = if run {
                    MeldKind::Chi
                } else {
                    [
                        MeldKind::Pon,
                        MeldKind::Minkan,
                        MeldKind::Kakan,
                        MeldKind::Ankan,
                    ][rng.usize(0..4)]
                };
                all[lo] += u8::from(kind.is_kong());
                melds.push(Meld {
                    kind,
                    tile: Tile::new(lo)?,
                });
            }
        }
        let pair = rng.usize(0..KINDS);
        all[pair] += 2;
        concealed[pair] += 2;
        if all.iter().any(|&c| c > COPIES) {
            return None;
        }
        let held: Vec<usize> = (0..KINDS).filter(|&i| concealed[i] > 0).collect();
        Some((concealed, melds, Tile::new(held[rng.usize(0..held.len())])?))
    }

    fn random_context(rng: &mut fastrand::Rng, melds: &[Meld]) -> Context {
        let winner = rng.u8(0..4);
        let other = (winner + rng.u8(1..4)) % 4;
        let win = match rng.usize(0..6) {
            0 | 1 => WinKind::SelfDraw,
            2 if melds.iter().any(|m| m.kind == MeldKind::Ankan) => {
                WinKind::Replacement(Replacement::Ankan)
            }
            2 => WinKind::Replacement(Replacement::Flower),
            3 => WinKind::RobbingKong { from: other },
            4 if rng.bool() => WinKind::AfterRobbingFlower { from: other },
            _ => WinKind::Discard { from: other },
        };
        let mut c = Context::new(winner, win);
        c.dealer = rng.u8(0..4);
        c.streak = rng.u8(0..3);
        c.seat_wind = Wind::ALL[rng.usize(0..4)];
        c.round_wind = Wind::ALL[rng.usize(0..4)];
        c.flowers = if rng.bool() { 0 } else { rng.u8(1..) };
        c.dice = Some([rng.u8(1..7), rng.u8(1..7), rng.u8(1..7)]);
        c.last_tile = rng.u8(0..8) == 0;
        c.declared = match rng.u8(0..8) {
            0 => Declaration::Ready,
            1 if melds.is_empty() => Declaration::Migi,
            2 if melds.is_empty() => Declaration::HeavenReady,
            _ => Declaration::None,
        };
        c.first_turn = melds.is_empty() && rng.u8(0..4) == 0;
        c
    }

    /// The per-hand plan (the context and whole-hand entries judged once) counts, on every
    /// reading of every hand, exactly what judging every entry on the reading counts, and so
    /// does explaining (every entry judged, the 備註 applied entry by entry with their reasons,
    /// where the quick path drops items by set operations); and the streamed best reading over
    /// the two buffers is the one the per-decomposition walk picks. On random wins of every
    /// preset and of taiwan with the whole fan list drawn in.
    /// [`win_blocks`] finds the blocks a plain pass over every block finds, in the same
    /// order: on every decomposition of random complete hands, with each held kind won.
    #[test]
    fn win_blocks_are_the_plain_pass() {
        let plain = |blocks: &[Block], w: Tile| -> Vec<(Block, Shape)> {
            blocks
                .iter()
                .enumerate()
                .filter_map(|(i, &b)| {
                    let shape = shape_in(b, w)?;
                    (!blocks[..i].contains(&b)).then_some((b, shape))
                })
                .collect()
        };
        let mut rng = fastrand::Rng::with_seed(16_016);
        let (mut readings, mut hands) = (0, 0);
        for _ in 0..20_000 {
            let Some((concealed, melds, _)) = random_win(&mut rng, 5) else {
                continue;
            };
            let mut all = concealed;
            for m in &melds {
                m.add_to(&mut all);
            }
            hands += 1;
            for blocks in decompositions(&all) {
                for w in (0..KINDS).filter(|&k| all[k] > 0).filter_map(Tile::new) {
                    let fast: Vec<(Block, Shape)> = win_blocks(&blocks, w).collect();
                    assert_eq!(fast, plain(&blocks, w), "{blocks:?} {w:?}");
                    readings += fast.len();
                }
            }
        }
        assert!(hands > 10_000 && readings > 50_000, "{hands} {readings}");
    }

    /// [`lacking`]'s look-ups give, for every combination of the flags, the entries that
    /// need a lacking flag, as the pass over [`NEEDING`] flag by flag did.
    #[test]
    fn lacking_is_the_needing_of_each_flag_lacked() {
        for bits in 0..1u32 << Needs::FLAGS {
            let has = (0..Needs::FLAGS)
                .filter(|&k| bits >> k & 1 == 1)
                .fold(Needs::NONE, |n, k| n.and(Needs::flag(k)));
            let mut want = ItemSet::EMPTY;
            for (k, needing) in NEEDING.iter().enumerate() {
                if !has.has(Needs::flag(k)) {
                    want = want.union(*needing);
                }
            }
            assert_eq!(lacking(has), want, "{bits:b}");
        }
        assert!(lacking(Needs::NONE).len() > 10);
        assert!(lacking(Needs::ALL).is_empty());
    }

    #[test]
    fn plan_once_per_hand_matches_judging_each_reading() {
        let mut rng = fastrand::Rng::with_seed(16_700);
        let variants = variants();
        let (mut hands, mut readings, mut once) = (0, 0, 0);
        for round in 0..40_000 {
            let variant = &variants[round % variants.len()];
            let sets = crate::hand::SETS - variant.missing_sets();
            let Some((concealed, melds, win_tile)) = random_win(&mut rng, sets) else {
                continue;
            };
            let ctx = random_context(&mut rng, &melds);
            let Ok(p) = prepare(&concealed, &melds, win_tile, &ctx, variant) else {
                continue;
            };
            hands += 1;
            let plan = Plan::of_hand(&p, &ctx, variant, false);
            let every = Plan::full(variant, p.has, None, false);
            let explained = Plan::of_hand(&p, &ctx, variant, true);
            once += plan.once.indices().count();
            let decs = decompositions(&concealed);
            let mut walked: Option<(Reading, usize, Block, Shape)> = None;
            for (i, blocks) in decs.iter().enumerate() {
                for (b, shape) in win_blocks(blocks, win_tile) {
                    let split = read(&p, blocks, b, shape, &ctx, variant, &plan);
                    let whole = read(&p, blocks, b, shape, &ctx, variant, &every);
                    readings += 1;
                    assert_eq!(
                        (split.total, split.counted, split.merged),
                        (whole.total, whole.counted, whole.merged),
                        "{} {concealed:?} {melds:?} {win_tile:?} {ctx:?} {blocks:?} {b:?}",
                        variant.preset
                    );
                    assert_eq!(split.tai, whole.tai);
                    let why = read(&p, blocks, b, shape, &ctx, variant, &explained);
                    assert_eq!(
                        (why.total, why.counted, why.merged, why.tai),
                        (whole.total, whole.counted, whole.merged, whole.tai),
                        "explained: {} {concealed:?} {melds:?} {win_tile:?} {ctx:?} {blocks:?} {b:?}",
                        variant.preset
                    );
                    if walked.as_ref().is_none_or(|x| whole.beats(&x.0)) {
                        walked = Some((whole, i, b, shape));
                    }
                }
            }
            let mut bufs = [[0u32; Item::COUNT]; 2];
            let streamed = best_reading(&p, &concealed, &ctx, variant, &plan, &mut bufs);
            match (walked, streamed) {
                (None, None) => {}
                (Some((whole, index, block, shape)), Some((r, blocks, rb, rs))) => {
                    assert_eq!(
                        (whole.total, whole.counted, whole.merged, &whole.tai),
                        (r.total, r.counted, r.merged, r.tai)
                    );
                    assert_eq!((&decs[index][..], block, shape), (&blocks[..], rb, rs));
                }
                (w, r) => panic!("walked {} streamed {}", w.is_some(), r.is_some()),
            }
        }
        assert!(hands > 15_000, "{hands} hands");
        assert!(readings > 20_000, "{readings} readings");
        assert!(once > 20_000, "{once} items judged once");
    }
}
