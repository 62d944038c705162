//! `Accept`: a kind that lowers the shanten, shared by `twmj.analyze` and `twmj.waits`.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use twmj_core::Accept;

/// A kind that lowers the shanten after a discard, with its unseen copies.
#[pyclass(name = "Accept", module = "twmj", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PyAccept(pub Accept);

#[pymethods]
impl PyAccept {
    #[getter]
    fn tile(&self) -> String {
        self.0.tile.code()
    }

    #[getter]
    fn remaining(&self) -> u8 {
        self.0.remaining
    }

    fn __repr__(&self) -> String {
        format!(
            "Accept(tile='{}', remaining={})",
            self.tile(),
            self.0.remaining
        )
    }
}

/// Accepting kinds as a tuple of `Accept` objects.
pub(crate) fn accept_tuple<'py>(
    py: Python<'py>,
    accepts: &[Accept],
) -> PyResult<Bound<'py, PyTuple>> {
    let items = accepts
        .iter()
        .map(|a| Bound::new(py, PyAccept(*a)))
        .collect::<Result<Vec<_>, PyErr>>()?;
    PyTuple::new(py, items)
}
