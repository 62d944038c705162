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
use crate::tile::{Tile, KINDS};

use super::Bot;
use crate::game::action::Action;
use crate::game::deal::SEATS;
use crate::game::furiten::Furiten;
use crate::game::legality::{legal_actions, offer_options};
use crate::game::state::{Phase, SplitMix64, State};

/// Most samples one evaluation draws (a bound on the work one call may ask for).
pub const MAX_SAMPLES: usize = 4096;

/// Most samples one review draws in all, its decisions times the samples of each (a bound
/// on the work one call may ask for: a service's worker is never held longer than this many
/// rollouts' worth). The default samples review any hand of up to 85 decisions.
pub const MAX_REVIEW_SAMPLES: usize = 4096;

/// Samples an evaluation draws unless told otherwise.
pub const DEFAULT_SAMPLES: usize = 48;

/// The search bot's samples per decision.
pub const SEARCH_SAMPLES: usize = 16;

/// The search bot's most candidates on a turn (value's discard and the next lowest-shanten
/// ones in efficiency's order).
pub const SEARCH_WIDTH: usize = 4;

/// The search bot leaves value's choice only when it loses by more than this many standard
/// errors of the paired difference.
pub const SEARCH_MARGIN: f64 = 2.0;

/// The bot that plays every seat in the search bot's rollouts.
pub const SEARCH_ROLLOUT: Bot = Bot::Value;

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

/// `state` with everything `seat` cannot see drawn afresh, consistently with what it sees:
/// the other seats' concealed tiles (sizes kept), the faces of their face-down 暗槓 (a kind
/// with all four copies unseen), and the undrawn wall's order (its flowers stay in it). The
/// others' rule memory that came from their hidden tiles (過水, 過水碰) is cleared, and an
/// offer's pending answers are worked out again from their new tiles.
pub fn determinize(state: &State, seat: u8, rng: &mut SplitMix64) -> State {
    let mut st = state.clone();
    let seats = st.seats();
    let face_up = st.ankans_turned_over();
    // The pool: every piece the seat cannot see.
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
    // Faces of the hidden 暗槓 first: a kind of which all four copies are in the pool.
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
    let mut tiles: Vec<Tile> = Vec::with_capacity(144);
    for k in 0..KINDS {
        if let Some(t) = Tile::new(k) {
            for _ in 0..count[k] {
                tiles.push(t);
            }
        }
    }
    rng.shuffle(&mut tiles);
    let mut next = 0;
    for o in 0..seats {
        if o == seat {
            continue;
        }
        let p = &mut st.players[o as usize];
        let n = p.concealed_len();
        p.concealed = [0; KINDS];
        for t in &tiles[next..next + n] {
            p.concealed[t.index()] += 1;
        }
        next += n;
        p.furiten = Furiten::Clear;
        p.no_pon = 0;
    }
    let mut wall: Vec<crate::game::deal::Piece> = tiles[next..]
        .iter()
        .map(|&t| crate::game::deal::Piece::from_tile(t))
        .collect();
    wall.extend(flowers);
    rng.shuffle(&mut wall);
    let (head, tail) = (st.head, st.tail);
    st.wall[head..tail].copy_from_slice(&wall);
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

/// Plays `state` to its end with `bot` at every seat and returns `seat`'s net tai as the
/// hand settles under the variant.
pub fn rollout(mut state: State, seat: u8, bot: Bot, rng: &mut SplitMix64) -> Result<i64> {
    while !state.is_over() {
        let s = state.pending().trailing_zeros() as u8;
        if bot.play(&mut state, s, rng).is_none() {
            return Err(Error::hand(format!("seat {s} is pending with no action")));
        }
    }
    Ok(super::settled(&state)?.0[seat as usize % SEATS])
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

    /// Seat 0 on its turn with 1m 2m 3m 碰, 4m×4, 白白 1s 2s (4m just drawn) and one drawable
    /// tile: after 暗槓 of 4m it is ready on 3s alone and takes one replacement tile, its
    /// last draw. 3s has one copy unseen among the 20 tiles seat 0 cannot see, or none
    /// (`dead`: all four in the rivers, 8s unseen instead).
    fn kong_position(dead: bool) -> State {
        let more: &[usize] = if dead { &[25] } else { &[20] };
        let mut st = table(&[0, 1, 2], &[3, 3, 3, 3, 31, 31, 18, 19], &pool(more), None);
        st.phase = Phase::Turn(crate::game::state::Turn {
            seat: 0,
            drawn: Some(tile(3)),
            after_call: None,
            replacement: false,
            last_tile: false,
            rob_from: None,
        });
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

    /// A forced move (one legal action) loses nothing, and the numbers are the seed's alone.
    /// Seat 0 has declared ready (嗆聽: 1m 2m 3m 碰, 4m×3 白白 1s 2s, waiting on 3s) and draws 9s:
    /// after 嗆聽 the drawn tile is the one discard (000 嗆聽).
    #[test]
    fn a_forced_move_loses_nothing_and_a_seed_gives_the_same_numbers() {
        let mut st = table(
            &[0, 1, 2],
            &[3, 3, 3, 31, 31, 18, 19, 26],
            &pool(&[20]),
            None,
        );
        st.players[0].declared = crate::vocab::Declaration::Ready;
        st.phase = Phase::Turn(crate::game::state::Turn {
            seat: 0,
            drawn: Some(tile(26)),
            after_call: None,
            replacement: false,
            last_tile: false,
            rob_from: None,
        });
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

    /// A sample changes nothing the seat can see (its whole view, legal actions included) and
    /// keeps the table whole (every piece accounted for, every hand its size), in every preset.
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
                        let w = determinize(&st, s, &mut g);
                        // The other seats' pending answers come from their hidden tiles.
                        let (mut a, mut b) = (w.view(s), st.view(s));
                        a.pending &= 1 << s;
                        b.pending &= 1 << s;
                        assert_eq!(a, b, "{name} {seed} {step}");
                        w.check_invariants().unwrap();
                        for o in 0..st.seats() {
                            assert_eq!(w.player(o).concealed_len(), st.player(o).concealed_len());
                        }
                        assert_eq!(w.drawable(), st.drawable());
                        checked += 1;
                    }
                    Bot::Efficiency.play(&mut st, s, &mut rng);
                    step += 1;
                }
            }
        }
        assert!(checked > 100);
    }
}
