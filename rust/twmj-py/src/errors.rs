//! The one conversion point from core errors to the Python classes in `twmj.errors`: the class
//! follows the error's code, and `code`, `field`, `position`, `rule` and `line` become the
//! exception's attributes (no layer above reads them back from the message).

use pyo3::import_exception;
use pyo3::PyErr;
use twmj_core::Error;

import_exception!(twmj.errors, TileError);
import_exception!(twmj.errors, HandError);
import_exception!(twmj.errors, VariantError);
import_exception!(twmj.errors, ContextError);
import_exception!(twmj.errors, IllegalActionError);
import_exception!(twmj.errors, RecordError);
import_exception!(twmj.errors, InternalError);

/// Local wrapper so the core error can become a `PyErr` (the orphan rule forbids a direct `From`).
pub struct CoreError(pub Error);

impl From<Error> for CoreError {
    fn from(e: Error) -> Self {
        CoreError(e)
    }
}

impl From<CoreError> for PyErr {
    fn from(e: CoreError) -> PyErr {
        let e = e.0;
        let args = (
            e.to_string(),
            e.code(),
            e.field(),
            e.position(),
            e.rule(),
            e.line(),
        );
        match e {
            Error::Tile { .. } => TileError::new_err(args),
            Error::Hand { .. } => HandError::new_err(args),
            Error::Variant { .. } => VariantError::new_err(args),
            Error::Context { .. } => ContextError::new_err(args),
            Error::Illegal { .. } | Error::Action { .. } => IllegalActionError::new_err(args),
            Error::Record { .. } => RecordError::new_err(args),
            Error::Internal { .. } => InternalError::new_err(args),
        }
    }
}

/// A `HandError` about the argument `field` (`None`: the call's one hand), for input problems
/// found while converting it.
pub fn hand_error(field: Option<&str>, msg: impl Into<String>) -> PyErr {
    CoreError(match field {
        Some(f) => Error::hand(msg).at(f),
        None => Error::hand(msg),
    })
    .into()
}

/// A `ContextError` at `field` (`seat`, `context.from_seat`, `dice`).
pub fn context_error(field: impl Into<String>, msg: impl Into<String>) -> PyErr {
    CoreError(Error::context(field, msg)).into()
}

/// An `IllegalActionError` for an action that is not in the action space.
pub fn action_error(msg: impl Into<String>) -> PyErr {
    CoreError(Error::action(msg)).into()
}

pub type PyResult<T> = Result<T, PyErr>;
