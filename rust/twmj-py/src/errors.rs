//! The one conversion point from core errors to the Python classes in `twmj.errors`.

use std::cell::RefCell;
use std::panic::AssertUnwindSafe;

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

import_exception!(twmj.errors, InternalError);

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
            Err(InternalError::new_err(format!(
                "internal error in twmj (please report it): {}",
                message.replace('\n', " ")
            )))
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
