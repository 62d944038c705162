//! The special shapes (瀝咕瀝咕, 十三么, 七對, 全不靠 …) scored with the manner of the win and
//! the flowers.

use std::borrow::Cow;

use super::prepare::Prepared;
use super::reading::{fan_note, Plan, Rank, Reading};
use super::{finish, Score, ScoredItem};
use crate::decompose::Blocks;
use crate::rules::{Item, Special, Variant};
use crate::scoring::context::Context;
use crate::scoring::items::Needs;
use crate::scoring::tables::{MANNER, WHOLE_HAND};
use crate::tile::Counts;

/// The score of a special shape (瀝咕瀝咕, 十三么) the variant admits, if the hand makes one:
/// the shape's item, with 自摸 on a self-draw and 不求人 when also without an open meld (003
/// 註八: 瀝咕瀝咕必為門清，故自摸胡只另計自摸、不求人兩台; 門清 is not added), 搶槓 on a
/// robbed kong (003 註13: 搶暗槓胡多一台), the other manners of the win and the flowers
/// ([`MANNER`]). Where the variant compounds, every whole-hand item too.
pub(super) fn special_score(
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
pub(super) fn shape_score(p: &Prepared, shape: Special, ctx: &Context, variant: &Variant) -> Score {
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

/// The item of a special shape's score (its first).
pub(super) fn special_item(s: &Score) -> Option<Item> {
    s.items.first().map(|i| i.item)
}
