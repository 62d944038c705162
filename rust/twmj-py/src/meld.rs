//! `twmj.Meld`: a validated exposed or concealed set.

use pyo3::prelude::*;
use twmj_core::hand::Meld;
use twmj_py_macros::guarded;

use crate::errors::PyResult;

/// A meld: `Meld("pon", "555p")`; kinds are chi, pon, minkan, kakan, ankan.
#[pyclass(name = "Meld", module = "twmj", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyMeld(pub Meld);

#[pymethods]
impl PyMeld {
    #[new]
    #[guarded]
    fn new(kind: &str, tiles: &str) -> PyResult<Self> {
        Ok(PyMeld(Meld::parse_one(kind, tiles)?))
    }

    /// chi, pon, minkan, kakan or ankan.
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }

    /// The meld's tiles in canonical notation.
    #[getter]
    fn tiles(&self) -> String {
        self.0.code()
    }

    fn __repr__(&self) -> String {
        format!("Meld('{}', '{}')", self.kind(), self.tiles())
    }
}
