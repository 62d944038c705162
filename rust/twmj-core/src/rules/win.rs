//! The win predicate: five sets and a pair (four and a pair in a 13-tile hand), read from the
//! group tables. The special shapes a variant admits are analysis ([`crate::special`]).

use crate::tables;
use crate::tile::{Counts, Suit};

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
    use crate::notation;

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
