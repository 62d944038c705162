//! The dealer's line items of a score (莊家, 連莊拉莊: 莊家台 = 1 + 2N), judged after the hand's
//! items and applying only on the dealer's lines.

use std::borrow::Cow;

use super::reading::tai_of;
use super::{NotApplied, ScoredItem};
use crate::rules::{Item, Variant};
use crate::scoring::context::Context;
use crate::scoring::items::{Check, Hit, Win};
use crate::scoring::tables::{def, DEALER_LINE};
use crate::vocab::Seat;

/// The dealer's line items of a score ([`Score::dealer_items`]): at most one per entry of
/// [`DEALER_LINE`], held inline (no allocation per score); reads as a slice.
#[derive(Clone, PartialEq, Eq)]
pub struct DealerItems {
    items: [ScoredItem; DEALER_LINE.len()],
    len: usize,
}

impl DealerItems {
    pub(super) const NONE: DealerItems = DealerItems {
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
    pub(super) fn push(&mut self, item: ScoredItem) {
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

/// The dealer's line items ([`Scope::DealerPair`]: 莊家, 連莊拉莊) judged on the hand's items
/// `counted`: those that count when the dealer wins or pays (else none), their sum (莊家台 =
/// 1 + 2N, which applies only on the dealer's lines), and with `explain` why the others do not.
pub(super) fn dealer_part(
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
