//! Helpers the scoring tests share: hands, tiles and melds from notation, failing loudly.
#![allow(dead_code)] // each test crate uses its own subset

pub mod game;

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
