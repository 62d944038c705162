//! `twmj.analyze` and its `Analysis` / `Discard` results.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use twmj_core::answer::AnalysisAnswer;
use twmj_core::hand::Form;
use twmj_core::{Analysis, Discard};
use twmj_py_macros::guarded;

use crate::accept::accept_tuple;
use crate::convert;
use crate::errors::PyResult;
use crate::variant::{rules_of, PyVariant};
use crate::waits::wait_tuple;

/// The outlook after one discard: shanten, accepting kinds, and waits when ready.
#[pyclass(name = "Discard", module = "twmj", frozen)]
pub struct PyDiscard(Discard);

#[pymethods]
impl PyDiscard {
    /// The tile discarded.
    #[getter]
    fn tile(&self) -> String {
        self.0.tile.code()
    }

    /// Shanten after the discard.
    #[getter]
    fn shanten(&self) -> i8 {
        self.0.shanten
    }

    /// Kinds that lower the shanten, in tile order.
    #[getter]
    #[guarded]
    fn accepts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        Ok(accept_tuple(py, &self.0.accepts)?)
    }

    /// Unseen copies of all accepting kinds.
    #[getter]
    fn accepted(&self) -> u32 {
        self.0.accepted()
    }

    /// The waits when the discard leaves the hand ready, else empty.
    #[getter]
    #[guarded]
    fn waits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        Ok(wait_tuple(py, &self.0.waits)?)
    }

    fn __repr__(&self) -> String {
        format!(
            "Discard(tile='{}', shanten={}, accepted={})",
            self.tile(),
            self.0.shanten,
            self.0.accepted()
        )
    }
}

/// Discard analysis of a 17 − 3k hand, best discard first.
#[pyclass(name = "Analysis", module = "twmj", frozen)]
pub struct PyAnalysis(Analysis);

#[pymethods]
impl PyAnalysis {
    /// Shanten of the hand as held (−1 when complete).
    #[getter]
    fn shanten(&self) -> i8 {
        self.0.shanten
    }

    /// One entry per distinct discard, best first.
    #[getter]
    #[guarded]
    fn discards(&self, py: Python<'_>) -> PyResult<Vec<Py<PyDiscard>>> {
        self.0
            .discards
            .iter()
            .map(|d| Ok(Py::new(py, PyDiscard(d.clone()))?))
            .collect()
    }

    /// The answer as JSON-ready data: the core's fields (`twmj_core::answer::AnalysisAnswer`),
    /// what `twmj.data.analysis_data` returns.
    #[guarded]
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, &AnalysisAnswer::from(&self.0))
    }

    fn __repr__(&self) -> String {
        let best = self
            .0
            .discards
            .first()
            .map_or("None".to_owned(), |d| format!("'{}'", d.tile.code()));
        format!("Analysis(shanten={}, best={best})", self.0.shanten)
    }
}

/// Analyses a 17 − 3k hand: each discard's shanten, accepting tiles and waits; best first.
/// With a `variant` whose rule text admits special shapes (`improved16`: 瀝咕瀝咕, 十三么),
/// their shanten, accepting tiles and waits count too.
#[pyfunction]
#[pyo3(signature = (hand, melds=None, visible=None, variant=None))]
#[guarded]
pub fn analyze(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    visible: Option<&Bound<'_, PyAny>>,
    variant: Option<PyRef<'_, PyVariant>>,
) -> PyResult<PyAnalysis> {
    let rules = rules_of(variant.as_deref());
    let h = convert::hand(hand, melds, Form::Full, rules)?;
    let v = convert::visible(visible, rules)?;
    let a = twmj_core::analyze(&h, &v, rules);
    Ok(PyAnalysis(a.map_err(|e| e.at("hand"))?))
}
