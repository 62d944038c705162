//! The items judged on the whole hand (屁胡, 無番和: 算不出任何台分), over every reading of it.

use super::prepare::{not_a_win, too_many, Prepared};
use super::reading::{every_reading, read, tai_of, Plan, Rank};
use super::special::special_item;
use super::{finish, NotApplied, Score};
use crate::decompose::{decompositions, Blocks};
use crate::error::Result;
use crate::rules::{Item, Variant};
use crate::scoring::context::Context;
use crate::scoring::items::{Check, Counted, Hit, Whole};
use crate::scoring::tables::{def, HAND_CHECKS};
use crate::tile::Counts;

/// The whole-hand items that count (with their tai) and the reasons of the others.
pub(super) type Judged = (Vec<(Item, u32)>, Vec<NotApplied>);

/// The variant has an item judged on the whole hand ([`Check::Hand`]).
pub(super) fn has_whole(variant: &Variant) -> bool {
    HAND_CHECKS.iter().any(|&i| variant.has(i))
}

/// The items judged on the whole hand ([`Check::Hand`]: 屁胡, 無番和) the variant has, on
/// `readings` (every reading of the hand, before those items) with `shown` the reading they
/// are added to and `special` the special shape the hand also makes: each counted item with
/// its tai, and with `explain` the reasons of the others.
pub(super) fn whole_hand(
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

/// [`score`] under a variant with items judged on the whole hand (屁胡, 無番和): judged once
/// on every reading of the hand (算不出任何台分: no reading counts), then added to the one
/// shown (the first best).
pub(super) fn score_with_whole(
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
