//! Scoring a win: the max-tai reading of the hand, the items and the why-not list.
//!
//! Here the answer ([`Score`]) and the entry points ([`score`], [`score_all`],
//! [`score_decomposition`], [`score_hand`]); beside them, one file per concern: `prepare` (the
//! hand checked once for every reading), `reading` (the hot path: every reading judged and the
//! best kept), `dealer` (莊家, 連莊拉莊), `whole_hand` (屁胡, 無番和), `special` (the special
//! shapes), `flower_win` (八仙過海, 七搶一 as their own 筆) and `four_kongs` (四槓胡).

mod dealer;
mod flower_win;
mod four_kongs;
mod prepare;
mod reading;
mod special;
mod whole_hand;

use std::borrow::Cow;

use crate::decompose::{decompositions, Block, Blocks};
use crate::error::{Code, Error, Result};
use crate::hand::{Hand, Meld};
use crate::rules::{DiceShape, Item, Variant};
use crate::scoring::context::Context;
use crate::scoring::items::{Counted, Scope};
use crate::scoring::tables::def;
use crate::tile::{Counts, Tile, KINDS};
pub use crate::vocab::{Declaration, Replacement, Seat, Seats, WinKind};
use crate::waits::Shape;
use dealer::dealer_part;
pub use dealer::DealerItems;
pub use flower_win::{score_flower, FlowerWin};
pub use four_kongs::{score_four_kongs, score_four_kongs_hand};
use prepare::{not_a_win, prepare, too_many};
use reading::{
    best_in, best_reading, block_tile, every_reading, per_decomposition, read, Plan, Rank, Reading,
    Shown,
};
use special::{special_item, special_score};
use whole_hand::{has_whole, score_with_whole, whole_hand, Judged};

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

#[cfg(test)]
mod tests {
    use super::reading::{lacking, shape_in, win_blocks};
    use super::*;
    use crate::hand::MeldKind;
    use crate::rules::ItemSet;
    use crate::rules::{Value, PRESETS};
    use crate::scoring::context::Wind;
    use crate::scoring::items::Needs;
    use crate::scoring::tables::FAN_ITEMS;
    use crate::scoring::tables::NEEDING;
    use crate::tile::COPIES;

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
