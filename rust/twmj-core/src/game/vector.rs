//! Many tables stepped together for training: each table is one hand at a time, the acting
//! seat's observation and legal mask written into caller-owned rows ([`super::observe`]), a
//! finished hand settled into every seat's reward and replaced by the next deal (auto-reset).
//!
//! Table `i` of an environment seeded `seed` with `n` tables plays the hands of seeds
//! `seed + i`, `seed + i + n`, `seed + i + 2n`, … so a run is reproducible whatever splits it.
//!
//! Under `flower_win.play_on` (issue #30: 當場收分，照常開始打牌) a flower win is paid on the
//! spot while the hand goes on: the call during which it is paid (the step that completed the
//! flowers, or the call that dealt a hand with an opening flower win) writes that 筆's net
//! into the table's reward row, and the hand's end writes the rest of the hand's net, so a
//! seat's rewards over a hand still add up to its net for the hand.
//!
//! A hand can be over at the deal, before anyone acts (天胡, or a flower win with the opening
//! flowers: about 12 deals in a million under taiwan, 43 under `three_player`). A table never
//! waits on such a hand: it settles it at once into that table's reward row (added to what
//! the call already wrote there), counts it in `settled`, and deals the next seed, until a
//! hand has a decision. So every hand's payout is reported, and no table's mask is empty.

use crate::error::{Code, Error, Result};
use crate::scoring::Variant;

use super::action::{Action, ACTION_COUNT};
use super::observe::{observe_into, OBS_LEN};
use super::state::State;

/// Most tables one vector environment holds (`n`): about 1.2 kB each (a hand's state, its
/// observation and mask rows), so the bound keeps an environment near a gigabyte and refuses,
/// before allocating, a count no machine holds.
pub const MAX_TABLES: usize = 1 << 20;

/// Most threads of an environment's own pool (`threads`): far past any core count, short of
/// what would exhaust the process starting them.
pub const MAX_THREADS: usize = 1024;

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
            )
            .coded(
                Code::UnknownName,
                &[("what", &"獎勵"), ("name", &s), ("expected", &"tai、money")],
            )),
        }
    }
}

/// Each seat's net for the finished hand `st` (zeros while it is not over and for a plain
/// draw; a draw still settles what it carries, [`super::HandResult::pays`]: a flower win paid
/// on the spot under `flower_win.play_on`, a 詢問費, an 暗槓 底).
pub fn hand_reward(st: &State, reward: Reward) -> Result<[i64; 4]> {
    let (tai, money) = super::bots::settled(st)?;
    Ok(match reward {
        Reward::Tai => tai,
        Reward::Money => money,
    })
}

/// Each seat's net of the flower 筆 paid on the spot so far in the hand `st` still in play
/// (`flower_win.play_on`, issue #30: 當場收分); zeros when none was paid. Once the hand is over
/// its [`hand_reward`] holds that 筆.
pub fn paid_reward(st: &State, reward: Reward) -> Result<[i64; 4]> {
    if st.paid_flower_wins().is_empty() {
        return Ok([0; 4]);
    }
    let s = st.settle_paid()?.settlement;
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
    /// The flower 筆 paid on the spot in the hand in play and already written as reward
    /// (`flower_win.play_on`): how many, and each seat's net of them.
    paid: (usize, [i64; 4]),
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
            paid: (0, [0; 4]),
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

    /// Deals this table's next seed.
    fn deal_next(&mut self) {
        let variant = std::sync::Arc::clone(&self.state.rules().variant);
        self.state = State::from_seed_shared(self.next_seed, &variant);
        self.next_seed = self.next_seed.wrapping_add(self.stride);
        self.paid = (0, [0; 4]);
    }

    /// Writes into `reward` the flower 筆 paid on the spot since the last call
    /// (`flower_win.play_on`): nothing, almost always.
    fn pay_on_the_spot(&mut self, reward_kind: Reward, reward: &mut [f32]) -> Result<()> {
        let n = self.state.paid_flower_wins().len();
        if n == self.paid.0 {
            return Ok(());
        }
        let net = paid_reward(&self.state, reward_kind)?;
        add_net(reward, std::array::from_fn(|s| net[s] - self.paid.1[s]));
        self.paid = (n, net);
        Ok(())
    }

    /// The finished hand's net less what was already written for it (its flower 筆 paid on
    /// the spot), into `reward`.
    fn pay_the_rest(&mut self, reward_kind: Reward, reward: &mut [f32]) -> Result<()> {
        let net = hand_reward(&self.state, reward_kind)?;
        add_net(reward, std::array::from_fn(|s| net[s] - self.paid.1[s]));
        self.paid = (0, [0; 4]);
        Ok(())
    }

    /// Settles the hand in play if it ended at the deal (and any next one that does too):
    /// adds each seat's net to `reward` (four values), deals the next seed; returns how many
    /// hands it settled (almost always none). Then adds a flower 筆 the hand in play paid on
    /// the spot at its opening (`flower_win.play_on`).
    fn settle_dealt(&mut self, reward_kind: Reward, reward: &mut [f32]) -> Result<u32> {
        let mut settled = 0;
        while self.state.is_over() {
            self.pay_the_rest(reward_kind, reward)?;
            self.hands += 1;
            settled += 1;
            self.deal_next();
        }
        self.pay_on_the_spot(reward_kind, reward)?;
        Ok(settled)
    }

    /// The table's first decision after a fresh deal: zeroes `reward`, settles into it any
    /// hand over at the deal ([`Slot::settle_dealt`]), and writes the acting seat's
    /// observation and mask. Returns the seat and the hands settled.
    pub fn start(
        &mut self,
        reward_kind: Reward,
        obs: &mut [u8],
        mask: &mut [bool],
        reward: &mut [f32],
    ) -> Result<(u8, u32)> {
        reward[..4].fill(0.0);
        let settled = self.settle_dealt(reward_kind, reward)?;
        Ok((self.observe(obs, mask), settled))
    }

    /// Writes the acting seat's observation and mask; returns the seat.
    pub fn observe(&mut self, obs: &mut [u8], mask: &mut [bool]) -> u8 {
        self.seat = self.state.pending().trailing_zeros() as u8 % 4;
        observe_into(&self.state, self.seat, obs, mask);
        self.legal.copy_from_slice(&mask[..ACTION_COUNT]);
        self.seat
    }

    /// Applies `action` (an index) for the acting seat; when that ends the hand, writes each
    /// seat's net into `reward` (four values; less the flower 筆 already written when it was
    /// paid on the spot), deals the next hand (settling into `reward` any that is over at the
    /// deal) and returns `true`; when it pays a flower win on the spot (`flower_win.play_on`),
    /// writes that 筆's net. Then writes the next observation.
    /// Returns the seat to act, whether the hand ended and the hands settled in all. An
    /// action outside the last mask is an error naming it, and leaves the table as it was.
    pub fn step(
        &mut self,
        action: usize,
        reward_kind: Reward,
        obs: &mut [u8],
        mask: &mut [bool],
        reward: &mut [f32],
    ) -> Result<(u8, bool, u32)> {
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
        let mut settled = 0;
        if done {
            self.pay_the_rest(reward_kind, reward)?;
            self.hands += 1;
            self.deal_next();
            settled = 1 + self.settle_dealt(reward_kind, reward)?;
        } else {
            self.pay_on_the_spot(reward_kind, reward)?;
        }
        Ok((self.observe(obs, mask), done, settled))
    }
}

/// Adds a hand's `net` to a reward row.
fn add_net(reward: &mut [f32], net: [i64; 4]) {
    for (r, n) in reward.iter_mut().zip(net) {
        // A hand's net is far inside f32's exact integers (2^24).
        #[allow(clippy::cast_precision_loss)]
        let n = n as f32;
        *r += n;
    }
}

/// A number of tables `n` as the caller gave it, checked: 1 to [`MAX_TABLES`], else a
/// context error naming `n` (before anything is allocated).
pub fn table_count(n: &crate::vocab::Int) -> Result<usize> {
    n.to::<usize>()
        .filter(|k| (1..=MAX_TABLES).contains(k))
        .ok_or_else(|| table_count_error(n))
}

fn table_count_error(n: impl std::fmt::Display) -> Error {
    Error::context(
        "n",
        format!("a vector environment holds 1 to {MAX_TABLES} tables, not {n}"),
    )
    .coded(
        Code::OverLimit,
        &[
            ("what", &"桌數（MAX_TABLES）"),
            ("min", &1),
            ("max", &MAX_TABLES),
            ("n", &n),
        ],
    )
}

/// `n` tables seeded `seed` under `variant`; an environment needs at least one and at most
/// [`MAX_TABLES`] (`n` is the caller's argument of that name).
pub fn tables(n: usize, seed: u64, variant: &Variant) -> Result<Vec<Slot>> {
    if !(1..=MAX_TABLES).contains(&n) {
        return Err(table_count_error(n));
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

/// The rows a batch of tables writes on a start or a step, table `i`'s at row `i` of each:
/// its acting seat's observation (`OBS_LEN` bytes) and legal mask (`ACTION_COUNT`), each
/// seat's reward (4), the acting seat, whether a hand ended and how many hands were settled.
/// Caller-owned: the binding lends numpy arrays' memory, a Rust caller [`RowBuffers`].
pub struct Rows<'a> {
    pub obs: &'a mut [u8],
    pub mask: &'a mut [bool],
    pub reward: &'a mut [f32],
    pub seats: &'a mut [u8],
    pub done: &'a mut [bool],
    pub settled: &'a mut [u32],
}

impl<'a> Rows<'a> {
    /// The rows split into runs of `tables` tables (the last may be shorter), in order: one
    /// run per thread when the binding steps the tables in parallel.
    pub fn chunks(self, tables: usize) -> Vec<Rows<'a>> {
        let tables = tables.max(1);
        let Rows {
            obs,
            mask,
            reward,
            seats,
            done,
            settled,
        } = self;
        obs.chunks_mut(tables * OBS_LEN)
            .zip(mask.chunks_mut(tables * ACTION_COUNT))
            .zip(reward.chunks_mut(tables * 4))
            .zip(seats.chunks_mut(tables))
            .zip(done.chunks_mut(tables))
            .zip(settled.chunks_mut(tables))
            .map(|(((((obs, mask), reward), seats), done), settled)| Rows {
                obs,
                mask,
                reward,
                seats,
                done,
                settled,
            })
            .collect()
    }

    /// Table `i`'s observation, mask and reward rows.
    fn table(&mut self, i: usize) -> (&mut [u8], &mut [bool], &mut [f32]) {
        (
            &mut self.obs[i * OBS_LEN..(i + 1) * OBS_LEN],
            &mut self.mask[i * ACTION_COUNT..(i + 1) * ACTION_COUNT],
            &mut self.reward[i * 4..i * 4 + 4],
        )
    }
}

/// [`Rows`] owned, for `tables` tables: what a Rust caller (a bench, a test) steps into.
#[derive(Debug, Clone, PartialEq)]
pub struct RowBuffers {
    pub obs: Vec<u8>,
    pub mask: Vec<bool>,
    pub reward: Vec<f32>,
    pub seats: Vec<u8>,
    pub done: Vec<bool>,
    pub settled: Vec<u32>,
}

impl RowBuffers {
    /// Zeroed rows for `tables` tables.
    pub fn new(tables: usize) -> RowBuffers {
        RowBuffers {
            obs: vec![0; tables * OBS_LEN],
            mask: vec![false; tables * ACTION_COUNT],
            reward: vec![0.0; tables * 4],
            seats: vec![0; tables],
            done: vec![false; tables],
            settled: vec![0; tables],
        }
    }

    /// The rows, lent to [`start_all`] or [`step_all`].
    pub fn rows(&mut self) -> Rows<'_> {
        Rows {
            obs: &mut self.obs,
            mask: &mut self.mask,
            reward: &mut self.reward,
            seats: &mut self.seats,
            done: &mut self.done,
            settled: &mut self.settled,
        }
    }

    /// Table `i`'s legal mask.
    pub fn mask_of(&self, i: usize) -> &[bool] {
        &self.mask[i * ACTION_COUNT..(i + 1) * ACTION_COUNT]
    }

    /// Table `i`'s reward row.
    pub fn reward_of(&self, i: usize) -> &[f32] {
        &self.reward[i * 4..i * 4 + 4]
    }
}

/// Starts every table after a fresh deal ([`Slot::start`]), writing its [`Rows`]: `reward`
/// is each seat's net of hands over at the deal (else zeros), `done` says some hand was
/// settled.
pub fn start_all(slots: &mut [Slot], reward_kind: Reward, mut rows: Rows<'_>) -> Result<()> {
    for (i, slot) in slots.iter_mut().enumerate() {
        let (obs, mask, reward) = rows.table(i);
        let (s, k) = slot.start(reward_kind, obs, mask, reward)?;
        rows.seats[i] = s;
        rows.done[i] = k > 0;
        rows.settled[i] = k;
    }
    Ok(())
}

/// Steps every table once with `actions[i]`, writing its [`Rows`] (`settled`: the hand that
/// ended and any dealt over after it). One thread; the binding splits the tables over
/// threads ([`Rows::chunks`]).
pub fn step_all(
    slots: &mut [Slot],
    actions: &[usize],
    reward_kind: Reward,
    mut rows: Rows<'_>,
) -> Result<()> {
    for (i, slot) in slots.iter_mut().enumerate() {
        let (obs, mask, reward) = rows.table(i);
        let (s, d, k) = slot
            .step(actions[i], reward_kind, obs, mask, reward)
            .map_err(|e| match e {
                Error::Illegal { rule, message } => {
                    Error::illegal(rule, format!("table {i}: {message}"))
                }
                other => other,
            })?;
        rows.seats[i] = s;
        rows.done[i] = d;
        rows.settled[i] = k;
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
        let mut b = RowBuffers::new(2);
        start_all(&mut slots, Reward::Tai, b.rows()).unwrap();
        let mut finished = 0;
        while slots[1].hands() < 2 {
            let actions: Vec<usize> = (0..2)
                .map(|i| b.mask_of(i).iter().position(|&m| m).unwrap())
                .collect();
            step_all(&mut slots, &actions, Reward::Tai, b.rows()).unwrap();
            for i in 0..2 {
                if b.done[i] {
                    finished += 1;
                    let sum: f32 = b.reward_of(i).iter().sum();
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
        let first = b.mask_of(0).iter().position(|&m| m).unwrap();
        let bad = (0..ACTION_COUNT).find(|&a| !b.mask_of(1)[a]).unwrap();
        let err = step_all(&mut slots, &[first, bad], Reward::Tai, b.rows());
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
    fn tables_stepped_in_chunks_write_what_one_pass_writes() {
        // The binding splits the rows over threads (`Rows::chunks`): five tables stepped as
        // runs of two write the same rows, byte for byte, as one pass over all five.
        let v = Variant::taiwan();
        let (mut whole, mut split) = (tables(5, 11, &v).unwrap(), tables(5, 11, &v).unwrap());
        let (mut a, mut b) = (RowBuffers::new(5), RowBuffers::new(5));
        start_all(&mut whole, Reward::Money, a.rows()).unwrap();
        for (slots, rows) in split.chunks_mut(2).zip(b.rows().chunks(2)) {
            start_all(slots, Reward::Money, rows).unwrap();
        }
        assert_eq!(a, b);
        for _ in 0..300 {
            let actions: Vec<usize> = (0..5)
                .map(|i| b.mask_of(i).iter().rposition(|&m| m).unwrap())
                .collect();
            step_all(&mut whole, &actions, Reward::Money, a.rows()).unwrap();
            let runs = split.chunks_mut(2).zip(actions.chunks(2));
            for ((slots, acts), rows) in runs.zip(b.rows().chunks(2)) {
                step_all(slots, acts, Reward::Money, rows).unwrap();
            }
            assert_eq!(a, b);
        }
        assert!(split.iter().map(Slot::hands).sum::<u64>() > 0);
        assert_eq!(b.rows().chunks(2).len(), 3);
    }

    #[test]
    fn an_environment_has_a_table() {
        let e = tables(0, 0, &Variant::taiwan()).unwrap_err();
        assert_eq!(
            (e.kind(), e.code(), e.field().as_deref()),
            ("context_error", "over_limit", Some("n"))
        );
    }

    /// Seed 74541 under taiwan is over at the deal (an opening flower win); found by scanning
    /// seeds with `Game(seed).is_over`.
    const DEALT_OVER: u64 = 74541;

    fn first_legal(st: &State) -> (u8, Action) {
        let s = st.pending().trailing_zeros() as u8;
        (s, legal_actions(st, s)[0])
    }

    #[test]
    fn a_hand_over_at_the_deal_is_settled_and_the_next_dealt() {
        let v = Variant::taiwan();
        let over = State::from_seed(DEALT_OVER, &v);
        assert!(over.is_over() && over.pending() == 0);
        let net = hand_reward(&over, Reward::Tai).unwrap();
        assert!(net.iter().any(|&n| n != 0) && net.iter().sum::<i64>() == 0);
        #[allow(clippy::cast_precision_loss)]
        let paid: Vec<f32> = net.iter().map(|&n| n as f32).collect();
        let mut b = RowBuffers::new(1);

        // At the start: the table's first seed is the one over at the deal.
        let mut slots = tables(1, DEALT_OVER, &v).unwrap();
        start_all(&mut slots, Reward::Tai, b.rows()).unwrap();
        assert_eq!(b.reward, paid);
        assert_eq!(
            (&b.done[..], &b.settled[..], slots[0].hands()),
            (&[true][..], &[1][..], 1)
        );
        assert!(b.mask.iter().any(|&m| m));
        assert_eq!(
            slots[0].state().log(),
            State::from_seed(DEALT_OVER + 1, &v).log()
        );

        // After a step: the hand before it ends, and its payout and the dealt-over hand's
        // are both in the row (the one before played alone, first-legal, gives its own).
        let mut alone = State::from_seed(DEALT_OVER - 1, &v);
        while !alone.is_over() {
            let (s, a) = first_legal(&alone);
            alone.apply(s, a).unwrap();
        }
        let before = hand_reward(&alone, Reward::Tai).unwrap();
        let mut slots = tables(1, DEALT_OVER - 1, &v).unwrap();
        start_all(&mut slots, Reward::Tai, b.rows()).unwrap();
        assert_eq!((&b.done[..], &b.settled[..]), (&[false][..], &[0][..]));
        loop {
            let (_, a) = first_legal(slots[0].state());
            step_all(&mut slots, &[a.index()], Reward::Tai, b.rows()).unwrap();
            if b.done[0] {
                break;
            }
            assert_eq!(b.settled, [0]);
        }
        #[allow(clippy::cast_precision_loss)]
        let want: Vec<f32> = (0..4).map(|s| (before[s] + net[s]) as f32).collect();
        assert_eq!(b.reward, want);
        assert_eq!((&b.settled[..], slots[0].hands()), (&[2][..], 2));
        assert!(b.mask.iter().any(|&m| m));
        assert_eq!(
            slots[0].state().log(),
            State::from_seed(DEALT_OVER + 1, &v).log()
        );
    }

    /// The taiwan variant with `flower_win.play_on` (issue #30: 當場收分，照常開始打牌).
    fn play_on() -> Variant {
        Variant::taiwan()
            .with_overrides(&[("flower_win.play_on", crate::scoring::Value::Bool(true))])
            .unwrap()
    }

    /// A flower win when one is legal, else the first legal action.
    fn flower_first(st: &State) -> (u8, Action) {
        let s = st.pending().trailing_zeros() as u8;
        let legal = legal_actions(st, s);
        let a = legal
            .iter()
            .copied()
            .find(|a| matches!(a, Action::EightFlowers | Action::SevenRobOne))
            .unwrap_or(legal[0]);
        (s, a)
    }

    #[allow(clippy::cast_precision_loss)]
    fn f32s(net: [i64; 4]) -> Vec<f32> {
        net.iter().map(|&n| n as f32).collect()
    }

    /// Plays table 0 of `slots` (one table) with `policy` until its hand ends, checking that
    /// every step writes the flower 筆 paid during it (and nothing else before the end).
    /// Returns the rewards summed over the hand's steps before the last, and the last row.
    fn play_hand_out(
        slots: &mut [Slot],
        policy: fn(&State) -> (u8, Action),
        reward_kind: Reward,
    ) -> ([i64; 4], Vec<f32>, usize) {
        let mut b = RowBuffers::new(1);
        let mut sum = [0i64; 4];
        let mut paying_steps = 0;
        loop {
            let before = paid_reward(slots[0].state(), reward_kind).unwrap();
            let (_, a) = policy(slots[0].state());
            step_all(slots, &[a.index()], reward_kind, b.rows()).unwrap();
            let RowBuffers { obs, reward, .. } = &b;
            if b.done[0] {
                return (sum, reward.clone(), paying_steps);
            }
            let after = paid_reward(slots[0].state(), reward_kind).unwrap();
            let delta: [i64; 4] = std::array::from_fn(|s| after[s] - before[s]);
            // The step's row is the flower 筆 paid during it, and nothing else.
            assert_eq!(*reward, f32s(delta));
            if delta != [0; 4] {
                paying_steps += 1;
                // The observation after it shows the payment.
                assert_eq!(
                    obs[super::super::observe::TABLE + super::super::observe::T_FLOWER_PAID],
                    1
                );
            }
            for s in 0..4 {
                #[allow(clippy::cast_possible_truncation)]
                let r = reward[s] as i64;
                sum[s] += r;
            }
        }
    }

    #[test]
    fn a_flower_win_paid_on_the_spot_is_rewarded_at_its_step() {
        // flower_win.play_on (issue #30): a flower win is paid while the hand goes on. The
        // environment writes its 筆 into the reward row of the call that paid it, and the end
        // writes the rest, so the rewards over a hand add up to the hand's net.
        let v = play_on();
        // Seed 74541 (over at the deal under taiwan) pays an opening 七搶一 at the deal: the
        // start's row carries it, the hand is not over, and the observation shows it.
        let dealt = State::from_seed(DEALT_OVER, &v);
        assert!(!dealt.is_over());
        let paid = paid_reward(&dealt, Reward::Money).unwrap();
        assert!(paid.iter().any(|&n| n != 0) && paid.iter().sum::<i64>() == 0);
        let mut b = RowBuffers::new(1);
        let mut slots = tables(1, DEALT_OVER, &v).unwrap();
        start_all(&mut slots, Reward::Money, b.rows()).unwrap();
        assert_eq!(b.reward, f32s(paid));
        assert_eq!((&b.done[..], &b.settled[..]), (&[false][..], &[0][..]));
        assert_eq!(
            b.obs[super::super::observe::TABLE + super::super::observe::T_FLOWER_PAID],
            1
        );
        let (mid, last, _) = play_hand_out(&mut slots, first_legal, Reward::Money);
        // The hand played alone: its net is the deal's payment, the steps' and the end's.
        let mut alone = dealt.clone();
        while !alone.is_over() {
            let (s, a) = first_legal(&alone);
            alone.apply(s, a).unwrap();
        }
        let net = hand_reward(&alone, Reward::Money).unwrap();
        let next_deal = paid_reward(&State::from_seed(DEALT_OVER + 1, &v), Reward::Money).unwrap();
        #[allow(clippy::cast_precision_loss)]
        let rest: Vec<f32> = (0..4)
            .map(|s| (net[s] - paid[s] - mid[s] + next_deal[s]) as f32)
            .collect();
        assert_eq!(last, rest);

        // A flower win declared on a turn (a policy that takes one when it may), found among
        // the first seeds: the step that takes it is rewarded its 筆, in tai.
        let mut found = 0;
        for seed in 0..400 {
            let mut slots = tables(1, seed, &v).unwrap();
            let mut b = RowBuffers::new(1);
            start_all(&mut slots, Reward::Tai, b.rows()).unwrap();
            if b.reward.iter().any(|&r| r != 0.0) || b.done[0] {
                continue; // paid or over at the deal
            }
            let (mid, last, paying) = play_hand_out(&mut slots, flower_first, Reward::Tai);
            if paying == 0 {
                continue;
            }
            found += 1;
            let mut alone = State::from_seed(seed, &v);
            while !alone.is_over() {
                let (s, a) = flower_first(&alone);
                alone.apply(s, a).unwrap();
            }
            assert!(alone.result().unwrap().wins[0].is_flower_win());
            let net = hand_reward(&alone, Reward::Tai).unwrap();
            let next_deal = paid_reward(&State::from_seed(seed + 1, &v), Reward::Tai).unwrap();
            #[allow(clippy::cast_precision_loss)]
            let rest: Vec<f32> = (0..4)
                .map(|s| (net[s] - mid[s] + next_deal[s]) as f32)
                .collect();
            assert_eq!(last, rest, "seed {seed}");
        }
        assert!(found > 0);
    }

    #[test]
    fn a_table_count_is_bounded_before_allocating() {
        use crate::vocab::Int;
        let e = tables(MAX_TABLES + 1, 0, &Variant::taiwan()).unwrap_err();
        assert_eq!(e.field().as_deref(), Some("n"));
        assert_eq!(table_count(&Int::from(1)).unwrap(), 1);
        assert_eq!(
            table_count(&Int::from(MAX_TABLES as i128)).unwrap(),
            MAX_TABLES
        );
        for bad in [
            Int::from(-1),
            Int::from(0),
            Int::from(1 << 62),
            Int::wide("1".repeat(60)),
        ] {
            let e = table_count(&bad).unwrap_err();
            // A count over its own bound names the bound (issue 32), told from a number its
            // type cannot hold (`out_of_range`).
            assert_eq!(
                (e.kind(), e.code(), e.field().as_deref()),
                ("context_error", "over_limit", Some("n"))
            );
            assert!(e.message_zh().contains(&format!("上限 {MAX_TABLES}")));
            assert!(e.to_string().contains(&bad.to_string()));
        }
    }
}
