//! The one conversion point from core errors to the Python classes in `twmj.errors`: the class
//! follows the error's kind, and `code` (the fine code), `field`, `position`, `rule`, `line`,
//! `kind` (the coarse code) and `message_zh` (the Chinese message) become the
//! exception's attributes (no layer above reads them back from the message).

use std::cell::RefCell;
use std::panic::AssertUnwindSafe;

use pyo3::import_exception;
use pyo3::PyErr;
use twmj_core::error::Args;
use twmj_core::{Code, Error};

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

/// What a binding function fails with: a core error (converted at the edge, keeping its
/// attributes) or Python's own. Both convert with `?`, so a body is convert, call, convert.
pub enum Failure {
    Core(Error),
    Py(PyErr),
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Core(e)
    }
}

impl From<CoreError> for Failure {
    fn from(e: CoreError) -> Self {
        Failure::Core(e.0)
    }
}

impl From<PyErr> for Failure {
    fn from(e: PyErr) -> Self {
        Failure::Py(e)
    }
}

impl From<numpy::AsSliceError> for Failure {
    fn from(e: numpy::AsSliceError) -> Self {
        Failure::Py(e.into())
    }
}

impl From<std::convert::Infallible> for Failure {
    fn from(e: std::convert::Infallible) -> Self {
        match e {}
    }
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        match f {
            Failure::Core(e) => CoreError(e).into(),
            Failure::Py(e) => e,
        }
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
            e.kind(),
            e.message_zh(),
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
/// found while converting it, with its fine `code` (its Chinese message from `args`).
pub fn hand_error(
    field: Option<&str>,
    msg: impl Into<String>,
    code: Code,
    args: Args<'_>,
) -> Failure {
    let e = Error::hand(msg).coded(code, args);
    Failure::Core(match field {
        Some(f) => e.at(f),
        None => e,
    })
}

/// A `ContextError` at `field` (`seat`, `context.from_seat`, `dice`) with its fine `code`.
pub fn context_error(
    field: impl Into<String>,
    msg: impl Into<String>,
    code: Code,
    args: Args<'_>,
) -> Failure {
    Failure::Core(Error::context(field, msg).coded(code, args))
}

/// An `IllegalActionError` for an action that is not in the action space.
pub fn action_error(msg: impl Into<String>) -> Failure {
    Failure::Core(Error::action(msg))
}

pub type PyResult<T> = Result<T, Failure>;

thread_local! {
    /// Where and why the last panic on this thread happened, recorded by the quiet hook.
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Installed at import: a panic in this module prints nothing (a batch could print one line
/// per row) and leaves its message and place for [`guard`] to put in the `InternalError`.
/// The hook is this extension's own: every cdylib carries its own copy of std.
pub fn quiet_panics() {
    std::panic::set_hook(Box::new(|info| {
        let text = info.to_string();
        LAST_PANIC.with(|l| *l.borrow_mut() = Some(text));
    }));
}

/// Runs a binding function's body; a panic in it (a bug in twmj, never the caller's input)
/// becomes `twmj.InternalError` instead of `PyO3`'s `PanicException`, which is a
/// `BaseException` that `except Exception` and the service's handlers miss.
pub fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match std::panic::catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            // The hook ran on the panicking thread: a rayon worker's panic leaves only its
            // payload here.
            let recorded = LAST_PANIC.with(|l| l.borrow_mut().take());
            let message = recorded.unwrap_or_else(|| {
                payload
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_owned())
                    .or_else(|| payload.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".to_owned())
            });
            // Through the one conversion point: code `internal_error`, no field.
            Err(Failure::Core(Error::internal(format!(
                "internal error in twmj (please report it): {}",
                message.replace('\n', " ")
            ))))
        }
    }
}

/// Panics on purpose, under the guard, in this thread or (`in_pool`) in a rayon worker:
/// the tests' way to check that a panic reaches Python as `twmj.InternalError`, here and
/// through the service's 500 answer. Not part of the public API.
#[pyo3::pyfunction]
#[pyo3(signature = (message, in_pool=false))]
#[twmj_py_macros::guarded]
pub fn _panic(message: &str, in_pool: bool) -> PyResult<()> {
    if in_pool {
        rayon::scope(|_| panic!("{message}"));
    }
    panic!("{message}")
}
