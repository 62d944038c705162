//! The evaluator (issue 28): from one seat's view of a decision, each legal action's expected
//! net in tai, with its standard error, by determinized rollouts.
//!
//! A sample fills in what the seat cannot see consistently with what it can
//! ([`determinize`]): the other seats' concealed tiles (each keeps its size), the faces of
//! their face-down 暗槓 (000 槓: 暗槓 is face down), and the order of the undrawn wall, the
//! part kept back included (its length and the flowers still in it are as before). Every
//! action is then played out on the same samples with the same rollout randomness (common
//! random numbers), every seat played by the rollout bot, and the hand settled under the
//! variant: the seat's net tai ([`crate::game::settle::settle_hand`]). The difference between two
//! actions is estimated sample by sample, so its error is much smaller than either mean's.
//!
//! Everything depends on the seed alone: sample `k` is drawn from a generator seeded from
//! `(seed, k)`, so a run split over threads gives the same numbers.

// Nets in tai and sample counts are far below 2^52: exact as f64.
#![allow(clippy::cast_precision_loss)]

use crate::error::{Code, Error, Result};
use crate::hand::MeldKind;
use crate::shanten::shanten_counts;
use crate::tile::{Counts, Tile, KINDS};

use super::Bot;
use crate::game::action::Action;
use crate::game::deal::{Piece, SEATS};
use crate::game::furiten::Furiten;
use crate::game::legality::{legal_actions, offer_options};
use crate::game::state::{OfferKind, Phase, SplitMix64, State};

/// Most samples one evaluation draws (a bound on the work one call may ask for).
pub const MAX_SAMPLES: usize = 4096;

/// Most samples one review draws in all, its decisions times the samples of each (a bound
/// on the work one call may ask for: a service's worker is never held longer than this many
/// rollouts' worth). The default samples review any hand of up to 85 decisions.
pub const MAX_REVIEW_SAMPLES: usize = 4096;

/// Samples an evaluation draws unless told otherwise.
pub const DEFAULT_SAMPLES: usize = 48;

/// The bot that plays every seat in the search bot's rollouts.
pub const SEARCH_ROLLOUT: Bot = Bot::Value;

/// How the search bot spends its rollouts on one decision ([`SearchPlan::BOT`] is the
/// `search` bot's; `examples/search_duplicate.rs` measures others).
#[derive(Debug, Clone, Copy, PartialEq)]
#[allow(clippy::struct_excessive_bools)] // independent settings, each measured on its own
pub struct SearchPlan {
    /// Most samples of one decision.
    pub samples: usize,
    /// Samples between two looks at the candidates (the first look after this many).
    pub batch: usize,
    /// Most candidates searched, value's discard included.
    pub width: usize,
    /// A discard whose value score (the value bot's own expected net, in tai) is more than
    /// this below the best score is not searched; with no other discard within it, value's
    /// discard is taken without a rollout.
    pub screen: f64,
    /// At a look, a candidate whose paired lead over value's discard is below 0 by more than
    /// `drop` of its standard errors (or exactly 0 so far) is dropped; with none left, value's
    /// discard is taken.
    pub drop: f64,
    /// Another discard is taken only when its lead over value's is more than `margin` of
    /// its standard errors after the last sample.
    pub margin: f64,
    /// The samples read the others' hands from their play ([`determinize_read`]) rather
    /// than drawing them uniformly ([`determinize`]).
    pub read: bool,
    /// A call value makes (碰, 吃, 明槓 of a discard) is weighed against 過.
    pub calls: bool,
    /// The screen weighs discards of every shanten always (the value bot weighs a higher
    /// shanten, a fold, only once a seat has declared), by the value bot's own scores.
    pub fold: bool,
    /// When value's discard deals in with at least this chance by the value bot's fitted
    /// danger, the safest discard by it is weighed too (infinite: never).
    pub guard: f64,
    /// A candidate that raises the shanten (a fold) is played out with the seat folding to
    /// the end ([`fold_rollout`]: the safest discard each turn, no calls), not by value,
    /// which would go back to its fastest discard on the next turn.
    pub keep_folding: bool,
    /// Samples of the sampled danger ([`sampled_danger`]: on each, whether a discard lets
    /// another seat's sampled hand win, and what it pays; no rollout); 0: the fitted danger
    /// alone.
    pub danger_samples: usize,
    /// The share of the sampled danger in the danger the screen scores discards by (the rest
    /// the value bot's fitted one). When the best discard by these scores beats value's by
    /// more than value's own closeness (0.05 tai), it takes value's place as the one the
    /// others must lead.
    pub danger_mix: f64,
    /// A discard that leaves the hand ready is declared, where the variant lets the seat
    /// declare (000 嗆聽與 MIGI: 嗆聽 adds 1 台 to its own win, MIGI 8; 宣告後不能再換牌, 只能摸
    /// 什麼打什麼; 別人胡牌時不需要因為宣告過而多付): the declaration is the pick, and the
    /// plain discard is weighed against it. The value bot never declares.
    pub declare: bool,
    /// With `declare`, the most declarations with other discards weighed beside value's
    /// (each leaves the hand ready on other waits; 宣告後不能再換牌, so the wait declared is
    /// the wait kept).
    pub declare_width: usize,
}

impl SearchPlan {
    /// The second session's plan (benches/README.md, issue 28, its E): value's choice checked
    /// against the discards value's own scores put within 0.25 tai of its best. Not shown to
    /// beat value (+0.03 ± 0.12 tai a hand over 900 deals), at 0.8 core-second a deal.
    pub const CLOSE: SearchPlan = SearchPlan {
        samples: 64,
        batch: 16,
        width: 3,
        screen: 0.25,
        drop: 1.0,
        margin: 2.0,
        read: true,
        calls: false,
        fold: false,
        guard: f64::INFINITY,
        keep_folding: false,
        danger_samples: 0,
        danger_mix: 0.0,
        declare: false,
        declare_width: 0,
    };

    /// The `search` bot's plan (benches/README.md, issue 28, fourth session: measured):
    /// value's choice, its discard declared when that leaves the hand ready, the evaluator
    /// weighing the plain discard against the declaration; no other discard is searched
    /// ([`SearchPlan::CLOSE`]'s search of the close ones was not shown to help).
    pub const BOT: SearchPlan = SearchPlan {
        width: 1,
        declare: true,
        ..SearchPlan::CLOSE
    };
}

/// One action's estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    pub action: Action,
    /// Mean net tai of the seat over the samples after this action.
    pub mean: f64,
    /// Standard error of `mean`.
    pub se: f64,
    /// Mean of (best action's net − this action's net), sample by sample: the expected loss
    /// of choosing this action rather than the best; 0 for the best.
    pub loss: f64,
    /// Standard error of `loss` (paired over the samples).
    pub loss_se: f64,
}

/// An evaluation of one decision.
#[derive(Debug, Clone, PartialEq)]
pub struct Evaluation {
    pub seat: u8,
    pub samples: usize,
    /// One per action evaluated, in the order given.
    pub estimates: Vec<Estimate>,
    /// Index into `estimates` of the action with the highest mean (the first on a tie).
    pub best: usize,
}

impl Evaluation {
    /// The estimate of `action`, if it was evaluated.
    pub fn of(&self, action: Action) -> Option<&Estimate> {
        self.estimates.iter().find(|e| e.action == action)
    }
}

/// The seat's sample count as the caller gave it, checked: 1 to [`MAX_SAMPLES`].
pub fn check_samples(samples: usize) -> Result<usize> {
    if (1..=MAX_SAMPLES).contains(&samples) {
        Ok(samples)
    } else {
        Err(Error::context(
            "samples",
            format!("an evaluation draws 1 to {MAX_SAMPLES} samples, not {samples}"),
        ))
    }
}

/// A review of `decisions` decisions at `samples` each, checked against
/// [`MAX_REVIEW_SAMPLES`] before any is evaluated: over it, an `over_limit` context error
/// naming `samples`.
pub fn check_review(decisions: usize, samples: usize) -> Result<()> {
    let total = decisions.saturating_mul(samples);
    if total <= MAX_REVIEW_SAMPLES {
        return Ok(());
    }
    Err(Error::context(
        "samples",
        format!(
            "a review draws at most {MAX_REVIEW_SAMPLES} samples in all, not {decisions} \
             decisions × {samples}"
        ),
    )
    .coded(
        Code::OverLimit,
        &[
            ("what", &"復盤的模擬總數（決定數 × 每個決定的模擬數）"),
            ("min", &1),
            ("max", &MAX_REVIEW_SAMPLES),
            ("n", &total),
        ],
    ))
}

/// A generator for sample `k` of the evaluation seeded `seed`.
fn sample_rng(seed: u64, k: usize, salt: u64) -> SplitMix64 {
    let mut g = SplitMix64::new(seed ^ salt);
    let mut h = SplitMix64::new(g.next_u64() ^ (k as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    SplitMix64::new(h.next_u64())
}

/// What a seat cannot see, gathered from a copy of the state: the copy (its others' hidden
/// 暗槓 given faces drawn from the pool already), the unseen tile counts left and the flowers
/// still in the wall.
struct Unseen {
    st: State,
    count: Counts,
    flowers: Vec<Piece>,
}

/// The pool of everything `seat` cannot see, the faces of the others' face-down 暗槓 drawn
/// first (a kind with all four copies unseen; 000 槓: 暗槓 is face down).
fn unseen(state: &State, seat: u8, rng: &mut SplitMix64) -> Unseen {
    let mut st = state.clone();
    let seats = st.seats();
    let face_up = st.ankans_turned_over();
    let mut count = [0u8; KINDS];
    let mut flowers = Vec::new();
    for p in &st.wall[st.head..st.tail] {
        match p.tile() {
            Some(t) => count[t.index()] += 1,
            None => flowers.push(*p),
        }
    }
    let mut hidden_kongs: Vec<(usize, usize)> = Vec::new();
    for o in 0..seats {
        if o == seat {
            continue;
        }
        let p = &st.players[o as usize];
        for k in 0..KINDS {
            count[k] += p.concealed[k];
        }
        for (i, m) in p.melds.iter().enumerate() {
            if m.kind == MeldKind::Ankan && !face_up {
                count[m.tile.index()] += 4;
                hidden_kongs.push((o as usize, i));
            }
        }
    }
    for &(o, i) in &hidden_kongs {
        let kinds: Vec<usize> = (0..KINDS).filter(|&k| count[k] >= 4).collect();
        let k = if kinds.is_empty() {
            st.players[o].melds[i].tile.index()
        } else {
            kinds[rng.below(kinds.len())]
        };
        count[k] = count[k].saturating_sub(4);
        if let Some(t) = Tile::new(k) {
            st.players[o].melds[i].tile = t;
        }
    }
    Unseen { st, count, flowers }
}

/// The tiles of `count`, kind by kind.
fn tiles_of(count: &Counts) -> Vec<Tile> {
    let mut tiles: Vec<Tile> = Vec::with_capacity(144);
    for (k, &n) in count.iter().enumerate() {
        if let Some(t) = Tile::new(k) {
            for _ in 0..n {
                tiles.push(t);
            }
        }
    }
    tiles
}

/// The sample made whole: the others' new concealed tiles (`hands`, the seat's own entry
/// unused), the undrawn wall shuffled from `wall` and the flowers, the others' rule memory
/// from their hidden tiles (過水, 過水碰) cleared and an offer's pending answers asked again.
fn place(
    mut st: State,
    seat: u8,
    hands: &[Counts; SEATS],
    wall: &[Tile],
    flowers: Vec<Piece>,
    rng: &mut SplitMix64,
) -> State {
    let seats = st.seats();
    for o in 0..seats {
        if o == seat {
            continue;
        }
        let p = &mut st.players[o as usize];
        p.concealed = hands[o as usize];
        p.furiten = Furiten::Clear;
        p.no_pon = 0;
    }
    let mut pieces: Vec<Piece> = wall.iter().map(|&t| Piece::from_tile(t)).collect();
    pieces.extend(flowers);
    rng.shuffle(&mut pieces);
    let (head, tail) = (st.head, st.tail);
    st.wall[head..tail].copy_from_slice(&pieces);
    if let Phase::Offer(mut o) = st.phase {
        // The others' options and any answer already given came from their hidden tiles
        // (a 吃 given before the sample may need tiles the seat no longer holds): asked
        // again from their new tiles.
        for s in 0..seats {
            if s != seat && s != o.from {
                o.options[s as usize] = offer_options(&st, s, o.from, o.kind);
                o.responses[s as usize] = None;
            }
        }
        st.phase = Phase::Offer(o);
    }
    st
}

/// `state` with everything `seat` cannot see drawn afresh, consistently with what it sees:
/// the other seats' concealed tiles (sizes kept), the faces of their face-down 暗槓 (a kind
/// with all four copies unseen), and the undrawn wall's order (its flowers stay in it). The
/// others' rule memory that came from their hidden tiles (過水, 過水碰) is cleared, and an
/// offer's pending answers are worked out again from their new tiles.
pub fn determinize(state: &State, seat: u8, rng: &mut SplitMix64) -> State {
    let Unseen { st, count, flowers } = unseen(state, seat, rng);
    let mut tiles = tiles_of(&count);
    rng.shuffle(&mut tiles);
    let mut hands = [[0u8; KINDS]; SEATS];
    let mut next = 0;
    for o in 0..st.seats() {
        if o == seat {
            continue;
        }
        let n = st.players[o as usize].concealed_len();
        for t in &tiles[next..next + n] {
            hands[o as usize][t.index()] += 1;
        }
        next += n;
    }
    place(st, seat, &hands, &tiles[next..], flowers, rng)
}

/// The weight of a kind a seat discarded, against 1 for any other, when a sample draws that
/// seat's hand in [`determinize_read`]: a seat that let a kind go seldom holds more of it.
pub const READ_RIVER: f64 = 0.25;

/// Most draws a sampled hand is played forward in [`determinize_read`].
pub const READ_ROUNDS: usize = 12;

/// A kind drawn from `count`, each copy weighted by `weight` of its kind.
fn weighted_kind(count: &Counts, weight: &[f64; KINDS], rng: &mut SplitMix64) -> Option<usize> {
    let total: f64 = (0..KINDS).map(|k| f64::from(count[k]) * weight[k]).sum();
    if total <= 0.0 {
        return None;
    }
    let mut x = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * total;
    let mut last = None;
    for k in 0..KINDS {
        if count[k] == 0 {
            continue;
        }
        last = Some(k);
        x -= f64::from(count[k]) * weight[k];
        if x < 0.0 {
            return last;
        }
    }
    last
}

/// [`determinize`], with the others' hands read from their play rather than drawn
/// uniformly: a seat's tiles are drawn with the kinds it discarded weighted
/// [`READ_RIVER`], then played forward as many draws as it has discarded (at most
/// [`READ_ROUNDS`]; a declared seat until it is ready), each draw from the pool and each
/// discard the one that leaves the fewest shanten (a kind it discarded first on a tie)
/// going back to it. The table's real players have been bringing their hands nearer ready
/// since the deal; a uniform draw forgets that, and rollouts on it see no danger. The
/// weights and the play use what the seat sees alone (the rivers, the melds' sizes, the
/// declarations).
pub fn determinize_read(state: &State, seat: u8, rng: &mut SplitMix64) -> State {
    let Unseen {
        st,
        mut count,
        flowers,
    } = unseen(state, seat, rng);
    let mut hands = [[0u8; KINDS]; SEATS];
    for o in 0..st.seats() {
        if o == seat {
            continue;
        }
        let p = &st.players[o as usize];
        let n = p.concealed_len();
        let mut weight = [1.0; KINDS];
        for d in &p.discards {
            weight[d.tile.index()] = READ_RIVER;
        }
        let hand = &mut hands[o as usize];
        for _ in 0..n {
            let Some(k) = weighted_kind(&count, &weight, rng) else {
                break;
            };
            count[k] -= 1;
            hand[k] += 1;
        }
        // Shanten from counts reads 16 − 3k or 17 − 3k tiles, at most 17.
        if n % 3 != 1 || n > 16 {
            continue;
        }
        let declared = p.declared != crate::vocab::Declaration::None;
        let rounds = p.discards.len().min(READ_ROUNDS);
        let mut round = 0;
        while round < rounds || (declared && round < 3 * READ_ROUNDS) {
            if declared && round >= rounds && shanten_counts(hand) <= 0 {
                break;
            }
            round += 1;
            let Some(k) = weighted_kind(&count, &weight, rng) else {
                break;
            };
            count[k] -= 1;
            hand[k] += 1;
            let mut out = k;
            let mut key = (i8::MAX, true);
            for j in 0..KINDS {
                if hand[j] == 0 {
                    continue;
                }
                hand[j] -= 1;
                let here = (shanten_counts(hand), weight[j] >= 1.0);
                hand[j] += 1;
                if here < key {
                    key = here;
                    out = j;
                }
            }
            hand[out] -= 1;
            count[out] += 1;
        }
    }
    let tiles = tiles_of(&count);
    place(st, seat, &hands, &tiles, flowers, rng)
}

/// Plays `state` to its end with `bot` at every seat and returns `seat`'s net tai as the
/// hand settles under the variant.
pub fn rollout(state: State, seat: u8, bot: Bot, rng: &mut SplitMix64) -> Result<i64> {
    play_out(state, seat, bot, rng, false)
}

/// Plays `state` to its end, `seat` folding ([`fold_action`]) when `folding`, every other
/// seat by `bot`, and returns `seat`'s net tai as the hand settles.
fn play_out(
    mut state: State,
    seat: u8,
    bot: Bot,
    rng: &mut SplitMix64,
    folding: bool,
) -> Result<i64> {
    while !state.is_over() {
        let s = state.pending().trailing_zeros() as u8;
        let played = if folding && s == seat {
            let legal = legal_actions(&state, s);
            fold_action(&state, s, &legal).map(|a| state.apply_listed(s, a))
        } else {
            bot.play(&mut state, s, rng).map(|_| ())
        };
        if played.is_none() {
            return Err(Error::hand(format!("seat {s} is pending with no action")));
        }
    }
    Ok(super::settled(&state)?.0[seat as usize % SEATS])
}

/// The folding seat's play in [`fold_rollout`]: a win it may take, else on its turn the
/// discard least likely to deal in by the value bot's fitted danger (the lowest shanten first
/// among equals), and 過 to every offer it may pass; anything else (an exchange, an opening) as
/// value plays it.
pub fn fold_action(state: &State, seat: u8, legal: &[Action]) -> Option<Action> {
    let first = *legal.first()?;
    for a in [Action::Win, Action::EightFlowers, Action::SevenRobOne] {
        if legal.contains(&a) {
            return Some(a);
        }
    }
    match state.phase() {
        Phase::Turn(_) => {
            let me = super::Seat::new(state, seat, true);
            let danger = super::Danger::new(&me);
            let safest = me
                .analysis()
                .and_then(|a| safest_discard(&me, &a, &danger, legal));
            Some(safest.map_or_else(|| me.choose(legal, first), Action::Discard))
        }
        Phase::Offer(_) if legal.contains(&Action::Pass) => Some(Action::Pass),
        _ => Some(super::Seat::new(state, seat, true).choose(legal, first)),
    }
}

/// [`rollout`] with `seat` folding to the end ([`fold_action`]) and every other seat played
/// by `bot`.
pub fn fold_rollout(state: State, seat: u8, bot: Bot, rng: &mut SplitMix64) -> Result<i64> {
    play_out(state, seat, bot, rng, true)
}

/// The nets of every action on sample `k` of the evaluation seeded `seed`.
pub fn sample_nets(
    state: &State,
    seat: u8,
    actions: &[Action],
    seed: u64,
    k: usize,
    bot: Bot,
) -> Result<Vec<f64>> {
    let mut rng = sample_rng(seed, k, 0x5EA2_C4D0_0001);
    let world = determinize(state, seat, &mut rng);
    let play = rng.next_u64();
    actions
        .iter()
        .map(|&a| {
            let mut st = world.clone();
            st.apply(seat, a)?;
            // Common random numbers: every action's playout draws from the same stream.
            let mut r = SplitMix64::new(play);
            rollout(st, seat, bot, &mut r).map(|n| n as f64)
        })
        .collect()
}

/// The actions an evaluation of `seat` compares: `actions` checked legal for the seat now
/// (all its legal actions when empty); an error when the seat has no decision.
pub fn candidates(state: &State, seat: u8, actions: &[Action]) -> Result<Vec<Action>> {
    if state.pending() & (1 << seat) == 0 {
        return Err(Error::context(
            "seat",
            format!("seat {seat} has no decision to evaluate now"),
        ));
    }
    let legal = legal_actions(state, seat);
    if actions.is_empty() {
        return Ok(legal);
    }
    for (i, a) in actions.iter().enumerate() {
        if !legal.contains(a) {
            return Err(Error::context(
                format!("actions[{i}]"),
                format!("{a} is not legal for seat {seat} now"),
            ));
        }
    }
    Ok(actions.to_vec())
}

/// Each of `actions` (legal for `seat` now; all of them when empty) evaluated on `samples`
/// determinized samples, played out by `bot`, one sample after another on this thread (the
/// binding spreads [`sample_nets`] over its thread pool and [`summarise`]s the same way).
pub fn evaluate(
    state: &State,
    seat: u8,
    actions: &[Action],
    samples: usize,
    seed: u64,
    bot: Bot,
) -> Result<Evaluation> {
    let samples = check_samples(samples)?;
    let actions = candidates(state, seat, actions)?;
    let rows: Vec<Vec<f64>> = (0..samples)
        .map(|k| sample_nets(state, seat, &actions, seed, k, bot))
        .collect::<Result<_>>()?;
    Ok(summarise(seat, &actions, &rows))
}

/// Means, errors and paired losses from the nets (`rows[k][i]`: sample `k`, action `i`).
pub fn summarise(seat: u8, actions: &[Action], rows: &[Vec<f64>]) -> Evaluation {
    let n = rows.len();
    let mean_se = |x: &dyn Fn(&Vec<f64>) -> f64| -> (f64, f64) {
        let m = rows.iter().map(x).sum::<f64>() / n as f64;
        if n < 2 {
            return (m, 0.0);
        }
        let var = rows.iter().map(|r| (x(r) - m).powi(2)).sum::<f64>() / (n - 1) as f64;
        (m, (var / n as f64).sqrt())
    };
    let means: Vec<(f64, f64)> = (0..actions.len()).map(|i| mean_se(&|r| r[i])).collect();
    let mut best = 0;
    for (i, m) in means.iter().enumerate() {
        if m.0 > means[best].0 {
            best = i;
        }
    }
    let estimates = actions
        .iter()
        .enumerate()
        .map(|(i, &action)| {
            let (loss, loss_se) = mean_se(&|r| r[best] - r[i]);
            Estimate {
                action,
                mean: means[i].0,
                se: means[i].1,
                loss,
                loss_se,
            }
        })
        .collect();
    Evaluation {
        seat,
        samples: n,
        estimates,
        best,
    }
}

/// Sample `k`'s world and its playout stream for the evaluation seeded `seed` (the
/// determinization [`sample_nets`] uses, or [`determinize_read`] when `read`).
fn sample_world(state: &State, seat: u8, seed: u64, k: usize, read: bool) -> (State, u64) {
    let mut rng = sample_rng(seed, k, 0x5EA2_C4D0_0001);
    let world = if read {
        determinize_read(state, seat, &mut rng)
    } else {
        determinize(state, seat, &mut rng)
    };
    (world, rng.next_u64())
}

/// The discards the search bot weighs on `seat`'s turn, value's `pick` first: the ones the
/// value bot scores within `plan.screen` of its best, best first, at most `plan.width`.
/// Only `pick` (no search) off a turn, when `pick` is not a discard (a kong, a win) or when
/// no other discard is close; on an offer of a discard, with `plan.calls`, a call value
/// makes and 過. With `plan.fold` every shanten is screened; with a finite `plan.guard` the
/// safest discard follows when value's is that dangerous; with `plan.danger_samples` the
/// scores mix in the sampled danger on the worlds of `seed` ([`sampled_danger`]) and the best
/// by them replaces `pick` first when it beats it by more than 0.05 tai. With `plan.declare`,
/// when the first is a discard the seat may declare with, its declaration goes before it.
pub(super) fn search_candidates(
    plan: &SearchPlan,
    state: &State,
    seat: u8,
    legal: &[Action],
    pick: Action,
    seed: u64,
) -> Vec<Action> {
    let mut cands = screened(plan, state, seat, legal, pick, seed);
    // 000 嗆聽與 MIGI: 輪到自己打牌時，打出這一張之後手牌即聽牌 (the legality's check); the
    // declaration of the discard comes first, the plain discard then weighed against it.
    if let (true, Some(&Action::Discard(t))) = (plan.declare, cands.first()) {
        if legal.contains(&Action::Declare(t)) {
            cands.insert(0, Action::Declare(t));
            let others = legal
                .iter()
                .filter(|&&a| matches!(a, Action::Declare(u) if u != t))
                .take(plan.declare_width);
            cands.extend(others);
        }
    }
    cands
}

/// The candidates of [`search_candidates`] before a declaration: `pick`, then the discards
/// screened.
fn screened(
    plan: &SearchPlan,
    state: &State,
    seat: u8,
    legal: &[Action],
    pick: Action,
    seed: u64,
) -> Vec<Action> {
    let mut cands = vec![pick];
    if let Phase::Offer(o) = state.phase() {
        let call = matches!(pick, Action::Pon | Action::Chi(_) | Action::Minkan);
        if plan.calls
            && call
            && matches!(o.kind, OfferKind::Discard { .. })
            && legal.contains(&Action::Pass)
        {
            cands.push(Action::Pass);
        }
        return cands;
    }
    if !matches!(state.phase(), Phase::Turn(_)) || !matches!(pick, Action::Discard(_)) {
        return cands;
    }
    let me = super::Seat::new(state, seat, true);
    let Some(a) = me.analysis() else {
        return cands;
    };
    let Some(best) = a.discards.first().map(|d| d.shanten) else {
        return cands;
    };
    let legal_discard = |t: Tile| legal.contains(&Action::Discard(t));
    // The value bot's danger and scores; with `plan.fold` every shanten (value: once a seat
    // has declared).
    let danger = super::Danger::new(&me);
    let fold = plan.fold || danger.declared();
    let parts = me.value_parts(&a, best, &legal_discard, &danger, fold);
    let mut scored: Vec<(f64, Tile)> = if plan.danger_samples > 0 {
        let tiles: Vec<Tile> = parts.iter().map(|p| p.discard.tile).collect();
        let sampled = sampled_danger(state, seat, &tiles, plan.danger_samples, seed, plan.read);
        let w = plan.danger_mix;
        let scored: Vec<(f64, Tile)> = parts
            .iter()
            .zip(&sampled)
            .map(|(p, &(sh, sc))| {
                // The fitted parts carry the danger's weight; the sampled ones are the chance.
                let mixed = super::ValuePart {
                    hit: (1.0 - w) * p.hit + w * sh,
                    cost: (1.0 - w) * p.cost - w * sc,
                    ..*p
                };
                (mixed.score(), p.discard.tile)
            })
            .collect();
        // Value's discard keeps its place unless the mixed scores put another clearly ahead.
        let of = |t: Tile| scored.iter().find(|x| x.1 == t).map(|x| x.0);
        if let (Action::Discard(p), Some(top)) = (
            pick,
            scored
                .iter()
                .copied()
                .reduce(|x, y| if y.0 > x.0 { y } else { x }),
        ) {
            if of(p).is_none_or(|v| top.0 > v + 0.05) {
                cands[0] = Action::Discard(top.1);
            }
        }
        scored
    } else {
        parts.iter().map(|p| (p.score(), p.discard.tile)).collect()
    };
    if plan.guard.is_finite() {
        if let (Action::Discard(p), Some(safest)) = (pick, safest_discard(&me, &a, &danger, legal))
        {
            let hit = danger.of(&me, p).0 / super::DANGER_WEIGHT;
            if hit >= plan.guard && safest != p && plan.width > 1 {
                cands.push(Action::Discard(safest));
            }
        }
    }
    // Best first; equal scores keep the analysis' order.
    scored.sort_by(|x, y| y.0.total_cmp(&x.0));
    let Some(&(top, _)) = scored.first() else {
        return cands;
    };
    for (v, t) in scored {
        if cands.len() >= plan.width.max(1) || v < top - plan.screen {
            break;
        }
        let act = Action::Discard(t);
        if !cands.contains(&act) {
            cands.push(act);
        }
    }
    cands
}

/// The discard of `me`'s concealed tiles (legal in `legal`) least likely to deal in by the
/// value bot's fitted danger, the lowest shanten first among equals.
fn safest_discard(
    me: &super::Seat,
    a: &crate::analyze::Analysis,
    danger: &super::Danger,
    legal: &[Action],
) -> Option<Tile> {
    let mut best: Option<(f64, Tile)> = None;
    for d in &a.discards {
        if !legal.contains(&Action::Discard(d.tile)) {
            continue;
        }
        let hit = danger.of(me, d.tile).0;
        if best.is_none_or(|(h, _)| hit < h) {
            best = Some((hit, d.tile));
        }
    }
    best.map(|b| b.1)
}

/// The candidates of `cands` that raise `seat`'s shanten (folds): a discard whose shanten is
/// above the lowest the seat's discards reach.
fn folds(state: &State, seat: u8, cands: &[Action]) -> Vec<bool> {
    let me = super::Seat::new(state, seat, true);
    let Some(a) = me.analysis() else {
        return vec![false; cands.len()];
    };
    let best = a.discards.first().map_or(i8::MIN, |d| d.shanten);
    cands
        .iter()
        .map(|c| match c {
            Action::Discard(t) => a.discards.iter().any(|d| d.tile == *t && d.shanten > best),
            _ => false,
        })
        .collect()
}

/// For each of `tiles` (discards of `seat` on its turn), over `samples` worlds of the search
/// seeded `seed` ([`sample_world`]): the share of worlds where discarding it lets another
/// seat win at once, and the mean net of `seat` in those worlds' settlements (negative; 0
/// where no one wins). Each world answers the offer of the discard alone: a seat that may
/// win on it wins, every other passes; no rollout.
pub fn sampled_danger(
    state: &State,
    seat: u8,
    tiles: &[Tile],
    samples: usize,
    seed: u64,
    read: bool,
) -> Vec<(f64, f64)> {
    let mut hits = vec![(0.0, 0.0); tiles.len()];
    let n = samples.min(MAX_SAMPLES);
    for k in 0..n {
        let (world, _) = sample_world(state, seat, seed, k, read);
        for (i, &t) in tiles.iter().enumerate() {
            let mut st = world.clone();
            if st.apply(seat, Action::Discard(t)).is_err() {
                continue;
            }
            // The offer of the discard: the others answer it, a win whenever one may.
            while let Phase::Offer(_) = st.phase() {
                let s = st.pending().trailing_zeros() as u8;
                if s >= st.seats() {
                    break;
                }
                let legal = legal_actions(&st, s);
                let a = if legal.contains(&Action::Win) {
                    Action::Win
                } else if legal.contains(&Action::Pass) {
                    Action::Pass
                } else {
                    break;
                };
                st.apply_listed(s, a);
            }
            if st.is_over() {
                if let Ok((net, _)) = super::settled(&st) {
                    let v = net[seat as usize % SEATS] as f64;
                    if v < 0.0 {
                        hits[i].0 += 1.0;
                        hits[i].1 += v;
                    }
                }
            }
        }
    }
    let n = n.max(1) as f64;
    hits.into_iter().map(|(h, v)| (h / n, v / n)).collect()
}

/// Mean and standard error of `x` (0 error under two values).
fn mean_se(x: &[f64]) -> (f64, f64) {
    let n = x.len();
    if n == 0 {
        return (0.0, 0.0);
    }
    let m = x.iter().sum::<f64>() / n as f64;
    if n < 2 {
        return (m, 0.0);
    }
    let var = x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (n - 1) as f64;
    (m, (var / n as f64).sqrt())
}

/// What the search bot found on one decision ([`search_decision`]).
#[derive(Debug, Clone, PartialEq)]
pub struct SearchOutcome {
    pub action: Action,
    /// The candidates weighed, the pick first: value's action, or its declaration under
    /// `plan.declare` (one: no search).
    pub candidates: Vec<Action>,
    /// Samples drawn (0 without a search).
    pub samples: usize,
}

/// The search bot's decision for `seat` under `plan`, seeded `seed`: the first of
/// [`search_candidates`] (value's action, or its declaration) unless another leads it, on
/// the same samples played out by [`SEARCH_ROLLOUT`] bots, by more than `plan.margin`
/// standard errors of the paired difference. The samples come in batches of `plan.batch`;
/// after each, candidates that trail the first by `plan.drop` errors (or tie it on every
/// sample so far) stop being played out, and with none left the search stops. Everything
/// depends on the seed alone.
pub fn search_decision(
    plan: &SearchPlan,
    state: &State,
    seat: u8,
    legal: &[Action],
    pick: Action,
    seed: u64,
) -> SearchOutcome {
    search_among(
        plan,
        state,
        seat,
        &search_candidates(plan, state, seat, legal, pick, seed),
        seed,
    )
}

/// [`search_decision`] among `cands` (the pick first).
fn search_among(
    plan: &SearchPlan,
    state: &State,
    seat: u8,
    cands: &[Action],
    seed: u64,
) -> SearchOutcome {
    let pick = cands[0];
    let mut out = SearchOutcome {
        action: pick,
        candidates: cands.to_vec(),
        samples: 0,
    };
    if cands.len() < 2 || plan.samples == 0 {
        return out;
    }
    let fold = if plan.keep_folding {
        folds(state, seat, cands)
    } else {
        vec![false; cands.len()]
    };
    let mut alive: Vec<bool> = vec![true; cands.len()];
    alive[0] = false;
    // diffs[i][k]: candidate i's net − value's, sample k.
    let mut diffs: Vec<Vec<f64>> = vec![Vec::with_capacity(plan.samples); cands.len()];
    let batch = plan.batch.max(1);
    for k in 0..plan.samples.min(MAX_SAMPLES) {
        let (world, stream) = sample_world(state, seat, seed, k, plan.read);
        let net = |i: usize| -> Option<f64> {
            let mut st = world.clone();
            st.apply(seat, cands[i]).ok()?;
            // Common random numbers: every action's playout draws from the same stream.
            let mut r = SplitMix64::new(stream);
            let n = if fold[i] {
                fold_rollout(st, seat, SEARCH_ROLLOUT, &mut r)
            } else {
                rollout(st, seat, SEARCH_ROLLOUT, &mut r)
            };
            n.ok().map(|n| n as f64)
        };
        let Some(base) = net(0) else {
            return out;
        };
        for i in 1..cands.len() {
            if alive[i] {
                match net(i) {
                    Some(v) => diffs[i].push(v - base),
                    None => alive[i] = false,
                }
            }
        }
        out.samples = k + 1;
        if (k + 1) % batch == 0 {
            for i in 1..cands.len() {
                let (m, se) = mean_se(&diffs[i]);
                if alive[i] && m + plan.drop * se <= 0.0 {
                    alive[i] = false;
                }
            }
            if !alive.iter().any(|&a| a) {
                return out;
            }
        }
    }
    let mut lead = (0.0, pick);
    for i in (1..cands.len()).filter(|&i| alive[i]) {
        let (m, se) = mean_se(&diffs[i]);
        if m > 0.0 && m > plan.margin * se && m > lead.0 {
            lead = (m, cands[i]);
        }
    }
    out.action = lead.1;
    out
}

/// The `search` bot's pick among `legal` under `plan` (value's is `first` when it has none),
/// seeded from `rng` ([`search_decision`]).
pub fn choose(
    plan: &SearchPlan,
    state: &State,
    seat: u8,
    legal: &[Action],
    first: Action,
    rng: &mut SplitMix64,
) -> Action {
    choose_counted(plan, state, seat, legal, first, rng).0
}

/// [`choose`], with the number of candidates weighed (1: no search, no draw from `rng`).
pub fn choose_counted(
    plan: &SearchPlan,
    state: &State,
    seat: u8,
    legal: &[Action],
    first: Action,
    rng: &mut SplitMix64,
) -> (Action, usize) {
    let pick = super::Seat::new(state, seat, true).choose(legal, first);
    // The sampled danger draws its worlds before the screen (the plan's default draws
    // nothing from `rng` unless it searches).
    let early = (plan.danger_samples > 0 && matches!(state.phase(), Phase::Turn(_)))
        .then(|| rng.next_u64());
    let cands = search_candidates(plan, state, seat, legal, pick, early.unwrap_or(0));
    let n = cands.len();
    if n < 2 {
        return (cands[0], n);
    }
    let seed = early.unwrap_or_else(|| rng.next_u64());
    (search_among(plan, state, seat, &cands, seed).action, n)
}

#[cfg(test)]
#[allow(
    clippy::many_single_char_names,
    clippy::float_cmp,
    clippy::single_match_else
)] // exact answers are exact
mod tests {
    #[test]
    fn a_review_over_its_budget_is_refused_before_any_work() {
        // MAX_REVIEW_SAMPLES decisions × samples: at it, taken; one over, over_limit at samples.
        assert!(check_review(MAX_REVIEW_SAMPLES / DEFAULT_SAMPLES, DEFAULT_SAMPLES).is_ok());
        assert!(check_review(1, MAX_REVIEW_SAMPLES).is_ok());
        let e = check_review(2, MAX_REVIEW_SAMPLES / 2 + 1).unwrap_err();
        assert_eq!(
            (e.kind(), e.code(), e.field().as_deref()),
            ("context_error", "over_limit", Some("samples"))
        );
        assert!(check_review(usize::MAX, 2).is_err()); // no overflow
    }

    use super::*;
    use crate::game::state::Discarded;
    use crate::hand::Meld;
    use crate::scoring::{Variant, PRESETS};

    fn tile(i: usize) -> Tile {
        Tile::new(i).unwrap()
    }

    /// A taiwan table where no seat but 0 can ever win: seats 1, 2 and 3 hold five 碰 each
    /// (5m…9m; 1p…5p; 6p…9p and 東) and one concealed single, and every kind has at most one
    /// copy seat 0 cannot see (`pool`: the singles, then the wall, drawn from its front and
    /// replaced from its back), so no other seat can pair its single, 碰 or 槓. Seat 0 holds
    /// `pons` and `concealed`; every other copy is in the rivers, seat 3's last discard
    /// `offered` when given. The phase is left for the test to set.
    fn table(pons: &[usize], concealed: &[usize], pool: &[usize], offered: Option<usize>) -> State {
        let v = Variant::preset("taiwan").unwrap();
        let mut st = State::from_seed(1, &v);
        let mut left = [4u8; KINDS];
        let mut players: [crate::game::state::Player; SEATS] = Default::default();
        let others: [&[usize]; 3] = [
            &[4, 5, 6, 7, 8],
            &[9, 10, 11, 12, 13],
            &[14, 15, 16, 17, 27],
        ];
        for (s, ks) in std::iter::once(pons).chain(others).enumerate() {
            for &k in ks {
                players[s].melds.push(Meld {
                    kind: MeldKind::Pon,
                    tile: tile(k),
                });
                left[k] -= 3;
            }
        }
        for &k in concealed {
            players[0].concealed[k] += 1;
            left[k] -= 1;
        }
        for &k in pool {
            left[k] -= 1;
        }
        for (s, &k) in pool.iter().take(3).enumerate() {
            players[s + 1].concealed[k] += 1;
        }
        let wall: Vec<crate::game::deal::Piece> = pool[3..]
            .iter()
            .map(|&k| crate::game::deal::Piece::from_tile(tile(k)))
            .collect();
        if let Some(d) = offered {
            left[d] -= 1;
        }
        let mut river = Vec::new();
        for (k, &n) in left.iter().enumerate() {
            for _ in 0..n {
                river.push(k);
            }
        }
        let seen = |k: usize| Discarded {
            tile: tile(k),
            claimed_by: None,
            declared: false,
        };
        for (i, &k) in river.iter().enumerate() {
            players[i % 4].discards.push(seen(k));
        }
        if let Some(d) = offered {
            players[3].discards.push(seen(d));
        }
        // The flowers, shown: three, three and two (no one near 八仙過海 or 七搶一).
        players[1].flowers = 0b0000_0111;
        players[2].flowers = 0b0011_1000;
        players[3].flowers = 0b1100_0000;
        for p in &mut players {
            p.has_discarded = true;
        }
        st.players = players;
        st.wall = wall;
        st.head = 0;
        st.tail = st.wall.len();
        st.discards_total = (river.len() + usize::from(offered.is_some())) as u32;
        st.any_call = true;
        st.memo = Default::default();
        st
    }

    /// The pool of [`table`]: the other seats' 碰 kinds' fourth copies, 4s…7s, and `more`.
    fn pool(more: &[usize]) -> Vec<usize> {
        let mut p = vec![
            4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 27, 21, 22, 23, 24,
        ];
        p.extend(more);
        p
    }

    /// Seat 0's turn, `drawn` the tile it just drew (in its concealed tiles already).
    fn seat_0_drew(st: &mut State, drawn: usize) {
        st.phase = Phase::Turn(crate::game::state::Turn {
            seat: 0,
            drawn: Some(tile(drawn)),
            after_call: None,
            replacement: false,
            last_tile: false,
            rob_from: None,
        });
    }

    /// Seat 0 on its turn with 1m 2m 3m 碰, 4m×4, 白白 1s 2s (4m just drawn) and one drawable
    /// tile: after 暗槓 of 4m it is ready on 3s alone and takes one replacement tile, its
    /// last draw. 3s has one copy unseen among the 20 tiles seat 0 cannot see, or none
    /// (`dead`: all four in the rivers, 8s unseen instead).
    fn kong_position(dead: bool) -> State {
        let more: &[usize] = if dead { &[25] } else { &[20] };
        let mut st = table(&[0, 1, 2], &[3, 3, 3, 3, 31, 31, 18, 19], &pool(more), None);
        seat_0_drew(&mut st, 3);
        st
    }

    #[test]
    fn the_constructed_positions_are_what_they_say() {
        for dead in [false, true] {
            let st = kong_position(dead);
            st.check_invariants().unwrap();
            assert_eq!(st.drawable(), 1);
            assert_eq!(st.pending(), 1);
            assert!(legal_actions(&st, 0).contains(&Action::Ankan(tile(3))));
            let unseen: usize =
                (1..4).map(|s| st.player(s).concealed_len()).sum::<usize>() + st.wall_len();
            assert_eq!(unseen, 20);
        }
    }

    /// Issue 28, Done when: a ready hand whose result only its own draws decide. After the
    /// 暗槓 seat 0 draws one replacement tile: of the 20 tiles it cannot see, one is 3s, and
    /// a sample puts any of them at the back of the wall with the same chance, so the 暗槓 is
    /// worth V / 20, V the net of the 槓上開花 on 3s; any other tile leaves a last discard no
    /// one can win (流局, 0).
    #[test]
    fn a_ready_hand_decided_by_its_own_draw_is_worth_its_chance_times_its_win() {
        let st = kong_position(false);
        let kong = Action::Ankan(tile(3));
        // V: the world with 3s at the back of the wall, played out.
        let mut win = st.clone();
        let at = win.wall.iter().position(|p| p.tile() == Some(tile(20)));
        let back = win.wall.len() - 1;
        match at {
            Some(i) => win.wall.swap(i, back),
            None => {
                let s = (1..4).find(|&s| win.players[s].concealed[20] > 0).unwrap();
                let b = win.wall[back].tile().unwrap();
                win.players[s].concealed[20] -= 1;
                win.players[s].concealed[b.index()] += 1;
                win.wall[back] = crate::game::deal::Piece::from_tile(tile(20));
            }
        }
        win.apply(0, kong).unwrap();
        let v = rollout(win, 0, Bot::Efficiency, &mut SplitMix64::new(0)).unwrap() as f64;
        assert!(v > 0.0, "the 槓上開花 pays seat 0");
        let e = evaluate(&st, 0, &[kong], 2000, 7, Bot::Efficiency).unwrap();
        let k = e.of(kong).unwrap();
        // Every sample is V or 0.
        let expected = v / 20.0;
        assert!(
            (k.mean - expected).abs() <= 3.0 * k.se,
            "{} ± {} against {expected}",
            k.mean,
            k.se
        );
        let p = k.mean / v;
        let se = v * (p * (1.0 - p) / 1999.0).sqrt();
        assert!((k.se - se).abs() <= 1e-9, "{} against {se}", k.se);
    }

    /// Issue 28, Done when: a dead wait (all four copies of 3s in the rivers) is worth
    /// nothing from its own draws: no sample gives seat 0 a win and no other seat can win,
    /// so every sample is a 流局 (net 0 exactly, error 0).
    #[test]
    fn a_dead_wait_is_worth_nothing() {
        let st = kong_position(true);
        let kong = Action::Ankan(tile(3));
        let e = evaluate(&st, 0, &[kong], 300, 3, Bot::Efficiency).unwrap();
        let k = e.of(kong).unwrap();
        assert_eq!((k.mean, k.se), (0.0, 0.0));
    }

    /// Seat 0 has declared ready (嗆聽: 1m 2m 3m 碰, 4m×3 白白 1s 2s, waiting on 3s) and draws 9s:
    /// after 嗆聽 the drawn tile is the one discard (000 嗆聽).
    fn forced_move_position() -> State {
        let mut st = table(
            &[0, 1, 2],
            &[3, 3, 3, 31, 31, 18, 19, 26],
            &pool(&[20]),
            None,
        );
        st.players[0].declared = crate::vocab::Declaration::Ready;
        seat_0_drew(&mut st, 26);
        st
    }

    /// A forced move (one legal action) loses nothing, and the numbers are the seed's alone
    /// ([`forced_move_position`]).
    #[test]
    fn a_forced_move_loses_nothing_and_a_seed_gives_the_same_numbers() {
        let st = forced_move_position();
        st.check_invariants().unwrap();
        assert_eq!(legal_actions(&st, 0), vec![Action::Discard(tile(26))]);
        let e = evaluate(&st, 0, &[], 16, 1, Bot::Efficiency).unwrap();
        assert_eq!(e.estimates.len(), 1);
        assert_eq!((e.estimates[0].loss, e.estimates[0].loss_se), (0.0, 0.0));
        let v = Variant::preset("taiwan").unwrap();
        let mut st = State::from_seed(5, &v);
        let mut rng = SplitMix64::new(5);
        for _ in 0..30 {
            let s = st.pending().trailing_zeros() as u8;
            Bot::Efficiency.play(&mut st, s, &mut rng);
        }
        let s = st.pending().trailing_zeros() as u8;
        let a = evaluate(&st, s, &[], 24, 11, Bot::Efficiency).unwrap();
        let b = evaluate(&st, s, &[], 24, 11, Bot::Efficiency).unwrap();
        assert_eq!(a, b);
        // Split by sample, as the binding runs it, the same.
        let acts = candidates(&st, s, &[]).unwrap();
        let rows: Vec<Vec<f64>> = (0..24)
            .rev()
            .map(|k| sample_nets(&st, s, &acts, 11, k, Bot::Efficiency).unwrap())
            .rev()
            .collect();
        assert_eq!(summarise(s, &acts, &rows), a);
        let c = evaluate(&st, s, &[], 24, 12, Bot::Efficiency).unwrap();
        assert_ne!(a, c);
        assert_eq!(a.estimates[a.best].loss, 0.0);
        assert!(a.estimates.iter().all(|e| e.loss >= 0.0));
    }

    /// An offer another seat already answered (seat 0's 吃 in this hand, from its real
    /// tiles) is asked again from its sampled tiles: every sample plays out (the 吃 of tiles
    /// a sampled hand does not hold once broke the table).
    #[test]
    fn an_answer_given_before_the_sample_is_asked_again() {
        let v = Variant::preset("taiwan").unwrap();
        let mut st = State::from_seed(1, &v);
        let mut rng = SplitMix64::new(1);
        for _ in 0..18 {
            let s = st.pending().trailing_zeros() as u8;
            Bot::Value.play(&mut st, s, &mut rng);
        }
        let seat = st.pending().trailing_zeros() as u8;
        let Phase::Offer(o) = st.phase else {
            panic!("an offer")
        };
        assert!(o
            .responses
            .iter()
            .enumerate()
            .any(|(s, r)| s != seat as usize && r.is_some()));
        let e = evaluate(&st, seat, &[], 64, 18, Bot::Efficiency).unwrap();
        assert_eq!(e.samples, 64);
    }

    /// What `seat` cannot see, kind by kind: the others' concealed tiles and face-down 暗槓
    /// and the undrawn wall's tiles and flowers (counted apart from the state's own books).
    fn pool_of(st: &State, seat: u8) -> (Counts, usize) {
        let mut c = [0u8; KINDS];
        let mut flowers = 0;
        for p in &st.wall[st.head..st.tail] {
            match p.tile() {
                Some(t) => c[t.index()] += 1,
                None => flowers += 1,
            }
        }
        for o in (0..st.seats()).filter(|&o| o != seat) {
            let p = st.player(o);
            for k in 0..KINDS {
                c[k] += p.concealed[k];
            }
            for m in &p.melds {
                if m.kind == MeldKind::Ankan && !st.ankans_turned_over() {
                    c[m.tile.index()] += 4;
                }
            }
        }
        (c, flowers)
    }

    /// A sample (uniform or read) changes nothing the seat can see (its whole view, legal
    /// actions included) and keeps the table whole (every piece accounted for, every hand its
    /// size), in every preset.
    #[test]
    fn a_sample_keeps_what_the_seat_sees() {
        let mut checked = 0;
        for name in PRESETS {
            let v = Variant::preset(name).unwrap();
            for seed in 0..12u64 {
                let mut st = State::from_seed(seed, &v);
                let mut rng = SplitMix64::new(seed);
                let mut step = 0;
                while !st.is_over() {
                    let s = st.pending().trailing_zeros() as u8;
                    if step % 7 == 0 {
                        let mut g = SplitMix64::new(seed + step);
                        let uniform = determinize(&st, s, &mut g);
                        let read = determinize_read(&st, s, &mut g);
                        for w in [uniform, read] {
                            // The other seats' pending answers come from their hidden tiles.
                            let (mut a, mut b) = (w.view(s), st.view(s));
                            a.pending &= 1 << s;
                            b.pending &= 1 << s;
                            assert_eq!(a, b, "{name} {seed} {step}");
                            w.check_invariants().unwrap();
                            for o in 0..st.seats() {
                                assert_eq!(
                                    w.player(o).concealed_len(),
                                    st.player(o).concealed_len()
                                );
                            }
                            assert_eq!(w.drawable(), st.drawable());
                            // No tile the seat sees is ever dealt to what it cannot see: the
                            // pool (the others' concealed tiles, hidden 暗槓 and the undrawn
                            // wall) holds the same tiles, only placed anew.
                            assert_eq!(pool_of(&w, s), pool_of(&st, s), "{name} {seed} {step}");
                            checked += 1;
                        }
                    }
                    Bot::Efficiency.play(&mut st, s, &mut rng);
                    step += 1;
                }
            }
        }
        assert!(checked > 100);
    }

    /// A forced move (one legal action) is not searched: the bot takes it with no rollout
    /// and draws nothing from its generator. The position of the forced-move test above.
    #[test]
    fn the_search_bot_takes_a_forced_move_without_searching() {
        let st = forced_move_position();
        let legal = legal_actions(&st, 0);
        assert_eq!(legal, vec![Action::Discard(tile(26))]);
        let wide = SearchPlan {
            screen: f64::INFINITY,
            width: 34,
            ..SearchPlan::BOT
        };
        let mut rng = SplitMix64::new(3);
        let (a, n) = choose_counted(&wide, &st, 0, &legal, legal[0], &mut rng);
        assert_eq!((a, n), (Action::Discard(tile(26)), 1));
        assert_eq!(rng.next_u64(), SplitMix64::new(3).next_u64());
        let out = search_decision(&wide, &st, 0, &legal, legal[0], 1);
        assert_eq!((out.candidates.len(), out.samples), (1, 0));
    }

    /// Seat 0 (1m 2m 3m 碰; 白白 1s 2s 3s 7s 8s and 4m just drawn) late in a hand against three
    /// seats with five 碰 each, none declared. Discarding 4m is its one discard that stays
    /// ready (6s/9s: one copy unseen, none of 9s), so the value bot, which folds only against a
    /// declared seat, discards it. 4m has one copy seat 0 cannot see: a sample gives it to
    /// another seat's single (a 單騎 on 4m) with chance 3 in 20; so has 7s; every other kind
    /// seat 0 holds has no copy unseen, and no other seat can pair a kind seat 0 does not hold
    /// (at most one copy unseen), so 4m and 7s are the discards that can deal in. 白 has no copy unseen
    /// (two in the rivers, two held): an honour completes only a pair or a triplet, which needs
    /// a copy in the waiting hand, so no seat can win on it.
    fn fold_position() -> State {
        let mut st = table(
            &[0, 1, 2],
            &[31, 31, 18, 19, 20, 24, 25, 3],
            &pool(&[3]),
            None,
        );
        seat_0_drew(&mut st, 3);
        st
    }

    /// In [`fold_position`] the folding play ([`fold_action`]) discards 白, the one tile the
    /// fitted danger puts at 0 (an honour with no unseen copy), where value discards 4m; the
    /// bot's plan weighs value's 4m alone, while a plan with a guard (value's discard
    /// dangerous by the fitted model: the safest weighed too, a fold played out folding)
    /// weighs 白 and, on the samples, takes it.
    #[test]
    fn the_folding_plan_folds_where_value_pushes() {
        let st = fold_position();
        st.check_invariants().unwrap();
        let legal = legal_actions(&st, 0);
        let value = Bot::Value.act(&st, 0, &mut SplitMix64::new(0)).unwrap();
        assert_eq!(value, Action::Discard(tile(3)));
        assert_eq!(fold_action(&st, 0, &legal), Some(Action::Discard(tile(31))));
        // Off its turn the folding play passes an offer it may pass: none here.
        assert_eq!(
            search_candidates(&SearchPlan::CLOSE, &st, 0, &legal, value, 1),
            vec![value]
        );
        // The value bot's fitted scores still put 4m first (its win chance is fitted across
        // hands, not for a wall of one tile): screening every shanten alone weighs no fold.
        let screened = SearchPlan {
            fold: true,
            keep_folding: true,
            ..SearchPlan::CLOSE
        };
        let c = search_candidates(&screened, &st, 0, &legal, value, 1);
        assert_eq!(c[0], value);
        assert!(!c.contains(&Action::Discard(tile(31))), "{c:?}");
        // 4m deals in with a fitted chance of about 0.16 (three seats of five melds): a
        // guard below it weighs the safest discard, and the samples show the fold better.
        // Uniform samples: the chance of a 單騎 on 4m is the 3 in 20 above (read samples play
        // the others' singles forward and let go of the kinds they discarded, 4m among them).
        for plan in [
            SearchPlan {
                guard: 0.1,
                keep_folding: true,
                read: false,
                ..SearchPlan::CLOSE
            },
            SearchPlan {
                guard: 0.1,
                read: false,
                ..screened
            },
        ] {
            let c = search_candidates(&plan, &st, 0, &legal, value, 1);
            assert!(c.contains(&Action::Discard(tile(31))), "{plan:?} {c:?}");
            // 白 breaks seat 0's pair: one from ready, a fold; 4m keeps it ready.
            let fold: Vec<bool> = c.iter().map(|&a| a == Action::Discard(tile(31))).collect();
            assert_eq!(folds(&st, 0, &c), fold);
            let out = search_decision(&plan, &st, 0, &legal, value, 1);
            assert_eq!(out.action, Action::Discard(tile(31)), "{plan:?} {out:?}");
        }
    }

    /// A fold played out folding never deals in where only one kind can: in
    /// [`fold_position`], after 白 the seat holds 4m to the end of every sample, so no
    /// sample's net is below 0, while value's 4m loses in some.
    #[test]
    fn a_fold_played_out_folding_keeps_the_dangerous_tile() {
        let st = fold_position();
        let (mut lost, mut fold_lost) = (0, 0);
        for k in 0..200 {
            let (world, stream) = sample_world(&st, 0, 5, k, false);
            let mut push = world.clone();
            push.apply(0, Action::Discard(tile(3))).unwrap();
            let mut fold = world.clone();
            fold.apply(0, Action::Discard(tile(31))).unwrap();
            let p = rollout(push, 0, Bot::Value, &mut SplitMix64::new(stream)).unwrap();
            let f = fold_rollout(fold, 0, Bot::Value, &mut SplitMix64::new(stream)).unwrap();
            lost += usize::from(p < 0);
            fold_lost += usize::from(f < 0);
        }
        assert_eq!(fold_lost, 0);
        // 3 in 20 of the samples put 4m in another seat's hand: about 30 of 200.
        assert!((10..=60).contains(&lost), "{lost}");
    }

    /// The sampled danger of every discard in [`fold_position`]: only 4m and 7s can deal in
    /// (a kind with one copy seat 0 cannot see besides the one it holds; no other seat can
    /// pair any other kind), and a uniform sample gives that copy to another seat's single
    /// with chance 3 in 20; dealing in costs seat 0 at least the 底 (3 tai), so its mean net
    /// there is below −3 × the share.
    #[test]
    fn the_sampled_danger_is_the_chance_a_sampled_hand_wins_on_the_discard() {
        let st = fold_position();
        let me = super::super::Seat::new(&st, 0, true);
        let tiles: Vec<Tile> = me
            .analysis()
            .unwrap()
            .discards
            .iter()
            .map(|d| d.tile)
            .collect();
        assert_eq!(tiles.len(), 7);
        let n = 400;
        let d = sampled_danger(&st, 0, &tiles, n, 9, false);
        for (t, &(share, net)) in tiles.iter().zip(&d) {
            if *t == tile(3) || *t == tile(24) {
                // 3/20 of 400 = 60, sd √(400 · 0.15 · 0.85) ≈ 7.1: within 4 sd.
                assert!((share * 400.0 - 60.0).abs() <= 29.0, "{share}");
                assert!(net <= -3.0 * share, "{net} {share}");
            } else {
                assert_eq!((share, net), (0.0, 0.0), "{t:?}");
            }
        }
        // The same seed, the same numbers.
        assert_eq!(d, sampled_danger(&st, 0, &tiles, n, 9, false));
    }

    /// Every decision of 6 value-played hands, from the search bot's side: what it weighs
    /// (value's choice first; several only on a turn with a discard value picked, or an
    /// offer value calls when calls are weighed, then 過 alone beside it; at most `width`;
    /// every one legal) and what it takes (value's choice without a search, one of the
    /// candidates after one, the same for the same seed).
    #[test]
    fn the_search_bot_weighs_only_close_legal_choices_and_is_its_seeds() {
        let plan = SearchPlan {
            samples: 8,
            batch: 4,
            calls: true,
            ..SearchPlan::CLOSE
        };
        let (mut searched, mut calls, mut decisions) = (0, 0, 0);
        each_value_decision("taiwan", 6, |st, s, legal, pick, seed, _| {
            let sure = [Action::Win, Action::EightFlowers, Action::SevenRobOne];
            if sure.iter().any(|a| legal.contains(a)) {
                return;
            }
            decisions += 1;
            let c = search_candidates(&plan, st, s, legal, pick, seed);
            assert_eq!(c[0], pick);
            assert!(c.len() <= plan.width && c.iter().all(|a| legal.contains(a)));
            if c.len() > 1 {
                match st.phase() {
                    Phase::Turn(_) => {
                        assert!(c.iter().all(|a| matches!(a, Action::Discard(_))));
                    }
                    _ => {
                        assert!(matches!(
                            pick,
                            Action::Pon | Action::Chi(_) | Action::Minkan
                        ));
                        assert_eq!(c[1..], [Action::Pass]);
                        calls += 1;
                    }
                }
                let out = search_decision(&plan, st, s, legal, pick, seed);
                assert!(out.candidates == c && c.contains(&out.action));
                assert!(out.samples >= 1 && out.samples <= plan.samples);
                assert_eq!(out, search_decision(&plan, st, s, legal, pick, seed));
                searched += 1;
            } else {
                assert_eq!(
                    choose(&plan, st, s, legal, legal[0], &mut SplitMix64::new(1)),
                    pick
                );
            }
            // Without calls weighed, an offer is value's answer, unsearched.
            let unsearched = search_candidates(&SearchPlan::CLOSE, st, s, legal, pick, seed);
            if !matches!(st.phase(), Phase::Turn(_)) {
                assert_eq!(unsearched, vec![pick]);
            }
        });
        assert!(
            searched > 20 && calls > 0 && searched < decisions,
            "{searched} {calls} {decisions}"
        );
    }

    /// Calls `at` at every decision of `hands` value-played hands of `preset` (seeds 0, 1, …)
    /// with the state, the seat, its legal actions, value's pick, the hand's seed and the
    /// decision's index in the hand.
    fn each_value_decision(
        preset: &str,
        hands: u64,
        mut at: impl FnMut(&State, u8, &[Action], Action, u64, u64),
    ) {
        let v = Variant::preset(preset).unwrap();
        for seed in 0..hands {
            let mut st = State::from_seed(seed, &v);
            let mut rng = SplitMix64::new(seed);
            let mut step = 0;
            while !st.is_over() {
                let s = st.pending().trailing_zeros() as u8;
                let legal = legal_actions(&st, s);
                let pick = Bot::Value.act(&st, s, &mut SplitMix64::new(0)).unwrap();
                at(&st, s, &legal, pick, seed, step);
                Bot::Value.play(&mut st, s, &mut rng);
                step += 1;
            }
        }
    }

    /// 000 嗆聽與 MIGI: a seat may declare ready with the discard after which its hand is
    /// ready (嗆聽 1 台, MIGI 8 台 within the table's first 8 discards and before any call or
    /// kong); 001 has no 嗆聽, only its 地聽 in that same early window. Over every turn of value
    /// hands of taiwan and of traditional, the bot's plan weighs the declaration of value's
    /// discard, first, then the plain discard, exactly when the rule lets the seat declare
    /// with it: the seat not declared yet and its concealed tiles ready without the tile
    /// (shanten 0 by the counts), and under 001 only in that window; with `declare_width`,
    /// then the declarations with the other discards that leave it ready. Its decision is one
    /// of the two, the same for the same seed.
    #[test]
    fn the_search_bot_declares_a_discard_that_leaves_it_ready() {
        let (mut declared, mut searched) = ([0u32; 2], 0);
        let wide = SearchPlan {
            declare_width: KINDS,
            ..SearchPlan::BOT
        };
        for (p, preset) in ["taiwan", "traditional"].into_iter().enumerate() {
            each_value_decision(preset, 12, |st, s, legal, pick, seed, _| {
                let c = search_candidates(&SearchPlan::BOT, st, s, legal, pick, seed);
                let me = st.player(s);
                // Discarding `k` leaves the concealed tiles ready.
                let ready = |k: usize| {
                    let mut after = me.concealed;
                    after[k] -= 1;
                    shanten_counts(&after) == 0
                };
                let t = match (st.phase(), pick) {
                    (Phase::Turn(_), Action::Discard(t))
                        if ready(t.index())
                            && me.declared == crate::vocab::Declaration::None
                            && (preset == "taiwan" || st.discards_total < 8 && !st.any_call) =>
                    {
                        t
                    }
                    _ => {
                        assert_eq!(c, vec![pick], "{preset} {seed}");
                        return;
                    }
                };
                assert_eq!(c, vec![Action::Declare(t), pick], "{preset} {seed}");
                declared[p] += 1;
                // With `declare_width`, the declarations with every other discard that leaves
                // the hand ready follow, in tile order.
                let others: Vec<Action> = (0..KINDS)
                    .filter(|&k| k != t.index() && me.concealed[k] > 0 && ready(k))
                    .map(|k| Action::Declare(tile(k)))
                    .collect();
                let c = search_candidates(&wide, st, s, legal, pick, seed);
                assert_eq!(c[..2], [Action::Declare(t), pick]);
                assert_eq!(c[2..], others[..], "{preset} {seed}");
                if searched < 6 {
                    let out = search_decision(&SearchPlan::BOT, st, s, legal, pick, seed);
                    assert!([Action::Declare(t), pick].contains(&out.action) && out.samples >= 1);
                    assert_eq!(
                        out,
                        search_decision(&SearchPlan::BOT, st, s, legal, pick, seed)
                    );
                    searched += 1;
                }
            });
        }
        // Value never declares, so a ready seat is asked again on each of its turns.
        assert!(declared[0] > 20, "{declared:?}");
        assert_eq!(searched, 6);
    }

    /// The read samples model the others' play: late in a hand their sampled hands are
    /// nearer ready than uniform samples' (the real players have been improving them since
    /// the deal), and a seat holds the kinds it discarded less often. Over the turns after
    /// the 24th action of 20 value-played hands, both kinds of sample from the same states.
    #[test]
    fn read_samples_are_nearer_ready_and_hold_fewer_discarded_kinds() {
        let (mut sh, mut held, mut n) = ([0i64; 2], [0u64; 2], 0);
        each_value_decision("taiwan", 20, |st, s, _, _, seed, step| {
            if step < 24 || !matches!(st.phase(), Phase::Turn(_)) {
                return;
            }
            let mut g = SplitMix64::new(seed * 1000 + step);
            let worlds = [determinize(st, s, &mut g), determinize_read(st, s, &mut g)];
            for (i, w) in worlds.iter().enumerate() {
                for o in (0..4u8).filter(|&o| o != s) {
                    let p = w.player(o);
                    if p.concealed_len() % 3 == 1 {
                        sh[i] += i64::from(shanten_counts(&p.concealed));
                    }
                    for d in &st.player(o).discards {
                        held[i] += u64::from(p.concealed[d.tile.index()]);
                    }
                }
            }
            n += 1;
        });
        assert!(n > 100, "{n}");
        assert!(sh[1] < sh[0], "shanten: uniform {} read {}", sh[0], sh[1]);
        assert!(
            held[1] < held[0],
            "held: uniform {} read {}",
            held[0],
            held[1]
        );
    }
}
