//! `twmj.waits`, `twmj.wait_mask`, and the `Wait` / `Waits` results.

use std::sync::OnceLock;

use pyo3::prelude::*;
use pyo3::types::PyTuple;
use twmj_core::hand::{Form, Hand};
use twmj_core::waits as core_waits;
use twmj_core::waits::{Shape, Wait, WaitList};
use twmj_core::{Accept, Counts, Variant, KINDS};
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
    waits: &WaitList,
) -> Result<Bound<'py, PyTuple>, PyErr> {
    let items = waits
        .iter()
        .map(|w| Bound::new(py, PyWait(w)))
        .collect::<Result<Vec<_>, PyErr>>()?;
    PyTuple::new(py, items)
}

/// A not-ready hand as `Waits.shanten` and `Waits.accepts` need it: the hand, the visible
/// tiles, the variant (the caller's object, shared: no copy of its rules per answer); and
/// those two answers once read (most callers only ask for the waits, and for a random hand
/// the shanten costs more than the waits, the accepts more again).
struct Pending {
    hand: Hand,
    visible: Counts,
    variant: Option<Py<PyVariant>>,
    shanten: OnceLock<i8>,
    accepts: OnceLock<Vec<Accept>>,
}

impl Pending {
    /// A not-ready hand's state, neither answer read yet.
    fn of(hand: Hand, visible: Counts, variant: Option<Py<PyVariant>>) -> Box<Pending> {
        Box::new(Pending {
            hand,
            visible,
            variant,
            shanten: OnceLock::new(),
            accepts: OnceLock::new(),
        })
    }

    /// The rules the hand is read under.
    fn rules(&self) -> &Variant {
        self.variant
            .as_ref()
            .map_or(&*twmj_core::TAIWAN, |var| &var.get().0)
    }
}

/// The answer to "what are my waits": shanten, whether ready, and the waits.
#[pyclass(name = "Waits", module = "twmj", frozen)]
pub struct PyWaits {
    /// The waits in tile order; empty when the hand is not ready.
    waits: WaitList,
    /// For a hand that is not ready, what `shanten` and `accepts` need. Boxed: the answer
    /// for a ready hand stays small to build, move and free.
    pending: Option<Box<Pending>>,
}

#[pymethods]
impl PyWaits {
    /// 0 when ready, else the tiles still to exchange.
    #[getter]
    fn shanten(&self) -> i8 {
        match &self.pending {
            None => 0,
            Some(p) => *p
                .shanten
                .get_or_init(|| twmj_core::unready_shanten(&p.hand, p.rules())),
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
        let Some(p) = &self.pending else {
            return Ok(accept_tuple(py, &twmj_core::ready_accepts(&self.waits))?);
        };
        let accepts = if let Some(a) = p.accepts.get() {
            a
        } else {
            let computed = twmj_core::accepts(&p.hand, &p.visible, p.rules())?;
            p.accepts.get_or_init(|| computed)
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

/// `twmj.waits`'s answer from the hand's waits (or the error finding them), the hand, the
/// visible tiles and the variant.
fn answer(
    waits: twmj_core::Result<WaitList>,
    hand: Hand,
    visible: Counts,
    variant: Option<Py<PyVariant>>,
) -> PyResult<PyWaits> {
    let waits = waits.map_err(|e| e.at("hand"))?;
    // Not ready: how far, and the draws that bring it closer, are worked out when read.
    let pending = waits
        .is_empty()
        .then(|| Pending::of(hand, visible, variant));
    Ok(PyWaits { waits, pending })
}

/// The answer of the common call, one hand alone (bytes or notation) under the default
/// rules, read from its counts without the general conversion: the counts checked in place
/// and the waits read from them, the [`Hand`] built only when there is none (for `shanten`
/// and `accepts`). `None` when the hand is neither, holds flowers (kept with the hand in the
/// general reading), or is not a 16 − 3k hand there: the general path then answers or names
/// what is wrong.
#[inline]
fn common_answer<'py>(hand: &Bound<'py, PyAny>) -> Option<Result<Bound<'py, PyWaits>, PyErr>> {
    let rules = &*twmj_core::TAIWAN;
    if !twmj_core::counts_alone(rules) {
        return None;
    }
    let tiles;
    let counts = match convert::default_input(hand)? {
        DefaultInput::Counts(c) => c,
        DefaultInput::Tiles(t) => {
            if t.flowers != 0 {
                return None;
            }
            tiles = t;
            &tiles.counts[..]
        }
    };
    let c = Hand::fit_counts(counts, Form::Waiting, rules.hand_size)?;
    let waits = twmj_core::counts_waits(c);
    // The answer object is made here, the waits moved once into it (each copy of the
    // freshly written list through the frames between cost a store-forwarding stall).
    let pending = if waits.is_empty() {
        Some(Pending::of(
            Hand::of_counts(c, Form::Waiting, rules.hand_size)?,
            [0; KINDS],
            None,
        ))
    } else {
        None
    };
    Some(Bound::new(hand.py(), PyWaits { waits, pending }))
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
    let v = convert::visible(visible)?;
    let answer = answer(
        twmj_core::waits(&h, &v, rules),
        h,
        v,
        variant.map(Into::into),
    )?;
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
