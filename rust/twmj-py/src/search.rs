//! The evaluator from Python (issue 28): `Game.evaluate` and `review_record` (the core's
//! review answer, held whole), with the work spread over the Rayon pool and the GIL released.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use rayon::prelude::*;
use twmj_core::game::review::{
    evaluate_decision, review_decisions, DecisionAnswer, ReviewAnswer, ReviewSummary,
};
use twmj_core::game::search::{candidates, check_samples, sample_nets, summarise, Evaluation};
use twmj_core::game::{Action, Bot, State};
use twmj_py_macros::guarded;

use crate::convert::{self, Int};
use crate::errors::{CoreError, PyResult};

/// `actions` by name or index, as the game's `apply` reads them.
fn parse_actions(actions: Option<Vec<Bound<'_, PyAny>>>) -> PyResult<Vec<Action>> {
    actions
        .unwrap_or_default()
        .iter()
        .map(crate::game::action_of)
        .collect()
}

/// The evaluation of `seat`'s decision in `state`, the samples in parallel.
pub fn evaluate_par(
    state: &State,
    seat: u8,
    actions: &[Action],
    samples: usize,
    seed: u64,
    bot: Bot,
) -> Result<Evaluation, twmj_core::Error> {
    let samples = check_samples(samples)?;
    let acts = candidates(state, seat, actions)?;
    let rows: Vec<Vec<f64>> = (0..samples)
        .into_par_iter()
        .map(|k| sample_nets(state, seat, &acts, seed, k, bot))
        .collect::<Result<_, _>>()?;
    Ok(summarise(seat, &acts, &rows))
}

/// An evaluation as a dict: `seat`, `samples`, `best` (an action name), `estimates` (one per
/// action: `action`, `mean`, `se`, `loss`, `loss_se`).
pub fn evaluation_dict<'py>(py: Python<'py>, e: &Evaluation) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("seat", e.seat)?;
    d.set_item("samples", e.samples)?;
    d.set_item("best", e.estimates[e.best].action.name())?;
    let list = PyList::empty(py);
    for x in &e.estimates {
        let r = PyDict::new(py);
        r.set_item("action", x.action.name())?;
        r.set_item("mean", x.mean)?;
        r.set_item("se", x.se)?;
        r.set_item("loss", x.loss)?;
        r.set_item("loss_se", x.loss_se)?;
        list.append(r)?;
    }
    d.set_item("estimates", list)?;
    Ok(d)
}

/// Reads `samples` and `seed` as the core bounds them.
pub fn budget(samples: &Int, seed: &Int) -> PyResult<(usize, u64)> {
    let n = samples.to::<usize>().unwrap_or(usize::MAX);
    Ok((check_samples(n).map_err(CoreError)?, seed.seed()?))
}

pub fn evaluate_game<'py>(
    py: Python<'py>,
    state: &State,
    seat: u8,
    samples: Int,
    seed: Int,
    actions: Option<Vec<Bound<'py, PyAny>>>,
    rollout: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let (samples, seed) = budget(&samples, &seed)?;
    let bot = Bot::parse_at(rollout, "rollout").map_err(CoreError)?;
    let actions = parse_actions(actions)?;
    let e = py
        .detach(|| evaluate_par(state, seat, &actions, samples, seed, bot))
        .map_err(CoreError)?;
    evaluation_dict(py, &e)
}

/// One reviewed decision of the seat: the core's [`DecisionAnswer`] (its fields and their
/// docs); the attributes read it and `as_dict()` is it as JSON-ready data.
#[pyclass(name = "DecisionReview", module = "twmj", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyDecisionReview(DecisionAnswer);

#[pymethods]
impl PyDecisionReview {
    /// Its position among the seat's reviewed decisions (0-based).
    #[getter]
    fn index(&self) -> usize {
        self.0.index
    }

    /// The record's line it was taken at (1-based).
    #[getter]
    fn line(&self) -> usize {
        self.0.line
    }

    /// The seat's concealed tiles just before it (notation).
    #[getter]
    fn hand(&self) -> &str {
        &self.0.hand
    }

    #[getter]
    fn played(&self) -> &str {
        &self.0.played
    }

    #[getter]
    fn best(&self) -> &str {
        &self.0.best
    }

    /// Expected net tai lost by `played` against `best`.
    #[getter]
    fn loss(&self) -> f64 {
        self.0.loss
    }

    #[getter]
    fn loss_se(&self) -> f64 {
        self.0.loss_se
    }

    /// Why, in Chinese, from the core's facts.
    #[getter]
    fn reason(&self) -> &str {
        &self.0.reason
    }

    /// Every action evaluated: `action`, `mean`, `se`, `loss`, `loss_se`.
    #[getter]
    #[guarded]
    fn estimates<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, &self.0.estimates)
    }

    /// On a turn, per distinct discard: `tile`, `shanten`, `kinds`, `copies`, `deal_in`.
    #[getter]
    #[guarded]
    fn discards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, &self.0.discards)
    }

    /// The decision as JSON-ready data: the core's fields.
    #[guarded]
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, &self.0)
    }

    fn __repr__(&self) -> String {
        format!(
            "DecisionReview(line={}, played='{}', best='{}', loss={})",
            self.0.line, self.0.played, self.0.best, self.0.loss
        )
    }
}

/// The review in a few figures: the core's [`ReviewSummary`].
#[pyclass(name = "ReviewSummary", module = "twmj", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyReviewSummary(ReviewSummary);

#[pymethods]
impl PyReviewSummary {
    /// Decisions reviewed.
    #[getter]
    fn decisions(&self) -> usize {
        self.0.decisions
    }

    /// The sum of their losses.
    #[getter]
    fn total_loss(&self) -> f64 {
        self.0.total_loss
    }

    /// Its standard error (the decisions' samples are independent).
    #[getter]
    fn total_loss_se(&self) -> f64 {
        self.0.total_loss_se
    }

    /// Indices of the three decisions that cost most, costliest first (those that cost).
    #[getter]
    fn costliest(&self) -> Vec<usize> {
        self.0.costliest.clone()
    }

    #[guarded]
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, &self.0)
    }

    fn __repr__(&self) -> String {
        format!(
            "ReviewSummary(decisions={}, total_loss={}, costliest={:?})",
            self.0.decisions, self.0.total_loss, self.0.costliest
        )
    }
}

/// A review of one seat's decisions (`twmj.review`): the core's [`ReviewAnswer`], held whole;
/// the attributes read it and `as_dict()` is it as JSON-ready data (what `/v1/review`, the
/// MCP tool `review` and `twmj review --json` answer).
#[pyclass(name = "Review", module = "twmj", frozen, eq)]
#[derive(PartialEq)]
pub struct PyReview(ReviewAnswer);

#[pymethods]
impl PyReview {
    #[getter]
    fn seat(&self) -> u8 {
        self.0.seat
    }

    /// Samples drawn per decision.
    #[getter]
    fn samples(&self) -> usize {
        self.0.samples
    }

    /// The seed asked for; decision `i` draws from `seed + i` (mod 2**64).
    #[getter]
    fn seed(&self) -> u64 {
        self.0.seed
    }

    /// Each decision at which the seat had a choice, in the record's order.
    #[getter]
    #[guarded]
    fn decisions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        Ok(PyTuple::new(
            py,
            self.0.decisions.iter().cloned().map(PyDecisionReview),
        )?)
    }

    #[getter]
    fn summary(&self) -> PyReviewSummary {
        PyReviewSummary(self.0.summary.clone())
    }

    /// The sum of the losses (`summary.total_loss`).
    #[getter]
    fn total_loss(&self) -> f64 {
        self.0.summary.total_loss
    }

    /// Its standard error (`summary.total_loss_se`).
    #[getter]
    fn total_loss_se(&self) -> f64 {
        self.0.summary.total_loss_se
    }

    /// The decisions `summary.costliest` names, costliest first.
    #[getter]
    #[guarded]
    fn costliest<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let d = &self.0.decisions;
        Ok(PyTuple::new(
            py,
            self.0
                .summary
                .costliest
                .iter()
                .filter_map(|&i| d.get(i).cloned().map(PyDecisionReview))
                .collect::<Vec<_>>(),
        )?)
    }

    /// The review as JSON-ready data: the core's fields (`/v1/review`'s answer).
    #[guarded]
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, &self.0)
    }

    fn __len__(&self) -> usize {
        self.0.decisions.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Review(seat={}, samples={}, seed={}, decisions={}, total_loss={})",
            self.0.seat,
            self.0.samples,
            self.0.seed,
            self.0.decisions.len(),
            self.0.summary.total_loss
        )
    }
}

/// The review of `seat`'s decisions in `record` (the core's `game::review`): every decision
/// at which the seat had a choice, evaluated, with the reasons and the summary the core
/// writes. Decision `i` draws its samples from `seed + i`, the decisions in parallel with
/// the GIL released: the same record and seed give the same answer on any number of threads.
#[pyfunction]
#[pyo3(
    signature = (record, seat, samples=Int::from(twmj_core::game::search::DEFAULT_SAMPLES as i64), seed=Int::from(0), rollout="value"),
    text_signature = "(record, seat, samples=48, seed=0, rollout='value')"
)]
#[guarded]
pub fn review_record(
    py: Python<'_>,
    record: &str,
    seat: Int,
    samples: Int,
    seed: Int,
    rollout: &str,
) -> PyResult<PyReview> {
    let (samples, seed) = budget(&samples, &seed)?;
    let bot = Bot::parse_at(rollout, "rollout").map_err(CoreError)?;
    let seat = crate::game::seat_ok(&seat)?;
    let answer = py.detach(|| -> Result<ReviewAnswer, twmj_core::Error> {
        let decisions = review_decisions(record, seat, samples)?;
        let evals = decisions
            .par_iter()
            .enumerate()
            .map(|(i, d)| evaluate_decision(d, i, seat, samples, seed, bot))
            .collect::<Result<Vec<_>, _>>()?;
        ReviewAnswer::of(seat, samples, seed, &decisions, &evals)
    });
    Ok(PyReview(answer.map_err(CoreError)?))
}
