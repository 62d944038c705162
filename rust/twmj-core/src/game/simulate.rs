//! Self-play with random legal agents: the engine's throughput and a summary of what happens.

use crate::error::Result;
use crate::rules::Variant;

use super::action::Action;
use super::legality::legal_actions;
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
    /// win after 七搶一 case 2, 四槓胡.
    pub by_kind: [u32; 7],
    /// Hands with more than one winner (一砲三響).
    pub multi_winner: u32,
    /// `tai[n]`: 筆 worth n tai (the last slot gathers 40 and more).
    pub tai: Vec<u32>,
    /// Actions taken in all.
    pub actions: u64,
}

const KINDS: [&str; 7] = [
    "self_draw",
    "discard",
    "robbing_kong",
    "eight_flowers",
    "seven_rob_one",
    "after_robbing_flower",
    "four_kongs",
];

impl Summary {
    /// The names of `by_kind`'s slots.
    pub const KINDS: [&'static str; 7] = KINDS;
}

fn kind_slot(k: WinKind) -> usize {
    match k {
        WinKind::SelfDraw => 0,
        WinKind::Discard { .. } => 1,
        WinKind::RobbingKong { .. } => 2,
        WinKind::EightFlowers => 3,
        WinKind::SevenRobOne { .. } => 4,
        WinKind::AfterRobbingFlower { .. } => 5,
        WinKind::FourKongs => 6,
    }
}

/// Plays `hands` hands from `seed` (hand i from seed `seed + i`) with agents that win whenever
/// they may and otherwise pick uniformly among the legal actions (換三張 picks included);
/// plays and scores every hand under `variant` (american: 換三張 and 起胡 in play).
pub fn simulate(hands: u32, seed: u64, variant: &Variant) -> Result<Summary> {
    let mut s = Summary {
        tai: vec![0; 41],
        ..Summary::default()
    };
    let mut rng = SplitMix64::new(seed ^ 0x9e37_79b9_7f4a_7c15);
    for i in 0..hands {
        let mut st = State::from_seed_with(seed.wrapping_add(u64::from(i)), variant);
        while !st.is_over() {
            let seat = st.pending().trailing_zeros() as u8;
            let acts = legal_actions(&st, seat);
            let a = if acts.contains(&Action::Win) {
                Action::Win
            } else {
                acts[rng.below(acts.len())]
            };
            st.apply(seat, a)?;
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
            continue;
        }
        if result.winners().len() > 1 {
            s.multi_winner += 1;
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
