//! twmj-core: the pure-Rust engine of Taiwanese 16-tile mahjong (台灣十六張麻將).
//!
//! Notation and validation ([`notation`], [`hand`]), the lookup [`tables`], and the hand
//! analysis built on them: [`waits`], [`shanten`], [`analyze`], [`decompose`]; one hand of
//! play as a state machine with legality and replay in [`game`].

pub mod analyze;
pub mod decompose;
pub mod error;
pub mod game;
pub mod hand;
pub mod notation;
pub mod shanten;
pub mod tables;
pub mod tile;
pub mod waits;

pub use analyze::{analyze, Accept, Analysis, Discard};
pub use decompose::{decompositions, Block};
pub use error::{Error, Result};
pub use hand::{Form, Hand, Meld, MeldKind};
pub use notation::{format, parse, Tiles};
pub use shanten::{shanten, shanten_counts};
pub use tile::{Counts, Flower, Suit, Tile, KINDS};
pub use waits::{shapes, wait_mask, waits, Shape, Shapes, Wait};

/// True when the validated 17 − 3k hand is complete (five sets and a pair with its melds).
pub fn is_win(hand: &Hand) -> bool {
    is_win_counts(&hand.concealed)
}

/// True when `counts` (17 − 3k tiles) split into sets and one pair.
#[inline]
pub fn is_win_counts(counts: &Counts) -> bool {
    let t = tables::tables();
    let n: usize = counts.iter().map(|&c| c as usize).sum();
    n % 3 == 2
        && t.suit.complete(tables::GroupTable::index(&counts[0..9]))
        && t.suit.complete(tables::GroupTable::index(&counts[9..18]))
        && t.suit.complete(tables::GroupTable::index(&counts[18..27]))
        && t.honor.complete(tables::GroupTable::index(&counts[27..34]))
}
