//! 聽牌練習 (the page's practice): a random ready hand of a variant with as many open melds and
//! waits as asked. Sets are drawn from the variant's tile set, one concealed tile is taken away,
//! and the engine's own waits decide which hands qualify.

use crate::error::{Code, Error, Result};
use crate::game::deal::SplitMix64;
use crate::hand::{Form, Hand, Meld, MeldKind};
use crate::notation::Tiles;
use crate::rules::Variant;
use crate::special::waits;
use crate::tile::{Counts, Suit, Tile, COPIES, KINDS};

/// Hands drawn before settling for the first ready one (each draw is a few µs; even five or
/// more waits are met within a few hundred).
pub const TRIES: usize = 5_000;

/// A practice hand: its concealed tiles (16 − 3k of them, or 13 − 3k in the 13-tile game, in
/// tile order) and its open melds (k).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quiz {
    pub concealed: Vec<Tile>,
    pub melds: Vec<Meld>,
}

impl Quiz {
    /// The hand as the analysis reads it under `variant`.
    pub fn hand(&self, variant: &Variant) -> Result<Hand> {
        let mut counts: Counts = [0; KINDS];
        for t in &self.concealed {
            counts[t.index()] += 1;
        }
        let tiles = Tiles {
            counts,
            ..Tiles::default()
        };
        Hand::new(tiles, self.melds.clone(), Form::Waiting, variant.hand_size)
    }
}

/// A ready hand of `variant` with `melds` open melds and between `min_waits` and `max_waits`
/// waits (either order); the same `seed` draws the same hand. When no draw of [`TRIES`] has
/// as many waits as asked, the first ready hand drawn.
pub fn quiz(
    variant: &Variant,
    melds: usize,
    min_waits: usize,
    max_waits: usize,
    seed: u64,
) -> Result<Quiz> {
    let (low, high) = (min_waits.min(max_waits), min_waits.max(max_waits));
    let sets = crate::hand::SETS - variant.missing_sets();
    if melds >= sets {
        return Err(Error::context(
            "melds",
            format!(
                "{melds} melds leave no set concealed (at most {})",
                sets - 1
            ),
        )
        .coded(
            Code::OverLimit,
            &[
                ("what", &"副露數"),
                ("min", &0),
                ("max", &(sets - 1)),
                ("n", &melds),
            ],
        ));
    }
    let tiles: Vec<Tile> = variant.tiles_in_play().collect();
    let mut rng = SplitMix64::new(seed);
    let mut first = None;
    for _ in 0..TRIES {
        let Some(q) = draw(&mut rng, &tiles, melds, sets, variant.chi_allowed) else {
            continue;
        };
        let n = waits(&q.hand(variant)?, &[0; KINDS], variant)?.len();
        if (low..=high).contains(&n) {
            return Ok(q);
        }
        if n > 0 && first.is_none() {
            first = Some(q);
        }
    }
    first.ok_or_else(|| Error::hand("no ready hand drawn"))
}

/// `sets` sets and a pair from `tiles`, `melds` of them open, one concealed tile taken away;
/// `None` when the copies ran out. Wanting many waits, it draws from one suit half the time.
fn draw(
    rng: &mut SplitMix64,
    tiles: &[Tile],
    melds: usize,
    sets: usize,
    chi: bool,
) -> Option<Quiz> {
    let mut left: Counts = [0; KINDS];
    for t in tiles {
        left[t.index()] = COPIES;
    }
    let suits: Vec<Suit> = [Suit::Man, Suit::Pin, Suit::Sou]
        .into_iter()
        .filter(|&s| tiles.iter().any(|t| t.suit() == s))
        .collect();
    let pool: Vec<Tile> = if !suits.is_empty() && rng.below(2) == 0 {
        let suit = suits[rng.below(suits.len())];
        tiles.iter().copied().filter(|t| t.suit() == suit).collect()
    } else {
        tiles.to_vec()
    };
    let take = |left: &mut Counts, m: &Meld| {
        let mut need: Counts = [0; KINDS];
        m.add_to(&mut need);
        if need.iter().zip(left.iter()).any(|(n, l)| n > l) {
            return false;
        }
        for (l, n) in left.iter_mut().zip(need) {
            *l -= n;
        }
        true
    };
    let mut drawn: Vec<Meld> = Vec::new();
    for _ in 0..50 {
        if drawn.len() == sets {
            break;
        }
        let t = pool[rng.below(pool.len())];
        let run = !t.is_honor()
            && t.number() <= 7
            && (1..3).all(|d| Tile::new(t.index() + d).is_some_and(|x| tiles.contains(&x)));
        if run && rng.below(10) < 6 {
            let m = Meld {
                kind: MeldKind::Chi,
                tile: t,
            };
            if take(&mut left, &m) {
                drawn.push(m);
            }
        } else {
            let m = Meld {
                kind: MeldKind::Pon,
                tile: t,
            };
            if take(&mut left, &m) {
                drawn.push(m);
            }
        }
    }
    let pair = pool[rng.below(pool.len())];
    if drawn.len() < sets || left[pair.index()] < 2 {
        return None;
    }
    rng.shuffle(&mut drawn);
    if !chi {
        // A variant without 吃 (004 三人) shows its runs concealed.
        drawn.sort_by_key(|m| m.kind == MeldKind::Chi);
        if drawn[..melds].iter().any(|m| m.kind == MeldKind::Chi) {
            return None;
        }
    }
    let open = drawn[..melds].to_vec();
    let mut concealed: Vec<Tile> = drawn[melds..].iter().flat_map(Meld::tiles).collect();
    concealed.extend([pair, pair]);
    concealed.remove(rng.below(concealed.len()));
    concealed.sort_by_key(|t| t.index());
    Some(Quiz {
        concealed,
        melds: open,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_preset_draws_what_was_asked_again_by_seed() {
        for p in crate::rules::PRESETS {
            let v = Variant::preset(p).unwrap();
            for (melds, low, high) in [(0, 1, 13), (1, 3, 13), (2, 1, 2), (0, 5, 13)] {
                for seed in 0..3 {
                    let q = quiz(&v, melds, low, high, seed).unwrap();
                    assert_eq!(
                        q.concealed.len(),
                        usize::from(v.hand_size) - 3 * melds,
                        "{p}"
                    );
                    assert_eq!(q.melds.len(), melds);
                    assert!(q.concealed.iter().all(|&t| v.in_play(t)), "{p}");
                    let n = waits(&q.hand(&v).unwrap(), &[0; KINDS], &v).unwrap().len();
                    assert!(n >= 1, "{p} {q:?}");
                    assert_eq!(quiz(&v, melds, low, high, seed).unwrap(), q);
                    if !v.chi_allowed {
                        assert!(q.melds.iter().all(|m| m.kind == MeldKind::Pon), "{p}");
                    }
                }
            }
        }
    }

    #[test]
    fn too_many_melds_are_refused_by_name() {
        let e = quiz(&Variant::taiwan(), 5, 1, 13, 0).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("melds"));
    }
}
