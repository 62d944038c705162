//! The one conversion point from core errors to the Python classes in `twmj.errors`.

use pyo3::import_exception;
use pyo3::PyErr;

import_exception!(twmj.errors, TileError);
import_exception!(twmj.errors, HandError);
import_exception!(twmj.errors, VariantError);
import_exception!(twmj.errors, ContextError);
import_exception!(twmj.errors, IllegalActionError);

/// Local wrapper so the core error can become a `PyErr` (the orphan rule forbids a direct `From`).
pub struct CoreError(pub twmj_core::Error);

impl From<twmj_core::Error> for CoreError {
    fn from(e: twmj_core::Error) -> Self {
        CoreError(e)
    }
}

impl From<CoreError> for PyErr {
    fn from(e: CoreError) -> PyErr {
        let msg = e.0.to_string();
        match e.0 {
            twmj_core::Error::Tile { .. } => TileError::new_err(msg),
            twmj_core::Error::Hand { .. } => HandError::new_err(msg),
            twmj_core::Error::Variant { .. } => VariantError::new_err(msg),
            twmj_core::Error::Context { .. } => ContextError::new_err(msg),
            twmj_core::Error::Illegal { .. } => IllegalActionError::new_err(msg),
        }
    }
}

/// A `HandError` with a message, for input problems found in the binding itself.
pub fn hand_error(msg: impl Into<String>) -> PyErr {
    HandError::new_err(msg.into())
}

/// A `ContextError` about one field of a scoring context, worded as the core words them.
pub fn context_error(field: &'static str, msg: impl Into<String>) -> PyErr {
    let e = twmj_core::Error::Context {
        field,
        message: msg.into(),
    };
    ContextError::new_err(e.to_string())
}

pub type PyResult<T> = Result<T, PyErr>;
