//! The evaluator from Python (issue 28): `Game.evaluate` and `review_record`, with the
//! samples spread over the Rayon pool and the GIL released.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rayon::prelude::*;
use twmj_core::game::replay::{decisions_of, Decision};
use twmj_core::game::search::{
    candidates, check_review, check_samples, sample_nets, summarise, Evaluation,
};
use twmj_core::game::{discard_facts, Action, Bot, State};
use twmj_core::notation;
use twmj_py_macros::guarded;

use crate::convert::Int;
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

/// Every decision of `seat` in `record` with a choice, evaluated: per decision `line` (of
/// the record), `hand` (the seat's concealed tiles in notation), `played`, the evaluation
/// (`best`, `estimates`, `samples`) and `discards` (on a turn: per distinct discard `tile`,
/// `shanten`, `kinds`, `copies` (accepting, or the waits when ready) and `deal_in`, the
/// fitted chance of dealing in). Decision `i` draws its samples from `seed + i`, the
/// decisions in parallel with the GIL released: the same record and seed give the same
/// answer on any number of threads.
#[pyfunction]
#[pyo3(
    signature = (record, seat, samples=Int::from(twmj_core::game::search::DEFAULT_SAMPLES as i64), seed=Int::from(0), rollout="value"),
    text_signature = "(record, seat, samples=48, seed=0, rollout='value')"
)]
#[guarded]
pub fn review_record<'py>(
    py: Python<'py>,
    record: &str,
    seat: Int,
    samples: Int,
    seed: Int,
    rollout: &str,
) -> PyResult<Bound<'py, PyList>> {
    let (samples, seed) = budget(&samples, &seed)?;
    let bot = Bot::parse_at(rollout, "rollout").map_err(CoreError)?;
    let seat = crate::game::seat_ok(&seat)?;
    let decisions: Vec<Decision> = decisions_of(record, seat).map_err(CoreError)?;
    check_review(decisions.len(), samples).map_err(CoreError)?;
    let evals: Vec<Result<Evaluation, twmj_core::Error>> = py.detach(|| {
        decisions
            .par_iter()
            .enumerate()
            .map(|(i, d)| {
                let s = seed.wrapping_add(i as u64);
                twmj_core::game::search::evaluate(&d.state, seat, &[], samples, s, bot)
            })
            .collect()
    });
    let out = PyList::empty(py);
    for (d, e) in decisions.iter().zip(evals) {
        let e = e.map_err(CoreError)?;
        let x = evaluation_dict(py, &e)?;
        x.set_item("line", d.line)?;
        let p = d.state.player(seat);
        x.set_item("hand", notation::format(&p.concealed, 0))?;
        x.set_item("played", d.action.name())?;
        let facts = PyList::empty(py);
        for f in discard_facts(&d.state, seat) {
            let r = PyDict::new(py);
            r.set_item("tile", f.tile.code())?;
            r.set_item("shanten", f.shanten)?;
            r.set_item("kinds", f.kinds)?;
            r.set_item("copies", f.copies)?;
            r.set_item("deal_in", f.deal_in)?;
            facts.append(r)?;
        }
        x.set_item("discards", facts)?;
        out.append(x)?;
    }
    Ok(out)
}
