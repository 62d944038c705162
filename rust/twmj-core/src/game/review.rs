//! The review of one seat's decisions in a record (issue 28 item 4) as every caller receives
//! it (issue #34, one shape per answer): `twmj.review` (the binding holds a [`ReviewAnswer`]
//! and its `as_dict()` is this type serialised), `twmj review`, `POST /v1/review` and the MCP
//! tool `review`. The reasons in Chinese and the summary are built here from the facts the
//! core has (the evaluator's estimates, the discards' shanten, accepting tiles, waits and
//! fitted chance of dealing in), so no layer above writes them again;
//! `tests/test_answer_shapes.py` holds the HTTP model and the stubs to these fields.
//!
//! For each decision of the seat at which it had a choice ([`decisions_of`]), the evaluator
//! ([`super::search::evaluate`]) scores every legal action; decision `i` draws from
//! [`decision_seed`]`(seed, i)`, so the same record and seed give the same review on any
//! number of threads and in every layer.

use std::cmp::Ordering;

use serde::Serialize;

use crate::error::{Error, Result};
use crate::notation;

use super::action::Action;
use super::bots::{discard_facts, Bot, DiscardFacts};
use super::replay::{decisions_of, Decision};
use super::search::{check_review, check_samples, evaluate, Estimate, Evaluation};

/// Decisions the summary lists as the costliest.
pub const COSTLIEST: usize = 3;

/// A fitted chance of dealing in at or above which a reason names it (「放槍機率約 n%」).
pub const DEAL_IN_NAMED: f64 = 0.05;

/// One action as the evaluator scored it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EstimateAnswer {
    /// The action's name (`discard 3m`, `pon`, `pass`: `twmj.ACTIONS`).
    pub action: String,
    /// Mean net tai of the seat over the samples after this action.
    pub mean: f64,
    /// Standard error of `mean`.
    pub se: f64,
    /// Mean, sample by sample, of (best action's net − this action's net); 0 for the best.
    pub loss: f64,
    /// Standard error of `loss` (paired over the samples).
    pub loss_se: f64,
}

impl From<&Estimate> for EstimateAnswer {
    fn from(e: &Estimate) -> EstimateAnswer {
        EstimateAnswer {
            action: e.action.name(),
            mean: e.mean,
            se: e.se,
            loss: e.loss,
            loss_se: e.loss_se,
        }
    }
}

/// What one distinct discard does to the seat's hand, on its turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DiscardFactsAnswer {
    /// The tile discarded (`7p`).
    pub tile: String,
    /// The shanten it leaves (0: ready).
    pub shanten: i8,
    /// Accepting kinds (the waits when ready).
    pub kinds: u32,
    /// Their unseen copies.
    pub copies: u32,
    /// The value bot's fitted chance of dealing in with this discard.
    pub deal_in: f64,
}

impl From<&DiscardFacts> for DiscardFactsAnswer {
    fn from(f: &DiscardFacts) -> DiscardFactsAnswer {
        DiscardFactsAnswer {
            tile: f.tile.code(),
            shanten: f.shanten,
            kinds: f.kinds,
            copies: f.copies,
            deal_in: f.deal_in,
        }
    }
}

/// One reviewed decision of the seat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionAnswer {
    /// Its position among the seat's reviewed decisions (0-based).
    pub index: usize,
    /// The record's line it was taken at (1-based).
    pub line: usize,
    /// The seat's concealed tiles just before it (notation).
    pub hand: String,
    /// The action the record took.
    pub played: String,
    /// The evaluator's best action.
    pub best: String,
    /// Expected net tai lost by `played` against `best`.
    pub loss: f64,
    /// Standard error of `loss`.
    pub loss_se: f64,
    /// Why, in Chinese, from the facts below (docs/review.md).
    pub reason: String,
    /// Every legal action, as evaluated.
    pub estimates: Vec<EstimateAnswer>,
    /// On a turn, per distinct discard (best first, as the analysis orders them); empty off it.
    pub discards: Vec<DiscardFactsAnswer>,
}

/// The whole review in a few figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewSummary {
    /// Decisions reviewed.
    pub decisions: usize,
    /// The sum of their losses.
    pub total_loss: f64,
    /// Its standard error (the decisions' samples are independent).
    pub total_loss_se: f64,
    /// Indices of the [`COSTLIEST`] decisions that cost most, costliest first (only those
    /// that cost anything; on equal losses the earlier first).
    pub costliest: Vec<usize>,
}

/// A review of one seat's decisions in a record (`twmj.review`, `POST /v1/review`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReviewAnswer {
    /// The seat reviewed.
    pub seat: u8,
    /// Samples drawn per decision.
    pub samples: usize,
    /// The seed asked for; decision `i` draws from `seed + i` (mod 2^64).
    pub seed: u64,
    /// Each decision at which the seat had a choice, in the record's order.
    pub decisions: Vec<DecisionAnswer>,
    pub summary: ReviewSummary,
}

/// The seed decision `i` of a review seeded `seed` draws its samples from.
pub fn decision_seed(seed: u64, i: usize) -> u64 {
    seed.wrapping_add(i as u64)
}

/// The decisions of `seat` in `record` that a review of `samples` each evaluates, checked
/// before any work: the record as the referee replays it, the seat at its table, `samples`
/// within [`super::search::MAX_SAMPLES`] and the whole within
/// [`super::search::MAX_REVIEW_SAMPLES`].
pub fn review_decisions(record: &str, seat: u8, samples: usize) -> Result<Vec<Decision>> {
    let samples = check_samples(samples)?;
    let decisions = decisions_of(record, seat)?;
    check_review(decisions.len(), samples)?;
    Ok(decisions)
}

/// Decision `i` (of [`review_decisions`]) evaluated: every legal action, on `samples` samples
/// drawn from [`decision_seed`]`(seed, i)`, played out by `bot`.
pub fn evaluate_decision(
    d: &Decision,
    i: usize,
    seat: u8,
    samples: usize,
    seed: u64,
    bot: Bot,
) -> Result<Evaluation> {
    evaluate(&d.state, seat, &[], samples, decision_seed(seed, i), bot)
}

/// The review of `seat`'s decisions in `record`, one decision after another on this thread
/// (the binding evaluates them in parallel with [`evaluate_decision`] and gives the same
/// answer through [`ReviewAnswer::of`]).
pub fn review(record: &str, seat: u8, samples: usize, seed: u64, bot: Bot) -> Result<ReviewAnswer> {
    let decisions = review_decisions(record, seat, samples)?;
    let evals = decisions
        .iter()
        .enumerate()
        .map(|(i, d)| evaluate_decision(d, i, seat, samples, seed, bot))
        .collect::<Result<Vec<_>>>()?;
    ReviewAnswer::of(seat, samples, seed, &decisions, &evals)
}

impl ReviewAnswer {
    /// The answer from the decisions and their evaluations, in the same order.
    pub fn of(
        seat: u8,
        samples: usize,
        seed: u64,
        decisions: &[Decision],
        evals: &[Evaluation],
    ) -> Result<ReviewAnswer> {
        if decisions.len() != evals.len() {
            return Err(Error::internal(format!(
                "{} decisions but {} evaluations",
                decisions.len(),
                evals.len()
            )));
        }
        let decisions = decisions
            .iter()
            .zip(evals)
            .enumerate()
            .map(|(i, (d, e))| DecisionAnswer::of(i, seat, d, e))
            .collect::<Result<Vec<_>>>()?;
        let summary = ReviewSummary::of(&decisions);
        Ok(ReviewAnswer {
            seat,
            samples,
            seed,
            decisions,
            summary,
        })
    }
}

impl ReviewSummary {
    /// The summary of `decisions`.
    pub fn of(decisions: &[DecisionAnswer]) -> ReviewSummary {
        let total_loss = decisions.iter().fold(0.0, |t, d| t + d.loss);
        let total_loss_se = decisions
            .iter()
            .fold(0.0, |t, d| t + d.loss_se * d.loss_se)
            .sqrt();
        let mut ranked: Vec<&DecisionAnswer> = decisions.iter().collect();
        ranked.sort_by(|a, b| {
            b.loss
                .partial_cmp(&a.loss)
                .unwrap_or(Ordering::Equal)
                .then(a.index.cmp(&b.index))
        });
        ReviewSummary {
            decisions: decisions.len(),
            total_loss,
            total_loss_se,
            costliest: ranked
                .iter()
                .take(COSTLIEST)
                .filter(|d| d.loss > 0.0)
                .map(|d| d.index)
                .collect(),
        }
    }
}

impl DecisionAnswer {
    /// Decision `index` (`d`, evaluated as `e`) of `seat`.
    pub fn of(index: usize, seat: u8, d: &Decision, e: &Evaluation) -> Result<DecisionAnswer> {
        let best = e
            .estimates
            .get(e.best)
            .ok_or_else(|| Error::internal("an evaluation without its best action"))?;
        let played = e.of(d.action).ok_or_else(|| {
            Error::internal(format!("{} was played but not evaluated", d.action.name()))
        })?;
        let facts = discard_facts(&d.state, seat);
        Ok(DecisionAnswer {
            index,
            line: d.line,
            hand: notation::format(&d.state.player(seat).concealed, 0),
            played: d.action.name(),
            best: best.action.name(),
            loss: played.loss,
            loss_se: played.loss_se,
            reason: reason(played, best, &facts),
            estimates: e.estimates.iter().map(EstimateAnswer::from).collect(),
            discards: facts.iter().map(DiscardFactsAnswer::from).collect(),
        })
    }
}

/// An action in Chinese, as a reason names it: a discard, 嗆聽 or kong names its tile
/// (「打三萬」); any other is its kind's name ([`Action::term`]: 吃（吃進最小張）, 碰, 過 …).
fn action_zh(a: Action) -> String {
    match a {
        Action::Discard(t) => format!("打{}", t.name()),
        Action::Declare(t) => format!("打{}嗆聽", t.name()),
        Action::Ankan(t) => format!("暗槓{}", t.name()),
        Action::Kakan(t) => format!("加槓{}", t.name()),
        other => other
            .term()
            .map_or_else(|| other.name(), |t| t.name.to_owned()),
    }
}

/// What a discard leaves: 「聽 n 種 m 張」, 「k 向聽，進張 n 種 m 張」 (「胡」 below ready), with
/// 「，放槍機率約 p%」 from [`DEAL_IN_NAMED`] up.
fn facts_zh(f: &DiscardFacts) -> String {
    let text = match f.shanten {
        0 => format!("聽 {} 種 {} 張", f.kinds, f.copies),
        s if s < 0 => "胡".to_owned(),
        s => format!("{s} 向聽，進張 {} 種 {} 張", f.kinds, f.copies),
    };
    if f.deal_in >= DEAL_IN_NAMED {
        format!("{text}，放槍機率約 {:.0}%", f.deal_in * 100.0)
    } else {
        text
    }
}

/// `words` then `facts`, a space between them when the facts start with a number, as every
/// message sets a number apart from the Chinese around it (「只 1 向聽」, never 「只1 向聽」),
/// and none when they start with Chinese (「只聽 2 種」).
fn joined(words: &str, facts: &str) -> String {
    if facts.starts_with(|c: char| c.is_ascii_digit()) {
        format!("{words} {facts}")
    } else {
        format!("{words}{facts}")
    }
}

/// The facts of the discard `a` is (a discard or a 嗆聽's), if it is one.
fn discard_of(a: Action, facts: &[DiscardFacts]) -> Option<&DiscardFacts> {
    let (Action::Discard(t) | Action::Declare(t)) = a else {
        return None;
    };
    facts.iter().find(|f| f.tile == t)
}

/// The reason of a decision (docs/review.md): the best action's facts against the played
/// one's (discards of two tiles), else their expectations (a tile discarded with or without
/// 嗆聽 leaves the same hand); then the loss, 「（差距在誤差內）」 when it
/// is under two standard errors. A best play reads 「打X：最佳（…）」.
fn reason(played: &Estimate, best: &Estimate, facts: &[DiscardFacts]) -> String {
    let p = discard_of(played.action, facts);
    if played.action == best.action {
        let head = format!("{}：最佳", action_zh(played.action));
        return match p {
            Some(p) => format!("{head}（{}）", facts_zh(p)),
            None => head,
        };
    }
    let text = match (p, discard_of(best.action, facts)) {
        // The same tile discarded, declared or not (嗆聽): the same hand, told by expectation.
        (Some(p), Some(b)) if p.tile != b.tile => format!(
            "{}：{}，{}",
            action_zh(best.action),
            facts_zh(b),
            joined(&format!("{}只", action_zh(played.action)), &facts_zh(p))
        ),
        _ => format!(
            "{} 期望 {:+.2} 台，{} 期望 {:+.2} 台",
            action_zh(best.action),
            best.mean,
            action_zh(played.action),
            played.mean
        ),
    };
    let sure = if played.loss > 2.0 * played.loss_se {
        ""
    } else {
        "（差距在誤差內）"
    };
    format!(
        "{text}；期望少 {:.2} ± {:.2} 台{sure}",
        played.loss, played.loss_se
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::ChiPos;
    use crate::tile::Tile;

    fn tile(code: &str) -> Tile {
        Tile::all().find(|t| t.code() == code).expect("a tile")
    }

    fn est(action: Action, mean: f64, loss: f64, loss_se: f64) -> Estimate {
        Estimate {
            action,
            mean,
            se: 0.5,
            loss,
            loss_se,
        }
    }

    fn facts(code: &str, shanten: i8, kinds: u32, copies: u32, deal_in: f64) -> DiscardFacts {
        DiscardFacts {
            tile: tile(code),
            shanten,
            kinds,
            copies,
            deal_in,
        }
    }

    #[test]
    fn a_discard_against_a_discard_states_both_hands() {
        // docs/review.md's example: 打七筒嗆聽 keeps the hand ready, 打一筒 leaves it one away.
        let f = [
            facts("7p", 0, 2, 8, 0.03),
            facts("1p", 1, 4, 13, 0.02),
            facts("2s", 1, 10, 33, 0.0),
        ];
        let best = est(Action::Declare(tile("7p")), 10.9, 0.0, 0.0);
        let played = est(Action::Discard(tile("1p")), 4.58, 6.333_333, 1.262_99);
        assert_eq!(
            reason(&played, &best, &f),
            "打七筒嗆聽：聽 2 種 8 張，打一筒只 1 向聽，進張 4 種 13 張；期望少 6.33 ± 1.26 台"
        );
        // A loss under two errors says so; a 放槍 chance of 5 % or more is named, rounded
        // half to even as every layer printed it (12.5 % → 12 %).
        let played = est(Action::Discard(tile("2s")), 4.58, 0.125, 0.5);
        let f = [facts("7p", 0, 2, 8, 0.125), facts("2s", 0, 1, 3, 0.049)];
        assert_eq!(
            reason(&played, &best, &f),
            "打七筒嗆聽：聽 2 種 8 張，放槍機率約 12%，打二條只聽 1 種 3 張；期望少 0.12 ± 0.50 台\
             （差距在誤差內）"
        );
    }

    #[test]
    fn a_declaration_against_the_same_discard_is_told_by_expectation() {
        // 打七筒嗆聽 and 打七筒 leave the same hand: its facts would read the same twice.
        let f = [facts("7p", 0, 2, 8, 0.03)];
        let best = est(Action::Declare(tile("7p")), 1.5, 0.0, 0.0);
        let played = est(Action::Discard(tile("7p")), 0.75, 0.75, 0.25);
        assert_eq!(
            reason(&played, &best, &f),
            "打七筒嗆聽 期望 +1.50 台，打七筒 期望 +0.75 台；期望少 0.75 ± 0.25 台"
        );
    }

    #[test]
    fn other_actions_are_compared_by_their_expectations() {
        let best = est(Action::Pon, 0.12, 0.0, 0.0);
        let played = est(Action::Pass, -0.3, 0.42, 0.1);
        assert_eq!(
            reason(&played, &best, &[]),
            "碰 期望 +0.12 台，過 期望 -0.30 台；期望少 0.42 ± 0.10 台"
        );
        let best = est(Action::Chi(ChiPos::Low), 0.12, 0.0, 0.0);
        assert_eq!(reason(&best, &best, &[]), "吃（吃進最小張）：最佳");
        let played = est(Action::Discard(tile("1z")), 1.0, 0.0, 0.0);
        assert_eq!(
            reason(&played, &played, &[facts("1z", 2, 5, 17, 0.0)]),
            "打東：最佳（2 向聽，進張 5 種 17 張）"
        );
    }

    fn decision(index: usize, loss: f64, loss_se: f64) -> DecisionAnswer {
        DecisionAnswer {
            index,
            line: index + 10,
            hand: String::new(),
            played: "pass".to_owned(),
            best: "pon".to_owned(),
            loss,
            loss_se,
            reason: String::new(),
            estimates: Vec::new(),
            discards: Vec::new(),
        }
    }

    #[test]
    fn the_summary_sums_and_ranks_the_losses() {
        // Five decisions: the three costliest that cost anything, equal losses the earlier
        // first; the total's error is the root of the summed squares (3-4-5).
        let ds = [
            decision(0, 0.0, 0.0),
            decision(1, 2.0, 3.0),
            decision(2, 0.5, 0.0),
            decision(3, 2.0, 4.0),
            decision(4, 1.0, 0.0),
        ];
        let s = ReviewSummary::of(&ds);
        assert_eq!((s.decisions, s.total_loss, s.total_loss_se), (5, 5.5, 5.0));
        assert_eq!(s.costliest, [1, 3, 4]);
        // Nothing lost: none listed; no decision: zeros.
        let s = ReviewSummary::of(&[decision(0, 0.0, 0.0)]);
        assert!(s.costliest.is_empty());
        let s = ReviewSummary::of(&[]);
        assert_eq!((s.decisions, s.total_loss, s.total_loss_se), (0, 0.0, 0.0));
        assert!(s.total_loss.is_sign_positive());
    }
}
