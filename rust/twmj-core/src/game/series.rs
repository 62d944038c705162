//! A match (一將) of hands: dealer rotation, 連莊 with its cap, round winds (000 怎麼玩, 連莊).

use super::result::HandResult;
use super::state::{Deal, SplitMix64, SEATS};
use crate::scoring::Variant;

/// Most 連莊 in a row: the hand at this count is played, then the deal passes (000 連莊).
pub const MAX_STREAK: u8 = 18;

/// Where a match stands: who deals the next hand, the 連莊 count and the round wind.
#[derive(Debug, Clone)]
pub struct Match {
    /// 1-based number of the next hand.
    pub hand: u32,
    pub dealer: u8,
    /// 連莊 count N of the next hand (dealer tai 1 + 2N, scored elsewhere).
    pub streak: u8,
    /// 圈風 of the next hand: 0 = 東 … 3 = 北.
    pub round_wind: u8,
    /// The seat that dealt the first hand; a round ends when the deal comes back to it.
    pub first_dealer: u8,
    pub over: bool,
    rng: SplitMix64,
    /// The variant whose set and seats are dealt (004: three or two seated players).
    variant: Variant,
}

impl Match {
    pub fn new(seed: u64, first_dealer: u8) -> Match {
        Match::with_variant(seed, first_dealer, &Variant::taiwan())
    }

    /// A match dealt with `variant`'s set among its seated players (004 兩人麻將、三人麻將規則):
    /// the deal rotates over seats `0..players`, and the match runs one round per seated
    /// wind (東南西北 for four, 東南西 for three, 東南 for two; docs/variants.md).
    pub fn with_variant(seed: u64, first_dealer: u8, variant: &Variant) -> Match {
        let first_dealer = first_dealer % variant.players.clamp(2, SEATS as u8);
        Match {
            variant: variant.clone(),
            hand: 1,
            dealer: first_dealer,
            streak: 0,
            round_wind: 0,
            first_dealer,
            over: false,
            rng: SplitMix64::new(seed),
        }
    }

    /// The deal of the next hand: the first hand opens the dealer's own wall, later ones
    /// (連莊 included) let the dice pick it (000 門風與正花).
    pub fn deal(&mut self) -> Deal {
        Deal::from_seed_with(
            self.rng.next_u64(),
            self.dealer,
            self.hand > 1,
            &self.variant,
        )
    }

    /// Seated players (4, 3 or 2).
    pub fn seats(&self) -> u8 {
        self.variant.players.clamp(2, SEATS as u8)
    }

    /// True when the dealer keeps the deal after `result`: a draw, or the dealer won a 筆.
    /// (000 連莊 speaks of the dealer's net income when several 筆 settle at once; in every
    /// multi-筆 ending of this preset — 一砲三響, a flower win with its regular win — a
    /// winning dealer only receives, so winning and net income coincide.)
    pub fn dealer_keeps(&self, result: &HandResult) -> bool {
        result.is_draw() || result.wins.iter().any(|w| w.seat == self.dealer)
    }

    /// Moves to the next hand after `result`; returns true when the match is over (four
    /// rounds, 東南西北).
    pub fn finish(&mut self, result: &HandResult) -> bool {
        if self.over {
            return true;
        }
        // The variant's cap (18 in every preset, 000 連莊; a house rule may change it).
        if self.dealer_keeps(result) && self.streak < self.variant.streak_cap {
            self.streak += 1;
        } else {
            self.streak = 0;
            self.dealer = (self.dealer + 1) % self.seats();
            if self.dealer == self.first_dealer {
                self.round_wind += 1;
                if self.round_wind == self.seats() {
                    self.over = true;
                }
            }
        }
        self.hand += 1;
        self.over
    }
}
