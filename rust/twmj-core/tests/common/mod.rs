//! Helpers the scoring tests share: hands, tiles and melds from notation, failing loudly.
#![allow(dead_code)] // each test crate uses its own subset

pub mod game;

use twmj_core::scoring::{score, Context, Score, Variant};
use twmj_core::{parse, Counts, Meld, Tile};

/// The counts of a hand in notation (`"123m44z"`).
pub fn counts(s: &str) -> Counts {
    parse(s).map_or_else(|e| panic!("{s}: {e}"), |t| t.counts)
}

/// One tile in notation (`"7p"`).
pub fn tile(s: &str) -> Tile {
    let l = parse(s).map_or_else(|e| panic!("{s}: {e}"), |t| t.tile_list());
    assert_eq!(l.len(), 1, "{s}");
    l[0]
}

/// Melds from `(kind, tiles)` pairs (`("pon", "555p")`), in order.
pub fn melds(ms: &[(&str, &str)]) -> Vec<Meld> {
    ms.iter()
        .enumerate()
        .map(|(i, (k, t))| Meld::parse(k, t, i).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

/// Scores `before` (the 16 − 3k waiting tiles) completed by `w`, with melds, asking why-not.
pub fn try_win(
    before: &str,
    ms: &[(&str, &str)],
    w: &str,
    ctx: &Context,
    v: &Variant,
) -> twmj_core::Result<Score> {
    let mut c = counts(before);
    c[tile(w).index()] += 1;
    score(&c, &melds(ms), tile(w), ctx, v, true)
}

/// [`try_win`], failing loudly.
pub fn win(before: &str, ms: &[(&str, &str)], w: &str, ctx: &Context, v: &Variant) -> Score {
    try_win(before, ms, w, ctx, v).unwrap_or_else(|e| panic!("{before} + {w}: {e}"))
}

/// The hand's items as (name, tai), in table order.
pub fn items(s: &Score) -> Vec<(String, u32)> {
    s.items
        .iter()
        .map(|i| (i.name.to_string(), i.tai))
        .collect()
}
