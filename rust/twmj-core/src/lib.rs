//! twmj-core: the pure-Rust engine of Taiwanese 16-tile mahjong (台灣十六張麻將).
//!
//! Notation and validation ([`notation`], [`hand`]), the lookup [`tables`], and the hand
//! analysis built on them: [`waits`], [`shanten`], [`analyze`], [`decompose`]; the
//! [`scoring`] of wins under a variant (tai items, max-tai score, settlement); one hand of
//! play as a state machine with legality and replay in [`game`].

pub mod analyze;
pub mod decompose;
pub mod error;
pub mod game;
pub mod hand;
pub mod notation;
pub mod scoring;
pub mod shanten;
pub mod special;
pub mod tables;
pub mod tile;
pub mod unconnected;
pub mod vocab;
pub mod waits;

pub use analyze::{accepts, accepts_with, analyze, analyze_with, Accept, Analysis, Discard};
pub use decompose::{decompositions, Block};
pub use error::{Error, ErrorCode, Result, CODES};
pub use hand::{Form, Hand, Meld, MeldKind};
pub use notation::{format, parse, Tiles};
pub use shanten::{shanten, shanten_counts, shanten_with, special_shanten};
pub use special::{
    is_special_win, is_win_with, special_wait_mask, special_waits, special_win, special_wins,
    special_wins_n, waits_with, Special, SpecialShapes,
};
pub use tile::{Counts, Flower, Suit, Tile, KINDS};
pub use vocab::{Declaration, Replacement, Term, WinKind, WinTerm};
pub use waits::{shapes, wait_mask, waits, Shape, Shapes, Wait};

/// True when the validated 17 − 3k hand is complete (five sets and a pair with its melds).
pub fn is_win(hand: &Hand) -> bool {
    is_win_counts(&hand.concealed)
}

/// True when `counts` (17 − 3k tiles) split into sets and one pair.
#[inline]
pub fn is_win_counts(counts: &Counts) -> bool {
    let t = tables::tables();
    // Exactly one group may hold the pair (2 mod 3); the others hold sets only (0 mod 3).
    // Each group's table only knows its own count, so four pairs, one per group, would
    // otherwise pass as complete (胡牌的樣子: 五組面子＋一對將眼).
    let mut pairs = 0;
    for s in Suit::ALL {
        let n: usize = counts[s.base()..s.base() + s.len()]
            .iter()
            .map(|&c| c as usize)
            .sum();
        match n % 3 {
            1 => return false,
            2 => pairs += 1,
            _ => {}
        }
    }
    pairs == 1
        && t.suit.complete(tables::GroupTable::index(&counts[0..9]))
        && t.suit.complete(tables::GroupTable::index(&counts[9..18]))
        && t.suit.complete(tables::GroupTable::index(&counts[18..27]))
        && t.honor.complete(tables::GroupTable::index(&counts[27..34]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_pair_only() {
        // 胡牌的樣子: five sets and ONE pair; four pairs, one per group, is not a win.
        let four_pairs = notation::parse("11m 11p 11s 11z").unwrap().counts;
        assert!(!is_win_counts(&four_pairs));
        let more = notation::parse("11m 11p 11s 11z 123m 456p 789s")
            .unwrap()
            .counts;
        assert!(!is_win_counts(&more));
        let win = notation::parse("2223456m123456789p1m").unwrap().counts;
        assert!(is_win_counts(&win));
    }
}
