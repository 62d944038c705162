//! Many tables stepped together for training: each table is one hand at a time, the acting
//! seat's observation and legal mask written into caller-owned rows ([`super::observe`]), a
//! finished hand settled into every seat's reward and replaced by the next deal (auto-reset).
//!
//! Table `i` of an environment seeded `seed` with `n` tables plays the hands of seeds
//! `seed + i`, `seed + i + n`, `seed + i + 2n`, … so a run is reproducible whatever splits it.

use crate::error::{Error, Result};
use crate::scoring::Variant;

use super::action::{Action, ACTION_COUNT};
use super::observe::{observe_into, OBS_LEN};
use super::settle::{settle_hand, Table as SettleTable};
use super::state::State;

/// What a finished hand pays each seat: its net in tai or in money.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Reward {
    Tai,
    Money,
}

impl Reward {
    /// `tai` or `money`.
    pub fn parse(s: &str) -> Result<Reward> {
        match s {
            "tai" => Ok(Reward::Tai),
            "money" => Ok(Reward::Money),
            // A setting of the run, not a hand: a context error naming the field.
            _ => Err(Error::context(
                "reward",
                format!("unknown reward '{s}' (expected tai or money)"),
            )),
        }
    }
}

/// Each seat's net for the finished hand `st` (zeros for a draw without a penalty).
pub fn hand_reward(st: &State, reward: Reward) -> Result<[i64; 4]> {
    let Some(r) = st.result() else {
        return Ok([0; 4]);
    };
    if r.is_draw() && r.false_win.is_none() {
        return Ok([0; 4]);
    }
    let table = SettleTable {
        streak: st.rules().streak,
        round_wind: st.rules().round_wind,
        dice: st.dice(),
    };
    let (_, s) = settle_hand(r, &table, st.variant())?;
    Ok(match reward {
        Reward::Tai => s.net_tai,
        Reward::Money => s.net_money,
    })
}

/// One table of a vector environment.
#[derive(Debug, Clone)]
pub struct Slot {
    state: State,
    /// The seat whose observation was written last (the one to act).
    seat: u8,
    /// Its legal mask then, to check the next action without recomputing it.
    legal: [bool; ACTION_COUNT],
    next_seed: u64,
    stride: u64,
    hands: u64,
}

impl Slot {
    /// Table `index` of `tables` seeded `seed`.
    pub fn new(seed: u64, index: usize, tables: usize, variant: &Variant) -> Slot {
        let first = seed.wrapping_add(index as u64);
        Slot {
            state: State::from_seed(first, variant),
            seat: 0,
            legal: [false; ACTION_COUNT],
            next_seed: first.wrapping_add(tables as u64),
            stride: tables as u64,
            hands: 0,
        }
    }

    pub fn state(&self) -> &State {
        &self.state
    }

    /// Hands finished at this table.
    pub fn hands(&self) -> u64 {
        self.hands
    }

    /// `action` is in the acting seat's last written mask.
    pub fn allows(&self, action: usize) -> bool {
        action < ACTION_COUNT && self.legal[action]
    }

    /// Writes the acting seat's observation and mask; returns the seat.
    pub fn observe(&mut self, obs: &mut [u8], mask: &mut [bool]) -> u8 {
        self.seat = self.state.pending().trailing_zeros() as u8 % 4;
        observe_into(&self.state, self.seat, obs, mask);
        self.legal.copy_from_slice(&mask[..ACTION_COUNT]);
        self.seat
    }

    /// Applies `action` (an index) for the acting seat; when that ends the hand, writes each
    /// seat's net into `reward` (four values), deals the next hand and returns `true`. Then
    /// writes the next observation. An action outside the last mask is an error naming it,
    /// and leaves the table as it was.
    pub fn step(
        &mut self,
        action: usize,
        reward_kind: Reward,
        obs: &mut [u8],
        mask: &mut [bool],
        reward: &mut [f32],
    ) -> Result<(u8, bool)> {
        let Some(a) = Action::from_index(action).filter(|_| self.allows(action)) else {
            return Err(Error::illegal(
                "legal_mask",
                format!("action {action} is not in seat {}'s legal mask", self.seat),
            ));
        };
        // The mask was written from the legal actions of this state and seat.
        self.state.apply_listed(self.seat, a);
        reward[..4].fill(0.0);
        let done = self.state.is_over();
        if done {
            let net = hand_reward(&self.state, reward_kind)?;
            for (r, n) in reward.iter_mut().zip(net) {
                // A hand's net is far inside f32's exact integers (2^24).
                #[allow(clippy::cast_precision_loss)]
                let n = n as f32;
                *r = n;
            }
            self.hands += 1;
            let variant = std::sync::Arc::clone(&self.state.rules().variant);
            self.state = State::from_seed_shared(self.next_seed, &variant);
            self.next_seed = self.next_seed.wrapping_add(self.stride);
        }
        Ok((self.observe(obs, mask), done))
    }
}

/// `n` tables seeded `seed` under `variant`; an environment needs at least one (`n` is the
/// caller's argument of that name).
pub fn tables(n: usize, seed: u64, variant: &Variant) -> Result<Vec<Slot>> {
    if n == 0 {
        return Err(Error::context(
            "n",
            "a vector environment needs at least one table",
        ));
    }
    Ok((0..n).map(|i| Slot::new(seed, i, n, variant)).collect())
}

/// `actions` (one per table, as the caller gave them) checked against every table's legal
/// mask before any table moves: the action indices, or an action error for a wrong count and
/// the `legal_mask` rule naming the first table whose acting seat may not take its action.
pub fn checked_actions(slots: &[Slot], actions: &[i64]) -> Result<Vec<usize>> {
    let n = slots.len();
    if actions.len() != n {
        return Err(Error::action(format!(
            "{} actions for {n} tables (one each)",
            actions.len()
        )));
    }
    let acts: Vec<usize> = actions
        .iter()
        .map(|&a| usize::try_from(a).unwrap_or(usize::MAX))
        .collect();
    match (0..n).find(|&i| !slots[i].allows(acts[i])) {
        Some(i) => Err(Error::illegal(
            "legal_mask",
            format!(
                "table {i}: action {} is not in the acting seat's legal mask",
                actions[i]
            ),
        )),
        None => Ok(acts),
    }
}

/// Steps every table once with `actions[i]`, writing rows `i` of `obs` (`OBS_LEN` each),
/// `mask` (`ACTION_COUNT`), `reward` (4), `seats` and `done`. One thread; the binding splits
/// the tables over threads.
#[allow(clippy::too_many_arguments)]
pub fn step_all(
    slots: &mut [Slot],
    actions: &[usize],
    reward_kind: Reward,
    obs: &mut [u8],
    mask: &mut [bool],
    reward: &mut [f32],
    seats: &mut [u8],
    done: &mut [bool],
) -> Result<()> {
    for (i, slot) in slots.iter_mut().enumerate() {
        let (s, d) = slot
            .step(
                actions[i],
                reward_kind,
                &mut obs[i * OBS_LEN..(i + 1) * OBS_LEN],
                &mut mask[i * ACTION_COUNT..(i + 1) * ACTION_COUNT],
                &mut reward[i * 4..i * 4 + 4],
            )
            .map_err(|e| match e {
                Error::Illegal { rule, message } => {
                    Error::illegal(rule, format!("table {i}: {message}"))
                }
                other => other,
            })?;
        seats[i] = s;
        done[i] = d;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::legality::legal_actions;

    #[test]
    fn a_table_replays_its_seeds_and_pays_zero_sum() {
        // Two tables, first-legal actions: table 1's second hand is the hand of seed 1 + 2,
        // played the same as a standalone game; every reward row sums to zero.
        let v = Variant::taiwan();
        let mut slots = tables(2, 1, &v).unwrap();
        let mut obs = vec![0u8; 2 * OBS_LEN];
        let mut mask = vec![false; 2 * ACTION_COUNT];
        let mut reward = vec![0f32; 8];
        let mut seats = [0u8; 2];
        let mut done = [false; 2];
        for (i, s) in slots.iter_mut().enumerate() {
            seats[i] = s.observe(
                &mut obs[i * OBS_LEN..(i + 1) * OBS_LEN],
                &mut mask[i * ACTION_COUNT..(i + 1) * ACTION_COUNT],
            );
        }
        let mut finished = 0;
        while slots[1].hands() < 2 {
            let actions: Vec<usize> = (0..2)
                .map(|i| {
                    mask[i * ACTION_COUNT..(i + 1) * ACTION_COUNT]
                        .iter()
                        .position(|&b| b)
                        .unwrap()
                })
                .collect();
            step_all(
                &mut slots,
                &actions,
                Reward::Tai,
                &mut obs,
                &mut mask,
                &mut reward,
                &mut seats,
                &mut done,
            )
            .unwrap();
            for i in 0..2 {
                if done[i] {
                    finished += 1;
                    let sum: f32 = reward[i * 4..i * 4 + 4].iter().sum();
                    assert!(sum.abs() < 1e-6);
                }
            }
        }
        assert!(finished >= 2);
        // Table 1 now plays seed 1 + 1 + 2·2 = 6, first-legal from its start.
        let here = slots[1].state().clone();
        let mut replay = State::from_seed(6, &v);
        while replay.log().len() < here.log().len() {
            let s = replay.pending().trailing_zeros() as u8;
            replay.apply(s, legal_actions(&replay, s)[0]).unwrap();
        }
        assert_eq!(replay.log(), here.log());
        // An action outside the mask is refused, names the table, and changes nothing.
        let first = mask[..ACTION_COUNT].iter().position(|&b| b).unwrap();
        let bad = (0..ACTION_COUNT)
            .find(|&a| !mask[ACTION_COUNT + a])
            .unwrap();
        let err = step_all(
            &mut slots,
            &[first, bad],
            Reward::Tai,
            &mut obs,
            &mut mask,
            &mut reward,
            &mut seats,
            &mut done,
        );
        assert!(err.is_err_and(|e| e.to_string().contains("table 1")));
        assert_eq!(slots[1].state().log(), here.log());
        // The caller's check before stepping: the first table outside its mask, by rule, and
        // a wrong count of actions as an action error. (Table 0 moved on in the refused step:
        // `step_all` checks as it goes, which is why callers check first.)
        let first = (0..ACTION_COUNT).find(|&a| slots[0].allows(a)).unwrap();
        let e = checked_actions(&slots, &[first as i64, bad as i64]).unwrap_err();
        assert_eq!((e.code(), e.rule()), ("illegal_action", Some("legal_mask")));
        assert!(e.to_string().contains("table 1"));
        let e = checked_actions(&slots, &[first as i64, -1]).unwrap_err();
        assert!(e.to_string().contains("action -1"));
        let e = checked_actions(&slots, &[first as i64]).unwrap_err();
        assert_eq!(e.code(), "unknown_action");
    }

    #[test]
    fn an_environment_has_a_table() {
        let e = tables(0, 0, &Variant::taiwan()).unwrap_err();
        assert_eq!(
            (e.code(), e.field().as_deref()),
            ("context_error", Some("n"))
        );
    }
}
