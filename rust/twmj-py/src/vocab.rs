//! `twmj._core.vocabulary()`: every term of the core with its key and Chinese name, as data.

use pyo3::prelude::*;
use twmj_core::game::report::Vocabulary;

use crate::convert;
use crate::errors::PyResult;

/// The vocabulary: `win_kinds` (with `from_seat`: one seat pays and is named; `regular`: a
/// complete hand scored by `score`), `declarations`, `shapes`, `meld_kinds`, `presets`,
/// `draw_reasons` (why a hand ended without a winner),
/// `actions` (by the first word of their names), `errors` (`code`, `class`, `doc`), `winds`,
/// `items` (the tai items, `tai.<key>`) and `limits` (the table's fixed numbers: `key`, `name`,
/// `value`, `doc`).
#[pyfunction]
pub fn vocabulary(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    convert::to_py(py, &Vocabulary::new())
}
