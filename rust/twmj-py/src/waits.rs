//! `twmj.waits`, `twmj.wait_mask`, and the `Wait` / `Waits` results.

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString, PyTuple};
use twmj_core::hand::{Form, Hand};
use twmj_core::waits as core_waits;
use twmj_core::waits::{Shape, Wait, WaitList};
use twmj_core::{Accept, Counts, Variant, KINDS};
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

/// A not-ready hand as `Waits.shanten` and `Waits.accepts` need it: the hand, the visible
/// tiles, the variant (the caller's object, shared: no copy of its rules per answer).
type Pending = (twmj_core::Hand, twmj_core::Counts, Option<Py<PyVariant>>);

/// The answer to "what are my waits": shanten, whether ready, and the waits.
#[pyclass(name = "Waits", module = "twmj", frozen)]
pub struct PyWaits {
    /// The waits in tile order; empty when the hand is not ready.
    waits: WaitList,
    /// For a hand that is not ready, what `shanten` and `accepts` need; they are computed on
    /// first read (most callers only ask for the waits, and for a random hand the shanten
    /// costs more than the waits, the accepts more again).
    pending: Option<Pending>,
    shanten: OnceLock<i8>,
    accepts: OnceLock<Vec<Accept>>,
}

impl PyWaits {
    /// The rules a pending hand is read under.
    fn rules(var: Option<&Py<PyVariant>>) -> &Variant {
        var.map_or(&*twmj_core::TAIWAN, |var| &var.get().0)
    }
}

#[pymethods]
impl PyWaits {
    /// 0 when ready, else the tiles still to exchange.
    #[getter]
    fn shanten(&self) -> i8 {
        match &self.pending {
            None => 0,
            Some((h, _, var)) => *self
                .shanten
                .get_or_init(|| twmj_core::unready_shanten(h, Self::rules(var.as_ref()))),
        }
    }

    /// True when the hand has at least one wait.
    #[getter]
    fn tenpai(&self) -> bool {
        !self.waits.is_empty()
    }

    /// The waits in tile order.
    #[getter]
    #[guarded]
    fn waits<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        Ok(wait_tuple(py, &self.waits)?)
    }

    /// Kinds whose draw lowers the shanten (進張), with unseen copies; the waits when ready.
    #[getter]
    #[guarded]
    fn accepts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let accepts = if let Some(a) = self.accepts.get() {
            a
        } else {
            let computed = match &self.pending {
                Some((h, v, var)) => twmj_core::accepts(h, v, Self::rules(var.as_ref()))?,
                None => twmj_core::ready_accepts(&self.waits),
            };
            self.accepts.get_or_init(|| computed)
        };
        Ok(accept_tuple(py, accepts)?)
    }

    /// The waited tiles in order.
    #[getter]
    fn tiles(&self) -> Vec<String> {
        self.waits.iter().map(|w| w.tile.code()).collect()
    }

    fn __len__(&self) -> usize {
        self.waits.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Waits(shanten={}, tiles={})",
            self.shanten(),
            py_list(&self.tiles())
        )
    }
}

/// The waits of a validated hand under `variant` (the default rules without one), as
/// `twmj.waits` answers them.
fn answer(h: Hand, visible: Counts, variant: Option<Py<PyVariant>>) -> PyResult<PyWaits> {
    let rules = PyWaits::rules(variant.as_ref());
    let waits = twmj_core::waits(&h, &visible, rules).map_err(|e| e.at("hand"))?;
    // Not ready: how far, and the draws that bring it closer, are worked out when read.
    let pending = waits.is_empty().then_some((h, visible, variant));
    Ok(PyWaits {
        waits,
        pending,
        shanten: OnceLock::new(),
        accepts: OnceLock::new(),
    })
}

/// The hand of the common call, one hand alone under the default rules, read without the
/// general conversion; `None` when it is not a 16 − 3k hand there (the general path then
/// names what is wrong).
fn default_hand(hand: &Bound<'_, PyAny>) -> Option<Hand> {
    let size = twmj_core::TAIWAN.hand_size;
    if let Ok(b) = hand.cast::<PyBytes>() {
        return Hand::of_counts(b.as_bytes(), Form::Waiting, size);
    }
    let s = hand.cast::<PyString>().ok()?.to_str().ok()?;
    let tiles = twmj_core::TAIWAN.parse(s).ok()?;
    Hand::new(tiles, Vec::new(), Form::Waiting, size).ok()
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
    if melds.is_none() && visible.is_none() && variant.is_none() {
        if let Some(h) = default_hand(hand) {
            return answer(h, [0; KINDS], None);
        }
    }
    let h = convert::hand(hand, melds, Form::Waiting, rules_of(variant.as_deref()))?;
    let v = convert::visible(visible)?;
    answer(h, v, variant.map(Into::into))
}

/// The waits of a 16 − 3k hand as a bitmask (bit i = tile kind i), without shapes.
#[pyfunction]
#[pyo3(signature = (hand, melds=None))]
#[guarded]
pub fn wait_mask(hand: &Bound<'_, PyAny>, melds: Option<&Bound<'_, PyAny>>) -> PyResult<u64> {
    let h = convert::hand(hand, melds, Form::Waiting, &twmj_core::TAIWAN)?;
    Ok(core_waits::hand_wait_mask(&h))
}
