//! `twmj.waits`, `twmj.wait_mask`, and the `Wait` / `Waits` results.

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use twmj_core::hand::Form;
use twmj_core::waits as core_waits;
use twmj_core::waits::{Shape, Wait};
use twmj_core::{Accept, WaitReport};
use twmj_py_macros::guarded;

use crate::accept::accept_tuple;

use crate::convert;
use crate::errors::PyResult;
use crate::variant::{rules_of, PyVariant};

/// One wait: the tile, its shapes (ryanmen, kanchan, penchan, tanki, shanpon) and the copies left.
#[pyclass(name = "Wait", module = "twmj", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PyWait(pub Wait);

#[pymethods]
impl PyWait {
    /// The waited tile (`3m`).
    #[getter]
    fn tile(&self) -> String {
        self.0.tile.code()
    }

    /// Its Chinese name (`三萬`).
    #[getter]
    fn name(&self) -> String {
        self.0.tile.name()
    }

    /// Shapes the tile takes over all decompositions, in the order ryanmen, kanchan, penchan,
    /// tanki, shanpon.
    #[getter]
    fn shapes(&self) -> Vec<&'static str> {
        self.0.shapes.iter().map(Shape::key).collect()
    }

    /// Copies not in the hand, the melds or the visible tiles.
    #[getter]
    fn remaining(&self) -> u8 {
        self.0.remaining
    }

    fn __repr__(&self) -> String {
        format!(
            "Wait(tile='{}', shapes={}, remaining={})",
            self.tile(),
            py_list(&self.shapes()),
            self.0.remaining
        )
    }
}

/// A list of strings the way Python's `repr` shows it: `['1m', '3m']`.
fn py_list<S: AsRef<str>>(items: &[S]) -> String {
    let inner: Vec<String> = items.iter().map(|s| format!("'{}'", s.as_ref())).collect();
    format!("[{}]", inner.join(", "))
}

/// Waits as a tuple of `Wait` objects.
pub(crate) fn wait_tuple<'py>(
    py: Python<'py>,
    waits: &[Wait],
) -> Result<Bound<'py, PyTuple>, PyErr> {
    let items = waits
        .iter()
        .map(|w| Bound::new(py, PyWait(*w)))
        .collect::<Result<Vec<_>, PyErr>>()?;
    PyTuple::new(py, items)
}

/// A not-ready hand as `Waits.accepts` needs it: the hand, the visible tiles, the variant
/// (the caller's object, shared: no copy of its rules per answer).
type Pending = (twmj_core::Hand, twmj_core::Counts, Option<Py<PyVariant>>);

/// The answer to "what are my waits": shanten, whether ready, and the waits.
#[pyclass(name = "Waits", module = "twmj", frozen)]
pub struct PyWaits {
    report: WaitReport,
    /// For a hand that is not ready, what `accepts` needs; computed on first read (most
    /// callers only ask for the waits, and the accepts cost more than the waits).
    pending: Option<Pending>,
    accepts: OnceLock<Vec<Accept>>,
}

#[pymethods]
impl PyWaits {
    /// 0 when ready, else the tiles still to exchange.
    #[getter]
    fn shanten(&self) -> i8 {
        self.report.shanten
    }

    /// True when the hand has at least one wait.
    #[getter]
    fn tenpai(&self) -> bool {
        self.report.ready()
    }

    /// The waits in tile order.
    #[getter]
    #[guarded]
    fn waits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        Ok(wait_tuple(py, &self.report.waits)?)
    }

    /// Kinds whose draw lowers the shanten (進張), with unseen copies; the waits when ready.
    #[getter]
    #[guarded]
    fn accepts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let accepts = if let Some(a) = self.accepts.get() {
            a
        } else {
            // A hand kept for later is not ready; a ready one's accepts are its waits.
            let computed = match &self.pending {
                Some((h, v, var)) => {
                    let rules = var.as_ref().map_or(&*twmj_core::TAIWAN, |var| &var.get().0);
                    twmj_core::accepts(h, v, rules)?
                }
                None => self.report.ready_accepts().unwrap_or_default(),
            };
            self.accepts.get_or_init(|| computed)
        };
        Ok(accept_tuple(py, accepts)?)
    }

    /// The waited tiles in order.
    #[getter]
    fn tiles(&self) -> Vec<String> {
        self.report.waits.iter().map(|w| w.tile.code()).collect()
    }

    fn __len__(&self) -> usize {
        self.report.waits.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Waits(shanten={}, tiles={})",
            self.report.shanten,
            py_list(&self.tiles())
        )
    }
}

/// Waits of a 16 − 3k hand with shapes and copies left; `visible` are other tiles in view.
/// With a `variant` whose rule text admits special shapes (`improved16`: 瀝咕瀝咕, 十三么),
/// their waits are added; without one (or under taiwan) only five sets and a pair count.
#[pyfunction]
#[pyo3(signature = (hand, melds=None, visible=None, variant=None))]
#[guarded]
pub fn waits(
    hand: &Bound<'_, PyAny>,
    melds: Option<&Bound<'_, PyAny>>,
    visible: Option<&Bound<'_, PyAny>>,
    variant: Option<PyRef<'_, PyVariant>>,
) -> PyResult<PyWaits> {
    let rules = rules_of(variant.as_deref());
    let h = convert::hand(hand, melds, Form::Waiting, rules)?;
    let v = convert::visible(visible)?;
    let r = twmj_core::wait_report(&h, &v, rules).map_err(|e| e.at("hand"))?;
    // Not ready: the draws that bring it closer are worked out when read.
    let pending = (!r.ready()).then(|| (h, v, variant.map(Into::into)));
    Ok(PyWaits {
        report: r,
        pending,
        accepts: OnceLock::new(),
    })
}

/// The waits of a 16 − 3k hand as a bitmask (bit i = tile kind i), without shapes.
#[pyfunction]
#[pyo3(signature = (hand, melds=None))]
#[guarded]
pub fn wait_mask(hand: &Bound<'_, PyAny>, melds: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let h = convert::hand(hand, melds, Form::Waiting, &twmj_core::TAIWAN)?;
    Ok(core_waits::hand_wait_mask(&h))
}
