//! Compare (PRODUCT Scoring): one hand scored under several variants, the differing items.

use crate::error::Result;
use crate::hand::Meld;
use crate::rules::{Item, Variant};
use crate::scoring::context::Context;
use crate::scoring::score::{score, Score};
use crate::scoring::tables::ENTRIES;
use crate::tile::{Counts, Tile};

/// The scores of one win under each variant, and the items whose tai differ between them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comparison {
    /// One score per variant, in the order given.
    pub scores: Vec<Score>,
    /// Items counted differently by at least two of the variants, in table order, each with
    /// its tai under every variant (0 when not counted).
    pub differing: Vec<(Item, Vec<u32>)>,
}

/// Scores the win under every variant (see [`score`]) and lists the items that differ.
pub fn compare(
    concealed: &Counts,
    melds: &[Meld],
    win_tile: Tile,
    ctx: &Context,
    variants: &[Variant],
    why_not: bool,
) -> Result<Comparison> {
    let scores = variants
        .iter()
        .map(|v| score(concealed, melds, win_tile, ctx, v, why_not))
        .collect::<Result<Vec<_>>>()?;
    let tai_of = |s: &Score, item: Item| {
        s.items
            .iter()
            .chain(&s.dealer_items)
            .find(|i| i.item == item)
            .map_or(0, |i| i.tai)
    };
    let differing = ENTRIES
        .iter()
        .filter_map(|d| {
            let row: Vec<u32> = scores.iter().map(|s| tai_of(s, d.item)).collect();
            row.iter().any(|&t| t != row[0]).then_some((d.item, row))
        })
        .collect();
    Ok(Comparison { scores, differing })
}
