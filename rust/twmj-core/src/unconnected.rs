//! 十三不搭: a dealt hand of tiles that do not work together (003 改良式十六張 特殊流局情形:
//! 起手十三不搭先說好可否亮牌重洗（莊家算連莊）).
//!
//! 003 names the hand and nothing more. The reading taken (docs/variants.md, `improved16`):
//!
//! - Two tiles **搭** when they can stand in one set or 搭子 together: the same kind (a pair,
//!   the start of a triplet), or the same suit one or two apart (兩面/邊張 `34`, `12`; 嵌張
//!   `35`). Distinct honours never 搭 (no run is made of honours).
//! - A hand is **十三不搭** when 13 of its tiles are of distinct kinds, no two of which 搭:
//!   in each suit the numbers kept are at least 3 apart (at most three per suit: `147`,
//!   `258`, `369`, `148`, …), and any honours held count once each. The other tiles of the
//!   hand (3 of a non-dealer's 16, 4 of the dealer's 17) are free: "十三" counts the tiles
//!   that do not 搭, as in the 13-tile game's 十三不搭/十三爛, and a 16-tile hand has three
//!   tiles more. The dealer's 17 count as dealt: 13 unconnected among 17 is the same as 13
//!   among the 16 it keeps after some discard, so the dealer is judged as it would be after
//!   any discard it chose.
//! - The free tiles may connect, even make a run or a triplet: a hand none of whose 16 tiles
//!   connect is **十六不搭**, another hand, which 000 and 002 list among the rules they do not
//!   take and 004 among the shapes some tables count; 003 writes 十三, not 十六.
//! - It is judged on the concealed tiles dealt, after the opening 補花 (flowers are not
//!   tiles that 搭, and they are replaced before anyone plays): 起手.
//!
//! The largest set of pairwise unconnected kinds is found per suit greedily (the lowest
//! number held, then the lowest at least 3 above it, …), which is optimal for points on a
//! line kept a minimum distance apart (any optimal choice can be shifted to the greedy one
//! kind by kind); the honours add one per kind held.

use crate::tile::{Counts, Suit};

/// Tiles of distinct kinds, no two 搭, that make a hand 十三不搭.
pub const THIRTEEN: u8 = 13;

/// Smallest distance between two numbers of a suit that do not 搭 (1 and 4: no 兩面, 邊張 or
/// 嵌張 joins them).
pub const GAP: usize = 3;

/// The most tiles of pairwise distinct kinds in `counts`, no two of which 搭 (same suit and
/// at most 2 apart): per suit the greedy choice, plus one per honour kind held. At most 16
/// (three per suit, seven honours).
pub fn unconnected_count(counts: &Counts) -> u8 {
    let mut n = 0u8;
    for s in Suit::ALL {
        let group = &counts[s.base()..s.base() + s.len()];
        if s == Suit::Honor {
            n += group.iter().filter(|&&c| c > 0).count() as u8;
            continue;
        }
        let mut next = 0usize;
        for (i, &c) in group.iter().enumerate() {
            if c > 0 && i >= next {
                n += 1;
                next = i + GAP;
            }
        }
    }
    n
}

/// True when `counts` hold 13 tiles of distinct kinds, no two of which 搭 (003 十三不搭; see
/// the module documentation for the reading). Only meaningful for a dealt hand (16 tiles,
/// the dealer's 17): the game offers the 亮牌重洗 on it at the start of a hand.
pub fn is_thirteen_unconnected(counts: &Counts) -> bool {
    unconnected_count(counts) >= THIRTEEN
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse;
    use crate::tile::KINDS;

    fn c(s: &str) -> Counts {
        parse(s).map_or([0; KINDS], |t| t.counts)
    }

    #[test]
    fn worked_hands() {
        // Three per suit and four honours: 13, no two 搭; the three free tiles may 搭.
        assert_eq!(unconnected_count(&c("147m258p369s1234z 112m")), 13);
        assert!(is_thirteen_unconnected(&c("147m258p369s1234z 112m")));
        // Every tile unconnected: 16.
        assert_eq!(unconnected_count(&c("147m147p147s1234567z")), 16);
        // 1m 3m 搭 (嵌張): only one of them counts.
        assert_eq!(unconnected_count(&c("13m")), 1);
        assert_eq!(unconnected_count(&c("14m")), 2);
        // 1 2 … 9 of a suit: 1 4 7 (greedy), three at most.
        assert_eq!(unconnected_count(&c("123456789m")), 3);
        // 2 5 8 and 9: 9 is 1 from 8; 2 5 9 is still three.
        assert_eq!(unconnected_count(&c("2589m")), 3);
        // A pair counts once.
        assert_eq!(unconnected_count(&c("11m11z")), 2);
        // The three free tiles make a run (123s) beside the 13 unconnected: still 十三不搭,
        // as 003 counts thirteen, not the whole hand (十六不搭 is another hand, 000/002/004).
        assert_eq!(unconnected_count(&c("147m258p369s1234z 12s")), 13);
        assert!(is_thirteen_unconnected(&c("147m258p369s1234z 123s")));
        // Twelve: not 十三不搭.
        assert!(!is_thirteen_unconnected(&c("147m258p369s12z 5555z 3m")));
    }
}
