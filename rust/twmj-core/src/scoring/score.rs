//! Scoring a win: the max-tai reading of the hand, the items and the why-not list.

use crate::decompose::{decompositions, Block};
use crate::error::{Error, Result};
use crate::hand::{Hand, Meld, MeldKind};
use crate::rules::{Item, ItemSet, Special, Variant};
use crate::scoring::context::Context;
use crate::scoring::items::{Check, Counted, Facts, Hit, Needs, Scope, SetView, Sets, Whole, Win};
use crate::scoring::tables::fan::SHARED_NOTES;
use crate::scoring::tables::{
    def, present, table, table_def, DEALER_LINE, FLOWER_WINS, FOUR_KONGS, HAND_CHECKS, MANNER,
    ONCE, WHOLE_HAND,
};
use crate::tile::{Counts, Tile, COPIES, KINDS};
pub use crate::vocab::{Declaration, Replacement, Seat, WinKind};
use crate::waits::{exhausted, wait_mask, Shape};

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
}

/// One counted item.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredItem {
    pub item: Item,
    pub key: &'static str,
    /// The table's name, or a composite such as `字一色（大四喜）`.
    pub name: String,
    pub tai: u32,
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
    pub dealer_items: Vec<ScoredItem>,
    /// 莊家台 = 1 + 2N of this hand; it applies only on the lines between the dealer and the
    /// counterpart ([`Score::dealer_tai_for`]).
    pub dealer_tai: u32,
    /// The concealed part's decomposition used (max tai); empty for a flower win.
    pub decomposition: Vec<Block>,
    pub melds: Vec<Meld>,
    /// The block the winning tile completed and how it sat there.
    pub win_block: Option<(Block, Shape)>,
    /// Filled when asked for: every item checked and not counted.
    pub why_not: Vec<NotApplied>,
    pub winner: Seat,
    pub dealer: Seat,
    pub payers: Vec<Seat>,
    pub flower_win: Option<FlowerWin>,
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
    waits_before: u64,
    /// What the hand has, for the entries' needs.
    has: Needs,
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
        ));
    }
    // 004 三人麻將 多數不能吃: where the preset forbids 吃, no hand holds one.
    if !variant.chi_allowed {
        if let Some(i) = melds.iter().position(|m| m.kind == MeldKind::Chi) {
            return Err(Error::hand(format!(
                "a 吃, but {} plays without 吃 (chi_allowed = false; 004 三人麻將 多數不能吃)",
                variant.preset
            ))
            .at(format!("melds[{i}].kind")));
        }
    }
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
        )));
    }
    let n: usize = concealed.iter().map(|&c| c as usize).sum();
    let want = size + 1 - 3 * melds.len();
    if n != want {
        return Err(Error::hand(format!(
            "the hand has {n} concealed tiles with the winning tile; with {} melds a win needs {want}{of}",
            melds.len()
        )));
    }
    let all = all_tiles(concealed, melds, variant)?;
    if concealed[win_tile.index()] == 0 {
        return Err(Error::hand(format!(
            "the winning tile {} is not in the concealed tiles (they include it)",
            win_tile.code()
        )));
    }
    if let Some(n) = ctx.shown {
        check_shown(n, concealed, melds, win_tile)?;
    }
    let has = |k: MeldKind| melds.iter().any(|m| m.kind == k);
    match ctx.win {
        WinKind::Replacement(Replacement::Ankan) if !has(MeldKind::Ankan) => {
            return Err(Error::context(
                "context.win",
                "a replacement after an 暗槓, but the hand has no 暗槓",
            ));
        }
        WinKind::Replacement(Replacement::Kakan) if !has(MeldKind::Kakan) => {
            return Err(Error::context(
                "context.win",
                "a replacement after a 加槓, but the hand has no 加槓",
            ));
        }
        _ => {}
    }
    if ctx.first_turn && !melds.is_empty() {
        return Err(Error::context(
            "context.first_turn",
            "the winner has melds, so someone called or kong'd before",
        ));
    }
    if matches!(ctx.declared, Declaration::Migi | Declaration::HeavenReady) {
        // 000 嗆聽與 MIGI: nobody called or kong'd before it, and a declared hand cannot.
        if let Some(m) = melds.first() {
            return Err(Error::context(
                "context.declared",
                format!(
                    "{} allows no call or kong before it and none after, but the hand has a {} of {}",
                    if ctx.declared == Declaration::Migi { "MIGI" } else { "天聽" },
                    m.kind.name(),
                    m.tile.code()
                ),
            ));
        }
    }
    let mut before = *concealed;
    before[win_tile.index()] -= 1;
    let mut own_before = before;
    for m in melds {
        m.add_to(&mut own_before);
    }
    let waits_before = wait_mask(&before) & !exhausted(&own_before);
    Ok(Prepared {
        melds,
        win_tile,
        all,
        waits_before,
        has: Needs::of(&all, melds, ctx),
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

/// One reading judged: the tai each item counts for after the 備註, before materialising.
struct Reading {
    total: u32,
    /// Tai per item (0 = not counted), a merged composite folded into its owner.
    tai: [u32; Item::COUNT],
    /// The composite merged into an item (字一色（小三元）…): (owner, merged).
    merged: Option<(Item, Item)>,
    why_not: Vec<NotApplied>,
}

impl Reading {
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
        }
        self.why_not.extend_from_slice(notes);
    }

    /// Its place in [`Rank`] order.
    fn rank(&self) -> Rank {
        Rank::of(self.total, (0..Item::COUNT).filter(|&i| self.tai[i] > 0))
    }

    /// Shown before `other` ([`Rank`]); the items are only compared on equal totals, in
    /// place (no list built: readings often tie).
    fn beats(&self, other: &Reading) -> bool {
        if self.total != other.total {
            return self.total > other.total;
        }
        let (a, b) = (self.indices().count(), other.indices().count());
        if a != b {
            return a < b;
        }
        self.indices().lt(other.indices())
    }

    /// The indices of the items counted, in [`Item`] order.
    fn indices(&self) -> impl Iterator<Item = usize> + '_ {
        (0..Item::COUNT).filter(|&i| self.tai[i] > 0)
    }

    fn items(&self, variant: &Variant) -> Vec<ScoredItem> {
        table()
            .filter(|d| self.tai[d.item as usize] > 0)
            .map(|d| ScoredItem {
                item: d.item,
                key: d.key(),
                name: match self.merged {
                    Some((owner, m)) if owner == d.item => {
                        format!("{}（{}）", variant.name_of(d.item), variant.name_of(m))
                    }
                    _ => variant.name_of(d.item).to_owned(),
                },
                tai: self.tai[d.item as usize],
            })
            .collect()
    }
}

/// Judges the variant's items on one reading (only those in `only`, when given).
fn evaluate(f: &Facts, only: Option<&[Item]>) -> Reading {
    let mut hits = [0u32; Item::COUNT];
    let mut held = ItemSet::EMPTY;
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
    for def in present(f.variant).filter(|d| {
        matches!(d.scope, Scope::Hand | Scope::AfterWin | Scope::Once)
            && (f.explain || f.has.has(d.needs))
            && only.is_none_or(|o| o.contains(&d.item))
    }) {
        let hit = match def.check {
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
            Hit::Times(n) => u32::from(n) * u32::from(f.variant.tai_of(def.item)),
            Hit::Tai(t) => u32::from(t),
            Hit::No(r) => {
                note(def.item, &|| (r.en.to_string(), r.zh.to_string()));
                continue;
            }
        };
        if tai == 0 {
            note(def.item, &|| {
                (
                    "worth 0 tai in this variant".to_owned(),
                    "這個規則裡不計（0）".to_owned(),
                )
            });
        }
        hits[def.item as usize] = tai;
        if tai > 0 {
            held = held.with(def.item);
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
    // A note written with a shared item (000's 備註, 003 改良式's on its rows) holds unless the
    // preset lifts it, or reads only its own table's notes (hk16, traditional), in which case
    // only the tiers stay; the fan list's 不算 notes always hold.
    let own_only = !f.variant.scoring.item_notes;
    let lifted = |by: Item, x: Item| f.variant.counted_with.contains(&(by, x));
    for def in held.indices().map_while(table_def) {
        let notes = def.item as usize >= Item::TABLE || !own_only;
        for &x in def.excludes {
            if notes && held.contains(x) && !lifted(def.item, x) {
                drop(x, def.item, &mut hits);
            }
        }
        for &by in def.excluded_by {
            if notes && held.contains(by) && !lifted(by, def.item) {
                drop(def.item, by, &mut hits);
            }
        }
        for &by in def.outranked_by {
            if held.contains(by) && !lifted(by, def.item) {
                drop(def.item, by, &mut hits);
            }
        }
    }
    // The fan list's notes between shared rows (003 fan list; docs/variants.md): when a row
    // of the note was drawn in from the library, or the variant asks for them.
    for &(by, x) in SHARED_NOTES {
        if held.contains(by) && held.contains(x) && fan_note(by, x, f.variant) {
            drop(x, by, &mut hits);
        }
    }
    // The preset's own notes, by the items still counted (天聽 drops 不求, so 自摸 stays).
    for &(by, x) in f.variant.not_counted_with {
        if hits[by as usize] > 0 && hits[x as usize] > 0 {
            drop(x, by, &mut hits);
        }
    }
    // The entries' notes judged on what the reading counts after the 備註 (001 平胡說明 貳).
    for def in held.indices().map_while(table_def) {
        if let Some(after) = def.after_notes {
            if hits[def.item as usize] > 0 {
                if let Some(by) = after(f, &hits) {
                    drop(def.item, by, &mut hits);
                }
            }
        }
    }
    // An item that is the whole hand's tai (003 四槓胡) drops every other.
    if let Some(&a) = f.variant.alone.iter().find(|&&a| hits[a as usize] > 0) {
        for def in present(f.variant).filter(|d| d.item != a) {
            drop(def.item, a, &mut hits);
        }
    }
    // 字一色的複合: the merged item joins its owner, both added minus 4, shown as one item.
    let mut merged = None;
    for def in held
        .indices()
        .map_while(table_def)
        .filter(|d| !d.merges.is_empty())
    {
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
    Reading {
        total: hits.iter().sum(),
        tai: hits,
        merged,
        why_not: reasons,
    }
}

/// The fan list's note "`x` 不算" on the shared row `by` ([`SHARED_NOTES`]) holds: when a row
/// of it was drawn in from the library, or the variant asks for them (docs/variants.md).
fn fan_note(by: Item, x: Item, variant: &Variant) -> bool {
    SHARED_NOTES.contains(&(by, x))
        && (variant.scoring.fan_notes || variant.drawn(by) || variant.drawn(x))
}

/// The sets with melds first (five, or four in a 13-tile hand), the pair, and the 暗刻 count
/// for one reading.
fn build_sets(p: &Prepared, blocks: &[Block], win_block: Block, ctx: &Context) -> (Sets, Tile, u8) {
    let mut sets = Sets::empty(SetView {
        tile: p.win_tile,
        triplet: false,
        meld: None,
    });
    let mut push = |v: SetView| sets.push(v);
    let mut pair = p.win_tile;
    let mut concealed_triplets = 0u8;
    for m in p.melds {
        push(SetView {
            tile: m.tile,
            triplet: m.kind != MeldKind::Chi,
            meld: Some(m.kind),
        });
        if m.kind == MeldKind::Ankan {
            concealed_triplets += 1;
        }
    }
    // 000 暗刻的認定: a triplet completed by another player's tile is not concealed.
    let claimed = matches!(
        ctx.win,
        WinKind::Discard { .. } | WinKind::RobbingKong { .. }
    );
    for &b in blocks {
        match b {
            Block::Pair(t) => pair = t,
            Block::Sequence(t) => push(SetView {
                tile: t,
                triplet: false,
                meld: None,
            }),
            Block::Triplet(t) => {
                push(SetView {
                    tile: t,
                    triplet: true,
                    meld: None,
                });
                if !(claimed && b == win_block) {
                    concealed_triplets += 1;
                }
            }
        }
    }
    (sets, pair, concealed_triplets)
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
) -> (Vec<ScoredItem>, u32, Vec<NotApplied>) {
    let involved = ctx.winner == ctx.dealer || payers.contains(&ctx.dealer);
    let win = Win {
        ctx,
        variant,
        counted,
        explain: explain && involved,
    };
    let mut items = Vec::new();
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
        let tai = tai_of(&hit, item, variant);
        if !involved {
            note(
                item,
                "neither the winner nor a payer is the dealer",
                "胡牌者和付錢的人都不是莊家",
            );
        } else if let Hit::No(r) = &hit {
            note(item, &r.en, &r.zh);
        }
        if tai > 0 {
            items.push(ScoredItem {
                item,
                key: item.key(),
                name: item.name().to_owned(),
                tai,
            });
        }
    }
    let tai = items.iter().map(|i| i.tai).sum();
    if !involved {
        items.clear();
    }
    (items, tai, why_not)
}

fn finish(
    reading: Reading,
    blocks: &[Block],
    win_block: Option<(Block, Shape)>,
    melds: &[Meld],
    ctx: &Context,
    variant: &Variant,
    flower_win: Option<FlowerWin>,
) -> Score {
    let mut payers = ctx.payers();
    // 004 兩人麻將、三人麻將規則: only the seated players pay (seats `0..players`).
    payers.retain(|&p| p < variant.seats());
    let (dealer_items, dealer_tai, dealer_why_not) = dealer_part(
        ctx,
        variant,
        &payers,
        &reading.tai,
        !reading.why_not.is_empty(),
    );
    let items = reading.items(variant);
    let mut why_not = reading.why_not;
    why_not.extend(dealer_why_not);
    Score {
        variant: variant.preset,
        overrides: variant.overrides.clone(),
        total_tai: reading.total,
        items,
        dealer_items,
        dealer_tai,
        decomposition: blocks.to_vec(),
        melds: melds.to_vec(),
        win_block,
        why_not,
        winner: ctx.winner,
        dealer: ctx.dealer,
        payers,
        flower_win,
    }
}

/// The best reading of one decomposition: the block the winning tile completed is chosen
/// for the most tai.
fn best_in(
    p: &Prepared,
    blocks: &[Block],
    ctx: &Context,
    variant: &Variant,
    explain: bool,
) -> Option<(Reading, Block, Shape)> {
    let mut best: Option<(Reading, Block, Shape)> = None;
    for (b, shape) in win_blocks(blocks, p.win_tile) {
        let r = read(p, blocks, b, shape, ctx, variant, false);
        if best.as_ref().is_none_or(|(x, _, _)| r.beats(x)) {
            best = Some((r, b, shape));
        }
    }
    // The reasons are built for the chosen reading only.
    if explain {
        best = best.map(|(_, b, shape)| (read(p, blocks, b, shape, ctx, variant, true), b, shape));
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
            Hit::No(r) => Some((r.en.into_owned(), r.zh.into_owned())),
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
    explain: bool,
) -> Reading {
    let (sets, pair, concealed_triplets) = build_sets(p, blocks, b, ctx);
    evaluate(
        &Facts {
            ctx,
            variant,
            melds: p.melds,
            sets,
            pair,
            win_tile: p.win_tile,
            win_block: b,
            shape,
            concealed_triplets,
            waits_before: p.waits_before,
            all: p.all,
            explain,
            has: p.has,
        },
        None,
    )
}

/// The score of a special shape (瀝咕瀝咕, 十三么) the variant admits, if the hand makes one:
/// the shape's item, with 自摸 on a self-draw and 不求人 when also without an open meld (003
/// 註八: 瀝咕瀝咕必為門清，故自摸胡只另計自摸、不求人兩台; 門清 is not added), and 搶槓 on a
/// robbed kong (003 註13: 搶暗槓胡多一台). No other item is judged on a special shape.
fn special_score(
    p: &Prepared,
    concealed: &Counts,
    ctx: &Context,
    variant: &Variant,
) -> Option<Score> {
    // A hand may make two shapes (七對 with a concealed triplet is 瀝咕瀝咕; 七星不靠 is also
    // 全不靠): the one worth more, the first in [`Special::ALL`] order on a tie.
    let mut best: Option<Score> = None;
    for shape in crate::special::special_wins(concealed, p.melds, variant) {
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
        .filter(|&x| !def(item).excludes.contains(&x) && !fan_note(item, x, variant))
        .collect();
    // On a reading whose sets and pair no condition there reads.
    let none = SetView {
        tile: p.win_tile,
        triplet: false,
        meld: None,
    };
    let mut sets = Sets::empty(none);
    for _ in variant.missing_sets()..5 {
        sets.push(none);
    }
    let reading = evaluate(
        &Facts {
            ctx,
            variant,
            melds: p.melds,
            sets,
            pair: p.win_tile,
            win_tile: p.win_tile,
            win_block: Block::Pair(p.win_tile),
            shape: Shape::Tanki,
            concealed_triplets: 0,
            waits_before: p.waits_before,
            all: p.all,
            explain: false,
            // The shape's own judged list decides what is judged.
            has: Needs::ALL,
        },
        Some(&judged),
    );
    let mut s = finish(reading, &[], None, p.melds, ctx, variant, None);
    let t = u32::from(variant.tai_of(item));
    s.items.insert(
        0,
        ScoredItem {
            item,
            key: item.key(),
            name: variant.name_of(item).to_owned(),
            tai: t,
        },
    );
    s.total_tai += t;
    s
}

fn not_a_win(concealed: &Counts, win_tile: Tile) -> Error {
    Error::hand(format!(
        "{} with the winning tile {} is not five sets and a pair",
        crate::notation::format(concealed, 0),
        win_tile.code()
    ))
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
    let mut rs = per_decomposition(&p, &decs, ctx, variant, why_not);
    let special = special_score(&p, concealed, ctx, variant);
    if has_whole(variant) {
        // Judged on every reading of the hand; each decomposition's explains itself (the
        // whole-hand items' reasons name what it counts).
        let all = every_reading(&p, &decs, ctx, variant);
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
    let mut scores: Vec<Score> = rs
        .into_iter()
        .map(|(r, i, b, s)| finish(r, &decs[i], Some((b, s)), melds, ctx, variant, None))
        .collect();
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
) -> Vec<(Reading, usize, Block, Shape)> {
    decs.iter()
        .enumerate()
        .flat_map(|(i, blocks)| {
            win_blocks(blocks, p.win_tile).map(move |(b, shape)| {
                (read(p, blocks, b, shape, ctx, variant, false), i, b, shape)
            })
        })
        .collect()
}

/// The blocks of `blocks` that can take the winning tile, each once, with how it sits there.
fn win_blocks(blocks: &[Block], win_tile: Tile) -> impl Iterator<Item = (Block, Shape)> + '_ {
    blocks.iter().enumerate().filter_map(move |(i, &b)| {
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
    explain: bool,
) -> Vec<(Reading, usize, Block, Shape)> {
    decs.iter()
        .enumerate()
        .filter_map(|(i, blocks)| {
            best_in(p, blocks, ctx, variant, explain).map(|(r, b, s)| (r, i, b, s))
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
                return Err(Error::hand(format!("no run starts at {}", lo.code())));
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
        ));
    }
    let (mut reading, block, shape) =
        best_in(&p, blocks, ctx, variant, false).ok_or_else(|| {
            Error::hand(format!(
                "no block holds the winning tile {}",
                win_tile.code()
            ))
        })?;
    if has_whole(variant) {
        // Judged on the whole hand: every reading of it, this one among them.
        let decs = decompositions(concealed);
        let all = every_reading(&p, &decs, ctx, variant);
        let special = special_score(&p, concealed, ctx, variant);
        let (hits, _) = {
            let counted: Vec<Counted> = all.iter().map(|x| x.0.counted()).collect();
            let item = special.as_ref().and_then(special_item);
            whole_hand(&counted, reading.counted(), item, ctx, variant, false)
        };
        reading.add(&hits, &[]);
    }
    Ok(finish(
        reading,
        blocks,
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
    let p = prepare(concealed, melds, win_tile, ctx, variant)?;
    let decs = decompositions(concealed);
    let sp = special_score(&p, concealed, ctx, variant);
    // The items judged on the whole hand (屁胡, 無番和), when the variant has one: judged once
    // on every reading of the hand (算不出任何台分: no reading counts), then added to the one
    // shown (the first best).
    let (best, hits, notes) = if has_whole(variant) {
        let all = every_reading(&p, &decs, ctx, variant);
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
        let best = shown.and_then(|k| all.into_iter().nth(k)).map(|mut x| {
            x.0.add(&hits, &[]);
            x
        });
        (best, hits, notes)
    } else {
        let mut best: Option<(Reading, usize, Block, Shape)> = None;
        for (i, blocks) in decs.iter().enumerate() {
            if let Some((r, b, s)) = best_in(&p, blocks, ctx, variant, false) {
                if best.as_ref().is_none_or(|x| r.beats(&x.0)) {
                    best = Some((r, i, b, s));
                }
            }
        }
        (best, Vec::new(), Vec::new())
    };
    // A special shape the variant admits (003 瀝咕瀝咕, 十三么) when it is worth more.
    if let Some(sp) = sp {
        if best
            .as_ref()
            .is_none_or(|x| Rank::of_score(&sp) < x.0.rank())
        {
            return Ok(sp);
        }
    }
    let (mut reading, index, block, shape) = best.ok_or_else(|| not_a_win(concealed, win_tile))?;
    if why_not {
        reading = read(&p, &decs[index], block, shape, ctx, variant, true);
        reading.add(&hits, &notes);
    }
    Ok(finish(
        reading,
        &decs[index],
        Some((block, shape)),
        melds,
        ctx,
        variant,
        None,
    ))
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

/// A flower win as its own 筆: the item alone, plus 骰規台 when `with_dice` (the dice count
/// once per hand, on the regular 筆 when there is one: 002 骰規台). Uses `ctx.winner`,
/// `dealer`, `streak`, `flowers` (all 8 must be held) and `dice`.
pub fn score_flower(
    win: FlowerWin,
    ctx: &Context,
    variant: &Variant,
    with_dice: bool,
) -> Result<Score> {
    ctx.validate(variant)?;
    if ctx.flowers != 0xFF {
        return Err(Error::context(
            "context.flowers",
            format!(
                "a flower win ends with all 8 flowers; the winner holds {}",
                ctx.flowers.count_ones()
            ),
        ));
    }
    if let FlowerWin::SevenRobOne { robbed } = win {
        // 004: only seats `0..players` are seated; an empty seat cannot pay.
        if robbed >= variant.seats() || robbed == ctx.winner {
            return Err(Error::context(
                "robbed",
                format!("seat {robbed} cannot be robbed by seat {}", ctx.winner),
            ));
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
    for &item in FLOWER_WINS.iter().chain(once) {
        if let Check::Context(check) = def(item).check {
            let t = tai_of(&check(&judge), item, variant);
            if t > 0 {
                items.push(ScoredItem {
                    item,
                    key: item.key(),
                    name: item.name().to_owned(),
                    tai: t,
                });
            }
        }
    }
    let mut tai = [0u32; Item::COUNT];
    for i in &items {
        tai[i.item as usize] = i.tai;
    }
    let reading = Reading {
        total: tai.iter().sum(),
        tai,
        merged: None,
        why_not: Vec::new(),
    };
    Ok(finish(reading, &[], None, &[], ctx, variant, Some(win)))
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
        ));
    }
    let want = usize::from(variant.hand_size).saturating_sub(3 * melds.len());
    let n: usize = concealed.iter().map(|&c| usize::from(c)).sum();
    if n != want {
        return Err(Error::hand(format!(
            "a 四槓胡 hand holds its four kongs and {want} other tiles (no winning tile is \
             added: the hand is not complete); it has {n}"
        )));
    }
    all_tiles(concealed, melds, variant)?;
    if !melds.iter().any(|m| m.kind.is_kong() && m.tile == win_tile) {
        return Err(Error::context(
            "win_tile",
            format!(
                "a 四槓胡 is won on the fourth kong: {} is none of the kongs' tiles",
                win_tile.code()
            ),
        ));
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
        )));
    }
    if !matches!(ctx.win, WinKind::SelfDraw | WinKind::FourKongs) {
        return Err(Error::context(
            "context.win",
            "a 四槓胡 counts as a self-draw (001 特殊胡牌 四槓胡: 即算自摸胡牌)",
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
        waits_before: 0,
        all,
        explain: false,
        // Only the kongs and the context are read: every entry 四槓胡 lists is judged.
        has: Needs::ALL,
    };
    let reading = evaluate(&facts, Some(&FOUR_KONGS));
    Ok(finish(reading, &[], None, melds, ctx, variant, None))
}
/// The hand and its melds together, checked to hold at most 4 of a kind, each a tile the
/// variant plays.
fn all_tiles(concealed: &Counts, melds: &[Meld], variant: &Variant) -> Result<Counts> {
    let mut all = *concealed;
    for m in melds {
        m.add_to(&mut all);
    }
    if let Some(i) = (0..KINDS).find(|&i| all[i] > COPIES) {
        let code = Tile::new(i).map(Tile::code).unwrap_or_default();
        return Err(Error::hand(format!(
            "{} copies of {code} between the hand and its melds; a tile has 4",
            all[i]
        )));
    }
    variant.check_in_play(&all)?;
    Ok(all)
}
