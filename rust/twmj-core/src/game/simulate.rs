//! Self-play with bots (random legal agents by default): the engine's throughput and a summary of what happens.

use crate::error::Result;
use crate::rules::Variant;

use super::bots::Bot;
use super::result::{DrawReason, WinKind};
use super::settle::{settle_hand, Table};
use super::state::{SplitMix64, State};

/// What a batch of self-played hands came to.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Summary {
    pub hands: u32,
    /// Hands that ended in a draw: 流局 or a 特殊流局 (split in `draw_reasons`).
    pub draws: u32,
    /// Draws by reason, in [`DrawReason::ALL`] order: 流局, 四家開槓, 四風連打, 十三不搭.
    pub draw_reasons: [u32; DrawReason::ALL.len()],
    /// 筆 won, by kind: self-draw, discard, robbing a kong, 八仙過海, 七搶一, and the regular
    /// win after 七搶一 case 2, 四槓胡. Every 筆 counts, a flower win paid on the spot in a
    /// hand that then ran out (a draw) included.
    pub by_kind: [u32; 7],
    /// Hands with more than one winner (一砲三響; of the wins that ended the hand, so not a
    /// flower win paid on the spot under `flower_win.play_on`).
    pub multi_winner: u32,
    /// `tai[n]`: 筆 worth n tai (the last slot gathers 40 and more).
    pub tai: Vec<u32>,
    /// Actions taken in all.
    pub actions: u64,
}

/// The kinds a played win has, in slot order (a replacement self-draw counts as a self-draw).
const KINDS: [&str; 7] = [
    WinKind::SelfDraw.key(),
    WinKind::Discard { from: 0 }.key(),
    WinKind::RobbingKong { from: 0 }.key(),
    WinKind::EightFlowers.key(),
    WinKind::SevenRobOne { from: 0 }.key(),
    WinKind::AfterRobbingFlower { from: 0 }.key(),
    WinKind::FourKongs.key(),
];

impl Summary {
    /// The names of `by_kind`'s slots.
    pub const KINDS: [&'static str; 7] = KINDS;
}

fn kind_slot(k: WinKind) -> usize {
    match k {
        WinKind::SelfDraw | WinKind::Replacement(_) => 0,
        WinKind::Discard { .. } => 1,
        WinKind::RobbingKong { .. } => 2,
        WinKind::EightFlowers => 3,
        WinKind::SevenRobOne { .. } => 4,
        WinKind::AfterRobbingFlower { .. } => 5,
        WinKind::FourKongs => 6,
    }
}

/// Plays `hands` hands from `seed` (hand i from seed `seed + i`) with `bot` at every seat
/// ([`Bot::Random`]: agents that win whenever they may and otherwise pick uniformly among
/// the legal actions, 換三張 picks included); plays and scores every hand under `variant`
/// (american: 換三張 and 起胡 in play). Each hand depends on its own seed alone (the random
/// bot draws from a generator seeded by it), so `hands` from `seed` add up, by
/// [`Summary::add`], to any split of them into runs of consecutive seeds.
pub fn simulate(hands: u32, seed: u64, variant: &Variant, bot: Bot) -> Result<Summary> {
    let mut s = Summary {
        tai: vec![0; 41],
        ..Summary::default()
    };
    for i in 0..hands {
        let hand_seed = seed.wrapping_add(u64::from(i));
        let mut rng = SplitMix64::new(hand_seed ^ 0x9e37_79b9_7f4a_7c15);
        let mut st = State::from_seed(hand_seed, variant);
        while !st.is_over() {
            let seat = st.pending().trailing_zeros() as u8;
            if bot.play(&mut st, seat, &mut rng).is_none() {
                break;
            }
            s.actions += 1;
        }
        s.hands += 1;
        let Some(result) = st.result() else { continue };
        if result.is_draw() {
            s.draws += 1;
            if let Some(i) = result
                .draw
                .and_then(|r| DrawReason::ALL.iter().position(|&x| x == r))
            {
                s.draw_reasons[i] += 1;
            }
        } else if result.ending_winners(variant).len() > 1 {
            s.multi_winner += 1;
        }
        // Every 筆 paid, a flower win paid on the spot in a hand that then ran out included
        // (`flower_win.play_on`: a side payment, but a 筆 all the same).
        if result.wins.is_empty() {
            continue;
        }
        let table = Table {
            streak: 0,
            round_wind: 0,
            dice: st.dice(),
        };
        let (bills, _) = settle_hand(result, &table, variant)?;
        for (w, b) in result.wins.iter().zip(&bills) {
            s.by_kind[kind_slot(w.kind)] += 1;
            s.tai[(b.total_tai as usize).min(40)] += 1;
        }
    }
    Ok(s)
}

impl Summary {
    /// Adds `other`'s hands to these.
    pub fn add(&mut self, other: &Summary) {
        self.hands += other.hands;
        self.draws += other.draws;
        for (a, b) in self.draw_reasons.iter_mut().zip(other.draw_reasons) {
            *a += b;
        }
        for (a, b) in self.by_kind.iter_mut().zip(other.by_kind) {
            *a += b;
        }
        self.multi_winner += other.multi_winner;
        if self.tai.len() < other.tai.len() {
            self.tai.resize(other.tai.len(), 0);
        }
        for (a, b) in self.tai.iter_mut().zip(&other.tai) {
            *a += b;
        }
        self.actions += other.actions;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_is_the_sum_of_its_parts() {
        let v = Variant::taiwan();
        for bot in [Bot::Random, Bot::Efficiency] {
            let whole = simulate(30, 7, &v, bot).unwrap();
            let mut parts = simulate(11, 7, &v, bot).unwrap();
            parts.add(&simulate(19, 18, &v, bot).unwrap());
            assert_eq!(whole, parts, "{bot:?}");
        }
    }
}
