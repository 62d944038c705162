//! `twmj.waits`, `twmj.wait_mask`, and the `Wait` / `Waits` results.

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use twmj_core::answer::WaitsAnswer;
use twmj_core::hand::Form;
use twmj_core::waits as core_waits;
use twmj_core::waits::{Wait, WaitList};
use twmj_core::{Variant, WaitReport};
use twmj_py_macros::guarded;

use crate::accept::accept_tuple;

use crate::convert::{self, DefaultInput};
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
    /// tanki, shanpon, then the special shape it completes under a variant that admits one
    /// (`lig_gu`, `thirteen_orphans`, …): a special shape's wait is named by its own shape.
    #[getter]
    fn shapes(&self) -> Vec<&'static str> {
        self.0.shape_keys().collect()
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
    waits: &WaitList,
) -> Result<Bound<'py, PyTuple>, PyErr> {
    let items = waits
        .iter()
        .map(|w| Bound::new(py, PyWait(w)))
        .collect::<Result<Vec<_>, PyErr>>()?;
    PyTuple::new(py, items)
}

/// The answer to "what are my waits": shanten, whether ready, and the waits.
#[pyclass(name = "Waits", module = "twmj", frozen)]
pub struct PyWaits {
    /// The core's report: the waits, and for a hand not ready what `shanten` and `accepts`
    /// need (worked out when read).
    report: WaitReport,
    /// The variant the report was made under (the caller's object, shared: no copy of its
    /// rules per answer); `None` for the default rules.
    variant: Option<Py<PyVariant>>,
}

impl PyWaits {
    /// The rules the hand is read under.
    fn rules(&self) -> &Variant {
        self.variant
            .as_ref()
            .map_or(&*twmj_core::TAIWAN, |var| &var.get().0)
    }
}

#[pymethods]
impl PyWaits {
    /// 0 when ready, else the tiles still to exchange.
    #[getter]
    fn shanten(&self) -> i8 {
        self.report.shanten(self.rules())
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
        Ok(wait_tuple(py, self.report.waits())?)
    }

    /// Kinds whose draw lowers the shanten (進張), with unseen copies; the waits when ready.
    #[getter]
    #[guarded]
    fn accepts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        Ok(accept_tuple(py, &self.report.accepts(self.rules())?)?)
    }

    /// The waited tiles in order.
    #[getter]
    fn tiles(&self) -> Vec<String> {
        self.report.waits().iter().map(|w| w.tile.code()).collect()
    }

    fn __len__(&self) -> usize {
        self.report.waits().len()
    }

    /// The answer as JSON-ready data: the core's fields (`twmj_core::answer::WaitsAnswer`),
    /// what `twmj.data.waits_data` returns.
    #[guarded]
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        convert::to_py(py, &WaitsAnswer::of(&self.report, self.rules())?)
    }

    fn __repr__(&self) -> String {
        format!(
            "Waits(shanten={}, tiles={})",
            self.shanten(),
            py_list(&self.tiles())
        )
    }
}

/// The answer of the common call, one hand alone (bytes or notation) under the default
/// rules, read from its counts without the general conversion ([`WaitReport::of_counts`],
/// [`WaitReport::of_tiles`]). `None` when the core does not read the hand that way: the
/// general path then answers or names what is wrong.
#[inline]
fn common_answer<'py>(hand: &Bound<'py, PyAny>) -> Option<Result<Bound<'py, PyWaits>, PyErr>> {
    let rules = &*twmj_core::TAIWAN;
    let report = match convert::default_input(hand)? {
        DefaultInput::Counts(c) => WaitReport::of_counts(c, rules)?,
        DefaultInput::Tiles(t) => WaitReport::of_tiles(&t, rules)?,
    };
    // The answer object is made here, the report moved once into it (each copy of the
    // freshly written list through the frames between cost a store-forwarding stall).
    Some(Bound::new(
        hand.py(),
        PyWaits {
            report,
            variant: None,
        },
    ))
}

/// Waits of a 16 − 3k hand with shapes and copies left; `visible` are other tiles in view.
/// With a `variant` whose rule text admits special shapes (`improved16`: 瀝咕瀝咕, 十三么),
/// their waits are added; without one (or under taiwan) only five sets and a pair count.
#[pyfunction]
#[pyo3(signature = (hand, melds=None, visible=None, variant=None))]
#[guarded]
pub fn waits<'py>(
    hand: &Bound<'py, PyAny>,
    melds: Option<&Bound<'py, PyAny>>,
    visible: Option<&Bound<'py, PyAny>>,
    variant: Option<PyRef<'py, PyVariant>>,
) -> PyResult<Bound<'py, PyWaits>> {
    if melds.is_none() && visible.is_none() && variant.is_none() {
        if let Some(answer) = common_answer(hand) {
            return Ok(answer?);
        }
    }
    let rules = rules_of(variant.as_deref());
    let h = convert::hand(hand, melds, Form::Waiting, rules)?;
    let v = convert::visible(visible, rules)?;
    let report = twmj_core::wait_report(h, v, rules).map_err(|e| e.at("hand"))?;
    let answer = PyWaits {
        report,
        variant: variant.map(Into::into),
    };
    Ok(Bound::new(hand.py(), answer)?)
}

/// The waits of a 16 − 3k hand as a bitmask (bit i = tile kind i), without shapes.
#[pyfunction]
#[pyo3(signature = (hand, melds=None))]
#[guarded]
pub fn wait_mask(hand: &Bound<'_, PyAny>, melds: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    if melds.is_none() {
        if let Some(h) = convert::default_hand(hand, Form::Waiting) {
            return Ok(core_waits::hand_wait_mask(&h));
        }
    }
    let h = convert::hand(hand, melds, Form::Waiting, &twmj_core::TAIWAN)?;
    Ok(core_waits::hand_wait_mask(&h))
}
