//! `twmj.quiz`: a practice hand (聽牌練習) from the core.

use pyo3::prelude::*;
use twmj_core::game::quiz as core_quiz;
use twmj_py_macros::guarded;

use crate::convert::Int;
use crate::errors::PyResult;
use crate::variant::{rules_of, PyVariant};

/// A practice hand as Python gets it: the concealed tiles and the melds as `(kind, tiles)`.
type QuizOut = (Vec<String>, Vec<(&'static str, String)>);

/// A ready hand of `variant` (taiwan) with `melds` open melds and between `min_waits` and
/// `max_waits` waits (no bound when `None`): `(concealed tiles, [(kind, tiles)])`; the same
/// `seed` draws it again.
#[pyfunction]
#[pyo3(
    signature = (variant=None, melds=Int::from(0), min_waits=Int::from(1), max_waits=None, seed=Int::from(0)),
    text_signature = "(variant=None, melds=0, min_waits=1, max_waits=None, seed=0)"
)]
#[guarded]
pub fn quiz(
    py: Python<'_>,
    variant: Option<PyRef<'_, PyVariant>>,
    melds: Int,
    min_waits: Int,
    max_waits: Option<Int>,
    seed: Int,
) -> PyResult<QuizOut> {
    // Counts of any size as ContextErrors naming the argument (never an OverflowError).
    let count = |n: &Int, field: &str| -> PyResult<usize> { Ok(n.count(field)? as usize) };
    let melds = count(&melds, "melds")?;
    let min_waits = count(&min_waits, "min_waits")?;
    let max_waits = max_waits.map(|m| count(&m, "max_waits")).transpose()?;
    let seed = seed.seed()?;
    let v = rules_of(variant.as_deref());
    let q = py.detach(|| {
        core_quiz::quiz(
            v,
            melds,
            min_waits,
            max_waits.unwrap_or(twmj_core::KINDS),
            seed,
        )
    })?;
    Ok((
        q.concealed.iter().map(|t| t.code()).collect(),
        q.melds
            .iter()
            .map(|m| (m.kind.name(), m.tiles().iter().map(|t| t.code()).collect()))
            .collect(),
    ))
}
